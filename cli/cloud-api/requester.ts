/**
 * The HTTP mechanics of the Pipecat Cloud client: one request with a per-attempt timeout, bounded
 * reads, typed errors and retries with exponential backoff and full jitter (idempotent requests
 * only), never following a redirect. The endpoints are methods of its subclasses:
 * `OrganizationEndpoints` (`organization-endpoints.ts`) and `CloudClient` (`client.ts`), the one
 * client the commands use.
 *
 * Retries: on idempotent requests only (GET, PUT, DELETE), for network errors, 429 (honouring
 * `Retry-After`), 5xx and 409 `CONFLICT`, at most `maxAttempts` attempts. DELETE is treated as
 * idempotent: when an earlier attempt's outcome is unknown (no answer, reset, timeout or 5xx) and a
 * retry answers 404 `NOT_FOUND`, the first attempt most likely landed, so the call resolves as a
 * success instead of reporting the 404.
 */
import { ApiError, HostUnreachableError, type UnreachableReason } from './errors.js';
import {
  interpretAnswer,
  isRetryable,
  loadFetch,
  outcomeUnknown,
  readAnswer,
  reasonFor,
  redactBody,
  sleep,
  userAgent,
  type RawAnswer,
} from './http.js';

/** Default API base URL of Pipecat Cloud. */
const DEFAULT_API_HOST = 'https://api.pipecat.daily.co';

/** Options of {@link CloudClient}. */
export interface CloudClientOptions {
  /** Bearer token (a personal access token `pcc_pat_...`). Never logged. */
  token: string;
  /** API base URL; default `process.env.PIPECAT_API_HOST ?? 'https://api.pipecat.daily.co'`. */
  baseUrl?: string;
  /** Time limit of one attempt in milliseconds, covering the answer's body too; default 15000. */
  timeoutMs?: number;
  /** Attempts per idempotent request (first try included); default 4. Non-idempotent: always 1. */
  maxAttempts?: number;
  /** Base of the exponential backoff in milliseconds (attempt n waits up to base*2^(n-1)); default 250. */
  retryBaseMs?: number;
  /** Upper bound of one backoff delay, and of a honoured `Retry-After`, in milliseconds; default 30000. */
  maxRetryDelayMs?: number;
  /** Receives one line per attempt (method, URL, status, timing) with secrets redacted. */
  debug?: (line: string) => void;
}

/** HTTP methods the client sends. */
type HttpMethod = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

/** One request for {@link CloudClient.request}. */
interface RequestSpec {
  method: HttpMethod;
  /** Path below the base URL, already percent-encoded (use {@link apiPath}), e.g. `/v1/users`. */
  path: string;
  /** Query parameters; undefined values are skipped. */
  query?: Record<string, string | undefined>;
  /** JSON body. */
  body?: unknown;
  /**
   * Whether the request may be retried. Defaults to true for GET, PUT and DELETE, false for POST
   * and PATCH.
   */
  idempotent?: boolean;
  /**
   * Bearer token of this request instead of the client's: a public API key (`pk_...`) for the
   * public start endpoint (pipecatcloud `api.py`, `override_token`). Never logged.
   */
  bearer?: string;
}

/**
 * Sends requests to the Pipecat Cloud REST API for one token and base URL (safe to use
 * concurrently). `CloudClient` (`client.ts`) extends it with the endpoints.
 */
export class ApiRequester {
  readonly baseUrl: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly debug?: (line: string) => void;
  private readonly ua = userAgent();

