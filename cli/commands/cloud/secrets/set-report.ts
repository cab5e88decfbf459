/**
 * Step 6 of `pipecat cloud secrets set` (see `set.ts`): the per-key report (the `--json` document,
 * the result table) and the outcome: the exit code's error with its details, or the success line.
 * Exit codes: docs/secrets.md.
 */
import { ExitCode, InterruptedError, OperationFailedError, type StopSignal } from '../../../errors.js';
import { c, success } from '../../../output/colors.js';
import { ownCell, renderTable } from '../../../output/table.js';
import { visibleField } from '../../../../generators/app/output/terminal-safe.js';
import type { KeyWriteResult } from '../../../secrets/writer.js';
import type { SetRun, WaitResult, WriteOutcome } from './set-write.js';
import { shown } from '../../../output/shown.js';

/**
 * A write refused with HTTP 401 part-way: an {@link OperationFailedError} (its details say which
 * keys landed) with the not-logged-in exit code, 4, as every 401 has (`cli/errors.ts`).
 */
export class CredentialsRejectedError extends OperationFailedError {
  override readonly exitCode = ExitCode.notLoggedIn;
}

/** Everything the report reads: the run, the writes' outcome, the wait and the stopping signal. */
interface SetReport {
  run: SetRun;
  writes: WriteOutcome;
  wait: WaitResult | undefined;
  /** The signal that stopped the command (during the writes or the wait), if any. */
  stoppedBy: StopSignal | undefined;
}

/** The results split by what happened. */
function groups(results: readonly KeyWriteResult[]) {
  const failed = results.filter((r) => r.status === 'failed');
  return {
    written: results.filter((r) => r.status === 'written'),
    failed,
    notSent: results.filter((r) => r.status === 'not-sent'),
    unknown: failed.filter((r) => r.outcomeUnknown),
    knownFailed: failed.filter((r) => !r.outcomeUnknown),
  };
}

/** The `--json` document of a run (printed only with `--json`; built always). */
export function reportDocument(r: SetReport): Record<string, unknown> {
  const { run, writes, wait, stoppedBy } = r;
  const { plan, org } = run;
  const g = groups(writes.results);
  const byKey = new Map(writes.results.map((x) => [x.key, x]));
  return {
    ok: !stoppedBy && g.failed.length === 0 && g.notSent.length === 0 && (wait === undefined || wait.status === 'ready'),
    organization: org,
    ...(run.argv.env !== undefined ? { environment: run.argv.env } : {}),
    set: plan.set,
    region: plan.region,
    regionSource: plan.regionSource,
    created: !plan.exists,
    keys: plan.keys.map((k) => {
      const x = byKey.get(k.key)!;
      return {
        ...k,
        status: x.status,
        ...(x.error ? { error: x.error } : {}),
        ...(x.outcomeUnknown ? { outcomeUnknown: true } : {}),
        ...(x.httpStatus !== undefined ? { httpStatus: x.httpStatus } : {}),
      };
    }),
    written: g.written.length,
    failed: g.failed.length,
    notSent: g.notSent.length,
    outcomeUnknown: g.unknown.length,
    verifiedAfterFailure: writes.reconciled,
    ...(writes.reconcileError ? { verifyError: writes.reconcileError } : {}),
    ...(stoppedBy ? { interrupted: stoppedBy } : {}),
    ...(wait ? { wait } : {}),
  };
}

/** The result table on stdout: each key's action, length, fingerprint and result (with its error). */
export function resultTable(r: SetReport): string {
  const byKey = new Map(r.writes.results.map((x) => [x.key, x]));
  const status = (x: { status: string; outcomeUnknown?: boolean }) =>
    x.status === 'written'
      ? c.green('written')
      : x.status === 'failed'
        ? x.outcomeUnknown
          ? c.yellow('unknown')
          : c.red('failed')
        : c.yellow('not sent');
  return (
    renderTable(
      ['KEY', 'ACTION', 'LENGTH', 'FINGERPRINT', 'RESULT'],
      r.run.plan.keys.map((k) => {
        const x = byKey.get(k.key)!;
        return [k.key, k.action, k.length, k.fingerprint, ownCell(status(x) + (x.error ? ` (${visibleField(x.error)})` : ''))];
      }),
    ) + '\n'
  );
}

/** The detail lines of a failed or interrupted run: which keys landed, which did not, and why. */
function detailLines(r: SetReport): string[] {
  const g = groups(r.writes.results);
  const lengthOf = new Map(r.run.plan.keys.map((k) => [k.key, k.length]));
  const details = [
    `written (${g.written.length}): ${g.written.map((x) => x.key).join(', ') || 'none'}`,
    ...(g.knownFailed.length > 0 || (!r.stoppedBy && g.unknown.length === 0)
      ? [`failed (${g.knownFailed.length}): ${g.knownFailed.map((x) => x.key).join(', ') || 'none'}`]
      : []),
    ...(g.notSent.length > 0 ? [`not sent (${g.notSent.length}): ${g.notSent.map((x) => x.key).join(', ')}`] : []),
    ...unknownLines(g.unknown, r.run.existedBefore, r.writes.reconcileError),
  ];
  const tooLarge = g.knownFailed.filter((x) => x.httpStatus === 413);
  if (tooLarge.length > 0) {
    details.push(
      `too large for the platform: ${tooLarge.map((x) => `${x.key} (${lengthOf.get(x.key)} characters)`).join(', ')}; shorten ${tooLarge.length === 1 ? 'that value' : 'those values'} (e.g. store a file's contents elsewhere)`,
    );
  }
  const firstError = g.failed.find((x) => x.error && x.httpStatus !== 413)?.error;
  if (firstError) details.push(`first error: ${firstError}`);
  return details;
}

