/**
 * How the generator behaves under the `yo` command line itself (not under yeoman-test or our CLI):
 * a cancel or a known error ends the process with our exit codes instead of yo's banner and exit 1,
 * Esc cancels a question, and a `$HOME` Yeoman cannot use is explained before Yeoman fails on it;
 * and the request `yo pipecat`'s options make (our CLI makes its own).
 *
 * Why: under `yo`, a cancel would end in yo's error banner and exit 1, and yo as root keeps a `$HOME`
 * the user it switches to cannot read (yo's `downgrade-root`).
 */
import { Console } from 'node:console';
import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { emitKeypressEvents } from 'node:readline';
import { yeomanHomeProblem } from './yeoman-home.js';
import { flagsLayer } from '../config/flags.js';
import { readConfigFile, type ConfigLayer } from '../config/resolve.js';
import type { InitRequest } from './init-plan.js';
import { WizardCancelledError } from '../wizard/wizard.js';
import { createLogger } from '@yeoman/adapter';
import { sinkStream, writeStderr } from '../output/sinks.js';

/**
 * Cancel errors of the prompt libraries Yeoman's adapter runs (Inquirer's `ExitPromptError` …, the
 * `AbortError` of an aborted signal). They are recognised by name: under `yo` they come from yo's
 * own copy of Inquirer, whose classes an `instanceof` against ours would not match.
 */
const PROMPT_CANCEL_NAMES: readonly string[] = ['ExitPromptError', 'AbortPromptError', 'CancelPromptError', 'AbortError'];

/** Whether an error means the user cancelled a prompt (Ctrl-C, Esc) or declined the summary. */
export function isCancel(err: unknown): boolean {
  if (err instanceof WizardCancelledError) return true;
  const e = err as { name?: string; exitCode?: number } | undefined;
  return !!e && (e.exitCode === 130 || PROMPT_CANCEL_NAMES.includes(e.name ?? ''));
}

/**
 * Whether this process is the `yo` command line (its `lib/cli.js`, through a `yo` link): there a
 * cancel ends the process with exit code 130; embedders (yeoman-test, our CLI) get the error.
 */
export function runByYo(): boolean {
  try {
    const script = realpathSync(process.argv[1] ?? '');
    return /[\\/]yo[\\/]lib[\\/]cli\.js$/.test(script);
  } catch {
    return false;
  }
}

/**
 * Under `yo`, when Yeoman could not read its settings in `$HOME` (`./yeoman-home.ts`): the
 * lines to print, saying what to do instead; for a home this user does not own (yo started as root
 * runs as uid 1000 with root's HOME), how to run yo or `pipecat init` instead. Undefined when
 * Yeoman can start.
 */
export function rootHomeProblem(): string | undefined {
  const problem = yeomanHomeProblem();
  if (!problem) return undefined;
  const lines = [`error: ${problem.message}`, ...problem.problems.map((p) => `  ${p}`)];
  let owner: number | undefined;
  try {
    owner = statSync(homedir()).uid;
  } catch {
    owner = undefined;
  }
  const uid = process.getuid?.();
  if (uid !== undefined && owner !== undefined && owner !== uid) {
    lines.push(
      `  yo started as root runs as the user with uid ${uid} (yo's root check) but keeps HOME=${homedir()}, which that user cannot use:`,
      '  run yo as your own user (not as root, not with sudo); or, as root, give it a home and a folder that user owns:',
      `    mkdir -p /tmp/yo-home && chown ${uid} /tmp/yo-home && cd /tmp/yo-home && HOME=$PWD yo pipecat`,
      '  or run `pipecat init` (the same options and wizard), which runs as root',
    );
  }
  return lines.join('\n');
}

/**
 * Under `yo` itself, end the process the way our CLI would for a known error: a cancel prints
 * "cancelled" and exits 130 (yo would print its banner and exit 1); an error with an exit code
 * prints its message and problems and exits with it. Elsewhere (yeoman-test, our CLI) rethrows.
 *
 * @param err the error
 * @param cancelled the line printed for a cancel (without it, a cancel is an error like another)
 * @throws err when not run by `yo`, or when it is neither a cancel nor carries an exit code
 */
