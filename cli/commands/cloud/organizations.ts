/**
 * `pipecat cloud organizations list | select [name] | default-region [region]`: the organisations
 * of the token, the one the cloud commands use, and its default region.
 *
 * Follows the official CLI (pipecatcloud `cli/commands/organizations.py`; docs.pipecat.ai
 * `api-reference/cli/cloud/organizations`): `list` marks the organisation in use, `select` stores
 * `org` in the credentials file shared with that CLI (its `--organization/-o` skips the question;
 * the name may also be given as an argument), `default-region` shows the `defaultRegion` property
 * from `GET .../properties/schema` or sets it with `PATCH .../properties`. Ours: the region is
 * checked against the organisation's regions before the `PATCH`; without a terminal `select` needs
 * the name (exit 2); an organisation the token does not have is answered with the ones it has;
 * `--output plain|json`. `organizations properties …` is left to pipecat's own CLI
 * (`./official-commands.ts`). Guide: docs/cloud-organizations.md.
 */
import { credentialsPath, updateCredentialsFile } from '../../cloud-api/credentials.js';
import type { Organization, PropertySchema } from '../../cloud-api/types.js';
import { OperationFailedError, UserError } from '../../errors.js';
import { success } from '../../output/colors.js';
import { renderPairs, renderTable } from '../../output/table.js';
import type { CloudArgs, CloudIO, Session } from './common.js';
import type { CloudDefinition, CloudGroupDefinition, Emit, Resolved } from './define.js';
import { unknownOrganization } from './known-org.js';
import { KEYS_GROUP } from './keys.js';
import { officialOnlyRow } from './official-commands.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';

/** Parsed options of the organizations commands. */
interface OrganizationsArgs extends CloudArgs {
  name?: string;
  region?: string;
}

/** The token's organisations. @throws OperationFailedError (exit 1) when it has none */
async function tokenOrganizations(s: Session): Promise<Organization[]> {
  const orgs = await s.client.organizations();
  if (!orgs.length)
    throw new OperationFailedError('this token belongs to no organisation: finish the onboarding in the Pipecat Cloud dashboard');
  return orgs;
}

/** Where the organisation in use came from, as a message names it. */
const sourceName = (s: Session) =>
  s.orgSource === 'flag' ? '--organization' : s.orgSource === 'file' ? `org in ${s.credentialsPath}` : s.orgSource;

async function list(io: CloudIO, argv: Resolved<OrganizationsArgs>, emit: Emit): Promise<void> {
  const s = await io.openSession(argv);
  const orgs = await tokenOrganizations(s);
  const known = orgs.some((o) => o.name === s.org);
  emit({
    ok: true,
    organization: known ? s.org : null,
    organizations: orgs.map((o) => ({ name: o.name, verboseName: o.verboseName, active: o.name === s.org })),
  });
  if (!known) io.err(`note: the organisation in use, ${visibleField(s.org)} (from ${sourceName(s)}), is not one of this token's\n`);
  if (argv.json) return;
  const rows = orgs.map((o) => [o.verboseName, o.name, o.name === s.org ? 'yes' : '']);
  io.out(renderTable(['organization', 'name', 'active'], rows, argv.output) + '\n');
}

/** The organisation `select` is given (argument or `--organization`), or undefined. */
function givenName(argv: OrganizationsArgs): { name: string; source: string } | undefined {
  const arg = argv.name?.trim();
  const flag = argv.organization?.trim();
  if (arg && flag && arg !== flag)
    throw new UserError(`organization ${arg} and --organization ${flag} differ: give the organisation once, as the argument or the flag`);
  if (arg) return { name: arg, source: 'organization' };
  if (flag) return { name: flag, source: '--organization' };
  if (argv.name !== undefined) throw new UserError('the organization argument is empty: give an organisation name');
  return undefined;
}

async function select(io: CloudIO, argv: Resolved<OrganizationsArgs>, emit: Emit): Promise<void> {
  const given = givenName(argv);
  const s = await io.openSession(argv);
  const orgs = await tokenOrganizations(s);
  let name: string;
  if (given) {
    if (!orgs.some((o) => o.name === given.name)) throw unknownOrganization(given.name, given.source, orgs);
    name = given.name;
  } else {
    const names = orgs.map((o) => o.name);
    name = await io.dialogs.select(
      'Organisation for the pipecat cloud commands',
      orgs.map((o) => ({ title: visibleField(`${o.verboseName} (${o.name})`), value: o.name })),
      {
        default: Math.max(0, names.indexOf(s.org)),
        noTty: `no terminal to choose an organisation: name it as the organization argument, e.g. pipecat cloud organizations select ${visibleField(names[0])} (this token's: ${names.map(visibleField).join(', ')})`,
      },
    );
  }
  const chosen = orgs.find((o) => o.name === name) as Organization;
  const path = credentialsPath(io.env);
  await updateCredentialsFile(
    path,
    (d) => ({ ...d, org: name }),
    (line) => io.err(line + '\n'),
  );
  emit({ ok: true, organization: name, verboseName: chosen.verboseName, credentialsPath: path });
  io.err(success(`organisation set to ${visibleField(chosen.verboseName)} (${visibleField(name)}); saved in ${path}`) + '\n');
  if (io.env.PIPECAT_ORG && io.env.PIPECAT_ORG !== name)
    io.err(`note: PIPECAT_ORG=${io.env.PIPECAT_ORG} is set in this shell and overrides the saved organisation\n`);
}

