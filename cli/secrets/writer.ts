/**
 * Writing many secret keys with bounded concurrency and an exact per-key report.
 *
 * The platform's contract is one `PUT` per key (../shared/design/cloud-api.md); the official CLI
 * sends them one after another and stops at the first failure without saying which keys landed.
 * Here keys go out through a `p-limit` pool (the client retries each idempotent `PUT` itself), every
 * key ends as `written`, `failed` or `not-sent`, and after a failure the caller can re-read the set
 * to confirm which keys exist ({@link reconcileWithServer}).
 */
import pLimit from 'p-limit';

/** Final state of one key after {@link writeKeys}. */
export type KeyWriteStatus = 'written' | 'failed' | 'not-sent';

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
}

/** Default number of requests in flight at once. */
export const DEFAULT_CONCURRENCY = 8;

/** Options of {@link writeKeys}. */
export interface WriteKeysOptions<K extends { key: string }> {
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
  /** Text for an error (the caller redacts it). */
  describe?: (err: unknown) => string;
  /** Whether a failed request may nevertheless have been applied (no answer, timeout, 5xx). */
  isOutcomeUnknown?: (err: unknown) => boolean;
}

/**
 * Writes every key with at most `concurrency` requests in flight.
 *
 * @returns one result per item, in the items' order; never rejects because of a key's failure
 */
export async function writeKeys<K extends { key: string }>(opts: WriteKeysOptions<K>): Promise<KeyWriteResult[]> {
  const { items, write } = opts;
  const describe = opts.describe ?? ((e: unknown) => (e instanceof Error ? e.message : String(e)));
  const results: KeyWriteResult[] = items.map((i) => ({ key: i.key, status: 'not-sent' }));
  let settled = 0;
  let fatal: string | undefined;

  const one = async (index: number): Promise<void> => {
    if (fatal !== undefined) {
      results[index] = { key: items[index].key, status: 'not-sent', error: `not sent: ${fatal}` };
    } else {
      try {
        await write(items[index]);
        results[index] = { key: items[index].key, status: 'written' };
      } catch (err) {
        const message = describe(err);
        results[index] = {
          key: items[index].key,
          status: 'failed',
          error: message,
          ...(opts.isOutcomeUnknown?.(err) ? { outcomeUnknown: true } : {}),
        };
        if (opts.isFatal?.(err) && fatal === undefined) fatal = `an earlier request failed: ${message}`;
      }
    }
    settled++;
    opts.onProgress?.(settled, items.length);
  };

  let start = 0;
  if (opts.firstAlone && items.length > 0) {
    await one(0);
    start = 1;
  }
  const limit = pLimit(Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY));
  await Promise.all(items.slice(start).map((_, i) => limit(() => one(start + i))));
  return results;
}

/**
 * After a write with failures, marks each result with whether its key exists on the server, and
 * turns a failed *new* key that is nevertheless present into `written` (its request landed but the
 * answer was lost), and clears `outcomeUnknown` of a failed new key that is absent (it did not
 * land). A failed key that existed before keeps `failed`; its `outcomeUnknown` says whether the old
 * or the new value is there cannot be known.
 *
 * @param results results of {@link writeKeys} (changed in place and returned)
 * @param keysAfter key names the server lists after the writes
 * @param existedBefore key names the set had before the writes
 */
export function reconcileWithServer(results: KeyWriteResult[], keysAfter: ReadonlySet<string>, existedBefore: ReadonlySet<string>): KeyWriteResult[] {
  for (const r of results) {
    r.presentAfter = keysAfter.has(r.key);
    if (r.status !== 'written' && r.presentAfter && !existedBefore.has(r.key)) {
      r.status = 'written';
      r.error = undefined;
      r.outcomeUnknown = undefined;
    } else if (r.status === 'failed' && !r.presentAfter && !existedBefore.has(r.key)) {
      r.outcomeUnknown = undefined; // a new key that is absent did not land
    }
  }
  return results;
}
