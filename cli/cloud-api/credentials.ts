/**
 * Credentials shared with the official Pipecat Cloud CLI (`pipecatcloud`): token and organisation.
 *
 * Source: the official CLI (daily-co/pipecat-cloud `src/pipecatcloud/cli/config.py` and
 * `cli/__init__.py`: the file, `PIPECAT_CONFIG_PATH`, its keys); docs/cloud-auth.md.
 * - File: `PIPECAT_CONFIG_PATH`, else `~/.config/pipecatcloud/pipecatcloud.toml`; TOML with top-level
 *   keys `token`, `org`, `refresh_token`, `token_expires_at`, and one table per organisation that
 *   other tools own (we keep every key and table we do not own; TOML comments are not kept).
 * - Token: `PIPECAT_TOKEN`, else the file's `token`.
 * - Organisation: `--organization/-o`, else `PIPECAT_ORG`, else the file's `org`, else the first
 *   organisation `GET /v1/organizations` returns.
 * - Writes: a new file of ours (`O_EXCL|O_NOFOLLOW`, mode 0600) in the same directory, fsync,
 *   rename (`credentials-file.ts`); a missing directory is created with mode 0700 (an existing one
 *   is left as it is: `PIPECAT_CONFIG_PATH` may point into a shared folder). A file readable or
 *   writable by group or others is tightened to 0600 with a warning, with `fchmod` on the opened
 *   file, never through a link. A file (or link) owned by another user is not used (root excepted).
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { readOwnCredentials, writeOwnCredentials } from './credentials-file.js';

/** Contents of the credentials file: any TOML table; the keys we use are typed. */
export interface CredentialsData {
  token?: string;
  org?: string;
  refresh_token?: string;
  token_expires_at?: number | bigint;
  [key: string]: unknown;
}

/** Where a token came from. */
type TokenSource = 'PIPECAT_TOKEN' | 'file' | 'none';

/** Result of {@link lookupCredentials}. */
interface CredentialsLookup {
  /** The bearer token, or undefined when not logged in. */
  token?: string;
  tokenSource: TokenSource;
  /** The organisation from `PIPECAT_ORG` or the file, if any (the flag is applied by the caller). */
  org?: string;
  orgSource?: 'PIPECAT_ORG' | 'file';
  /** Absolute path of the credentials file consulted. */
  path: string;
  /** Whether that file exists. */
  fileExists: boolean;
}

/** Sink for warnings (one line each); commands pass a function writing to stderr. */
type Warn = (line: string) => void;

/**
 * Path of the credentials file: `PIPECAT_CONFIG_PATH`, else `~/.config/pipecatcloud/pipecatcloud.toml`.
 *
 * @param env environment (default `process.env`); `HOME` decides `~`
 */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PIPECAT_CONFIG_PATH) return env.PIPECAT_CONFIG_PATH;
  const home = env.HOME || homedir();
  return join(home, '.config', 'pipecatcloud', 'pipecatcloud.toml');
}

/**
 * Read and parse the credentials file (TOML, via smol-toml).
 *
 * @param path file path (see {@link credentialsPath})
 * @param warn receives the warning when a too-open file is tightened
 * @returns the parsed table (empty when the file does not exist) and whether it exists
 * @throws UserError naming the file and line when the TOML is malformed, or when it cannot be read,
 *   is not a regular file, or belongs (or its link belongs) to another user (`credentials-file.ts`)
 */
export async function readCredentialsFile(path: string, warn?: Warn): Promise<{ data: CredentialsData; exists: boolean }> {
  const text = await readOwnCredentials(path, warn);
  if (text === undefined) return { data: {}, exists: false };
  const { parse, TomlError } = await import('smol-toml');
  try {
    const data = parse(text) as CredentialsData;
    return { data: { ...data }, exists: true };
  } catch (err) {
    if (err instanceof TomlError) {
      const first = String(err.message)
        .split('\n')[0]
        .replace(/^Invalid TOML document:\s*/, '');
      throw new UserError(`the Pipecat Cloud credentials file ${path}:${err.line} is not valid TOML: ${first}`, [
        'fix or remove the file, then run `pipecat cloud auth login`',
      ]);
    }
    throw err;
  }
}

/**
 * Find the token and organisation from the environment and the credentials file, without the API.
 *
 * Order: token `PIPECAT_TOKEN` > file `token`; organisation `PIPECAT_ORG` > file `org`.
 * The file is read (and tightened if too open) even when `PIPECAT_TOKEN` is set, so that a
 * malformed file is reported only when it is needed: it is not read when both variables are set.
 *
 * @throws UserError when the file is needed and malformed: not TOML, or `token`/`org` that is not a
 *   string (`token = 123`), unless the environment variable replaces that value
 */
