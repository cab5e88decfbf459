/**
 * `pipecat cloud deploy` and `pipecat cloud agent ...` end to end, through the binary, from a
 * generated project's `server/` folder, against the emulator binary (issue 24):
 * - secrets set, deploy (Cloud Build) to ready, agent status, a second deploy reusing the build, a
 *   changed bot.py building again, agent logs, agent delete;
 * - the uploaded context is the packed folder byte for byte, without .env, .env.local, .venv/ or
 *   node_modules/;
 * - the preflight stops a deploy (exit 2, every problem named, no agent or build created) for a
 *   missing required key, a set in another region, a missing pull secret;
 * - a build without its Dockerfile fails with the build's error and log tail (exit 1);
 * - under 5xx, 429 and dropped connections the deploy completes or says what state the agent is in;
 * - Ctrl-C while waiting leaves the deployment running and says how to watch it;
 * - on a terminal, the spinners leave no residue (the upload's line stands alone).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdir, rename, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'tar';
import { packContext } from '../../cli/deploy/context.js';
import { clearFaults, injectFaults, recordedRequests, clearRecordedRequests } from '../../cli/emulator/faults.js';
import { BIN, cleanEnv, cleanup, spawnEmulator, tempDir, type EmulatorProcess } from '../cloud/helpers.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

const HAVE_TMUX = tmuxAvailable();
if (!HAVE_TMUX) process.stderr.write('SKIPPED: tmux is not installed: the terminal test of cloud-deploy.test.ts\n');

const NAME = 'voice-bot';
const SET = 'voice-bot-secrets';
const INIT = [
  '-b',
  'web',
  '--transport',
  'daily',
  '-m',
  'cascade',
  '--stt',
  'deepgram_stt',
  '--llm',
  'openai_llm',
  '--tts',
  'cartesia_tts',
];

let home: string;
let out: string;
let server: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;

/** Run the binary in the generated project's server/ folder. */
function cli(args: string[], extra: Record<string, string> = {}, timeoutMs = 60_000) {
  return runInDir(server, args, { ...env, ...extra }, timeoutMs);
}

