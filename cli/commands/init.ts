/**
 * `pipecat init`: scaffold a Pipecat bot project from flags, a JSON config file, or the wizard.
 *
 * A thin front end: it parses the command line (yargs), reads the config file, decides whether
 * the wizard asks what is missing, and hands one {@link InitRequest} to one run of the Yeoman
 * generator (`generators/app/run.ts`), whose phases ask, resolve (the one resolver), plan the
 * project folder (`generators/app/init/init-plan.ts`), write the file table into a staging folder and
 * commit it (`generators/app/staging/staging.ts`). Without the wizard the plan is checked first, so bad
 * input and `--dry-run` never load Yeoman; `--help` and `--list-options` never do either.
 *
 * The handler receives its collaborators ({@link InitIO}: output sinks, terminal, prompt adapter,
 * generator runner), so it runs in a test without the binary.
 *
 * Exit codes (docs/exit-codes.md): 0 written (or dry run / list printed), 2 invalid input or a
 * destination that refuses the project (nothing written), 1 another failure (nothing left behind),
 * 130 / 143 / 129 stopped by SIGINT (or the
 * wizard cancelled) / SIGTERM / SIGHUP (nothing written).
 */
import { basename, relative, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { readConfigFile, resolveConfig, type ConfigLayer } from '../../generators/app/config/resolve.js';
import type { Destination, InitRequest } from '../../generators/app/init/init-plan.js';
import type { GeneratorRun } from '../../generators/app/run.js';
import { schemaProblem } from '../../generators/app/wizard/questions.js';
import { CancelledError, UserError, pendingUsageProblems } from '../errors.js';
import { builder, flagsLayer, listOptions, type InitArgs } from './init-options.js';
import { checkBooleanValues, checkDashValues, checkEmptyValues } from './value-checks.js';

export { checkBooleanValues, checkDashValues, checkEmptyValues, flagsLayer, listOptions, type InitArgs };
import { setStopContext } from '../interrupts.js';
import { yeomanHomeProblem } from '../yeoman-home.js';
import { ConfigError } from '../../generators/app/config/resolve.js';

/**
 * The collaborators of `pipecat init`'s handler. The binary passes the process's
 * ({@link processInitIO}); a test passes its own.
 */
export interface InitIO {
  /** Results: `--list-options` and `--dry-run` JSON, the next steps (the binary: stdout). */
  out: (text: string) => void;
  /** Notes for the user, e.g. kept agent guides (the binary: stderr). */
  err: (text: string) => void;
  /** Whether the wizard can ask (the binary: stdin and stdout are terminals). */
  interactive: boolean;
  /** The command line as typed, after the executable (checks yargs cannot make). */
  rawArgs: readonly string[];
  /** Absolute folder relative paths start from. */
  cwd: string;
  /** Builds the wizard's prompt adapter; called only when the wizard runs. */
  promptAdapter: () => Promise<unknown>;
  /** Runs the generator once (the binary: `generators/app/run.ts`, imported when needed). */
  runGenerator: (run: GeneratorRun) => Promise<void>;
}

/**
 * The collaborators of the binary: the process's streams, terminal, arguments and folder; the
 * wizard's `prompts` adapter and the Yeoman run, both imported only when used.
 *
 * @returns a fresh {@link InitIO}
 */
export function processInitIO(): InitIO {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    interactive: !!(process.stdin.isTTY && process.stdout.isTTY),
    rawArgs: process.argv.slice(2),
    cwd: process.cwd(),
    promptAdapter: async () => (await import('../wizard-entry.js')).wizardAdapter(),
    runGenerator: async (run) => (await import('../../generators/app/run.js')).runPipecatGenerator(run),
  };
}

/**
 * For `pipecat init DIR`: refuse DIR with `--output`, and give the project name from the folder's
 * name when `--name` (or the config file) does not.
 *
 * @param argv parsed arguments
 * @param flags the flags layer; gains `project_name` when it is derived
 * @param configName `project_name` of the config file, if any
 * @param cwd absolute folder a relative DIRECTORY starts from
 * @throws UserError (exit 2) naming `--output` or `--name`
 */
export function applyDirectory(argv: InitArgs, flags: ConfigLayer, configName: unknown, cwd: string = process.cwd()): void {
  if (argv.directory === undefined) return;
  if (typeof argv.directory !== 'string' || argv.directory === '')
    throw new UserError('DIRECTORY must be a folder path (e.g. `pipecat init .` or `pipecat init my-bot`)');
  if (typeof argv.output === 'string') {
    throw new UserError(`DIRECTORY (${argv.directory}) and --output both say where the project goes: give one`, [
      `pipecat init ${argv.directory} …  writes into ${argv.directory} itself`,
      '--output DIR --name NAME    writes into DIR/NAME',
    ]);
  }
  if (flags.project_name !== undefined || configName !== undefined) return;
  const name = basename(resolve(cwd, argv.directory));
  const bad = schemaProblem('project_name', name);
  if (bad) throw new UserError(`--name: the directory's name ${JSON.stringify(name)} is not a valid project name (${bad}): pass --name`);
  flags.project_name = name;
}

