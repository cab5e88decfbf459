/**
 * Shared pieces of the `pipecat cloud ...` commands: the common options, {@link openSession}, which
 * turns them plus the environment and the credentials file into a ready {@link CloudClient} and an
 * organisation name, and {@link CloudIO}, the collaborators every cloud command handler receives
 * (handlers get their output sinks, terminal facts, dialogs, session opener, spinner and
 * interrupt watch instead of building them, so they run in a test without the binary).
 *
 * Options (see docs/cloud-auth.md):
 * - `--organization/-o <name>`: organisation (else `PIPECAT_ORG`, the file's `org`, the API's first)
 * - `--api-host <url>`: API base URL (else `PIPECAT_API_HOST`, else https://api.pipecat.daily.co)
 * - `--insecure`: allow a plain `http://` API host that is not this machine (the token would cross
 *   the network in clear text); without it such a host is refused (exit 2), loopback is always allowed
 * - `--verbose`: debug lines on stderr (method, URL, status, timing; secrets redacted); also `PIPECAT_DEBUG=1`
 * - `--json`: machine-readable output on stdout
 *
 * The modules imported here are light (the HTTP library, the TOML parser, `prompts` and `ora` are
 * imported by their own modules when first used), and the command modules load only when yargs
 * runs a `cloud` command (`cli/commands/registry.ts`), so they are imported statically.
 */
import { isatty } from 'node:tty';
import type { Argv } from 'yargs';
import { CloudClient } from '../../cloud-api/client.js';
import { lookupCredentials, resolveOrganization } from '../../cloud-api/credentials.js';
import * as dialogs from '../../dialogs.js';
import { NotLoggedInError, UserError } from '../../errors.js';
import { readBounded } from '../../secrets/bounded-read.js';
import { TOKEN_FRAGMENT_LENGTH, registerSecrets, tokenSecretPart } from '../../../generators/app/output/redact.js';
import { watchInterrupts, type InterruptWatch } from '../../interrupts.js';
import { startSpinner, type Spinner } from '../../output/spinner.js';
import { writeStderr, writeStdout } from '../../../generators/app/output/sinks.js';

/** Parsed values of {@link cloudOptions}. */
export interface CloudArgs {
  organization?: string;
  'api-host'?: string;
  insecure?: boolean;
  verbose?: boolean;
  json?: boolean;
}

/**
 * Add the common cloud options to a command's yargs builder: `--organization/-o`, `--api-host`,
 * `--verbose` and (unless `opts.json` is false) `--json`. The parsed values are {@link CloudArgs}.
 *
 * @param y the yargs instance of the command
 * @param opts `json: false` leaves out `--json` for commands that print no data
 * @returns the same instance
 */
export function cloudOptions(y: Argv, opts: { json?: boolean } = {}): Argv {
  const r = y
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
    .option('insecure', {
      type: 'boolean',
      describe: 'Allow a plain http:// API host that is not this machine (the token is sent unencrypted)',
    })
    .option('verbose', {
      type: 'boolean',
      describe: 'Print HTTP debug lines on stderr, secrets redacted (also PIPECAT_DEBUG=1)',
    });
  return opts.json === false
    ? r
    : r.option('json', { type: 'boolean', describe: 'Print machine-readable JSON on stdout (same as --output json)' });
}

/** Sink of text for the user (the binary: stderr); the text carries its own line breaks. */
type TextSink = (text: string) => void;

/** The binary's stderr as a {@link TextSink}. */
const processErr: TextSink = writeStderr;

/** True when debug lines are wanted: `--verbose` or `PIPECAT_DEBUG` set to 1/true/yes. */
function debugEnabled(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!argv.verbose || /^(1|true|yes|on)$/i.test(env.PIPECAT_DEBUG ?? '');
}

/**
 * A debug sink writing `[debug] <line>` to `err`, or undefined when debugging is off.
 *
 * @param err where the lines go (default: stderr)
 */
function debugSink(
  argv: CloudArgs,
  env: NodeJS.ProcessEnv = process.env,
  err: TextSink = processErr,
): ((line: string) => void) | undefined {
  return debugEnabled(argv, env) ? (line) => err(`[debug] ${line}\n`) : undefined;
}

/**
 * The API base URL for a command: `--api-host`, else `PIPECAT_API_HOST`, else undefined (the
 * client's default, https://api.pipecat.daily.co). The one place the value is checked.
 *
 * @throws UserError (exit 2) naming the flag or the variable when the value is not an absolute
 *   `http:` or `https:` URL (e.g. `not a url`, `ftp://x`), and naming the host when it is `http:`
 *   and not loopback ({@link isLoopbackHost}) without `--insecure`: the token would be sent in
 *   clear text (the official CLI sends it to any host; we refuse, docs/cloud-auth.md)
 */
export function apiHost(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromFlag = !!argv['api-host'];
  const value = argv['api-host'] || env.PIPECAT_API_HOST || undefined;
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    const shown = value.length <= 100 ? JSON.stringify(value) : `(${value.length} characters)`;
    throw new UserError(
      `${fromFlag ? '--api-host' : 'PIPECAT_API_HOST'} must be an http:// or https:// URL, e.g. https://api.pipecat.daily.co (got ${shown})`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !argv.insecure) {
    throw new UserError(
      `refusing to send the Pipecat Cloud token over plain http:// to ${url.host} (${fromFlag ? '--api-host' : 'PIPECAT_API_HOST'}): it is not this machine`,
      ['use an https:// URL, or add --insecure if you trust every network between you and that host'],
    );
  }
  return value;
}

