/**
 * The emulator's sessions: the public start (`POST /v1/public/{agent}/start`, a public API key as
 * the bearer), an agent's sessions (`GET .../services/{agent}/sessions[/{id}]`), stopping one
 * (`DELETE .../sessions/{id}`), an agent's deployments (`GET .../services/{agent}/deployments`),
 * the public API keys (`api-keys.ts`), the log lines a session writes into its agent's logs, and
 * the session faults (a bot that crashes with a traceback, a bot that never starts).
 *
 * A session moves with time, computed when read (nothing runs in the background): its bot starts
 * `sessionStartMs` after the start request (`botStartSeconds` set), then runs until it is stopped
 * (`endedAt`, `completionStatus` `HTTP_COMPLETED`). A `crash` fault ends it 500 ms after the bot
 * started, with a Python traceback in the logs and `completionStatus` `500`; a `never-starts`
 * fault leaves `botStartSeconds` null until it is stopped.
 *
 * Sources of the shapes: pipecatcloud `api.py` (`_start_agent`, `_agent_sessions`,
 * `_agent_session`, `_agent_session_terminate`, `services_deployments_path`) and
 * `cli/commands/agent.py` (the fields `sessions`, `start` and `deployments` read); docs.pipecat.ai
 * REST reference `openapi.json` (`StartRequest`, `StartResponse`, `SessionResponse`, the sessions
 * list with `total_count`, `StopResponse`, the `PCC-1001`/`PCC-1002` codes). Every decision where
 * they are silent: docs/cloud-emulator.md ("Sessions and public API keys").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { findActiveKey, handleApiKeys } from './api-keys.js';
import type { DeployState, StoredAgent } from './deploy-types.js';
import { badRequest, HttpError, notAllowed, own } from './http.js';
import { sessionLogLines } from './session-logs.js';
import {
  SESSION_FAULT_KINDS,
  type PublicStartRequest,
  type SessionFault,
  type SessionsApi,
  type SessionState,
  type StoredPublicKey,
  type StoredSession,
} from './session-types.js';

export {
  SESSION_FAULT_KINDS,
  type SessionFault,
  type SessionLogLine,
  type SessionsApi,
  type SessionState,
  type StoredSession,
} from './session-types.js';

/** How long after its bot started a `crash` session ends, in ms. */
const CRASH_AFTER_MS = 500;

/** A JWT-shaped stand-in for a Daily meeting token (not a real token: nothing verifies it). */
function meetingToken(room: string): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ r: room, d: 'emulator', iat: Math.floor(Date.now() / 1000) })}.${randomBytes(24).toString('base64url')}`;
}

/** The problem of a start body, or undefined (REST reference `StartRequest`). */
function startBodyProblem(b: Record<string, unknown>): string | undefined {
  if (b.createDailyRoom !== undefined && typeof b.createDailyRoom !== 'boolean') return 'createDailyRoom must be a boolean';
  const props = b.dailyRoomProperties;
  if (props !== undefined && (!props || typeof props !== 'object' || Array.isArray(props))) return 'dailyRoomProperties must be an object';
  if (b.body !== undefined && (!b.body || typeof b.body !== 'object' || Array.isArray(b.body))) return 'body must be a JSON object';
  return undefined;
}

/** The session's state at `now`: whether its bot started, and when and how it ended. */
function sessionPhase(s: StoredSession, now = Date.now()): { botStarted: boolean; endedAt?: number; status?: string } {
  if (s.crashAt !== undefined && now >= s.crashAt && !(s.stoppedAt !== undefined && s.stoppedAt < s.crashAt))
    return { botStarted: true, endedAt: s.crashAt, status: '500' };
  const botStarted = s.botStartAt !== null && now >= s.botStartAt && (s.stoppedAt === undefined || s.botStartAt <= s.stoppedAt);
  if (s.stoppedAt !== undefined && now >= s.stoppedAt) return { botStarted, endedAt: s.stoppedAt, status: 'HTTP_COMPLETED' };
  return { botStarted };
}

/** A session as the platform lists it (REST reference, the sessions list's items). */
function sessionView(org: string, s: StoredSession) {
  const p = sessionPhase(s);
  const iso = (ms: number) => new Date(ms).toISOString();
  const last = p.endedAt ?? (p.botStarted && s.botStartAt !== null ? s.botStartAt : s.createdAt);
  return {
    sessionId: s.id,
    serviceId: s.agentId,
    organizationId: org,
    deploymentId: s.deploymentId,
    endedAt: p.endedAt === undefined ? null : iso(p.endedAt),
    botStartSeconds: p.botStarted && s.botStartAt !== null ? Math.round((s.botStartAt - s.createdAt) / 1000) : null,
    coldStart: s.coldStart,
    completionStatus: p.status ?? null,
    createdAt: iso(s.createdAt),
    updatedAt: iso(last),
  };
}

/** A deployment as `GET .../services/{agent}/deployments` lists it, newest first. */
function deploymentsView(org: string, a: StoredAgent) {
  return [...a.deployments].reverse().map((d) => ({
    id: d.id,
    serviceId: a.id,
    manifest: {
      apiVersion: 'pipecatcloud.daily.co/v1',
      kind: 'PCService',
      metadata: { name: a.name, namespace: org },
      spec: { image: d.image },
    },
    createdAt: new Date(d.createdAt).toISOString(),
    updatedAt: new Date(d.createdAt).toISOString(),
  }));
}

/** A non-negative integer query parameter, or `dflt`. @throws HttpError 400 */
function queryInt(query: URLSearchParams, name: string, dflt: number): number {
  const v = query.get(name);
  if (v === null) return dflt;
  if (!/^\d+$/.test(v)) throw badRequest(`${name} must be a non-negative integer`);
  return Number(v);
}

/** What the sessions endpoints share: the organisation, its state and the queued faults. */
interface SessionStore {
  org: string;
  sessionStartMs: number;
  sessions(): Record<string, StoredSession>;
  keys(): Record<string, StoredPublicKey>;
  agents(): Record<string, StoredAgent>;
  /** Session faults still to apply, oldest first. */
  faults: (SessionFault & { remaining: number })[];
}

/** Takes the fault for a new session of `agent`, if one is queued. */
function takeFault(store: SessionStore, agent: string): SessionFault | undefined {
  const f = store.faults.find((x) => x.remaining > 0 && (!x.agent || x.agent === agent));
  if (!f) return undefined;
  f.remaining--;
  store.faults = store.faults.filter((x) => x.remaining > 0);
  return f;
}

/** A new session of `a`, with the next queued fault. */
function newSession(store: SessionStore, a: StoredAgent, b: Record<string, unknown>): StoredSession {
  const now = Date.now();
  const d = a.deployments[a.deployments.length - 1];
  const fault = takeFault(store, a.name);
  const room = `https://emulator-${store.org}.daily.co/${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x')}`;
  const botStartAt = fault?.kind === 'never-starts' ? null : now + store.sessionStartMs;
  const s: StoredSession = {
    id: randomUUID(),
    agent: a.name,
    agentId: a.id,
    deploymentId: d.id,
    createdAt: now,
    botStartAt,
    coldStart: !Object.values(store.sessions()).some((x) => x.deploymentId === d.id),
    bodyKeys: b.body && typeof b.body === 'object' ? Object.keys(b.body) : [],
    ...(b.createDailyRoom === true ? { daily: { room, token: meetingToken(room) } } : {}),
  };
  if (fault?.kind === 'crash' && botStartAt !== null) {
    s.crashAt = botStartAt + CRASH_AFTER_MS;
    s.missingModule = fault.module ?? 'pipecat.services.foo';
  }
  store.sessions()[s.id] = s;
  return s;
}