/**
 * `--coding-agent`: write only the agent guides and GETTING_STARTED.md (the anchor's "build with
 * a coding agent" path): no bot, no service questions, no Yeoman; staged and committed like a
 * project (`generators/app/staging/staging.ts`).
 *
 * @param req the request (destination, `--overwrite-guide`, `--dry-run`)
 * @param name project name shown in the guides
 * @param io output sinks
 * @throws UserError (exit 2) when the destination cannot take the guides
 */
async function writeGuidesOnly(req: InitRequest, name: string, io: InitIO): Promise<void> {
  const [
    { destinationOf, guidePlan, commitWithGuides, keptGuides },
    { beginStaging, sweepBeside },
    { renderGuidesOnly },
    { destinationProblem, inPlaceProblem },
  ] = await Promise.all([
    import('../../generators/app/init/init-plan.js'),
    import('../../generators/app/staging/staging.js'),
    import('../../generators/app/render/render.js'),
    import('../../generators/app/staging/destination.js'),
  ]);
  const dest: Destination = destinationOf(req, name);
  sweepBeside(dest.target);
  const problem = dest.inPlace ? inPlaceProblem(dest.target, [], []) : destinationProblem(resolve(dest.target, '..'), dest.target);
  if (problem && !problem.includes('.yo-rc.json')) throw new UserError(problem);
  const guides = guidePlan({ ...dest, inPlace: true }, req.overwriteGuide);
  const kept = keptGuides(guides);
  const files = renderGuidesOnly(name).filter((f) => !kept.includes(f.path));
  if (req.dryRun) {
    io.out(
      JSON.stringify(
        {
          project_name: name,
          coding_agent: true,
          derived: {
            output_dir: dest.target,
            files: files.map((f) => f.path),
          },
        },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  const staging = beginStaging(dest.target);
  try {
    for (const f of files) staging.write(f.path, f.contents);
    commitWithGuides(staging, guides, io.err);
    req.onCommitted?.(dest.target);
  } catch (err) {
    staging.abort();
    throw err;
  }
  const rel = relative(req.cwd, dest.target) || '.';
  io.out(
    [
      `Set up ${name} for building with a coding agent in ${rel === '.' ? 'the current directory' : rel}.`,
      '',
      `Read ${rel === '.' ? '' : `${rel}/`}GETTING_STARTED.md for how to prompt your agent, then open a coding session ${rel === '.' ? 'here' : `in ${rel}`}.`,
      '',
    ].join('\n'),
  );
}

/**
 * The `init` command module with the given collaborators.
 *
 * @param io collaborators, made when the command runs (default: the process's)
 * @returns the yargs command module
 */
export function createInitCommand(io: () => InitIO = processInitIO): CommandModule<object, InitArgs> {
  return {
    command: 'init [directory]',
    describe: 'Scaffold a Pipecat bot project (server, optional web client, cloud deployment)',
    builder,
    handler: (argv) => runInit(argv, io()),
  };
}

/** The `init` command module of the binary. */
export const initCommand: CommandModule<object, InitArgs> = createInitCommand();

/**
 * `pipecat init`: parse what yargs left, then print the options, write the guides only, or run the
 * generator once (asking what is missing when the wizard runs).
 *
 * @param argv parsed arguments
 * @param io collaborators (output sinks, terminal, prompt adapter, generator runner)
 * @throws UserError or ConfigError (exit 2) for invalid input; CancelledError (exit 130) when the
 *   wizard is cancelled or declined; StagingError when the file system refuses
 */
export async function runInit(argv: InitArgs, io: InitIO): Promise<void> {
  // A signal before the staging's own handlers (`generators/app/staging/staging.ts`): nothing was written yet.
  setStopContext({ note: 'cancelled: nothing was written' });
  if (argv['list-options']) {
    io.out(JSON.stringify(listOptions(), null, 2) + '\n');
    return;
  }
  const usage = pendingUsageProblems.splice(0);
  if (usage.length) throw withConfigProblems(usage, argv);
  checkBooleanValues(io.rawArgs);
  checkEmptyValues(argv);
  if (stdinConfig(io.rawArgs)) {
    argv.config = '-';
    if (argv.directory === '' || argv.directory === '-') delete argv.directory; // the same lone `-`
  }
  if (argv.config === '') throw new UserError('--config needs the path of a JSON config file');
  const flags = flagsLayer(argv);
  let configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
  if (argv.directory === QUICKSTART_WORD) {
    // `pipecat init quickstart`: the fixed preset, in ./pipecat-quickstart; flags still override.
    if (configLayer)
      throw new UserError('--config: `pipecat init quickstart` is a fixed preset; drop --config (flags may override single values)');
    argv.directory = QUICKSTART.project_name as string;
    configLayer = { ...QUICKSTART };
  }
  applyDirectory(argv, flags, configLayer?.project_name, io.cwd);
  // The wizard asks what is missing: without --name and --config, or in place with values missing.
  const wizard =
    !argv['coding-agent'] &&
    configLayer === undefined &&
    (flags.project_name === undefined || (argv.directory !== undefined && io.interactive && !complete(flags)));
  const request: InitRequest = {
    flags,
    config: configLayer,
    directory: argv.directory,
    output: typeof argv.output === 'string' ? argv.output : undefined,
    cwd: io.cwd,
    wizard,
    dryRun: argv['dry-run'] === true,
    overwriteGuide: argv['overwrite-guide'] === true,
    yes: argv.yes === true,
    // A signal after the commit stops the process with a true report: the project is whole.
    onCommitted: (target) => setStopContext({ note: `stopped after writing the project: ${target} is complete` }),
  };
  if (argv['coding-agent']) {
    const name = (flags.project_name ?? configLayer?.project_name) as string | undefined;
    if (typeof name !== 'string') throw new UserError('--coding-agent needs a folder: `pipecat init DIR --coding-agent` (or --name NAME)');
    const bad = schemaProblem('project_name', name);
    if (bad) throw new UserError(`--name: ${bad}`);
    await writeGuidesOnly(request, name, io);
    return;
  }
  if (wizard && !io.interactive) {
    throw new UserError('no terminal for the wizard: pass --name (and the other options) or --config <file>', [
      'e.g. pipecat init --name my-bot --bot-type web --transport smallwebrtc --mode cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts',
      'see `pipecat init --help` and `pipecat init --list-options`',
    ]);
  }
  if (!wizard) {
    // Check the input and the destination before loading Yeoman: the generator's configuring
    // phase makes the same plan (`planInit`) again; a dry run needs nothing more.
    const { planInit, dryRunDocument, keptGuides, resolveRequest } = await import('../../generators/app/init/init-plan.js');
    const plan = planInit(request, resolveRequest(request));
    if (request.dryRun) {
      io.out(JSON.stringify(dryRunDocument(plan.config, plan.dest.target, keptGuides(plan.guides)), null, 2) + '\n');
      return;
    }
  }
  const home = yeomanHomeProblem();
  if (home) throw home;
  try {
    await io.runGenerator({ request, adapter: wizard ? await io.promptAdapter() : undefined, out: io.out, note: io.err });
  } catch (err) {
    // Ctrl-C or Esc in a question, or "no" to the summary: one line, exit 130.
    if (err instanceof CancelledError || (err && typeof err === 'object' && (err as { exitCode?: unknown }).exitCode === 130))
      throw new CancelledError();
    throw err;
  }
}

/**
 * The error for a command line with unknown flags or stray words: those problems, and every problem
 * the rest of the configuration has, in one report; nothing is written (issue 13).
 *
 * @param usage lines from the yargs failure handler (`cli/suggest.ts`)
 * @param argv parsed arguments
 */
function withConfigProblems(usage: string[], argv: InitArgs): UserError {
  const problems: string[] = [];
  try {
    const configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
    const flags = flagsLayer(argv);
    resolveConfig({ config: configLayer, flags });
  } catch (err) {
    if (err instanceof ConfigError) problems.push(...err.problems);
    else if (err instanceof UserError) problems.push(err.message, ...err.problems);
  }
  // A flag suggested for a typo (`--nmae`: did you mean --name?) is the fix of its own "is
  // required": that line is left out, and a lone usage problem is the headline (issue 26).
  const suggested = usage.map((u) => /did you mean (--[a-z-]+)\?$/.exec(u)?.[1]).filter((f) => f !== undefined);
  const rest = problems.filter((p) => !suggested.some((f) => p.startsWith(`${f}: is required`)));
  if (usage.length === 1) return new UserError(`${usage[0]} (nothing was written)`, rest);
  return new UserError('invalid command line: nothing was written', [...usage, ...rest]);
}

/** `pipecat init quickstart` (the anchor's spelling): this word as DIRECTORY selects {@link QUICKSTART}. */
export const QUICKSTART_WORD = 'quickstart';

/**
 * The quickstart preset, as pipecat 1.7.0's `pipecat init quickstart` sets it (`scaffold.py`,
 * `scaffold_quickstart`): a web bot on SmallWebRTC and Daily, Deepgram → OpenAI (Responses API) →
 * Cartesia, deployable to Pipecat Cloud, in `./pipecat-quickstart`.
 */
export const QUICKSTART: ConfigLayer = {
  project_name: 'pipecat-quickstart',
  bot_type: 'web',
  transports: ['smallwebrtc', 'daily'],
  mode: 'cascade',
  stt_service: 'deepgram_stt',
  llm_service: 'openai_responses_llm',
  tts_service: 'cartesia_tts',
  deploy_to_cloud: true,
};

/** Whether the command line says `--config -` (yargs reads a lone `-` as an empty value). */
function stdinConfig(rawArgs: readonly string[]): boolean {
  return rawArgs.some((a, i) => (a === '--config' || a === '-c') && rawArgs[i + 1] === '-') || rawArgs.includes('--config=-');
}

/** Whether flags alone resolve to a configuration (nothing left for the wizard to ask). */
function complete(flags: ConfigLayer): boolean {
  try {
    resolveConfig({ flags });
    return true;
  } catch {
    return false;
  }
}
