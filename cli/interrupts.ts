/**
 * Turning SIGINT (Ctrl-C) and SIGTERM into a value a command can wait on, for the stretches where
 * dying at once would leave the user without a report (e.g. `secrets set` while keys are landing).
 *
 * While a watch is active, the process no longer dies on these signals: the command decides what
 * to finish, prints its report and throws an `InterruptedError` (exit 130 or 143, see
 * `cli/errors.ts`). A second signal means "stop now": {@link InterruptWatch.again} resolves, and
 * the command skips whatever it was still waiting for.
 */
import type { StopSignal } from './errors.js';

/** An active watch of SIGINT and SIGTERM (see {@link watchInterrupts}). */
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
 * Start handling SIGINT and SIGTERM.
 *
 * @returns the watch; call `dispose()` when the stretch is over
 */
export function watchInterrupts(): InterruptWatch {
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
  const onInt = on('SIGINT');
  const onTerm = on('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    get signal() {
      return signal;
    },
    first,
    again,
    dispose() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
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
