/**
 * `pipecat cloud secrets image-pull-secret <name> <host> [username:password] [--encode/--no-encode]
 *  [--skip/-s] [-o] [-r] [--json]`
 *
 * Creates or updates an image pull secret (registry credentials for private agent images).
 * `host` is a registry URL or host name. Credentials: the argument (must contain `:`), else on a
 * terminal a prompt for the username then the hidden password, else `username:password` read from
 * stdin. The value sent is base64 of `username:password`; `--no-encode` sends a value that must
 * already be that base64 (checked). An existing pull secret of that name is replaced after a
 * confirmation (unless `--skip`); a regular secret set of that name is an error.
 *
 * Source: the official CLI's `secrets image-pull-secret` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); API: `PUT /v1/organizations/{org}/secrets/{set}` with
 * `isImagePullSecret` (docs.pipecat.ai REST reference, secret-create-update). Exit codes: 0 written; 1 API error or unreachable host; 2 bad
 * input, unknown region, name taken by a secret set, region conflict, confirmation needed without
 * a terminal; 4 not logged in; 130 cancelled.
 */
import { CancelledError, UserError } from '../../../errors.js';
import { success } from '../../../output/colors.js';
import { fingerprint, valueLength } from '../../../secrets/fingerprint.js';
import { stripOneNewline } from '../../../secrets/input.js';
import { resolveRegion } from '../../../secrets/plan.js';
import * as pull from '../../../secrets/pull-secret.js';
import { setNameProblem } from '../../../secrets/rules.js';
import type { CloudArgs, CloudIO } from '../common.js';
import type { CloudCommandDefinition } from '../define.js';
import { NO_TTY_CONFIRM, SECRETS_EPILOGUE, checkRegionOption, regionOption, skipOption } from './shared.js';
import { shown } from '../../../output/shown.js';

/** Parsed options of `secrets image-pull-secret`. */
interface ImagePullSecretArgs extends CloudArgs {
  name: string;
  host: string;
  credentials?: string;
  encode?: boolean;
  skip?: boolean;
  region?: string;
}

/** Turns a parse error of the credentials into a UserError (the messages never contain them). */
function asUserError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new UserError((err as Error).message);
  }
}

/**
 * The registry credentials, checked before any request: from the argument, a terminal's prompts
 * (username and hidden password, or the base64 value with `--no-encode`), or stdin. Every form
 * read is registered for redaction at once.
 *
 * @returns the value to send (base64 of `username:password`) and where it came from
 * @throws UserError naming the problem (never the credentials)
 */
async function readPullCredentials(
  io: CloudIO,
  argv: ImagePullSecretArgs,
  host: string,
  encode: boolean,
): Promise<{ secretValue: string; credentialsFrom: 'argument' | 'prompt' | 'stdin' }> {
  const dialogs = io.dialogs;
  let secretValue: string;
  let credentialsFrom: 'argument' | 'prompt' | 'stdin';
  if (argv.credentials !== undefined) {
    const raw = String(argv.credentials);
    io.registerSecrets?.([raw, raw.slice(raw.indexOf(':') + 1)]);
    credentialsFrom = 'argument';
    secretValue = encode
      ? pull.encodeCredentials(asUserError(() => pull.parseCredentials(raw, 'the credentials argument')))
      : asUserError(() => pull.checkEncodedCredentials(raw, 'the credentials argument'));
  } else if (io.terminal.stdin) {
    credentialsFrom = 'prompt';
    const noTty = 'no terminal to ask for the credentials: pass username:password or pipe it on stdin';
    if (encode) {
      const username = await dialogs.text(`Registry username for ${host}`, {
        noTty,
        validate: (v) => (v && !v.includes(':') ? true : 'a username, without ":"'),
      });
      const password = await dialogs.password('Password or access token (hidden)', {
        noTty,
        validate: (v) => (v ? true : 'the password is empty'),
      });
      io.registerSecrets?.([password]);
      secretValue = pull.encodeCredentials({ username, password });
    } else {
      const value = await dialogs.password('Base64 of username:password (hidden)', { noTty });
      secretValue = asUserError(() => pull.checkEncodedCredentials(value, 'the value typed'));
    }
  } else {
    credentialsFrom = 'stdin';
    const raw = stripOneNewline(await io.readStdin('stdin (the registry credentials)'));
    io.registerSecrets?.([raw, raw.slice(raw.indexOf(':') + 1)]);
    if (raw === '')
      throw new UserError('no credentials: pass username:password as an argument, pipe it on stdin, or run in a terminal to be asked');
    secretValue = encode
      ? pull.encodeCredentials(asUserError(() => pull.parseCredentials(raw, 'stdin')))
      : asUserError(() => pull.checkEncodedCredentials(raw, 'stdin'));
  }

  return { secretValue, credentialsFrom };
}

