/**
 * End-to-end (real binary, real emulator): the holes of issue 13 in the secrets commands.
 * - `unset`, `list` and `delete` reach keys and sets named outside our creation rules (written by
 *   the official CLI or another tool), while `set` keeps the rules for what it creates;
 * - dotenv problems come in one round (syntax errors with empty values), NUL bytes are refused as
 *   `file:line`;
 * - failure texts say what happened: explicit HTTP 500s, a value too large for the platform, a
 *   follow-up read that failed too, a wrong organisation, a malformed credentials value;
 * - spinners finish on a terminal that reports 0 columns; NO_COLOR is honoured on a terminal (the
 *   secrets commands and the `init` wizard).
 * Every run goes through the harness's leak guard; the suite ends with the whole transcript.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clearFaults, injectFaults, recordedRequests } from '../../cli/emulator/faults.js';
import { SecretsHarness, expectExit, parseJsonOutput, type JsonKeyReport, startEmulatorProcess } from './secrets-harness.js';
import { storedSets } from './secrets-store.js';

const h = new SecretsHarness();
let dataFile = '';
const ORG = 'emulator-org';
/** Any SGR (colour, bold) escape sequence; cursor movements are not colour. */
// eslint-disable-next-line no-control-regex -- ESC (\x1b), which starts every SGR sequence, is what this pattern matches
const SGR = /\x1b\[[0-9;]*m/;

beforeAll(async () => {
  await h.setUp(async () => {
    dataFile = join(h.dir, 'emulator.json');
    const token = 'pcc_pat_' + h.secret('token holes', 16);
    // Sets as another tool left them: a set name and keys our `set` would never create.
    const seeded = {
      version: 1,
      token,
      orgs: {
        [ORG]: {
          sets: {
            Legacy_Set: {
              type: 'secret',
              region: 'us-west',
              secrets: { 'lower-key': h.secret('legacy lower'), UPPER_KEY: h.secret('legacy upper') },
              pendingUntil: 0,
            },
            'existing-set': { type: 'secret', region: 'us-west', secrets: { OLD_KEY: h.secret('existing old') }, pendingUntil: 0 },
          },
        },
      },
    };
    await writeFile(dataFile, JSON.stringify(seeded), { mode: 0o600 });
    return startEmulatorProcess(h.dir, ['--data', dataFile]);
  });
});
afterAll(() => h.tearDown());

const setPath = (set: string) => `/v1/organizations/${ORG}/secrets/${set}`;
const requestsFor = async (set: string) => (await recordedRequests(h.emulator.url)).filter((q) => q.path === setPath(set));

describe('names the server lists', () => {
  test('unset, list and delete reach a key and a set named outside our rules; set keeps the rules', async () => {
    let r = await h.run(['unset', 'Legacy_Set', 'lower-key', '-s']);
    expectExit(r, 0);
    expect(r.stderr).toContain('removed lower-key from secret set Legacy_Set');
    expect(Object.keys((await storedSets(dataFile, ORG)).Legacy_Set.secrets)).toEqual(['UPPER_KEY']);

    r = await h.run(['unset', 'Legacy_Set', 'upper_key', '-s']);
    expectExit(r, 1);
    expect(r.stderr).toContain('key upper_key not found in secret set Legacy_Set');
    expect(r.stderr).toContain('did you mean UPPER_KEY?');

    r = await h.run(['list', 'Legacy_Set', '--json']);
    expectExit(r, 0);
    expect(parseJsonOutput(r).keys).toEqual(['UPPER_KEY']);

    r = await h.run(['delete', 'Legacy_Set', '-s']);
    expectExit(r, 0);
    expect((await storedSets(dataFile, ORG)).Legacy_Set).toBeUndefined();

    // What we create still follows our rules, before any request.
    r = await h.run(['set', 'Legacy_Set', `A=${h.secret('rule a')}`, '-s']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/invalid set name "Legacy_Set"/);
    r = await h.run(['set', 'new-rules-set', `lower-key=${h.secret('rule b')}`, '-s']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/invalid key \(9 characters, not shown\)/);
    expect(await requestsFor('new-rules-set')).toEqual([]);
  });
});

describe('input problems in one round', () => {
  test('syntax errors, an invalid key and empty values (file and argument) are reported together', async () => {
    const good = h.secret('round good');
    await writeFile(join(h.dir, 'round.env'), `GOOD=${good}\nnot a line\nEMPTY=\nBAD-KEY=${h.secret('round bad')}\n`);
    const r = await h.run(['set', 'one-round', '-f', 'round.env', 'EMPTY_ARG=', '-s']);
    expectExit(r, 2);
    expect(r.stderr).toContain('4 problems in the secrets given (nothing was sent)');
    expect(r.stderr).toContain('round.env:2: not a KEY=value entry');
    expect(r.stderr).toContain('round.env:4: invalid key (7 characters, not shown)');
    expect(r.stderr).toContain('EMPTY (from round.env:3) is empty');
    expect(r.stderr).toContain('EMPTY_ARG (from argument) is empty');
    expect(await requestsFor('one-round')).toEqual([]);
  });

  test('a value with a NUL byte is refused as file:line, with the other problems', async () => {
    await writeFile(join(h.dir, 'nul.env'), `A=${h.secret('nul a')}\nB=${h.secret('nul b1')}\u0000${h.secret('nul b2')}\nC=\n`);
    const r = await h.run(['set', 'nul-set', '-f', 'nul.env', '-s']);
    expectExit(r, 2);
    expect(r.stderr).toContain('nul.env:2: the value of B contains a NUL byte');
    expect(r.stderr).toContain('C (from nul.env:3) is empty');
    expect(await requestsFor('nul-set')).toEqual([]);
  });
});

describe('failure texts say what happened', () => {
  test('explicit HTTP 500s are named as such, not as "no answer came back"', async () => {
    expectExit(await h.run(['set', 'five-hundred', `K1=${h.secret('500 old')}`, '-s']), 0);
    await injectFaults(h.emulator.url, { kind: 'error', status: 500, count: 4, method: 'PUT', path: setPath('five-hundred') });
    const r = await h.run(['set', 'five-hundred', `K1=${h.secret('500 new')}`, '-s']);
    await clearFaults(h.emulator.url);
    expectExit(r, 1);
    expect(r.stderr).toContain('the platform answered HTTP 500');
    expect(r.stderr).toContain('K1 may hold the old or the new value');
    expect(r.stderr).not.toContain('no answer came back');
  });

  test('a value over the platform\'s size limit is "too large", naming the key; nothing unknown', async () => {
    const huge = h.register('g'.repeat(1_200_000), 'huge value');
    const small = h.secret('small');
    await writeFile(join(h.dir, 'large.env'), `SMALL=${small}\nHUGE=${huge}\n`);
    const r = await h.run(['set', 'too-large', '-f', 'large.env', '-s', '--json']);
    expectExit(r, 1);
    const doc = parseJsonOutput(r);
    const hugeKey = doc.keys.find((k: JsonKeyReport) => k.key === 'HUGE');
    expect(hugeKey).toMatchObject({ status: 'failed', httpStatus: 413 });
    expect(hugeKey.outcomeUnknown).toBeUndefined();
    expect(hugeKey.error).toMatch(/^too large: the platform refused the value of HUGE \(1200000 characters\)/);
    expect(r.stderr).toContain('1 of 2 keys were not written to too-large; 1 were');
    expect(r.stderr).toContain('too large for the platform: HUGE (1200000 characters)');
    expect(r.stderr).not.toMatch(/may hold the old or the new value|connection reset|no answer/);
    expect(Object.keys((await storedSets(dataFile, ORG))['too-large'].secrets)).toEqual(['SMALL']);
  });

  test('keys whose answers were lost, when the follow-up read fails too, are not called "not written"', async () => {
    await injectFaults(h.emulator.url, [
      { kind: 'reset', apply: true, count: 2, method: 'PUT', path: setPath('lost-answers') },
      // the read before the writes passes (the set does not exist yet); the read after fails
      { kind: 'error', status: 503, after: 1, count: 1, method: 'GET', path: setPath('lost-answers') },
    ]);
    const r = await h.run(['set', 'lost-answers', `A=${h.secret('lost a')}`, `B=${h.secret('lost b')}`, '-s', '--concurrency', '1'], {
      env: { PIPECAT_MAX_ATTEMPTS: '1' },
    });
    await clearFaults(h.emulator.url);
    expectExit(r, 1);
    expect(r.stderr).toContain('0 of 2 keys were written to lost-answers; 2 may or may not have been');
    expect(r.stderr).toContain('no answer came back (connection reset or timeout): A, B may or may not have been written');
    expect(r.stderr).toContain('the follow-up read of the set failed too');
    expect(r.stderr).not.toContain('keys were not written');
    // They did land.
    expect(Object.keys((await storedSets(dataFile, ORG))['lost-answers'].secrets).sort()).toEqual(['A', 'B']);
  });

  test('a wrong organization on set is "organization not found", never a new set', async () => {
    for (const extra of [[], ['--region', 'us-east']]) {
      const r = await h.run(['set', 'org-typo-set', `A=${h.secret('org a')}`, '-s', '-o', 'emulator-orgg', ...extra]);
      expectExit(r, 1);
      expect(r.stderr).toContain(
        'organization emulator-orgg (from --organization) not found, or this token cannot use it: nothing was sent',
      );
      expect(r.stderr).toContain(`organizations of this token: ${ORG}`);
      expect(r.stderr).not.toMatch(/Create secret set/);
    }
    expect((await recordedRequests(h.emulator.url)).filter((q) => q.method === 'PUT' && q.path.includes('org-typo-set'))).toEqual([]);
  });

  test('a credentials file with token = 123 says the value is malformed', async () => {
    const config = join(h.dir, 'numeric-token.toml');
    await writeFile(config, 'token = 123\norg = "emulator-org"\n', { mode: 0o600 });
    const r = await h.run(['list'], { env: { PIPECAT_TOKEN: undefined, PIPECAT_ORG: undefined, PIPECAT_CONFIG_PATH: config } });
    expectExit(r, 2);
    expect(r.stderr).toContain(`${config}: the value of token is malformed: it must be a quoted string (token = "..."), not a number`);
    expect(r.stderr).not.toContain('123');
  });
});

describe('terminals', () => {
  const noColour = { NO_COLOR: '1', FORCE_COLOR: undefined };
  const colour = { NO_COLOR: undefined, FORCE_COLOR: undefined };

  test('spinners finish on a terminal that reports 0 columns (as under `script`)', async () => {
    const list = await h.runInTerminal(['cloud', 'secrets', 'list'], { columns: 0, timeoutMs: 20_000 });
    expect({ timedOut: list.timedOut, code: list.code, small: list.output.length < 20_000 }).toEqual({
      timedOut: false,
      code: 0,
      small: true,
    });
    expect(list.output).toContain('existing-set');
    const set = await h.runInTerminal(['cloud', 'secrets', 'set', 'zero-columns', `A=${h.secret('zero a')}`, '-s', '--wait'], {
      columns: 0,
      timeoutMs: 20_000,
    });
    expect({ timedOut: set.timedOut, code: set.code, small: set.output.length < 20_000 }).toEqual({
      timedOut: false,
      code: 0,
      small: true,
    });
    expect(set.output).toContain('1 key written to zero-columns');
  });

  test('NO_COLOR: no colour on a terminal from the secrets commands (with colour without it)', async () => {
    const plain = await h.runInTerminal(['cloud', 'secrets', 'list'], { columns: 100, env: noColour });
    expect(plain.code).toBe(0);
    expect(plain.output).toContain('existing-set');
    expect(plain.output).not.toMatch(SGR);
    const coloured = await h.runInTerminal(['cloud', 'secrets', 'list'], { columns: 100, env: colour });
    expect(coloured.code).toBe(0);
    expect(coloured.output).toMatch(SGR);
  });

  test('NO_COLOR: no colour in the init wizard on a terminal (with colour without it)', async () => {
    const ask = { columns: 100, waitFor: /Project name/, input: '\x03', timeoutMs: 40_000 };
    const plain = await h.runInTerminal(['init'], { ...ask, env: noColour });
    expect({ code: plain.code, asked: /Project name/.test(plain.output) }).toEqual({ code: 130, asked: true });
    expect(plain.output).not.toMatch(SGR);
    const coloured = await h.runInTerminal(['init'], { ...ask, env: colour });
    expect({ code: coloured.code, asked: /Project name/.test(coloured.output) }).toEqual({ code: 130, asked: true });
    expect(coloured.output).toMatch(SGR);
  });
});

describe('emulator', () => {
  test("GET /v1/organizations/{org}/daily answers a fake Daily API key (the official CLI's whoami reads it)", async () => {
    const url = `${h.emulator.url}/v1/organizations/${ORG}/daily`;
    const ok = await fetch(url, { headers: { Authorization: `Bearer ${h.emulator.token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ apiKey: expect.stringMatching(/^emulator-daily-api-key/) });
    expect((await fetch(url)).status).toBe(401);
    expect(
      (await fetch(`${h.emulator.url}/v1/organizations/other-org/daily`, { headers: { Authorization: `Bearer ${h.emulator.token}` } }))
        .status,
    ).toBe(404);
  });
});

describe('leaks', () => {
  test('no secret value used in this suite appears in any output', () => {
    expect(h.assertNoLeaks()).toBeGreaterThanOrEqual(20);
  });
});
