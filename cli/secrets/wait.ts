/**
 * `--wait`: polling a secret set until the platform has provisioned it.
 *
 * Source: docs.pipecat.ai fundamentals/secrets, "Provisioning and readiness" (writes are
 * asynchronous: a set is `pending` after a write, then `ready` or `failed` with `errorMessage`).
 */
import type { SecretSetStatus } from '../cloud-api/types.js';

/** Outcome of {@link waitForSet}. */
interface WaitOutcome {
  /** Last status seen, or `timeout` when the set was still pending at the deadline. */
  status: SecretSetStatus | 'timeout';
  errorMessage?: string;
  /** Milliseconds spent waiting. */
  waitedMs: number;
}

/** Options of {@link waitForSet}. */
interface WaitOptions {
  /** Give up after this many milliseconds. */
  timeoutMs: number;
  /** First delay between polls in ms (doubles up to {@link WaitOptions.maxIntervalMs}); default 100. */
  intervalMs?: number;
  /** Longest delay between polls in ms; default 2000. */
  maxIntervalMs?: number;
  /** Called with each status read. */
  onStatus?: (status: SecretSetStatus) => void;
}

/**
 * Polls until the set is `ready` or `failed`, or the time is up.
 *
 * @param read reads the set's status (errors from it propagate: an unreachable host is not "pending")
 * @param opts timeout and poll intervals
 */
export async function waitForSet(
  read: () => Promise<{ status: SecretSetStatus; errorMessage?: string }>,
  opts: WaitOptions,
): Promise<WaitOutcome> {
  const started = Date.now();
  let interval = opts.intervalMs ?? 100;
  const maxInterval = opts.maxIntervalMs ?? 2000;
  for (;;) {
    const s = await read();
    opts.onStatus?.(s.status);
    if (s.status === 'ready' || s.status === 'failed') {
      return { status: s.status, ...(s.errorMessage ? { errorMessage: s.errorMessage } : {}), waitedMs: Date.now() - started };
    }
    const left = opts.timeoutMs - (Date.now() - started);
    if (left <= 0) return { status: 'timeout', waitedMs: Date.now() - started };
    await new Promise((r) => setTimeout(r, Math.min(interval, left)));
    interval = Math.min(maxInterval, interval * 2);
  }
}
