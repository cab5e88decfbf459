/**
 * The emulator's organisation properties: `GET`/`PATCH .../properties` and `GET .../properties/schema`
 * (below `/v1/organizations/{org}`, and the REST reference's `/v1/properties`). One property is
 * served, `defaultRegion`, as the REST reference lists it.
 *
 * Sources: pipecatcloud `src/pipecatcloud/api.py` (`_properties`, `_properties_schema`,
 * `_properties_update`: the paths, `PATCH` with the properties as the body, the answers read from
 * `properties`) and the REST reference (`properties-get`, `properties-update`: the schema answer of
 * a `PATCH`, `PropertySchema`'s required fields, and its 400 answers).
 */
import { badRequest, HttpError, notAllowed, type EmulatorContext } from './http.js';

/** The properties a `PATCH` may set. */
const SETTABLE = ['defaultRegion'] as const;

/** `defaultRegion` as the schema describes it (REST reference `PropertySchema`). */
function defaultRegionSchema(ctx: EmulatorContext) {
  return {
    type: 'string',
    description: 'Default region for new agents and secret sets',
    default: ctx.configuredDefaultRegion,
    currentValue: ctx.defaultRegion,
    readOnly: false,
    availableValues: ctx.regions,
  };
}

/**
 * `PATCH .../properties`: checks every property first (a known name, a region of the organisation),
 * then sets them; answers the schema of every property, as the REST reference does.
 *
 * @throws HttpError 400 `GENERIC_BAD_REQUEST` for an empty update, an unknown property or region
 */
function update(ctx: EmulatorContext, body: unknown): [number, unknown] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0) throw badRequest('No properties provided');
  for (const [name, value] of entries) {
    if (!(SETTABLE as readonly string[]).includes(name)) throw badRequest(`Property '${name}' is not a valid property`);
    if (typeof value !== 'string' || !ctx.regions.includes(value))
      throw badRequest(`Region '${String(value)}' is not available. Available regions: ${ctx.regions.join(', ')}`);
  }
  for (const [, value] of entries) ctx.setDefaultRegion(value as string);
  return [200, { properties: { defaultRegion: defaultRegionSchema(ctx) } }];
}

/**
 * Answers `properties` and `properties/schema` below the organisation.
 *
 * @param rest path segments after the organisation, starting with `properties`
 * @throws HttpError 404 for another path, 405 for another method, 400 for a bad update
 */
export function properties(ctx: EmulatorContext, method: string, rest: string[], body: unknown): [number, unknown] {
  if (rest.length === 2 && rest[1] === 'schema') {
    if (method !== 'GET') throw notAllowed();
    return [200, { properties: { defaultRegion: defaultRegionSchema(ctx) } }];
  }
  if (rest.length !== 1) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  if (method === 'PATCH') return update(ctx, body);
  if (method !== 'GET') throw notAllowed();
  return [200, { properties: { defaultRegion: ctx.defaultRegion } }];
}