export function endUnderYo(err: unknown, cancelled?: string): never {
  if (!runByYo()) throw err;
  if (cancelled !== undefined && isCancel(err)) {
    writeStderr(`${cancelled}\n`);
    process.exit(130);
  }
  const e = err as { exitCode?: unknown; message?: string; problems?: readonly string[] };
  if (typeof e.exitCode !== 'number') throw err;
  writeStderr([`error: ${e.message}`, ...(e.problems ?? []).map((p) => `  - ${p}`)].join('\n') + '\n');
  process.exit(e.exitCode);
}

/**
 * Under `yo pipecat`: make Esc cancel the question on screen, as in our CLI's wizard (inquirer
 * has no Esc key of its own). Esc aborts the adapter's prompt signal, so the prompt rejects (a
 * cancel, see {@link isCancel}) and ends as Ctrl-C does: "cancelled", exit 130.
 *
 * @param env the Yeoman environment (its adapter's prompt signal is aborted)
 * @returns a function that removes the key listener
 */
export function escCancels(env: { adapter: unknown }): () => void {
  const input = process.stdin;
  if (!input.isTTY) return () => undefined;
  emitKeypressEvents(input);
  const adapter = env.adapter as { abort?: (reason?: unknown) => void };
  const onKey = (_text: unknown, key: { name?: string } | undefined): void => {
    if (key?.name !== 'escape') return;
    adapter.abort?.(Object.assign(new Error('cancelled with Esc'), { name: 'AbortPromptError', exitCode: 130 }));
  };
  input.on('keypress', onKey);
  return () => {
    input.off('keypress', onKey);
  };
}

/**
 * `yo pipecat`: the values given as options (flags), by config key (a flag's aliases count too).
 *
 * @param options the generator's options, by flag name
 */
export function givenLayer(options: Record<string, unknown>): ConfigLayer {
  // Yeoman parses an `Array` option with `Array(value)`, which nests a list given as a list: flagsLayer flattens it.
  return flagsLayer((name) => options[name]);
}

/**
 * The request `yo pipecat`'s options make, of the same shape as our CLI's: the wizard runs without
 * `--name` and `--config`; the config file is read here.
 *
 * @param options the generator's options, by flag name
 * @param cwd the generator's destination root
 * @throws ConfigError (exit 2) for a config file that cannot be read or is not a JSON object
 */
export function yoRequest(options: Record<string, unknown>, cwd: string): InitRequest {
  const flags = givenLayer(options);
  return {
    flags,
    config: typeof options.config === 'string' ? readConfigFile(options.config) : undefined,
    output: typeof options.output === 'string' ? options.output : undefined,
    cwd,
    wizard: flags.project_name === undefined && typeof options.config !== 'string',
    dryRun: options['dry-run'] === true,
    overwriteGuide: false,
    yes: options.yes === true || options.y === true,
  };
}

/**
 * Under `yo pipecat`: Yeoman's log (the `create …` lines, the wizard's notes and summary, the next
 * steps) made a sink like our CLI's (`../output/sinks.ts`: secrets redacted, controls made
 * visible) instead of yo's own, which writes to stderr as it is. The environment's adapter is
 * yo's (usually inside Yeoman's QueuedAdapter, whose log calls the actual adapter's log when
 * used): its log is replaced.
 *
 * @param env the Yeoman environment
 * @returns the new log, for the generator's own `this.log`
 */
export function sinkYoLog(env: { adapter: unknown }): ReturnType<typeof createLogger> {
  const stream = sinkStream(process.stderr) as unknown as NodeJS.WriteStream;
  const log = createLogger({ stdout: stream, stderr: stream, console: new Console(stream, stream) });
  const adapter = env.adapter as { actualAdapter?: { log: unknown }; log: unknown };
  (adapter.actualAdapter ?? adapter).log = log;
  return log;
}