function runInDir(cwd: string, args: string[], e: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: e, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Entry names of a gzipped tar. */
async function tarNames(tarball: Buffer): Promise<string[]> {
  const names: string[] = [];
  const p = new Parser({ strict: true, onReadEntry: (e) => (names.push(e.path), e.resume()) });
  const done = new Promise((r, j) => (p.on('end', r), p.on('error', j)));
  p.end(tarball);
  await done;
  return names;
}

/** The agents the emulator holds (through the API, not our commands). */
async function agents(e: EmulatorProcess = emu): Promise<string[]> {
  const r = await fetch(`${e.url}/v1/organizations/${e.org}/services`, { headers: { Authorization: `Bearer ${e.token}` } });
  return ((await r.json()) as { services: { name: string }[] }).services.map((s) => s.name);
}

/** Writes (POST/PUT/DELETE) the emulator received on agents and builds. */
async function deployWrites(e: EmulatorProcess = emu): Promise<string[]> {
  return (await recordedRequests(e.url))
    .filter((r) => r.method !== 'GET' && /\/(services|builds)|_uploads/.test(r.path))
    .map((r) => `${r.method} ${r.path}`);
}

beforeAll(async () => {
  home = await tempDir('pipecat-deploy-home-');
  out = await tempDir('pipecat-deploy-out-');
  const base = cleanEnv(home);
  const init = await runInDir(out, ['init', '-n', NAME, ...INIT, '-o', '.'], base, 60_000);
  expect(init.code).toBe(0);
  server = join(out, NAME, 'server');
  emu = await spawnEmulator(['--quiet', '--build-ms', '600', '--deploy-ms', '400'], base);
  env = { ...base, PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org, PIPECAT_POLL_MS: '100' };
  // A developer's working folder: secrets, a virtualenv, node modules.
  await writeFile(join(server, '.env'), 'DAILY_API_KEY=d1\nDEEPGRAM_API_KEY=d2\nOPENAI_API_KEY=o3\n');
  await writeFile(join(server, '.env.local'), 'OPENAI_API_KEY=local\n');
  await mkdir(join(server, 'config'));
  await writeFile(join(server, 'config', '.env'), 'OPENAI_API_KEY=nested\n');
  await mkdir(join(server, '.venv', 'bin'), { recursive: true });
  await writeFile(join(server, '.venv', 'bin', 'python'), '');
  await mkdir(join(server, 'node_modules', 'x'), { recursive: true });
  await writeFile(join(server, 'node_modules', 'x', 'index.js'), '');
}, 120_000);

afterAll(async () => {
  await emu?.stop();
  await cleanup(home, out);
});

describe('preflight: nothing is created when a deploy would fail', () => {
  test('a missing required key stops the deploy (exit 2), naming the key', async () => {
    expect((await cli(['cloud', 'secrets', 'set', SET, '--file', '.env', '--skip'])).code).toBe(0);
    await clearRecordedRequests(emu.url);
    const r = await cli(['cloud', 'deploy', '--yes']);
    expect(r.stderr).toContain('preflight found 1 problem: nothing was created');
    expect(r.stderr).toContain(`secret set "${SET}" lacks a key the server code requires: CARTESIA_API_KEY`);
    expect(r.stderr).not.toMatch(/d1|d2|o3/); // never a value
    expect(r.code).toBe(2);
    expect(await agents()).toEqual([]);
    expect(await deployWrites()).toEqual([]);
  });

  test('a set in another region and a missing pull secret: every problem at once (exit 2)', async () => {
    await writeFile(join(server, '.env'), 'CARTESIA_API_KEY=c4\n', { flag: 'a' });
    expect((await cli(['cloud', 'secrets', 'set', 'eu-secrets', '--file', '.env', '--skip', '--region', 'eu-central'])).code).toBe(0);
    await clearRecordedRequests(emu.url);
    const r = await cli(['cloud', 'deploy', 'Bad_Name', 'me/voice-bot:0.1', '-s', 'eu-secrets', '-c', 'missing-pull', '--yes']);
    expect(r.stderr).toContain('preflight found 3 problems');
    expect(r.stderr).toContain('agent name "Bad_Name" is not a DNS label');
    expect(r.stderr).toContain('secret set "eu-secrets" is in region eu-central, not in the deploy region us-west');
    expect(r.stderr).toContain('image pull secret "missing-pull" (image_credentials / --credentials) does not exist');
    expect(r.code).toBe(2);
    expect(await agents()).toEqual([]);
    expect(await deployWrites()).toEqual([]);
  });

  test('--json: one document with the problems', async () => {
    const r = await cli(['cloud', 'deploy', '-s', 'no-such-set', '--yes', '--output', 'json']);
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.error.problems[0]).toContain('secret set "no-such-set" does not exist');
  });
});