/**
 * Ends the run: throws the error whose exit code says what happened (interrupted 130/143/129,
 * credentials rejected 4, keys not written 1, set failed or still pending 1), or prints the
 * success line (not with `--json`).
 */
export function finishRun(r: SetReport): void {
  const { run, wait, stoppedBy } = r;
  const { plan } = run;
  const g = groups(r.writes.results);
  const total = plan.keys.length;
  const details = detailLines(r);
  if (stoppedBy) {
    const what =
      wait !== undefined
        ? `all ${total} keys were written to ${plan.set}; stopped waiting for the set to be ready`
        : `${g.written.length} of ${total} keys were written to ${plan.set} before it stopped` +
          (g.notSent.length > 0 ? `; ${g.notSent.length} were not sent` : '') +
          (g.knownFailed.length > 0 ? `; ${g.knownFailed.length} failed` : '') +
          (g.unknown.length > 0 ? `; ${g.unknown.length} may or may not have landed` : '');
    throw new InterruptedError(
      stoppedBy,
      `interrupted by ${stoppedBy}: ${what}`,
      wait !== undefined ? [] : [...details, 'run the same command again to write the rest'],
    );
  }
  if (g.failed.some((x) => x.httpStatus === 401)) {
    // The credentials were refused mid-way: exit 4 like any other 401 (docs/secrets.md).
    throw new CredentialsRejectedError(
      shown`Pipecat Cloud rejected the credentials while writing to ${plan.set}: ${g.written.length} of ${total} keys were written`,
      [...details, 'log in again, then run the same command again'],
    );
  }
  if (g.failed.length > 0 || g.notSent.length > 0) {
    const headline =
      g.unknown.length === 0
        ? `${g.failed.length + g.notSent.length} of ${total} keys were not written to ${plan.set}; ${g.written.length} were`
        : `${g.written.length} of ${total} keys were written to ${plan.set}; ${g.unknown.length} may or may not have been` +
          (g.knownFailed.length + g.notSent.length > 0 ? `; ${g.knownFailed.length + g.notSent.length} were not` : '');
    throw new OperationFailedError(headline, details);
  }
  finishWait(r);
}

/** The end of a run whose keys all landed: the wait's failure or timeout, or the success line. */
function finishWait(r: SetReport): void {
  const { run, wait } = r;
  const { plan } = run;
  const total = plan.keys.length;
  if (wait?.status === 'failed') {
    throw new OperationFailedError(shown`secret set ${plan.set} failed to provision: ${wait.errorMessage ?? 'no error message'}`, [
      `all ${total} keys were written`,
    ]);
  }
  if (wait?.status === 'timeout') {
    throw new OperationFailedError(shown`secret set ${plan.set} was still pending after ${run.input.waitTimeout} s (--wait-timeout)`, [
      `all ${total} keys were written`,
    ]);
  }
  if (!run.argv.json) {
    const tail = wait
      ? `; the set is ready (${(wait.waitedMs / 1000).toFixed(1)} s)`
      : '; the set is being provisioned, which takes a few seconds (--wait waits until it is ready)';
    run.io.err(success(shown`${total} ${total === 1 ? 'key' : 'keys'} written to ${plan.set} (${run.org}, ${plan.region})${tail}`) + '\n');
  }
}

/**
 * The report lines about keys whose outcome is unknown, saying what happened: no answer came
 * back, the platform answered with a server error, or the command was interrupted; and what that
 * means: a key that existed may hold the old or the new value, a new key may or may not exist
 * (only when the follow-up read failed too; otherwise that read settled it).
 */
function unknownLines(
  unknown: readonly { key: string; httpStatus?: number; interrupted?: boolean }[],
  existedBefore: ReadonlySet<string>,
  reconcileError: string | undefined,
): string[] {
  if (unknown.length === 0) return [];
  const lines: string[] = [];
  const groups: [string, typeof unknown][] = [
    ['no answer came back (connection reset or timeout)', unknown.filter((r) => r.httpStatus === undefined && !r.interrupted)],
    ['still in flight when the command was interrupted', unknown.filter((r) => r.interrupted)],
  ];
  const statuses = [...new Set(unknown.map((r) => r.httpStatus).filter((s): s is number => s !== undefined))].sort();
  for (const st of statuses)
    groups.push([`the platform answered HTTP ${st} (a server error, after every retry)`, unknown.filter((r) => r.httpStatus === st)]);
  for (const [why, rs] of groups) {
    if (rs.length === 0) continue;
    const old = rs.filter((r) => existedBefore.has(r.key));
    const added = rs.filter((r) => !existedBefore.has(r.key));
    const parts: string[] = [];
    if (old.length > 0) parts.push(`${old.map((r) => r.key).join(', ')} may hold the old or the new value`);
    if (added.length > 0) parts.push(`${added.map((r) => r.key).join(', ')} may or may not have been written`);
    lines.push(`${why}: ${parts.join('; ')}`);
  }
  if (reconcileError) lines.push(`the follow-up read of the set failed too (${reconcileError}), so this could not be checked`);
  lines.push('run the same command again: writing a key twice is safe');
  return lines;
}
