/**
 * `pipecat cloud organizations keys list | create [name] | revoke [name-or-id] | use [name-or-id]`
 * (and `delete`, the official deprecated alias of `revoke`): an organisation's public API keys,
 * which start sessions (`agent start`).
 *
 * Follows the official CLI (pipecatcloud `cli/commands/organizations.py`: the names, `--name/-n`
 * and `--default/-d` of `create`, the default key written into the organisation's table of the
 * credentials file, `revoke` clearing that default, `delete` printing a deprecation note) and its
 * REST calls (`api.py`: `GET/POST .../apiKeys`, `DELETE .../apiKeys/{id}`). Differences, each for
 * scripts: `use` and `revoke` take the key's name or id as an argument (a select only at a
 * terminal, exit 2 without one); key values are never printed except once by `create`; `--output
 * json|plain`. Guide and sources: docs/sessions.md.
 */
import type { PublicApiKey } from '../../cloud-api/session-types.js';
import { OperationFailedError, UserError } from '../../errors.js';
import { success } from '../../output/colors.js';
import { renderTable } from '../../output/table.js';
import type { CloudArgs, CloudIO, Session } from './common.js';
import type { CloudCommandDefinition, CloudGroupDefinition, Emit, Resolved } from './define.js';
import { findKey, keyLabel, readDefaultKey, registerKeys, writeDefaultKey } from './public-key.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';
import { shown } from '../../output/shown.js';

/** Parsed options of the keys commands. */
interface KeysArgs extends CloudArgs {
  name?: string;
  'name-or-id'?: string;
  default?: boolean;
}

/** Exit codes and the guide, for `--help`. */
const KEYS_EPILOGUE =
  'Exit codes: 0 done; 1 the platform refused or the key was not found; 2 bad arguments, or a key to choose without a terminal (name it); ' +
  '4 not logged in; 130 cancelled at a prompt (Ctrl-C); 143 stopped by SIGTERM. Key values are never printed, except once by `keys create`. Guide: docs/sessions.md';

const warnTo = (io: CloudIO) => (line: string) => io.err(line + '\n');

/** The organisation's keys (their values registered with the redaction) and its default key's value. */
async function loadKeys(io: CloudIO, s: Session): Promise<{ keys: PublicApiKey[]; defaultKey?: string }> {
  const keys = await s.client.publicKeys(s.org);
  registerKeys(
    io,
    keys.map((k) => k.key),
  );
  const saved = await readDefaultKey(s.credentialsPath, s.org, warnTo(io));
  if (saved) registerKeys(io, [saved.key]);
  return { keys, defaultKey: saved?.key };
}

async function list(io: CloudIO, argv: Resolved<KeysArgs>, emit: Emit): Promise<void> {
  const s = await io.openSession(argv);
  const { keys, defaultKey } = await loadKeys(io, s);
  const rows = keys.map((k) => ({
    id: k.id,
    name: k.metadata.name,
    createdAt: k.createdAt ?? null,
    revoked: !!k.revoked,
    default: k.key === defaultKey,
  }));
  emit({ ok: true, organization: s.org, keys: rows });
  if (argv.json) return;
  if (!rows.length) {
    io.err(`no public API keys in ${visibleField(s.org)}; create one with: pipecat cloud organizations keys create <name>\n`);
    return;
  }
  io.out(
    renderTable(
      ['name', 'id', 'created', 'status', 'default'],
      rows.map((r) => [r.name, r.id, r.createdAt ?? '', r.revoked ? 'revoked' : 'active', r.default ? 'yes' : '']),
      argv.output,
    ) + '\n',
  );
}

