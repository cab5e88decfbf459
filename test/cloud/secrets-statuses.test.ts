/**
 * Every readiness status the platform reports, through the real binary against the real emulator:
 * `ready`, `pending`, `failed`, `unknown` (a set that references a Secret in a self-hosted region
 * the platform could not reach, docs.pipecat.ai pipecat-cloud/enterprise/secrets) and a word this
 * tool does not know. `secrets list` shows each without failing and colours only `ready` green;
 * the deploy preflight refuses a set that is not `ready`, saying what the status means.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { referenceSet, setSetStatus } from '../../cli/emulator/faults.js';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { BIN, SecretsHarness, expectExit, parseJsonOutput, startEmulatorProcess, type JsonSetSummary } from './secrets-harness.js';

const SELF_HOSTED = 'pce-acme-us-east';
const h = new SecretsHarness();
const GREEN = '\x1b[32m';
const YELLOW = '\x1b[33m';
/** Colours on: the harness turns them off by default. */
const COLOUR = { NO_COLOR: undefined, FORCE_COLOR: '1' };

beforeAll(async () => {
  await h.setUp(() => startEmulatorProcess(h.dir, ['--regions', `us-west,eu-central,${SELF_HOSTED}`]));
  const client = new CloudClient({ token: h.emulator.token, baseUrl: h.emulator.url });
  const org = h.emulator.org;
  await client.upsertSecret(org, 'managed-set', { key: 'OPENAI_API_KEY', value: h.secret('managed') });
  await setSetStatus(h.emulator.url, 'managed-set', 'ready');
  await client.upsertSecret(org, 'pending-set', { key: 'A', value: h.secret('pending') });
  await setSetStatus(h.emulator.url, 'pending-set', 'pending');
  await referenceSet(h.emulator.url, 'ref-ready', SELF_HOSTED);
  await referenceSet(h.emulator.url, 'ref-unreachable', SELF_HOSTED);
  await setSetStatus(h.emulator.url, 'ref-unreachable', 'unknown');
  await referenceSet(h.emulator.url, 'ref-odd', SELF_HOSTED);
  await setSetStatus(h.emulator.url, 'ref-odd', 'reconciling');
});
afterAll(() => h.tearDown());

/** The table line of one set. */
const row = (stdout: string, name: string) => stdout.split('\n').find((l) => l.includes(name)) ?? '';

describe('secrets list shows every status', () => {
  test('each status as sent; only ready in green; pending as being provisioned; the blocking ones explained on stderr', async () => {
    const r = await h.run(['list'], { env: COLOUR });
    expectExit(r, 0);
    expect(row(r.stdout, 'managed-set')).toContain(`${GREEN}ready`);
    expect(row(r.stdout, 'ref-ready')).toMatch(new RegExp(`${SELF_HOSTED}\\s+\\S*ready`));
    expect(row(r.stdout, 'ref-unreachable')).toContain(`${YELLOW}unknown`);
    // Every write leaves a set pending for a few seconds: said plainly, not in a warning's colour.
    expect(row(r.stdout, 'pending-set')).toMatch(/\bpending \(being provisioned\)/);
    expect(row(r.stdout, 'pending-set')).not.toContain(YELLOW);
    const odd = row(r.stdout, 'ref-odd');
    expect(odd).toMatch(/reconciling\s*$/);
    for (const name of ['ref-unreachable', 'ref-odd', 'pending-set']) expect(row(r.stdout, name)).not.toContain(GREEN);
    expect(r.stderr).toContain('unknown: its self-hosted region could not be reached');
    expect(r.stderr).toContain('pending: being provisioned: after a write this takes a few seconds');
  });

  test('-s (the official short form of --sets) lists the sets as without it', async () => {
    const r = await h.run(['list', '-s', '--json']);
    expectExit(r, 0);
    expect(parseJsonOutput(r)).toEqual(parseJsonOutput(await h.run(['list', '--json'])));
  });

  test('--json and --region carry the statuses as sent', async () => {
    const r = await h.run(['list', '--region', SELF_HOSTED, '--json']);
    expectExit(r, 0);
    const doc = parseJsonOutput(r);
    expect(doc.sets.map((s: JsonSetSummary) => [s.name, s.region, s.status])).toEqual([
      ['ref-odd', SELF_HOSTED, 'reconciling'],
      ['ref-ready', SELF_HOSTED, 'ready'],
      ['ref-unreachable', SELF_HOSTED, 'unknown'],
    ]);
  });

  test('one referenced set: no keys known, its status; writes to it are refused', async () => {
    const r = await h.run(['list', 'ref-unreachable'], { env: COLOUR });
    expectExit(r, 0);
    expect(r.stdout).toContain(`region ${SELF_HOSTED}, status ${YELLOW}unknown`);
    expect(r.stdout).toContain('0 keys');
    expect(r.stderr).toContain('unknown: its self-hosted region could not be reached');
    const w = await h.run(['set', 'ref-ready', `A=${h.secret('refused write')}`, '--skip']);
    expect(w.code).toBe(1);
    expect(w.stdout + w.stderr).toContain('references a Secret in a self-hosted region');
  });
});

describe('the deploy preflight refuses a set that is not ready', () => {
  test('unknown: exit 2, the meaning named, no agent created', async () => {
    const project = join(h.dir, 'project');
    await mkdir(project, { recursive: true });
    await writeFile(
      join(project, 'pcc-deploy.toml'),
      `agent_name = "ref-bot"\nsecret_set = "ref-unreachable"\nregion = "${SELF_HOSTED}"\n`,
    );
    await writeFile(join(project, 'Dockerfile'), 'FROM dailyco/pipecat-base:latest\nCOPY bot.py bot.py\n');
    await writeFile(join(project, 'bot.py'), 'print("bot")\n');
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'cloud', 'deploy', '--yes'], {
        cwd: project,
        env: h.baseEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('secret set "ref-unreachable" is unknown, not ready: its self-hosted region could not be reached');
    const client = new CloudClient({ token: h.emulator.token, baseUrl: h.emulator.url });
    expect(await client.listAgents(h.emulator.org)).toEqual([]);
  });
});
