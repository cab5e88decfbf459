/**
 * End-to-end (real binary, real emulator with 150 ms latency per answer): Ctrl-C (SIGINT) and
 * SIGTERM while `pipecat cloud secrets set` is writing 200 keys. The command must print its
 * per-key report (the table and summary, or the `--json` document), exit 130 / 143, and the
 * report must match what the emulator holds, key by key. No secret value appears in any output.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordedRequests } from '../../cli/emulator/faults.js';
import {
  SecretsHarness,
  expectExit,
  parseJsonOutput,
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
    return startEmulatorProcess(h.dir, [
      '--data',
      dataFile,
      '--latency-ms',
      '150',
      '--token',
      'pcc_pat_' + h.secret('token interrupt', 16),
    ]);
  });
});
afterAll(() => h.tearDown());

/** 200 keys with distinct random values in a dotenv file; returns the values. */
async function twoHundredKeys(file: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (let i = 0; i < 200; i++) values[`KEY_${String(i).padStart(3, '0')}`] = h.secret(`${file} ${i}`, 16);
  await writeFile(
    join(h.dir, file),
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
  );
  return values;
}

/**
 * Starts `set` for 200 keys, waits until at least 10 of its writes have landed, sends the signal
 * and returns the run and how many writes had landed when the signal went out.
 */
async function interruptAfterSomeWrites(
  set: string,
  file: string,
  signal: NodeJS.Signals,
  extra: string[],
): Promise<{ r: RunResult; landedAtSignal: number; ms: number }> {
  const run = startRun(h, ['set', set, '-f', file, '-s', ...extra], {});
  // The harness does not expose the child: find it by the emulator's request log instead of a
  // pid file: wait for 10 landed PUTs, then signal every `pipecat cloud secrets set <set>` child.
  const landed = (reqs: { method: string; path: string; outcome: unknown }[]) =>
    reqs.filter((q) => q.method === 'PUT' && q.path.endsWith(`/secrets/${set}`) && q.outcome === 202).length;
  const seen = await pollUntil(
    () => recordedRequests(h.emulator.url),
    (reqs) => landed(reqs) >= 10,
    { stop: run.ended },
  );
  expect({ stillRunning: !run.ended(), landed: landed(seen) >= 10 }).toEqual({ stillRunning: true, landed: true });
  const { execFileSync } = await import('node:child_process');
  const pids = execFileSync('pgrep', ['-f', `cloud secrets set ${set} `], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);
  expect(pids).toHaveLength(1);
  const sentAt = Date.now();
  process.kill(pids[0], signal);
  const r = await run.result;
  return { r, landedAtSignal: landed(seen), ms: Date.now() - sentAt };
}

/** The report, key by key, against the emulator's state; returns the counts. */
async function expectReportMatchesState(
  keys: { key: string; status: string; outcomeUnknown?: boolean }[],
  set: string,
  values: Record<string, string>,
) {
  const stored = (await storedSets(dataFile, h.emulator.org))[set]?.secrets ?? {};
  for (const k of keys) {
    if (k.status === 'written') expect({ key: k.key, stored: stored[k.key] === values[k.key] }).toEqual({ key: k.key, stored: true });
    else if (k.status === 'not-sent') expect({ key: k.key, present: k.key in stored }).toEqual({ key: k.key, present: false });
    else expect({ key: k.key, status: k.status, unknown: k.outcomeUnknown }).toEqual({ key: k.key, status: 'failed', unknown: true });
  }
  return {
    written: keys.filter((k) => k.status === 'written').length,
    notSent: keys.filter((k) => k.status === 'not-sent').length,
  };
}

