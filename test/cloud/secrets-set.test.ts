/**
 * End-to-end: `pipecat cloud secrets set` (the real binary against the real emulator on loopback).
 * Covers dotenv input, stdin, merging, naming rules, region rules, confirmation, --wait to ready,
 * auth and connection failures, and --json. Every run goes through the leak guard.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordedRequests, setSetStatus, type RecordedRequest } from '../../cli/emulator/faults.js';
import { CloudClient } from '../../cli/cloud-api/client.js';
import {
  SecretsHarness,
  expectExit,
  parseJsonOutput,
  type JsonKeyReport,
  pollUntil,
  startEmulatorProcess,
  startRun,
} from './secrets-harness.js';
import { storedSets } from './secrets-store.js';

const h = new SecretsHarness();
let dataFile = '';
const sha8 = (v: string) => 'sha256:' + createHash('sha256').update(v).digest('hex').slice(0, 8);
const sets = () => storedSets(dataFile, h.emulator.org);
const requestsFor = async (set: string) => (await recordedRequests(h.emulator.url)).filter((r) => r.path.includes(`/secrets/${set}`));

beforeAll(async () => {
  await h.setUp(async () => {
    dataFile = join(h.dir, 'emulator.json');
    // A written set stays pending for 10 minutes: in practice until a test changes its status, so
    // no test depends on how fast the machine is.
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

describe('secrets set', () => {
  test.concurrent('reads a dotenv file: comments, blanks, export, quotes, inline comments, multi-line values', async () => {
    const v = {
      plain: h.secret('plain'),
      single: h.secret('single'),
      double: h.secret('double'),
      inline: h.secret('inline'),
      m1: h.secret('m1'),
      m2: h.secret('m2'),
      eq: h.secret('eq'),
    };
    const expected: Record<string, string> = {
      PLAIN: v.plain,
      SINGLE: `${v.single} # not a comment`,
      DOUBLE: `${v.double}\nnext`,
      INLINE: v.inline,
      MULTI: `${v.m1}\n${v.m2} = still`,
      EQ: `a=${v.eq}=b`,
    };
    for (const [k, val] of Object.entries(expected)) h.register(val, `composite ${k}`);
    const text = [
      '# Pipecat bot settings',
      '',
      `export PLAIN=${v.plain}`,
      `SINGLE='${v.single} # not a comment'`,
      `DOUBLE="${v.double}\\nnext"`,
      `INLINE=${v.inline}   # inline comment`,
      `MULTI="${v.m1}`,
      `${v.m2} = still"`,
      `  EQ = a=${v.eq}=b`,
      '',
    ].join('\n');
    await writeFile(join(h.dir, 'dotenv-cases.env'), text);
    const r = await h.run(['set', 'dotenv-cases', '--file', 'dotenv-cases.env', '--skip', '--json']);
    expectExit(r, 0);
    const doc = parseJsonOutput(r);
    expect(doc).toMatchObject({
      ok: true,
      set: 'dotenv-cases',
      region: 'us-west',
      regionSource: 'organization default',
      created: true,
      written: 6,
      failed: 0,
    });
    expect(doc.keys.map((k: JsonKeyReport) => [k.key, k.source, k.action, k.status])).toEqual([
      ['PLAIN', 'dotenv-cases.env:3', 'add', 'written'],
      ['SINGLE', 'dotenv-cases.env:4', 'add', 'written'],
      ['DOUBLE', 'dotenv-cases.env:5', 'add', 'written'],
      ['INLINE', 'dotenv-cases.env:6', 'add', 'written'],
      ['MULTI', 'dotenv-cases.env:7', 'add', 'written'],
      ['EQ', 'dotenv-cases.env:9', 'add', 'written'],
    ]);
    for (const k of doc.keys) {
      expect(k.fingerprint).toBe(sha8(expected[k.key]));
      expect(k.length).toBe([...expected[k.key]].length);
    }
    expect((await sets())['dotenv-cases'].secrets).toEqual(expected);
  });

  test.concurrent('human output: plan on stderr with sources and region, result table on stdout', async () => {
    const a = h.secret('human a');
    const b = h.secret('human b');
    await writeFile(join(h.dir, 'human.env'), `A=${a}\n`);
    const r = await h.run(['set', 'human-out', '-f', 'human.env', `B=${b}`, '-s']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Create secret set human-out in .*, region us-west \(organization default\)/);
    expect(r.stderr).toMatch(/A\s+add\s+human\.env:1\s+20\s+sha256:[0-9a-f]{8}/);
    expect(r.stderr).toMatch(/B\s+add\s+argument\s+20/);
    expect(r.stderr).toMatch(/2 keys written to human-out/);
    expect(r.stdout).toMatch(/A\s+add\s+20\s+sha256:[0-9a-f]{8}\s+written/);
    expect(r.stdout).toContain(sha8(b));
  });

  test.concurrent('an invalid dotenv line stops everything with file:line; nothing is sent', async () => {
    const hidden = h.secret('invalid line text');
    await writeFile(join(h.dir, 'bad.env'), `OK=${h.secret('ok value')}\n${hidden}\nBAD.KEY=x\n`);
    const r = await h.run(['set', 'bad-dotenv', '--file', 'bad.env', '--skip']);
    expectExit(r, 2);
    expect(r.stderr).toContain('bad.env:2: not a KEY=value entry');
    expect(r.stderr).toContain('bad.env:3: invalid key (7 characters, not shown)');
    expect(r.stderr).toContain('nothing was sent');
    expect(await requestsFor('bad-dotenv')).toEqual([]);
  });

  test.concurrent('duplicate keys in a file are reported and the last one wins', async () => {
    const first = h.secret('dup first');
    const last = h.secret('dup last');
    await writeFile(join(h.dir, 'dup.env'), `K=${first}\nOTHER=${h.secret('other')}\nK=${last}\n`);
    const r = await h.run(['set', 'dup-keys', '--file', 'dup.env', '--skip', '--json']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/warning: K is given more than once: dup\.env lines 1, 3 \(the last one is used\)/);
    expect(parseJsonOutput(r).keys.find((k: JsonKeyReport) => k.key === 'K').source).toBe('dup.env:3');
    expect((await sets())['dup-keys'].secrets.K).toBe(last);
  });

  test.concurrent('--file - reads the dotenv text from stdin', async () => {
    const a = h.secret('stdin file a');
    const r = await h.run(['set', 'file-stdin', '--file', '-', '--skip', '--json'], {
      stdin: `# from a pipe\nexport A='${a}'\nB=${h.secret('stdin b')}\n`,
    });
    expectExit(r, 0);
    expect(parseJsonOutput(r).keys.map((k: JsonKeyReport) => k.source)).toEqual(['<stdin>:2', '<stdin>:3']);
    expect((await sets())['file-stdin'].secrets.A).toBe(a);
  });

  test.concurrent('KEY=- reads one value from stdin (one trailing newline dropped); pairs keep = and spaces', async () => {
    const fromStdin = `${h.secret('stdin value')} with spaces = and equals`;
    h.register(fromStdin, 'stdin composite');
    const pair = `x=${h.secret('pair value')} y`;
    h.register(pair, 'pair composite');
    const r = await h.run(['set', 'pairs-stdin', 'TOKEN=-', `OTHER=${pair}`, '--skip', '--json'], { stdin: fromStdin + '\n' });
    expectExit(r, 0);
    expect(parseJsonOutput(r).keys.map((k: JsonKeyReport) => [k.key, k.source])).toEqual([
      ['TOKEN', 'argument (stdin)'],
      ['OTHER', 'argument'],
    ]);
    expect((await sets())['pairs-stdin'].secrets).toEqual({ TOKEN: fromStdin, OTHER: pair });
  });

  test.concurrent('merging: a command-line pair overrides the file, and the plan says so', async () => {
    const fileA = h.secret('merge file a');
    const fileB = h.secret('merge file b');
    const argB = h.secret('merge arg b');
    await writeFile(join(h.dir, 'merge.env'), `A=${fileA}\nB=${fileB}\n`);
    const r = await h.run(['set', 'merged-set', '-f', 'merge.env', `B=${argB}`, '-s']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/B\s+add\s+argument \(overrides merge\.env:2\)/);
    expect((await sets())['merged-set'].secrets).toEqual({ A: fileA, B: argB });
  });

  test.concurrent('bad input stops before any request: set name, key, pair without =, empty value, two stdin readers', async () => {
    const typed = h.secret('typed without key');
    const cases: [string[], RegExp][] = [
      [
        ['set', 'Bad_Name', 'A=1', '-s'],
        /invalid set name "Bad_Name": set names are 3-63 characters: lowercase letters, digits and hyphens/,
      ],
      [
        ['set', 'ok-name', '1BAD=x', 'my-key=y', '-s'],
        /argument 1: invalid key \(4 characters, not shown\).*\n.*argument 2: invalid key \(6 characters, not shown\)/,
      ],
      [['set', 'ok-name', typed, '-s'], /argument 1 is not KEY=value/],
      [['set', 'ok-name', 'EMPTY=', '-s'], /EMPTY \(from argument\) is empty: the platform refuses empty values/],
      [['set', 'ok-name', 'A=-', '--file', '-', '-s'], /only one input can read stdin/],
      [['set', 'ok-name', '-s'], /no secrets given/],
      [['set', 'ok-name', '--file', 'missing.env', '-s'], /cannot read --file missing\.env: no such file/],
      [['set', 'ok-name', 'A=1', '--concurrency', '0', '-s'], /--concurrency must be a whole number from 1 to 64/],
    ];
    for (const [args, message] of cases) {
      const r = await h.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    }
    expect(await requestsFor('ok-name')).toEqual([]);
  });

  test.concurrent("region rules: explicit region, the existing set's, conflicts, unknown region", async () => {
    const r1 = await h.run(['set', 'eu-set', `A=${h.secret('eu a')}`, '--region', 'eu-central', '-s', '--json']);
    expectExit(r1, 0);
    expect(parseJsonOutput(r1)).toMatchObject({ region: 'eu-central', regionSource: 'option', created: true });

    const r2 = await h.run(['set', 'eu-set', `A=${h.secret('eu a2')}`, `B=${h.secret('eu b')}`, '-s', '--json']);
    expectExit(r2, 0);
    const d2 = parseJsonOutput(r2);
    expect(d2).toMatchObject({ region: 'eu-central', regionSource: 'existing set', created: false });
    expect(d2.keys.map((k: JsonKeyReport) => [k.key, k.action])).toEqual([
      ['A', 'overwrite'],
      ['B', 'add'],
    ]);

    const before = (await requestsFor('eu-set')).length;
    const r3 = await h.run(['set', 'eu-set', `C=${h.secret('eu c')}`, '-r', 'us-east', '-s']);
    expectExit(r3, 2);
    expect(r3.stderr).toContain('set eu-set exists in region eu-central, not us-east');
    expect((await requestsFor('eu-set')).slice(before).every((r) => r.method === 'GET')).toBe(true);

    const r4 = await h.run(['set', 'mars-set', `A=${h.secret('mars')}`, '-r', 'mars', '-s']);
    expectExit(r4, 2);
    expect(r4.stderr).toMatch(
      /unknown region "mars" for --region\n.*valid regions: us-west \(US West \(Oregon\)\), us-east .*eu-central .*ap-south/,
    );
    expect(await requestsFor('mars-set')).toEqual([]);
    const stored = await sets();
    expect(stored['eu-set'].region).toBe('eu-central');
    expect(Object.keys(stored['eu-set'].secrets).sort()).toEqual(['A', 'B']);
  });

  test.concurrent('--wait polls, backing off, until the set is ready, and not before', async () => {
    // Reads of the set after its write (the write is a PUT; the read before it is the plan's).
    const polls = (reqs: RecordedRequest[]) => {
      const mine = reqs.filter((q) => q.path.endsWith('/secrets/wait-ready'));
      const put = mine.findIndex((q) => q.method === 'PUT');
      return put < 0 ? [] : mine.slice(put + 1).filter((q) => q.method === 'GET');
    };
    const run = startRun(h, ['set', 'wait-ready', `A=${h.secret('wait a')}`, '-s', '--wait', '--json']);
    // The set stays pending until this test marks it ready, however slow the machine: the CLI must
    // still be waiting after two reads that saw `pending`.
    const seen = await pollUntil(
      () => recordedRequests(h.emulator.url),
      (reqs) => polls(reqs).length >= 2,
      { stop: run.ended },
    );
    expect({ pendingReads: polls(seen).length >= 2, stillWaiting: !run.ended() }).toEqual({ pendingReads: true, stillWaiting: true });
    await setSetStatus(h.emulator.url, 'wait-ready', 'ready');
    const r = await run.result;
    expectExit(r, 0);
    const doc = parseJsonOutput(r);
    expect(doc.wait.status).toBe('ready');
    const reads = polls(await recordedRequests(h.emulator.url)).length;
    expect(reads).toBeGreaterThan(polls(seen).length); // it read the set again once it was ready
    // Backoff (cli/secrets/wait.ts: 100 ms, doubling up to 2 s): `reads` reads take at least the
    // delays between them. A lower bound only (timers do not fire early, whatever the load), with
    // 25 ms per delay for the event loop's cached clock.
    let minMs = 0;
    for (let i = 0; i < reads - 1; i++) minMs += Math.min(100 * 2 ** i, 2000) - 25;
    expect({ reads, waitedMs: doc.wait.waitedMs >= minMs }).toEqual({ reads, waitedMs: true });
  });

  test.concurrent('without --skip and without a terminal: exit 2 naming --skip, plan shown, nothing written', async () => {
    const r = await h.run(['set', 'needs-confirm', `A=${h.secret('confirm a')}`]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/confirmation needed.*pass --skip \(-s\)/);
    expect(r.stderr).toMatch(/A\s+add\s+argument/);
    expect((await requestsFor('needs-confirm')).every((q) => q.method === 'GET')).toBe(true);
    expect((await sets())['needs-confirm']).toBeUndefined();
  });

  test.concurrent('a name taken by an image pull secret is refused before writing', async () => {
    const client = new CloudClient({ token: h.emulator.token, baseUrl: h.emulator.url });
    await client.upsertImagePullSecret(h.emulator.org, 'taken-pull', {
      host: 'ghcr.io',
      secretValue: Buffer.from('u:p').toString('base64'),
    });
    const r = await h.run(['set', 'taken-pull', `A=${h.secret('taken a')}`, '-s']);
    expectExit(r, 2);
    expect(r.stderr).toContain('taken-pull is an image pull secret, not a secret set');
    expect((await requestsFor('taken-pull')).filter((q) => q.method === 'PUT')).toHaveLength(1);
  });

  test.concurrent('not logged in is exit 4; a rejected token is exit 4; a refused connection is exit 1 and never "written"', async () => {
    const value = h.secret('auth value');
    const noToken = await h.run(['set', 'auth-set', `A=${value}`, '-s'], { env: { PIPECAT_TOKEN: undefined } });
    expectExit(noToken, 4);
    expect(noToken.stderr).toContain('pipecat cloud auth login');
    const badToken = await h.run(['set', 'auth-set', `A=${value}`, '-s', '--json'], { env: { PIPECAT_TOKEN: 'pcc_pat_wrong' } });
    expectExit(badToken, 4);
    expect(parseJsonOutput(badToken)).toMatchObject({ ok: false, error: { exitCode: 4, status: 401 } });
    const refused = await h.run(['set', 'auth-set', `A=${value}`, '-s'], {
      env: { PIPECAT_API_HOST: 'http://127.0.0.1:9', PIPECAT_MAX_ATTEMPTS: '1' },
    });
    expectExit(refused, 1);
    expect(refused.stderr).toMatch(/could not reach Pipecat Cloud at http:\/\/127\.0\.0\.1:9: connection refused/);
    expect(refused.stdout + refused.stderr).not.toMatch(/written/);
    expect((await sets())['auth-set']).toBeUndefined();
  });
});

test('no secret value used in this suite appears in any output', () => {
  expect(h.assertNoLeaks()).toBeGreaterThanOrEqual(20);
});