/**
 * Whether a URL's host name is this machine: `localhost`, an IPv4 address in 127.0.0.0/8 or the
 * IPv6 `::1` (as `URL.hostname` writes them: `[::1]`; numeric forms such as `2130706433` are
 * already normalised to `127.0.0.1` by the URL parser).
 *
 * @param hostname `URL.hostname`
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
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
 *
 * @param err where `--verbose` debug lines go (default: stderr)
 */
async function makeClient(
  token: string,
  argv: CloudArgs,
  env: NodeJS.ProcessEnv = process.env,
  err: TextSink = processErr,
): Promise<CloudClient> {
  return new CloudClient({ token, baseUrl: apiHost(argv, env), debug: debugSink(argv, env, err), ...tuning(env) });
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
 * @param env environment (token, organisation, API host, tuning, `HOME` for the file)
 * @param err where warnings and `--verbose` debug lines go (default: stderr)
 * @returns the client and the organisation name
 * @throws UserError (exit 2) for a malformed `--api-host`/`PIPECAT_API_HOST`; NotLoggedInError
 *   (exit 4) when there is no token; UserError for a malformed credentials file; ApiError/HostUnreachableError when the organisation has to be asked from the API
 */
export async function openSession(argv: CloudArgs, env: NodeJS.ProcessEnv = process.env, err: TextSink = processErr): Promise<Session> {
  apiHost(argv, env); // a malformed host is a usage error, before "not logged in"
  const found = await lookupCredentials(env, (line) => err(line + '\n'));
  if (!found.token) {
    throw new NotLoggedInError(`not logged in to Pipecat Cloud: no token in PIPECAT_TOKEN or ${found.path}`);
  }
  registerSecrets([tokenSecretPart(found.token)], TOKEN_FRAGMENT_LENGTH);
  const client = await makeClient(found.token, argv, env, err);
  const { org, source } = await resolveOrganization(argv.organization, found, () => client.organizations());
  return {
    client,
    org,
    orgSource: source,
    tokenSource: found.tokenSource === 'PIPECAT_TOKEN' ? 'PIPECAT_TOKEN' : 'file',
    credentialsPath: found.path,
  };
}

/** The dialogs a cloud command may show (`cli/dialogs.ts`: no terminal is exit 2, Ctrl-C is 130). */
export type CloudDialogs = Pick<typeof dialogs, 'canPrompt' | 'confirm' | 'text' | 'password' | 'select'>;

/**
 * The collaborators of the `pipecat cloud ...` command handlers. The binary passes the process's
 * ({@link processCloudIO}); a test passes its own (sinks that record, an emulator's environment,
 * dialogs that answer, a silent spinner).
 */
export interface CloudIO {
  /**
   * Data: tables, `--json` documents, the emulator's variables (the binary: stdout, redacted and
   * with control characters made visible, `generators/app/output/terminal-safe.ts`; so is `err`).
   */
  out: TextSink;
  /** Everything else: plans, warnings, reports, notes (the binary: stderr). */
  err: TextSink;
  /** Environment: `PIPECAT_TOKEN`, `PIPECAT_ORG`, `PIPECAT_API_HOST`, `HOME`, tuning. */
  env: NodeJS.ProcessEnv;
  /** Which standard streams are terminals. */
  terminal: { stdin: boolean; stdout: boolean; stderr: boolean };
  /**
   * Reads all of stdin as UTF-8 text (called at most once per run), at most 64 MiB
   * (`cli/secrets/bounded-read.ts`; past it a UserError, exit 2, naming `label`).
   *
   * @param label how the input is named in that error, e.g. `stdin (--file -)`
   */
  readStdin: (label?: string) => Promise<string>;
  /**
   * Secret values this run has read (values, a token, credentials): every later output
   * through `out`, `err` and the error printer is redacted of them (`generators/app/output/redact.ts`).
   */
  registerSecrets?: (values: Iterable<string>, fragment?: number) => void;
  /** Terminal dialogs (confirm, text, password, select). */
  dialogs: CloudDialogs;
  /** Token, organisation and client of a command (see {@link openSession}). */
  openSession: (argv: CloudArgs) => Promise<Session>;
  /** A client for a token not yet saved (`auth login`; see {@link makeClient}). */
  makeClient: (token: string, argv: CloudArgs) => Promise<CloudClient>;
  /** Starts a progress spinner (`cli/output/spinner.ts`: silent with `--json` or without a terminal). */
  startSpinner: (text: string, opts?: { json?: boolean }) => Promise<Spinner>;
  /** Starts turning SIGINT/SIGTERM into a value (`cli/interrupts.ts`); dispose it when done. */
  watchInterrupts: () => InterruptWatch;
}

/**
 * The collaborators of the binary: stdout and stderr, `process.env`, the process's terminal and
 * stdin, the `prompts` dialogs on stderr, the ora spinner, the real session and signals.
 *
 * @returns a fresh {@link CloudIO}
 */
export function processCloudIO(): CloudIO {
  const env = process.env;
  return {
    out: writeStdout,
    err: processErr,
    env,
    // isatty(fd) is what `process.stdin.isTTY` reports, without creating the stdin stream.
    terminal: { stdin: isatty(0), stdout: isatty(1), stderr: isatty(2) },
    readStdin: (label = 'stdin') => readBounded(process.stdin, label),
    registerSecrets,
    dialogs,
    openSession: (argv) => openSession(argv, env, processErr),
    makeClient: (token, argv) => makeClient(token, argv, env, processErr),
    startSpinner,
    watchInterrupts,
  };
}
