/**
 * A local emulator of the Pipecat Cloud REST API (secrets, regions, organisations, identity, and
 * the agents and Cloud Builds of `./deploy.ts`),
 * built on Node's `http` module, for offline development, CI, demos and our tests.
 *
 * Contract: ../shared/design/cloud-api.md (same paths, status codes and `{"error","code"}` bodies).
 * Fault injection and the request log: see `./faults.ts`. User guide: docs/cloud-emulator.md.
 *
 * Decisions where the contract is silent (documented in docs/cloud-emulator.md):
 * - an empty `secretValue` is refused with 400 `GENERIC_BAD_REQUEST`;
 * - a request for another organisation than the emulator's answers 404 `NOT_FOUND`;
 * - an existing image pull secret cannot be turned into a regular set either (400);
 * - concurrent writes are serialised (never 409 on their own; inject `conflict` faults to test 409).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ECHO_ENCODINGS, echoMessage, type FaultSpec, type RecordedRequest } from './faults.js';
import { createDeployApi, DeployHttpError } from './deploy.js';
import { loadData, Persister, type EmulatorData, type StoredSet } from './state.js';

/** Options of {@link startEmulator} (the `pipecat cloud emulator` flags). */
export interface EmulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** JSON data file to load and persist state to (atomic, mode 0600); in memory when omitted. */
  dataFile?: string;
  /** Accepted bearer token; default: the data file's, else a generated `pcc_pat_emulator_...`. */
  token?: string;
  /** Organisation name served; default `emulator-org`. */
  org?: string;
  /** Region codes; default `us-west,us-east,eu-central,ap-south`. */
  regions?: string[];
  /** Organisation default region; default `us-west` (must be one of `regions`). */
  defaultRegion?: string;
  /** How long a set stays `pending` after a write, in ms; default 0 (ready at once). */
  provisionMs?: number;
  /** How long a Cloud Build takes (`pending`, then `building`), in ms; default 1500. */
  buildMs?: number;
  /** How long an agent deployment takes to become ready, in ms; default 1000. */
  deployMs?: number;
  /** Delay added before every API answer, in ms; default 0. */
  latencyMs?: number;
  /** Receives one line per API request (method, path, status); never headers or bodies. */
  log?: (line: string) => void;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Base URL, e.g. `http://127.0.0.1:4010` (use as `PIPECAT_API_HOST`). */
  url: string;
  port: number;
  /** The accepted bearer token. */
  token: string;
  /** The organisation served. */
  org: string;
  /** Stop listening, drop open connections, and wait for pending saves. */
  close(): Promise<void>;
}

/** Default region codes and display names (public REST docs). */
export const REGION_NAMES: Record<string, string> = {
  'us-west': 'US West (Oregon)',
  'us-east': 'US East (Virginia)',
  'eu-central': 'EU Central (Frankfurt)',
  'ap-south': 'Asia Pacific (Mumbai)',
};

/** The fake Daily API key `GET /v1/organizations/{org}/daily` answers (`{"apiKey": ...}`). */
export const EMULATOR_DAILY_API_KEY = 'emulator-daily-api-key-not-a-real-key';