/** Runs `secrets image-pull-secret`: credentials, region, confirmation of a replacement, the write. */
async function imagePullSecret(io: CloudIO, argv: ImagePullSecretArgs, emit: (doc: unknown) => void): Promise<void> {
  const dialogs = io.dialogs;
  const name = String(argv.name);
  const host = String(argv.host).trim();
  const problems = [setNameProblem(name), pull.hostProblem(host)].filter((p): p is string => !!p);
  if (problems.length)
    throw new UserError(problems.length === 1 ? problems[0] : 'invalid arguments', problems.length === 1 ? [] : problems);
  const encode = argv.encode !== false;

  // Credentials, checked before any request.
  const { secretValue, credentialsFrom } = await readPullCredentials(io, argv, host, encode);
  io.registerSecrets?.([secretValue]);
  const { client, org } = await io.openSession(argv);
  let spinner = await io.startSpinner(shown`Looking up ${name}`, { json: argv.json });
  let existing;
  let region;
  try {
    await checkRegionOption(client, org, argv.region);
    existing = (await client.listSecretSets(org)).find((s) => s.name === name);
    if (existing && existing.type !== 'imagePullSecret') {
      throw new UserError(shown`${name} is a secret set, not an image pull secret: choose another name (nothing was sent)`);
    }
    region = await resolveRegion(argv.region, existing?.region, async () => (await client.organizationProperties(org)).defaultRegion, name);
  } finally {
    spinner.stop();
  }

  if (existing && !argv.skip) {
    const ok = await dialogs.confirm(
      shown`Image pull secret ${name} exists (${org}, ${existing.region}). Replace its host and credentials?`,
      {
        noTty: NO_TTY_CONFIRM,
      },
    );
    if (!ok) throw new CancelledError('cancelled: nothing was changed');
  }
  spinner = await io.startSpinner(shown`${existing ? 'Updating' : 'Creating'} image pull secret ${name}`, { json: argv.json });
  let result;
  try {
    result = await client.upsertImagePullSecret(org, name, { host, secretValue, region: region.region });
  } finally {
    spinner.stop();
  }
  const doc = {
    ok: true,
    organization: org,
    set: name,
    type: 'imagePullSecret',
    host,
    region: result.region ?? region.region,
    regionSource: region.source,
    created: !existing,
    credentials: { from: credentialsFrom, encoded: encode, length: valueLength(secretValue), fingerprint: fingerprint(secretValue) },
  };
  emit(doc);
  if (!argv.json) {
    io.err(
      success(
        shown`${existing ? 'updated' : 'created'} image pull secret ${name} for ${host} (${org}, ${doc.region} from ${region.source}); credentials ${doc.credentials.fingerprint}, ${doc.credentials.length} characters of base64`,
      ) + '\n',
    );
  }
}

/** `pipecat cloud secrets image-pull-secret <name> <host> [credentials]` (the official `secrets image-pull-secret`). */
export const IMAGE_PULL_SECRET_COMMAND: CloudCommandDefinition<ImagePullSecretArgs> = {
  command: 'image-pull-secret <name> <host> [credentials]',
  describe: 'Create or update an image pull secret (registry credentials)',
  official: 'secrets image-pull-secret',
  positionals: {
    name: { type: 'string', describe: 'Image pull secret name (3-63 lowercase letters, digits, hyphens)' },
    host: { type: 'string', describe: 'Registry URL or host name, e.g. https://ghcr.io or ghcr.io' },
    credentials: {
      type: 'string',
      describe: 'username:password (omit it to be asked, or pipe it on stdin, so it stays out of your shell history)',
    },
  },
  options: {
    encode: {
      type: 'boolean',
      default: true,
      describe: 'Base64-encode username:password; --no-encode sends a value already in base64 (checked)',
    },
    ...regionOption("Region of a new pull secret (default: the organisation's default); must match an existing one's"),
    ...skipOption('replacing an existing pull secret'),
  },
  examples: [
    ['$0 cloud secrets image-pull-secret ghcr-pull ghcr.io', 'asks for the username and the hidden password'],
    ['printf %s "$USER:$TOKEN" | $0 cloud secrets image-pull-secret ghcr-pull https://ghcr.io --skip', 'credentials from stdin'],
  ],
  epilogue: SECRETS_EPILOGUE,
  run: imagePullSecret,
};