/** `POST /v1/public/{agent}/start`: the key, the body, the agent and its readiness checked, then a new session. */
function publicStart(store: SessionStore, req: PublicStartRequest): [number, unknown] {
  const { authorization, method, segs, text } = req;
  if (segs.length !== 4 || segs[3] !== 'start') return [404, { error: 'Not found', code: 'NOT_FOUND' }];
  if (method !== 'POST') return [405, { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' }];
  const bearer = /^Bearer\s+(\S+)$/.exec(authorization)?.[1];
  if (!bearer) return [401, { error: 'Attempt to start agent without public api key.', code: 'PCC-1002' }];
  if (!findActiveKey(store.keys(), bearer)) return [401, { error: 'Unauthorized / token expired', code: 'UNAUTHORIZED' }];
  let b: unknown = {};
  try {
    if (text.trim()) b = JSON.parse(text);
  } catch {
    return [400, { error: 'Invalid JSON body', code: 'GENERIC_BAD_REQUEST' }];
  }
  if (!b || typeof b !== 'object' || Array.isArray(b))
    return [400, { error: 'Request body must be a JSON object', code: 'GENERIC_BAD_REQUEST' }];
  const problem = startBodyProblem(b as Record<string, unknown>);
  if (problem) return [400, { error: problem, code: 'GENERIC_BAD_REQUEST' }];
  const a = own(store.agents(), segs[2]);
  if (!a) return [404, { error: 'Service not found', code: 'NOT_FOUND' }];
  const ready = Date.now() >= a.deployments[a.deployments.length - 1].readyAt || a.deployments.length > 1;
  if (!ready) return [400, { error: 'Attempt to start agent when deployment is not in ready state.', code: 'PCC-1001' }];
  const s = newSession(store, a, b as Record<string, unknown>);
  return [200, { sessionId: s.id, ...(s.daily ? { dailyRoom: s.daily.room, dailyToken: s.daily.token } : {}) }];
}

/** `GET services/{agent}/sessions[?status&deploymentId&limit&offset]`: newest first, with `total_count`. */
function listSessions(store: SessionStore, mine: StoredSession[], query: URLSearchParams): [number, unknown] {
  const status = query.get('status') ?? 'all';
  if (!['active', 'ended', 'all'].includes(status)) throw badRequest("status must be one of 'active', 'ended', 'all'");
  const deploymentId = query.get('deploymentId');
  const list = mine
    .filter((s) => status === 'all' || (sessionPhase(s).endedAt === undefined) === (status === 'active'))
    .filter((s) => !deploymentId || s.deploymentId === deploymentId)
    .sort((x, y) => y.createdAt - x.createdAt);
  const offset = queryInt(query, 'offset', 0);
  const limit = queryInt(query, 'limit', 10);
  return [200, { total_count: list.length, sessions: list.slice(offset, offset + limit).map((s) => sessionView(store.org, s)) }];
}

/** A session id as the platform makes them (a UUID). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `services/{agent}/sessions[/{id}]` and `services/{agent}/deployments`. @throws HttpError */
function agentPaths(store: SessionStore, method: string, rest: string[], query: URLSearchParams): [number, unknown] {
  const a = own(store.agents(), rest[1]);
  if (!a) throw new HttpError(404, 'NOT_FOUND', `Agent '${rest[1]}' not found`);
  if (rest[2] === 'deployments') {
    if (rest.length !== 3) throw new HttpError(404, 'NOT_FOUND', 'Not found');
    if (method !== 'GET') throw notAllowed();
    return [200, { deployments: deploymentsView(store.org, a) }];
  }
  const mine = Object.values(store.sessions()).filter((s) => s.agent === a.name && s.agentId === a.id);
  if (rest.length === 3) {
    if (method !== 'GET') throw notAllowed();
    return listSessions(store, mine, query);
  }
  // The REST reference's stopSession answers 400 for a session id that is not one (a UUID).
  if (method === 'DELETE' && rest.length === 4 && !UUID_RE.test(rest[3])) throw badRequest('Invalid session ID format');
  const s = rest.length === 4 ? mine.find((x) => x.id === rest[3]) : undefined;
  if (!s) throw new HttpError(404, 'NOT_FOUND', 'Session not found');
  if (method === 'GET') {
    const meetingIds = s.daily ? [{ participantId: s.id, meetingId: s.daily.room.split('/').pop() }] : [];
    return [200, { ...sessionView(store.org, s), resourceMetrics: null, meetingIds }];
  }
  if (method !== 'DELETE') throw notAllowed();
  if (sessionPhase(s).endedAt !== undefined) throw new HttpError(404, 'NOT_FOUND', 'Session not found or already ended');
  s.stoppedAt = Date.now();
  return [200, { status: 'terminated', session_id: s.id }];
}

/** Queues session faults (all or none); returns what is wrong with them, or undefined. */
function queueFaults(store: SessionStore, specs: unknown): string | undefined {
  const list = (Array.isArray(specs) ? specs : [specs]) as SessionFault[];
  for (const f of list) {
    if (!f || typeof f !== 'object' || !SESSION_FAULT_KINDS.includes(f.kind))
      return `Each session fault needs a kind: ${SESSION_FAULT_KINDS.join(', ')}`;
    if (f.module !== undefined && (typeof f.module !== 'string' || !/^[A-Za-z_][\w.]*$/.test(f.module)))
      return 'module must be a dotted Python module name';
  }
  for (const f of list) store.faults.push({ ...f, remaining: Math.max(1, Math.floor(f.count ?? 1)) });
  return undefined;
}

/**
 * The sessions, deployments and API keys endpoints of one organisation.
 *
 * @param opts.state the organisation's persisted state (agents come from `deploy.ts`)
 * @param opts.sessionStartMs how long a bot takes to start, in ms
 */
export function createSessionsApi(opts: { org: string; state: () => DeployState & SessionState; sessionStartMs: number }): SessionsApi {
  const { state } = opts;
  const store: SessionStore = {
    org: opts.org,
    sessionStartMs: opts.sessionStartMs,
    sessions: () => (state().sessions ??= {}),
    keys: () => (state().apiKeys ??= {}),
    agents: () => state().agents ?? {},
    faults: [],
  };
  return {
    publicStart: (req) => publicStart(store, req),
    handle: (method, rest, query, body) => {
      if (rest[0] === 'apiKeys') return handleApiKeys(store.keys(), method, rest, body);
      if (rest[0] === 'services' && rest.length >= 3 && (rest[2] === 'sessions' || rest[2] === 'deployments'))
        return agentPaths(store, method, rest, query);
      return undefined;
    },
    logLines: (agent) =>
      Object.values(store.sessions())
        .filter((s) => s.agent === agent)
        .flatMap((s) => sessionLogLines(s, store.sessionStartMs)),
    queueFaults: (specs) => queueFaults(store, specs),
    clearFaults: () => void (store.faults = []),
  };
}

/**
 * Queue session faults on a running emulator (tests): the next session(s) started crash with a
 * traceback (`crash`) or never get a bot (`never-starts`).
 *
 * @param url emulator base URL
 * @throws Error when the emulator refuses the spec
 */
export async function injectSessionFaults(url: string, spec: SessionFault | SessionFault[]): Promise<void> {
  const res = await fetch(url.replace(/\/+$/, '') + '/_emulator/sessions/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (!res.ok) throw new Error(`emulator admin POST /_emulator/sessions/faults failed: ${res.status} ${await res.text()}`);
}
