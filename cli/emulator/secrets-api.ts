/**
 * The emulator's secrets and identity endpoints (`/v1/users`, `/v1/organizations[...]`: regions,
 * properties (`properties.ts`), daily, secrets), answering as the platform does. Contract:
 * docs.pipecat.ai's REST reference (secret-*, regions-list, properties-get) and the official CLI's
 * `src/pipecatcloud/api.py`; decisions where they are silent: docs/cloud-emulator.md.
 */
import { badRequest, HttpError, notAllowed, notFoundSet, own, putOwn, type EmulatorContext } from './http.js';
import { properties } from './properties.js';
import type { StoredSet } from './state.js';

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

/** A set's status now: a status forced by a test, else `pending` until provisioned, then `ready`. */
export function statusOf(s: StoredSet): { status: string; errorMessage?: string } {
  if (s.forced)
    return s.forced.status === 'failed'
      ? { status: 'failed', errorMessage: s.forced.errorMessage ?? 'provisioning failed' }
      : { status: s.forced.status };
  return Date.now() < s.pendingUntil ? { status: 'pending' } : { status: 'ready' };
}

/** Marks a set written: `pending` for the provisioning time, any forced status dropped. */
function touched(ctx: EmulatorContext, s: StoredSet): void {
  s.pendingUntil = Date.now() + ctx.provisionMs;
  delete s.forced;
}

/** Refusal of a write to a referenced set (wording decided: the platform's is not documented). */
const referencedRefusal = (setName: string) =>
  badRequest(`Secret set '${setName}' references a Secret in a self-hosted region: change the Secret in your cluster instead`);

/** A request to the identity and secrets endpoints, as {@link api} reads it. */
interface ApiRequest {
  method: string;
  /** The path's segments, starting with `v1`. */
  segs: string[];
  query: URLSearchParams;
  /** The parsed JSON body (undefined when there is none). */
  body: unknown;
}

/**
 * The API itself: returns [status, body] after applying the request's effect (synchronously).
 *
 * @throws HttpError for an error answer
 */
export function api(ctx: EmulatorContext, req: ApiRequest): [number, unknown] {
  const { method, segs, query, body } = req;
  if (segs.length === 2 && segs[1] === 'users') {
    if (method !== 'GET') throw notAllowed();
    return [200, { user: { userId: 'user_emulator', emails: [{ emailAddress: 'developer@emulator.local' }] } }];
  }
  if (segs[1] !== 'organizations') throw new HttpError(404, 'NOT_FOUND', 'Not found');
  if (segs.length === 2) {
    if (method !== 'GET') throw notAllowed();
    return [200, { organizations: ctx.organizations.map((name) => ({ name, verboseName: `${name} (emulator)` })) }];
  }
  if (segs[2] !== ctx.org) throw new HttpError(404, 'NOT_FOUND', `Organization '${segs[2]}' not found`);
  const rest = segs.slice(3);
  if (rest.length === 1 && rest[0] === 'regions') {
    if (method !== 'GET') throw notAllowed();
    return [200, { regions: ctx.regions.map((code) => ({ code, display_name: REGION_NAMES[code] ?? code })) }];
  }
  if (rest.length === 1 && rest[0] === 'daily') {
    // The official CLI's `whoami` reads the organisation's Daily API key from here.
    if (method !== 'GET') throw notAllowed();
    return [200, { apiKey: EMULATOR_DAILY_API_KEY }];
  }
  if (rest[0] === 'properties') return properties(ctx, method, rest, body);
  if (rest[0] !== 'secrets' || rest.length > 3) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  return secrets(ctx, { method, rest, region: query.get('region') ?? undefined, body });
}

/**
 * `secrets`, `secrets/{set}` and `secrets/{set}/{key}` below the organisation.
 *
 * @param req the method, the path segments after the organisation, the `region` query and the body
 */
function secrets(
  ctx: EmulatorContext,
  req: { method: string; rest: string[]; region: string | undefined; body: unknown },
): [number, unknown] {
  const { method, rest, region, body } = req;
  const sets = ctx.sets();
  if (rest.length === 1) {
    if (method !== 'GET') throw notAllowed();
    const list = Object.entries(sets)
      .filter(([, s]) => !region || s.region === region)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => ({ name, type: s.type, region: s.region, ...statusOf(s) }));
    return [200, { sets: list }];
  }
  const setName = rest[1];
  const set = own(sets, setName);
  if (rest.length === 3) {
    if (method !== 'DELETE') throw notAllowed();
    if (!set) throw notFoundSet();
    const key = rest[2];
    if (set.referenced) throw referencedRefusal(setName);
    if (set.type !== 'secret' || !Object.prototype.hasOwnProperty.call(set.secrets, key))
      throw new HttpError(404, 'NOT_FOUND', 'Secret not found');
    delete set.secrets[key];
    touched(ctx, set);
    return [200, { status: 'OK' }];
  }
  if (method === 'GET') {
    if (!set || (region && set.region !== region)) throw notFoundSet();
    if (set.type === 'imagePullSecret') throw badRequest('Cannot retrieve image pull secrets by name');
    const fieldNames = Object.keys(set.secrets).sort();
    return [200, { secrets: fieldNames.map((fieldName) => ({ fieldName })), region: set.region, ...statusOf(set) }];
  }
  if (method === 'DELETE') {
    if (!set) throw notFoundSet();
    delete sets[setName];
    return [200, { status: 'OK' }];
  }
  if (method !== 'PUT') throw notAllowed();
  return upsert(ctx, setName, set, body);
}

