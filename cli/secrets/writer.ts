/**
 * Writing many secret keys with bounded concurrency and an exact per-key report.
 *
 * The platform's contract is one `PUT` per key (the official CLI's `src/pipecatcloud/api.py`,
 * daily-co/pipecat-cloud); the official CLI
 * sends them one after another and stops at the first failure without saying which keys landed.
 * Here keys go out through a `p-limit` pool (the client retries each idempotent `PUT` itself), every
 * key ends as `written`, `failed` or `not-sent`, and after a failure the caller can re-read the set
 * to confirm which keys exist ({@link reconcileWithServer}).
 */
import pLimit from 'p-limit';

/** Final state of one key after {@link writeKeys}. */
type KeyWriteStatus = 'written' | 'failed' | 'not-sent';

/** Outcome of writing one key. */
export interface KeyWriteResult {
  key: string;
  status: KeyWriteStatus;
  /** Why it failed or was not sent (never contains a value: callers redact API text). */
  error?: string;
  /** True when the request may have been applied although no success answer came back. */
  outcomeUnknown?: boolean;
  /** Set by {@link reconcileWithServer}: the key was found on the server after the writes. */
  presentAfter?: boolean;
  /** HTTP status of the platform's last answer for a failed key (absent when no answer came). */
  httpStatus?: number;
  /** True when the key was still in flight when the user interrupted the command. */
  interrupted?: boolean;
}

/**
 * Default number of requests in flight at once: 16. With the platform's one `PUT` per key, 200
 * keys at 20 ms per answer take 13 round trips instead of 25 at 8 (the `secrets set` row of
 * `npm run bench`); the platform serialises writes to one set, and a 409 or 429 is
 * retried with backoff like any other transient answer.
 */
export const DEFAULT_CONCURRENCY = 16;

/** Options of {@link writeKeys}. */
interface WriteKeysOptions<K extends { key: string }> {
  /** Keys to write, in order. */
  items: readonly K[];
  /** Sends one key; resolves when the platform accepted it, rejects otherwise. */
  write: (item: K) => Promise<void>;
  /** Requests in flight at once (1 = one after another); default {@link DEFAULT_CONCURRENCY}. */
  concurrency?: number;
  /**
   * Write the first key alone before the others (used when the set does not exist yet, so one
   * request creates it with its region and the rest do not race to create it).
   */
  firstAlone?: boolean;
  /** Called after each key settles, with the number settled and the total. */
  onProgress?: (settled: number, total: number) => void;
  /**
   * Whether an error means later keys cannot succeed (unreachable host, rejected credentials):
   * keys not yet started are then reported `not-sent`.
   */
  isFatal?: (err: unknown) => boolean;
  /** Text for an error of one item (the caller redacts it). */
  describe?: (err: unknown, item: K) => string;
  /** Whether a failed request may nevertheless have been applied (no answer, timeout, 5xx). */
  isOutcomeUnknown?: (err: unknown) => boolean;
  /** HTTP status of an error, when the platform answered (kept in {@link KeyWriteResult.httpStatus}). */
  statusOf?: (err: unknown) => number | undefined;
  /**
   * Resolves with a reason (e.g. `SIGINT`) when the user interrupts: keys not started yet are then
   * `not-sent`, and requests in flight get {@link WriteKeysOptions.graceMs} to finish; those still
   * unanswered are reported `failed` with `outcomeUnknown` and `interrupted`.
   */
  interrupted?: Promise<string>;
  /** Milliseconds in-flight requests may still take after an interruption; default 1500. */
  graceMs?: number;
  /**
   * Size of an item's value (e.g. its length in characters). With it, items of
   * {@link WriteKeysOptions.largeAt} or more are written after the others, one at a time, smallest
   * first; and once the platform refuses a value as too large (HTTP 413, see
   * {@link WriteKeysOptions.statusOf}), no item as large or larger is sent: it is `not-sent`.
   */
  sizeOf?: (item: K) => number;
  /** Size from which an item is "large" (see {@link WriteKeysOptions.sizeOf}); default {@link LARGE_VALUE}. */
  largeAt?: number;
  /** Resolves when the grace period must end at once (a second signal). */
  endGrace?: Promise<unknown>;
}

/**
 * Size (characters) from which a value is written alone, after the small ones: 256 Ki. The
 * platform's body limit is not published (the emulator's stand-in is 1 MiB); values near it are
 * sent one at a time so a 413 for one stops the others that are as large.
 */
const LARGE_VALUE = 256 * 1024;

/** Default milliseconds in-flight requests may still take after an interruption. */
const DEFAULT_GRACE_MS = 1500;

/** The shared state of one {@link writeKeys} run. */
interface WriteRun {
  /** One result per item, in order (`not-sent` until the item is tried). */
  results: KeyWriteResult[];
  /** Indexes of the requests in flight. */
  inFlight: Set<number>;
  settled: number;
  /** Why later keys are not sent, after a fatal error. */
  fatal?: string;
  /** Set once, when an interruption wins the race in {@link writeKeys}. */
  stopped?: string;
  /** The smallest size the platform refused as too large (413), when one was. */
  tooLargeAt?: { size: number; key: string };
}

/** Why an item is not sent (interrupted, as large as a refused value, or after a fatal error), or undefined to send it. */
function skipReason(run: WriteRun, size: number | undefined): string | undefined {
  if (run.stopped !== undefined) return `not sent: interrupted (${run.stopped})`;
  if (size !== undefined && run.tooLargeAt !== undefined && size >= run.tooLargeAt.size)
    return `not sent: the platform refused ${run.tooLargeAt.key} (size ${run.tooLargeAt.size}) as too large, and this value is as large (size ${size})`;
  if (run.fatal !== undefined) return `not sent: ${run.fatal}`;
  return undefined;
}

