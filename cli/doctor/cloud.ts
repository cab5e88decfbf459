/**
 * `pipecat doctor --cloud [SET]`: every key the deployed bot needs is in the Pipecat Cloud secret
 * set (`secret-missing`; names only: `GET /v1/organizations/{org}/secrets/{set}` returns key names,
 * never values). The set defaults to `pcc-deploy.toml`'s `secret_set`. The deployed bot needs the
 * variables the code reads as `required`; `local-only` ones (Pipecat Cloud supplies them) and
 * `runner-set` ones are left out, as the deploy preflight leaves them out.
 */
import { join } from 'node:path';
import { ApiError } from '../cloud-api/errors.js';
import type { CloudClient } from '../cloud-api/client.js';
import { readDeployConfig } from '../deploy/config.js';
import { UserError } from '../errors.js';
import type { Finding } from './types.js';
import { SERVER_FILES, type DoctorProject } from './project.js';

/** A session with Pipecat Cloud: the client and the organisation (`cli/commands/cloud/common.ts` `openSession`). */
interface CloudSession {
  client: CloudClient;
  org: string;
}

/**
 * The secret set `--cloud` checks: the one named, else `pcc-deploy.toml`'s `secret_set`.
 *
 * @param p the project
 * @param named the set given to `--cloud`, or undefined
 * @throws UserError (exit 2) when none is named and `pcc-deploy.toml` names none
 */
export async function cloudSetName(p: DoctorProject, named: string | undefined): Promise<string> {
  if (named) return named;
  if (p.text.deployConfig !== undefined) {
    try {
      const { config } = await readDeployConfig(join(p.root, p.serverDir, SERVER_FILES.deployConfig));
      if (config.secret_set) return config.secret_set;
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
    }
  }
  throw new UserError(`--cloud: name the secret set (--cloud SET): ${SERVER_FILES.deployConfig} names no secret_set`);
}

/**
 * The `--cloud` check.
 *
 * @param p the project
 * @param set the secret set's name
 * @param session the client and organisation
 * @returns findings `secret-missing` (one per key) or `secret-set-missing`
 * @throws ApiError/HostUnreachableError when the platform cannot be read (other than a missing set)
 */
export async function cloudChecks(p: DoctorProject, set: string, session: CloudSession): Promise<Finding[]> {
  let keys: Set<string>;
  try {
    const detail = await session.client.getSecretSet(session.org, set);
    keys = new Set(detail.secrets.map((s) => s.fieldName));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return [
        {
          check: 'secret-set-missing',
          message: `secret set ${set} does not exist in ${session.org}`,
          where: { set },
          fix: `create it: pipecat cloud secrets set ${set} --file .env`,
        },
      ];
    throw err;
  }
  const out: Finding[] = [];
  for (const v of p.facts.env) {
    if (v.need !== 'required' || keys.has(v.name)) continue;
    out.push({
      check: 'secret-missing',
      message: `secret set ${set} has no ${v.name}, which the deployed bot needs`,
      where: { set },
      fix: `add it: pipecat cloud secrets set ${set} ${v.name}=… (or --file .env)`,
    });
  }
  return out;
}
