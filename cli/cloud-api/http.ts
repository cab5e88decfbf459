/**
 * The HTTP mechanics of `CloudClient` (`client.ts`): path building, bounded reading of an
 * answer, turning an error answer into an {@link ApiError}, low-level error codes into an
 * {@link UnreachableReason}, the retry decisions (and the repeat of a rate-limited request that is
 * not idempotent, {@link retryRateLimited}), and request bodies without undefined fields
 * ({@link compact}). node-fetch 3 is imported lazily.
 *
 * Source: the `{"error","code"}` error body (docs.pipecat.ai REST reference, overview "Errors"); `Retry-After` in
 * seconds or as an HTTP date (RFC 9110 §10.2.3).
 */
import { packageInfo } from '../../generators/app/paths.js';
import { ApiError, HostUnreachableError, type UnreachableReason } from './errors.js';
import type { ApiErrorBody } from './types.js';

/**
 * Build an API path from literal parts and values; every value is one percent-encoded segment.
 *
 * @example apiPath`/v1/organizations/${org}/secrets/${set}`
 * @throws RangeError when a value is empty, `.` or `..` (they cannot be one path segment)
 */
export function apiPath(strings: TemplateStringsArray, ...values: string[]): string {
  let out = strings[0];
  values.forEach((v, i) => {
    if (v === '' || v === '.' || v === '..') throw new RangeError(`invalid path segment ${JSON.stringify(v)}`);
    out += encodeURIComponent(v) + strings[i + 1];
  });
  return out;
}

/**
 * Replace every secret in a JSON body with `<redacted>` for debug output (`secretValue` and any
 * field whose name mentions a token, password or value of a secret).
 *
 * @param body the request body
 * @returns JSON text safe to log
 */
export function redactBody(body: unknown): string {
  return JSON.stringify(body, (k, v) =>
    /^(secretValue|value|token|password|authorization|refresh_token)$/i.test(k) && v !== undefined ? '<redacted>' : v,
  );
}

/**
 * Parse a `Retry-After` header: delay seconds or an HTTP date.
 *
 * @param value header value
 * @param now current time in ms since the epoch
 * @returns milliseconds to wait (never negative), or undefined when absent or unparsable
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, t - now);
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL|HOSTNAME_MISMATCH|EPROTO)/;

/** Map a low-level error code to a {@link UnreachableReason}. */
export function reasonFor(code: string | undefined, message: string): UnreachableReason {
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME') return 'dns';
  if (code && TLS_CODES.test(code)) return 'tls';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || /socket hang up|premature close/i.test(message))
    return 'reset';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  return 'other';
}

/** Longest platform error message kept, in characters: error bodies are cut to this once, here. */
const ERROR_MESSAGE_MAX = 300;

/** Bytes of an error (or redirect) body read at most; the rest is not downloaded. */
const ERROR_BODY_READ_LIMIT = 64 * 1024;

/** Bytes of a success answer read at most (a listing of thousands of sets is far smaller). */
const ANSWER_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * `text` cut to `max` characters, with an ellipsis and the length when cut.
 *
 * @param more true when `text` is itself the start of something longer (a body read in part)
 */
function truncate(text: string, max: number, more = false): string {
  if (text.length <= max && !more) return text;
  return `${text.slice(0, max)}… (cut; ${text.length}${more ? '+' : ''} characters)`;
}

/**
 * Reads a response body up to `limit` bytes, then stops (destroys the stream, so the rest is never
 * downloaded or buffered).
 *
 * @param body node-fetch's body stream (null for an empty body)
 * @returns the UTF-8 text read and whether the body was longer
 */
