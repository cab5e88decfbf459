/**
 * An organisation the token does not belong to, told as such: when a request below
 * `/v1/organizations/{org}` is refused (404, or 403), the token's organisations are listed
 * (`GET /v1/organizations`), and when the one in use is not among them the command fails with
 * exit 2, naming where the name came from (`--organization`, `PIPECAT_ORG` or the credentials
 * file's `org`) and the names it could be. Any other failure is passed on as it came.
 *
 * The official CLI passes the platform's error on (pipecatcloud `_utils/console_utils.py`
 * `api_error`); naming the organisations is ours (docs/cloud-organizations.md).
 */
import { ApiError } from '../../cloud-api/errors.js';
import { UserError } from '../../errors.js';
import type { Organization } from '../../cloud-api/types.js';
import type { Session } from './common.js';

/** How the source of the organisation name is named in a message. */
const SOURCE_NAMES: Readonly<Record<Session['orgSource'], string>> = {
  flag: '--organization',
  PIPECAT_ORG: 'PIPECAT_ORG',
  file: 'the credentials file (org)',
  api: 'your first organisation',
};

/**
 * The error for an organisation name that is not one of the token's.
 *
 * @param name the name given
 * @param source where it came from, as said in the message (`--organization`, an argument, …)
 * @param orgs the token's organisations
 */
export function unknownOrganization(name: string, source: string, orgs: readonly Organization[]): UserError {
  return new UserError(`${source} ${name}: this token has no organisation of that name`, [
    `organisations of this token: ${orgs.map((o) => o.name).join(', ') || '(none)'}`,
    'pick one with: pipecat cloud organizations select <name>',
  ]);
}

/**
 * Runs `work` (requests below the session's organisation); when it fails with 404 or 403 and the
 * organisation is not one of the token's, throws {@link unknownOrganization} instead.
 *
 * @param session the command's session (its client and organisation)
 * @param work the requests
 * @throws UserError (exit 2) for an organisation the token does not have; what `work` throws otherwise
 */
export async function inKnownOrganization<T>(session: Pick<Session, 'client' | 'org' | 'orgSource'>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 403)) throw err;
    let orgs: Organization[];
    try {
      orgs = await session.client.organizations();
    } catch {
      throw err;
    }
    if (orgs.some((o) => o.name === session.org)) throw err;
    throw unknownOrganization(session.org, SOURCE_NAMES[session.orgSource], orgs);
  }
}
