/**
 * `pipecat cloud organizations list|select|default-region` and `regions list` through the binary
 * against an emulator whose token belongs to two organisations (`--orgs acme,beta`): the active
 * mark, `select` writing `org` and keeping the rest of the credentials file, `select` without a
 * name and without a terminal (exit 2 naming the argument), an organisation the token does not
 * have (its organisations listed: exit 2 for `select NAME`, exit 1 for `-o`/`PIPECAT_ORG`, also when
 * the platform's 403 does not say why), `default-region` shown from the property schema and set
 * with `PATCH` after the region check, `organizations properties` left to pipecat's own CLI;
 * each in `--output json` (one document), `--output plain` (tab-separated, no escape byte).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import yargs from 'yargs';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { createCloudCommand } from '../../cli/commands/cloud/cloud.js';
import { openSession, type CloudIO } from '../../cli/commands/cloud/common.js';
import { injectFaults } from '../../cli/emulator/faults.js';
import { startEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type EmulatorProcess } from '../cloud/helpers.js';

let home: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;
const creds = () => join(home, '.config', 'pipecatcloud', 'pipecatcloud.toml');
const cli = (args: string[], extra: Record<string, string | undefined> = {}) => runCli(['cloud', ...args], { env: { ...env, ...extra } });
/** The one JSON document of a json-mode run. */
const doc = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

beforeAll(async () => {
  home = await tempDir('pipecat-orgs-');
  emu = await spawnEmulator(['--orgs', 'acme,beta', '--quiet'], cleanEnv(home));
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token });
});
afterAll(async () => {
  await emu.stop();
  await cleanup(home);
});