describe('signals during `secrets set`', () => {
  test('Ctrl-C (SIGINT): the per-key report, then exit 130; the report matches the stored keys', async () => {
    const values = await twoHundredKeys('sigint.env');
    const { r, landedAtSignal, ms } = await interruptAfterSomeWrites('sigint-set', 'sigint.env', 'SIGINT', []);
    expectExit(r, 130);
    // The table on stdout: one row per key with its result.
    const rows = r.stdout.split('\n').filter((l) => /^KEY_\d{3}\s/.test(l));
    expect(rows).toHaveLength(200);
    const keys = rows.map((l) => {
      const [key, , , , result] = l.split(/\s{2,}/);
      return {
        key,
        status: result.startsWith('written') ? 'written' : result.startsWith('not sent') ? 'not-sent' : 'failed',
        outcomeUnknown: result.startsWith('unknown') || undefined,
      };
    });
    const { written, notSent } = await expectReportMatchesState(keys, 'sigint-set', values);
    expect(written).toBeGreaterThanOrEqual(landedAtSignal);
    expect(notSent).toBeGreaterThan(0);
    expect(r.stderr).toMatch(
      new RegExp(`interrupted by SIGINT: ${written} of 200 keys were written to sigint-set before it stopped; ${notSent} were not sent`),
    );
    expect(r.stderr).toContain('run the same command again to write the rest');
    // It stops promptly: a grace for requests in flight and one bounded read, not the 200 writes.
    expect(ms).toBeLessThan(8000);
  });

  test('SIGTERM with --json: the JSON document, then exit 143; the report matches the stored keys', async () => {
    const values = await twoHundredKeys('sigterm.env');
    const { r, landedAtSignal } = await interruptAfterSomeWrites('sigterm-set', 'sigterm.env', 'SIGTERM', ['--json']);
    expectExit(r, 143);
    const doc = parseJsonOutput(r);
    expect(doc).toMatchObject({ ok: false, interrupted: 'SIGTERM', set: 'sigterm-set' });
    expect(doc.keys).toHaveLength(200);
    const { written, notSent } = await expectReportMatchesState(doc.keys, 'sigterm-set', values);
    expect({ written: doc.written, notSent: doc.notSent }).toEqual({ written, notSent });
    expect(written).toBeGreaterThanOrEqual(landedAtSignal);
    expect(written + notSent + doc.outcomeUnknown).toBe(200);
    expect(r.stderr).toContain('interrupted by SIGTERM');
  });

  test('SIGHUP (the terminal closed): the per-key report, then exit 129; the report matches the stored keys', async () => {
    const values = await twoHundredKeys('sighup.env');
    const { r, landedAtSignal } = await interruptAfterSomeWrites('sighup-set', 'sighup.env', 'SIGHUP', ['--json']);
    expectExit(r, 129);
    const doc = parseJsonOutput(r);
    expect(doc).toMatchObject({ ok: false, interrupted: 'SIGHUP', set: 'sighup-set' });
    const { written, notSent } = await expectReportMatchesState(doc.keys, 'sighup-set', values);
    expect({ written: doc.written, notSent: doc.notSent }).toEqual({ written, notSent });
    expect(written).toBeGreaterThanOrEqual(landedAtSignal);
    expect(r.stderr).toContain('interrupted by SIGHUP');
  });
});

describe('exit-code tables', () => {
  test('the --help epilogues name 130 for SIGINT and 143 for SIGTERM', async () => {
    const secretsHelp = await h.run(['set', '--help']);
    expectExit(secretsHelp, 0);
    expect(secretsHelp.stdout.replace(/\s+/g, ' ')).toMatch(
      /130 cancelled, or interrupted by Ctrl-C \(SIGINT\) after printing what was written; 143 stopped by SIGTERM/,
    );
    const { spawnSync } = await import('node:child_process');
    const top = spawnSync(process.execPath, ['dist/cli/main.js', '--help'], { encoding: 'utf8' });
    expect(top.stdout.replace(/\s+/g, ' ')).toMatch(/130 cancelled or interrupted \(Ctrl-C, SIGINT\), 143 stopped by SIGTERM/);
  });
});

describe('leaks', () => {
  test('no secret value used in this suite appears in any output', () => {
    expect(h.assertNoLeaks()).toBe(4);
  });
});
