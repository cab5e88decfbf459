#!/usr/bin/env node
/**
 * Entry point of the `pipecat` and `pc` executables.
 *
 * Parses the command line with yargs, runs one command, and maps any thrown error to an exit code
 * through `cli/errors.ts` (a user mistake prints a clear message, never a stack trace). Command
 * modules load only when their command runs (`./commands/registry.ts`), heavy modules (Yeoman,
 * the HTTP client) only inside the handlers that need them, and `npm run build` bundles this entry
 * with esbuild (`scripts/bundle.ts`), so `--help`, `--version` and `init --list-options` stay
 * fast (`npm run bench` measures them).
 */
import './output/no-color.js'; // first: colour libraries read NO_COLOR's effect when they load
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { officialDeployShortForms } from './commands/cloud/deploy-argv.js';
import { commands, preloadCommands } from './commands/registry.js';
import { ExitCode, InterruptedError, UserError, exitCodeFor, formatError } from './errors.js';
import { jsonErrorDocument, reportedAsJson } from './output/json-error.js';
import { jsonModeRequested } from './output/mode.js';
import { writeStderr, writeStdout } from '../generators/app/output/sinks.js';
import { commandUsage, explainUsageFailure, usageHint, type UsageContext } from './suggest.js';
import { installStopFallback, setStopContext } from './interrupts.js';
import { docsUrl, packageInfo } from '../generators/app/paths.js';
import { helpWidth } from './help-text.js';
import type { CommandContext } from './commands/context.js';

/**
 * The closing lines of `pipecat --help`: every exit code (docs/exit-codes.md) and where the docs are
 * for an installed user (the package's docs address, `docsUrl`).
 */
function helpEpilogue(): string {
  return (
    'Exit codes: 0 success, 1 failed, 2 bad usage or input, 3 update has conflicts (nothing changed), 4 not logged in, ' +
    '5 update wrote conflict markers, 129 stopped by SIGHUP (terminal closed), 130 cancelled or interrupted (Ctrl-C, SIGINT), ' +
    `143 stopped by SIGTERM.\nDocs (the docs/ pages each --help names; also in the installed package): ${docsUrl()}\n` +
    `Every exit code: ${docsUrl('exit-codes.md')}`
  );
}

/**
 * Run the CLI with the given arguments.
 *
 * @param argv arguments after the executable, e.g. `['init', '--name', 'x']`
 * @param context what the entry prepared before this module loaded, handed to the command's
 *   handler among its arguments (yargs' parse context)
 * @returns the process exit code (0 success, 1 failed, 2 usage, 3 update conflicts, 4 not logged in,
 *   5 update wrote conflict markers, 129 SIGHUP, 130 cancelled or SIGINT, 143 SIGTERM; docs/exit-codes.md)
 */