/** The key a command acts on: the argument, else a select at a terminal. */
async function chooseKey(io: CloudIO, keys: PublicApiKey[], argv: KeysArgs, verb: 'use' | 'revoke'): Promise<PublicApiKey> {
  const arg = argv['name-or-id'];
  const active = keys.filter((k) => !k.revoked);
  if (arg !== undefined) {
    const k = findKey(keys, arg, verb);
    if (!k)
      throw new OperationFailedError(
        shown`no public API key named or with id "${arg}"`,
        active.length ? active.map((x) => `key ${keyLabel(x)}`) : ['there are no active keys'],
      );
    return k;
  }
  if (!active.length)
    throw new OperationFailedError('there is no active public API key to ' + verb, [
      'create one: pipecat cloud organizations keys create <name>',
    ]);
  return io.dialogs.select(
    `Public API key to ${verb}`,
    active.map((k) => ({ title: visibleField(`${k.metadata.name}  ${k.id}`), value: k })),
    { noTty: `name the key to ${verb}: pipecat cloud organizations keys ${verb} <name-or-id> (no terminal to choose one)` },
  );
}

async function use(io: CloudIO, argv: Resolved<KeysArgs>, emit: Emit): Promise<void> {
  const s = await io.openSession(argv);
  const { keys } = await loadKeys(io, s);
  const k = await chooseKey(io, keys, argv, 'use');
  if (k.revoked)
    throw new OperationFailedError(
      shown`public key ${keyLabel(k)} is revoked: choose an active one (pipecat cloud organizations keys list)`,
    );
  await writeDefaultKey(s.credentialsPath, s.org, { key: k.key, name: k.metadata.name }, warnTo(io));
  emit({ ok: true, organization: s.org, key: { id: k.id, name: k.metadata.name }, credentialsPath: s.credentialsPath });
  if (!argv.json)
    io.err(
      success(`public key ${keyLabel(k)} is now the default of ${visibleField(s.org)} for agent start (saved in ${s.credentialsPath})`) +
        '\n',
    );
}

async function revoke(io: CloudIO, argv: Resolved<KeysArgs>, emit: Emit): Promise<void> {
  const s = await io.openSession(argv);
  const { keys, defaultKey } = await loadKeys(io, s);
  const k = await chooseKey(io, keys, argv, 'revoke');
  const wasDefault = k.key === defaultKey;
  if (k.revoked) {
    emit({ ok: true, organization: s.org, key: { id: k.id, name: k.metadata.name }, revoked: true, alreadyRevoked: true, wasDefault });
    if (!argv.json) io.err(`public key ${keyLabel(k)} was already revoked; nothing to do\n`);
    return;
  }
  if (wasDefault) await writeDefaultKey(s.credentialsPath, s.org, undefined, warnTo(io));
  await s.client.revokeKey(s.org, k.id);
  emit({ ok: true, organization: s.org, key: { id: k.id, name: k.metadata.name }, revoked: true, wasDefault });
  if (argv.json) return;
  io.err(success(`revoked public key ${keyLabel(k)} of ${visibleField(s.org)}: sessions can no longer be started with it`) + '\n');
  if (wasDefault)
    io.err(`it was the default key: removed it from ${s.credentialsPath} (choose another with: pipecat cloud organizations keys use)\n`);
}

/** The new key's name: the argument or `--name/-n` (one yargs key), else asked at a terminal. */
async function newKeyName(io: CloudIO, argv: KeysArgs): Promise<string> {
  const given: unknown = argv.name;
  if (Array.isArray(given))
    throw new UserError(
      shown`${given.length} names given (${given.map((g) => `"${String(g)}"`).join(', ')}): give one, as the argument or with --name`,
    );
  const name = (
    (given as string | undefined) ??
    (await io.dialogs.text('Name of the new public API key (e.g. "Pipecat Key")', {
      noTty: 'name the key: pipecat cloud organizations keys create <name> (no terminal to ask for one)',
      validate: (v) => (v.trim() ? true : 'the name is empty'),
    }))
  ).trim();
  if (!name) throw new UserError('the key name is empty: pipecat cloud organizations keys create <name>');
  return name;
}

