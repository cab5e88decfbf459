/**
 * `pipecat update [DIRECTORY]`: change a generated project's services, transports and features,
 * or bring it to the current templates, keeping the user's edits (docs/updating.md).
 *
 * The recorded configuration (`.yo-rc.json`) is the base layer and `init`'s flags apply on top,
 * plus `--add-transport` / `--remove-transport`; the core is `generators/app/update/update.ts`,
 * called as a plain function (`session.ts`; no Yeoman is loaded).
 * On a terminal each conflict gets a choice (keep mine, take new in the conflicting parts, write
 * markers, part by part, show the conflicting parts, replace the whole file, abort) through
 * `cli/dialogs.ts`; without one, `--conflicts yours|new|markers` settles every part one way.
 * `--dry-run` prints the plan for people, or as JSON with `--json`. `--pipecat VERSION` raises the
 * pipecat-ai floor (an options-table row) and then prints `pipecat doctor`'s deprecation report of
 * the code as it now stands (`cli/doctor/upgrade-report.ts`).
 *
 * The handler receives its collaborators ({@link UpdateIO}: output sinks, terminal, dialog,
 * exit code), so it runs in a test without the binary.
 *
 * Exit codes: 0 updated (or already current, or dry run), 1 failed while writing or another update
 * holds the lock (nothing changed), 2 invalid input, not a project, a link leading outside it, or
 * removals that need consent, or conflict markers left in a file the update changes (nothing
 * changed), 3 conflicts without a terminal
 * (nothing changed, files listed), 5 updated with conflict markers written (files listed),
 * 130 cancelled / aborted, 143 SIGTERM (nothing changed).
 */
import type { Argv, CommandModule } from 'yargs';
import { flagsLayer, yargsOptions } from '../../generators/app/config/flags.js';
import type { ConfigLayer } from '../../generators/app/config/resolve.js';
import type { UpdateAsk } from '../../generators/app/update/session.js';
import { canPrompt, select } from '../dialogs.js';
import { visibleControls } from '../../generators/app/output/terminal-safe.js';
import { CancelledError, UserError } from '../errors.js';
import { checkBooleanValues, checkDashValues, checkEmptyValues } from './value-checks.js';
import type { InitIO } from './init.js';
import { writeStderr, writeStdout } from '../../generators/app/output/sinks.js';

/**
 * The collaborators of `pipecat update`'s handler: `init`'s output sinks, command line and folder
 * ({@link InitIO}), plus what only `update` uses (no generator: updating runs no Yeoman). The binary passes the
 * process's ({@link processUpdateIO}); a test passes its own.
 */
interface UpdateIO extends Pick<InitIO, 'out' | 'err' | 'rawArgs' | 'cwd'> {
  /** Whether conflicts can be asked about (the binary: stdin and stderr are terminals, `cli/dialogs.ts`). */
  interactive: boolean;
  /** Environment (`PIPECAT_UPDATE_PAUSE_MS`, a test hook). */
  env: NodeJS.ProcessEnv;
  /** The choice dialog for a conflict (`cli/dialogs.ts`). */
  select: typeof select;
  /** Sets the exit code without stopping (5 when conflict markers were written). */
  setExitCode: (code: number) => void;
}

/**
 * The collaborators of the binary: the process's streams, terminal, arguments, folder and
 * environment, and the `prompts` dialog on stderr.
 *
 * @returns a fresh {@link UpdateIO}
 */
function processUpdateIO(): UpdateIO {
  return {
    out: writeStdout,
    err: writeStderr,
    rawArgs: process.argv.slice(2),
    cwd: process.cwd(),
    // Asked when the handler runs it, as before: canPrompt() reads the terminals.
    get interactive() {
      return canPrompt();
    },
    env: process.env,
    select,
    setExitCode: (code) => {
      process.exitCode = code;
    },
  };
}

/** Parsed arguments of `pipecat update`. */
interface UpdateArgs {
  directory?: string;
  'add-transport'?: string[];
  'remove-transport'?: string[];
  'dry-run'?: boolean;
  'conflict-markers'?: boolean;
  conflicts?: string;
  json?: boolean;
  'remove-unused'?: boolean;
  [flag: string]: unknown;
}

/** The exit-code line of `--help` and docs/updating.md. */
const UPDATE_EXIT_CODES =
  'Exit codes: 0 updated (or nothing to do, or --dry-run), 1 failed while writing (nothing changed), 2 invalid input or not a project (nothing changed), ' +
  '3 conflicts and no terminal to ask (nothing changed; the files are listed), 5 updated with conflict markers written (the files are listed), ' +
  '130 cancelled or aborted, 143 stopped by SIGTERM (nothing changed). ' +
  'Exit 1 also when another update of the project is running (its lock, .pipecat/update.lock, is named); ' +
  '2 also when a folder or file of the project is a symbolic link leading outside it, when unedited files would be removed that need consent (a terminal or --remove-unused), ' +
  'or when conflict markers from an earlier update are still in a file the update changes (file:line named).';

