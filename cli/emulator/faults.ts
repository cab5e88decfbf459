/**
 * Fault injection for the Pipecat Cloud emulator: the shapes accepted by its loopback-only admin
 * endpoint, and helpers tests use to reach it.
 *
 * Admin endpoints (answered only to 127.0.0.1 / ::1, no token needed; never counted as API calls
 * and never subject to faults or `--latency-ms`):
 * - `POST   /_emulator/faults` body {@link FaultSpec} or `FaultSpec[]`: queue faults; each applies
 *   to the next `count` API requests that match `method`/`path` (after letting `after` of them
 *   through). Answer `{"queued": n}`.
 * - `DELETE /_emulator/faults`: drop every queued fault.
 * - `POST   /_emulator/sets/{set}/status` body `{"status":"failed","errorMessage":"..."}` (or
 *   `pending`/`ready`): force a set's provisioning status (404 when the set does not exist). The
 *   next write to the set starts a new provisioning and clears it.
 * - `GET    /_emulator/requests`: API requests received so far, oldest first:
 *   `{"requests":[{"method","path","outcome"}]}` where `outcome` is the status code or `reset`/`stall`.
 *   No header or body is recorded. `DELETE /_emulator/requests` clears the log.
 */

/** Kinds of injected fault. */
type FaultKind =
  /**
   * answer `status` (default 500; 400-599) with `{"error":"Injected failure","code":...}` (the code
   * the platform uses for that status: `UNAUTHORIZED` for 401, else `INTERNAL_SERVER_ERROR` for
   * 5xx, `GENERIC_BAD_REQUEST`); `bodyBytes` pads the message to that many bytes (a huge body)
   */
  | 'error'
  /**
   * a hostile server echoing the request's `secretValue` back in its error message (`status`,
   * default 400), in the `echo` encodings: what a careless validation error of a real server does
   */
  | 'echo'
  /** answer `status` (default 307; 300-399) with a `Location: location` header and no effect */
  | 'redirect'
  /** answer 429 `TOO_MANY_REQUESTS` with `Retry-After: retryAfter` (default `1`) */
  | 'rate-limit'
  /** answer 409 `CONFLICT` "modified concurrently. Please retry." */
  | 'conflict'
  /** destroy the connection without an answer */
  | 'reset'
  /** hold the request without answering for `stallMs` (default 60000), then destroy the connection */
  | 'stall';

/** One fault rule for `POST /_emulator/faults`. */
export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it applies to; default 1. */
  count?: number;
  /**
   * How many matching requests to let through untouched first; default 0. E.g. `after: 1` on
   * `GET .../secrets/x` spares the read a command does before writing and hits the read after.
   */
  after?: number;
  /** Only requests with this method (GET, PUT, DELETE...). */
  method?: string;
  /** Only requests whose path (without query) starts with this. */
  path?: string;
  /** For `error` (400-599, default 500), `echo` (400-599, default 400), `redirect` (300-399, default 307). */
  status?: number;
  /** For `error`: pad the error message so the body is about this many bytes. */
  bodyBytes?: number;
  /**
   * For `echo`: how the value is echoed, one or several of `verbatim`, `prefix` (its first half),
   * `suffix` (its last half), `fragment` (8 characters from its middle), `json` (inside a JSON
   * string, escaped), `url` (percent-encoded), `base64`; default all of them.
   */
  echo?: EchoEncoding[];
  /** For `redirect`: the `Location` header; default `https://elsewhere.invalid/`. */
  location?: string;
  /** For `rate-limit`: the `Retry-After` header, seconds or an HTTP date; default `1`. */
  retryAfter?: string | number;
  /** For `stall`: milliseconds to hold the request; default 60000. */
  stallMs?: number;
  /**
   * For `reset` and `stall`: apply the request's effect first (the write lands, the answer is
   * lost), to model an outcome the client cannot know. Default false (nothing happens).
   */
  apply?: boolean;
}

