/**
 * End-to-end: `pipecat cloud secrets set` under injected faults and slow provisioning.
 * - 200 keys while faults hit some requests: the final state in the emulator matches what the
 *   output reported, key by key (with the client's retries, and without retries so failures are
 *   certain, including writes that landed although their answer was lost).
 * - `--wait` to `failed` (exit 1 with the set's error message) and to the timeout.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { injectFaults, clearFaults, setSetStatus, recordedRequests, type RecordedRequest } from '../../cli/emulator/faults.js';
import {
  SecretsHarness,
  expectExit,
  parseJsonOutput,
  type JsonKeyReport,
  pollUntil,
  startEmulatorProcess,
  startRun,
  type RunResult,
} from './secrets-harness.js';
import { storedSets } from './secrets-store.js';

const h = new SecretsHarness();
let dataFile = '';

beforeAll(async () => {
  await h.setUp(async () => {
    dataFile = join(h.dir, 'emulator.json');
    // A written set stays pending for 10 minutes: in practice until a test changes its status, so
    // the --wait tests do not depend on how fast the machine is.
    return startEmulatorProcess(h.dir, [
      '--data',
      dataFile,
      '--provision-ms',
      '600000',
      '--token',
      'pcc_pat_' + h.secret('token core', 16),
    ]);
  });
});
afterAll(() => h.tearDown());

/** 200 keys with distinct random values in a dotenv file; returns the expected values. */
async function twoHundredKeys(file: string): Promise<Record<string, string>> {
  const { writeFile } = await import('node:fs/promises');
  const values: Record<string, string> = {};
  for (let i = 0; i < 200; i++) values[`KEY_${String(i).padStart(3, '0')}`] = h.secret(`bulk ${i}`, 16);
  await writeFile(
    join(h.dir, file),
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
  );
  return values;
}

/** Checks that what the run reported, key by key, is what the emulator holds. */
async function expectReportMatchesState(r: RunResult, set: string, values: Record<string, string>) {
  const doc = parseJsonOutput(r);
  const stored = (await storedSets(dataFile, h.emulator.org))[set]?.secrets ?? {};
  const statuses = new Map<string, string>(doc.keys.map((k: JsonKeyReport) => [k.key, k.status]));
  expect(statuses.size).toBe(200);
  for (const [key, value] of Object.entries(values)) {
    if (statuses.get(key) === 'written') expect({ key, stored: stored[key] === value }).toEqual({ key, stored: true });
    else expect({ key, present: key in stored }).toEqual({ key, present: false });
  }
  const written = [...statuses.values()].filter((s) => s === 'written').length;
  expect(doc.written).toBe(written);
  expect(Object.keys(stored)).toHaveLength(written);
  expectExit(r, written === 200 ? 0 : 1);
  if (written < 200) {
    expect(r.stderr).toContain(`${200 - written} of 200 keys were not written to ${set}; ${written} were`);
    const failedKeys = [...statuses].filter(([, s]) => s !== 'written').map(([k]) => k);
    for (const k of failedKeys) expect(r.stderr).toContain(k);
  }
  return doc;
}

describe('200 keys under injected faults', () => {
  test('with retries: faults are absorbed and every key the output reports written is stored', async () => {
    const values = await twoHundredKeys('bulk-retry.env');
    await injectFaults(h.emulator.url, [
      { kind: 'error', count: 12, method: 'PUT' },
      { kind: 'rate-limit', count: 6, method: 'PUT', retryAfter: 0 },
      { kind: 'conflict', count: 6, method: 'PUT' },
      { kind: 'reset', count: 4, method: 'PUT', apply: true },
      { kind: 'reset', count: 4, method: 'PUT' },
    ]);
    const r = await h.run(['set', 'bulk-retry', '--file', 'bulk-retry.env', '--skip', '--json']);
    await clearFaults(h.emulator.url);
    const doc = await expectReportMatchesState(r, 'bulk-retry', values);
    expect(doc.written).toBeGreaterThanOrEqual(190);
    const puts = (await recordedRequests(h.emulator.url)).filter((q) => q.method === 'PUT' && q.path.endsWith('/bulk-retry'));
    expect(puts.filter((q) => q.outcome !== 202).length).toBe(32);
  });

  test('without retries: exactly the faulted keys fail, writes whose answer was lost are confirmed, the rest land', async () => {
    const values = await twoHundredKeys('bulk-fail.env');
    await injectFaults(h.emulator.url, [
      { kind: 'error', count: 10, method: 'PUT' },
      { kind: 'reset', count: 5, method: 'PUT' },
      { kind: 'reset', count: 5, method: 'PUT', apply: true },
    ]);
    const r = await h.run(['set', 'bulk-fail', '--file', 'bulk-fail.env', '--skip', '--json', '--concurrency', '16'], {
      env: { PIPECAT_MAX_ATTEMPTS: '1' },
    });
    await clearFaults(h.emulator.url);
    const doc = await expectReportMatchesState(r, 'bulk-fail', values);
    expect(doc).toMatchObject({ ok: false, written: 185, failed: 15, notSent: 0, verifiedAfterFailure: true });
    // Every failed key was new and is absent after the run: its outcome is known (it did not land).
    expect(doc.keys.filter((k: JsonKeyReport) => k.outcomeUnknown)).toHaveLength(0);
  });
});

