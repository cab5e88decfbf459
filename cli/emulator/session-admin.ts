/**
 * The emulator's glue for sessions (`sessions.ts`): the public start run from the request handler
 * (authorised by a public API key, not the emulator's token, and persisted), and the admin
 * endpoint of session faults (`/_emulator/sessions/faults`, loopback only; docs/cloud-emulator.md).
 */
import type { ServerResponse } from 'node:http';
import { send, type EmulatorContext } from './http.js';
import type { PublicStartRequest } from './session-types.js';

/**
 * `POST /v1/public/{agent}/start`: answered by the sessions API with the request's own
 * `Authorization` (a public API key; the emulator's private token is refused), then persisted.
 *
 * @param req the header, method, path segments (from `v1`) and body of the request
 */
export async function runPublicStart(ctx: EmulatorContext, req: PublicStartRequest): Promise<[number, unknown]> {
  const answer = ctx.sessionsApi.publicStart(req);
  if (answer[0] === 200) await ctx.persister.commit();
  return answer;
}

/**
 * `POST /_emulator/sessions/faults` (body: one `SessionFault` or a list; all or none) queues
 * session faults; `DELETE` drops them.
 */
export function sessionFaultsEndpoint(ctx: EmulatorContext, res: ServerResponse, method: string, body: unknown): void {
  if (method === 'DELETE') {
    ctx.sessionsApi.clearFaults();
    return send(res, 200, { status: 'OK' });
  }
  if (method !== 'POST') return send(res, 405, { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
  const problem = ctx.sessionsApi.queueFaults(body);
  if (problem) return send(res, 400, { error: problem, code: 'GENERIC_BAD_REQUEST' });
  return send(res, 200, { queued: Array.isArray(body) ? body.length : 1 });
}
