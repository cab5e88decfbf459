/**
 * The emulator itself: persistence across restarts (programmatic and through the real binary),
 * 200 concurrent writes to one set (with and without injected 409 conflicts), the admin endpoint,
 * raw HTTP error bodies, options, clean stop on SIGINT/SIGTERM.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { injectFaults, recordedRequests } from '../../cli/emulator/faults.js';
import { startEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('pipecat-emu-');
});
afterEach(async () => {
  await cleanup(dir);
});

describe('persistence and concurrency', () => {
  test('state survives a restart with a data file (mode 0600); token and org are kept', async () => {
    const data = join(dir, 'state.json');
    const a = await startEmulator({ dataFile: data, org: 'acme' });
    const c1 = new CloudClient({ token: a.token, baseUrl: a.url, retryBaseMs: 5 });
    await c1.upsertSecret('acme', 'keep-me', { key: 'A', value: '1', region: 'eu-central' });
    await c1.upsertSecret('acme', 'keep-me', { key: 'B', value: '2' });
    await c1.upsertImagePullSecret('acme', 'pull', { host: 'https://ghcr.io', secretValue: 'dTp0' });
    await a.close();
    expect((await stat(data)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(data, 'utf8'));
    expect(stored.orgs.acme.sets['keep-me'].secrets).toEqual({ A: '1', B: '2' });
    expect(stored.orgs.acme.sets.pull.host).toBe('https://ghcr.io/'); // the server appends a trailing slash

    const b = await startEmulator({ dataFile: data });
    try {
      expect([b.token, b.org]).toEqual([a.token, 'acme']);
      const c2 = new CloudClient({ token: b.token, baseUrl: b.url, retryBaseMs: 5 });
      expect(await c2.getSecretSet('acme', 'keep-me')).toMatchObject({
        secrets: [{ fieldName: 'A' }, { fieldName: 'B' }],
        region: 'eu-central',
      });
      expect((await c2.listSecretSets('acme')).map((s) => s.name)).toEqual(['keep-me', 'pull']);
    } finally {
      await b.close();
    }
  });

  test('a corrupt data file is refused with a message naming it', async () => {
    const data = join(dir, 'bad.json');
    await writeFile(data, '{not json');
    await expect(startEmulator({ dataFile: data })).rejects.toThrow(data);
  });

  test('200 concurrent PUTs to one set lose none (persisted to the data file)', async () => {
    const data = join(dir, 'burst.json');
    const emu = await startEmulator({ dataFile: data });
    try {
      const c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => c.upsertSecret(emu.org, 'burst-set', { key: `KEY_${i}`, value: `value-${i}` })),
      );
      const keys = (await c.getSecretSet(emu.org, 'burst-set')).secrets.map((s) => s.fieldName);
      expect(keys).toHaveLength(200);
      expect(new Set(keys)).toEqual(new Set(Array.from({ length: 200 }, (_, i) => `KEY_${i}`)));
      const stored = JSON.parse(await readFile(data, 'utf8'));
      expect(Object.keys(stored.orgs[emu.org].sets['burst-set'].secrets)).toHaveLength(200);
      expect(stored.orgs[emu.org].sets['burst-set'].secrets.KEY_199).toBe('value-199');
    } finally {
      await emu.close();
    }
  });

  test('200 concurrent PUTs land even when the platform answers 409 CONFLICT to many of them', async () => {
    const emu = await startEmulator({});
    try {
      await injectFaults(emu.url, { kind: 'conflict', count: 60, method: 'PUT' });
      // More attempts than conflicts, so no request can run out of them whatever the timing: with
      // full-jitter backoff a retry may come back while conflicts are left (a loaded machine once
      // sent one request into 4 in a row with the default of 4 attempts; docs/cloud-emulator.md).
      const c = new CloudClient({ token: emu.token, baseUrl: emu.url, maxAttempts: 61, retryBaseMs: 5 });
      await Promise.all(Array.from({ length: 200 }, (_, i) => c.upsertSecret(emu.org, 'busy-set', { key: `K${i}`, value: 'v' })));
      expect((await c.getSecretSet(emu.org, 'busy-set')).secrets).toHaveLength(200);
      const log = await recordedRequests(emu.url);
      expect(log.filter((r) => r.outcome === 409)).toHaveLength(60);
      expect(log.filter((r) => r.outcome === 202)).toHaveLength(200);
    } finally {
      await emu.close();
    }
  });
});

describe('raw HTTP', () => {
  test('error bodies for auth, unknown routes, methods and bad JSON; admin refuses bad specs', async () => {
    const emu = await startEmulator({});
    try {
      const S = `${emu.url}/v1/organizations/${emu.org}/secrets`;
      const auth = { Authorization: `Bearer ${emu.token}` };
      const call = async (url: string, init: RequestInit = {}) => {
        const r = await fetch(url, init);
        return [r.status, await r.json()];
      };
      expect(await call(S)).toEqual([401, { error: 'Unauthorized', code: 'UNAUTHORIZED' }]);
      expect(await call(S, { headers: { Authorization: 'Bearer nope' } })).toEqual([401, { error: 'Unauthorized', code: 'UNAUTHORIZED' }]);
      expect(await call(`${emu.url}/v2/whatever`, { headers: auth })).toEqual([404, { error: 'Not found', code: 'NOT_FOUND' }]);
      expect(await call(`${emu.url}/v1/users`, { method: 'DELETE', headers: auth })).toEqual([
        405,
        { error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' },
      ]);
      expect(await call(`${S}/some-set`, { method: 'PUT', headers: auth, body: '{oops' })).toEqual([
        400,
        { error: 'Invalid JSON body', code: 'GENERIC_BAD_REQUEST' },
      ]);
      expect(
        await call(`${S}/some-set`, {
          method: 'PUT',
          headers: auth,
          body: JSON.stringify({ name: 'other', secretKey: 'K', secretValue: 'v' }),
        }),
      ).toEqual([400, { error: "Body name 'other' does not match the set 'some-set' in the path", code: 'GENERIC_BAD_REQUEST' }]);
      const bad = await fetch(`${emu.url}/_emulator/faults`, { method: 'POST', body: JSON.stringify({ kind: 'explode' }) });
      expect(bad.status).toBe(400);
      const badStatus = await fetch(`${emu.url}/_emulator/sets/none-such/status`, {
        method: 'POST',
        body: JSON.stringify({ status: 'failed' }),
      });
      expect(badStatus.status).toBe(404);
    } finally {
      await emu.close();
    }
  });

  test('options: custom regions and default region; latency is added', async () => {
    await expect(startEmulator({ regions: ['eu-central'], defaultRegion: 'us-west' })).rejects.toThrow(/default region/);
    const emu = await startEmulator({ regions: ['eu-central', 'us-east'], defaultRegion: 'us-east', latencyMs: 150 });
    try {
      const c = new CloudClient({ token: emu.token, baseUrl: emu.url });
      const t0 = Date.now();
      expect((await c.regions(emu.org)).map((r) => r.code)).toEqual(['eu-central', 'us-east']);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
      expect(await c.organizationProperties(emu.org)).toEqual({ defaultRegion: 'us-east' });
      expect(await c.upsertSecret(emu.org, 'def-set', { key: 'K', value: 'v' })).toEqual({ status: 'OK', region: 'us-east' });
      await expect(c.upsertSecret(emu.org, 'def-set2', { key: 'K', value: 'v', region: 'us-west' })).rejects.toMatchObject({ status: 400 });
    } finally {
      await emu.close();
    }
  });
});

describe('the pipecat cloud emulator binary', () => {
  test('prints the URL and token, serves the API, persists with --data, stops cleanly on SIGTERM and SIGINT', async () => {
    const env = cleanEnv(dir);
    const data = join(dir, 'emu.json');
    const p1 = await spawnEmulator(['--data', data, '--org', 'demo-org', '--token', 'pcc_pat_fixed'], env);
    expect(p1.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect([p1.token, p1.org]).toEqual(['pcc_pat_fixed', 'demo-org']);
    const c1 = new CloudClient({ token: p1.token, baseUrl: p1.url, retryBaseMs: 5 });
    await c1.upsertSecret('demo-org', 'bin-set', { key: 'KEY', value: 'secret-value-1' });
    expect(await p1.stop('SIGTERM')).toBe(0);
    expect(p1.stderr()).toContain('PUT /v1/organizations/demo-org/secrets/bin-set -> 202');
    expect(p1.stderr()).not.toContain('secret-value-1');
    expect((await stat(data)).mode & 0o777).toBe(0o600);

    const p2 = await spawnEmulator(['--data', data], env); // token and org come from the file
    expect([p2.token, p2.org]).toEqual(['pcc_pat_fixed', 'demo-org']);
    const c2 = new CloudClient({ token: p2.token, baseUrl: p2.url, retryBaseMs: 5 });
    expect((await c2.getSecretSet('demo-org', 'bin-set')).secrets).toEqual([{ fieldName: 'KEY' }]);
    expect(await p2.stop('SIGINT')).toBe(0);
  });

  test('a generated token when none is given; bad options exit 2 with a message', async () => {
    const env = cleanEnv(dir);
    const p = await spawnEmulator(['--quiet'], env);
    expect(p.token).toMatch(/^pcc_pat_emulator_\S{10,}$/);
    expect(p.org).toBe('emulator-org');
    expect(await p.stop()).toBe(0);
    const bad = await runCli(['cloud', 'emulator', '--regions', 'eu-central', '--default-region', 'us-west'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--default-region us-west is not one of --regions');
    const badPort = await runCli(['cloud', 'emulator', '--port', '-3'], { env });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port');
  });
});
