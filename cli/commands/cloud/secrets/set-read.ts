/**
 * The first three steps of `pipecat cloud secrets set` (see `set.ts`): the user's input, checked
 * before any request; the set as it is now and the region it goes to; the plan and its
 * confirmation. Nothing here writes to the platform.
 */
import type { SecretSetDetail } from '../../../cloud-api/types.js';
import { CancelledError, UserError } from '../../../errors.js';
import { c, warning } from '../../../output/colors.js';
import { ownCell, renderTable } from '../../../output/table.js';
import { gatherSecrets, type SecretInput } from '../../../secrets/input.js';
import { resolveRegion, type ResolvedRegion, type WritePlan } from '../../../secrets/plan.js';
import { Redactor } from '../../../../generators/app/output/redact.js';
import { setNameProblem } from '../../../secrets/rules.js';
import { DEFAULT_CONCURRENCY } from '../../../secrets/writer.js';
import type { CloudArgs, CloudIO, Session } from '../common.js';
import { organizationNotFound } from '../known-org.js';
import { NO_TTY_CONFIRM, checkRegionOption, isApiStatus, isImagePullSecretRefusal } from './shared.js';
import { shown } from '../../../output/shown.js';
import { visibleField } from '../../../../generators/app/output/terminal-safe.js';

/** Parsed options of `secrets set` (`name` is the set's once resolved: named, or `--env`'s). */
export interface SetArgs extends CloudArgs {
  name: string;
  env?: string;
  pairs?: string[];
  file?: string;
  skip?: boolean;
  region?: string;
  wait?: boolean;
  'wait-timeout'?: number;
  concurrency?: number;
}

/** The user's input to `secrets set`, checked: the secrets and the tuning options. */
export interface SetInput {
  /** The secrets to write, in input order (file entries, then pairs overriding them). */
  secrets: SecretInput[];
  /** Requests in flight at once (1 to 64). */
  concurrency: number;
  /** Seconds `--wait` waits (positive). */
  waitTimeout: number;
  /** Redacts every value of this run from any text (API messages included). */
  redactor: Redactor;
}

/**
 * Step 1: checks the options, reads the secrets (pairs, `--file`, stdin, hidden prompts), warns
 * about keys given twice and registers the values for redaction of every later output.
 *
 * @throws UserError (exit 2) naming every input problem, before any request
 */
export async function readSetInput(io: CloudIO, argv: SetArgs): Promise<SetInput> {
  const problem = setNameProblem(argv.name);
  if (problem) throw new UserError(problem);
  const concurrency = argv.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new UserError('--concurrency must be a whole number from 1 to 64');
  const waitTimeout = argv['wait-timeout'] ?? 300;
  if (!Number.isFinite(waitTimeout) || waitTimeout <= 0) throw new UserError('--wait-timeout must be a positive number of seconds');
  let stdinRead = false;
  const file = argv.file === undefined ? undefined : await fileToRead(io, argv.file, argv.json);
  // Throws one UserError with every problem: invalid arguments and lines, empty and NUL values.
  const input = await gatherSecrets((argv.pairs ?? []).map(String), file, {
    stdinIsTTY: io.terminal.stdin,
    readStdin: async (label) => {
      if (stdinRead) throw new UserError('stdin can only be read once');
      stdinRead = true;
      return io.readStdin(label);
    },
    promptValue: (key) => io.dialogs.password(`Value of ${key} (hidden)`, { noTty: `cannot read ${key}=- : no terminal and no stdin` }),
  });
  for (const d of input.duplicates) io.err(warning(`${d.key} is given more than once: ${d.where}`) + '\n');
  const values = input.secrets.map((s) => s.value);
  // From here on every output of this run is redacted of these values, in every encoding.
  io.registerSecrets?.(values);
  return { secrets: input.secrets, concurrency, waitTimeout, redactor: new Redactor(values) };
}

/**
 * The `--file` to read: as given, or, for a relative path missing here, the same path in the
 * project's `server/` folder (run from the project root: `--file .env`), with a note saying so.
 */