describe('deploy with Cloud Build, to ready', () => {
  test('secrets set, deploy, status ready; the upload is the packed folder without .env, .venv or node_modules', async () => {
    expect((await cli(['cloud', 'secrets', 'set', SET, '--file', '.env', '--skip'])).code).toBe(0);
    await clearRecordedRequests(emu.url);
    const r = await cli(['cloud', 'deploy', '--yes']);
    expect(r.stderr).toMatch(/build [0-9a-f-]+ started/);
    // config/.env slips past the generated .dockerignore (its `.env` is anchored at the root): withheld anyway.
    expect(r.stderr).toContain('never sent (dotenv files): config/.env\n');
    // Not a terminal: one line per state change, ending ready.
    expect(r.stderr).toMatch(/build [0-9a-f-]+: success\n/);
    expect(r.stderr).toContain(`agent ${NAME}: ready\n`);
    expect(r.code).toBe(0);
    expect(await agents()).toEqual([NAME]);

    const uploads = (await (await fetch(`${emu.url}/_emulator/uploads`)).json()) as { uploads: string[] };
    const sent = Buffer.from(await (await fetch(`${emu.url}/_emulator/uploads/${uploads.uploads.at(-1)}`)).arrayBuffer());
    const names = await tarNames(sent);
    expect(names).toContain('Dockerfile');
    expect(names).toContain('.dockerignore');
    expect(names.filter((n) => /(^|\/)(\.env|\.env\.local|\.venv|node_modules)(\/|$)/.test(n))).toEqual([]);
    expect(names).toContain('bot.py');
    const packed = await packContext(server);
    expect(packed.tarball.equals(sent)).toBe(true); // two runs, same bytes
    expect((await packContext(server)).tarball.equals(sent)).toBe(true);

    const s = await cli(['cloud', 'agent', 'status', NAME, '--json']);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ ok: true, state: 'ready', agent: { name: NAME, ready: true } });
  });

  test('an unchanged context reuses the build; a changed bot.py builds again', async () => {
    await clearRecordedRequests(emu.url);
    const again = await cli(['cloud', 'deploy', '--yes', '--json']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    const doc = JSON.parse(again.stdout);
    expect(doc).toMatchObject({ ok: true, agent: NAME, build: { cached: true }, ready: true });
    expect(await deployWrites()).toEqual([`PUT /v1/organizations/${emu.org}/services`]); // nothing uploaded or built

    await appendFile(join(server, 'bot.py'), '\n# changed\n');
    const changed = await cli(['cloud', 'deploy', '--yes', '--json']);
    expect(changed.code).toBe(0);
    const doc2 = JSON.parse(changed.stdout);
    expect(doc2).toMatchObject({ action: 'updated', build: { cached: false }, ready: true });
    expect(doc2.build.id).not.toBe(doc.build.id);
  });

  test('agent logs and agent delete', async () => {
    const logs = await cli(['cloud', 'agent', 'logs', NAME]);
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(/deployment [0-9a-f-]+ ready/);
    const noTty = await cli(['cloud', 'agent', 'delete', NAME]);
    expect(noTty.code).toBe(2); // a confirmation without a terminal
    expect(await agents()).toEqual([NAME]);
    const del = await cli(['cloud', 'agent', 'delete', NAME, '--force']);
    expect(del.code).toBe(0);
    expect(await agents()).toEqual([]);
    const status = await cli(['cloud', 'agent', 'status', NAME]);
    expect(status.stderr).toContain(`agent ${NAME} not found`);
    expect(status.code).toBe(1);
  });
});

