/**
 * Error types shared by every command, and the one place that maps them to exit codes.
 *
 * Exit codes (documented in docs/exit-codes.md and in each command's `--help`):
 * - 0 success
 * - 1 the operation failed (API error, not found, partial write, unreachable host)
 * - 2 bad usage or input (a {@link UserError}), or a confirmation needed without a terminal
 * - 3 / 5 `pipecat update` only: conflicts without a terminal (nothing changed) / conflict markers written
 *   (`generators/app/update/update.ts`, `UPDATE_EXIT`)
 * - 4 not logged in, or the API answered 401 ({@link NotLoggedInError})
 * - 129 stopped by SIGHUP (the terminal closed; `cli/interrupts.ts`)
 * - 130 interrupted by the user ({@link CancelledError}), or by SIGINT during a write ({@link InterruptedError})
 * - 143 stopped by SIGTERM during a write ({@link InterruptedError})
 */

/** Process exit codes used by the `pipecat` binary. */
export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** `pipecat update`: conflicts without a terminal, nothing changed (`UPDATE_EXIT.conflicts`). */
  updateConflicts: 3,
  notLoggedIn: 4,
  /** `pipecat update`: updated with conflict markers written (`UPDATE_EXIT.markers`). */
  updateConflictMarkers: 5,
  hangup: 129,
  interrupted: 130,
  terminated: 143,
} as const;

/** One of the values of {@link ExitCode}. */
type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export { UserError } from '../generators/app/config/errors.js';

/** An operation that was attempted and failed (not found, partial write...). Exit code 1. */
export class OperationFailedError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.failed;
  /** Extra lines printed under the message (e.g. which keys landed). */
  readonly details: readonly string[];

  /**
   * @param message what failed, naming the object (set, key, file)
   * @param details further lines for the user
   */
  constructor(message: string, details: readonly string[] = []) {
    super(message);
    this.name = 'OperationFailedError';
    this.details = details;
  }
}

/** No credentials, or the API rejected them (HTTP 401). Exit code 4. */
export class NotLoggedInError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.notLoggedIn;
  /** The line printed under the message instead of the hint to run `pipecat cloud auth login`. */
  readonly hint?: string;

  /**
   * @param message why; the hint to run `pipecat cloud auth login` is appended by the printer
   * @param hint another hint, e.g. when `auth login` itself failed (naming it would send the user in a circle)
   */
  constructor(message = 'not logged in to Pipecat Cloud', hint?: string) {
    super(message);
    this.name = 'NotLoggedInError';
    this.hint = hint;
  }
}

/** The user cancelled (Ctrl-C, Esc, or answered no to a confirmation). Exit code 130. */
export class CancelledError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.interrupted;

  /** @param message one line shown to the user */
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/** Signals a command stops on with a report (see {@link InterruptedError}). */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/**
 * A command was stopped by a signal after it had started changing something, and reports what it
 * did before stopping. Exit code 128 + the signal number, as a shell reports a process killed by
 * it: 130 for SIGINT (Ctrl-C), 143 for SIGTERM, 129 for SIGHUP (a closed terminal).
 */
export class InterruptedError extends Error {
  readonly exitCode: number;
  readonly signal: StopSignal;
  /** Lines printed under the message (which keys landed, which did not). */
  readonly details: readonly string[];

  /**
   * @param signal the signal received
   * @param message what was done before stopping, naming the object
   * @param details further lines for the user
   */
  constructor(signal: StopSignal, message: string, details: readonly string[] = []) {
    super(message);
    this.name = 'InterruptedError';
    this.signal = signal;
    this.exitCode = signal === 'SIGINT' ? ExitCode.interrupted : signal === 'SIGHUP' ? ExitCode.hangup : ExitCode.terminated;
    this.details = details;
  }
}

/** Any error that carries its own exit code. */
interface ErrorWithExitCode extends Error {
  exitCode: number;
}

/**
 * Exit code for an error thrown by a command.
 *
 * Errors with an `exitCode` property (our own, and the cloud API client's, which sets 1 or 4)
 * keep it; anything else is an unexpected bug and maps to 1.
 *
 * @param err the thrown value
 * @returns the process exit code
 */
export function exitCodeFor(err: unknown): number {
  if (err && typeof err === 'object' && 'exitCode' in err && typeof (err as ErrorWithExitCode).exitCode === 'number') {
    return (err as ErrorWithExitCode).exitCode;
  }
  return ExitCode.failed;
}

/**
 * What the system said about a path, for file-system errors that come from the user's machine
 * (permissions, a full or read-only disk, a symbolic-link loop, a too-long name), not from a bug:
 * they end with exit 1 and one line naming the path, never a stack trace.
 */
const SYSTEM_FS_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ELOOP: 'too many levels of symbolic links (a link loop)',
  ENAMETOOLONG: 'the name or path is too long for the file system',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EIO: 'input/output error',
};

/**
 * The one line for a file-system error from the user's machine ({@link SYSTEM_FS_ERRORS}), e.g.
 * `cannot access /home/me/.yo-rc-global.json: permission denied`, or undefined for anything else.
 *
 * @param err the thrown value (a Node `ErrnoException` with `code` and `path`)
 */
function systemFsMessage(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || !(e.code in SYSTEM_FS_ERRORS)) return undefined;
  const where = typeof e.path === 'string' ? ` ${e.path}` : '';
  return `cannot ${e.syscall === 'open' || e.syscall === 'read' || e.syscall === 'stat' ? 'read' : 'access'}${where}: ${SYSTEM_FS_ERRORS[e.code]}`;
}

/**
 * True when the error is a known, user-facing condition whose message is enough (no stack trace).
 *
 * @param err the thrown value
 */
function isExpectedError(err: unknown): boolean {
  return !!err && typeof err === 'object' && 'exitCode' in err;
}

/**
 * The lines printed on stderr for an error: `error: <message>` followed by its problems or
 * details, indented. Unexpected errors (bugs) keep their stack trace, user mistakes never do.
 *
 * @param err the thrown value
 * @returns text to print, without a trailing newline
 */
export function formatError(err: unknown): string {
  if (err instanceof CancelledError) return err.message;
  const system = isExpectedError(err) ? undefined : systemFsMessage(err);
  if (system) return `error: ${system}`;
  if (!isExpectedError(err)) {
    const e = err instanceof Error ? err : new Error(String(err));
    return `internal error (please report it): ${e.stack ?? e.message}`;
  }
  const e = err as Error & { problems?: readonly string[]; details?: readonly string[] };
  const lines = [`error: ${e.message}`];
  for (const p of e.problems ?? []) lines.push(`  - ${p}`);
  for (const d of e.details ?? []) lines.push(`  ${d}`);
  if (err instanceof NotLoggedInError && err.hint) lines.push(`  ${err.hint}`);
  else if (err instanceof NotLoggedInError || exitCodeFor(err) === ExitCode.notLoggedIn) {
    lines.push('  run `pipecat cloud auth login` (or set PIPECAT_TOKEN)');
  }
  return lines.join('\n');
}
