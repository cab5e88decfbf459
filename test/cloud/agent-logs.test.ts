/**
 * `pipecat cloud agent logs` takes the official CLI's flags (pipecatcloud `cli/commands/agent.py`):
 * `--level/-l` keeps the lines of one severity (judged by the level word a line contains, else
 * INFO), `--format/-f JSON` prints one `{"timestamp","log"}` object per line, `--session-id/-s`
 * and `--deployment/-d` are sent as `sessionId` and `deploymentId`. Through the binary against the
 * emulator.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { logSeverity } from '../../cli/commands/cloud/agent.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

const ORG = 'acme';
let home: string;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;
const deployments: string[] = [];

beforeAll(async () => {
  home = await tempDir('pipecat-agent-logs-');
  emu = await startEmulator({ org: ORG, deployMs: 0 });
  const c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
  deployments.push((await c.createAgent(ORG, { serviceName: 'log-bot', image: 'img:1' })).desiredDeploymentId ?? '');
  deployments.push((await c.updateAgent(ORG, { serviceName: 'log-bot', image: 'img:2' })).desiredDeploymentId ?? '');
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: ORG });
});
afterAll(async () => {
  await emu.close();
  await cleanup(home);
});

const logs = (...args: string[]) => runCli(['cloud', 'agent', 'logs', 'log-bot', ...args], { env });

describe('agent logs flags', () => {
  test('a line is as severe as the first level word it contains, else INFO', () => {
    expect(logSeverity('WARNING: slow start')).toBe('WARNING');
    expect(logSeverity('Traceback ... ValueError: error in bot.py')).toBe('ERROR');
    expect(logSeverity('debug: an error was retried')).toBe('DEBUG');
    expect(logSeverity('session started')).toBe('INFO');
  });

  test('--level keeps one severity (any case); none left says so', async () => {
    const info = await logs('-l', 'info');
    expect(info.code).toBe(0);
    expect(info.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(4);
    const error = await logs('--level', 'ERROR');
    expect(error.code).toBe(0);
    expect(error.stdout).toBe('');
    expect(error.stderr).toContain('no logs for agent log-bot at level ERROR');
    const bad = await logs('-l', 'loud');
    expect(bad.code).toBe(2);
  });

  test('--format JSON: one {"timestamp","log"} object per line', async () => {
    const r = await logs('-f', 'json', '-n', '2');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(Object.keys(JSON.parse(l))).toEqual(['timestamp', 'log']);
  });

  test('--deployment and --session-id are sent as deploymentId and sessionId', async () => {
    const d = await logs('-d', deployments[0]);
    expect(d.code).toBe(0);
    expect(d.stdout).toContain(deployments[0]);
    expect(d.stdout).not.toContain(deployments[1]);
    // No session has this id: its lines are none (without the filter, all lines).
    const s = await logs('-s', 'sess-123');
    expect(s.code).toBe(0);
    expect(s.stdout).toBe('');
    expect((await logs()).stdout).not.toBe('');
  });
});
