/**
 * Pieces shared by the `pipecat cloud secrets ...` command definitions: the exit-code epilogue,
 * the `--skip` and `--region` flags, region checking and API error wording.
 *
 * Kept free of heavy imports (only light modules), so `--help` stays fast.
 */
import type { Options } from 'yargs';
import { ExitCode, UserError, exitCodeFor } from '../../../errors.js';
import type { CloudClient } from '../../../cloud-api/client.js';
import { ApiError, HostUnreachableError } from '../../../cloud-api/errors.js';
import { checkRegion } from '../../../secrets/plan.js';
import type { CloudArgs, CloudIO } from '../common.js';
import { shown } from '../../../output/shown.js';

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
 * `--skip/-s` (the official CLI's flag), with `--yes/-y` as aliases (what npm, gh and the official
 * CLI's `deploy` users type), for a definition's `options`.
 *
 * @param what what is not asked about, e.g. `deleting`
 */
export function skipOption(what: string): Readonly<Record<string, Options>> {
  return { skip: { alias: ['s', 'yes', 'y'], type: 'boolean', describe: `Do not ask for confirmation before ${what}` } };
}

/**
 * `--region/-r`, for a definition's `options`.
 *
 * @param describe its `--help` line
 */
export function regionOption(describe: string): Readonly<Record<string, Options>> {
  return { region: { alias: 'r', type: 'string', requiresArg: true, describe } };
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
      shown`--env ${argv.env}: no secret set: name it, or run in your project's server/ folder (the set is AGENT-${argv.env}-secrets for agent_name in pcc-deploy.toml)`,
    );
  if (!argv.json) io.err(`${environmentLine(names, { set: true })}\n`);
  return names.secretSet;
}