  /** @param opts token, base URL, timeouts, retry policy and debug sink */
  constructor(opts: CloudClientOptions) {
    this.token = opts.token;
    this.baseUrl = (opts.baseUrl ?? process.env.PIPECAT_API_HOST ?? DEFAULT_API_HOST).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? 4);
    this.retryBaseMs = opts.retryBaseMs ?? 250;
    this.maxRetryDelayMs = opts.maxRetryDelayMs ?? 30_000;
    this.debug = opts.debug;
  }

  /**
   * Send one request with timeout and retries; parse the JSON answer.
   *
   * @typeParam T the expected answer body
   * @returns the parsed JSON body (an empty object for an empty body)
   * @throws ApiError for an error status after the last attempt; HostUnreachableError when no answer
   */
  async request<T = unknown>(spec: RequestSpec): Promise<T> {
    const idempotent = spec.idempotent ?? (spec.method === 'GET' || spec.method === 'PUT' || spec.method === 'DELETE');
    const attempts = idempotent ? this.maxAttempts : 1;
    let ambiguous = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once<T>(spec, attempt);
      } catch (err) {
        if (spec.method === 'DELETE' && ambiguous && err instanceof ApiError && err.status === 404) {
          this.debug?.(`${spec.method} ${spec.path}: 404 after an attempt with unknown outcome: treated as deleted`);
          return {} as T;
        }
        if (attempt >= attempts || !isRetryable(err)) throw err;
        ambiguous ||= outcomeUnknown(err);
        const backoff = Math.min(this.maxRetryDelayMs, this.retryBaseMs * 2 ** (attempt - 1));
        let delay = Math.random() * backoff; // full jitter
        if (err instanceof ApiError && err.retryAfterMs !== undefined) {
          if (err.retryAfterMs > this.maxRetryDelayMs) throw err; // the server asks for longer than we wait
          delay = Math.max(delay, err.retryAfterMs);
        }
        this.debug?.(`retry ${attempt + 1}/${attempts} of ${spec.method} ${spec.path} in ${Math.round(delay)} ms`);
        await sleep(delay);
      }
    }
  }

  /** One attempt of {@link request}: send it, then turn the answer into data or an {@link ApiError}. */
  private async once<T>(spec: RequestSpec, attempt: number): Promise<T> {
    const url = new URL(this.baseUrl + spec.path);
    if (spec.query) for (const [k, v] of Object.entries(spec.query)) if (v !== undefined) url.searchParams.set(k, v);
    const started = this.debug ? performance.now() : 0;
    const ms = () => `${Math.round(performance.now() - started)} ms`;
    // Debug lines are built only when there is a debug sink (this runs once per request).
    const line = () => `${spec.method} ${url.href}${attempt > 1 ? ` (attempt ${attempt})` : ''}`;
    const answer = await this.send(spec, url, line, ms);
    this.debug?.(`${line()} -> ${answer.status} (${ms()})`);
    return interpretAnswer<T>(answer, spec.method, spec.path, url);
  }

  /**
   * Sends one attempt and reads its answer (bounded), within the per-attempt timeout. A redirect
   * is never followed (it would carry the token and the body elsewhere): {@link interpretAnswer}
   * reports it as what it is.
   *
   * @throws HostUnreachableError when no answer came back; ApiError when a success answer is too large
   */
  private async send(spec: RequestSpec, url: URL, line: () => string, ms: () => string): Promise<RawAnswer> {
    const fetch = await loadFetch();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${spec.bearer ?? this.token}`,
      'User-Agent': this.ua,
      Accept: 'application/json',
    };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['Content-Type'] = 'application/json';
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    if (body !== undefined) this.debug?.(`${line()} body ${redactBody(spec.body)}`);
    try {
      const res = await fetch(url, { method: spec.method, headers, body, signal: controller.signal, redirect: 'manual' });
      return await readAnswer(res, spec.method, spec.path);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const e = err as Error & { code?: string; errno?: string; cause?: { code?: string } };
      const code = e.code ?? e.cause?.code;
      const reason: UnreachableReason = timedOut ? 'timeout' : reasonFor(code, e.message ?? '');
      this.debug?.(`${line()} -> no answer: ${reason}${code ? ` ${code}` : ''} (${ms()})`);
      throw new HostUnreachableError({
        reason,
        host: url.origin,
        method: spec.method,
        path: spec.path,
        causeCode: code,
        detail: timedOut ? `${this.timeoutMs} ms` : undefined,
      });
    } finally {
      clearTimeout(timer);
    }
  }
}