/** A property's value as a `PATCH` answers it: the schema's `currentValue`, or the value itself. */
function currentOf(p: PropertySchema | string | undefined): string | undefined {
  if (p === undefined || p === null) return undefined;
  if (typeof p !== 'object') return String(p);
  const v = p.currentValue ?? p.default;
  return v === undefined || v === null ? undefined : String(v);
}

async function showDefaultRegion(io: CloudIO, argv: Resolved<OrganizationsArgs>, emit: Emit, s: Session): Promise<void> {
  const schema = await s.client.propertiesSchema(s.org);
  const p = schema.defaultRegion;
  const current = currentOf(p) ?? null;
  const available = (p?.availableValues ?? []).map(String);
  emit({ ok: true, organization: s.org, defaultRegion: current, availableRegions: available });
  if (argv.json) return;
  if (current === null) {
    io.err(`no default region configured for ${visibleField(s.org)}\n`);
    return;
  }
  const pairs: [string, string][] = [['default region', current]];
  if (available.length) pairs.push(['available regions', available.map(visibleField).join(', ')]);
  io.out(renderPairs(pairs, argv.output) + '\n');
}

async function defaultRegion(io: CloudIO, argv: Resolved<OrganizationsArgs>, emit: Emit): Promise<void> {
  const region = argv.region?.trim();
  if (argv.region !== undefined && !region) throw new UserError('the region argument is empty: give a region code, e.g. us-west');
  const s = await io.openSession(argv);
  if (!region) return showDefaultRegion(io, argv, emit, s);
  const codes = (await s.client.regions(s.org)).map((r) => r.code);
  if (!codes.includes(region))
    throw new UserError(`region ${visibleField(region)} is not a region of ${visibleField(s.org)}`, [
      `regions: ${codes.map(visibleField).join(', ')}`,
      'list them with: pipecat cloud regions list',
    ]);
  const props = await s.client.updateProperties(s.org, { defaultRegion: region });
  const now = currentOf(props.defaultRegion) ?? region;
  emit({ ok: true, organization: s.org, defaultRegion: now });
  io.err(success(`default region of ${visibleField(s.org)} set to ${visibleField(now)}`) + '\n');
}

/** `--help` epilogue of the organizations and regions commands: exit codes and guide. */
export const ORGANIZATIONS_EPILOGUE =
  'Exit codes: 0 done; 1 the request failed, or the token has no organisation; 2 bad arguments, an organisation or region ' +
  'the token does not have, or no terminal to choose one (select: name it); 4 not logged in. Guide: docs/cloud-organizations.md';

/** The commands of the `cloud organizations` group, in `--help` order (`keys`: `./keys.ts`). */
const ORGANIZATIONS_COMMANDS: readonly CloudDefinition[] = [
  {
    command: 'list',
    describe: 'List the organisations of the token, marking the one in use',
    official: 'organizations list',
    epilogue: ORGANIZATIONS_EPILOGUE,
    run: list,
  },
  {
    command: 'select [name]',
    describe: 'Choose the organisation the cloud commands use (saved in the credentials file)',
    official: 'organizations select',
    positionals: { name: { type: 'string', describe: 'Organisation name (else --organization, else asked at a terminal)' } },
    examples: [['$0 cloud organizations select acme', 'use acme from now on']],
    epilogue: ORGANIZATIONS_EPILOGUE,
    run: select,
  },
  {
    command: 'default-region [region]',
    describe: "Show the organisation's default region, or set it",
    official: 'organizations default-region',
    positionals: { region: { type: 'string', describe: 'Region code to set (see `pipecat cloud regions list`); omit to show' } },
    examples: [
      ['$0 cloud organizations default-region', 'show it and the available regions'],
      ['$0 cloud organizations default-region eu-central', 'set it'],
    ],
    epilogue: ORGANIZATIONS_EPILOGUE,
    run: defaultRegion,
  },
  KEYS_GROUP,
  officialOnlyRow('organizations properties'),
];

/** The `cloud organizations` group (the official `organizations list|select|default-region`). */
export const ORGANIZATIONS_GROUP: CloudGroupDefinition = {
  command: 'organizations <command>',
  describe: "List the token's organisations, choose one, show or set its default region, manage public API keys",
  official: 'organizations',
  commands: ORGANIZATIONS_COMMANDS,
};
