/**
 * What the emulator's request handlers share (`server.ts` builds it): the running state, the
 * error answer, and the plumbing of reading a body and sending JSON. Contract of the answers:
 * docs.pipecat.ai's REST reference (`{"error","code"}` bodies, overview "Errors"); docs/cloud-emulator.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeployApi } from './deploy-types.js';
import type { FaultSpec, RecordedRequest } from './faults.js';
import type { Persister, StoredSet } from './state.js';
import type { SessionsApi } from './session-types.js';

/** An error answer of the secrets and identity API: status, platform code and message. */
export class HttpError extends Error {
  /** @param status HTTP status; @param code the platform's code; @param message its `error` text */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** 404 `NOT_FOUND` "Set not found", the platform's answer for a missing set. */
export const notFoundSet = () => new HttpError(404, 'NOT_FOUND', 'Set not found');
/** A 400 `GENERIC_BAD_REQUEST` answer with this message. */
export const badRequest = (m: string) => new HttpError(400, 'GENERIC_BAD_REQUEST', m);
/** 405 `METHOD_NOT_ALLOWED`. */
export const notAllowed = () => new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');

/** An injected fault waiting in the queue. */
export interface QueuedFault extends FaultSpec {
  remaining: number;
  /** Matching requests still to let through before the fault applies. */
  toSkip: number;
}

/** Addresses the admin endpoints answer (`/_emulator/...` is loopback-only). */
export const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Largest API request body, in bytes. */
const MAX_BODY = 1024 * 1024;
/** Largest build context the upload URL takes (the emulator's stand-in for the platform's 500 MB). */
export const MAX_UPLOAD = 64 * 1024 * 1024;

/** The state and settings of one running emulator, shared by its handlers. */
export interface EmulatorContext {
  org: string;
  regions: string[];
  /** The organisation's default region now: its `defaultRegion` property (`properties.ts`). */
  defaultRegion: string;
  /** The default region the emulator started with (`--default-region`): the property's `default`. */
  configuredDefaultRegion: string;
  /** Sets the organisation's `defaultRegion` property (kept in the data file). */
  setDefaultRegion(code: string): void;
  /** Every organisation of the token (`--orgs`), the primary first: the one of `org` here. */
  organizations: string[];
  /**
   * The context of one of {@link organizations} (its sets, agents, builds and properties; faults,
   * the request log and the token are shared), or undefined for a name the token does not have.
   */
  forOrg(name: string): EmulatorContext | undefined;
  /** The accepted bearer token. */
  token: string;
  /** How long a set stays `pending` after a write, in ms. */
  provisionMs: number;
  /** Delay added before every API answer, in ms. */
  latencyMs: number;
  /** The organisation's secret sets, by name. */
  sets(): Record<string, StoredSet>;
  /** The agents and builds endpoints (`deploy.ts`). */
  deployApi: DeployApi;
  /** Sessions, the public start, deployments and public API keys (`sessions.ts`). */
  sessionsApi: SessionsApi;
  /** Saves the data file after a change. */
  persister: Persister;
  /** Injected faults still to apply, oldest first. */
  faults: QueuedFault[];
  /** Every API request answered, oldest first (admin `requests`). */
  requests: RecordedRequest[];
  /** Waits `ms` (cancelled when the emulator closes). */
  delay(ms: number): Promise<void>;
  /** Receives one line per API request. */
  log?: (line: string) => void;
}

/** `record[key]` when `key` is the record's own (never a prototype's, e.g. `__proto__`). */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Store `value` under `key` as the record's own property, whatever the key: `__proto__`,
 * `constructor` or `prototype` is a key like any other (a plain `record[key] = value` with
 * `__proto__` would change the record's prototype instead).
 *
 * @returns `value`
 */
export function putOwn<T>(record: Record<string, T>, key: string, value: T): T {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/** Sends a JSON answer, unless the response is already gone. */
export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * Reads a request body of at most `max` bytes. Past the limit the rest of the body is read and
 * dropped, so the client gets its 413 answer instead of a connection reset in the middle of its upload.
 *
 * @throws HttpError 413 `PAYLOAD_TOO_LARGE` past the limit
 */
export function readBytes(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
    });
    req.on('end', () => {
      if (size > max) reject(new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body too large (${size} bytes; the limit is ${max})`));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** An API request's body as UTF-8 text (at most {@link MAX_BODY} bytes). */
export const readBody = (req: IncomingMessage) => readBytes(req, MAX_BODY).then((b) => b.toString('utf8'));
