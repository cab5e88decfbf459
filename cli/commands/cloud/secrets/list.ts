/**
 * `pipecat cloud secrets list [name] [--sets/--no-sets|--all] [-o] [-r] [--json]`
 *
 * Without a name: every secret set of the organisation (name, type, region, status, and the error
 * message of a failed set). `--sets` (default) hides image pull secrets and says how many were
 * hidden; `--no-sets`/`--all` shows them. `--region` filters by region (checked first).
 * With a name: that set's keys (never values), status and region.
 *
 * Source: the official CLI's `secrets list` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); API: `GET /v1/organizations/{org}/secrets[/{set}]`
 * (docs.pipecat.ai REST reference, secret-list-all and secret-list-one).
 * Exit codes: 0 listed; 1 missing set, image pull secret named, API error or unreachable host;
 * 2 bad input; 4 not logged in.
 */
import { environmentOptionSpec } from '../../../deploy/environments.js';
import { OperationFailedError, UserError } from '../../../errors.js';
import { c } from '../../../output/colors.js';
import { renderTable } from '../../../output/table.js';
import { lookupNameProblem } from '../../../secrets/rules.js';
import type { CloudArgs, CloudIO } from '../common.js';
import type { CloudCommandDefinition } from '../define.js';
import {
  SECRETS_EPILOGUE,
  apiMessage,
  checkRegionOption,
  environmentSetName,
  isApiStatus,
  isImagePullSecretRefusal,
  regionOption,
} from './shared.js';
import { SET_STATUS_MEANING, setStatusCell } from '../../../secrets/status.js';
import { shown as shownLine } from '../../../output/shown.js';
import { visibleField } from '../../../../generators/app/output/terminal-safe.js';

/** Parsed options of `secrets list`. */
interface ListArgs extends CloudArgs {
  name?: string;
  env?: string;
  sets?: boolean;
  all?: boolean;
  region?: string;
}

async function listSets(io: CloudIO, argv: ListArgs, emit: (doc: unknown) => void): Promise<void> {
  const { client, org } = await io.openSession(argv);
  const spinner = await io.startSpinner(shownLine`Reading the secret sets of ${org}`, { json: argv.json });
  let sets;
  try {
    await checkRegionOption(client, org, argv.region);
    sets = await client.listSecretSets(org, { region: argv.region });
  } finally {
    spinner.stop();
  }
  if (argv.region !== undefined) sets = sets.filter((s) => s.region === argv.region);
  const showAll = argv.all === true || argv.sets === false;
  const shown = showAll ? sets : sets.filter((s) => s.type !== 'imagePullSecret');
  const hidden = sets.length - shown.length;
  shown.sort((a, b) => a.name.localeCompare(b.name));

  emit({
    ok: true,
    organization: org,
    ...(argv.region !== undefined ? { region: argv.region } : {}),
    sets: shown.map((s) => ({
      name: s.name,
      type: s.type,
      region: s.region,
      status: s.status,
      ...(s.errorMessage ? { errorMessage: s.errorMessage } : {}),
    })),
    hiddenImagePullSecrets: hidden,
  });
  if (argv.json) return;

  const where = argv.region !== undefined ? ` in region ${argv.region}` : '';
  if (shown.length === 0) {
    io.err(shownLine`No secret sets in organization ${org}${where}.\n`);
  } else {
    io.out(
      renderTable(
        ['NAME', 'TYPE', 'REGION', 'STATUS'],
        shown.map((s) => [
          s.name,
          s.type === 'imagePullSecret' ? 'image pull secret' : 'secret',
          s.region ?? '-',
          setStatusCell(s.status, s.errorMessage),
        ]),
      ) + '\n',
    );
    noteStatuses(
      io,
      shown.map((s) => s.status),
    );
  }
  if (hidden > 0) {
    io.err(
      shownLine`${hidden} image pull ${hidden === 1 ? 'secret' : 'secrets'} hidden: --no-sets (or --all) shows ${hidden === 1 ? 'it' : 'them'}.\n`,
    );
  }
}

