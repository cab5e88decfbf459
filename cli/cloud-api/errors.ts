/**
 * The errors of the Pipecat Cloud API client, in a module that imports nothing (no client, no
 * node-fetch), so any module can recognise them with `instanceof` without loading the client.
 *
 * Source: the platform's `{"error","code"}` error body (docs.pipecat.ai REST reference, overview "Errors";
 * the official CLI's `src/pipecatcloud/api.py` reads the same fields).
 */
import { visibleField, visibleLines } from '../../generators/app/output/terminal-safe.js';

/**
 * The platform answered with an error status (4xx/5xx).
 *
 * `code` is the platform's code from the `{"error","code"}` body (`NOT_FOUND`, `UNAUTHORIZED`,
 * `GENERIC_BAD_REQUEST`, `CONFLICT`, `PCC-nnnn`...), or `HTTP_<status>` when the body had none.
 * `exitCode` is 4 for 401 (not logged in) and 1 otherwise.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly method: string;
  readonly path: string;
  /**
   * The platform's own message (`error` field), without our prefix, its control characters made
   * visible (`visibleLines`: it is text from outside, quoted into our lines).
   */
  readonly apiMessage: string;
  /**
   * The message with the platform's code and text as received, for the JSON error document (JSON
   * escapes them itself; `cli/output/json-error.ts`). `message` is the same sentence, safe to print.
   */
  readonly jsonMessage: string;
  /** Process exit code for this error: 4 when `status` is 401, else 1. */
  readonly exitCode: number;
  /** Seconds the server asked us to wait (`Retry-After`), when given. */
  readonly retryAfterMs?: number;

  /**
   * @param p status, code, the platform's message, method, path and optional `Retry-After` in ms
   */
  constructor(p: { status: number; code: string; message: string; method: string; path: string; retryAfterMs?: number }) {
    const sentence = (code: string, message: string, path: string) =>
      p.status === 401
        ? `Pipecat Cloud rejected the credentials (${p.method} ${path}: 401 ${code}: ${message})`
        : `Pipecat Cloud: ${p.method} ${path} failed: ${p.status} ${code}: ${message}`;
    super(sentence(visibleField(p.code), visibleLines(p.message), visibleField(p.path)));
    this.name = 'ApiError';
    this.jsonMessage = sentence(p.code, p.message, p.path);
    this.status = p.status;
    this.code = p.code;
    this.apiMessage = visibleLines(p.message);
    this.method = p.method;
    this.path = p.path;
    this.retryAfterMs = p.retryAfterMs;
    this.exitCode = p.status === 401 ? 4 : 1;
  }
}

/** Why a host could not be reached. */
export type UnreachableReason = 'refused' | 'dns' | 'tls' | 'timeout' | 'reset' | 'other';

/**
 * No HTTP answer came back: connection refused, DNS failure, TLS failure, connection reset, or the
 * per-attempt timeout. The message says the host could not be reached and names it. Exit code 1.
 */
export class HostUnreachableError extends Error {
  readonly exitCode = 1;
  readonly reason: UnreachableReason;
  /** Origin that could not be reached, e.g. `https://api.pipecat.daily.co`. */
  readonly host: string;
  readonly method: string;
  readonly path: string;
  /** Low-level error code when known (`ECONNREFUSED`, `ENOTFOUND`...). */
  readonly causeCode?: string;

  /** @param p reason, host, method, path, the low-level code and detail text */
  constructor(p: { reason: UnreachableReason; host: string; method: string; path: string; causeCode?: string; detail?: string }) {
    const why: Record<UnreachableReason, string> = {
      refused: 'connection refused',
      dns: 'host name not found (DNS)',
      tls: 'TLS/certificate failure',
      timeout: 'no answer before the timeout',
      reset: 'connection reset',
      other: 'network error',
    };
    const detail = p.detail ? ` (${p.detail})` : p.causeCode ? ` (${p.causeCode})` : '';
    super(`could not reach Pipecat Cloud at ${p.host}: ${why[p.reason]}${detail} during ${p.method} ${p.path}`);
    this.name = 'HostUnreachableError';
    this.reason = p.reason;
    this.host = p.host;
    this.method = p.method;
    this.path = p.path;
    this.causeCode = p.causeCode;
  }
}

/** The upload failed: the storage answered an error status, or no answer came back. */
export class UploadError extends Error {
  readonly exitCode = 1;
  /** @param message what failed, naming the URL's origin */
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * True for a 404 whose message names the organisation (the emulator's `Organization 'x' not
 * found`): the organisation is missing, not the agent or set the request asked for, so a reader
 * must not take it for "no such agent" (see `organizationNotFound` in
 * `cli/commands/cloud/known-org.ts`, which words it).
 */
export function isOrganizationMissing(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && /organi[sz]ation/i.test(err.apiMessage);
}
