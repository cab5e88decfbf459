/**
 * Shared pieces of the `pipecat cloud ...` commands that talk to the API: the common options and
 * {@link openSession}, which turns them plus the environment and the credentials file into a ready
 * {@link CloudClient} and an organisation name.
 *
 * Options (see docs/cloud-auth.md):
 * - `--organization/-o <name>`: organisation (else `PIPECAT_ORG`, the file's `org`, the API's first)
 * - `--api-host <url>`: API base URL (else `PIPECAT_API_HOST`, else https://api.pipecat.daily.co)
 * - `--verbose`: debug lines on stderr (method, URL, status, timing; secrets redacted); also `PIPECAT_DEBUG=1`
 * - `--json`: machine-readable output on stdout
 *
 * The HTTP client module is imported lazily inside {@link openSession}, so `--help` stays fast.
 */
import type { Argv } from 'yargs';
import type { CloudClient } from '../../cloud-api/client.js';
import { NotLoggedInError } from '../../errors.js';

/** Parsed values of {@link cloudOptions}. */
export interface CloudArgs {
  organization?: string;
  'api-host'?: string;
  verbose?: boolean;
  json?: boolean;
}

/**
 * Add the common cloud options to a command's yargs builder.
 *
 * @param y the yargs instance of the command
 * @param opts `json: false` leaves out `--json` for commands that print no data
 * @returns the same instance, typed with {@link CloudArgs}
 */
export function cloudOptions<T>(y: Argv<T>, opts: { json?: boolean } = {}): Argv<T & CloudArgs> {
  let r = y
    .option('organization', {
      alias: 'o',
      type: 'string',
      describe: 'Pipecat Cloud organisation (default: PIPECAT_ORG, the credentials file, or your first organisation)',
      requiresArg: true,
    })
    .option('api-host', {
      type: 'string',
      describe: 'API base URL (default: PIPECAT_API_HOST or https://api.pipecat.daily.co)',
      requiresArg: true,
    })
    .option('verbose', {
      type: 'boolean',
      describe: 'Print HTTP debug lines on stderr, secrets redacted (also PIPECAT_DEBUG=1)',
    }) as unknown as Argv<T & CloudArgs>;
  if (opts.json !== false)
    r = r.option('json', { type: 'boolean', describe: 'Print machine-readable JSON on stdout' }) as unknown as Argv<T & CloudArgs>;
  return r;
}

/** True when debug lines are wanted: `--verbose` or `PIPECAT_DEBUG` set to 1/true/yes. */
export function debugEnabled(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!argv.verbose || /^(1|true|yes|on)$/i.test(env.PIPECAT_DEBUG ?? '');
}

/** A debug sink writing `[debug] <line>` to stderr, or undefined when debugging is off. */
export function debugSink(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): ((line: string) => void) | undefined {
  return debugEnabled(argv, env) ? (line) => process.stderr.write(`[debug] ${line}\n`) : undefined;
}

/** The API base URL for a command: `--api-host`, else `PIPECAT_API_HOST`, else the default. */
export function apiHost(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return argv['api-host'] || env.PIPECAT_API_HOST || undefined;
}

/** Tuning read from the environment (for tests and slow links); see docs/cloud-auth.md. */
function tuning(env: NodeJS.ProcessEnv): { timeoutMs?: number; maxAttempts?: number; retryBaseMs?: number } {
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    timeoutMs: num(env.PIPECAT_TIMEOUT_MS),
    maxAttempts: num(env.PIPECAT_MAX_ATTEMPTS),
    retryBaseMs: num(env.PIPECAT_RETRY_BASE_MS),
  };
}

/**
 * Build a client for a token (no credentials lookup): base URL, debug sink and tuning from the
 * options and the environment (`PIPECAT_TIMEOUT_MS`, `PIPECAT_MAX_ATTEMPTS`, `PIPECAT_RETRY_BASE_MS`).
 */
export async function makeClient(token: string, argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): Promise<CloudClient> {
  const { CloudClient } = await import('../../cloud-api/client.js');
  return new CloudClient({ token, baseUrl: apiHost(argv, env), debug: debugSink(argv, env), ...tuning(env) });
}

/** What {@link openSession} returns: the client and organisation, plus where they came from. */
export interface Session {
  client: CloudClient;
  /** Organisation name to use in API paths. */
  org: string;
  orgSource: 'flag' | 'PIPECAT_ORG' | 'file' | 'api';
  tokenSource: 'PIPECAT_TOKEN' | 'file';
  /** Credentials file consulted (even when the token came from PIPECAT_TOKEN). */
  credentialsPath: string;
}

/**
 * Resolve credentials and organisation for a cloud command.
 *
 * Token: `PIPECAT_TOKEN`, else the credentials file. Organisation: `--organization`, else
 * `PIPECAT_ORG`, else the file's `org`, else the first organisation from `GET /v1/organizations`.
 * A credentials file readable by others is tightened to 0600 with a warning on stderr.
 *
 * @param argv parsed options of the command (see {@link cloudOptions})
 * @returns the client and the organisation name
 * @throws NotLoggedInError (exit 4) when there is no token; UserError for a malformed credentials
 *   file; ApiError/HostUnreachableError when the organisation has to be asked from the API
 */
export async function openSession(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): Promise<Session> {
  const { lookupCredentials, resolveOrganization } = await import('../../cloud-api/credentials.js');
  const found = await lookupCredentials(env, (line) => process.stderr.write(line + '\n'));
  if (!found.token) {
    throw new NotLoggedInError(`not logged in to Pipecat Cloud: no token in PIPECAT_TOKEN or ${found.path}`);
  }
  const client = await makeClient(found.token, argv, env);
  const { org, source } = await resolveOrganization(argv.organization, found, () => client.organizations());
  return {
    client,
    org,
    orgSource: source,
    tokenSource: found.tokenSource === 'PIPECAT_TOKEN' ? 'PIPECAT_TOKEN' : 'file',
    credentialsPath: found.path,
  };
}