async function run(argv: string[], context: CommandContext = {}): Promise<RunOutcome> {
  // Shell completion of a flag's value (`--stt deep⇥`): the catalogue's ids, before yargs, which
  // completes commands and flags only (./completion-values.ts, loaded only here).
  const completing = argv.indexOf('--get-yargs-completions');
  if (completing >= 0) {
    const values = (await import('./completion-values.js')).valueCompletions(argv.slice(completing + 1));
    if (values) {
      writeStdout(values.map((v) => `${v}\n`).join(''));
      return { code: ExitCode.ok };
    }
  }
  let usageError: UserError | undefined;
  /** This parse's usage problems, handed to the command (`init` reports them with its own). */
  const usageProblems: string[] = [];
  /** Whether the usage error is yargs' suggestion of a command (`Did you mean secrets?`). */
  let recommended = false;
  /** The failing command's usage line (`pipecat cloud secrets set <name> [pairs..]`), when known. */
  let usageLine: string | undefined;
  // A cloud command in json mode owes stdout one JSON document even when yargs stops the run.
  const jsonMode = jsonModeRequested(argv);
  const parser = yargs(officialDeployShortForms(argv))
    .scriptName('pipecat')
    .usage('$0 <command> [options]\n\nScaffold Pipecat voice and video AI bots, and manage Pipecat Cloud.')
    .version(packageInfo().version)
    .alias('version', 'V')
    .help('help')
    .alias('help', 'h')
    .strict()
    .recommendCommands()
    .demandCommand(1, 'name a command: init, update, doctor, cloud or completion')
    .wrap(helpWidth(process.stdout.columns))
    .completion(
      'completion',
      'Print a shell completion script for bash or zsh (see README: Shell completion)',
      (_current: string, argv: { _: (string | number)[] }, defaultCompletion: () => void, done: (completions: string[]) => void) => {
        // Command modules load lazily (./commands/registry.ts); completion needs the named ones loaded.
        preloadCommands(argv._.map(String)).then(
          () => defaultCompletion(),
          () => done([]),
        );
      },
    )
    .epilogue(helpEpilogue())
    .fail((msg, err, usage) => {
      // A builder's `.check()` that returns its message hands it over as `err` too: a usage error.
      if (err && typeof err !== 'string') throw err;
      // yargs may fail twice for one mistake (`cloud secret list`: its suggestion for `secret`,
      // then `list` as an unknown argument): its suggestion names the cause.
      if (recommended) return;
      recommended = /^Did you mean /.test(msg ?? '');
      usageLine = commandUsage(usage as unknown as UsageContext);
      const lines = explainUsageFailure(msg ?? 'invalid usage', usage as unknown as UsageContext, argv);
      usageProblems.push(...lines);
      usageError = new UserError(lines[0], lines.slice(1));
    })
    // yargs still runs the command after a strict-mode failure: stop it here, before anything is
    // written. `init` reports these problems itself, together with its configuration's.
    .middleware((args) => {
      setStopContext({ json: args.json === true || jsonMode });
      if (usageError && args._[0] !== 'init') throw usageError;
    });
  for (const c of commands) parser.command(c);
  skipHelpCache(parser);
  try {
    await parser.parseAsync(officialDeployShortForms(argv), { ...context, usageProblems });
    if (usageError) throw usageError;
    return { code: Number(process.exitCode ?? ExitCode.ok) };
  } catch (err) {
    // A command that reported the usage problems itself (init, with its configuration's) wins.
    const e = err instanceof UserError ? err : (usageError ?? err);
    if (jsonMode && !reportedAsJson(e)) writeStdout(JSON.stringify(jsonErrorDocument(e), null, 2) + '\n');
    writeStderr(formatError(e) + '\n');
    if (e === usageError || (e instanceof UserError && usageError)) writeStderr(usageHint(usageLine));
    return { code: exitCodeFor(e), stopNow: e instanceof InterruptedError };
  }
}

/**
 * yargs renders a command's whole help text right after starting its handler and caches it, for a
 * later `showHelp()`/`getHelp()` from that handler (yargs' `command.js`). Our handlers never ask
 * (they receive only their arguments, and `.fail()` above never shows help for a handler's error),
 * so that rendering is wasted: for `init` it is about a fifth of the start-up CPU (measured with
 * `node --cpu-prof`: `cacheHelpMessage` → cliui/wrap-ansi). This turns it off; `--help` and usage
 * errors render help as before. Without the internal method (another yargs), nothing changes.
 */
function skipHelpCache(parser: object): void {
  type Usage = { cacheHelpMessage?: () => void };
  const usage = (parser as { getInternalMethods?: () => { getUsageInstance?: () => Usage } }).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
}

/** How a run of the command line ended. */
interface RunOutcome {
  /** The process exit code. */
  code: number;
  /** True when a command was stopped by a signal: its abandoned requests must not keep the process alive. */
  stopNow?: boolean;
}

/**
 * Run the process's command line and set its exit code: what the binary's entry (`cli/entry.ts`)
 * calls once it has loaded this module.
 *
 * @param context what the entry prepared ({@link CommandContext}), handed to the command
 */
export function start(context: CommandContext = {}): void {
  // SIGINT, SIGTERM and SIGHUP outside a command's own handling end with 130, 143 and 129.
  installStopFallback();
  // Until the command sets its own line: the one its registry row gives (its first word in argv).
  const commandWord = process.argv.slice(2).find((a) => !a.startsWith('-'));
  const stopNote = commands.find((c) => c.command.split(' ')[0] === commandWord)?.stopNote;
  if (stopNote) setStopContext({ note: stopNote });
  run(hideBin(process.argv), context).then(
    ({ code, stopNow }) => {
      process.exitCode = code;
      if (stopNow) process.exit(code);
    },
    (err) => {
      writeStderr(formatError(err) + '\n');
      process.exitCode = exitCodeFor(err);
    },
  );
}