/** Server rule for set names: lowercase DNS-1123 subdomain, 3-63 characters. */
export const SET_NAME_RE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** True when `name` is a valid secret set name on the server. */
export function isValidSetName(name: string): boolean {
  return name.length >= 3 && name.length <= 63 && SET_NAME_RE.test(name);
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const notFoundSet = () => new HttpError(404, 'NOT_FOUND', 'Set not found');
const badRequest = (m: string) => new HttpError(400, 'GENERIC_BAD_REQUEST', m);

interface QueuedFault extends FaultSpec {
  remaining: number;
  /** Matching requests still to let through before the fault applies. */
  toSkip: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const MAX_BODY = 1024 * 1024;
/** Largest build context the upload URL takes (the emulator's stand-in for the platform's 500 MB). */
const MAX_UPLOAD = 64 * 1024 * 1024;

/** Entry names of a gzipped (or plain) tar, read with node-tar; rejects when it is not a tar. */
async function listTar(tarball: Buffer): Promise<string[]> {
  const { Parser } = await import('tar');
  return new Promise((resolve, reject) => {
    const names: string[] = [];
    const p = new Parser({ strict: true, onReadEntry: (e) => (names.push(e.path), e.resume()) });
    p.on('error', reject);
    p.on('end', () => resolve(names));
    p.end(tarball);
  });
}

/**
 * Start the emulator.
 *
 * @param options see {@link EmulatorOptions}
 * @returns URL, token, organisation and `close()`
 * @throws Error for invalid options (default region not in regions), an unreadable data file, or a
 *   port in use (`EADDRINUSE`)
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const regions = options.regions && options.regions.length ? options.regions : Object.keys(REGION_NAMES);
  const defaultRegion = options.defaultRegion ?? (regions.includes('us-west') ? 'us-west' : regions[0]);
  if (!regions.includes(defaultRegion))
    throw new Error(`default region ${defaultRegion} is not one of the regions (${regions.join(', ')})`);
  const provisionMs = Math.max(0, options.provisionMs ?? 0);
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const loaded = options.dataFile ? await loadData(options.dataFile) : undefined;
  const data: EmulatorData = loaded ?? { version: 1, orgs: {} };
  const token = options.token ?? data.token ?? `pcc_pat_emulator_${randomBytes(18).toString('base64url')}`;
  data.token = token;
  const org = options.org ?? (loaded ? Object.keys(data.orgs)[0] : undefined) ?? 'emulator-org';
  data.orgs[org] ??= { sets: {} };
  const sets = () => data.orgs[org].sets;
  let baseUrl = '';
  const deployApi = createDeployApi({
    org,
    regions,
    defaultRegion,
    state: () => data.orgs[org],
    secretSet: (name) => {
      const s = Object.prototype.hasOwnProperty.call(sets(), name) ? sets()[name] : undefined;
      return s && { type: s.type, region: s.region, status: statusOf(s).status };
    },
    baseUrl: () => baseUrl,
    buildMs: Math.max(0, options.buildMs ?? 1500),
    deployMs: Math.max(0, options.deployMs ?? 1000),
    listTar,
  });
  const persister = new Persister(options.dataFile, () => JSON.stringify(data, null, 2) + '\n');
  if (options.dataFile) await persister.commit();

  let faults: QueuedFault[] = [];
  let requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  let closing = false;

  const statusOf = (s: StoredSet): { status: string; errorMessage?: string } => {
    if (s.forced)
      return s.forced.status === 'failed'
        ? { status: 'failed', errorMessage: s.forced.errorMessage ?? 'provisioning failed' }
        : { status: s.forced.status };
    return Date.now() < s.pendingUntil ? { status: 'pending' } : { status: 'ready' };
  };
  const touched = (s: StoredSet) => {
    s.pendingUntil = Date.now() + provisionMs;
    delete s.forced;
  };

  /** The API itself: returns [status, body] after applying the request's effect (synchronously). */
  function api(method: string, segs: string[], query: URLSearchParams, body: unknown): [number, unknown] {
    // segs: ['v1', ...]
    if (segs.length === 2 && segs[1] === 'users') {
      if (method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      return [200, { user: { userId: 'user_emulator', emails: [{ emailAddress: 'developer@emulator.local' }] } }];
    }
    if (segs[1] !== 'organizations') throw new HttpError(404, 'NOT_FOUND', 'Not found');
    if (segs.length === 2) {
      if (method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      return [200, { organizations: [{ name: org, verboseName: `${org} (emulator)` }] }];
    }
    if (segs[2] !== org) throw new HttpError(404, 'NOT_FOUND', `Organization '${segs[2]}' not found`);
    const rest = segs.slice(3);
    if (rest.length === 1 && rest[0] === 'regions') {
      if (method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      return [200, { regions: regions.map((code) => ({ code, display_name: REGION_NAMES[code] ?? code })) }];
    }
    if (rest.length === 1 && rest[0] === 'daily') {
      // The official CLI's `whoami` reads the organisation's Daily API key from here.
      if (method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      return [200, { apiKey: EMULATOR_DAILY_API_KEY }];
    }
    if (rest.length === 1 && rest[0] === 'properties') {
      if (method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      return [200, { properties: { defaultRegion } }];
    }
    if (rest[0] !== 'secrets' || rest.length > 3) throw new HttpError(404, 'NOT_FOUND', 'Not found');
    const region = query.get('region') ?? undefined;
    if (rest.length === 1) {
      if (method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      const list = Object.entries(sets())
        .filter(([, s]) => !region || s.region === region)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, s]) => ({ name, type: s.type, region: s.region, ...statusOf(s) }));
      return [200, { sets: list }];
    }
    const setName = rest[1];
    const set = Object.prototype.hasOwnProperty.call(sets(), setName) ? sets()[setName] : undefined;
    if (rest.length === 3) {
      if (method !== 'DELETE') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      if (!set) throw notFoundSet();
      const key = rest[2];
      if (set.referenced) throw referencedRefusal(setName);
      if (set.type !== 'secret' || !Object.prototype.hasOwnProperty.call(set.secrets, key))
        throw new HttpError(404, 'NOT_FOUND', 'Secret not found');
      delete set.secrets[key];
      touched(set);
      return [200, { status: 'OK' }];
    }
    if (method === 'GET') {
      if (!set || (region && set.region !== region)) throw notFoundSet();
      if (set.type === 'imagePullSecret') throw badRequest('Cannot retrieve image pull secrets by name');
      return [
        200,
        {
          secrets: Object.keys(set.secrets)
            .sort()
            .map((fieldName) => ({ fieldName })),
          region: set.region,
          ...statusOf(set),
        },
      ];
    }
    if (method === 'DELETE') {
      if (!set) throw notFoundSet();
      delete sets()[setName];
      return [200, { status: 'OK' }];
    }
    if (method !== 'PUT') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    return upsert(setName, set, body);
  }

  /** Refusal of a write to a referenced set (wording decided: the platform's is not documented). */
  const referencedRefusal = (setName: string) =>
    badRequest(`Secret set '${setName}' references a Secret in a self-hosted region: change the Secret in your cluster instead`);

  function upsert(setName: string, set: StoredSet | undefined, raw: unknown): [number, unknown] {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Request body must be a JSON object');
    const b = raw as Record<string, unknown>;
    if (!isValidSetName(setName)) {
      throw badRequest(
        `Invalid secret set name '${setName}': use 3-63 lowercase letters, digits, '-' or '.', starting and ending with a letter or digit`,
      );
    }
    if (b.region !== undefined && (typeof b.region !== 'string' || !regions.includes(b.region))) {
      throw badRequest(`Invalid region '${String(b.region)}'. Valid regions: ${regions.join(', ')}`);
    }
    if (set?.referenced) throw referencedRefusal(setName);
    const reqRegion = b.region as string | undefined;
    if (set && reqRegion && reqRegion !== set.region) {
      throw badRequest(`Secret already exists in region '${set.region}'. Cannot change region to '${reqRegion}'.`);
    }
    const region = set?.region ?? reqRegion ?? defaultRegion;
    if (b.isImagePullSecret === true) {
      if (typeof b.host !== 'string' || !b.host || typeof b.secretValue !== 'string' || !b.secretValue) {
        throw badRequest('isImagePullSecret, host and secretValue are required for an image pull secret');
      }
      if (set && set.type === 'secret')
        throw badRequest(`Secret set '${setName}' is a regular secret set and cannot be turned into an image pull secret`);
      const host = b.host.endsWith('/') ? b.host : b.host + '/';
      const next: StoredSet = { type: 'imagePullSecret', region, secrets: {}, host, secretValue: b.secretValue, pendingUntil: 0 };
      touched(next);
      sets()[setName] = next;
      return [202, { status: 'OK', region }];
    }
    if (typeof b.secretKey !== 'string' || !b.secretKey) throw badRequest('secretKey is required');
    if (typeof b.secretValue !== 'string') throw badRequest('secretValue is required');
    if (b.secretValue === '') throw badRequest('secretValue must not be empty');
    if (b.name !== undefined && b.name !== setName)
      throw badRequest(`Body name '${String(b.name)}' does not match the set '${setName}' in the path`);
    if (set && set.type === 'imagePullSecret')
      throw badRequest(`Secret set '${setName}' is an image pull secret and cannot hold regular secrets`);
    const target = set ?? (sets()[setName] = { type: 'secret', region, secrets: {}, pendingUntil: 0 });
    target.secrets[b.secretKey] = b.secretValue;
    touched(target);
    return [202, { status: 'OK', region }];
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed || res.writableEnded) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const readBody = (req: IncomingMessage) => readBytes(req, MAX_BODY).then((b) => b.toString('utf8'));
  const readBytes = (req: IncomingMessage, max: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // Past the limit the rest of the body is read and dropped, so the client gets its 413 answer
      // instead of a connection reset in the middle of its upload.
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

  function takeFault(method: string, path: string): QueuedFault | undefined {
    const matches = (x: QueuedFault) =>
      x.remaining > 0 && (!x.method || x.method.toUpperCase() === method) && (!x.path || path.startsWith(x.path));
    let f: QueuedFault | undefined;
    for (const x of faults) {
      if (!matches(x)) continue;
      if (x.toSkip > 0)
        x.toSkip--; // still letting matching requests through: count this one
      else f ??= x;
    }
    if (!f) return undefined;
    f.remaining--;
    faults = faults.filter((x) => x.remaining > 0);
    return f;
  }

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, segs: string[]): Promise<void> {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? ''))
      return send(res, 403, { error: 'Admin endpoints are loopback-only', code: 'FORBIDDEN' });
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(res, 400, { error: 'Invalid JSON body', code: 'GENERIC_BAD_REQUEST' });
    }
    const what = segs[1];
    if (what === 'faults' && segs.length === 2) {
      if (method === 'DELETE') {
        faults = [];
        return send(res, 200, { status: 'OK' });
      }
      if (method !== 'POST') return send(res, 405, { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
      const list = (Array.isArray(body) ? body : [body]) as FaultSpec[];
      const kinds = ['error', 'rate-limit', 'conflict', 'reset', 'stall', 'echo', 'redirect'];
      for (const f of list) {
        if (!f || typeof f !== 'object' || !kinds.includes(f.kind)) {
          return send(res, 400, { error: `Each fault needs a kind: ${kinds.join(', ')}`, code: 'GENERIC_BAD_REQUEST' });
        }
        if ((f.kind === 'error' || f.kind === 'echo') && f.status !== undefined && !(f.status >= 400 && f.status <= 599)) {
          return send(res, 400, { error: `${f.kind} faults need a status between 400 and 599`, code: 'GENERIC_BAD_REQUEST' });
        }
        if (f.kind === 'redirect' && f.status !== undefined && !(f.status >= 300 && f.status <= 399)) {
          return send(res, 400, { error: 'redirect faults need a status between 300 and 399', code: 'GENERIC_BAD_REQUEST' });
        }
        if (f.echo !== undefined && (!Array.isArray(f.echo) || f.echo.some((e) => !ECHO_ENCODINGS.includes(e)))) {
          return send(res, 400, { error: `echo must list encodings among ${ECHO_ENCODINGS.join(', ')}`, code: 'GENERIC_BAD_REQUEST' });
        }
      }
      for (const f of list)
        faults.push({ ...f, remaining: Math.max(1, Math.floor(f.count ?? 1)), toSkip: Math.max(0, Math.floor(f.after ?? 0)) });
      return send(res, 200, { queued: list.length });
    }
    if (what === 'requests' && segs.length === 2) {
      if (method === 'DELETE') {
        requests = [];
        return send(res, 200, { status: 'OK' });
      }
      return send(res, 200, { requests });
    }
    if (what === 'uploads' && method === 'GET') {
      if (segs.length === 2) return send(res, 200, { uploads: deployApi.receivedUploads() });
      const tarball = segs.length === 3 ? deployApi.uploadedTarball(segs[2]) : undefined;
      if (!tarball) return send(res, 404, { error: 'Upload not found', code: 'NOT_FOUND' });
      res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': tarball.length });
      return void res.end(tarball);
    }
    if (what === 'sets' && segs.length === 4 && segs[3] === 'status' && method === 'POST') {
      const s = sets()[segs[2]];
      if (!s) return send(res, 404, { error: 'Set not found', code: 'NOT_FOUND' });
      const b = (body ?? {}) as { status?: string; errorMessage?: string };
      if (typeof b.status !== 'string' || !/^[a-z][a-z_-]{0,31}$/.test(b.status)) {
        return send(res, 400, {
          error: 'status must be a lowercase word: pending, ready, failed, unknown, or another the platform may send',
          code: 'GENERIC_BAD_REQUEST',
        });
      }
      s.forced = { status: b.status, errorMessage: b.errorMessage };
      await persister.commit();
      return send(res, 200, { status: 'OK' });
    }
    if (what === 'sets' && segs.length === 4 && segs[3] === 'reference' && method === 'POST') {
      // `pipecat cloud secrets reference NAME --region R` of a self-hosted region: a set with no
      // keys known to the platform, ready until a test forces another status.
      const name = segs[2];
      const b = (body ?? {}) as { region?: string; type?: string };
      if (typeof b.region !== 'string' || !regions.includes(b.region))
        return send(res, 400, { error: `region must be one of ${regions.join(', ')}`, code: 'GENERIC_BAD_REQUEST' });
      if (b.type !== undefined && b.type !== 'secret' && b.type !== 'imagePullSecret')
        return send(res, 400, { error: 'type must be secret or imagePullSecret', code: 'GENERIC_BAD_REQUEST' });
      if (!isValidSetName(name)) return send(res, 400, { error: `Invalid secret set name '${name}'`, code: 'GENERIC_BAD_REQUEST' });
      if (Object.prototype.hasOwnProperty.call(sets(), name))
        return send(res, 409, { error: 'Secret set already exists', code: 'CONFLICT' });
      sets()[name] = { type: b.type ?? 'secret', region: b.region, secrets: {}, pendingUntil: 0, referenced: true };
      await persister.commit();
      return send(res, 200, { status: 'OK' });
    }
    return send(res, 404, { error: 'Not found', code: 'NOT_FOUND' });
  }

  /**
   * The upload URL (`POST /_uploads`): S3's presigned form POST, no bearer token; faults apply as to
   * API requests (`reset` drops the upload). Answers 204, or 4xx with an S3-like XML error.
   */
  async function handleUpload(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    fault: QueuedFault | undefined,
    record: (outcome: RecordedRequest['outcome']) => void,
  ): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readBytes(req, MAX_UPLOAD);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      record(err.status);
      return send(res, err.status, { error: err.message, code: err.code });
    }
    await delay(latencyMs);
    if (fault && (fault.kind === 'reset' || fault.kind === 'stall')) {
      record(fault.kind);
      if (fault.kind === 'stall') await delay(fault.stallMs ?? 60_000);
      req.socket.destroy();
      return;
    }
    if (fault) {
      const status = fault.kind === 'rate-limit' ? 503 : fault.kind === 'conflict' ? 409 : (fault.status ?? 500);
      record(status);
      res.writeHead(status, { 'Content-Type': 'application/xml' });
      return void res.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>Injected failure</Message></Error>',
      );
    }
    if (method !== 'POST') {
      record(405);
      res.writeHead(405, { 'Content-Type': 'application/xml' });
      return void res.end('<Error><Code>MethodNotAllowed</Code></Error>');
    }
    let form: FormData;
    try {
      form = await new Request('http://emulator.local/_uploads', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: bytes,
      }).formData();
    } catch {
      record(400);
      res.writeHead(400, { 'Content-Type': 'application/xml' });
      return void res.end(
        '<Error><Code>MalformedPOSTRequest</Code><Message>The body of your POST request is not well-formed multipart/form-data.</Message></Error>',
      );
    }
    const [status, xml] = await deployApi.receiveUpload(form);
    record(status);
    if (status === 204) {
      res.writeHead(204);
      return void res.end();
    }
    res.writeHead(status, { 'Content-Type': 'application/xml' });
    res.end(xml);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    let segs: string[];
    try {
      segs = url.pathname
        .split('/')
        .filter((s) => s !== '')
        .map((s) => decodeURIComponent(s));
    } catch {
      return send(res, 400, { error: 'Malformed path', code: 'GENERIC_BAD_REQUEST' });
    }
    if (segs[0] === '_emulator') return handleAdmin(req, res, segs);
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const record = (outcome: RecordedRequest['outcome']) => {
      requests.push({ method, path, outcome });
      options.log?.(`${method} ${path}${url.search} -> ${outcome}`);
    };
    const fault = takeFault(method, path);
    if (segs[0] === '_uploads' && segs.length === 1) return handleUpload(req, res, method, fault, record);
    let text: string;
    try {
      text = await readBody(req);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      record(err.status);
      return send(res, err.status, { error: err.message, code: err.code });
    }
    await delay(latencyMs);

    const authz = req.headers.authorization ?? '';
    const authorised = authz === `Bearer ${token}`;
    /** Apply the request's effect and persist it; returns the answer. */
    const run = async (): Promise<[number, unknown]> => {
      if (!authorised) return [401, { error: 'Unauthorized', code: 'UNAUTHORIZED' }];
      if (segs[0] !== 'v1') return [404, { error: 'Not found', code: 'NOT_FOUND' }];
      let body: unknown;
      if (text.trim() !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          return [400, { error: 'Invalid JSON body', code: 'GENERIC_BAD_REQUEST' }];
        }
      }
      try {
        const deploy =
          segs[1] === 'organizations' && segs[2] === org
            ? await deployApi.handle(method, segs.slice(3), url.searchParams, body)
            : undefined;
        const answer = deploy ?? api(method, segs, url.searchParams, body);
        if (method !== 'GET') await persister.commit();
        return answer;
      } catch (err) {
        if (err instanceof HttpError || err instanceof DeployHttpError) return [err.status, { error: err.message, code: err.code }];
        return [500, { error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }];
      }
    };

    if (fault) {
      switch (fault.kind) {
        case 'error': {
          const status = fault.status ?? 500;
          record(status);
          const code = status === 401 ? 'UNAUTHORIZED' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'GENERIC_BAD_REQUEST';
          const pad = Math.max(0, Math.min(fault.bodyBytes ?? 0, 256 * 1024 * 1024) - 64);
          return send(res, status, { error: 'Injected failure' + (pad > 0 ? ' ' + 'x'.repeat(pad) : ''), code });
        }
        case 'echo': {
          let echoed = text;
          try {
            const v = (JSON.parse(text) as { secretValue?: unknown }).secretValue;
            if (typeof v === 'string') echoed = v;
          } catch {
            /* not JSON: echo the body as it came */
          }
          record(fault.status ?? 400);
          return send(res, fault.status ?? 400, { error: echoMessage(echoed, fault.echo), code: 'GENERIC_BAD_REQUEST' });
        }
        case 'redirect':
          record(fault.status ?? 307);
          res.writeHead(fault.status ?? 307, { Location: fault.location ?? 'https://elsewhere.invalid/', 'Content-Length': 0 });
          res.end();
          return;
        case 'rate-limit':
          record(429);
          return send(
            res,
            429,
            { error: 'Too many requests', code: 'TOO_MANY_REQUESTS' },
            { 'Retry-After': String(fault.retryAfter ?? 1) },
          );
        case 'conflict':
          record(409);
          return send(res, 409, { error: 'Secret set was modified concurrently. Please retry.', code: 'CONFLICT' });
        case 'reset':
          if (fault.apply) await run();
          record('reset');
          req.socket.destroy();
          return;
        case 'stall':
          if (fault.apply) await run();
          record('stall');
          await delay(fault.stallMs ?? 60_000);
          req.socket.destroy();
          return;
      }
    }
    const [status, body] = await run();
    record(status);
    send(res, status, body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (err instanceof HttpError) return send(res, err.status, { error: err.message, code: err.code });
      send(res, 500, { error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const hostForUrl = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const shownHost = addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address === '::' ? '[::1]' : hostForUrl;
  baseUrl = `http://${shownHost}:${addr.port}`;
  return {
    url: baseUrl,
    port: addr.port,
    token,
    org,
    async close() {
      if (closing) return;
      closing = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const s of sockets) s.destroy();
      await done;
      await persister.idle();
    },
  };
}
