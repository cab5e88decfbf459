/**
 * `pipecat cloud agent start | sessions | stop | deployments` through the binary against the
 * emulator binary (no terminal: runCli pipes stdin): an agent deployed with `cloud deploy`, a
 * session started with the organisation's only key, with the key `keys use` chose and with
 * `--api-key`, with and without a Daily room, listed, looked at, stopped, and the deployments
 * listed; each in `--output json` (one document on stdout) and `--output plain` (tab-separated).
 * The errors: no key, several keys and no default, bad `--data`, a refused key. No output ever
 * holds a public key's value (only `keys create` shows the new key, once).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type CliResult, type EmulatorProcess } from '../cloud/helpers.js';

const AGENT = 'sess-bot';
let home: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;
/** Every run but `keys create`'s, for the leak check at the end. */
const outputs: CliResult[] = [];
const keys: Record<string, { id: string; key: string }> = {};

async function cli(args: string[]): Promise<CliResult> {
  const r = await runCli(['cloud', ...args], { env });
  if (!(args[0] === 'organizations' && args[2] === 'create')) outputs.push(r);
  return r;
}
const json = (r: CliResult) => JSON.parse(r.stdout) as Record<string, unknown> & { sessionId: string };

beforeAll(async () => {
  home = await tempDir('pipecat-sessions-');
  emu = await spawnEmulator(['--quiet', '--deploy-ms', '100'], cleanEnv(home));
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org, PIPECAT_POLL_MS: '50' });
  const d = await cli(['deploy', AGENT, 'me/sess-bot:1', '--yes', '--no-preflight']);
  expect(d.code).toBe(0);
});
afterAll(async () => {
  await emu?.stop();
  await cleanup(home);
});

async function createKey(name: string): Promise<void> {
  const r = await cli(['organizations', 'keys', 'create', name, '--output', 'json']);
  expect(r.code).toBe(0);
  const doc = JSON.parse(r.stdout) as { key: { id: string; key: string } };
  expect(doc.key.key).toMatch(/^pk_/);
  keys[name] = { id: doc.key.id, key: doc.key.key };
}

