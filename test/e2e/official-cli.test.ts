/**
 * The official pipecatcloud CLI, run from its source, against our emulator (issue 24): from a
 * generated project's `server/` folder, its `secrets set --file .env` and `deploy --yes` (Cloud
 * Build) reach a ready agent that our `agent status` reads; its second deploy of the same context
 * finds the cached build; and our own deploy afterwards works on the agent it created. Then sessions,
 * public keys and agents: keys either CLI creates are listed by the other, the default ours sets with
 * `keys use` starts the official `agent start`, sessions either starts are listed (and stopped) by the
 * other, and both read the same agents and deployments.
 *
 * How it runs: test/e2e/fixtures/run-pipecatcloud.py calls the official command functions with
 * /usr/bin/python3 (Debian's typer 0.7 cannot load the official entry point; `synchronicity` and
 * `questionary` get stand-ins that never touch the network). The source is
 * `PIPECAT_OFFICIAL_CLI_SRC` (a folder holding the `pipecatcloud` package) or, by default, the
 * daily-co/pipecat-cloud mirror `PIPECAT_OFFICIAL_CLI_GIT` (default
 * /work/.mirror/daily-co+pipecat-cloud/repo), whose HEAD `src/` is exported to a temp folder.
 * Skipped with one SKIPPED line naming what is missing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordedRequests, clearRecordedRequests } from '../../cli/emulator/faults.js';
import { BIN, cleanEnv, cleanup, spawnEmulator, tempDir, type EmulatorProcess } from '../cloud/helpers.js';
import { ROOT } from '../helpers/cli.js';
import { skipLine } from '../helpers/shared.js';

const PYTHON = '/usr/bin/python3';
const DRIVER = join(ROOT, 'test', 'e2e', 'fixtures', 'run-pipecatcloud.py');
const GIT = process.env.PIPECAT_OFFICIAL_CLI_GIT ?? '/work/.mirror/daily-co+pipecat-cloud/repo';
/** Modules the official deploy and secrets commands import (besides the two stand-ins). */
const MODULES = ['typer', 'rich', 'aiohttp', 'loguru', 'toml', 'fastapi', 'attr'];

