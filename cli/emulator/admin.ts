/**
 * The emulator's admin endpoints (`/_emulator/...`, loopback only): the fault queue, the request
 * log, received uploads, forced set statuses and referenced sets. The typed clients of these
 * endpoints are in `faults.ts`; the user guide is docs/cloud-emulator.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ECHO_ENCODINGS, type FaultSpec } from './faults.js';
import { LOOPBACK, readBody, send, type EmulatorContext, type QueuedFault } from './http.js';
import { isValidSetName } from './secrets-api.js';
import { sessionFaultsEndpoint } from './session-admin.js';

/** Fault kinds the queue takes. */
const FAULT_KINDS = ['error', 'rate-limit', 'conflict', 'reset', 'stall', 'echo', 'redirect'];

/**
 * Takes the fault that applies to a request, if any: the oldest matching one whose `after` count
 * of matching requests has passed (every matching fault still skipping counts this request).
 */
export function takeFault(ctx: EmulatorContext, method: string, path: string): QueuedFault | undefined {
  const matches = (x: QueuedFault) =>
    x.remaining > 0 && (!x.method || x.method.toUpperCase() === method) && (!x.path || path.startsWith(x.path));
  let f: QueuedFault | undefined;
  for (const x of ctx.faults) {
    if (!matches(x)) continue;
    if (x.toSkip > 0)
      x.toSkip--; // still letting matching requests through: count this one
    else f ??= x;
  }
  if (!f) return undefined;
  f.remaining--;
  ctx.faults = ctx.faults.filter((x) => x.remaining > 0);
  return f;
}

/** What is wrong with a fault to queue, or undefined when it is valid. */
function faultProblem(f: FaultSpec): string | undefined {
  if (!f || typeof f !== 'object' || !FAULT_KINDS.includes(f.kind)) return `Each fault needs a kind: ${FAULT_KINDS.join(', ')}`;
  if ((f.kind === 'error' || f.kind === 'echo') && f.status !== undefined && !(f.status >= 400 && f.status <= 599))
    return `${f.kind} faults need a status between 400 and 599`;
  if (f.kind === 'redirect' && f.status !== undefined && !(f.status >= 300 && f.status <= 399))
    return 'redirect faults need a status between 300 and 399';
  if (f.echo !== undefined && (!Array.isArray(f.echo) || f.echo.some((e) => !ECHO_ENCODINGS.includes(e))))
    return `echo must list encodings among ${ECHO_ENCODINGS.join(', ')}`;
  return undefined;
}

/** `POST /_emulator/faults` (queue one or a list; all or none) and `DELETE` (clear). */
function faultsEndpoint(ctx: EmulatorContext, res: ServerResponse, method: string, body: unknown): void {
  if (method === 'DELETE') {
    ctx.faults = [];
    return send(res, 200, { status: 'OK' });
  }
  if (method !== 'POST') return send(res, 405, { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
  const list = (Array.isArray(body) ? body : [body]) as FaultSpec[];
  for (const f of list) {
    const problem = faultProblem(f);
    if (problem) return send(res, 400, { error: problem, code: 'GENERIC_BAD_REQUEST' });
  }
  for (const f of list)
    ctx.faults.push({ ...f, remaining: Math.max(1, Math.floor(f.count ?? 1)), toSkip: Math.max(0, Math.floor(f.after ?? 0)) });
  return send(res, 200, { queued: list.length });
}

/** `POST /_emulator/sets/{name}/status`: forces a set's status (and error message). */
async function forceStatus(ctx: EmulatorContext, res: ServerResponse, name: string, body: unknown): Promise<void> {
  const s = ctx.sets()[name];
  if (!s) return send(res, 404, { error: 'Set not found', code: 'NOT_FOUND' });
  const b = (body ?? {}) as { status?: string; errorMessage?: string };
  if (typeof b.status !== 'string' || !/^[a-z][a-z_-]{0,31}$/.test(b.status)) {
    return send(res, 400, {
      error: 'status must be a lowercase word: pending, ready, failed, unknown, or another the platform may send',
      code: 'GENERIC_BAD_REQUEST',
    });
  }
  s.forced = { status: b.status, errorMessage: b.errorMessage };
  await ctx.persister.commit();
  return send(res, 200, { status: 'OK' });
}

/**
 * `POST /_emulator/sets/{name}/reference`: `pipecat cloud secrets reference NAME --region R` of a
 * self-hosted region: a set with no keys known to the platform, ready until a test forces another status.
 */
async function referenceSet(ctx: EmulatorContext, res: ServerResponse, name: string, body: unknown): Promise<void> {
  const b = (body ?? {}) as { region?: string; type?: string };
  if (typeof b.region !== 'string' || !ctx.regions.includes(b.region))
    return send(res, 400, { error: `region must be one of ${ctx.regions.join(', ')}`, code: 'GENERIC_BAD_REQUEST' });
  if (b.type !== undefined && b.type !== 'secret' && b.type !== 'imagePullSecret')
    return send(res, 400, { error: 'type must be secret or imagePullSecret', code: 'GENERIC_BAD_REQUEST' });
  if (!isValidSetName(name)) return send(res, 400, { error: `Invalid secret set name '${name}'`, code: 'GENERIC_BAD_REQUEST' });
  if (Object.prototype.hasOwnProperty.call(ctx.sets(), name))
    return send(res, 409, { error: 'Secret set already exists', code: 'CONFLICT' });
  ctx.sets()[name] = { type: b.type ?? 'secret', region: b.region, secrets: {}, pendingUntil: 0, referenced: true };
  await ctx.persister.commit();
  return send(res, 200, { status: 'OK' });
}

/** `GET /_emulator/uploads[/{id}]`: the upload ids received, or one upload's tarball. */
function uploadsEndpoint(ctx: EmulatorContext, res: ServerResponse, segs: string[]): void {
  if (segs.length === 2) return send(res, 200, { uploads: ctx.deployApi.receivedUploads() });
  const tarball = segs.length === 3 ? ctx.deployApi.uploadedTarball(segs[2]) : undefined;
  if (!tarball) return send(res, 404, { error: 'Upload not found', code: 'NOT_FOUND' });
  res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': tarball.length });
  res.end(tarball);
}

/** Answers a request below `/_emulator/` (from loopback only; 403 otherwise). */
export async function handleAdmin(ctx: EmulatorContext, req: IncomingMessage, res: ServerResponse, segs: string[]): Promise<void> {
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
  if (what === 'faults' && segs.length === 2) return faultsEndpoint(ctx, res, method, body);
  if (what === 'requests' && segs.length === 2) {
    if (method === 'DELETE') {
      ctx.requests = [];
      return send(res, 200, { status: 'OK' });
    }
    return send(res, 200, { requests: ctx.requests });
  }
  if (what === 'uploads' && method === 'GET') return uploadsEndpoint(ctx, res, segs);
  if (what === 'sessions' && segs.length === 3 && segs[2] === 'faults') return sessionFaultsEndpoint(ctx, res, method, body);
  if (what === 'sets' && segs.length === 4 && segs[3] === 'status' && method === 'POST') return forceStatus(ctx, res, segs[2], body);
  if (what === 'sets' && segs.length === 4 && segs[3] === 'reference' && method === 'POST') return referenceSet(ctx, res, segs[2], body);
  return send(res, 404, { error: 'Not found', code: 'NOT_FOUND' });
}
