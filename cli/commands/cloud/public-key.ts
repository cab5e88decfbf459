/**
 * Public API keys on this machine: the organisation's default key in the credentials file (the
 * official CLI's `[<org>] default_public_key` and `default_public_key_name`, written by
 * `organizations keys use`), which key a session is started with, and finding a key by name or id.
 *
 * Sources: pipecatcloud `cli/config.py` (`update_user_config` writes `additional_data` into the
 * organisation's table; `ConfigCLI.get` reads `PIPECAT_DEFAULT_PUBLIC_KEY` first, then the table),
 * `cli/commands/agent.py` `start` (`--api-key`, else the configured default), and
 * `cli/commands/organizations.py` (`keys use`, `keys revoke`). Guide: docs/sessions.md.
 *
 * A key's value is registered with the output redaction as soon as it is read (at the token's
 * fragment length: a public key is never echoed in part, and shorter windows would garble ids).
 */
import { readCredentialsFile, updateCredentialsFile, type CredentialsData } from '../../cloud-api/credentials.js';
import type { PublicApiKey } from '../../cloud-api/session-types.js';
import { OperationFailedError, UserError } from '../../errors.js';
import { TOKEN_FRAGMENT_LENGTH, tokenSecretPart } from '../../../generators/app/output/redact.js';
import type { CloudIO, Session } from './common.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';
import { shown } from '../../output/shown.js';

/** Where the key of a start came from. */
type KeySource = '--api-key' | 'PIPECAT_DEFAULT_PUBLIC_KEY' | 'credentials file' | 'only key';

/** A public key chosen for a start: its value (never printed), its name and where it came from. */
export interface ChosenKey {
  key: string;
  name: string;
  source: KeySource;
}

/**
 * Registers key values with the output redaction (see the module comment), without their public
 * type prefix (`pk_`, or `pcc_pat_` of a token given by mistake), which would redact ordinary words.
 */
export function registerKeys(io: CloudIO, values: Iterable<string>): void {
  io.registerSecrets?.(
    [...values].map((v) => tokenSecretPart(v.trim().replace(/^pk_/, ''))),
    TOKEN_FRAGMENT_LENGTH,
  );
}

/**
 * How a chosen key is named in messages (never its value): `public key ci-key (the default of
 * acme in the credentials file)`.
 */
export function describeKey(key: ChosenKey, org: string): string {
  switch (key.source) {
    case '--api-key':
      return 'the public key given with --api-key';
    case 'PIPECAT_DEFAULT_PUBLIC_KEY':
      return shown`public key ${key.name} (from PIPECAT_DEFAULT_PUBLIC_KEY)`;
    case 'credentials file':
      return shown`public key ${key.name} (the default of ${org} in the credentials file)`;
    case 'only key':
      return shown`public key ${key.name} (the only one of ${org})`;
  }
}

/** The organisation's table of the credentials file, or undefined. @throws UserError when it is not a table */
function orgTable(data: CredentialsData, org: string, path: string): Record<string, unknown> | undefined {
  const t = data[org];
  if (t === undefined) return undefined;
  if (!t || typeof t !== 'object' || Array.isArray(t) || t instanceof Date)
    throw new UserError(shown`the Pipecat Cloud credentials file ${path} is malformed: [${org}] must be a table`);
  return t as Record<string, unknown>;
}

/**
 * The default public key of `org` in the credentials file, if one is set.
 *
 * @throws UserError for a malformed file or table
 */
export async function readDefaultKey(
  path: string,
  org: string,
  warn?: (line: string) => void,
): Promise<{ key: string; name: string } | undefined> {
  const { data } = await readCredentialsFile(path, warn);
  const t = orgTable(data, org, path);
  const key = t?.default_public_key;
  if (typeof key !== 'string' || !key) return undefined;
  const name = t?.default_public_key_name;
  return { key, name: typeof name === 'string' && name ? name : '(unnamed)' };
}

/**
 * Sets (or with `key` undefined, clears) the default public key of `org` in the credentials file,
 * keeping every other key and table, the organisation's own included.
 *
 * @throws UserError for a malformed file or table, or a failed write
 */
