/**
 * Typed client of the Pipecat Cloud REST API (secrets, regions, organisations, identity).
 *
 * Source: ../shared/design/cloud-api.md (the contract of `api.pipecat.daily.co` as used by the
 * official `pipecatcloud` CLI 0.6). Built on node-fetch 3 (imported lazily on the first request).
 *
 * The client never prints, prompts or exits: it returns typed data or throws
 * - {@link ApiError} when the platform answered with an error status (`exitCode` 4 for 401, else 1);
 * - {@link HostUnreachableError} when no answer came back (refused, DNS, TLS, reset, timeout).
 *
 * Retries (see {@link CloudClient.request}): on idempotent requests only (GET, PUT, DELETE), for
 * network errors, 429 (honouring `Retry-After`), 5xx and 409 `CONFLICT`, with exponential backoff
 * and full jitter, at most `maxAttempts` attempts. DELETE is treated as idempotent: when an earlier
 * attempt's outcome is unknown (no answer, reset, timeout or 5xx) and a retry answers 404
 * `NOT_FOUND`, the first attempt most likely landed, so the call resolves as a success instead of
 * reporting the 404.
 */
import { packageInfo } from '../../generators/app/paths.js';
import { ApiError, HostUnreachableError, type UnreachableReason } from './errors.js';
import type {
  ApiErrorBody,
  Organization,
  OrganizationProperties,
  Region,
  SecretSetDetail,
  SecretSetSummary,
  UpsertResult,
  User,
} from './types.js';

/** Default API base URL of Pipecat Cloud. */
export const DEFAULT_API_HOST = 'https://api.pipecat.daily.co';

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
export type HttpMethod = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

/** One request for {@link CloudClient.request}. */
export interface RequestSpec {
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
}

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
function reasonFor(code: string | undefined, message: string): UnreachableReason {
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME') return 'dns';
  if (code && TLS_CODES.test(code)) return 'tls';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || /socket hang up|premature close/i.test(message))
    return 'reset';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  return 'other';
}

/** Longest platform error message kept, in characters: error bodies are cut to this once, here. */
export const ERROR_MESSAGE_MAX = 300;

/** Bytes of an error (or redirect) body read at most; the rest is not downloaded. */
export const ERROR_BODY_READ_LIMIT = 64 * 1024;

/** Bytes of a success answer read at most (a listing of thousands of sets is far smaller). */
export const ANSWER_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * `text` cut to `max` characters, with an ellipsis and the length when cut.
 *
 * @param more true when `text` is itself the start of something longer (a body read in part)
 */