describe('organizations list and select', () => {
  test('list marks the organisation in use; json is one document, plain has tabs and no escape', async () => {
    const [rich, json, plain, other] = await Promise.all([
      cli(['organizations', 'list']),
      cli(['organizations', 'list', '--output', 'json']),
      cli(['organizations', 'list', '--output', 'plain']),
      cli(['organizations', 'list', '--json'], { PIPECAT_ORG: 'beta' }),
    ]);
    expect(emu.org).toBe('acme');
    expect(rich.code).toBe(0);
    expect(rich.stdout).toMatch(/acme \(emulator\)\s+acme\s+yes\n/);
    expect(rich.stdout).toMatch(/beta \(emulator\)\s+beta\n/);
    expect(doc(json.stdout)).toEqual({
      ok: true,
      organization: 'acme',
      organizations: [
        { name: 'acme', verboseName: 'acme (emulator)', active: true },
        { name: 'beta', verboseName: 'beta (emulator)', active: false },
      ],
    });
    expect(plain.stdout).toBe('organization\tname\tactive\nacme (emulator)\tacme\tyes\nbeta (emulator)\tbeta\t\n');
    expect(plain.stdout).not.toContain('\x1b');
    expect(doc(other.stdout).organization).toBe('beta');
  });

  test('select NAME writes org and keeps every other key and table of the credentials file', async () => {
    await mkdir(join(home, '.config', 'pipecatcloud'), { recursive: true });
    await writeFile(creds(), 'org = "acme"\ncli_log_level = "DEBUG"\n\n[acme]\ndefault_public_key_name = "k"\n');
    const r = await cli(['organizations', 'select', 'beta', '--output', 'json'], { PIPECAT_ORG: 'acme' });
    expect(r.code).toBe(0);
    expect(doc(r.stdout)).toEqual({ ok: true, organization: 'beta', verboseName: 'beta (emulator)', credentialsPath: creds() });
    expect(r.stderr).toContain('PIPECAT_ORG=acme is set in this shell and overrides');
    const text = await readFile(creds(), 'utf8');
    expect(text).toMatch(/^org = "beta"$/m);
    expect(text).toContain('cli_log_level = "DEBUG"');
    expect(text).toMatch(/\[acme\]\ndefault_public_key_name = "k"/);
    // The official flag form, and the file's org is the one in use from now on.
    expect((await cli(['organizations', 'select', '-o', 'acme'])).code).toBe(0);
    expect(await readFile(creds(), 'utf8')).toMatch(/^org = "acme"$/m);
    expect(doc((await cli(['organizations', 'list', '--json'])).stdout).organization).toBe('acme');
  });

  test('select without a name and without a terminal: exit 2 naming the argument; json too', async () => {
    const [r, j] = await Promise.all([cli(['organizations', 'select']), cli(['organizations', 'select', '--output', 'json'])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('name it as the organization argument');
    expect(r.stderr).toContain("this token's: acme, beta");
    expect(j.code).toBe(2);
    expect(doc(j.stdout)).toMatchObject({ ok: false, error: { exitCode: 2 } });
  });

  test('an organisation the token does not have: the ones it has (select NAME: exit 2; -o anywhere: exit 1)', async () => {
    const runs = await Promise.all([
      cli(['organizations', 'select', 'nope']),
      cli(['regions', 'list', '-o', 'nope']),
      cli(['organizations', 'default-region', '-o', 'nope']),
      cli(['organizations', 'default-region', 'us-east', '-o', 'nope', '--output', 'json']),
      cli(['build', 'list'], { PIPECAT_ORG: 'nope' }),
    ]);
    expect(runs[0].code).toBe(2);
    expect(runs[0].stderr).toContain('organization nope: this token has no organisation of that name');
    expect(runs[0].stderr).toContain('organisations of this token: acme, beta');
    for (const r of runs.slice(1)) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('organizations of this token: acme, beta (pass one with --organization/-o)');
    }
    expect(runs[1].stderr).toContain('organization nope (from --organization) not found, or this token cannot use it');
    expect(runs[4].stderr).toContain('organization nope (from PIPECAT_ORG) not found');
    expect(doc(runs[3].stdout)).toMatchObject({ ok: false, error: { exitCode: 1 } });
    // A 403 that does not say why (a real platform's "Forbidden"): the token's organisations decide.
    await injectFaults(emu.url, { kind: 'error', status: 403, path: '/v1/organizations/nope/builds', count: 1 });
    const silent = await cli(['build', 'list'], { PIPECAT_ORG: 'nope' });
    expect(silent.code).toBe(1);
    expect(silent.stderr).toContain('organization nope (from PIPECAT_ORG) not found, or this token cannot use it');
    // The same answer in an organisation of the token is the command's own failure, told as it came.
    await injectFaults(emu.url, { kind: 'error', status: 403, path: '/v1/organizations/acme/builds', count: 1 });
    const member = await cli(['build', 'list'], { PIPECAT_ORG: 'acme' });
    expect(member.code).toBe(1);
    expect(member.stderr).not.toContain('organizations of this token');
    // list still lists, and says the one in use is not among them
    const l = await cli(['organizations', 'list', '-o', 'nope']);
    expect(l.code).toBe(0);
    expect(l.stderr).toContain('nope (from --organization), is not one');
  });
});

describe('default-region and regions', () => {
  test('regions list: rich, plain, json', async () => {
    const [rich, plain, json] = await Promise.all([
      cli(['regions', 'list']),
      cli(['regions', 'list', '--output', 'plain']),
      cli(['regions', 'list', '--output', 'json', '-o', 'beta']),
    ]);
    expect(rich.code).toBe(0);
    expect(rich.stdout).toMatch(/^code\s+name\nus-west\s+US West \(Oregon\)\n/);
    expect(plain.stdout.split('\n')[0]).toBe('code\tname');
    expect(plain.stdout).toContain('eu-central\tEU Central (Frankfurt)\n');
    expect(plain.stdout).not.toContain('\x1b');
    const d = doc(json.stdout);
    expect(d).toMatchObject({ ok: true, organization: 'beta' });
    expect((d.regions as { code: string }[]).map((r) => r.code)).toEqual(['us-west', 'us-east', 'eu-central', 'ap-south']);
  });

  test('set in one organisation (PATCH), shown from the schema, the other unchanged; a bad region is exit 2 before any PATCH', async () => {
    const set = await cli(['organizations', 'default-region', 'eu-central', '-o', 'beta', '--output', 'json']);
    expect(set.code).toBe(0);
    expect(doc(set.stdout)).toEqual({ ok: true, organization: 'beta', defaultRegion: 'eu-central' });
    const [beta, acme, plain] = await Promise.all([
      cli(['organizations', 'default-region', '-o', 'beta', '--json']),
      cli(['organizations', 'default-region', '-o', 'acme']),
      cli(['organizations', 'default-region', '-o', 'beta', '--output', 'plain']),
    ]);
    expect(doc(beta.stdout)).toEqual({
      ok: true,
      organization: 'beta',
      defaultRegion: 'eu-central',
      availableRegions: ['us-west', 'us-east', 'eu-central', 'ap-south'],
    });
    expect(acme.stdout).toMatch(/^default region:\s+us-west\navailable regions:\s+us-west, us-east, eu-central, ap-south\n$/);
    expect(plain.stdout).toBe('default region\teu-central\navailable regions\tus-west, us-east, eu-central, ap-south\n');
    const bad = await cli(['organizations', 'default-region', 'mars', '-o', 'beta']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('region mars is not a region of beta');
    const res = await fetch(`${emu.url}/_emulator/requests`);
    const log = ((await res.json()) as { requests: { method: string; path: string }[] }).requests;
    expect(log.filter((q) => q.method === 'PATCH').map((q) => q.path)).toEqual(['/v1/organizations/beta/properties']);
  });

  test('organizations properties … is left to pipecat’s own CLI (exit 2, the command to run there)', async () => {
    const r = await cli(['organizations', 'properties', 'set', 'defaultRegion', 'eu-central']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('uv run pipecat cloud organizations properties set defaultRegion eu-central');
    expect((await cli(['organizations', '--help'])).stdout).not.toContain('properties');
  });
});

describe('the emulator with several organisations', () => {
  test('--orgs with --org, or an empty --orgs, is exit 2; a set default region survives a restart', async () => {
    const [both, empty] = await Promise.all([
      runCli(['cloud', 'emulator', '--org', 'a', '--orgs', 'a,b'], { env: cleanEnv(home) }),
      runCli(['cloud', 'emulator', '--orgs', ' , '], { env: cleanEnv(home) }),
    ]);
    expect([both.code, empty.code]).toEqual([2, 2]);
    expect(empty.stderr).toContain('--orgs needs at least one organisation name');
    const dataFile = join(home, 'emu.json');
    const a = await startEmulator({ dataFile, orgs: ['one', 'two'] });
    await new CloudClient({ token: a.token, baseUrl: a.url }).updateProperties('two', { defaultRegion: 'ap-south' });
    await a.close();
    const b = await startEmulator({ dataFile, orgs: ['one', 'two'] });
    try {
      const c = new CloudClient({ token: b.token, baseUrl: b.url });
      expect(await c.organizationProperties('two')).toEqual({ defaultRegion: 'ap-south' });
      expect(await c.organizationProperties('one')).toEqual({ defaultRegion: 'us-west' });
      expect((await c.organizations()).map((o) => o.name)).toEqual(['one', 'two']);
    } finally {
      await b.close();
    }
  });
});

describe('select at a terminal', () => {
  test('asks with the one in use preselected, and saves the choice', async () => {
    const emuIn = await startEmulator({ orgs: ['red', 'green', 'blue'] });
    const env: NodeJS.ProcessEnv = { HOME: home, PIPECAT_API_HOST: emuIn.url, PIPECAT_TOKEN: emuIn.token, PIPECAT_ORG: 'green' };
    const asked: { message: string; titles: string[]; preselected?: number }[] = [];
    const err: string[] = [];
    const unexpected = async () => {
      throw new Error('unexpected dialog');
    };
    const io = {
      out: () => undefined,
      err: (t: string) => void err.push(t),
      env,
      terminal: { stdin: true, stdout: true, stderr: true },
      readStdin: async () => '',
      dialogs: {
        canPrompt: () => true,
        confirm: unexpected,
        text: unexpected,
        password: unexpected,
        select: async (message: string, choices: readonly { title: string; value: unknown }[], opts?: { default?: number }) => {
          asked.push({ message, titles: choices.map((c) => c.title), preselected: opts?.default });
          return choices[2].value;
        },
      },
      openSession: (argv) => openSession(argv, env, (t) => void err.push(t)),
      makeClient: unexpected,
      startSpinner: async () => ({
        animated: false,
        update: () => undefined,
        succeed: () => undefined,
        fail: () => undefined,
        stop: () => undefined,
      }),
      watchInterrupts: () => {
        throw new Error('no interrupts here');
      },
    } as CloudIO;
    try {
      await yargs(['cloud', 'organizations', 'select'])
        .command(createCloudCommand(() => io))
        .strict()
        .fail((msg, e) => {
          throw e ?? new Error(msg);
        })
        .parseAsync();
    } finally {
      await emuIn.close();
    }
    expect(asked).toEqual([
      {
        message: 'Organisation for the pipecat cloud commands',
        titles: ['red (emulator) (red)', 'green (emulator) (green)', 'blue (emulator) (blue)'],
        preselected: 1,
      },
    ]);
    expect(await readFile(creds(), 'utf8')).toMatch(/^org = "blue"$/m);
    expect(err.join('')).toContain('PIPECAT_ORG=green is set in this shell');
  });
});
