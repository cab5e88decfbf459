/**
 * An organisation the token does not belong to, told as such: when a request below
 * `/v1/organizations/{org}` is refused (404, or 403), the token's organisations are listed
 * (`GET /v1/organizations`), and when the one in use is not among them the command fails with
 * exit 2, naming where the name came from (`--organization`, `PIPECAT_ORG` or the credentials
 * file's `org`) and the names it could be. Any other failure is passed on as it came.
 *
 * The official CLI passes the platform's error on (pipecatcloud `_utils/console_utils.py`
 * `api_error`); naming the organisations is ours (docs/cloud-organizations.md).
 *
 * One rule, which `runCloudCommand` applies to every cloud command ({@link withOrganizationCheck}):
 * a request below `/v1/organizations/{org}` answered 404 or 403 is checked against the token's
 * organisations, and when the one in use is not among them (or the answer itself says the
 * organisation is missing) the command fails with exit 1 naming the ones it has. A name given as an
 * argument (`organizations select NAME`) is input, checked before any request ({@link unknownOrganization}, exit 2).
 */
import { ApiError, isOrganizationMissing } from '../../cloud-api/errors.js';
import { OperationFailedError, UserError } from '../../errors.js';
import type { Organization } from '../../cloud-api/types.js';
import type { CloudIO, Session } from './common.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';

/** The platform's own message of an API error (`error` field), or the error's message. */
const platformMessage = (err: ApiError): string => err.apiMessage ?? err.message;

/**
 * The error for an organisation name that is not one of the token's.
 *
 * @param name the name given
 * @param source where it came from, as said in the message (`--organization`, an argument, …)
 * @param orgs the token's organisations
 */
export function unknownOrganization(name: string, source: string, orgs: readonly Organization[]): UserError {
  return new UserError(`${source} ${visibleField(name)}: this token has no organisation of that name`, [
    `organisations of this token: ${orgs.map((o) => visibleField(o.name)).join(', ') || '(none)'}`,
    'pick one with: pipecat cloud organizations select <name>',
  ]);
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
 * @param about.orgSource where the name came from (flag, PIPECAT_ORG, file, api), for the message
 * @param about.known the organisations the token can use (`GET /v1/organizations`), when known
 * @param about.certain true when the token's organisations showed it missing (the answer need not say so)
 */
export function organizationNotFound(
  err: unknown,
  org: string,
  about: { orgSource?: string; known?: readonly string[]; certain?: boolean } = {},
): OperationFailedError | undefined {
  const { orgSource, known, certain = false } = about;
  if (!(err instanceof ApiError)) return undefined;
  const e = err;
  const orgLevel = /^\/v1\/organizations\/[^/]+\/(regions|properties)(\/schema)?$/.test(e.path);
  if (!certain && !(isOrganizationMissing(e) || ((e.status === 404 || e.status === 403) && orgLevel))) return undefined;
  const from =
    orgSource === 'flag'
      ? ' (from --organization)'
      : orgSource === 'PIPECAT_ORG'
        ? ' (from PIPECAT_ORG)'
        : orgSource === 'file'
          ? ' (from the credentials file)'
          : '';
  return new OperationFailedError(
    `organization ${visibleField(org)}${from} not found, or this token cannot use it: nothing was sent (${platformMessage(e)})`,
    [
      known === undefined
        ? 'pass an organization of your token with --organization/-o'
        : known.length > 0
          ? `organizations of this token: ${known.map(visibleField).join(', ')} (pass one with --organization/-o)`
          : 'this token has no organization',
    ],
  );
}

/**
 * Runs a command body and, when a request below the session's organisation failed with 404 or 403
 * because the organisation does not exist or the token cannot use it, throws
 * {@link organizationNotFound}'s error instead, naming the organisations the token can use
 * (`GET /v1/organizations`; left out when that read fails too). An answer that says so itself is
 * taken at its word; any other 404/403 only when the organisation is not among the token's (a 404
 * for a set, an agent or a build of a real organisation is the body's to report). The body's session
 * is the one it opens through the given collaborators.
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
    if (s === undefined || !(err instanceof ApiError) || (err.status !== 404 && err.status !== 403)) throw err;
    const saysSo = organizationNotFound(err, s.org) !== undefined;
    if (!saysSo && !err.path.startsWith(`/v1/organizations/${encodeURIComponent(s.org)}/`)) throw err;
    const known = await s.client.organizations().then(
      (o) => o.map((x) => x.name),
      () => undefined,
    );
    if (!saysSo && (known === undefined || known.includes(s.org))) throw err;
    throw organizationNotFound(err, s.org, { orgSource: s.orgSource, known, certain: true });
  }
}