/**
 * `PUT secrets/{set}`: checks the body, the name and the region (an existing set keeps its own),
 * then writes one key of a regular set or replaces an image pull secret.
 */
function upsert(ctx: EmulatorContext, setName: string, set: StoredSet | undefined, raw: unknown): [number, unknown] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Request body must be a JSON object');
  const b = raw as Record<string, unknown>;
  if (!isValidSetName(setName)) {
    throw badRequest(
      `Invalid secret set name '${setName}': use 3-63 lowercase letters, digits, '-' or '.', starting and ending with a letter or digit`,
    );
  }
  if (b.region !== undefined && (typeof b.region !== 'string' || !ctx.regions.includes(b.region))) {
    throw badRequest(`Invalid region '${String(b.region)}'. Valid regions: ${ctx.regions.join(', ')}`);
  }
  if (set?.referenced) throw referencedRefusal(setName);
  const reqRegion = b.region as string | undefined;
  if (set && reqRegion && reqRegion !== set.region) {
    throw badRequest(`Secret already exists in region '${set.region}'. Cannot change region to '${reqRegion}'.`);
  }
  const region = set?.region ?? reqRegion ?? ctx.defaultRegion;
  if (b.isImagePullSecret === true) return upsertImagePullSecret(ctx, { setName, set, b, region });
  return b.secrets === undefined ? upsertKey(ctx, { setName, set, b, region }) : upsertKeys(ctx, setName, b, region);
}

/**
 * The REST reference's body of a regular set (`{"secrets":[{"secretKey","secretValue"}],"region"?}`):
 * every pair checked first, then each written as one key (all or none).
 */
function upsertKeys(ctx: EmulatorContext, setName: string, b: Record<string, unknown>, region: string): [number, unknown] {
  const items = b.secrets as { secretKey?: unknown; secretValue?: unknown }[];
  if (!Array.isArray(items) || items.length === 0) throw badRequest('secrets must be a non-empty array of {secretKey, secretValue}');
  for (const it of items)
    if (!it || typeof it.secretKey !== 'string' || !it.secretKey || typeof it.secretValue !== 'string' || it.secretValue === '')
      throw badRequest('each entry of secrets needs a secretKey and a non-empty secretValue');
  let answer: [number, unknown] = [202, { status: 'OK', region }];
  for (const it of items)
    answer = upsertKey(ctx, {
      setName,
      set: own(ctx.sets(), setName),
      b: { ...b, secretKey: it.secretKey, secretValue: it.secretValue },
      region,
    });
  return answer;
}

/** One `PUT secrets/{set}` as the upserts read it: the set's name, the set as stored (if any), the body, the region. */
interface SetWrite {
  setName: string;
  set: StoredSet | undefined;
  /** The request body, an object. */
  b: Record<string, unknown>;
  /** The region the set is (or will be) in. */
  region: string;
}

/** An image pull secret's `PUT`: host and value required; a regular set cannot become one. */
function upsertImagePullSecret(ctx: EmulatorContext, w: SetWrite): [number, unknown] {
  const { setName, set, b, region } = w;
  if (typeof b.host !== 'string' || !b.host || typeof b.secretValue !== 'string' || !b.secretValue) {
    throw badRequest('isImagePullSecret, host and secretValue are required for an image pull secret');
  }
  if (set && set.type === 'secret')
    throw badRequest(`Secret set '${setName}' is a regular secret set and cannot be turned into an image pull secret`);
  const host = b.host.endsWith('/') ? b.host : b.host + '/';
  const next: StoredSet = { type: 'imagePullSecret', region, secrets: {}, host, secretValue: b.secretValue, pendingUntil: 0 };
  touched(ctx, next);
  putOwn(ctx.sets(), setName, next);
  return [202, { status: 'OK', region }];
}

/** A regular set's `PUT` of one key (creating the set): key and non-empty value required. */
function upsertKey(ctx: EmulatorContext, w: SetWrite): [number, unknown] {
  const { setName, set, b, region } = w;
  if (typeof b.secretKey !== 'string' || !b.secretKey) throw badRequest('secretKey is required');
  if (typeof b.secretValue !== 'string') throw badRequest('secretValue is required');
  if (b.secretValue === '') throw badRequest('secretValue must not be empty');
  if (b.name !== undefined && b.name !== setName)
    throw badRequest(`Body name '${String(b.name)}' does not match the set '${setName}' in the path`);
  if (set && set.type === 'imagePullSecret')
    throw badRequest(`Secret set '${setName}' is an image pull secret and cannot hold regular secrets`);
  const target = set ?? putOwn<StoredSet>(ctx.sets(), setName, { type: 'secret', region, secrets: {}, pendingUntil: 0 });
  putOwn(target.secrets, b.secretKey, b.secretValue);
  touched(ctx, target);
  return [202, { status: 'OK', region }];
}