export function truncate(text: string, max: number, more = false): string {
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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let fetchModule: Promise<typeof import('node-fetch')> | undefined;

/** node-fetch's `fetch`, imported on the first request (commands that send none never load it). */
async function loadFetch(): Promise<(typeof import('node-fetch'))['default']> {
  fetchModule ??= import('node-fetch');
  return (await fetchModule).default;
}

/** The User-Agent we send: `generator-pipecat/<version>`. */
function userAgent(): string {
  try {
    const p = packageInfo();
    return `${p.name}/${p.version} node/${process.versions.node}`;
  } catch {
    return `generator-pipecat/unknown node/${process.versions.node}`;
  }
}

/** True when an error is worth another attempt (the request is idempotent). */
function isRetryable(err: unknown): boolean {
  if (err instanceof HostUnreachableError) return true;
  if (err instanceof ApiError) return err.status === 429 || err.status >= 500 || (err.status === 409 && err.code === 'CONFLICT');
  return false;
}

/** True when the request may have been applied although we got no success answer. */
function outcomeUnknown(err: unknown): boolean {
  if (err instanceof HostUnreachableError) return err.reason === 'reset' || err.reason === 'timeout' || err.reason === 'other';
  return err instanceof ApiError && err.status >= 500;
}

/**
 * Client of the Pipecat Cloud REST API. One instance per token and base URL; methods are safe to
 * call concurrently. `org` parameters are organisation names (as in `GET /v1/organizations`).
 */
export class CloudClient {
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
   * `GET /v1/organizations/{org}/secrets`: every secret set of the organisation.
   *
   * @param opts.region only sets in this region
   */
  async listSecretSets(org: string, opts: { region?: string } = {}): Promise<SecretSetSummary[]> {
    const r = await this.request<{ sets?: SecretSetSummary[] }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/secrets`,
      query: { region: opts.region },
    });
    return r.sets ?? [];
  }

  /**
   * `GET /v1/organizations/{org}/secrets/{set}`: key names (never values), region and status.
   *
   * @throws ApiError 404 `NOT_FOUND` when the set does not exist; 400 `GENERIC_BAD_REQUEST` for an
   *   image pull secret (they cannot be read by name)
   */
  async getSecretSet(org: string, set: string, opts: { region?: string } = {}): Promise<SecretSetDetail> {
    return this.request<SecretSetDetail>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/secrets/${set}`,
      query: { region: opts.region },
    });
  }

  /**
   * `PUT /v1/organizations/{org}/secrets/{set}` with one key: creates the set when missing. The set
   * is `pending` afterwards, then `ready` or `failed`.
   *
   * @param opts.region region of a new set (a different region for an existing set is a 400)
   * @returns `{status:'OK', region}` from the 202 answer
   */
  async upsertSecret(org: string, set: string, key: string, value: string, opts: { region?: string } = {}): Promise<UpsertResult> {
    const body: Record<string, unknown> = { name: set, isImagePullSecret: false, secretKey: key, secretValue: value };
    if (opts.region) body.region = opts.region;
    return this.request<UpsertResult>({ method: 'PUT', path: apiPath`/v1/organizations/${org}/secrets/${set}`, body });
  }

  /**
   * `PUT /v1/organizations/{org}/secrets/{set}` creating or replacing an image pull secret.
   *
   * @param p.host registry URL (the server appends `/`); p.secretValue base64 of `user:token`
   */
  async upsertImagePullSecret(org: string, set: string, p: { host: string; secretValue: string; region?: string }): Promise<UpsertResult> {
    const body: Record<string, unknown> = { isImagePullSecret: true, secretValue: p.secretValue, host: p.host };
    if (p.region) body.region = p.region;
    return this.request<UpsertResult>({ method: 'PUT', path: apiPath`/v1/organizations/${org}/secrets/${set}`, body });
  }

  /**
   * `DELETE /v1/organizations/{org}/secrets/{set}/{key}`.
   *
   * @throws ApiError 404 `NOT_FOUND` ("Secret not found" / "Set not found"), unless an earlier
   *   attempt of this call may have landed (see the module comment)
   */
  async deleteSecret(org: string, set: string, key: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/secrets/${set}/${key}` });
  }

  /** `DELETE /v1/organizations/{org}/secrets/{set}` (either type). @throws ApiError 404 `NOT_FOUND` */
  async deleteSecretSet(org: string, set: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/secrets/${set}` });
  }

  /** `GET /v1/organizations/{org}/regions`: codes and display names. */
  async regions(org: string): Promise<Region[]> {
    const r = await this.request<{ regions?: Region[] }>({ method: 'GET', path: apiPath`/v1/organizations/${org}/regions` });
    return r.regions ?? [];
  }

  /** `GET /v1/organizations/{org}/properties`, e.g. `{defaultRegion:'us-west'}`. */
  async organizationProperties(org: string): Promise<OrganizationProperties> {
    const r = await this.request<{ properties: OrganizationProperties }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/properties`,
    });
    return r.properties;
  }

  /** `GET /v1/organizations`: the organisations the token can use (also how a token is checked). */
  async organizations(): Promise<Organization[]> {
    const r = await this.request<{ organizations?: Organization[] }>({ method: 'GET', path: '/v1/organizations' });
    return r.organizations ?? [];
  }

  /** `GET /v1/users`: the token's user. */
  async whoami(): Promise<User> {
    const r = await this.request<{ user: User }>({ method: 'GET', path: '/v1/users' });
    return r.user;
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

  /** One attempt of {@link request}. */
  private async once<T>(spec: RequestSpec, attempt: number): Promise<T> {
    const fetch = await loadFetch();
    const url = new URL(this.baseUrl + spec.path);
    if (spec.query) for (const [k, v] of Object.entries(spec.query)) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.token}`,
      'User-Agent': this.ua,
      Accept: 'application/json',
    };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['Content-Type'] = 'application/json';
    }
    const started = this.debug ? performance.now() : 0;
    const ms = () => `${Math.round(performance.now() - started)} ms`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    // Debug lines are built only when there is a debug sink (this runs once per request).
    const line = () => `${spec.method} ${url.href}${attempt > 1 ? ` (attempt ${attempt})` : ''}`;
    if (body !== undefined) this.debug?.(`${line()} body ${redactBody(spec.body)}`);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    let location: string | null = null;
    let cut = false;
    try {
      // A redirect is never followed (it would carry the token and the body elsewhere): it is
      // reported as what it is, below.
      const res = await fetch(url, { method: spec.method, headers, body, signal: controller.signal, redirect: 'manual' });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      location = res.headers.get('location');
      // An error body is read only as far as its message needs; an answer is bounded too.
      const read = await readLimited(res.body, status >= 300 ? ERROR_BODY_READ_LIMIT : ANSWER_LIMIT_BYTES);
      text = read.text;
      cut = read.truncated;
      if (read.truncated && status < 300) {
        throw new ApiError({
          status,
          code: 'INVALID_RESPONSE',
          message: `the answer is larger than ${ANSWER_LIMIT_BYTES / (1024 * 1024)} MiB`,
          method: spec.method,
          path: spec.path,
        });
      }
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
    this.debug?.(`${line()} -> ${status} (${ms()})`);
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
        message: `the API answered with a redirect to ${describeLocation(location, url)} (not followed: it would send the token there); check --api-host or PIPECAT_API_HOST`,
        method: spec.method,
        path: spec.path,
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
          cut,
        ),
        method: spec.method,
        path: spec.path,
        retryAfterMs: parseRetryAfter(retryAfter),
      });
    }
    if (parsed === undefined && text.trim() !== '') {
      throw new ApiError({ status, code: 'INVALID_RESPONSE', message: 'the answer is not JSON', method: spec.method, path: spec.path });
    }
    return (parsed ?? {}) as T;
  }
}