async function readLimited(body: NodeJS.ReadableStream | null, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!body) return { text: '', truncated: false };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const room = limit - size;
    if (b.length > room) {
      chunks.push(b.subarray(0, room));
      (body as unknown as { destroy?: () => void }).destroy?.();
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(b);
    size += b.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

/**
 * The start of the `error` field of a JSON error body that was cut before its end (too long to
 * parse), or undefined when the text does not start like one.
 */
function cutErrorField(text: string): string | undefined {
  const m = /^\s*\{\s*"error"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(text);
  if (!m) return undefined;
  try {
    return JSON.parse(`"${m[1].replace(/\\$/, '')}"`) as string;
  } catch {
    return m[1];
  }
}

/** Where a redirect points, as origin and path only (a query may hold anything), or `an unnamed place`. */
function describeLocation(location: string | null, base: URL): string {
  if (!location) return 'an unnamed place (no Location header)';
  try {
    const to = new URL(location, base);
    return truncate(to.origin + to.pathname, 200);
  } catch {
    return 'an invalid Location';
  }
}

/** Resolves after `ms` milliseconds (the retry backoff). */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let fetchModule: Promise<typeof import('node-fetch')> | undefined;

/** node-fetch's `fetch`, imported on the first request (commands that send none never load it). */
export async function loadFetch(): Promise<(typeof import('node-fetch'))['default']> {
  fetchModule ??= import('node-fetch');
  return (await fetchModule).default;
}

/** The User-Agent we send: `generator-pipecat/<version>`. */
export function userAgent(): string {
  try {
    const p = packageInfo();
    return `${p.name}/${p.version} node/${process.versions.node}`;
  } catch {
    return `generator-pipecat/unknown node/${process.versions.node}`;
  }
}

/** True when an error is worth another attempt (the request is idempotent). */
export function isRetryable(err: unknown): boolean {
  if (err instanceof HostUnreachableError) return true;
  if (err instanceof ApiError) return err.status === 429 || err.status >= 500 || (err.status === 409 && err.code === 'CONFLICT');
  return false;
}

/**
 * The one rule for "the request may have landed": no answer came back although the connection was
 * made (a reset, a timeout, anything but a refused connection, a failed name lookup or TLS), or the
 * platform answered 5xx. A caller re-reads to find out (deploy, DELETE retries, secrets writes).
 */
export function outcomeUnknown(err: unknown): boolean {
  if (err instanceof HostUnreachableError) return err.reason === 'reset' || err.reason === 'timeout' || err.reason === 'other';
  return err instanceof ApiError && err.status >= 500;
}

/** An answer as read by {@link readAnswer}: status, headers we use, and the (bounded) body text. */
export interface RawAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
  location: string | null;
  /** True when an error body was longer than {@link ERROR_BODY_READ_LIMIT} (only its start was read). */
  cut: boolean;
}

/**
 * Reads an answer: an error body only as far as its message needs, a success answer up to
 * {@link ANSWER_LIMIT_BYTES}.
 *
 * @param res node-fetch's response
 * @throws ApiError `INVALID_RESPONSE` when a success answer is larger than the limit
 */
export async function readAnswer(
  res: { status: number; headers: { get(name: string): string | null }; body: NodeJS.ReadableStream | null },
  method: string,
  path: string,
): Promise<RawAnswer> {
  const status = res.status;
  const retryAfter = res.headers.get('retry-after');
  const location = res.headers.get('location');
  const read = await readLimited(res.body, status >= 300 ? ERROR_BODY_READ_LIMIT : ANSWER_LIMIT_BYTES);
  if (read.truncated && status < 300) {
    throw new ApiError({
      status,
      code: 'INVALID_RESPONSE',
      message: `the answer is larger than ${ANSWER_LIMIT_BYTES / (1024 * 1024)} MiB`,
      method,
      path,
    });
  }
  return { status, text: read.text, retryAfter, location, cut: read.truncated };
}

/**
 * The parsed JSON body of an answer (an empty object for an empty body).
 *
 * @param url the request's URL (a redirect's target is resolved against it)
 * @throws ApiError `REDIRECT` for a 3xx (never followed), the platform's code for a 4xx/5xx,
 *   `INVALID_RESPONSE` for a success answer that is not JSON
 */
export function interpretAnswer<T>(a: RawAnswer, method: string, path: string, url: URL): T {
  const { status, text } = a;
  let parsed: unknown = undefined;
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (status >= 300 && status < 400) {
    throw new ApiError({
      status,
      code: 'REDIRECT',
      message: `the API answered with a redirect to ${describeLocation(a.location, url)} (not followed: it would send the token there); check --api-host or PIPECAT_API_HOST`,
      method,
      path,
    });
  }
  if (status >= 400) {
    const b = (parsed ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError({
      status,
      code: typeof b.code === 'string' && b.code ? truncate(b.code, 64) : `HTTP_${status}`,
      message: truncate(
        typeof b.error === 'string' && b.error ? b.error : (cutErrorField(text) ?? (text.trim() || `HTTP ${status}`)),
        ERROR_MESSAGE_MAX,
        a.cut,
      ),
      method,
      path,
      retryAfterMs: parseRetryAfter(a.retryAfter),
    });
  }
  if (parsed === undefined && text.trim() !== '') {
    throw new ApiError({ status, code: 'INVALID_RESPONSE', message: 'the answer is not JSON', method, path });
  }
  return (parsed ?? {}) as T;
}

/** Drops undefined values, recursively (the official CLI sends no null fields). */
export function compact<T>(v: T): T {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = compact(x);
  return out as T;
}

/**
 * Send a non-idempotent request again when the platform answers 429: a rate-limited request was
 * not processed, so repeating it is safe. Waits `Retry-After` (at most 30 s; default 1 s).
 *
 * @param attempts at most this many attempts (default 4)
 */
export async function retryRateLimited<T>(send: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429 || attempt >= attempts || (err.retryAfterMs ?? 0) > 30_000) throw err;
      await new Promise((r) => setTimeout(r, err.retryAfterMs ?? 1000));
    }
  }
}
