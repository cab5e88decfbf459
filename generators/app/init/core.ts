/**
 * The init core: what one `pipecat init` (flags, config file, wizard, in place, `--coding-agent`)
 * or one `yo pipecat` outside a project does, as steps called once each, in order:
 *
 * (ask: {@link askProject}) → resolve → plan ({@link planRequest}, {@link planGuidesOnly}) → render the file table
 * ({@link renderPlan}) → stage ({@link stagePlan}) → commit ({@link commitPlan}) → next steps
 * ({@link nextStepsText}); or, with `--dry-run`, the plan as JSON ({@link dryRunText}).
 *
 * The generator's phases call these steps (`../index.ts`: configuring plans, writing stages
 * through mem-fs, end commits). `pipecat init` without the wizard plans before Yeoman starts and
 * the request carries the plan to the generator, which does not make it again ({@link planOnce});
 * `--coding-agent` needs no Yeoman at all and runs the same steps in one call ({@link carryOut}). In-place init is the plan's
 * destination (`Destination.inPlace`), not another path.
 *
 * One core, so `pipecat init`, `yo pipecat` and `--coding-agent` cannot drift apart; in-place init and
 * `--coding-agent` follow pipecat's `pipecat init` (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/cli/commands/init.py`).
 */
import { join, relative, resolve } from 'node:path';
import { UserError } from '../config/errors.js';
import type { ProjectConfig } from '../config/types.js';
import { renderFiles, renderGuidesOnly, type RenderedFile } from '../render/render.js';
import { destinationProblem, inPlaceProblem } from '../staging/destination.js';
import { beginStaging, sweepBeside, type Staging } from '../staging/staging.js';
import { schemaProblem } from '../wizard/questions.js';
import { askWizard, type AskFunction } from '../wizard/wizard.js';
import {
  commitWithGuides,
  countStep,
  destinationOf,
  dryRunDocument,
  guidePlan,
  keptGuides,
  outputFolderOf,
  planInit,
  resolveRequest,
  type CorePlan,
  type GuidesPlan,
  type InitPlan,
  type InitRequest,
} from './init-plan.js';
import { nextSteps } from './next-steps.js';
import { selfCommand } from './self-command.js';

/** Whether a plan is a whole project (it has a resolved configuration). */
export function isProject(plan: CorePlan): plan is InitPlan {
  return 'config' in plan;
}

/**
 * Ask what the request does not give (the wizard: every missing answer, a summary, the
 * confirmation, then on a terminal the install offer); the summary's configuration is resolved
 * here, once, and is the one planned.
 *
 * @param req the request (its flags skip their questions)
 * @param io how to ask one question (the host's adapter), to log the summary, and whether to
 *   offer installing the dependencies
 * @returns the confirmed configuration, and whether the install offer was accepted
 * @throws ConfigError (exit 2) for invalid flags; WizardCancelledError (exit 130) when declined;
 *   whatever `ask` throws on Ctrl-C or Esc
 */
export async function askProject(
  req: InitRequest,
  io: { ask: AskFunction; log: (text: string) => void; offerInstall?: boolean },
): Promise<{ config: ProjectConfig; install: boolean }> {
  return askWizard({
    given: req.flags,
    output: outputFolderOf(req),
    target: (name) => destinationOf(req, name).target,
    resolve: (layer) => resolveRequest({ flags: layer }),
    yes: req.yes,
    offerInstall: io.offerInstall,
    ask: io.ask,
    log: io.log,
  });
}

/**
 * Resolve (unless the wizard already did) and plan a project.
 *
 * @param req the request (its flags and config file's layer)
 * @param resolved the configuration when already resolved: the wizard's (through its `resolve`,
 *   {@link resolveRequest}), or {@link resolvedOrMissing}'s
 * @returns the plan
 * @throws ConfigError or DestinationError (exit 2); nothing is written
 */
function planRequest(req: InitRequest, resolved?: ProjectConfig): InitPlan {
  return planInit(req, resolved ?? resolveRequest({ flags: req.flags, config: req.config }));
}

/**
 * The plan of a request, made once: the one the front end made already (`req.plan`), else the
 * guides' ({@link planGuidesOnly}) or the project's ({@link planRequest}). The generator's
 * configuring phase calls this whatever the front end.
 *
 * @param req the request
 * @param asked the wizard's confirmed configuration, if it asked
 * @throws as {@link planRequest} and {@link planGuidesOnly} do
 */
export function planOnce(req: InitRequest, asked?: ProjectConfig): CorePlan {
  return req.plan ?? (req.codingAgent ? planGuidesOnly(req) : planRequest(req, asked));
}

/**
 * Resolve and plan `--coding-agent`: the name (from `--name`, the config file or `DIRECTORY`) and
 * where the guides go. An existing generated project there is no obstacle (its `.yo-rc.json`).
 *
 * @param req the request
 * @throws UserError (exit 2) without a name, for an invalid one, or when the destination cannot
 *   take the guides
 */
function planGuidesOnly(req: InitRequest): GuidesPlan {
  const name = (req.flags.project_name ?? req.config?.project_name) as string | undefined;
  if (typeof name !== 'string') throw new UserError('--coding-agent needs a folder: `pipecat init DIR --coding-agent` (or --name NAME)');
  const bad = schemaProblem('project_name', name);
  if (bad) throw new UserError(`--name: ${bad}`);
  countStep('resolve');
  const dest = destinationOf(req, name);
  sweepBeside(dest.target);
  const problem = dest.inPlace ? inPlaceProblem(dest.target, [], []) : destinationProblem(resolve(dest.target, '..'), dest.target);
  if (problem && !problem.includes('.yo-rc.json')) throw new UserError(problem);
  countStep('plan');
  return { name, dest, guides: guidePlan({ ...dest, inPlace: true }, req.overwriteGuide) };
}

