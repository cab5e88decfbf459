/**
 * Pieces shared by the `pipecat cloud secrets ...` command modules: the exit-code epilogue, the
 * `--json` error document, region checking and API error wording.
 *
 * Kept free of heavy imports (only light modules), so `--help` stays fast.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ExitCode, OperationFailedError, UserError, exitCodeFor } from '../../../errors.js';
import type { CloudClient } from '../../../cloud-api/client.js';
import { ApiError, HostUnreachableError } from '../../../cloud-api/errors.js';
import { checkRegion } from '../../../secrets/plan.js';
import type { CloudArgs, CloudIO, Session, TextSink } from '../common.js';

/** Epilogue of every secrets command's `--help`. */
export const SECRETS_EPILOGUE =
  'Exit codes: 0 success; 1 the operation failed (API error, not found, partial write, unreachable host); ' +
  '2 bad usage or input, or a confirmation needed without a terminal (pass --skip); 4 not logged in; ' +
  '130 cancelled, or interrupted by Ctrl-C (SIGINT) after printing what was written; 143 stopped by SIGTERM, 129 by SIGHUP, likewise.\n' +
  "Secret values are never printed: plans show each value's length and a short SHA-256 fingerprint. Guide: docs/secrets.md";

/** Message of the error raised when a confirmation is needed but there is no terminal. */
export const NO_TTY_CONFIRM =
  'confirmation needed, but no terminal is available to ask: pass --skip (-s) or --yes (-y) to go ahead without asking';

/**
 * Adds `--skip/-s` to a command (the official CLI's flag), with `--yes/-y` as aliases (what npm,
 * gh and the official CLI's `deploy` users type).
 */
export function skipOption<T>(y: Argv<T>, what: string): Argv<T & { skip?: boolean }> {
  return y.option('skip', { alias: ['s', 'yes', 'y'], type: 'boolean', describe: `Do not ask for confirmation before ${what}` }) as Argv<
    T & { skip?: boolean }
  >;
}

/** Adds `--region/-r` to a command. */
export function regionOption<T>(y: Argv<T>, describe: string): Argv<T & { region?: string }> {
  return y.option('region', { alias: 'r', type: 'string', requiresArg: true, describe }) as Argv<T & { region?: string }>;
}

/**
 * Runs a secrets command body. In `--json` mode, a failure before the command printed its own
 * document still yields exactly one JSON document on stdout (`{"ok":false,"error":{...}}`); the
 * error is then rethrown so `cli/main.ts` prints the message on stderr and sets the exit code.
 *
 * @param out where the JSON document goes (the command's `CloudIO.out`)
 * @param argv the parsed options (only `json` is read)
 * @param body the command; it calls `emit(doc)` at most once to print its JSON document
 */
export async function runSecretsCommand(
  out: TextSink,
  argv: CloudArgs,
  body: (emit: (doc: unknown) => void) => Promise<void>,
): Promise<void> {
  let emitted = false;
  const emit = (doc: unknown) => {
    if (emitted) throw new Error('a command printed two JSON documents');
    emitted = true;
    if (argv.json) out(JSON.stringify(doc, null, 2) + '\n');
  };
  try {
    await body(emit);
  } catch (err) {
    if (argv.json && !emitted) {
      const e = err as Error & { problems?: readonly string[]; details?: readonly string[]; code?: string; status?: number };
      const doc: Record<string, unknown> = { ok: false, error: { message: e?.message ?? String(err), exitCode: exitCodeFor(err) } };
      const error = doc.error as Record<string, unknown>;
      if (e?.problems?.length) error.problems = e.problems;
      if (e?.details?.length) error.details = e.details;
      if (typeof e?.status === 'number') error.status = e.status;
      if (typeof e?.code === 'string') error.code = e.code;
      out(JSON.stringify(doc, null, 2) + '\n');
    }
    throw err;
  }
}

/**
 * Checks `--region` against the organisation's regions (before anything is prompted or written).
 *
 * @throws UserError (exit 2) listing the valid regions when it is not one of them
 */
export async function checkRegionOption(client: CloudClient, org: string, region: string | undefined): Promise<void> {
  if (region === undefined) return;
  if (region.trim() === '') throw new UserError('--region is empty');
  checkRegion(region, await client.regions(org));
}

/** True for an {@link ApiError} with this HTTP status. */
export function isApiStatus(err: unknown, status: number): boolean {
  return err instanceof ApiError && err.status === status;
}

/** The platform's own message of an API error (`error` field), or the error's message. */
export function apiMessage(err: unknown): string {
  const e = err as { apiMessage?: string; message?: string };
  return e?.apiMessage ?? e?.message ?? String(err);
}

/** True when a 400 answer says the set is an image pull secret (they cannot be read by name). */
export function isImagePullSecretRefusal(err: unknown): boolean {
  return isApiStatus(err, 400) && /image pull secret/i.test(apiMessage(err));
}

/**
 * True when the error means later requests cannot succeed either: the host refused the connection
 * or cannot be resolved or its TLS fails (after the client's retries), or the credentials were
 * rejected (401). A reset or a timeout is not fatal: it may hit one request only.
 */
export function isFatalForBatch(err: unknown): boolean {
  if (err instanceof HostUnreachableError) return err.reason === 'refused' || err.reason === 'dns' || err.reason === 'tls';
  return !!err && typeof err === 'object' && exitCodeFor(err) === ExitCode.notLoggedIn;
}