async function listKeys(io: CloudIO, argv: ListArgs, emit: (doc: unknown) => void): Promise<void> {
  const name = argv.name as string;
  const problem = lookupNameProblem(name, 'set name');
  if (problem) throw new UserError(problem);
  const { client, org } = await io.openSession(argv);
  const spinner = await io.startSpinner(shownLine`Reading secret set ${name}`, { json: argv.json });
  let detail;
  try {
    await checkRegionOption(client, org, argv.region);
    detail = await client.getSecretSet(org, name, { region: argv.region });
  } catch (err) {
    if (isApiStatus(err, 404)) {
      throw new OperationFailedError(
        shownLine`secret set ${name} not found in organization ${org}${argv.region !== undefined ? ` (region ${argv.region})` : ''}`,
        ['see `pipecat cloud secrets list` for the sets that exist'],
      );
    }
    if (isImagePullSecretRefusal(err)) {
      throw new OperationFailedError(shownLine`${name} is an image pull secret: its contents cannot be listed (${apiMessage(err)})`, [
        'image pull secrets appear in `pipecat cloud secrets list --all`',
      ]);
    }
    throw err;
  } finally {
    spinner.stop();
  }
  if (argv.region !== undefined && detail.region !== argv.region) {
    throw new OperationFailedError(shownLine`secret set ${name} is in region ${detail.region}, not ${argv.region}`);
  }
  const keys = detail.secrets.map((s) => s.fieldName).sort();
  emit({
    ok: true,
    organization: org,
    ...(argv.env !== undefined ? { environment: argv.env } : {}),
    set: name,
    region: detail.region,
    status: detail.status,
    ...(detail.errorMessage ? { errorMessage: detail.errorMessage } : {}),
    keys,
  });
  if (argv.json) return;

  const status = setStatusCell(detail.status, detail.errorMessage);
  io.out(
    `Secret set ${c.bold(visibleField(name))} in ${visibleField(org)}, region ${visibleField(detail.region)}, status ${status.own}, ${keys.length} ${keys.length === 1 ? 'key' : 'keys'} (values are never shown)\n`,
  );
  noteStatuses(io, [detail.status]);
  if (keys.length > 0)
    io.out(
      renderTable(
        ['KEY'],
        keys.map((k) => [k]),
      ) + '\n',
    );
}

/** One stderr note per listed status that blocks deploys and needs explaining (`pending`, `unknown`). */
function noteStatuses(io: CloudIO, statuses: readonly unknown[]): void {
  const seen = new Set(statuses.filter((s): s is string => typeof s === 'string'));
  for (const [status, meaning] of Object.entries(SET_STATUS_MEANING)) if (seen.has(status)) io.err(shownLine`${status}: ${meaning}.\n`);
}

/** `secrets list` with a set name (or `--env`) lists its keys, without one the sets. */
async function listAction(io: CloudIO, argv: ListArgs, emit: (doc: unknown) => void): Promise<void> {
  argv.name = await environmentSetName(io, argv, argv.name);
  return argv.name !== undefined ? listKeys(io, argv, emit) : listSets(io, argv, emit);
}

/** `pipecat cloud secrets list [name]` (the official `secrets list`). */
export const LIST_COMMAND: CloudCommandDefinition<ListArgs> = {
  command: 'list [name]',
  describe: 'List secret sets, or the keys of one set (never values)',
  official: 'secrets list',
  positionals: { name: { type: 'string', describe: 'Secret set whose keys to list' } },
  options: {
    env: environmentOptionSpec('keys of the secret set AGENT-E-secrets of agent_name in pcc-deploy.toml'),
    sets: { alias: 's', type: 'boolean', default: true, describe: 'Show secret sets only; --no-sets also shows image pull secrets' },
    all: { type: 'boolean', describe: 'Same as --no-sets: show image pull secrets too' },
    ...regionOption("Only sets in this region (one of the organisation's regions)"),
  },
  examples: [
    ['$0 cloud secrets list', 'every secret set of the organisation'],
    ['$0 cloud secrets list my-agent-secrets', 'the keys of one set'],
    ['$0 cloud secrets list --all --json', 'every set, image pull secrets included, as JSON'],
  ],
  epilogue: SECRETS_EPILOGUE,
  run: listAction,
};