export async function lookupCredentials(env: NodeJS.ProcessEnv = process.env, warn?: Warn): Promise<CredentialsLookup> {
  const path = credentialsPath(env);
  const envToken = env.PIPECAT_TOKEN?.trim() || undefined;
  const envOrg = env.PIPECAT_ORG?.trim() || undefined;
  if (envToken && envOrg)
    return { token: envToken, tokenSource: 'PIPECAT_TOKEN', org: envOrg, orgSource: 'PIPECAT_ORG', path, fileExists: false };
  const { data, exists } = await readCredentialsFile(path, warn);
  const malformed = (['token', 'org'] as const)
    .filter((k) => data[k] !== undefined && typeof data[k] !== 'string' && !(k === 'token' ? envToken : envOrg))
    .map((k) => `${path}: the value of ${k} is malformed: it must be a quoted string (${k} = "..."), not ${tomlKind(data[k])}`);
  if (malformed.length > 0) {
    throw new UserError(`the Pipecat Cloud credentials file ${path} is malformed`, [
      ...malformed,
      'fix the value, or run `pipecat cloud auth login` again',
    ]);
  }
  const fileToken = typeof data.token === 'string' && data.token.trim() ? data.token.trim() : undefined;
  const fileOrg = typeof data.org === 'string' && data.org.trim() ? data.org.trim() : undefined;
  const token = envToken ?? fileToken;
  const org = envOrg ?? fileOrg;
  return {
    token,
    tokenSource: envToken ? 'PIPECAT_TOKEN' : fileToken ? 'file' : 'none',
    org,
    orgSource: envOrg ? 'PIPECAT_ORG' : fileOrg ? 'file' : undefined,
    path,
    fileExists: exists,
  };
}

/** How a parsed TOML value is named in a message (never the value itself: it may be a token). */
function tomlKind(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'bigint') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof Date || (v && typeof v === 'object' && 'isDate' in v)) return 'a date';
  if (v && typeof v === 'object') return 'a table';
  return typeof v;
}

/**
 * Pick the organisation: the flag, else `PIPECAT_ORG`/file (from `lookup`), else the first one the
 * API lists.
 *
 * @param flag value of `--organization/-o`, if given
 * @param lookup result of {@link lookupCredentials}
 * @param listOrganizations `GET /v1/organizations` (called only when needed)
 * @throws Error from `listOrganizations`; a plain Error when the token has no organisation at all
 */
export async function resolveOrganization(
  flag: string | undefined,
  lookup: Pick<CredentialsLookup, 'org' | 'orgSource'>,
  listOrganizations: () => Promise<{ name: string }[]>,
): Promise<{ org: string; source: 'flag' | 'PIPECAT_ORG' | 'file' | 'api' }> {
  if (flag && flag.trim()) return { org: flag.trim(), source: 'flag' };
  if (lookup.org) return { org: lookup.org, source: lookup.orgSource ?? 'file' };
  const orgs = await listOrganizations();
  if (orgs.length === 0) throw new NoOrganizationError();
  return { org: orgs[0].name, source: 'api' };
}

/** The token works but belongs to no organisation. Exit code 1. */
class NoOrganizationError extends Error {
  readonly exitCode = 1;
  constructor() {
    super('the token has access to no Pipecat Cloud organisation (GET /v1/organizations returned none)');
    this.name = 'NoOrganizationError';
  }
}

/**
 * Change the credentials file atomically, keeping every key and table the change does not touch.
 *
 * Reads the file (a malformed file is a UserError: it is never overwritten), applies `change` to a
 * copy, and writes it back through a new file of ours (mode 0600, fsync, rename). A missing directory is created with mode 0700.
 *
 * @param path file path (see {@link credentialsPath})
 * @param change returns the new table; keys set to undefined are removed
 * @param warn receives the warning when a too-open file is tightened
 * @returns the table written
 * @throws UserError for a malformed file or a failed write (naming the file)
 */
export async function updateCredentialsFile(
  path: string,
  change: (data: CredentialsData) => CredentialsData,
  warn?: Warn,
): Promise<CredentialsData> {
  const { data } = await readCredentialsFile(path, warn);
  const next = change({ ...data });
  for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
  const { stringify } = await import('smol-toml');
  const text = stringify(next);
  const dir = dirname(path);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeOwnCredentials(path, text);
  } catch (err) {
    throw new UserError(`cannot write the Pipecat Cloud credentials file ${path}: ${(err as Error).message}`);
  }
  return next;
}
