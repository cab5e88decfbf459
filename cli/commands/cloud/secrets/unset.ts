/**
 * `pipecat cloud secrets unset <name> <key> [--skip/-s] [-o] [--json]`
 *
 * Removes one key from a secret set, after a confirmation unless `--skip`. The set and key are
 * looked up first, so a missing set or key is reported by name (exit 1) and never called
 * "removed"; the confirmation is only asked for something that exists.
 *
 * Source: the official CLI's `secrets unset` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); API: `GET` then
 * `DELETE /v1/organizations/{org}/secrets/{set}/{key}` (docs.pipecat.ai REST reference,
 * secret-delete-specific-secret). Exit codes: 0 removed; 1 set or key not found, API error,
 * unreachable host; 2 bad input or confirmation needed without a terminal; 4 not logged in;
 * 130 cancelled.
 */
import { environmentOptionSpec, nameOrEnvironment } from '../../../deploy/environments.js';
import { CancelledError, OperationFailedError, UserError } from '../../../errors.js';
import { success } from '../../../output/colors.js';
import { closest, lookupNameProblem } from '../../../secrets/rules.js';
import type { CloudArgs, CloudIO } from '../common.js';
import type { CloudCommandDefinition } from '../define.js';
import {
  NO_TTY_CONFIRM,
  SECRETS_EPILOGUE,
  apiMessage,
  environmentSetName,
  isApiStatus,
  isImagePullSecretRefusal,
  skipOption,
} from './shared.js';
import { shown } from '../../../output/shown.js';

/** Parsed options of `secrets unset`. */
interface UnsetArgs extends CloudArgs {
  name: string;
  key?: string;
  env?: string;
  skip?: boolean;
}

async function unsetKey(io: CloudIO, argv: UnsetArgs, emit: (doc: unknown) => void): Promise<void> {
  // With --env, one argument is the key and the set is the environment's; two are the set and the key.
  const oneArg = argv.key === undefined;
  if (oneArg && argv.env === undefined) throw new UserError('name the key to remove: pipecat cloud secrets unset SET KEY (or --env E KEY)');
  const key = String(oneArg ? argv.name : argv.key);
  const name = String(await environmentSetName(io, argv, oneArg ? undefined : String(argv.name)));
  const problems = [lookupNameProblem(name, 'set name'), lookupNameProblem(key, 'key')].filter((p): p is string => !!p);
  if (problems.length)
    throw new UserError(problems.length === 1 ? problems[0] : 'invalid arguments', problems.length === 1 ? [] : problems);

  const { client, org } = await io.openSession(argv);
  let spinner = await io.startSpinner(shown`Reading secret set ${name}`, { json: argv.json });
  let keys: string[];
  try {
    keys = (await client.getSecretSet(org, name)).secrets.map((s) => s.fieldName);
  } catch (err) {
    if (isApiStatus(err, 404))
      throw new OperationFailedError(shown`secret set ${name} not found in organization ${org}: nothing was removed`);
    if (isImagePullSecretRefusal(err))
      throw new OperationFailedError(
        shown`${name} is an image pull secret: it has no keys to unset (delete it with \`pipecat cloud secrets delete ${name}\`)`,
      );
    throw err;
  } finally {
    spinner.stop();
  }
  if (!keys.includes(key)) {
    const near = closest(key, keys);
    throw new OperationFailedError(shown`key ${key} not found in secret set ${name}: nothing was removed`, [
      ...(near ? [`did you mean ${near}?`] : []),
      `the set has ${keys.length} ${keys.length === 1 ? 'key' : 'keys'}: see \`pipecat cloud secrets list ${name}\``,
    ]);
  }
  if (!argv.skip) {
    if (!(await io.dialogs.confirm(shown`Remove ${key} from secret set ${name} (${org})?`, { noTty: NO_TTY_CONFIRM })))
      throw new CancelledError('cancelled: nothing was removed');
  }
  spinner = await io.startSpinner(shown`Removing ${key} from ${name}`, { json: argv.json });
  try {
    await client.deleteSecret(org, name, key);
  } catch (err) {
    if (isApiStatus(err, 404))
      throw new OperationFailedError(
        shown`key ${key} of secret set ${name} was not found when removing it: nothing was removed (${apiMessage(err)})`,
      );
    throw err;
  } finally {
    spinner.stop();
  }
  emit({ ok: true, organization: org, ...(argv.env !== undefined ? { environment: argv.env } : {}), set: name, key, removed: true });
  if (!argv.json) {
    io.err(success(shown`removed ${key} from secret set ${name} (${org})`) + '\n');
  }
}

/** `pipecat cloud secrets unset <name> [key]` (the official `secrets unset`). */
export const UNSET_COMMAND: CloudCommandDefinition<UnsetArgs> = {
  command: 'unset <name> [key]',
  describe: 'Remove one key from a secret set',
  official: 'secrets unset',
  positionals: {
    name: { type: 'string', describe: 'Secret set name (with --env and one argument: the key)' },
    key: { type: 'string', describe: 'Key to remove' },
  },
  options: {
    env: environmentOptionSpec('secret set AGENT-E-secrets of agent_name in pcc-deploy.toml, when only a key is given'),
    ...skipOption('removing the key'),
  },
  check: nameOrEnvironment('key', 'name the key to remove'),
  examples: [
    ['$0 cloud secrets unset my-agent-secrets OLD_API_KEY --skip', 'remove a key without asking'],
    ['$0 cloud secrets unset --env staging OLD_API_KEY', "remove a key from the staging environment's set"],
  ],
  epilogue: SECRETS_EPILOGUE,
  run: unsetKey,
};
