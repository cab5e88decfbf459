/**
 * Turning SIGINT (Ctrl-C) and SIGTERM into a value a command can wait on, for the stretches where
 * dying at once would leave the user without a report (e.g. `secrets set` while keys are landing).
 *
 * While a watch is active, the process no longer dies on these signals: the command decides what
 * to finish, prints its report and throws an `InterruptedError` (exit 130 or 143, see
 * `cli/errors.ts`). A second signal means "stop now": {@link InterruptWatch.again} resolves, and
 * the command skips whatever it was still waiting for.
 *
 * Outside such stretches, and outside the file-writing stretches that undo their own work on a
 * signal (`generators/app/staging/staging.ts`, `generators/app/update/apply.ts`, which exit at once), the
 * binary's {@link installStopFallback} stops the process with the documented code: 130 for SIGINT,
 * 143 for SIGTERM, 129 for SIGHUP (docs/exit-codes.md), a one-line note on stderr and, in `--json`
 * mode, the `{"ok": false, "error": {...}}` document every `--json` command prints on failure.
 */
import { constants } from 'node:os';
import type { StopSignal } from './errors.js';
import { showCursor, writeStderr, writeStdout } from '../generators/app/output/sinks.js';

/** Signals the binary stops on with a note and its own exit code. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Exit code of a process stopped by `signal`, as a shell reports one killed by it: 128 + the
 * signal's number (SIGHUP 129, SIGINT 130, SIGTERM 143).
 *
 * @param signal e.g. `SIGTERM`
 */
function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 2);
}

/** Active watches ({@link watchInterrupts}): while any is, SIGINT, SIGTERM and SIGHUP are theirs. */
let activeWatches = 0;

/** What the fallback says when it stops the process (see {@link setStopContext}). */
const stopContext: { note: string; json: boolean; out: (text: string) => void; err: (text: string) => void } = {
  note: 'cancelled',
  json: false,
  out: writeStdout,
  err: writeStderr,
};

/**
 * Tell the fallback what the running command is: its line for a stop (`init`: "cancelled:
 * nothing was written") and whether `--json` is on.
 *
 * @param ctx fields to change
 */
export function setStopContext(ctx: { note?: string; json?: boolean }): void {
  if (ctx.note !== undefined) stopContext.note = ctx.note;
  if (ctx.json !== undefined) stopContext.json = ctx.json;
}

/**
 * The binary's last word on SIGINT, SIGTERM and SIGHUP (installed once by `cli/main.ts`): unless
 * a {@link watchInterrupts} watch holds the signal, or a writer's own handler (which undoes its
 * work and exits at once, in the same dispatch) runs, the process stops with
 * {@link signalExitCode}, after restoring the terminal (a prompt may have put it in raw mode),
 * printing the note on stderr and, with `--json`, one JSON document on stdout:
 * `{"ok": false, "interrupted": "SIGINT", "error": {"message": ..., "exitCode": 130}}`.
 */
export function installStopFallback(): void {
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (activeWatches > 0) return;
      // After the other listeners of this signal: a writer's handler exits before this runs.
      process.nextTick(() => stopNow(signal));
    });
  }
}

/** Restore the terminal, report the stop and exit with the signal's code. */
function stopNow(signal: NodeJS.Signals): void {
  const code = signalExitCode(signal);
  try {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    if (!stopContext.json) showCursor(); // a prompt may have hidden the cursor
  } catch {
    /* not a terminal we can reset */
  }
  const message = `${stopContext.note} (${signal})`;
  stopContext.err(`${message}\n`);
  if (stopContext.json) {
    stopContext.out(JSON.stringify({ ok: false, interrupted: signal, error: { message, exitCode: code } }, null, 2) + '\n');
  }
  process.exit(code);
}

/** An active watch of SIGINT, SIGTERM and SIGHUP (see {@link watchInterrupts}). */
export interface InterruptWatch {
  /** The first signal received, or undefined. */
  readonly signal: StopSignal | undefined;
  /** Resolves with the first signal. */
  readonly first: Promise<StopSignal>;
  /** Resolves with the second signal (the user insists). */
  readonly again: Promise<StopSignal>;
  /** Remove the handlers: the signals kill the process again. */
  dispose(): void;
}

/**
 * Start handling SIGINT, SIGTERM and SIGHUP (a closed terminal): the command stops with its report.
 *
 * @returns the watch; call `dispose()` when the stretch is over
 */
export function watchInterrupts(): InterruptWatch {
  activeWatches += 1;
  let disposed = false;
  let signal: StopSignal | undefined;
  let resolveFirst!: (s: StopSignal) => void;
  let resolveAgain!: (s: StopSignal) => void;
  const first = new Promise<StopSignal>((r) => (resolveFirst = r));
  const again = new Promise<StopSignal>((r) => (resolveAgain = r));
  const on = (s: StopSignal) => () => {
    if (signal === undefined) {
      signal = s;
      resolveFirst(s);
    } else resolveAgain(s);
  };
  const handlers = STOP_SIGNALS.map((s) => [s, on(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);
  return {
    get signal() {
      return signal;
    },
    first,
    again,
    dispose() {
      if (!disposed) activeWatches -= 1;
      disposed = true;
      for (const [s, h] of handlers) process.off(s, h);
    },
  };
}

/**
 * Resolves after `ms` milliseconds without keeping the process alive.
 *
 * @param ms delay in milliseconds
 */
export function unrefDelay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

/**
 * Waits `ms` milliseconds (a timer that keeps the process alive), or less when a signal arrives.
 *
 * @param ms delay in milliseconds
 * @param watch the command's {@link InterruptWatch}
 * @returns the signal when one arrived (before or during the wait), else undefined
 */
export async function pauseUnlessStopped(ms: number, watch: InterruptWatch): Promise<StopSignal | undefined> {
  if (watch.signal) return watch.signal;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms))), watch.first]);
  } finally {
    clearTimeout(timer);
  }
}
