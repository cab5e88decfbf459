/**
 * A local emulator of the Pipecat Cloud REST API (secrets, regions, organisations, identity, and
 * the agents and Cloud Builds of `./deploy.ts`),
 * built on Node's `http` module, for offline development, CI, demos and our tests.
 *
 * Contract: docs.pipecat.ai's REST reference and the official CLI's `src/pipecatcloud/api.py` (same
 * paths, status codes and `{"error","code"}` bodies).
 * Fault injection and the request log: see `./faults.ts`. User guide: docs/cloud-emulator.md.
 *
 * Decisions where the contract is silent (documented in docs/cloud-emulator.md):
 * - an empty `secretValue` is refused with 400 `GENERIC_BAD_REQUEST`;
 * - a request for another organisation than the emulator's answers 404 `NOT_FOUND`;
 * - an existing image pull secret cannot be turned into a regular set either (400);
 * - concurrent writes are serialised (never 409 on their own; inject `conflict` faults to test 409).
 *
 * This module starts and stops the server; requests are answered by `handler.ts` (routing, faults,
 * the upload URL), `secrets-api.ts`, `deploy.ts` and `admin.ts`, which share `http.ts`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createDeployApi } from './deploy.js';
import { handle } from './handler.js';
import { HttpError, own, send, type EmulatorContext } from './http.js';
import { REGION_NAMES, statusOf } from './secrets-api.js';
import { createSessionsApi } from './sessions.js';
import { loadData, Persister, type EmulatorData } from './state.js';

export { EMULATOR_DAILY_API_KEY, REGION_NAMES, SET_NAME_RE, isValidSetName } from './secrets-api.js';

/** Options of {@link startEmulator} (the `pipecat cloud emulator` flags). */
interface EmulatorOptions {
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
  /**
   * Every organisation the token belongs to (`--orgs a,b`); the first (or `org`, when given too)
   * is the primary: printed as `PIPECAT_ORG`, the key's organisation of the REST reference's
   * paths (`/v1/agents`, ...), and the one the admin endpoints act on. Default: `[org]`.
   */
  orgs?: string[];
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
  /** How long a session's bot takes to start after the start request, in ms; default 1000. */
  sessionStartMs?: number;
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
  /** The organisation served (the primary one). */
  org: string;
  /** Every organisation of the token, the primary first. */
  orgs: string[];
  /** Stop listening, drop open connections, and wait for pending saves. */
  close(): Promise<void>;
}

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

/** The organisation, regions and data of an emulator from its options (the data file read). */
async function loadSettings(options: EmulatorOptions) {
  const regions = options.regions && options.regions.length ? options.regions : Object.keys(REGION_NAMES);
  const defaultRegion = options.defaultRegion ?? (regions.includes('us-west') ? 'us-west' : regions[0]);
  if (!regions.includes(defaultRegion))
    throw new Error(`default region ${defaultRegion} is not one of the regions (${regions.join(', ')})`);
  const loaded = options.dataFile ? await loadData(options.dataFile) : undefined;
  const data: EmulatorData = loaded ?? { version: 1, orgs: {} };
  const token = options.token ?? data.token ?? `pcc_pat_emulator_${randomBytes(18).toString('base64url')}`;
  data.token = token;
  const org = options.org ?? options.orgs?.[0] ?? (loaded ? Object.keys(data.orgs)[0] : undefined) ?? 'emulator-org';
  const orgs = [...new Set([org, ...(options.orgs ?? [])])];
  for (const o of orgs) data.orgs[o] ??= { sets: {} };
  return { regions, defaultRegion, data, token, org, orgs };
}

/** What every organisation's context shares: the settings, the data, timings and the base URL. */
interface Shared {
  regions: string[];
  defaultRegion: string;
  data: EmulatorData;
  options: EmulatorOptions;
  baseUrl: () => string;
}

