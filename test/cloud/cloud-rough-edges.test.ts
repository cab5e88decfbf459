/**
 * Rough edges of the cloud commands, through the binary against the emulator (docs/deploy.md,
 * docs/secrets.md):
 * - a malformed `PIPECAT_API_HOST` or `--api-host` is one line naming it (exit 2), no stack;
 * - an unknown organisation (`-o acme`) lists the organisations the token can use, for `agent`
 *   and `deploy` as for `secrets set` (exit 1), not a raw 404;
 * - the platform's "use forceRedeploy" hint names `--force`;
 * - a set `pending` after a write is "being provisioned", not a problem: `secrets set` and
 *   `secrets list` say so, and a deploy right after the write waits for it;
 * - a deploy outside any project, without pcc-deploy.toml, says to run it in server/.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { setSetStatus } from '../../cli/emulator/faults.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { BIN, cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

let home: string;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  home = await tempDir('pipecat-rough-');
  emu = await startEmulator({ deployMs: 50 });
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org, PIPECAT_POLL_MS: '50' });
});
afterAll(async () => {
  await emu?.close();
  await cleanup(home);
});

const cli = (args: string[], extra: Record<string, string | undefined> = {}) =>
  runCli(['cloud', ...args], { env: { ...env, ...extra }, cwd: home, timeoutMs: 30_000 });

// The binary's runs of one test go at once: each is a process of its own.
describe('a malformed API host', () => {
  test('PIPECAT_API_HOST or --api-host not an http(s) URL: exit 2, one line naming it', async () => {
    const cases: [string[], Record<string, string>, string][] = [
      [
        ['secrets', 'list'],
        { PIPECAT_API_HOST: 'not a url' },
        'PIPECAT_API_HOST must be an http:// or https:// URL, e.g. https://api.pipecat.daily.co (got "not a url")',
      ],
      [
        ['agent', 'list'],
        { PIPECAT_API_HOST: 'ftp://x' },
        'PIPECAT_API_HOST must be an http:// or https:// URL, e.g. https://api.pipecat.daily.co (got "ftp://x")',
      ],
      [
        ['deploy', 'x', 'img:1', '--yes', '--api-host', 'http//x'],
        {},
        '--api-host must be an http:// or https:// URL, e.g. https://api.pipecat.daily.co (got "http//x")',
      ],
    ];
    const runs = await Promise.all(cases.map(([args, extra]) => cli(args, extra)));
    expect(runs.map((r) => [r.code, r.stderr])).toEqual(cases.map(([, , line]) => [2, `error: ${line}\n`]));
  });
});

describe('an unknown organisation', () => {
  test('agent status/list/logs and deploy -o acme: exit 1, naming the organisations of the token', async () => {
    const commands = [
      ['agent', 'status', 'x'],
      ['agent', 'list'],
      ['agent', 'logs', 'x'],
      ['deploy', 'x', 'img:1', '--yes'],
    ];
    for (const r of await Promise.all(commands.map((args) => cli([...args, '-o', 'acme'])))) {
      expect(r.stderr).toContain('error: organization acme (from --organization) not found, or this token cannot use it');
      expect(r.stderr).toContain(`organizations of this token: ${emu.org} (pass one with --organization/-o)`);
      expect(r.code).toBe(1);
    }
  });
});

describe('deploy', () => {
  test('an unchanged update: the platform hint names --force', async () => {
    expect((await cli(['deploy', 'hint-bot', 'me/hint-bot:1', '--yes', '--no-preflight'])).code).toBe(0);
    const r = await cli(['deploy', 'hint-bot', 'me/hint-bot:1', '--yes', '--no-preflight']);
    expect(r.stderr).toContain('warning: Configuration unchanged: no new deployment was created (use --force to redeploy)\n');
    expect(r.stderr).not.toContain('forceRedeploy');
    expect(r.code).toBe(0);
  });

  test('outside a project and without pcc-deploy.toml: run it in server/', async () => {
    const r = await cli(['deploy', '--yes']);
    expect(r.stderr).toContain("(not found: run the deploy in your project's server/ folder, where pipecat init writes pcc-deploy.toml)");
    expect(r.code).toBe(2);
  });
});

describe('a set pending after a write', () => {
  test('is being provisioned: secrets set and list say so, a deploy waits for it', async () => {
    const set = await cli(['secrets', 'set', 'fresh-secrets', 'A=1', '--skip']);
    expect(set.stderr).toContain('the set is being provisioned, which takes a few seconds (--wait waits until it is ready)');
    expect(set.code).toBe(0);
    // Pending until the test says otherwise, however slow the machine (the platform: a few seconds).
    await setSetStatus(emu.url, 'fresh-secrets', 'pending');
    const list = await cli(['secrets', 'list', 'fresh-secrets']);
    expect(list.stdout).toContain('status pending (being provisioned)');
    expect(list.stderr).toContain('pending: being provisioned: after a write this takes a few seconds');
    // The deploy waits for the set; once it says so, the set is provisioned.
    const child = spawn(process.execPath, [BIN, 'cloud', 'deploy', 'fresh-bot', 'me/fresh-bot:1', '-s', 'fresh-secrets', '--yes'], {
      env,
      cwd: home,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let flipped: Promise<void> | undefined;
    child.stderr.on('data', (d) => {
      stderr += d;
      if (!flipped && stderr.includes('secret set fresh-secrets is being provisioned: waiting up to 30 s until it is ready\n'))
        flipped = setSetStatus(emu.url, 'fresh-secrets', 'ready');
    });
    const code = await new Promise<number | null>((r) => child.on('close', r));
    await flipped;
    expect(stderr).toContain('secret set fresh-secrets is being provisioned: waiting up to 30 s until it is ready\n');
    expect(stderr).toContain('agent fresh-bot is ready');
    expect(code).toBe(0);
  });
});