describe("60 conflicts at the CLI's defaults (docs/cloud-emulator.md)", () => {
  test('secrets set of 200 keys: the keys that meet 4 conflicts in a row are reported, a second run writes them', async () => {
    const values = await twoHundredKeys('conflicts.env');
    await injectFaults(h.emulator.url, { kind: 'conflict', count: 60, method: 'PUT' });
    // No PIPECAT_MAX_ATTEMPTS: the default of 4 attempts per key, 16 keys in flight. The set is new,
    // so its first key is written alone and meets 4 conflicts in a row: at least 1 failure.
    const r = await h.run(['set', 'conflicts', '--file', 'conflicts.env', '--skip', '--json'], {
      env: { PIPECAT_MAX_ATTEMPTS: undefined },
    });
    await clearFaults(h.emulator.url);
    const doc = await expectReportMatchesState(r, 'conflicts', values);
    const puts = (await recordedRequests(h.emulator.url)).filter((q) => q.method === 'PUT' && q.path.endsWith('/conflicts'));
    expect(puts.filter((q) => q.outcome === 409)).toHaveLength(60);
    // Each failed key met 4 conflicts (60 / 4 = at most 15 keys); the others landed.
    expect(doc.failed).toBeGreaterThanOrEqual(1);
    expect(doc.failed).toBeLessThanOrEqual(15);
    for (const k of doc.keys.filter((x: JsonKeyReport) => x.status === 'failed')) expect(k.error).toMatch(/409 CONFLICT/);
    const again = await h.run(['set', 'conflicts', '--file', 'conflicts.env', '--skip', '--json']);
    expectExit(again, 0);
    expect(Object.keys((await storedSets(dataFile, h.emulator.org)).conflicts.secrets)).toHaveLength(200);
  });
});

describe('--wait', () => {
  test("to failed: exit 1 with the set's error message", async () => {
    const run = startRun(h, ['set', 'wait-fails', `A=${h.secret('wait fail a')}`, '-s', '--wait', '--json']);
    // Once the write has landed (the set then stays pending) and the CLI has read the set at least
    // once since, mark it failed as the platform would.
    const polled = (reqs: RecordedRequest[]) => {
      const mine = reqs.filter((q) => q.path.endsWith('/secrets/wait-fails'));
      const put = mine.findIndex((q) => q.method === 'PUT' && q.outcome === 202);
      return put >= 0 && mine.slice(put + 1).some((q) => q.method === 'GET');
    };
    const seen = await pollUntil(() => recordedRequests(h.emulator.url), polled, { stop: run.ended });
    expect({ writtenAndPolled: polled(seen), stillWaiting: !run.ended() }).toEqual({ writtenAndPolled: true, stillWaiting: true });
    await setSetStatus(h.emulator.url, 'wait-fails', 'failed', 'Secret store rejected the set');
    const r = await run.result;
    expectExit(r, 1);
    expect(parseJsonOutput(r)).toMatchObject({
      ok: false,
      written: 1,
      wait: { status: 'failed', errorMessage: 'Secret store rejected the set' },
    });
    expect(r.stderr).toContain('secret set wait-fails failed to provision: Secret store rejected the set');
  });

  test('to the timeout: exit 1, still pending', async () => {
    const r = await h.run(['set', 'wait-slow', `A=${h.secret('wait slow a')}`, '-s', '--wait', '--wait-timeout', '0.4']);
    expectExit(r, 1);
    expect(r.stderr).toContain('secret set wait-slow was still pending after 0.4 s (--wait-timeout)');
    expect(r.stderr).toContain('all 1 keys were written');
  });
});

describe('leaks', () => {
  test('no secret value used in this suite appears in any output', () => {
    expect(h.assertNoLeaks()).toBe(6);
  });
});
