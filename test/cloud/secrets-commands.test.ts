/**
 * End-to-end: `pipecat cloud secrets list|unset|delete|image-pull-secret` (the real binary against
 * the real emulator on loopback): every option, every error path with its exit code, stdin input,
 * --json. Every run goes through the leak guard.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { setSetStatus } from '../../cli/emulator/faults.js';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { SecretsHarness, expectExit, parseJsonOutput, type JsonSetSummary, startEmulatorProcess } from './secrets-harness.js';
import { storedSets } from './secrets-store.js';

const h = new SecretsHarness();
let dataFile = '';
let client: CloudClient;
const sets = () => storedSets(dataFile, h.emulator.org);
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

beforeAll(async () => {
  await h.setUp(async () => {
    dataFile = join(h.dir, 'emulator.json');
    return startEmulatorProcess(h.dir, ['--data', dataFile, '--token', 'pcc_pat_' + h.secret('token core', 16)]);
  });
  client = new CloudClient({ token: h.emulator.token, baseUrl: h.emulator.url });
  const org = h.emulator.org;
  // Seed: two regular sets (one failed), one in another region, one image pull secret.
  await client.upsertSecret(org, 'app-secrets', { key: 'OPENAI_API_KEY', value: h.secret('seed openai') });
  await client.upsertSecret(org, 'app-secrets', { key: 'DAILY_API_KEY', value: h.secret('seed daily') });
  await client.upsertSecret(org, 'broken-set', { key: 'A', value: h.secret('seed broken') });
  await client.upsertSecret(org, 'eu-secrets', { key: 'A', value: h.secret('seed eu'), region: 'eu-central' });
  await client.upsertImagePullSecret(org, 'seed-pull', { host: 'ghcr.io', secretValue: b64(`bot:${h.secret('seed pull password')}`) });
  await setSetStatus(h.emulator.url, 'broken-set', 'failed', 'Key vault unavailable');
});
afterAll(() => h.tearDown());

describe('secrets list', () => {
  test.concurrent('lists sets, hides image pull secrets and says how to show them', async () => {
    const r = await h.run(['list']);
    expectExit(r, 0);
    expect(r.stdout).toMatch(/NAME\s+TYPE\s+REGION\s+STATUS/);
    expect(r.stdout).toMatch(/app-secrets\s+secret\s+us-west\s+ready/);
    expect(r.stdout).toMatch(/broken-set\s+secret\s+us-west\s+failed: Key vault unavailable/);
    expect(r.stdout).toMatch(/eu-secrets\s+secret\s+eu-central/);
    expect(r.stdout).not.toContain('seed-pull');
    expect(r.stderr).toContain('1 image pull secret hidden: --no-sets (or --all) shows it.');
  });

  test.concurrent('--no-sets and --all show image pull secrets; --region filters; --json', async () => {
    for (const flag of ['--no-sets', '--all']) {
      const r = await h.run(['list', flag, '--json']);
      expectExit(r, 0);
      const doc = parseJsonOutput(r);
      expect(doc.hiddenImagePullSecrets).toBe(0);
      expect(doc.sets.find((s: JsonSetSummary) => s.name === 'seed-pull')).toMatchObject({ type: 'imagePullSecret', region: 'us-west' });
    }
    const eu = await h.run(['list', '-r', 'eu-central', '--json']);
    expectExit(eu, 0);
    expect(parseJsonOutput(eu).sets.map((s: JsonSetSummary) => s.name)).toEqual(['eu-secrets']);
    const json = parseJsonOutput(await h.run(['list', '--json']));
    expect(json.hiddenImagePullSecrets).toBe(1);
    expect(json.sets.find((s: JsonSetSummary) => s.name === 'broken-set')).toMatchObject({
      status: 'failed',
      errorMessage: 'Key vault unavailable',
    });
  });

  test.concurrent('one set: keys only, status and region; errors for missing sets, pull secrets, bad region', async () => {
    const r = await h.run(['list', 'app-secrets']);
    expectExit(r, 0);
    expect(r.stdout).toMatch(/Secret set app-secrets in .*, region us-west, status ready, 2 keys/);
    expect(r.stdout).toMatch(/KEY\n.*DAILY_API_KEY\n.*OPENAI_API_KEY/);
    const j = parseJsonOutput(await h.run(['list', 'app-secrets', '--json']));
    expect(j).toEqual({
      ok: true,
      organization: h.emulator.org,
      set: 'app-secrets',
      region: 'us-west',
      status: 'ready',
      keys: ['DAILY_API_KEY', 'OPENAI_API_KEY'],
    });

    const missing = await h.run(['list', 'no-such-set', '--json']);
    expectExit(missing, 1);
    expect(parseJsonOutput(missing)).toMatchObject({
      ok: false,
      error: { exitCode: 1, message: 'secret set no-such-set not found in organization emulator-org' },
    });
    expect(missing.stderr).toContain('error: secret set no-such-set not found');

    const pull = await h.run(['list', 'seed-pull']);
    expectExit(pull, 1);
    expect(pull.stderr).toContain('seed-pull is an image pull secret: its contents cannot be listed');

    const region = await h.run(['list', '--region', 'moon']);
    expectExit(region, 2);
    expect(region.stderr).toMatch(/unknown region "moon" for --region\n\s+- valid regions: us-west/);
  });
});

describe('secrets unset and delete', () => {
  test.concurrent('unset: missing set and key are exit 1 by name; no terminal is exit 2; --skip removes', async () => {
    await client.upsertSecret(h.emulator.org, 'unset-set', { key: 'KEEP', value: h.secret('unset keep') });
    await client.upsertSecret(h.emulator.org, 'unset-set', { key: 'DROP', value: h.secret('unset drop') });
    const noSet = await h.run(['unset', 'nope-set', 'DROP', '-s']);
    expectExit(noSet, 1);
    expect(noSet.stderr).toContain('secret set nope-set not found in organization emulator-org: nothing was removed');
    const noKey = await h.run(['unset', 'unset-set', 'MISSING', '-s']);
    expectExit(noKey, 1);
    expect(noKey.stderr).toContain('key MISSING not found in secret set unset-set: nothing was removed');
    const noTty = await h.run(['unset', 'unset-set', 'DROP']);
    expectExit(noTty, 2);
    expect(noTty.stderr).toContain('pass --skip (-s)');
    expect(Object.keys((await sets())['unset-set'].secrets).sort()).toEqual(['DROP', 'KEEP']);
    const ok = await h.run(['unset', 'unset-set', 'DROP', '--skip', '--json']);
    expectExit(ok, 0);
    expect(parseJsonOutput(ok)).toEqual({ ok: true, organization: h.emulator.org, set: 'unset-set', key: 'DROP', removed: true });
    expect(Object.keys((await sets())['unset-set'].secrets)).toEqual(['KEEP']);
    // Any key the server could list is looked up (not only environment-variable names): a key
    // that is not there is "not found" (exit 1); only an empty key is bad input (exit 2).
    const absent = await h.run(['unset', 'unset-set', 'not-a-key', '-s']);
    expectExit(absent, 1);
    expect(absent.stderr).toContain('key not-a-key not found in secret set unset-set: nothing was removed');
    const empty = await h.run(['unset', 'unset-set', '', '-s']);
    expectExit(empty, 2);
    expect(empty.stderr).toContain('the key is empty');
  });

  test.concurrent('--yes and -y skip the confirmation as --skip does (issue 26)', async () => {
    await client.upsertSecret(h.emulator.org, 'yes-set', { key: 'KEEP', value: h.secret('yes keep') });
    await client.upsertSecret(h.emulator.org, 'yes-set', { key: 'DROP', value: h.secret('yes drop') });
    expectExit(await h.run(['unset', 'yes-set', 'DROP', '-y']), 0);
    expect(Object.keys((await sets())['yes-set'].secrets)).toEqual(['KEEP']);
    expectExit(await h.run(['delete', 'yes-set', '--yes']), 0);
    expect((await sets())['yes-set']).toBeUndefined();
  });

  test.concurrent('delete: missing set is exit 1; no terminal is exit 2; --skip deletes sets and pull secrets', async () => {
    await client.upsertSecret(h.emulator.org, 'delete-me', { key: 'A', value: h.secret('delete a') });
    await client.upsertImagePullSecret(h.emulator.org, 'delete-pull', {
      host: 'ghcr.io',
      secretValue: b64(`u:${h.secret('delete pull')}`),
    });
    const missing = await h.run(['delete', 'not-there', '-s']);
    expectExit(missing, 1);
    expect(missing.stderr).toContain('secret set not-there not found in organization emulator-org: nothing was deleted');
    expect(missing.stdout + missing.stderr).not.toMatch(/✔|deleted secret/);
    const noTty = await h.run(['delete', 'delete-me']);
    expectExit(noTty, 2);
    expect(noTty.stderr).toContain('pass --skip (-s)');
    expect((await sets())['delete-me']).toBeDefined();
    const ok = await h.run(['delete', 'delete-me', '-s']);
    expectExit(ok, 0);
    expect(ok.stderr).toContain('deleted secret set delete-me');
    const pull = await h.run(['delete', 'delete-pull', '-s', '--json']);
    expectExit(pull, 0);
    expect(parseJsonOutput(pull)).toMatchObject({ ok: true, set: 'delete-pull', type: 'imagePullSecret', deleted: true });
    const after = await sets();
    expect(after['delete-me']).toBeUndefined();
    expect(after['delete-pull']).toBeUndefined();
  });

  test.concurrent('not logged in (exit 4) and unreachable host (exit 1) for list, unset and delete', async () => {
    for (const args of [['list'], ['unset', 'app-secrets', 'A', '-s'], ['delete', 'app-secrets', '-s']]) {
      const r = await h.run(args, { env: { PIPECAT_TOKEN: undefined } });
      expectExit(r, 4);
      expect(r.stderr).toContain('run `pipecat cloud auth login`');
    }
    const down = await h.run(['delete', 'app-secrets', '-s', '--json'], {
      env: { PIPECAT_API_HOST: 'http://127.0.0.1:9', PIPECAT_MAX_ATTEMPTS: '1' },
    });
    expectExit(down, 1);
    expect(parseJsonOutput(down).error.message).toMatch(/could not reach Pipecat Cloud/);
    expect((await sets())['app-secrets']).toBeDefined();
  });
});

describe('secrets image-pull-secret', () => {
  test.concurrent('credentials as argument, from stdin, pre-encoded; stored value is base64 of user:password', async () => {
    const p1 = h.secret('pull password 1');
    const r1 = await h.run(['image-pull-secret', 'pull-arg', 'https://ghcr.io', `robot:${p1}`, '--json']);
    expectExit(r1, 0);
    expect(parseJsonOutput(r1)).toMatchObject({
      ok: true,
      set: 'pull-arg',
      host: 'https://ghcr.io',
      region: 'us-west',
      regionSource: 'organization default',
      created: true,
      credentials: { from: 'argument', encoded: true },
    });
    h.register(b64(`robot:${p1}`), 'encoded 1');

    const p2 = h.secret('pull password 2');
    h.register(b64(`robot:${p2}`), 'encoded 2');
    const r2 = await h.run(['image-pull-secret', 'pull-stdin', 'registry.example.com:5000', '-r', 'eu-central'], {
      stdin: `robot:${p2}\n`,
    });
    expectExit(r2, 0);
    expect(r2.stderr).toMatch(
      /created image pull secret pull-stdin for registry\.example\.com:5000 \(emulator-org, eu-central from option\)/,
    );

    const p3 = h.secret('pull password 3');
    const encoded = h.register(b64(`robot:${p3}`), 'encoded 3');
    const r3 = await h.run(['image-pull-secret', 'pull-enc', 'ghcr.io', '--no-encode'], { stdin: encoded });
    expectExit(r3, 0);

    const stored = await sets();
    expect(stored['pull-arg']).toMatchObject({ type: 'imagePullSecret', host: 'https://ghcr.io/', secretValue: b64(`robot:${p1}`) });
    expect(stored['pull-stdin']).toMatchObject({ region: 'eu-central', secretValue: b64(`robot:${p2}`) });
    expect(stored['pull-enc'].secretValue).toBe(encoded);
  });

  test.concurrent('bad input is exit 2 before any request: host, missing ":", invalid base64, empty stdin, name rule', async () => {
    const pw = h.secret('bad input password');
    const cases: [string[], string | undefined, RegExp][] = [
      [['image-pull-secret', 'bad-host', 'ftp://x.io', `u:${pw}`], undefined, /registry URL must use https/],
      [['image-pull-secret', 'bad-host', `u:${pw}@ghcr.io`, 'u:p'], undefined, /must not contain credentials/],
      [['image-pull-secret', 'no-colon', 'ghcr.io', pw], undefined, /the credentials argument must be username:password \(no ":" found\)/],
      [['image-pull-secret', 'bad-b64', 'ghcr.io', '--no-encode'], `${pw}!!`, /stdin is not valid base64/],
      [['image-pull-secret', 'empty-in', 'ghcr.io'], '', /no credentials: pass username:password/],
      [['image-pull-secret', 'Bad', 'ghcr.io', 'u:p'], undefined, /invalid set name "Bad"/],
    ];
    for (const [args, stdin, message] of cases) {
      const r = await h.run(args, { stdin });
      expectExit(r, 2);
      expect(r.stderr).toMatch(message);
    }
    const stored = await sets();
    for (const name of ['bad-host', 'no-colon', 'bad-b64', 'empty-in']) expect(stored[name]).toBeUndefined();
  });

  test.concurrent('an existing pull secret asks before updating; --skip updates; a secret set name is refused', async () => {
    const first = h.secret('update first');
    const second = h.secret('update second');
    h.register(b64(`u:${first}`), 'enc first');
    h.register(b64(`u:${second}`), 'enc second');
    expectExit(await h.run(['image-pull-secret', 'pull-upd', 'ghcr.io', `u:${first}`]), 0);
    const ask = await h.run(['image-pull-secret', 'pull-upd', 'quay.io', `u:${second}`]);
    expectExit(ask, 2);
    expect(ask.stderr).toContain('pass --skip (-s)');
    expect((await sets())['pull-upd']).toMatchObject({ host: 'ghcr.io/', secretValue: b64(`u:${first}`) });
    const upd = await h.run(['image-pull-secret', 'pull-upd', 'quay.io', `u:${second}`, '-s', '--json']);
    expectExit(upd, 0);
    expect(parseJsonOutput(upd)).toMatchObject({ created: false, regionSource: 'existing set' });
    expect((await sets())['pull-upd']).toMatchObject({ host: 'quay.io/', secretValue: b64(`u:${second}`) });
    const region = await h.run(['image-pull-secret', 'pull-upd', 'quay.io', `u:${second}`, '-s', '-r', 'ap-south']);
    expectExit(region, 2);
    expect(region.stderr).toContain('exists in region us-west, not ap-south');
    const clash = await h.run(['image-pull-secret', 'app-secrets', 'ghcr.io', `u:${second}`, '-s']);
    expectExit(clash, 2);
    expect(clash.stderr).toContain('app-secrets is a secret set, not an image pull secret');
  });
});

describe('leaks', () => {
  test('no secret value used in this suite appears in any output', () => {
    expect(h.assertNoLeaks()).toBeGreaterThanOrEqual(30);
  });
});
