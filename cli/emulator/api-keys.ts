/**
 * The emulator's public API keys (`/v1/organizations/{org}/apiKeys[/{id}]`): list, create, revoke,
 * and the lookup the public start endpoint does with a request's bearer.
 *
 * Source of the shapes: pipecatcloud `api.py` (`_api_keys`, `_api_key_create` with
 * `{"name","type":"public"}`, `_api_key_revoke`: "the server soft-deletes the key by marking it
 * revoked") and `cli/commands/organizations.py` (`keys`: `public[]` with `id`, `key`,
 * `metadata.name`, `createdAt`, `revoked`); the limit of 5 public keys: docs.pipecat.ai
 * pipecat-cloud/fundamentals/accounts-and-organizations ("API keys"). Decisions: docs/cloud-emulator.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { badRequest, HttpError, notAllowed, own } from './http.js';
import type { StoredPublicKey } from './session-types.js';

export type { StoredPublicKey } from './session-types.js';

/** Most active public keys an organisation may hold (the dashboard's and the docs' limit). */
const MAX_PUBLIC_KEYS = 5;

/** Longest key name the emulator takes (decided: the platform's limit is not documented). */
const MAX_KEY_NAME = 64;

/** A key as the platform answers it (REST: `public[]` entries and the create answer). */
function keyView(k: StoredPublicKey) {
  return {
    id: k.id,
    key: k.key,
    type: 'public',
    metadata: { name: k.name },
    createdAt: new Date(k.createdAt).toISOString(),
    revoked: k.revoked,
  };
}

/**
 * The active key whose value is `bearer`, or undefined (a private token, a revoked or unknown key).
 *
 * @param keys the organisation's keys, by id
 */
export function findActiveKey(keys: Record<string, StoredPublicKey>, bearer: string): StoredPublicKey | undefined {
  return Object.values(keys).find((k) => !k.revoked && k.key === bearer);
}

/** `POST apiKeys` `{"name","type":"public"}`: a new key, answered with its value. */
function createKey(keys: Record<string, StoredPublicKey>, raw: unknown): [number, unknown] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Request body must be a JSON object');
  const b = raw as { name?: unknown; type?: unknown };
  if (typeof b.name !== 'string' || !b.name.trim()) throw badRequest('name is required');
  if (b.name.length > MAX_KEY_NAME) throw badRequest(`name must be at most ${MAX_KEY_NAME} characters`);
  if (b.type !== 'public') throw badRequest("type must be 'public' (private keys are created in the dashboard)");
  if (Object.values(keys).filter((k) => !k.revoked).length >= MAX_PUBLIC_KEYS)
    throw badRequest(`Maximum number of public API keys reached (${MAX_PUBLIC_KEYS}): revoke one first`);
  const k: StoredPublicKey = {
    id: randomUUID(),
    key: `pk_${randomBytes(16).toString('hex')}`,
    name: b.name,
    createdAt: Date.now(),
    revoked: false,
  };
  keys[k.id] = k;
  return [200, keyView(k)];
}

/**
 * Answers `apiKeys` and `apiKeys/{id}` below the organisation.
 *
 * @param keys the organisation's keys, by id (changed in place)
 * @param rest path segments after the organisation, starting with `apiKeys`
 * @throws HttpError for an error answer
 */
export function handleApiKeys(keys: Record<string, StoredPublicKey>, method: string, rest: string[], body: unknown): [number, unknown] {
  if (rest.length === 1) {
    if (method === 'POST') return createKey(keys, body);
    if (method !== 'GET') throw notAllowed();
    const list = Object.values(keys).sort((a, b) => a.createdAt - b.createdAt);
    return [200, { public: list.map(keyView) }];
  }
  if (rest.length !== 2) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  if (method !== 'DELETE') throw notAllowed();
  const k = own(keys, rest[1]);
  if (!k) throw new HttpError(404, 'NOT_FOUND', 'API key not found');
  k.revoked = true; // soft delete: the record stays, marked revoked; revoking again changes nothing
  return [200, { status: 'OK' }];
}