/**
 * The file table of a plan, rendered in memory, without the user's guides the run keeps.
 *
 * @param plan what to write
 * @returns files in writing order, paths relative to the project folder
 */
function renderPlan(plan: CorePlan): RenderedFile[] {
  const kept = keptGuides(plan.guides);
  const files = isProject(plan) ? renderFiles(plan.config) : renderGuidesOnly(plan.name);
  return files.filter((f) => !kept.includes(f.path));
}

/**
 * The `--dry-run` output of a plan: the configuration and what would be written (a project,
 * `./init-plan.ts`'s `dryRunDocument`), or the guides' names.
 *
 * @param plan the plan
 * @returns pretty JSON ending with a newline
 */
export function dryRunText(plan: CorePlan): string {
  const doc = isProject(plan)
    ? dryRunDocument(plan.config, plan.dest.target, keptGuides(plan.guides))
    : {
        project_name: plan.name,
        coding_agent: true,
        derived: { output_dir: plan.dest.target, files: renderPlan(plan).map((f) => f.path) },
      };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** How {@link stagePlan} writes. */
interface StageOptions {
  /** Receives the staging handle as soon as it exists (the generator's runner aborts it on failure). */
  onStaging?: (staging: Staging) => void;
  /**
   * Writes one file at an absolute path inside the staging folder (the generator: mem-fs, which
   * writes them out after the writing phase); default: straight to disk.
   */
  write?: (path: string, contents: RenderedFile['contents']) => void;
  /** Writes what goes beside the files (a project: `update/base.ts`'s base copies). */
  beside?: (dir: string, files: readonly RenderedFile[]) => void;
}

/**
 * Stage a plan: start a staging folder for its destination (`../staging/staging.ts`: journaled,
 * undone on a signal), render the file table and write it there.
 *
 * @param plan what to write
 * @param opts how to write
 * @returns the staging handle, to {@link commitPlan}
 * @throws StagingError when the destination refuses the staging folder; a render error (a bug)
 *   after undoing the staging
 */
export function stagePlan(plan: CorePlan, opts: StageOptions = {}): Staging {
  const staging = beginStaging(plan.dest.target, { sweep: false }); // planned just before, which swept
  opts.onStaging?.(staging);
  try {
    const files = renderPlan(plan);
    for (const f of files) {
      if (opts.write) opts.write(join(staging.dir, f.path), f.contents);
      else staging.write(f.path, f.contents);
    }
    opts.beside?.(staging.dir, files);
  } catch (err) {
    staging.abort();
    throw err;
  }
  return staging;
}

/**
 * Commit a staged plan into place (replacing existing guides with `--overwrite-guide`, else
 * saying which were kept), then tell the request it is whole.
 *
 * @param plan the plan staged
 * @param staging its staging
 * @param req the request (`onCommitted`)
 * @param note where the "kept your AGENTS.md …" line goes
 * @throws StagingError when the commit fails (everything is undone)
 */
export function commitPlan(plan: CorePlan, staging: Staging, req: InitRequest, note: (text: string) => void): void {
  commitWithGuides(staging, plan.guides, note);
  req.onCommitted?.(plan.dest.target);
}

/**
 * What to do next, printed after the commit: a project's next steps (`./next-steps.ts`), or for
 * the guides only, where to read how to prompt the agent.
 *
 * @param plan the plan committed
 * @param req the request (`cwd`: paths are shown relative to it)
 * @param installed folders the install offer installed (their install commands are left out)
 * @returns lines ending with a newline
 */
export function nextStepsText(plan: CorePlan, req: InitRequest, installed: readonly string[] = []): string {
  if (isProject(plan)) return nextSteps(plan.config, plan.dest.target, req.cwd, selfCommand(), installed);
  const rel = relative(req.cwd, plan.dest.target) || '.';
  return [
    `Set up ${plan.name} for building with a coding agent in ${rel === '.' ? 'the current directory' : rel}.`,
    '',
    `Read ${rel === '.' ? '' : `${rel}/`}GETTING_STARTED.md for how to prompt your agent, then open a coding session ${rel === '.' ? 'here' : `in ${rel}`}.`,
    '',
  ].join('\n');
}

/**
 * The steps after the plan in one call, without Yeoman (`--coding-agent`: the generator's writing
 * and end phases would do the same, after loading Yeoman): stage, commit and print the next steps.
 *
 * @param plan the plan
 * @param req the request (`cwd`, `onCommitted`)
 * @param io `out` for results (stdout), `note` for notes (stderr)
 * @throws StagingError when the file system refuses (nothing is left behind)
 */
export function carryOut(plan: CorePlan, req: InitRequest, io: { out: (text: string) => void; note: (text: string) => void }): void {
  const staging = stagePlan(plan);
  try {
    commitPlan(plan, staging, req, io.note);
  } catch (err) {
    staging.abort();
    throw err;
  }
  io.out(nextStepsText(plan, req));
}

/**
 * The configuration values given on their own resolve to, or undefined when they leave something
 * for the wizard to ask (`pipecat init DIR` on a terminal asks only then).
 *
 * @param req the request's layers
 */
export function resolvedOrMissing(req: Pick<InitRequest, 'flags' | 'config'>): ProjectConfig | undefined {
  try {
    return resolveRequest(req);
  } catch {
    return undefined;
  }
}