/** The org-dependent part of an organisation's context: its sets, deploy and sessions APIs, and properties. */
function orgParts(shared: Shared, name: string) {
  const { data, options } = shared;
  const sets = () => data.orgs[name].sets;
  const current = () => data.orgs[name].properties?.defaultRegion ?? shared.defaultRegion;
  const sessionsApi = createSessionsApi({
    org: name,
    state: () => data.orgs[name],
    sessionStartMs: Math.max(0, options.sessionStartMs ?? 1000),
  });
  const deployApi = createDeployApi({
    org: name,
    regions: shared.regions,
    get defaultRegion() {
      return current();
    },
    state: () => data.orgs[name],
    secretSet: (set) => {
      const s = own(sets(), set);
      return s && { type: s.type, region: s.region, status: statusOf(s).status };
    },
    baseUrl: shared.baseUrl,
    buildMs: Math.max(0, options.buildMs ?? 1500),
    deployMs: Math.max(0, options.deployMs ?? 1000),
    listTar,
    sessionLogs: sessionsApi.logLines,
  });
  const setDefaultRegion = (code: string) => void ((data.orgs[name].properties ??= {}).defaultRegion = code);
  return { sets, deployApi, sessionsApi, current, setDefaultRegion };
}

/**
 * The context of each organisation: the primary's is `root`; each other one inherits the root's
 * shared members (faults, request log, token, persister) and has its own sets, deploy API and properties.
 */
function orgContexts(root: EmulatorContext, shared: Shared, orgs: string[]): Map<string, EmulatorContext> {
  const views = new Map<string, EmulatorContext>([[root.org, root]]);
  for (const name of orgs.slice(1)) {
    const p = orgParts(shared, name);
    const view = Object.create(root, {
      org: { value: name, enumerable: true },
      sets: { value: p.sets },
      deployApi: { value: p.deployApi },
      sessionsApi: { value: p.sessionsApi },
      defaultRegion: { get: p.current, enumerable: true },
      setDefaultRegion: { value: p.setDefaultRegion },
    }) as EmulatorContext;
    views.set(name, view);
  }
  return views;
}

/** Listens on the options' host and port; resolves with the address, rejects with `EADDRINUSE` & co. */
async function listen(server: Server, options: EmulatorOptions): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

/** Waits `ms`, keeping the timer in `timers` until it fires (so `close()` can cancel it). */
function delayIn(timers: Set<NodeJS.Timeout>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(() => {
      timers.delete(t);
      resolve();
    }, ms);
    timers.add(t);
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
  const { regions, defaultRegion, data, token, org, orgs } = await loadSettings(options);
  let baseUrl = '';
  const shared: Shared = { regions, defaultRegion, data, options, baseUrl: () => baseUrl };
  const primary = orgParts(shared, org);
  const persister = new Persister(options.dataFile, () => JSON.stringify(data, null, 2) + '\n');
  if (options.dataFile) await persister.commit();
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  let closing = false;
  let contexts = new Map<string, EmulatorContext>();
  const ctx: EmulatorContext = {
    org,
    regions,
    get defaultRegion() {
      return primary.current();
    },
    configuredDefaultRegion: defaultRegion,
    setDefaultRegion: primary.setDefaultRegion,
    organizations: orgs,
    forOrg: (name) => contexts.get(name),
    token,
    provisionMs: Math.max(0, options.provisionMs ?? 0),
    latencyMs: Math.max(0, options.latencyMs ?? 0),
    sets: primary.sets,
    deployApi: primary.deployApi,
    sessionsApi: primary.sessionsApi,
    persister,
    faults: [],
    requests: [],
    delay: (ms) => delayIn(timers, ms),
    log: options.log,
  };
  contexts = orgContexts(ctx, shared, orgs);
  const server: Server = createServer((req, res) => {
    handle(ctx, req, res).catch((err) => {
      if (err instanceof HttpError) return send(res, err.status, { error: err.message, code: err.code });
      send(res, 500, { error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const addr = await listen(server, options);
  const hostForUrl = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const shownHost = addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address === '::' ? '[::1]' : hostForUrl;
  baseUrl = `http://${shownHost}:${addr.port}`;
  return {
    url: baseUrl,
    port: addr.port,
    token,
    org,
    orgs,
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
