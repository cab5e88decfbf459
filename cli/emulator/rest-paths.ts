/**
 * The REST reference's own paths (docs.pipecat.ai, pipecat-ai/docs
 * `api-reference/pipecat-cloud/rest-reference/openapi.json`, server `https://api.pipecat.daily.co/v1`),
 * where the organisation comes from the key: `/v1/agents…`, `/v1/builds…`, `/v1/secrets…`,
 * `/v1/regions`, `/v1/properties…`. The emulator answers them with the handlers of the official
 * CLI's paths below `/v1/organizations/{org}/` (pipecatcloud `src/pipecatcloud/config.py`), for the
 * key's organisation: the emulator's primary one.
 *
 * Two operations differ in form, not in effect: `POST /v1/agents/{agentName}` updates an agent
 * named in the path (the official CLI sends `PUT .../services` with `serviceName` in the body), and
 * `GET /v1/agents/{agentName}` answers the details themselves (`ServiceDetailsResponse`), where
 * `GET .../services/{name}` wraps them in `body` as the official CLI reads them.
 */

/** First path segments (after `v1`) of the REST reference's private API. */
const REST_ROOTS = new Set(['agents', 'builds', 'regions', 'properties', 'secrets']);

/** A request as the handlers of the official CLI's paths take it, and how to turn their answer back. */
interface MappedRequest {
  method: string;
  /** Path segments, `['v1', 'organizations', org, ...]`. */
  segs: string[];
  body: unknown;
  /** Turns the handlers' answer into the REST reference's (identity when absent). */
  answer?: (a: [number, unknown]) => [number, unknown];
}

/**
 * The request on the official CLI's paths that a REST reference request stands for.
 *
 * @param segs the request's path segments, starting with `v1`
 * @param org the key's organisation
 * @returns the mapped request, or undefined when the path is not one of the REST reference's
 */
export function fromRestReference(method: string, segs: string[], org: string, body: unknown): MappedRequest | undefined {
  if (segs[0] !== 'v1' || !REST_ROOTS.has(segs[1])) return undefined;
  const scoped = ['v1', 'organizations', org];
  if (segs[1] !== 'agents') return { method, segs: [...scoped, ...segs.slice(1)], body };
  const [name, ...more] = segs.slice(2);
  if (name !== undefined && more.length === 0 && method === 'POST') {
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    return { method: 'PUT', segs: [...scoped, 'services'], body: { ...fields, serviceName: name } };
  }
  const mapped: MappedRequest = { method, segs: [...scoped, 'services', ...segs.slice(2)], body };
  if (name !== undefined && more.length === 0 && method === 'GET')
    mapped.answer = ([status, b]) => [status, status === 200 && b && typeof b === 'object' && 'body' in b ? b.body : b];
  return mapped;
}
