/**
 * `pipecat cloud secrets delete <name> [--skip/-s] [-o] [--json]`
 *
 * Deletes a whole secret set or image pull secret, after a confirmation that says it cannot be
 * undone (unless `--skip`). The set is looked up first: a missing set is exit 1 naming it, and
 * nothing is ever reported deleted when nothing was.
 *
 * Source: the official CLI's `secrets delete` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); API: `GET .../secrets` then
 * `DELETE /v1/organizations/{org}/secrets/{set}` (docs.pipecat.ai REST reference,
 * secret-delete-secret-set). Exit codes: 0 deleted; 1 not found, API error, unreachable
 * host; 2 bad input or confirmation needed without a terminal; 4 not logged in; 130 cancelled.
 */
import { environmentOptionSpec, nameOrEnvironment } from '../../../deploy/environments.js';
import { CancelledError, OperationFailedError, UserError } from '../../../errors.js';
import { success } from '../../../output/colors.js';
import { closest, lookupNameProblem } from '../../../secrets/rules.js';
import type { CloudArgs, CloudIO } from '../common.js';
import type { CloudCommandDefinition } from '../define.js';
import { NO_TTY_CONFIRM, SECRETS_EPILOGUE, apiMessage, environmentSetName, isApiStatus, skipOption } from './shared.js';
import { shown } from '../../../output/shown.js';

/** Parsed options of `secrets delete`. */
interface DeleteArgs extends CloudArgs {
  name?: string;
  env?: string;
  skip?: boolean;
}

async function deleteSet(io: CloudIO, argv: DeleteArgs, emit: (doc: unknown) => void): Promise<void> {
  const given = await environmentSetName(io, argv, argv.name);
  if (given === undefined) throw new UserError('name the set to delete: pipecat cloud secrets delete SET (or --env E)');
  const name = given;
  const problem = lookupNameProblem(name, 'set name');
  if (problem) throw new UserError(problem);

  const { client, org } = await io.openSession(argv);
  let spinner = await io.startSpinner(shown`Looking up ${name}`, { json: argv.json });
  let sets: Awaited<ReturnType<typeof client.listSecretSets>>;
  try {
    sets = await client.listSecretSets(org);
  } finally {
    spinner.stop();
  }
  const found = sets.find((s) => s.name === name);
  if (!found) {
    const near = closest(
      name,
      sets.map((s) => s.name),
    );
    throw new OperationFailedError(
      shown`secret set ${name} not found in organization ${org}: nothing was deleted`,
      near ? [`did you mean ${near}?`] : [],
    );
  }
  const kind = found.type === 'imagePullSecret' ? 'image pull secret' : 'secret set';
  if (!argv.skip) {
    const ok = await io.dialogs.confirm(shown`Delete ${kind} ${name} (${org}, ${found.region})? This cannot be undone.`, {
      noTty: NO_TTY_CONFIRM,
    });
    if (!ok) throw new CancelledError('cancelled: nothing was deleted');
  }
  spinner = await io.startSpinner(shown`Deleting ${name}`, { json: argv.json });
  try {
    await client.deleteSecretSet(org, name);
  } catch (err) {
    if (isApiStatus(err, 404))
      throw new OperationFailedError(shown`${kind} ${name} was not found when deleting it: nothing was deleted (${apiMessage(err)})`);
    throw err;
  } finally {
    spinner.stop();
  }
  emit({
    ok: true,
    organization: org,
    ...(argv.env !== undefined ? { environment: argv.env } : {}),
    set: name,
    type: found.type,
    region: found.region,
    deleted: true,
  });
  if (!argv.json) {
    io.err(success(shown`deleted ${kind} ${name} (${org}, ${found.region})`) + '\n');
  }
}

/** `pipecat cloud secrets delete [name]` (the official `secrets delete`). */
export const DELETE_COMMAND: CloudCommandDefinition<DeleteArgs> = {
  command: 'delete [name]',
  describe: 'Delete a secret set or image pull secret (irreversible)',
  official: 'secrets delete',
  positionals: { name: { type: 'string', describe: 'Secret set or image pull secret to delete (with --env it may be left out)' } },
  options: {
    env: environmentOptionSpec('secret set AGENT-E-secrets of agent_name in pcc-deploy.toml, when no name is given'),
    ...skipOption('deleting'),
  },
  check: nameOrEnvironment('name', 'name the set to delete'),
  examples: [['$0 cloud secrets delete my-agent-secrets', 'asks, then deletes the set and all its keys']],
  epilogue: SECRETS_EPILOGUE,
  run: deleteSet,
};