/** What is missing to run the official CLI, or undefined when nothing is. */
function missing(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  const absent = MODULES.filter((m) => {
    try {
      execFileSync(PYTHON, ['-c', `import ${m}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (absent.length)
    return `${PYTHON} cannot import ${absent.join(', ')} (apt-get install ${absent.map((m) => `python3-${m === 'attr' ? 'attr' : m}`).join(' ')})`;
  const src = process.env.PIPECAT_OFFICIAL_CLI_SRC;
  if (src) return existsSync(join(src, 'pipecatcloud')) ? undefined : `PIPECAT_OFFICIAL_CLI_SRC=${src} holds no pipecatcloud package`;
  if (!existsSync(GIT))
    return `no official CLI source: set PIPECAT_OFFICIAL_CLI_SRC, or PIPECAT_OFFICIAL_CLI_GIT to a daily-co/pipecat-cloud git dir (${GIT} is missing)`;
  return undefined;
}

const why = missing();
if (why) skipLine('the official pipecatcloud CLI against the emulator', why);
const maybe = why ? describe.skip : describe;

const NAME = 'voice-bot';
const SET = 'voice-bot-secrets';
let home: string;
let out: string;
let src: string;
let server: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;

type Run = { code: number | null; stdout: string; stderr: string };

function run(cmd: string, args: string[], timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: server, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** The official CLI: `official('deploy', 'yes=true')`. */
const official = (command: string, ...params: string[]) => run(PYTHON, [DRIVER, src, command, ...params]);
/** This tool's binary. */
const ours = (...args: string[]) => run(process.execPath, [BIN, ...args]);

/** The writes the emulator received (method and path), in order. */
async function writes(): Promise<string[]> {
  return (await recordedRequests(emu.url))
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path.replace(/^\/v1\/organizations\/[^/]+/, '')}`);
}

maybe('the official pipecatcloud CLI against the emulator', () => {
  beforeAll(async () => {
    home = await tempDir('pipecat-official-home-');
    out = await tempDir('pipecat-official-out-');
    const base = cleanEnv(home);
    if (process.env.PIPECAT_OFFICIAL_CLI_SRC) src = process.env.PIPECAT_OFFICIAL_CLI_SRC;
    else {
      execFileSync('sh', ['-c', `git -C "$1" archive HEAD src | tar -x -C "$2"`, 'sh', GIT, out]);
      src = join(out, 'src');
    }
    env = base;
    server = out;
    const init = await ours(
      'init',
      '-n',
      NAME,
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
      '-o',
      '.',
    );
    expect(init.code).toBe(0);
    server = join(out, NAME, 'server');
    emu = await spawnEmulator(['--quiet', '--build-ms', '300', '--deploy-ms', '300'], base);
    env = {
      ...base,
      PIPECAT_API_HOST: emu.url,
      PIPECAT_TOKEN: emu.token,
      PIPECAT_ORG: emu.org,
      PIPECAT_CONFIG_PATH: join(home, 'pipecatcloud.toml'),
      PIPECAT_POLL_MS: '100',
      COLUMNS: '200',
    };
    await writeFile(join(server, '.env'), 'DAILY_API_KEY=d1\nDEEPGRAM_API_KEY=d2\nOPENAI_API_KEY=o3\nCARTESIA_API_KEY=c4\n');
  }, 180_000);

  afterAll(async () => {
    await emu?.stop();
    await cleanup(home, out);
  });

  test('secrets set --file .env, then deploy --yes (Cloud Build) to a ready agent our agent status reads', async () => {
    const s = await official('secrets-set', `name=${SET}`, 'from_file=.env', 'skip_confirm=true');
    expect(s.stderr + s.stdout).toContain(`Secret set '${SET}' created successfully`);
    expect(s.code).toBe(0);
    await clearRecordedRequests(emu.url);
    const d = await official('deploy', 'yes=true');
    expect(d.stdout).toContain(`Agent deployment '${NAME}' is ready`);
    expect(d.code).toBe(0);
    expect(await writes()).toEqual(['POST /builds/upload-url', 'POST /_uploads', 'POST /builds', 'POST /services']);
    const st = await ours('cloud', 'agent', 'status', NAME, '--json');
    expect(st.code).toBe(0);
    expect(JSON.parse(st.stdout)).toMatchObject({ ok: true, state: 'ready', agent: { name: NAME } });
  }, 180_000);

  test('a second official deploy of the same context uses the cached build; ours then updates the agent', async () => {
    await clearRecordedRequests(emu.url);
    const d = await official('deploy', 'yes=true');
    expect(d.stdout).toContain('Cached Build Found');
    expect(d.code).toBe(0);
    expect(await writes()).toEqual(['PUT /services']);
    const o = await ours('cloud', 'deploy', '--yes', '--force');
    expect(o.stderr).toMatch(new RegExp(`agent ${NAME}: ready`));
    expect(o.code).toBe(0);
  }, 180_000);

  describe('sessions, public keys and agents: the same emulator read by both CLIs', () => {
    /** Ours with `--json`: the parsed document (exit 0 expected). */
    const oursJson = async (...args: string[]) => {
      const r = await ours('cloud', ...args, '--json');
      expect({ args, code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
      return JSON.parse(r.stdout) as Record<string, unknown>;
    };
    const sessionIds = async () =>
      ((await oursJson('agent', 'sessions', NAME)).sessions as { sessionId: string }[]).map((x) => x.sessionId);

    test('a key ours creates is listed by the official CLI; one it creates, by ours', async () => {
      const created = (await oursJson('organizations', 'keys', 'create', 'ci-key')).key as { id: string; name: string };
      const listed = await official('organizations.keys.list');
      expect(listed.stdout).toContain('ci-key');
      expect(listed.code).toBe(0);
      // The official `keys create` asks whether to make the new key the default after creating it; the
      // driver stops at that question (it never answers one), so only its effect is compared.
      await official('organizations.keys.create', 'api_key_name=official-key');
      const ourList = (await oursJson('organizations', 'keys', 'list')).keys as { name: string; id: string }[];
      expect(ourList.map((k) => k.name).sort()).toEqual(['ci-key', 'official-key']);
      expect(ourList.find((k) => k.name === 'ci-key')?.id).toBe(created.id);
    }, 120_000);

    test('ours `keys use` sets the default the official `agent start` starts with; ours lists the session', async () => {
      await oursJson('organizations', 'keys', 'use', 'ci-key');
      const started = await official('agent.start', `agent_name=${NAME}`, 'force=true', 'use_daily=true');
      expect(started.stdout).toContain(`Agent '${NAME}' started successfully`);
      expect(started.code).toBe(0);
      const id = /Session ID: (\S+)/.exec(started.stdout)?.[1];
      expect(id).toBeDefined();
      expect(await sessionIds()).toContain(id);
    }, 120_000);

    test('a session ours starts is listed by the official `agent sessions`, and stopped by its `agent stop`', async () => {
      const started = await oursJson('agent', 'start', NAME);
      const id = started.sessionId as string;
      const listed = await official('agent.sessions', `agent_name=${NAME}`);
      expect(listed.stdout).toContain(id);
      const stopped = await official('agent.stop', `agent_name=${NAME}`, `session_id=${id}`, 'force=true');
      expect(stopped.code).toBe(0);
      const after = (await oursJson('agent', 'sessions', NAME, '--id', id)).session as { endedAt?: unknown };
      expect(after.endedAt).toBeTruthy();
    }, 120_000);

    test('agents and deployments read alike', async () => {
      const list = await official('agent.list');
      expect(list.stdout).toContain(NAME);
      const ourAgents = ((await oursJson('agent', 'list')).agents as { name: string }[]).map((a) => a.name);
      expect(ourAgents).toContain(NAME);
      const deployments = await official('agent.deployments', `agent_name=${NAME}`);
      expect(deployments.code).toBe(0);
      const ourDeployments = (await oursJson('agent', 'deployments', NAME)).deployments as { id: string }[];
      expect(ourDeployments.length).toBeGreaterThan(0);
      for (const d of ourDeployments) expect(deployments.stdout).toContain(d.id.slice(0, 8));
    }, 120_000);
  });
});