/** Encodings of an `echo` fault. */
type EchoEncoding = 'verbatim' | 'prefix' | 'suffix' | 'fragment' | 'json' | 'url' | 'base64';

/** Every {@link EchoEncoding}, in the order an `echo` fault writes them. */
export const ECHO_ENCODINGS: readonly EchoEncoding[] = ['verbatim', 'prefix', 'suffix', 'fragment', 'json', 'url', 'base64'];

/**
 * The error message of an `echo` fault: the value in each encoding, labelled.
 *
 * @param value the request's `secretValue` (or its whole body when it has none)
 * @param encodings which encodings (default all)
 */
export function echoMessage(value: string, encodings: readonly EchoEncoding[] = ECHO_ENCODINGS): string {
  const half = Math.max(1, Math.floor(value.length / 2));
  const mid = Math.max(0, Math.floor(value.length / 2) - 4);
  const forms: Record<EchoEncoding, () => string> = {
    verbatim: () => value,
    prefix: () => value.slice(0, half),
    suffix: () => value.slice(-half),
    fragment: () => value.slice(mid, mid + 8),
    json: () => JSON.stringify({ value }),
    url: () => encodeURIComponent(value),
    base64: () => Buffer.from(value, 'utf8').toString('base64'),
  };
  return `Invalid secretValue: ${encodings.map((e) => `${e}=${forms[e]()}`).join(' ')}`;
}

/** One entry of `GET /_emulator/requests`. */
export interface RecordedRequest {
  method: string;
  path: string;
  outcome: number | 'reset' | 'stall';
}

async function admin(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url.replace(/\/+$/, '') + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`emulator admin ${method} ${path} failed: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

/**
 * Queue faults on a running emulator (tests).
 *
 * @param url emulator base URL, e.g. `http://127.0.0.1:4010`
 * @param spec one fault or several
 * @throws Error when the emulator refuses the spec
 */
export async function injectFaults(url: string, spec: FaultSpec | FaultSpec[]): Promise<void> {
  await admin(url, 'POST', '/_emulator/faults', spec);
}

/** Drop every queued fault of a running emulator. */
export async function clearFaults(url: string): Promise<void> {
  await admin(url, 'DELETE', '/_emulator/faults');
}

/**
 * Force the provisioning status of a set (e.g. `failed` with an `errorMessage`).
 *
 * @param org unused by the single-organisation emulator; kept for clarity at call sites
 */
export async function setSetStatus(
  url: string,
  set: string,
  status: 'pending' | 'ready' | 'failed' | 'unknown' | (string & {}),
  errorMessage?: string,
): Promise<void> {
  await admin(url, 'POST', `/_emulator/sets/${encodeURIComponent(set)}/status`, { status, errorMessage });
}

/**
 * Create a set that references a Kubernetes Secret in a self-hosted region (as `pipecat cloud
 * secrets reference NAME --region R` does on the platform): no keys known, `ready` until
 * {@link setSetStatus} says otherwise, refused by writes.
 *
 * @param region one of the emulator's `--regions` (e.g. a self-hosted `pce-acme-us-east`)
 * @throws Error when the emulator refuses (unknown region, set exists)
 */
export async function referenceSet(url: string, set: string, region: string, type: 'secret' | 'imagePullSecret' = 'secret'): Promise<void> {
  await admin(url, 'POST', `/_emulator/sets/${encodeURIComponent(set)}/reference`, { region, type });
}

/** API requests the emulator received so far (oldest first). */
export async function recordedRequests(url: string): Promise<RecordedRequest[]> {
  const r = (await admin(url, 'GET', '/_emulator/requests')) as { requests: RecordedRequest[] };
  return r.requests;
}

/** Clear the emulator's request log. */
export async function clearRecordedRequests(url: string): Promise<void> {
  await admin(url, 'DELETE', '/_emulator/requests');
}
