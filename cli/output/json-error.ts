/**
 * The JSON error document of a failed `pipecat cloud` command in json mode
 * (`{"ok":false,"error":{"message","exitCode",...}}`), and the mark that says a command already
 * printed it, so the binary's last-resort printer (`cli/main.ts`) prints one only for failures that
 * no command reported: usage errors found before any handler ran.
 *
 * Light on purpose (it imports only the error mapping): `cli/main.ts` loads it at start.
 */
import { exitCodeFor } from '../errors.js';

/** Marks an error whose JSON document is already on stdout. */
const REPORTED = Symbol('pipecat.reportedAsJson');

/**
 * The JSON error document of an error: its message (`jsonMessage` when the error has one: the
 * same sentence with text from outside as received, since JSON escapes it), exit code, and when present its problems,
 * details, HTTP status and platform code.
 *
 * @param err anything thrown
 * @returns `{ ok: false, error: { message, exitCode, problems?, details?, status?, code? } }`
 */
export function jsonErrorDocument(err: unknown): { ok: false; error: Record<string, unknown> } {
  const e = err as Error & {
    problems?: readonly string[];
    details?: readonly string[];
    code?: string;
    status?: number;
    jsonMessage?: string;
  };
  const error: Record<string, unknown> = { message: e?.jsonMessage ?? e?.message ?? String(err), exitCode: exitCodeFor(err) };
  if (e?.problems?.length) error.problems = e.problems;
  if (e?.details?.length) error.details = e.details;
  if (typeof e?.status === 'number') error.status = e.status;
  if (typeof e?.code === 'string') error.code = e.code;
  return { ok: false, error };
}

/** Records that `err`'s JSON document was printed (objects only; other values cannot carry it). */
export function markReportedAsJson(err: unknown): void {
  if (err !== null && typeof err === 'object' && Object.isExtensible(err))
    Object.defineProperty(err, REPORTED, { value: true, enumerable: false });
}

/** Whether a command already printed `err`'s JSON document. */
export function reportedAsJson(err: unknown): boolean {
  return err !== null && typeof err === 'object' && (err as { [REPORTED]?: boolean })[REPORTED] === true;
}
