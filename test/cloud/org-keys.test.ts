/**
 * `pipecat cloud organizations keys list | create | use | revoke | delete` through the binary
 * against the emulator binary, without a terminal (runCli pipes stdin): the new key shown once by
 * `create` (rich, plain, json), `use` and `revoke` by name and by id writing the credentials file's
 * `[org]` table and keeping everything else in it, the deprecated `delete`, a key to choose
 * without a terminal (exit 2 naming the argument), ambiguous names, and no key value in any other
 * output.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'smol-toml';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type CliResult, type EmulatorProcess } from './helpers.js';

let home: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;
let credentials: string;
/** Outputs of every run but `keys create`'s, for the leak check. */
const outputs: CliResult[] = [];
const made: Record<string, { id: string; key: string }> = {};

async function keys(args: string[]): Promise<CliResult> {
  const r = await runCli(['cloud', 'organizations', 'keys', ...args], { env });
  if (args[0] !== 'create') outputs.push(r);
  return r;
}
const file = async () => parse(await readFile(credentials, 'utf8')) as Record<string, Record<string, unknown>>;

beforeAll(async () => {
  home = await tempDir('pipecat-org-keys-');
  emu = await spawnEmulator(['--quiet'], cleanEnv(home));
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org });
  credentials = join(home, '.config', 'pipecatcloud', 'pipecatcloud.toml');
  await mkdir(dirname(credentials), { recursive: true });
  // Another tool's settings: kept by every write.
  await writeFile(credentials, `[${emu.org}]\nkeep = "yes"\n\n[other-org]\ndefault_public_key = "pk_other"\n`, { mode: 0o600 });
});
afterAll(async () => {
  await emu?.stop();
  await cleanup(home);
});

describe('create', () => {
  test('without a name and no terminal: exit 2 naming the argument', async () => {
    const r = await keys(['create']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pipecat cloud organizations keys create <name>');
  });

  test('shows the new key once: rich, plain (--name, --default), json', async () => {
    const [rich, plain, doc] = await Promise.all([
      keys(['create', 'ci-key']),
      keys(['create', '--name', 'web-key', '--default', '--output', 'plain']),
      keys(['create', 'json-key', '--output', 'json']),
    ]);
    expect(rich.code).toBe(0);
    const key = /^key: +(pk_\S+)$/m.exec(rich.stdout)?.[1] ?? '';
    expect(key).toMatch(/^pk_/);
    expect(rich.stderr).toContain('This is the only time pipecat shows this key');
    made['ci-key'] = { id: /^id: +(\S+)$/m.exec(rich.stdout)![1], key };
    const rows = Object.fromEntries(
      plain.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')),
    );
    expect(rows).toMatchObject({ name: 'web-key', organization: emu.org });
    made['web-key'] = { id: rows.id, key: rows.key };
    const d = JSON.parse(doc.stdout) as { key: { id: string; key: string; name: string }; default: boolean };
    expect(d).toMatchObject({ ok: true, default: false, key: { name: 'json-key' } });
    made['json-key'] = { id: d.key.id, key: d.key.key };
    const t = await file();
    expect(t[emu.org]).toEqual({ keep: 'yes', default_public_key: made['web-key'].key, default_public_key_name: 'web-key' });
    expect(t['other-org']).toEqual({ default_public_key: 'pk_other' });
  });
});

describe('list, use, revoke', () => {
  test('list: json without values, plain with the default marked', async () => {
    const [doc, plain] = await Promise.all([keys(['list', '--output', 'json']), keys(['list', '--output', 'plain'])]);
    const list = (JSON.parse(doc.stdout) as { keys: Record<string, unknown>[] }).keys;
    expect(list.map((k) => k.name).sort()).toEqual(['ci-key', 'json-key', 'web-key']);
    for (const k of list) expect(Object.keys(k).sort()).toEqual(['createdAt', 'default', 'id', 'name', 'revoked']);
    expect(plain.stdout.split('\n')[0]).toBe('name\tid\tcreated\tstatus\tdefault');
    expect(plain.stdout).toMatch(new RegExp(`^web-key\\t${made['web-key'].id}\\t[^\\t]+\\tactive\\tyes$`, 'm'));
  });

  test('use: by id; without an argument and no terminal exit 2; an unknown key exit 1', async () => {
    const [byId, none, unknown] = await Promise.all([keys(['use', made['ci-key'].id]), keys(['use']), keys(['use', 'nope'])]);
    expect(byId.code).toBe(0);
    expect((await file())[emu.org]).toMatchObject({ keep: 'yes', default_public_key_name: 'ci-key' });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('pipecat cloud organizations keys use <name-or-id>');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no public API key named or with id "nope"');
  });

  test('revoke by name, by id (the default: cleared from the file), delete is the deprecated alias', async () => {
    const byName = await keys(['revoke', 'web-key', '--output', 'json']);
    expect(JSON.parse(byName.stdout)).toMatchObject({ ok: true, revoked: true, wasDefault: false, key: { name: 'web-key' } });
    const byId = await keys(['revoke', made['ci-key'].id]);
    expect(byId.code).toBe(0);
    expect(byId.stderr).toContain('it was the default key');
    const t = await file();
    expect(t[emu.org]).toEqual({ keep: 'yes' });
    expect(t['other-org']).toEqual({ default_public_key: 'pk_other' });
    const [alias, useRevoked] = await Promise.all([keys(['delete', 'web-key']), keys(['use', 'web-key'])]);
    expect(alias.code).toBe(0);
    expect(alias.stderr).toContain("'delete' is deprecated");
    expect(alias.stderr).toContain('was already revoked');
    expect(useRevoked.code).toBe(1);
    expect(useRevoked.stderr).toContain('is revoked');
    const plain = await keys(['list', '--output', 'plain']);
    expect(plain.stdout).toMatch(new RegExp(`^web-key\\t${made['web-key'].id}\\t[^\\t]+\\trevoked\\t$`, 'm'));
  });

  test('two active keys of one name: exit 2 listing their ids', async () => {
    await Promise.all([keys(['create', 'dup']), keys(['create', 'dup'])]);
    const r = await keys(['use', 'dup']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('2 active public keys are named "dup": give the id');
  });

  test('no output but create held a key value', () => {
    const values = Object.values(made).map((k) => k.key);
    expect(values).toHaveLength(3);
    for (const r of outputs) for (const v of values) expect(r.stdout + r.stderr).not.toContain(v.slice(3, 11));
  });
});