async function fileToRead(io: CloudIO, path: string, json?: boolean): Promise<string> {
  const { fileInServer } = await import('../../../deploy/project.js');
  const found = fileInServer(path, process.cwd());
  if (found.server && !json) io.err(shown`reading ${found.path}: there is no ${path} here, the project's server/ folder has it\n`);
  return found.path;
}

/**
 * Step 2: the set as it is now (undefined when it does not exist yet) and the region it goes to.
 *
 * With `--region`, the region list is checked first: an unknown region is refused before the set
 * is read. Then the set and (without `--region`) the organisation's default region are read at
 * once, one round trip instead of two; the default is used only for a new set. Reading it also
 * proves the organisation exists, so a wrong one is never planned as a new set.
 *
 * @throws UserError when the name is an image pull secret; OperationFailedError when the
 *   organisation does not exist (naming the ones the token can use); the client's errors otherwise
 */
export async function readCurrentSet(
  io: CloudIO,
  argv: SetArgs,
  session: Pick<Session, 'client' | 'org' | 'orgSource'>,
): Promise<{ existing: SecretSetDetail | undefined; region: ResolvedRegion }> {
  const { client, org, orgSource } = session;
  const spinner = await io.startSpinner(shown`Reading secret set ${argv.name}`, { json: argv.json });
  try {
    await checkRegionOption(client, org, argv.region);
    const setRead = client.getSecretSet(org, argv.name);
    const defaultRegion = argv.region === undefined ? client.organizationProperties(org).then((p) => p.defaultRegion) : undefined;
    defaultRegion?.catch(() => undefined); // awaited below, when needed
    let existing: SecretSetDetail | undefined;
    try {
      existing = await setRead;
    } catch (err) {
      if (isImagePullSecretRefusal(err)) {
        throw new UserError(shown`${argv.name} is an image pull secret, not a secret set: choose another name (nothing was sent)`);
      }
      if (!isApiStatus(err, 404) || organizationNotFound(err, org)) throw err;
    }
    const region = await resolveRegion(
      argv.region,
      existing?.region,
      () => defaultRegion ?? client.organizationProperties(org).then((p) => p.defaultRegion),
      argv.name,
    );
    return { existing, region };
  } catch (err) {
    if (organizationNotFound(err, org)) {
      const known = await client.organizations().then(
        (o) => o.map((x) => x.name),
        () => undefined,
      );
      throw organizationNotFound(err, org, { orgSource, known });
    }
    throw err;
  } finally {
    spinner.stop();
  }
}

/** The plan as a table on stderr: each key's action, source, length and fingerprint (never a value). */
function planText(plan: WritePlan, org: string): string {
  const head = `${plan.exists ? 'Update' : 'Create'} secret set ${c.bold(visibleField(plan.set))} in ${visibleField(org)}, region ${visibleField(plan.region)} (${plan.regionSource}):`;
  const rows = plan.keys.map((k) => [
    k.key,
    ownCell(k.action === 'add' ? c.green('add') : c.yellow('overwrite')),
    k.source + (k.overrides ? ` (overrides ${k.overrides})` : ''),
    k.length,
    k.fingerprint,
  ]);
  return `${head}\n${renderTable(['KEY', 'ACTION', 'SOURCE', 'LENGTH', 'FINGERPRINT'], rows)}\n`;
}

/**
 * Step 3: shows the plan and asks for confirmation; with `--skip` shows it without asking (and
 * not at all with `--json`).
 *
 * @throws CancelledError (exit 130) when the user declines; UserError when there is no terminal
 */
export async function confirmPlan(io: CloudIO, argv: SetArgs, plan: WritePlan, org: string): Promise<void> {
  if (!argv.skip) {
    io.err(planText(plan, org));
    const ok = await io.dialogs.confirm(shown`Write ${plan.keys.length} ${plan.keys.length === 1 ? 'key' : 'keys'} to ${plan.set}?`, {
      noTty: NO_TTY_CONFIRM,
      default: true,
    });
    if (!ok) throw new CancelledError('cancelled: nothing was written');
  } else if (!argv.json) {
    io.err(planText(plan, org));
  }
}
