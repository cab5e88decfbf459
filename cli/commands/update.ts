/**
 * `pipecat update [DIRECTORY]`: change a generated project's services, transports and features,
 * or bring it to the current templates, keeping the user's edits (issue 15; docs/updating.md).
 *
 * The recorded configuration (`.yo-rc.json`) is the base layer and `init`'s flags apply on top,
 * plus `--add-transport` / `--remove-transport`; the core is `generators/app/update/update.ts`.
 * On a terminal each conflict gets a choice (keep mine, take new, write markers, show the diff,
 * abort) through `cli/dialogs.ts`.
 *
 * The handler receives its collaborators ({@link UpdateIO}: output sinks, terminal, dialog,
 * generator runner, exit code), so it runs in a test without the binary.
 *
 * Exit codes: 0 updated (or already current, or dry run), 1 failed while writing or another update
 * holds the lock (nothing changed), 2 invalid input, not a project, a link leading outside it, or
 * removals that need consent (nothing changed), 3 conflicts without a terminal
 * (nothing changed, files listed), 5 updated with conflict markers written (files listed),
 * 130 cancelled / aborted, 143 SIGTERM (nothing changed).
 */
import { relative } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { CONFIG_OPTIONS } from '../../generators/app/config/options.js';
import type { ConfigLayer } from '../../generators/app/config/resolve.js';
import type { FilePlan } from '../../generators/app/update/plan.js';
import type { Choice, ConsentRequest, UpdateOutcome } from '../../generators/app/update/update.js';
import { canPrompt, select } from '../dialogs.js';
import { CancelledError, UserError } from '../errors.js';
import type { InitIO } from './init.js';

/**
 * The collaborators of `pipecat update`'s handler: `init`'s output sinks, command line, folder and
 * generator runner ({@link InitIO}), plus what only `update` uses. The binary passes the
 * process's ({@link processUpdateIO}); a test passes its own.
 */
export interface UpdateIO extends Pick<InitIO, 'out' | 'err' | 'rawArgs' | 'cwd' | 'runGenerator'> {
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
 * environment, the `prompts` dialog on stderr, and the Yeoman run (imported only when it runs).
 *
 * @returns a fresh {@link UpdateIO}
 */
export function processUpdateIO(): UpdateIO {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    rawArgs: process.argv.slice(2),
    cwd: process.cwd(),
    // Asked when the handler runs it, as before: canPrompt() reads the terminals.
    get interactive() {
      return canPrompt();
    },
    env: process.env,
    select,
    runGenerator: async (run) => {
      const home = (await import('../yeoman-home.js')).yeomanHomeProblem(); // before Yeoman reads it
      if (home) throw home;
      return (await import('../../generators/app/run.js')).runPipecatGenerator(run);
    },
    setExitCode: (code) => {
      process.exitCode = code;
    },
  };
}

/** Parsed arguments of `pipecat update`. */
export interface UpdateArgs {
  directory?: string;
  'add-transport'?: string[];
  'remove-transport'?: string[];
  'dry-run'?: boolean;
  'conflict-markers'?: boolean;
  'remove-unused'?: boolean;
  [flag: string]: unknown;
}

/** The exit-code line of `--help` and docs/updating.md. */
export const UPDATE_EXIT_CODES =
  'Exit codes: 0 updated (or nothing to do, or --dry-run), 1 failed while writing (nothing changed), 2 invalid input or not a project (nothing changed), ' +
  '3 conflicts and no terminal to ask (nothing changed; the files are listed), 5 updated with conflict markers written (the files are listed), ' +
  '130 cancelled or aborted, 143 stopped by SIGTERM (nothing changed). ' +
  'Exit 1 also when another update of the project is running (its lock, .pipecat/update.lock, is named); ' +
  '2 also when a folder or file of the project is a symbolic link leading outside it, or when unedited files would be removed that need consent (a terminal or --remove-unused).';

/**
 * The flags layer: configuration options given on the command line.
 *
 * @param argv parsed arguments
 */
function flagsOf(argv: UpdateArgs): ConfigLayer {
  const layer: ConfigLayer = {};
  for (const o of CONFIG_OPTIONS) if (argv[o.flag] !== undefined) layer[o.key] = argv[o.flag];
  return layer;
}

/** A list flag's values (yargs gives an array for `string: true, array: true`). */
function list(v: unknown): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