/**
 * The flags layer: configuration options given on the command line.
 *
 * @param argv parsed arguments
 */
function flagsOf(argv: UpdateArgs): ConfigLayer {
  return flagsLayer((name) => argv[name]);
}

/** A list flag's values (yargs gives an array for `string: true, array: true`). */
function list(v: unknown): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

function builder(yargs: Argv): Argv {
  // As `init` does: `-n -dash` must not turn into `-n '' -d -a -s -h` (help).
  const raw = process.argv.slice(2);
  if (raw[0] === 'update') checkDashValues(raw.slice(1), ['add-transport', 'remove-transport']);
  let y = yargs
    .usage(
      '$0 update [DIRECTORY] [options]\n\nChange a generated project (services, transports, features) or bring it to the current templates, keeping your edits: ' +
        'its recorded configuration (.yo-rc.json) is the starting point, the options given change it, and each file is merged with your edits (three-way, against .pipecat/base/).',
    )
    .positional('directory', { type: 'string', describe: 'The project folder (default: the project holding the current directory)' })
    .option('add-transport', {
      type: 'string',
      array: true,
      describe: 'Add a transport (its id, as in pipecat: smallwebrtc, daily, twilio …; repeatable)',
      group: 'Transports:',
    })
    .option('remove-transport', {
      type: 'string',
      array: true,
      describe: 'Remove a transport (repeatable); its files go unless you edited them',
      group: 'Transports:',
    })
    .option('dry-run', {
      type: 'boolean',
      describe: 'Print the plan (each file: unchanged, update, merge, conflict, add, remove, keep; with counts) and change nothing',
      group: 'Input and output:',
    })
    .option('json', {
      type: 'boolean',
      describe: 'With --dry-run: the plan as JSON ({"config", "files": [{"path", "action"}]})',
      group: 'Input and output:',
    })
    .option('conflicts', {
      type: 'string',
      choices: ['yours', 'new', 'markers'],
      describe:
        'Without asking, settle every conflicting part: your lines, the new ones (your other edits stay), or both with markers (exit 5). ' +
        'A conflict parts cannot express (an edited file the update removes, binary) keeps your file',
      group: 'Input and output:',
    })
    .option('conflict-markers', {
      type: 'boolean',
      describe: 'Write conflict markers into conflicting files instead of stopping (exit 5); the same as --conflicts markers',
      group: 'Input and output:',
    })
    .option('remove-unused', {
      alias: ['yes', 'y'],
      type: 'boolean',
      describe:
        'Without a terminal: remove the unedited generated files the update asks about (a whole client/ the new configuration drops, ' +
        'files the base lists but the configuration does not generate); files you edited are never removed by it. ' +
        '--yes/-y: the same (the one question update asks that can be answered in advance)',
      group: 'Input and output:',
    });
  for (const [flag, spec] of yargsOptions((o) =>
    o.type === 'boolean' ? ` (default: as recorded; --no-${o.flag} turns it off)` : ' (default: as recorded)',
  ))
    y = y.option(flag, spec);
  return y
    .example('$0 update --tts elevenlabs_tts', 'switch the text-to-speech service')
    .example('$0 update --add-transport daily --remove-transport smallwebrtc', 'swap SmallWebRTC for Daily')
    .example('$0 update --dry-run', 'what updating to the current templates would do')
    .example('$0 update --pipecat 1.9.0', "raise pipecat-ai's floor, then list the code's deprecated pipecat names")
    .example('$0 update --conflicts new', 'without a terminal: the new lines where your edits conflict, your other edits kept')
    .epilogue(`See docs/updating.md. Service ids: \`pipecat init --list-options\`.\n\n${UPDATE_EXIT_CODES}`);
}

/** Milliseconds to pause after half the changes are applied (tests send a signal then). */
function pauseHook(io: UpdateIO): ((done: number, total: number) => Promise<void>) | undefined {
  const ms = Number(io.env.PIPECAT_UPDATE_PAUSE_MS ?? '');
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  return async (done, total) => {
    if (done !== Math.ceil(total / 2)) return;
    io.err(`update: paused after ${done} of ${total} changes\n`);
    await new Promise((r) => setTimeout(r, ms));
  };
}

/**
 * The `update` command module with the given collaborators.
 *
 * @param io collaborators, made when the command runs (default: the process's)
 * @returns the yargs command module
 */