describe('failures say what happened', () => {
  test('a build without its Dockerfile fails with the build error and log tail (exit 1), nothing deployed', async () => {
    await rename(join(server, 'Dockerfile'), join(server, 'Dockerfile.off'));
    try {
      const r = await cli(['cloud', 'deploy', '--yes', '--no-preflight']);
      expect(r.stderr).toMatch(
        /build [0-9a-f-]+ failed: Docker build failed: Dockerfile 'Dockerfile' not found in the build context; nothing was deployed/,
      );
      expect(r.stderr).toContain('last lines of the build log:');
      expect(r.stderr).toContain('ERROR: failed to solve');
      expect(r.code).toBe(1);
      expect(await agents()).toEqual([]);
      // With the preflight, the same deploy stops before any upload.
      await clearRecordedRequests(emu.url);
      const p = await cli(['cloud', 'deploy', '--yes']);
      expect(p.stderr).toContain('no Dockerfile at');
      expect(p.code).toBe(2);
      expect(await deployWrites()).toEqual([]);
    } finally {
      await rename(join(server, 'Dockerfile.off'), join(server, 'Dockerfile'));
    }
  });

  test('5xx, 429 (on reads and on the create) and a dropped answer to the create: the deploy completes', async () => {
    const services = `/v1/organizations/${emu.org}/services`;
    await injectFaults(emu.url, [
      { kind: 'error', status: 503, method: 'GET', path: `${services}/${NAME}`, count: 2 },
      { kind: 'rate-limit', retryAfter: 0, method: 'GET', path: `/v1/organizations/${emu.org}/builds`, count: 1 },
      { kind: 'rate-limit', retryAfter: 0, method: 'POST', path: services },
      { kind: 'reset', method: 'POST', path: services, apply: true },
    ]);
    const r = await cli(['cloud', 'deploy', '--yes']);
    await clearFaults(emu.url);
    expect(r.stderr).toContain('the answer to the create was lost, but the agent shows it landed');
    expect(r.stderr).toContain(`agent ${NAME}: ready`);
    expect(r.code).toBe(0);
    expect(await agents()).toEqual([NAME]);
  });

  test('a dropped create that did not land: exit 1, saying the agent was not created', async () => {
    expect((await cli(['cloud', 'agent', 'delete', NAME, '-f'])).code).toBe(0);
    await injectFaults(emu.url, { kind: 'reset', method: 'POST', path: `/v1/organizations/${emu.org}/services` });
    const r = await cli(['cloud', 'deploy', '--yes']);
    await clearFaults(emu.url);
    expect(r.stderr).toContain(`creating agent ${NAME} failed`);
    expect(r.stderr).toContain(`agent ${NAME} was not created`);
    expect(r.code).toBe(1);
    expect(await agents()).toEqual([]);
  });

  test('Ctrl-C while waiting: the deployment goes on, and the message says how to watch it', async () => {
    const slow = await spawnEmulator(['--quiet', '--build-ms', '0', '--deploy-ms', '60000'], cleanEnv(home));
    try {
      const e = { ...env, PIPECAT_API_HOST: slow.url, PIPECAT_TOKEN: slow.token, PIPECAT_ORG: slow.org };
      expect((await runInDir(server, ['cloud', 'secrets', 'set', SET, '--file', '.env', '--skip'], e, 30_000)).code).toBe(0);
      const child = spawn(process.execPath, [BIN, 'cloud', 'deploy', '--yes'], { cwd: server, env: e, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      let sent = false;
      child.stderr.on('data', (d) => {
        stderr += d;
        if (!sent && /agent voice-bot: (pending|progressing)/.test(stderr)) sent = child.kill('SIGINT');
      });
      const code = await new Promise<number | null>((r) => child.on('close', r));
      expect(stderr).toContain(`stopped waiting: the deployment of agent ${NAME} goes on on Pipecat Cloud`);
      expect(stderr).toContain(`watch it with: pipecat cloud agent status ${NAME}`);
      expect(code).toBe(130);
      expect(await agents(slow)).toEqual([NAME]);
    } finally {
      await slow.stop();
    }
  });
});

describe('usage', () => {
  test('flags beat pcc-deploy.toml; a bad file is exit 2 naming the key', async () => {
    const alt = join(server, 'alt.toml');
    await writeFile(alt, 'agent_name = "from-file"\nsecret_set = 7\n');
    const r = await cli(['cloud', 'deploy', '--config-file', alt, '--yes']);
    expect(r.stderr).toContain(`${alt}: secret_set: must be a string`);
    expect(r.code).toBe(2);
    await writeFile(alt, 'agent_name = "from-file"\nsecret_set = "no-such"\n');
    const f = await cli(['cloud', 'deploy', 'from-flag', '--config-file', alt, '-s', SET, '--region', 'ap-south', '--yes', '--json']);
    expect(JSON.parse(f.stdout).error.problems).toEqual([
      `secret set "${SET}" is in region us-west, not in the deploy region ap-south (an agent reads only sets of its region)`,
    ]);
    expect(f.code).toBe(2);
  });

  test('an existing agent cannot move region: a preflight problem', async () => {
    expect((await cli(['cloud', 'deploy', '--yes'])).code).toBe(0); // in us-west, the default
    const r = await cli(['cloud', 'deploy', '--region', 'eu-central', '--yes']);
    expect(r.stderr).toContain(`agent "${NAME}" exists in region us-west and cannot move to eu-central`);
    expect(r.code).toBe(2);
  });

  test('without --yes and without a terminal: exit 2 before anything is created', async () => {
    const r = await cli(['cloud', 'deploy', 'other-agent', '--no-preflight']);
    expect(r.stderr).toContain('pass --yes (-y)');
    expect(r.code).toBe(2);
    expect(await agents()).not.toContain('other-agent');
  });
});

describe('on a terminal', () => {
  /** Secrets set in a slow emulator (deployments take 2.5 s), then `deploy` started in tmux. */
  async function startDeploy(slow: EmulatorProcess, tty: TmuxSession, deployArgs: string, extra: Record<string, string | undefined>) {
    const e = { HOME: home, PIPECAT_API_HOST: slow.url, PIPECAT_TOKEN: slow.token, PIPECAT_ORG: slow.org, PIPECAT_POLL_MS: '100' };
    const all = join(home, 'all.env'); // every key the server code requires, whatever the tests before did
    await writeFile(all, 'DAILY_API_KEY=d1\nDEEPGRAM_API_KEY=d2\nOPENAI_API_KEY=o3\nCARTESIA_API_KEY=c4\n');
    expect((await runInDir(server, ['cloud', 'secrets', 'set', SET, '--file', all, '--skip'], { ...env, ...e }, 30_000)).code).toBe(0);
    const exitFile = join(home, `tty-exit-${Date.now()}`);
    tty.run(`node ${JSON.stringify(BIN)} cloud deploy${deployArgs}`, { cwd: server, env: terminalEnv({ ...e, ...extra }), exitFile });
    return exitFile;
  }

  (HAVE_TMUX ? test : test.skip)('asks before creating, shows a spinner instead of one line per state, ends ready', async () => {
    const slow = await spawnEmulator(['--quiet', '--build-ms', '0', '--deploy-ms', '2500'], cleanEnv(home));
    const tty = new TmuxSession(home);
    try {
      const exitFile = await startDeploy(slow, tty, '', { CI: undefined });
      await tty.waitFor(`Create agent ${NAME} in ${slow.org} (us-west)?`);
      tty.keys('Enter');
      await tty.waitFor(new RegExp(`Agent ${NAME}: (pending|progressing)`));
      expect(await tty.waitForFile(exitFile, 30_000)).toBe('0\n');
      const screen = tty.screen();
      expect(screen).toContain(`agent ${NAME} is ready`);
      expect(screen).not.toContain(`agent ${NAME}: progressing`); // the per-state lines are for logs
      // The first deploy uploads: its spinner is erased before the line that follows it is written.
      expect(screen).toMatch(/^uploaded the build context$/m);
      expect(screen).not.toContain('Uploading the build context');
    } finally {
      tty.kill();
      await slow.stop();
    }
  });

  // CI runners often give a terminal but ora (is-interactive) does not animate when CI is set: the
  // states must then come as lines, not vanish into a spinner that never redraws.
  (HAVE_TMUX ? test : test.skip)('a terminal in a CI run (CI set): one line per state, no spinner frames', async () => {
    const slow = await spawnEmulator(['--quiet', '--build-ms', '0', '--deploy-ms', '2500'], cleanEnv(home));
    const tty = new TmuxSession(home);
    try {
      const exitFile = await startDeploy(slow, tty, ' --yes', { CI: 'true' });
      expect(await tty.waitForFile(exitFile, 30_000)).toBe('0\n');
      const screen = tty.screen();
      expect(screen).toMatch(new RegExp(`^agent ${NAME}: (pending|progressing)`, 'm'));
      expect(screen).toMatch(new RegExp(`^agent ${NAME}: ready$`, 'm'));
      expect(screen).not.toMatch(/^. (Waiting for agent|Preflight: checking|Uploading the build context)/m); // no spinner text
    } finally {
      tty.kill();
      await slow.stop();
    }
  });
});