function builder(yargs: Argv): Argv<UpdateArgs> {
  let y = yargs
    .usage(
      '$0 update [DIRECTORY] [options]\n\nChange a generated project (services, transports, features) or bring it to the current templates, keeping your edits: ' +
        'its recorded configuration (.yo-rc.json) is the starting point, the options given change it, and each file is merged with your edits (three-way, against .pipecat/base/).',
    )
    .positional('directory', { type: 'string', describe: 'The project folder (default: the project holding the current directory)' })
    .option('add-transport', {
      type: 'string',
      array: true,
      describe: 'Add a transport (id or vendor alias; repeatable)',
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
      describe: 'Print the plan as JSON ({"config", "files": [{"path", "action"}]}) and change nothing',
      group: 'Input and output:',
    })
    .option('conflict-markers', {
      type: 'boolean',
      describe: 'Write conflict markers into conflicting files instead of stopping (exit 5)',
      group: 'Input and output:',
    })
    .option('remove-unused', {
      type: 'boolean',
      describe:
        'Without a terminal: remove the unedited generated files the update asks about (a whole client/ the new configuration drops, ' +
        'files the base lists but the configuration does not generate); files you edited are never removed by it',
      group: 'Input and output:',
    });
  for (const o of CONFIG_OPTIONS) {
    y = y.option(o.flag, {
      type: o.type,
      alias: [...(o.short ? [o.short] : []), ...(o.flagAliases ?? [])],
      describe: o.describe + (o.type === 'boolean' ? ` (default: as recorded; --no-${o.flag} turns it off)` : ' (default: as recorded)'),
      group: o.type === 'boolean' ? 'Features:' : 'Project:',
      ...(o.type === 'array' ? { string: true } : {}),
    });
  }
  return y
    .example('$0 update --tts elevenlabs_tts', 'switch the text-to-speech service')
    .example('$0 update --add-transport daily --remove-transport smallwebrtc', 'swap SmallWebRTC for Daily')
    .example('$0 update --dry-run', 'what updating to the current templates would do')
    .epilogue(`See docs/updating.md. Service ids: \`pipecat init --list-options\`.\n\n${UPDATE_EXIT_CODES}`) as unknown as Argv<UpdateArgs>;
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
export function createUpdateCommand(io: () => UpdateIO = processUpdateIO): CommandModule<object, UpdateArgs> {
  return {
    command: 'update [directory]',
    describe: 'Change services, transports or features of a generated project, or update it to the current templates, keeping your edits',
    builder,
    handler: (argv) => runUpdate(argv, io()),
  };
}

/** The `update` command module of the binary. */
export const updateCommand: CommandModule<object, UpdateArgs> = createUpdateCommand();

/**
 * `pipecat update`: check the command line, then run the generator once in update mode and print
 * the plan (`--dry-run`) or the summary.
 *
 * @param argv parsed arguments
 * @param io collaborators
 * @throws UserError (exit 2) for invalid input or no project; the update's own errors (exit 1, 3,
 *   130, 143) from the generator run
 */
async function runUpdate(argv: UpdateArgs, io: UpdateIO): Promise<void> {
  // Imported here, not at the top: the update core brings the renderer, the catalogue and the
  // diff libraries, which `update --help` does not need (≈ 70 ms of CPU when imported statically).
  const [{ checkBooleanValues }, core, { summaryLines }] = await Promise.all([
    import('./init.js'),
    import('../../generators/app/update/update.js'),
    import('../../generators/app/update/report.js'),
  ]);
  checkBooleanValues(io.rawArgs);
  if (argv['dry-run'] && argv['conflict-markers'])
    throw new UserError('--dry-run and --conflict-markers: --dry-run changes nothing, so give one');
  const root = core.findProjectRoot(argv.directory, io.cwd);
  // Read (and check) .yo-rc.json before the generator does: Yeoman's storage throws a bare
  // JSON error with a stack on a corrupt file (issue 23).
  core.readRecorded(root);
  const interactive = !argv['dry-run'] && !argv['conflict-markers'] && io.interactive;
  // The same single generator run as `init` (generators/app/run.ts): its configuring phase
  // updates the project.
  let result: UpdateOutcome | undefined;
  const choose = (file: FilePlan, index: number, total: number) => chooseOnTerminal(io, file, index, total);
  await io.runGenerator({
    update: {
      root,
      flags: flagsOf(argv),
      add: list(argv['add-transport']),
      remove: list(argv['remove-transport']),
      dryRun: argv['dry-run'] === true,
      conflictMarkers: argv['conflict-markers'] === true,
      choose: interactive ? choose : undefined,
      afterChange: pauseHook(io),
      removeUnused: argv['remove-unused'] === true,
      consent: interactive ? (req) => consentOnTerminal(io, req) : undefined,
      note: (line) => io.err(`${line}\n`),
    },
    onUpdated: (o) => {
      result = o;
    },
    out: io.out,
    note: io.err,
  });
  const outcome = result!;
  for (const d of outcome.dropped) io.err(`note: dropped the recorded ${d}\n`);
  if (!outcome.applied) {
    io.out(JSON.stringify(core.planDocument(outcome), null, 2) + '\n');
    return;
  }
  const lines = summaryLines(outcome, relative(io.cwd, root) || '.');
  if (outcome.marked.length) io.setExitCode(core.UPDATE_EXIT.markers);
  io.out(lines.join('\n') + '\n');
}

/**
 * Ask on the terminal whether to make the removals that need consent (the consent rule,
 * docs/updating.md): the files are listed first, then remove / keep / abort.
 *
 * @throws CancelledError on Ctrl-C / Esc (nothing changed)
 */
async function consentOnTerminal(io: UpdateIO, req: ConsentRequest): Promise<'remove' | 'keep' | 'abort'> {
  const because = req.folders.length ? (req.because ?? []).map((d) => `(the new configuration drops the recorded ${d})\n`).join('') : '';
  io.err(`\n${consentQuestion(req)}\n${because}${req.files.map((f) => `  ${f.path}: ${f.why}`).join('\n')}\n`);
  try {
    return await io.select<'remove' | 'keep' | 'abort'>('Remove them?', [
      { title: 'keep them', value: 'keep', description: 'leave the files; they become yours (not updated again)' },
      { title: 'remove them', value: 'remove', description: 'none of them was edited' },
      { title: 'abort', value: 'abort', description: 'stop: nothing is changed' },
    ]);
  } catch (err) {
    if (err instanceof CancelledError) throw new CancelledError('cancelled: nothing was changed');
    throw err;
  }
}

/** The headline of the removal question. */
function consentQuestion(req: ConsentRequest): string {
  const n = req.files.length;
  const folders = req.folders.length ? `, ${req.folders.map((f) => `all of ${f}/`).join(' and ')}` : '';
  return `The update would remove ${n} unedited generated file${n > 1 ? 's' : ''}${folders}:`;
}

/**
 * Ask how to settle one conflict on the terminal: keep mine, take new, write markers, show the
 * diff (then ask again), abort.
 *
 * @throws CancelledError on Ctrl-C / Esc (nothing changed)
 */
async function chooseOnTerminal(io: UpdateIO, file: FilePlan, index: number, total: number): Promise<Choice> {
  const [{ describeConflict }, { unifiedDiff }] = await Promise.all([
    import('../../generators/app/update/plan.js'),
    import('../../generators/app/update/merge.js'),
  ]);
  const c = file.conflict!;
  const removal = c.theirs === null;
  type Pick = Choice | 'diff';
  const choices: { title: string; value: Pick; description?: string }[] = [
    { title: 'keep mine', value: 'mine', description: removal ? 'keep your file (it becomes yours alone)' : 'leave your file as it is' },
    {
      title: removal ? 'take the removal' : 'take new',
      value: 'new',
      description: removal ? 'remove the file' : 'replace your file with the new version (your edits are lost)',
    },
    ...(c.markers !== null
      ? [{ title: 'write conflict markers', value: 'markers' as Pick, description: 'both versions in the file, to edit by hand' }]
      : []),
    // A file too long to merge is too long to diff in reasonable time.
    ...(c.kind === 'too-large'
      ? []
      : [{ title: 'show the diff', value: 'diff' as Pick, description: 'from your file to the new version' }]),
    { title: 'abort', value: 'abort', description: 'stop: nothing is changed' },
  ];
  io.err(`\nConflict ${index + 1} of ${total}: ${describeConflict(file)}\n`);
  for (;;) {
    let pick: Pick;
    try {
      pick = await io.select<Pick>(`${file.path}:`, choices);
    } catch (err) {
      if (err instanceof CancelledError) throw new CancelledError('cancelled: nothing was changed');
      throw err;
    }
    if (pick !== 'diff') return pick;
    io.err(unifiedDiff(file.path, c.mine?.toString('utf8') ?? '', c.theirs?.toString('utf8') ?? ''));
  }
}