describe('which public key starts a session', () => {
  test('no key at all: exit 1 naming keys create (and one JSON document in json mode)', async () => {
    const [rich, doc] = await Promise.all([cli(['agent', 'start', AGENT]), cli(['agent', 'start', AGENT, '--output', 'json'])]);
    expect(rich.code).toBe(1);
    expect(rich.stderr).toContain('has no public API key to start a session with');
    expect(rich.stderr).toContain('pipecat cloud organizations keys create');
    expect(doc.code).toBe(1);
    expect(JSON.parse(doc.stdout)).toMatchObject({ ok: false });
  });

  test('the only key is used and named; Daily prints the room and the meeting token', async () => {
    await createKey('first-key');
    const r = await cli(['agent', 'start', AGENT, '-D', '--output', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const doc = json(r);
    expect(doc).toMatchObject({ ok: true, agent: AGENT, publicKey: { name: 'first-key', source: 'only key' } });
    const daily = doc.daily as { room: string; token: string; joinUrl: string };
    expect(daily.room).toMatch(/^https:\/\/.+\.daily\.co\//);
    expect(daily.joinUrl).toBe(`${daily.room}?t=${daily.token}`);
    const rich = await cli(['agent', 'start', AGENT]);
    expect(rich.code).toBe(0);
    expect(rich.stderr).toContain('with public key first-key (the only one of');
    expect(rich.stdout).toMatch(/^session: +[0-9a-f-]{36}\n$/);
  });

  test('several keys and no default: exit 1 listing them and naming keys use; then keys use picks one', async () => {
    await createKey('second-key');
    const r = await cli(['agent', 'start', AGENT]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('has 2 public API keys and no default one');
    expect(r.stderr).toContain(`key first-key (${keys['first-key'].id})`);
    expect(r.stderr).toContain('pipecat cloud organizations keys use');
    expect((await cli(['organizations', 'keys', 'use', 'second-key'])).code).toBe(0);
    const toml = await readFile(join(home, '.config', 'pipecatcloud', 'pipecatcloud.toml'), 'utf8');
    expect(toml).toContain(`[${emu.org}]`);
    expect(toml).toContain('default_public_key_name = "second-key"');
    const plain = await cli(['agent', 'start', AGENT, '-D', '--output', 'plain']);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain('public key second-key (the default of');
    expect(plain.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['session', 'daily room', 'daily token', 'join', '']);
  });

  test('--api-key beats the default; bad --data is exit 2 naming it; a private token is refused (exit 1)', async () => {
    const [given, bad, props, pat] = await Promise.all([
      cli(['agent', 'start', AGENT, '-k', keys['first-key'].key, '--data', '{"persona":"pirate"}', '--output', 'json']),
      cli(['agent', 'start', AGENT, '--data', '{persona:']),
      cli(['agent', 'start', AGENT, '-D', '-p', '[1,2]']),
      cli(['agent', 'start', AGENT, '--api-key', emu.token]),
    ]);
    expect(given.code).toBe(0);
    expect(json(given).publicKey).toEqual({ name: '--api-key', source: '--api-key' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--data is not valid JSON');
    expect(props.code).toBe(2);
    expect(props.stderr).toContain('--daily-properties must be a JSON object');
    expect(pat.code).toBe(1);
    expect(pat.stderr).toContain('Pipecat Cloud refused the public key given with --api-key');
    expect(pat.stderr).toContain('personal access token');
  });
});

describe('sessions, stop, deployments', () => {
  test('the started session is listed (json, plain), shown with --id, stopped with --force only', async () => {
    const id = json(await cli(['agent', 'start', AGENT, '--output', 'json'])).sessionId;
    const [list, plain, noTty, missing] = await Promise.all([
      cli(['agent', 'sessions', AGENT, '--output', 'json']),
      cli(['agent', 'sessions', AGENT, '--output', 'plain']),
      cli(['agent', 'stop', AGENT, '-s', id]),
      cli(['agent', 'sessions', AGENT, '-i', '00000000-0000-0000-0000-000000000000']),
    ]);
    expect(list.code).toBe(0);
    const sessions = (json(list).sessions as { sessionId: string; endedAt: string | null }[]).map((s) => s.sessionId);
    expect(sessions[0]).toBe(id);
    expect(plain.stdout.split('\n')[0]).toBe('session\tcreated\tended\tduration\tstate\tbot start\tcold start');
    expect(plain.stdout).toContain(`${id}\t`);
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain('pass --force');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('not found');

    const stopped = await cli(['agent', 'stop', AGENT, '-s', id, '--force', '--output', 'json']);
    expect(stopped.code).toBe(0);
    expect(json(stopped)).toMatchObject({ ok: true, sessionId: id, stopped: true });
    const [one, again] = await Promise.all([
      cli(['agent', 'sessions', AGENT, '--id', id, '--output', 'plain']),
      cli(['agent', 'stop', AGENT, '-s', id, '-f']),
    ]);
    expect(one.stdout).toContain('state\tcomplete (HTTP_COMPLETED)\n');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('had already ended');
  });

  test('a revoked key is refused (exit 1) and named, never shown', async () => {
    expect((await cli(['organizations', 'keys', 'revoke', keys['first-key'].id])).code).toBe(0);
    const r = await cli(['agent', 'start', AGENT, '-k', keys['first-key'].key]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('it is revoked, or not a public key of');
  });

  test('deployments: json and plain; an unknown agent is exit 1', async () => {
    const [doc, plain, none] = await Promise.all([
      cli(['agent', 'deployments', AGENT, '--output', 'json']),
      cli(['agent', 'deployments', AGENT, '--output', 'plain']),
      cli(['agent', 'deployments', 'no-such-agent']),
    ]);
    const deployments = json(doc).deployments as { id: string; manifest: { spec: { image: string } } }[];
    expect(deployments).toHaveLength(1);
    expect(deployments[0].manifest.spec.image).toBe('me/sess-bot:1');
    expect(plain.stdout).toBe(
      `id\timage\tcreated\tupdated\n${deployments[0].id}\tme/sess-bot:1\t${plain.stdout.split('\n')[1].split('\t').slice(2).join('\t')}\n`,
    );
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('agent no-such-agent not found');
  });

  test('no output held a public key, --verbose debug lines included', async () => {
    const verbose = await cli(['agent', 'start', AGENT, '--verbose']);
    expect(verbose.stderr).toContain('/v1/public/');
    const values = Object.values(keys).map((k) => k.key);
    expect(values).toHaveLength(2);
    for (const r of outputs) for (const v of values) expect(r.stdout + r.stderr).not.toContain(v.slice(3, 11));
  });
});