/** Writes (or skips) one item, records its result and reports progress. */
async function writeOne<K extends { key: string }>(opts: WriteKeysOptions<K>, run: WriteRun, index: number): Promise<void> {
  const item = opts.items[index];
  const size = opts.sizeOf?.(item);
  const skip = skipReason(run, size);
  if (skip !== undefined) {
    run.results[index] = { key: item.key, status: 'not-sent', error: skip };
  } else {
    run.inFlight.add(index);
    try {
      await opts.write(item);
      run.results[index] = { key: item.key, status: 'written' };
    } catch (err) {
      const message = (opts.describe ?? ((e: unknown) => (e instanceof Error ? e.message : String(e))))(err, item);
      const httpStatus = opts.statusOf?.(err);
      run.results[index] = {
        key: item.key,
        status: 'failed',
        error: message,
        ...(opts.isOutcomeUnknown?.(err) ? { outcomeUnknown: true } : {}),
        ...(httpStatus !== undefined ? { httpStatus } : {}),
      };
      if (opts.isFatal?.(err) && run.fatal === undefined) run.fatal = `an earlier request failed: ${message}`;
      if (httpStatus === 413 && size !== undefined && (run.tooLargeAt === undefined || size < run.tooLargeAt.size))
        run.tooLargeAt = { size, key: item.key };
    } finally {
      run.inFlight.delete(index);
    }
  }
  run.settled++;
  opts.onProgress?.(run.settled, opts.items.length);
}

/**
 * Writes every item in order of dispatch: the smallest first and alone with `firstAlone` (it
 * creates the set; a large one may be refused with 413), then the small ones concurrently, then
 * the large ones one at a time, smallest first.
 */
async function writeAll<K extends { key: string }>(opts: WriteKeysOptions<K>, run: WriteRun): Promise<void> {
  const { items, sizeOf } = opts;
  let rest = items.map((_, i) => i);
  if (opts.firstAlone && items.length > 0) {
    const first = sizeOf ? rest.reduce((a, b) => (sizeOf(items[b]) < sizeOf(items[a]) ? b : a)) : 0;
    await writeOne(opts, run, first);
    rest = rest.filter((i) => i !== first);
  }
  const limit = pLimit(Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY));
  const largeAt = opts.largeAt ?? LARGE_VALUE;
  const large = sizeOf ? rest.filter((i) => sizeOf(items[i]) >= largeAt).sort((a, b) => sizeOf(items[a]) - sizeOf(items[b])) : [];
  const isLarge = new Set(large);
  await Promise.all(rest.filter((i) => !isLarge.has(i)).map((i) => limit(() => writeOne(opts, run, i))));
  for (const i of large) await writeOne(opts, run, i);
}

/**
 * Writes every key with at most `concurrency` requests in flight.
 *
 * @returns one result per item, in the items' order; never rejects because of a key's failure
 */
export async function writeKeys<K extends { key: string }>(opts: WriteKeysOptions<K>): Promise<KeyWriteResult[]> {
  const run: WriteRun = { results: opts.items.map((i) => ({ key: i.key, status: 'not-sent' })), inFlight: new Set(), settled: 0 };
  const work = writeAll(opts, run);
  if (!opts.interrupted) {
    await work;
    return run.results;
  }
  const first = await Promise.race([
    work.then(() => ({ done: true as const })),
    opts.interrupted.then((reason) => ({ done: false as const, reason })),
  ]);
  if (first.done) return run.results;
  const stopped = (run.stopped = first.reason);
  // Requests already sent may still be answered: give them a moment, unless the user insists.
  await Promise.race([work, graceDelay(opts.graceMs ?? DEFAULT_GRACE_MS), ...(opts.endGrace ? [opts.endGrace] : [])]);
  // A snapshot: requests that settle later no longer change the report.
  return run.results.map((r, i) => {
    if (run.inFlight.has(i)) {
      return {
        key: r.key,
        status: 'failed',
        error: `interrupted (${stopped}) before an answer came back`,
        outcomeUnknown: true,
        interrupted: true,
      };
    }
    if (r.status === 'not-sent' && r.error === undefined) return { ...r, error: `not sent: interrupted (${stopped})` };
    return { ...r };
  });
}

/** A delay that does not keep the process alive. */
function graceDelay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

/**
 * After a write with failures, marks each result with whether its key exists on the server, and
 * turns a failed *new* key that is nevertheless present into `written` (its request landed but the
 * answer was lost), and clears `outcomeUnknown` of a failed new key that is absent (it did not
 * land, unless it was still in flight at an interruption). A failed key that existed before keeps
 * `failed`; its `outcomeUnknown` says whether the old or the new value is there cannot be known.
 *
 * @param results results of {@link writeKeys} (changed in place and returned)
 * @param keysAfter key names the server lists after the writes
 * @param existedBefore key names the set had before the writes
 */
export function reconcileWithServer(
  results: KeyWriteResult[],
  keysAfter: ReadonlySet<string>,
  existedBefore: ReadonlySet<string>,
): KeyWriteResult[] {
  for (const r of results) {
    r.presentAfter = keysAfter.has(r.key);
    if (r.status !== 'written' && r.presentAfter && !existedBefore.has(r.key)) {
      r.status = 'written';
      r.error = undefined;
      r.outcomeUnknown = undefined;
      r.httpStatus = undefined;
    } else if (r.status === 'failed' && !r.presentAfter && !existedBefore.has(r.key) && !r.interrupted) {
      // A new key that is absent did not land (unless its request was still in flight when the
      // command was interrupted: it may land after this read).
      r.outcomeUnknown = undefined;
    }
  }
  return results;
}