/** True when a failed request may nevertheless have been applied (no answer, reset, timeout, 5xx). */
export function isOutcomeUnknown(err: unknown): boolean {
  if (err instanceof HostUnreachableError) return err.reason === 'reset' || err.reason === 'timeout' || err.reason === 'other';
  return err instanceof ApiError && err.status >= 500;
}

/**
 * When an error says the organisation itself does not exist (or the token cannot use it), the
 * error to throw instead: a 404 or 403 from an organisation-level endpoint (`.../regions`,
 * `.../properties`), or any 404 whose message names the organisation (the emulator's
 * `Organization 'x' not found`). Otherwise undefined.
 *
 * Without this, a 404 for a set in a wrong organisation reads as "the set does not exist yet" and
 * `secrets set` would plan a new set.
 *
 * @param err the error of a request about `org`
 * @param org the organisation name used in the request
 * @param orgSource where the name came from (flag, PIPECAT_ORG, file, api), for the message
 * @param known the organisations the token can use (`GET /v1/organizations`), when known
 */
export function organizationNotFound(
  err: unknown,
  org: string,
  orgSource?: string,
  known?: readonly string[],
): OperationFailedError | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const e = err;
  const orgLevel = /^\/v1\/organizations\/[^/]+\/(regions|properties)$/.test(e.path);
  const namesOrg = /organi[sz]ation/i.test(apiMessage(err));
  if (!((e.status === 404 && (orgLevel || namesOrg)) || (e.status === 403 && orgLevel))) return undefined;
  const from =
    orgSource === 'flag'
      ? ' (from --organization)'
      : orgSource === 'PIPECAT_ORG'
        ? ' (from PIPECAT_ORG)'
        : orgSource === 'file'
          ? ' (from the credentials file)'
          : '';
  return new OperationFailedError(
    `organization ${org}${from} not found, or this token cannot use it: nothing was sent (${apiMessage(err)})`,
    [
      known === undefined
        ? 'pass an organization of your token with --organization/-o'
        : known.length > 0
          ? `organizations of this token: ${known.join(', ')} (pass one with --organization/-o)`
          : 'this token has no organization',
    ],
  );
}

/**
 * Runs a command body and, when it fails because the organisation does not exist or the token
 * cannot use it ({@link organizationNotFound}), throws that error instead, naming the organisations
 * the token can use (`GET /v1/organizations`; left out when that read fails too). The body's
 * session is the one it opens through the given collaborators.
 *
 * @param io the command's collaborators
 * @param body the command's work, given the same collaborators (their `openSession` watched)
 * @throws OperationFailedError (exit 1) for an unknown organisation; the body's errors otherwise
 */
export async function withOrganizationCheck<T>(io: CloudIO, body: (io: CloudIO) => Promise<T>): Promise<T> {
  let session: Session | undefined;
  const watched: CloudIO = { ...io, openSession: async (argv) => (session = await io.openSession(argv)) };
  try {
    return await body(watched);
  } catch (err) {
    const s = session as Session | undefined;
    if (s === undefined || !organizationNotFound(err, s.org)) throw err;
    const known = await s.client.organizations().then(
      (o) => o.map((x) => x.name),
      () => undefined,
    );
    throw organizationNotFound(err, s.org, s.orgSource, known);
  }
}

/**
 * The secret set a command with `--env E` addresses (`cli/deploy/environments.ts`): the set named
 * on the command line, else environment E's set `AGENT-E-secrets` of `pcc-deploy.toml`'s
 * `agent_name` (its `secret_set` for `--env production`), read in the current folder or the
 * project's `server/`. Prints which (not with `--json`). Without `--env`, the name as given.
 *
 * @param given the set name argument, if any
 * @returns the set name (undefined only without `--env` and without a name)
 * @throws UserError (exit 2) for a bad `--env`, or when no set can be named
 */
export async function environmentSetName(
  io: CloudIO,
  argv: CloudArgs & { env?: string },
  given: string | undefined,
): Promise<string | undefined> {
  if (argv.env === undefined) return given;
  const { environmentLine, environmentNames } = await import('../../../deploy/environments.js');
  const { configuredNames } = await import('../../../deploy/project.js');
  const found = given === undefined ? await configuredNames(process.cwd()) : undefined;
  const names = environmentNames({
    agentName: found?.agentName,
    secretSet: given ?? found?.secretSet,
    env: argv.env,
    fromCommandLine: { agentName: false, secretSet: given !== undefined },
  });
  if (!names.secretSet)
    throw new UserError(
      `--env ${argv.env}: no secret set: name it, or run in your project's server/ folder (the set is AGENT-${argv.env}-secrets for agent_name in pcc-deploy.toml)`,
    );
  if (!argv.json) io.err(`${environmentLine(names, { set: true })}\n`);
  return names.secretSet;
}

/** What a secrets command does with its collaborators, its arguments and its one `--json` document. */
export type SecretsAction<A> = (io: CloudIO, argv: ArgumentsCamelCase<A>, emit: (doc: unknown) => void) => Promise<void>;

/**
 * The handler of a secrets command: makes the collaborators once per run and runs `action`
 * through {@link runSecretsCommand} (errors mapped to exit codes, the `--json` document on `out`).
 *
 * @param io maker of the collaborators (the binary: `processCloudIO`; a test: its own)
 * @param action the command's work
 */
export function secretsHandler<A extends CloudArgs>(io: () => CloudIO, action: SecretsAction<A>): CommandModule<object, A>['handler'] {
  return (argv) => {
    const x = io();
    return runSecretsCommand(x.out, argv, (emit) => action(x, argv, emit));
  };
}
