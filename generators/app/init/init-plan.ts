/**
 * What one run of the generator is asked to do, and the plan it follows: the request made by a
 * front end (`pipecat init`'s yargs handler, or `yo pipecat`'s options), the one place where the
 * project folder is resolved from `DIRECTORY` / `--output` and the project name, the destination
 * check, the `--dry-run` document, and the commit that keeps or replaces existing agent guides.
 *
 * No Yeoman here: {@link planInit} runs once per `pipecat init`: before Yeoman starts when nothing
 * is asked (so bad input and `--dry-run` never load Yeoman; the plan is handed to the generator),
 * else in the generator's configuring phase. {@link initStepCounts} counts the resolves and plans
 * (`PIPECAT_DEBUG_RUNS` prints each on stderr), so a test can tell a second one.
 *
 * In-place init and the agent guides follow pipecat's `pipecat init` (pipecat-ai/pipecat 1.8.0, commit
 * acead05: `src/pipecat/cli/commands/init.py`, `src/pipecat/cli/agent_templates/`).
 */
import { lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { deriveValues, resolveConfig, type ConfigLayer } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { buildContext } from '../render/context.js';
import { DestinationError, destinationProblem, inPlaceProblem } from '../staging/destination.js';
import { GUIDE_FILES, planFiles } from '../render/files.js';
import { sweepBeside, type Staging } from '../staging/staging.js';
import { writeStderr } from '../output/sinks.js';

/** What a front end asks one generator run to do (everything already parsed, nothing resolved). */
export interface InitRequest {
  /** Configuration values given as flags (or `yo pipecat` options), by config key. */
  flags: ConfigLayer;
  /** The config file's layer (`--config`), already read. */
  config?: ConfigLayer;
  /** `pipecat init DIRECTORY`: the project is this folder itself (relative to `cwd`). */
  directory?: string;
  /** `--output`: the folder the project folder `<name>` is created in (relative to `cwd`). */
  output?: string;
  /** Absolute folder the command runs in (relative paths and the next steps start there). */
  cwd: string;
  /** Ask what the flags and config do not give (the wizard, the generator's prompting phase). */
  wizard: boolean;
  /** `--dry-run`: print the plan as JSON, write nothing. */
  dryRun: boolean;
  /** `--overwrite-guide`: replace existing agent guides in an in-place target. */
  overwriteGuide: boolean;
  /** `--yes`/`-y`: generate without asking the wizard's final "Generate this project?". */
  yes?: boolean;
  /** `--coding-agent`: the agent guides only, no bot (`./core.ts`'s `planGuidesOnly`). */
  codingAgent?: boolean;
  /**
   * The plan of this request, when the front end made it already (our CLI, when nothing is asked:
   * so bad input and `--dry-run` never load Yeoman). The generator takes it instead of planning
   * again (`./core.ts`'s `planOnce`): one plan per init either way.
   */
  plan?: CorePlan;
  /**
   * Called once the project is in place (after the commit, before the next steps): our CLI then
   * says "stopped after writing …", not "nothing was written", if a signal comes later.
   *
   * @param target absolute project folder
   */
  onCommitted?: (target: string) => void;
}

/**
 * The plan of `--coding-agent` (the anchor's "build with a coding agent" path): only `AGENTS.md`,
 * `CLAUDE.md` and `GETTING_STARTED.md`, no bot and no service questions.
 */
export interface GuidesPlan {
  /** The project (folder) name shown in the guides. */
  name: string;
  /** Where the guides go. */
  dest: Destination;
  /** The guides already there (always looked for: the folder may exist) and `--overwrite-guide`. */
  guides: GuidePlan;
}

/** What the core carries out: a whole project ({@link InitPlan}) or the guides only ({@link GuidesPlan}). */
export type CorePlan = InitPlan | GuidesPlan;

/** The steps of an init that {@link countStep} counts. */
type InitStep = 'resolve' | 'plan';

const stepCounts: Record<InitStep, number> = { resolve: 0, plan: 0 };

/**
 * Count one step of an init; with `PIPECAT_DEBUG_RUNS` set, say so on stderr
 * (`pipecat: debug: resolve N`, `pipecat: debug: plan N`), as `../run.ts` does for generator runs.
 *
 * @param step the step that just succeeded
 */
export function countStep(step: InitStep): void {
  stepCounts[step] += 1;
  if (process.env.PIPECAT_DEBUG_RUNS) writeStderr(`pipecat: debug: ${step} ${stepCounts[step]}\n`);
}

/**
 * How many configurations this process resolved and how many runs it planned (each counted once
 * it succeeded: a check that fails ends the run, or hands it to the wizard).
 *
 * @returns a copy of the counts since the process started
 */
export function initStepCounts(): Record<InitStep, number> {
  return { ...stepCounts };
}

/** Where a project goes: `<output>/<name>`, or a folder given as `pipecat init DIR` (in place). */
interface Destination {
  /** Absolute project folder. */
  target: string;
  /** `pipecat init DIR`: the files go into `target` itself, which may hold other files. */
  inPlace: boolean;
}

/**
 * The absolute folder a project folder `<name>` is created in: `--output`, default the command's
 * folder. For an in-place request, the folder holding `DIRECTORY`.
 *
 * @param req the request
 * @throws DestinationError (exit 2) for an empty `--output` (`-o ''`, e.g. an unset shell variable):
 *   it is not taken as the current folder
 */
export function outputFolderOf(req: Pick<InitRequest, 'directory' | 'output' | 'cwd'>): string {
  if (typeof req.directory === 'string' && req.directory !== '') return dirname(resolve(req.cwd, req.directory));
  if (req.output === '') throw new DestinationError('--output is empty: give a folder path, or leave --output out for the current folder');
  return resolve(req.cwd, req.output ?? '.');
}

/**
 * The destination of a run: `DIRECTORY` itself (in place), else `<output>/<name>`. The one place
 * the project folder is resolved (the CLI, the wizard's summary and the generator ask here).
 *
 * @param req the request (`directory`, `output`, `cwd`)
 * @param projectName the resolved project name
 */
export function destinationOf(req: Pick<InitRequest, 'directory' | 'output' | 'cwd'>, projectName: string): Destination {
  if (typeof req.directory === 'string' && req.directory !== '') return { target: resolve(req.cwd, req.directory), inPlace: true };
  return { target: join(outputFolderOf(req), projectName), inPlace: false };
}

/** Agent guides that already exist in an in-place target, and what to do with them. */
interface GuidePlan {
  /** Top-level guide names present in the target. */
  existing: string[];
  /** `--overwrite-guide`: replace them; else they are kept and the staged copies dropped. */
  overwrite: boolean;
}

/**
 * The guide plan of a destination: which of {@link GUIDE_FILES} exist there (none unless in place).
 *
 * @param dest where the files go
 * @param overwrite whether `--overwrite-guide` was given
 */
export function guidePlan(dest: Destination, overwrite: boolean): GuidePlan {
  const existing = GUIDE_FILES.filter((g) => {
    try {
      lstatSync(join(dest.target, g));
      return true;
    } catch {
      return false;
    }
  });
  return { existing: dest.inPlace ? existing : [], overwrite };
}

/** The plan of one run: the configuration, where it goes, and the guides there. */
export interface InitPlan {
  /** The resolved configuration. */
  config: ProjectConfig;
  /** The project folder. */
  dest: Destination;
  /** Existing agent guides (in place) and whether they are replaced. */
  guides: GuidePlan;
}

/**
 * The configuration of a request: the one resolver over the config file and flags layers (the
 * wizard passes its given values and answers as the flags layer). Counted ({@link countStep}).
 *
 * @param req the request
 * @throws ConfigError (exit 2) naming every invalid key
 */
export function resolveRequest(req: Pick<InitRequest, 'flags' | 'config'>): ProjectConfig {
  const config = resolveConfig({ config: req.config, flags: req.flags });
  countStep('resolve');
  return config;
}

/**
 * Plan a run: resolve the destination, remove what killed runs left beside it (so it is not
 * mistaken for the user's files), and check that it can take the project: for `<output>/<name>`,
 * an `<output>` that is a folder and a `<name>` that is missing or empty; in place, no generated
 * project and no entry the project would write (rules in `./destination.ts`).
 *
 * @param req the request
 * @param config the resolved configuration
 * @returns the plan
 * @throws DestinationError (exit 2) naming the path; nothing is touched
 */
export function planInit(req: InitRequest, config: ProjectConfig): InitPlan {
  const dest = destinationOf(req, config.project_name);
  sweepBeside(dest.target);
  const guides = guidePlan(dest, req.overwriteGuide);
  const planned = planFiles(buildContext(config)).map((f) => f.to);
  const problem = dest.inPlace
    ? inPlaceProblem(dest.target, planned, guides.existing)
    : destinationProblem(dirname(dest.target), dest.target);
  if (problem) throw new DestinationError(problem);
  countStep('plan');
  return { config, dest, guides };
}

/**
 * The `--dry-run` document: the configuration (same keys as the config file, canonical ids) and,
 * under `derived`, what would be written. Feeding it back through `--config` gives the same
 * configuration (`derived` is ignored on input).
 *
 * @param config resolved configuration
 * @param target absolute project folder
 * @param kept the user's guides the run keeps ({@link keptGuides}): not listed as written
 */
export function dryRunDocument(config: ProjectConfig, target: string, kept: readonly string[] = []): Record<string, unknown> {
  const ctx = buildContext(config);
  return {
    ...config,
    derived: {
      ...deriveValues(config),
      output_dir: target,
      python: ctx.requiresPython,
      pipecat_requirement: ctx.pipecatRequirement,
      env_vars: ctx.envGroups.flatMap((g) => g.vars.filter((v) => !v.commented).map((v) => v.name)),
      files: planFiles(ctx)
        .map((f) => f.to)
        .filter((f) => !kept.includes(f)),
    },
  };
}

/**
 * The agent guides an in-place run keeps as the user's: those that exist in the target, unless
 * `--overwrite-guide`. They are not staged (so neither a `create` line nor a base copy names them:
 * `pipecat update` then leaves them alone, `update/plan.ts`).
 *
 * @param guides the guide plan of the destination
 * @returns top-level file names
 */
export function keptGuides(guides: GuidePlan): readonly string[] {
  return guides.overwrite ? [] : guides.existing;
}

/**
 * Commit a staging folder (staged without the {@link keptGuides}), replacing with
 * `--overwrite-guide` the guides that exist in the target, and say which were kept.
 *
 * @param staging the staged project
 * @param guides the guide plan of its destination
 * @param note where the "kept your AGENTS.md …" line goes (stderr in our CLI)
 * @throws StagingError when the commit fails (everything is undone)
 */
export function commitWithGuides(staging: Staging, guides: GuidePlan, note: (text: string) => void): void {
  staging.commit(guides.overwrite ? guides.existing : []);
  const kept = keptGuides(guides).filter((g) => GUIDE_FILES.includes(g));
  if (kept.length) note(`kept your ${kept.join(', ')} (--overwrite-guide replaces ${kept.length > 1 ? 'them' : 'it'} with ours)\n`);
}
