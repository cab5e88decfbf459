/**
 * `pipecat init`: scaffold a Pipecat bot project from flags, a JSON config file, or the wizard.
 *
 * A thin front end over the init core (`generators/app/init/core.ts`): it parses the command line
 * (yargs), reads the config file, decides whether the wizard asks what is missing, and hands one
 * {@link InitRequest} to one run of the Yeoman generator (`generators/app/run.ts`). Without the
 * wizard it resolves and plans first and hands that plan over (the generator makes none), so bad
 * input and `--dry-run` never load Yeoman; `--coding-agent` runs the core without Yeoman.
 *
 * The handler receives its collaborators ({@link InitIO}: output sinks, terminal, prompt adapter,
 * generator runner), so it runs in a test without the binary.
 *
 * Exit codes (docs/exit-codes.md): 0 written (or dry run / list printed), 2 invalid input or a
 * destination that refuses the project (nothing written), 1 another failure (nothing left behind),
 * 130 / 143 / 129 stopped by SIGINT (or the wizard cancelled) / SIGTERM / SIGHUP (nothing written).
 */
import { basename, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { ConfigError, readConfigFile, resolveConfig, type ConfigLayer } from '../../generators/app/config/resolve.js';
import type { InitRequest } from '../../generators/app/init/init-plan.js';
import type { GeneratorRun } from '../../generators/app/run.js';
import { findPreset } from '../../generators/app/catalogue/presets.js';
import { schemaProblem } from '../../generators/app/wizard/questions.js';
import { CancelledError, UserError } from '../errors.js';
import { setStopContext } from '../interrupts.js';
import { yeomanHomeProblem } from '../../generators/app/init/yeoman-home.js';
import { builder, initArgvLayer, listOptions, listOptionsJson, type InitArgs } from './init-options.js';
import { checkBooleanValues, checkDashValues, checkEmptyValues } from './value-checks.js';
import { writeStderr, writeStdout } from '../../generators/app/output/sinks.js';

export { checkBooleanValues, checkDashValues, checkEmptyValues, initArgvLayer, listOptions, listOptionsJson, type InitArgs };

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
function processInitIO(): InitIO {
  return {
    out: writeStdout,
    err: writeStderr,
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
function applyDirectory(argv: InitArgs, flags: ConfigLayer, configName: unknown, cwd: string = process.cwd()): void {
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
 * The `init` command module with the given collaborators.
 *
 * @param io collaborators, made when the command runs (default: the process's)
 * @returns the yargs command module
 */
export function createInitCommand(io: () => InitIO = processInitIO): CommandModule {
  return {
    command: 'init [directory]',
    describe: 'Scaffold a Pipecat bot project (server, optional web client, cloud deployment)',
    builder,
    // yargs cannot type flags declared from the options table: the handler names their type.
    handler: (argv) => runInit(argv as InitArgs, io()),
  };
}

/** The `init` command module of the binary. */
export const initCommand: CommandModule = createInitCommand();

/**
 * `pipecat init`: parse what yargs left, then print the options, write the guides only, or run the
 * generator once (asking what is missing when the wizard runs).
 *
 * @param argv parsed arguments
 * @param io collaborators (output sinks, terminal, prompt adapter, generator runner)
 * @throws UserError or ConfigError (exit 2) for invalid input; CancelledError (exit 130) when the
 *   wizard is cancelled or declined; StagingError when the file system refuses
 */
async function runInit(argv: InitArgs, io: InitIO): Promise<void> {
  // Until the staging's own handlers: a signal says "cancelled: nothing was written", the note of
  // init's registry row (`./registry.ts`), which `cli/main.ts` sets before parsing.
  if (argv['list-options']) {
    io.out(listOptionsJson());
    return;
  }
  const { flags, configLayer } = readInput(argv, io);
  const core = await import('../../generators/app/init/core.js');
  const codingAgent = argv['coding-agent'] === true;
  // In place on a terminal with a name: values that resolve on their own leave nothing to ask,
  // and that configuration is the one planned (resolved once).
  const inPlaceAsk = !codingAgent && configLayer === undefined && flags.project_name !== undefined && argv.directory !== undefined;
  const resolved = inPlaceAsk && io.interactive ? core.resolvedOrMissing({ flags }) : undefined;
  // The wizard asks what is missing: without --name and --config, or in place with values missing.
  const wizard =
    !codingAgent && configLayer === undefined && (flags.project_name === undefined || (inPlaceAsk && io.interactive && !resolved));
  const request = requestOf(argv, io, { flags, configLayer, wizard });
  if (wizard && !io.interactive) {
    throw new UserError('no terminal for the wizard: pass --name (and the other options) or --config <file>', [
      'e.g. pipecat init --name my-bot --bot-type web --transport smallwebrtc --mode cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts',
      'see `pipecat init --help` and `pipecat init --list-options`',
    ]);
  }
  // Without the wizard, resolve and plan before loading Yeoman (bad input and a dry run never load
  // it); the request carries this plan and the generator makes none of its own.
  const plan = wizard ? undefined : core.planOnce(request, resolved);
  if (plan && request.dryRun) {
    io.out(core.dryRunText(plan));
    return;
  }
  // The guides alone are three files: the core writes them without Yeoman, whose load would add
  // about 40% to the run's CPU time (CONTRIBUTING, "How the pieces fit").
  if (plan && request.codingAgent) return core.carryOut(plan, request, { out: io.out, note: io.err });
  const home = yeomanHomeProblem();
  if (home) throw home;
  try {
    await io.runGenerator({
      request: { ...request, plan },
      adapter: wizard ? await io.promptAdapter() : undefined,
      out: io.out,
      note: io.err,
    });
  } catch (err) {
    // Ctrl-C or Esc in a question, or "no" to the summary: one line, exit 130.
    if (err instanceof CancelledError || (err && typeof err === 'object' && (err as { exitCode?: unknown }).exitCode === 130))
      throw new CancelledError();
    throw err;
  }
}

/**
 * Read what yargs left: the usage problems it collected, the checks it cannot make, `--config`
 * (`-` for stdin), a preset word as DIRECTORY (`pipecat init quickstart`, `catalogue/presets.ts`)
 * and `DIRECTORY`.
 *
 * @param argv parsed arguments (`config` and `directory` are normalised in place)
 * @param io the raw arguments and folder
 * @returns the flags layer and the config file's layer
 * @throws UserError or ConfigError (exit 2) for invalid input
 */
function readInput(argv: InitArgs, io: InitIO): { flags: ConfigLayer; configLayer?: ConfigLayer } {
  const usage = [...(argv.usageProblems ?? [])];
  if (usage.length) throw withConfigProblems(usage, argv);
  checkBooleanValues(io.rawArgs);
  checkEmptyValues(argv);
  if (stdinConfig(io.rawArgs)) {
    argv.config = '-';
    if (argv.directory === '' || argv.directory === '-') delete argv.directory; // the same lone `-`
  }
  if (argv.config === '') throw new UserError('--config needs the path of a JSON config file');
  const flags = initArgvLayer(argv);
  let configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
  const preset = findPreset(argv.directory);
  if (preset) {
    // `pipecat init quickstart`: the fixed preset, in ./pipecat-quickstart; flags still override.
    if (configLayer)
      throw new UserError(`--config: \`pipecat init ${preset.word}\` is a fixed preset; drop --config (flags may override single values)`);
    argv.directory = preset.values.project_name;
    configLayer = { ...preset.values };
  }
  applyDirectory(argv, flags, configLayer?.project_name, io.cwd);
  return { flags, configLayer };
}

/**
 * The request `pipecat init` hands to the init core (and the generator).
 *
 * @param input the flags' layer, the `--config` file's (or the quickstart preset's), and whether the wizard asks
 */
function requestOf(
  argv: InitArgs,
  io: InitIO,
  input: { flags: ConfigLayer; configLayer: ConfigLayer | undefined; wizard: boolean },
): InitRequest {
  const { flags, configLayer, wizard } = input;
  return {
    flags,
    config: configLayer,
    directory: argv.directory,
    output: typeof argv.output === 'string' ? argv.output : undefined,
    cwd: io.cwd,
    wizard,
    dryRun: argv['dry-run'] === true,
    overwriteGuide: argv['overwrite-guide'] === true,
    yes: argv.yes === true,
    codingAgent: argv['coding-agent'] === true,
    // A signal after the commit stops the process with a true report: the project is whole.
    onCommitted: (target) => setStopContext({ note: `stopped after writing the project: ${target} is complete` }),
  };
}

/**
 * The error for a command line with unknown flags or stray words: those problems, and every problem
 * the rest of the configuration has, in one report, so one run shows every fix; nothing is written.
 *
 * @param usage lines from the yargs failure handler (`cli/suggest.ts`)
 * @param argv parsed arguments
 */
function withConfigProblems(usage: string[], argv: InitArgs): UserError {
  const problems: string[] = [];
  try {
    const configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
    const flags = initArgvLayer(argv);
    resolveConfig({ config: configLayer, flags });
  } catch (err) {
    if (err instanceof ConfigError) problems.push(...err.problems);
    else if (err instanceof UserError) problems.push(err.message, ...err.problems);
  }
  // A flag suggested for a typo (`--nmae`: did you mean --name?) is the fix of its own "is
  // required": that line is left out, and a lone usage problem is the headline (not buried
  // under a list that only repeats it).
  const suggested = usage.map((u) => /did you mean (--[a-z-]+)\?$/.exec(u)?.[1]).filter((f) => f !== undefined);
  const rest = problems.filter((p) => !suggested.some((f) => p.startsWith(`${f}: is required`)));
  if (usage.length === 1) return new UserError(`${usage[0]} (nothing was written)`, rest);
  return new UserError('invalid command line: nothing was written', [...usage, ...rest]);
}

/** Whether the command line says `--config -` (yargs reads a lone `-` as an empty value). */
function stdinConfig(rawArgs: readonly string[]): boolean {
  return rawArgs.some((a, i) => (a === '--config' || a === '-c') && rawArgs[i + 1] === '-') || rawArgs.includes('--config=-');
}