async function create(io: CloudIO, argv: Resolved<KeysArgs>, emit: Emit): Promise<void> {
  const name = await newKeyName(io, argv);
  const s = await io.openSession(argv);
  // The new key is not registered with the redaction: showing it once is what this command is for.
  const k = await s.client.createPublicKey(s.org, name);
  if (typeof k.key !== 'string' || !k.key)
    throw new OperationFailedError('the platform answered without the new key: look it up in the Pipecat Cloud dashboard');
  const makeDefault =
    argv.default ??
    (io.dialogs.canPrompt() && !argv.json
      ? await io.dialogs.confirm(`Make "${name}" the default key of ${s.org} for agent start?`, { default: false })
      : false);
  if (makeDefault) await writeDefaultKey(s.credentialsPath, s.org, { key: k.key, name }, warnTo(io));
  emit({ ok: true, organization: s.org, key: { id: k.id, name, key: k.key, createdAt: k.createdAt ?? null }, default: makeDefault });
  if (argv.json) return;
  io.err(
    success(
      `created public key "${visibleField(name)}" (${visibleField(k.id)}) in ${visibleField(s.org)}${makeDefault ? `, the default for agent start (${s.credentialsPath})` : ''}`,
    ) + '\n',
  );
  const rows: [string, string][] = [
    ['name', name],
    ['id', k.id],
    ['organization', s.org],
    ['key', k.key],
  ];
  io.out(
    rows.map(([a, b]) => (argv.output === 'plain' ? `${a}\t${visibleField(b)}` : `${(a + ':').padEnd(14)}${visibleField(b)}`)).join('\n') +
      '\n',
  );
  io.err('This is the only time pipecat shows this key (keys list never prints key values): store it now.\n');
  if (!makeDefault) io.err(`make it the default for agent start: pipecat cloud organizations keys use ${visibleField(k.id)}\n`);
}

/** The name-or-id argument of `use` and `revoke`. */
const NAME_OR_ID = {
  'name-or-id': { type: 'string', describe: "The key's name or id (default: choose at a terminal)" },
} as const;

/** `revoke` and its deprecated alias `delete` share everything but the word and the note. */
function revokeCommand(word: 'revoke' | 'delete'): CloudCommandDefinition<KeysArgs> {
  return {
    command: `${word} [name-or-id]`,
    describe: word === 'revoke' ? 'Revoke a public API key (clears it as the default)' : '[deprecated: use revoke] Revoke a public API key',
    official: `organizations keys ${word}`,
    positionals: NAME_OR_ID,
    examples: word === 'revoke' ? [['$0 cloud organizations keys revoke ci-key', 'revoke the key named ci-key']] : [],
    epilogue: KEYS_EPILOGUE,
    run: async (io, argv, emit) => {
      if (word === 'delete' && !argv.json) io.err("'delete' is deprecated and will be removed: use 'revoke' instead\n");
      await revoke(io, argv, emit);
    },
  };
}

/** The `organizations keys` group (official `organizations keys list|create|revoke|delete|use`). */
export const KEYS_GROUP: CloudGroupDefinition = {
  command: 'keys <command>',
  describe: 'Public API keys (they start sessions): list, create, revoke, use',
  official: 'organizations keys',
  epilogue: KEYS_EPILOGUE,
  commands: [
    {
      command: 'list',
      describe: 'List the public API keys of the organization (never their values)',
      official: 'organizations keys list',
      epilogue: KEYS_EPILOGUE,
      run: list,
    },
    {
      command: 'create [name]',
      describe: 'Create a public API key and show it once',
      official: 'organizations keys create',
      positionals: { name: { type: 'string', describe: 'Name of the key (default: --name, else asked at a terminal)' } },
      options: {
        name: {
          alias: 'n',
          type: 'string',
          requiresArg: true,
          describe: 'Name of the key, as the argument or with --name/-n (the official flag); default: asked at a terminal',
        },
        default: { alias: 'd', type: 'boolean', describe: 'Make it the default key for agent start (--no-default: do not ask)' },
      },
      examples: [['$0 cloud organizations keys create ci-key --default', 'create a key and use it for agent start']],
      epilogue: KEYS_EPILOGUE,
      run: create,
    },
    revokeCommand('revoke'),
    revokeCommand('delete'),
    {
      command: 'use [name-or-id]',
      describe: 'Make a public API key the default for agent start (saved in the credentials file)',
      official: 'organizations keys use',
      positionals: NAME_OR_ID,
      examples: [['$0 cloud organizations keys use ci-key', 'start sessions with the key named ci-key']],
      epilogue: KEYS_EPILOGUE,
      run: use,
    },
  ],
};
