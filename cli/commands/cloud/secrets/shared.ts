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
import type { CloudArgs, CloudIO } from '../common.js';
import { runCloudCommand } from '../define.js';

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

/** What a secrets command does with its collaborators, its arguments and its one `--json` document. */
export type SecretsAction<A> = (io: CloudIO, argv: ArgumentsCamelCase<A>, emit: (doc: unknown) => void) => Promise<void>;

/**
 * The handler of a secrets command: makes the collaborators once per run and runs `action`
 * through {@link runCloudCommand} (the output mode; errors mapped to exit codes; the json document on `out`).
 *
 * @param io maker of the collaborators (the binary: `processCloudIO`; a test: its own)
 * @param action the command's work
 */
export function secretsHandler<A extends CloudArgs>(io: () => CloudIO, action: SecretsAction<A>): CommandModule<object, A>['handler'] {
  return (argv) => runCloudCommand(io(), argv, (x, resolved, emit) => action(x, resolved, emit));
}