function createUpdateCommand(io: () => UpdateIO = processUpdateIO): CommandModule {
  return {
    command: 'update [directory]',
    describe: 'Change services, transports or features of a generated project, or update it to the current templates, keeping your edits',
    builder,
    // yargs cannot type flags declared from the options table: the handler names their type.
    handler: (argv) => runUpdateCommand(argv as UpdateArgs, io()),
  };
}

/** The `update` command module of the binary. */
export const updateCommand: CommandModule = createUpdateCommand();

/**
 * `pipecat update`: check the command line, then update the project with a plain function call
 * (`generators/app/update/session.ts`, no Yeoman) and print the plan (`--dry-run`) or the summary.
 *
 * @param argv parsed arguments
 * @param io collaborators
 * @throws UserError (exit 2) for invalid input or no project; the update's own errors (exit 1, 2,
 *   3, 143); CancelledError (exit 130) when a question is cancelled
 */
async function runUpdateCommand(argv: UpdateArgs, io: UpdateIO): Promise<void> {
  // Imported here, not at the top: the update core brings the renderer, the catalogue and the
  // diff libraries, which `update --help` does not need (≈ 70 ms of CPU when imported statically).
  const [core, { updateProject }] = await Promise.all([
    import('../../generators/app/update/update.js'),
    import('../../generators/app/update/session.js'),
  ]);
  checkBooleanValues(io.rawArgs);
  checkEmptyValues(argv);
  const settle = argv['conflict-markers'] ? '--conflict-markers' : argv.conflicts !== undefined ? '--conflicts' : undefined;
  if (argv['dry-run'] && settle) throw new UserError(`--dry-run and ${settle}: --dry-run changes nothing, so give one`);
  if (argv['conflict-markers'] && argv.conflicts !== undefined && argv.conflicts !== 'markers')
    throw new UserError(`--conflict-markers and --conflicts ${argv.conflicts}: give one (--conflict-markers is --conflicts markers)`);
  if (argv.json && !argv['dry-run'])
    throw new UserError('--json: only with --dry-run (the plan as JSON); the update itself prints a summary');
  const root = core.findProjectRoot(argv.directory, io.cwd);
  // A corrupt .yo-rc.json (a git merge left markers in it) is reported first, in one line.
  core.readRecorded(root);
  const interactive = !argv['dry-run'] && settle === undefined && io.interactive;
  const code = await updateProject(
    {
      root,
      flags: flagsOf(argv),
      add: list(argv['add-transport']),
      remove: list(argv['remove-transport']),
      dryRun: argv['dry-run'] === true,
      conflictMarkers: argv['conflict-markers'] === true,
      conflicts: argv.conflicts === undefined ? undefined : core.CONFLICT_POLICIES[argv.conflicts],
      json: argv.json === true,
      afterChange: pauseHook(io),
      removeUnused: argv['remove-unused'] === true,
      cwd: io.cwd,
    },
    { ask: interactive ? askOnTerminal(io) : undefined, out: io.out, err: io.err },
  );
  if (code) io.setExitCode(code);
  // `--pipecat`: the deprecations of the code as it now stands, as `pipecat doctor` reports them.
  if (argv.pipecat !== undefined && !argv['dry-run'] && (!code || code === 5)) await printUpgradeReport(root, String(argv.pipecat), io);
}

/**
 * After `update --pipecat VERSION`: `pipecat doctor`'s deprecation report of the code as it now
 * stands. The update is done whatever happens here: a reading that cannot run (no Python, a file
 * the reader refuses) is a warning, and the exit code stays the update's.
 *
 * @param root the project root
 * @param version the `--pipecat` value
 * @param io where the report goes (stderr)
 */
async function printUpgradeReport(root: string, version: string, io: UpdateIO): Promise<void> {
  const [{ upgradeReport }, { CodeReadError, PythonNotFoundError }] = await Promise.all([
    import('../doctor/upgrade-report.js'),
    import('../../generators/app/code/errors.js'),
  ]);
  try {
    io.err(await upgradeReport({ root, serverDir: 'server', version }));
  } catch (err) {
    if (!(err instanceof PythonNotFoundError || err instanceof CodeReadError)) throw err;
    io.err(
      visibleControls(
        `warning: the floor is raised, but the deprecation report could not run: ${err.message}; run \`pipecat doctor\` once it can\n`,
      ),
    );
  }
}

/**
 * The update dialog's question on the terminal (`cli/dialogs.ts` `select`, on stderr).
 *
 * @throws CancelledError (exit 130, "nothing was changed") on Ctrl-C / Esc
 */
function askOnTerminal(io: UpdateIO): UpdateAsk {
  return async ({ message, choices }) => {
    try {
      return await io.select(message, choices);
    } catch (err) {
      if (err instanceof CancelledError) throw new CancelledError('cancelled: nothing was changed');
      throw err;
    }
  };
}
