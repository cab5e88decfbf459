/**
 * The smoke session (`pipecat cloud deploy --smoke`, `pipecat cloud agent smoke`) end to end,
 * through the binary, from generated projects' `server/` folders, against the emulator binary and
 * its session faults:
 * - a healthy Daily bot: deploy --smoke starts a session, sees the bot run, stops it (exit 0);
 * - a bot that crashes: exit 1 with the traceback's last line and the command that deploys the
 *   previous build again;
 * - a bot that never starts: `agent smoke` fails within its short --smoke-timeout, and stops it;
 * - a bot without a Daily transport: --smoke refuses before deploying (exit 2, nothing created).
 * Polls (sessions, logs), so it is in the e2e tier.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { injectSessionFaults } from '../../cli/emulator/sessions.js';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type CliResult, type EmulatorProcess } from '../cloud/helpers.js';

const SERVICES = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts'];
let home: string;
let out: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;
let firstBuild = '';

/** Runs the binary in `cwd`. */
const run = (cwd: string, args: string[], e: NodeJS.ProcessEnv = env, timeoutMs = 60_000): Promise<CliResult> =>
  runCli(args, { env: e, cwd, timeoutMs });
const server = (name: string) => join(out, name, 'server');

/** The agents the emulator holds. */
async function agents(): Promise<string[]> {
  const r = await fetch(`${emu.url}/v1/organizations/${emu.org}/services`, { headers: { Authorization: `Bearer ${emu.token}` } });
  return ((await r.json()) as { services: { name: string }[] }).services.map((s) => s.name);
}

beforeAll(async () => {
  home = await tempDir('pipecat-smoke-home-');
  out = await tempDir('pipecat-smoke-out-');
  const base = cleanEnv(home);
  const [daily, webrtc] = await Promise.all([
    run(out, ['init', '-n', 'daily-bot', '-b', 'web', '--transport', 'daily', ...SERVICES, '-o', '.'], base),
    run(out, ['init', '-n', 'webrtc-bot', '-b', 'web', '--transport', 'smallwebrtc', ...SERVICES, '-o', '.'], base),
  ]);
  expect([daily.code, webrtc.code]).toEqual([0, 0]);
  emu = await spawnEmulator(['--quiet', '--build-ms', '300', '--deploy-ms', '200'], base);
  env = {
    ...base,
    PIPECAT_API_HOST: emu.url,
    PIPECAT_TOKEN: emu.token,
    PIPECAT_ORG: emu.org,
    PIPECAT_POLL_MS: '100',
    PIPECAT_SMOKE_RUN_MS: '1500',
  };
  await writeFile(join(server('daily-bot'), '.env'), 'DAILY_API_KEY=a\nDEEPGRAM_API_KEY=b\nOPENAI_API_KEY=c\nCARTESIA_API_KEY=d\n');
  expect((await run(server('daily-bot'), ['cloud', 'secrets', 'set', 'daily-bot-secrets', '--file', '.env', '--skip'])).code).toBe(0);
  expect((await run(server('daily-bot'), ['cloud', 'organizations', 'keys', 'create', 'smoke-key', '--default'])).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await emu?.stop();
  await cleanup(home, out);
});

describe('smoke session', () => {
  test('a healthy bot: deploy --smoke passes and stops its session', async () => {
    const r = await run(server('daily-bot'), ['cloud', 'deploy', '--yes', '--smoke', '--output', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { build: { id: string }; smoke: { passed: boolean; sessionId: string; botStartSeconds: number } };
    expect(doc.smoke).toMatchObject({ passed: true, botStartSeconds: 1 });
    firstBuild = doc.build.id;
    const s = await run(server('daily-bot'), ['cloud', 'agent', 'sessions', '--id', doc.smoke.sessionId, '--output', 'json']);
    expect(JSON.parse(s.stdout).session).toMatchObject({ completionStatus: 'HTTP_COMPLETED', endedAt: expect.any(String) });
  }, 60_000);

  test('a bot that crashes: exit 1 with the traceback and the command that restores the previous build', async () => {
    await appendFile(join(server('daily-bot'), 'bot.py'), '\n# a change, so a new build\n');
    await injectSessionFaults(emu.url, { kind: 'crash', agent: 'daily-bot', module: 'pipecat.services.foo' });
    const r = await run(server('daily-bot'), ['cloud', 'deploy', '--yes', '--smoke']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/smoke session [0-9a-f-]+ of agent daily-bot failed: an error appeared in the bot log/);
    expect(r.stderr).toContain("    ModuleNotFoundError: No module named 'pipecat.services.foo'\n");
    expect(r.stderr).toContain(`put it back: pipecat cloud deploy daily-bot --build-id ${firstBuild}\n`);
  }, 60_000);

  test('a bot that never starts: agent smoke fails within a short --smoke-timeout and stops the session', async () => {
    await injectSessionFaults(emu.url, { kind: 'never-starts', agent: 'daily-bot' });
    const started = Date.now();
    const r = await run(server('daily-bot'), ['cloud', 'agent', 'smoke', '--smoke-timeout', '2', '--output', 'json']);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { ok: boolean; smoke: { sessionId: string; reason: string }; previousBuildId: string };
    expect(doc).toMatchObject({ ok: false, smoke: { reason: 'no bot started within 2 s' }, previousBuildId: firstBuild });
    const s = await run(server('daily-bot'), ['cloud', 'agent', 'sessions', '--id', doc.smoke.sessionId, '--output', 'json']);
    expect(JSON.parse(s.stdout).session).toMatchObject({ botStartSeconds: null, endedAt: expect.any(String) });
  }, 60_000);

  test('a bot without a Daily transport: --smoke says so before deploying (exit 2)', async () => {
    const r = await run(server('webrtc-bot'), ['cloud', 'deploy', '--yes', '--smoke']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--smoke cannot start a session of this bot: a smoke session joins a Daily room');
    expect(r.stderr).toContain('(smallwebrtc, in ');
    expect(await agents()).toEqual(['daily-bot']);
  }, 60_000);
});