export async function writeDefaultKey(
  path: string,
  org: string,
  key: { key: string; name: string } | undefined,
  warn?: (line: string) => void,
): Promise<void> {
  await updateCredentialsFile(
    path,
    (d) => {
      const rest = { ...(orgTable(d, org, path) ?? {}) };
      delete rest.default_public_key;
      delete rest.default_public_key_name;
      const table = key ? { ...rest, default_public_key: key.key, default_public_key_name: key.name } : rest;
      // pipecat's CLI reads the default key from the table of the file's `org`: a file without one
      // (a token from PIPECAT_TOKEN) gets this organisation, so both CLIs start with this key.
      return { ...d, ...(key && d.org === undefined ? { org } : {}), [org]: table };
    },
    warn,
  );
}

/** A key's listing line for messages: `name (id)`. */
export const keyLabel = (k: PublicApiKey) => `${visibleField(k.metadata.name)} (${visibleField(k.id)})`;

/**
 * The key a user named: by id, else by name among the active keys (else among revoked ones).
 *
 * @param what how the key is used in messages, e.g. `revoke`
 * @returns the key, or undefined when nothing matches
 * @throws UserError when a name matches several active keys (the ids are listed)
 */
export function findKey(keys: readonly PublicApiKey[], nameOrId: string, what: string): PublicApiKey | undefined {
  const byId = keys.find((k) => k.id === nameOrId);
  if (byId) return byId;
  const named = keys.filter((k) => k.metadata.name === nameOrId);
  const active = named.filter((k) => !k.revoked);
  if (active.length > 1)
    throw new UserError(shown`${active.length} active public keys are named "${nameOrId}": give the id to ${what}`, active.map(keyLabel));
  return active[0] ?? named[0];
}

/**
 * The public key to start a session with: `--api-key`, else `PIPECAT_DEFAULT_PUBLIC_KEY`, else
 * the organisation's default in the credentials file, else its only active public key.
 *
 * @param apiKey the `--api-key` value, if given
 * @throws OperationFailedError (exit 1) when the organisation has no active public key, or
 *   several and no default (naming `keys create` / `keys use`); UserError for a malformed file
 */
export async function chooseStartKey(
  io: CloudIO,
  session: Pick<Session, 'client' | 'org' | 'credentialsPath'>,
  apiKey?: string,
): Promise<ChosenKey> {
  const { client, org } = session;
  if (apiKey !== undefined) {
    registerKeys(io, [apiKey]);
    if (!apiKey.trim()) throw new UserError('--api-key is empty: give a public API key (pk_...)');
    return { key: apiKey.trim(), name: '--api-key', source: '--api-key' };
  }
  const fromEnv = io.env.PIPECAT_DEFAULT_PUBLIC_KEY?.trim();
  if (fromEnv) {
    registerKeys(io, [fromEnv]);
    return {
      key: fromEnv,
      name: io.env.PIPECAT_DEFAULT_PUBLIC_KEY_NAME?.trim() || 'PIPECAT_DEFAULT_PUBLIC_KEY',
      source: 'PIPECAT_DEFAULT_PUBLIC_KEY',
    };
  }
  const saved = await readDefaultKey(session.credentialsPath, org, (l) => io.err(l + '\n'));
  if (saved) {
    registerKeys(io, [saved.key]);
    return { ...saved, source: 'credentials file' };
  }
  const keys = await client.publicKeys(org);
  registerKeys(
    io,
    keys.map((k) => k.key),
  );
  const active = keys.filter((k) => !k.revoked);
  if (active.length === 0)
    throw new OperationFailedError(shown`${org} has no public API key to start a session with`, [
      'create one: pipecat cloud organizations keys create <name> --default',
      'or pass one with --api-key',
    ]);
  if (active.length > 1)
    throw new OperationFailedError(shown`${org} has ${active.length} public API keys and no default one for starting sessions`, [
      ...active.map((k) => `key ${keyLabel(k)}`),
      'choose one: pipecat cloud organizations keys use <name-or-id>, or pass --api-key',
    ]);
  return { key: active[0].key, name: active[0].metadata.name, source: 'only key' };
}
