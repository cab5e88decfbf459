/**
 * The real API client against the real emulator on a random loopback port: every endpoint, every
 * error body, retries under each injected fault, no retry of a non-idempotent call, timeouts,
 * unreachable hosts, 401 mapping, debug redaction, headers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { cleanup, tempDir } from './helpers.js';
import type { AddressInfo } from 'node:net';
import { CloudClient, type CloudClientOptions } from '../../cli/cloud-api/client.js';
import { apiPath, parseRetryAfter } from '../../cli/cloud-api/http.js';
import { ApiError, HostUnreachableError } from '../../cli/cloud-api/errors.js';
import { clearFaults, clearRecordedRequests, injectFaults, recordedRequests, setSetStatus } from '../../cli/emulator/faults.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';

let emu: RunningEmulator;
let org: string;
const client = (o: Partial<CloudClientOptions> = {}) =>
  new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5, timeoutMs: 2000, ...o });

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, org: 'acme' });
  org = emu.org;
});
afterAll(async () => {
  await emu.close();
});
afterEach(async () => {
  await clearFaults(emu.url);
  await clearRecordedRequests(emu.url);
});

describe('endpoints', () => {
  test('identity, organisations, regions, properties', async () => {
    const c = client();
    expect(await c.organizations()).toEqual([{ name: 'acme', verboseName: expect.any(String) }]);
    const u = await c.whoami();
    expect(typeof u.userId).toBe('string');
    expect(u.emails[0].emailAddress).toMatch(/@/);
    expect((await c.regions(org)).map((r) => r.code)).toEqual(['us-west', 'us-east', 'eu-central', 'ap-south']);
    expect((await c.regions(org))[0].display_name).toBe('US West (Oregon)');
    expect(await c.organizationProperties(org)).toEqual({ defaultRegion: 'us-west' });
  });

  test('upsert, list, get, delete key, delete set', async () => {
    const c = client();
    expect(await c.upsertSecret(org, 'app-secrets', { key: 'OPENAI_API_KEY', value: 'sk-1' })).toEqual({ status: 'OK', region: 'us-west' });
    expect(await c.upsertSecret(org, 'app-secrets', { key: 'DAILY_API_KEY', value: 'd-1' })).toEqual({ status: 'OK', region: 'us-west' });
    expect(await c.upsertSecret(org, 'eu-secrets', { key: 'K', value: 'v', region: 'eu-central' })).toEqual({
      status: 'OK',
      region: 'eu-central',
    });
    // a later write without region keeps the set's region
    expect(await c.upsertSecret(org, 'eu-secrets', { key: 'K2', value: 'v' })).toEqual({ status: 'OK', region: 'eu-central' });
    const all = await c.listSecretSets(org);
    expect(all.map((s) => [s.name, s.type, s.region, s.status])).toEqual([
      ['app-secrets', 'secret', 'us-west', 'ready'],
      ['eu-secrets', 'secret', 'eu-central', 'ready'],
    ]);
    expect((await c.listSecretSets(org, { region: 'eu-central' })).map((s) => s.name)).toEqual(['eu-secrets']);
    const detail = await c.getSecretSet(org, 'app-secrets');
    expect(detail).toEqual({
      secrets: [{ fieldName: 'DAILY_API_KEY' }, { fieldName: 'OPENAI_API_KEY' }],
      region: 'us-west',
      status: 'ready',
    });
    expect(JSON.stringify(detail)).not.toContain('sk-1');
    await c.deleteSecret(org, 'app-secrets', 'OPENAI_API_KEY');
    expect((await c.getSecretSet(org, 'app-secrets')).secrets).toEqual([{ fieldName: 'DAILY_API_KEY' }]);
    await c.deleteSecretSet(org, 'app-secrets');
    await c.deleteSecretSet(org, 'eu-secrets');
    expect(await c.listSecretSets(org)).toEqual([]);
  });

  test('image pull secret: created, listed, cannot be read by name, deleted as a set', async () => {
    const c = client();
    const value = Buffer.from('user:token').toString('base64');
    expect(
      await c.upsertImagePullSecret(org, 'registry', { host: 'https://index.docker.io/v1', secretValue: value, region: 'us-east' }),
    ).toEqual({
      status: 'OK',
      region: 'us-east',
    });
    expect(await c.listSecretSets(org)).toEqual([{ name: 'registry', type: 'imagePullSecret', region: 'us-east', status: 'ready' }]);
    const e = (await rejection(c.getSecretSet(org, 'registry'))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.code, e.apiMessage]).toEqual([400, 'GENERIC_BAD_REQUEST', 'Cannot retrieve image pull secrets by name']);
    await c.deleteSecretSet(org, 'registry');
    expect(await c.listSecretSets(org)).toEqual([]);
  });

  test('path segments are percent-encoded (a key with a slash and a space)', async () => {
    const c = client();
    await c.upsertSecret(org, 'enc-set', { key: 'A/B C', value: 'v' });
    expect((await c.getSecretSet(org, 'enc-set')).secrets).toEqual([{ fieldName: 'A/B C' }]);
    await c.deleteSecret(org, 'enc-set', 'A/B C');
    expect((await c.getSecretSet(org, 'enc-set')).secrets).toEqual([]);
    await c.deleteSecretSet(org, 'enc-set');
    expect(() => apiPath`/v1/x/${'..'}`).toThrow(RangeError);
  });

  test('provisioning: pending after a write, then ready; failed with errorMessage via the admin endpoint', async () => {
    const slow = await startEmulator({ provisionMs: 300 });
    try {
      const c = new CloudClient({ token: slow.token, baseUrl: slow.url, retryBaseMs: 5 });
      await c.upsertSecret(slow.org, 'slow-set', { key: 'K', value: 'v' });
      expect((await c.getSecretSet(slow.org, 'slow-set')).status).toBe('pending');
      expect((await c.listSecretSets(slow.org))[0].status).toBe('pending');
      await new Promise((r) => setTimeout(r, 350));
      expect((await c.getSecretSet(slow.org, 'slow-set')).status).toBe('ready');
      await setSetStatus(slow.url, 'slow-set', 'failed', 'registry unreachable');
      expect(await c.getSecretSet(slow.org, 'slow-set')).toMatchObject({ status: 'failed', errorMessage: 'registry unreachable' });
      expect((await c.listSecretSets(slow.org))[0]).toMatchObject({ status: 'failed', errorMessage: 'registry unreachable' });
      await c.upsertSecret(slow.org, 'slow-set', { key: 'K', value: 'v2' }); // a new write re-provisions
      expect((await c.getSecretSet(slow.org, 'slow-set')).status).toBe('pending');
    } finally {
      await slow.close();
    }
  });
});

describe('error bodies', () => {
  const expectApiError = async (p: Promise<unknown>, status: number, code: string, message: string | RegExp) => {
    const e = (await rejection(p)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(status);
    expect(e.code).toBe(code);
    if (typeof message === 'string') expect(e.apiMessage).toBe(message);
    else expect(e.apiMessage).toMatch(message);
    expect(e.exitCode).toBe(status === 401 ? 4 : 1);
    return e;
  };

  test('404 NOT_FOUND for a missing set, a missing key, and a set in another region', async () => {
    const c = client();
    await expectApiError(c.getSecretSet(org, 'nope-set'), 404, 'NOT_FOUND', 'Set not found');
    await expectApiError(c.deleteSecretSet(org, 'nope-set'), 404, 'NOT_FOUND', 'Set not found');
    await expectApiError(c.deleteSecret(org, 'nope-set', 'K'), 404, 'NOT_FOUND', 'Set not found');
    await c.upsertSecret(org, 'err-set', { key: 'K', value: 'v' });
    await expectApiError(c.deleteSecret(org, 'err-set', 'MISSING'), 404, 'NOT_FOUND', 'Secret not found');
    await expectApiError(c.getSecretSet(org, 'err-set', { region: 'ap-south' }), 404, 'NOT_FOUND', 'Set not found');
    const e = await expectApiError(c.getSecretSet(org, 'nope-set'), 404, 'NOT_FOUND', 'Set not found');
    expect([e.method, e.path]).toEqual(['GET', `/v1/organizations/${org}/secrets/nope-set`]);
    // 4xx answers are not retried
    expect((await recordedRequests(emu.url)).filter((r) => r.outcome === 404)).toHaveLength(6);
    await c.deleteSecretSet(org, 'err-set');
  });

  test('400 for a region change, an invalid region, a regular set turned into an image pull secret, and back', async () => {
    const c = client();
    await c.upsertSecret(org, 'west-set', { key: 'K', value: 'v', region: 'us-west' });
    await expectApiError(
      c.upsertSecret(org, 'west-set', { key: 'K', value: 'v', region: 'eu-central' }),
      400,
      'GENERIC_BAD_REQUEST',
      "Secret already exists in region 'us-west'. Cannot change region to 'eu-central'.",
    );
    await expectApiError(
      c.upsertSecret(org, 'other-set', { key: 'K', value: 'v', region: 'mars-1' }),
      400,
      'GENERIC_BAD_REQUEST',
      /Invalid region 'mars-1'/,
    );
    await expectApiError(
      c.upsertImagePullSecret(org, 'west-set', { host: 'https://ghcr.io', secretValue: 'dTp0' }),
      400,
      'GENERIC_BAD_REQUEST',
      /cannot be turned into an image pull secret/,
    );
    await c.upsertImagePullSecret(org, 'pull-set', { host: 'https://ghcr.io', secretValue: 'dTp0' });
    await expectApiError(c.upsertSecret(org, 'pull-set', { key: 'K', value: 'v' }), 400, 'GENERIC_BAD_REQUEST', /image pull secret/);
    await c.deleteSecretSet(org, 'west-set');
    await c.deleteSecretSet(org, 'pull-set');
  });

  test('400 for a missing host/secretValue, a bad set name, an empty value; 404 for another org', async () => {
    const c = client();
    const S = `/v1/organizations/${org}/secrets`;
    await expectApiError(
      c.request({ method: 'PUT', path: `${S}/pull-two`, body: { isImagePullSecret: true, secretValue: 'dTp0' } }),
      400,
      'GENERIC_BAD_REQUEST',
      /isImagePullSecret, host and secretValue are required/,
    );
    await expectApiError(
      c.request({ method: 'PUT', path: `${S}/pull-two`, body: { isImagePullSecret: true, host: 'https://ghcr.io' } }),
      400,
      'GENERIC_BAD_REQUEST',
      /required/,
    );
    for (const bad of ['Upper-Case', 'ab', 'under_score', '-lead', 'trail-', 'x'.repeat(64)]) {
      await expectApiError(c.upsertSecret(org, bad, { key: 'K', value: 'v' }), 400, 'GENERIC_BAD_REQUEST', /Invalid secret set name/);
    }
    expect(await c.upsertSecret(org, 'a.b-c', { key: 'K', value: 'v' })).toEqual({ status: 'OK', region: 'us-west' });
    await expectApiError(
      c.upsertSecret(org, 'a.b-c', { key: 'K', value: '' }),
      400,
      'GENERIC_BAD_REQUEST',
      'secretValue must not be empty',
    );
    await expectApiError(
      c.request({ method: 'PUT', path: `${S}/a.b-c`, body: { secretValue: 'v' } }),
      400,
      'GENERIC_BAD_REQUEST',
      'secretKey is required',
    );
    await expectApiError(c.listSecretSets('someone-else'), 404, 'NOT_FOUND', "Organization 'someone-else' not found");
    await c.deleteSecretSet(org, 'a.b-c');
  });

  test('401 UNAUTHORIZED maps to exit code 4 and is not retried', async () => {
    const c = client({ token: 'pcc_pat_wrong' });
    const e = await expectApiError(c.organizations(), 401, 'UNAUTHORIZED', 'Unauthorized');
    expect(e.message).toMatch(/rejected the credentials/);
    expect(await recordedRequests(emu.url)).toEqual([{ method: 'GET', path: '/v1/organizations', outcome: 401 }]);
  });
});

describe('retries', () => {
  const listPath = () => `/v1/organizations/${org}/secrets`;

  test('500 and 503 are retried until success, within maxAttempts', async () => {
    await injectFaults(emu.url, [
      { kind: 'error', count: 2 },
      { kind: 'error', status: 503 },
    ]);
    expect(await client().listSecretSets(org)).toEqual([]);
    expect((await recordedRequests(emu.url)).map((r) => r.outcome)).toEqual([500, 500, 503, 200]);
  });

  test('attempts are bounded: 5xx on every attempt ends in the ApiError', async () => {
    await injectFaults(emu.url, { kind: 'error', count: 10 });
    const e = (await rejection(client({ maxAttempts: 3 }).listSecretSets(org))) as ApiError;
    expect([e.status, e.code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    expect(await recordedRequests(emu.url)).toHaveLength(3);
  });

  test('429 honours Retry-After in seconds', async () => {
    await injectFaults(emu.url, { kind: 'rate-limit', retryAfter: 1 });
    const t0 = Date.now();
    await client().organizations();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect((await recordedRequests(emu.url)).map((r) => r.outcome)).toEqual([429, 200]);
  });

  test('429 honours Retry-After as an HTTP date; a Retry-After beyond the limit is not waited for', async () => {
    await injectFaults(emu.url, { kind: 'rate-limit', retryAfter: new Date(Date.now() + 2000).toUTCString() });
    const t0 = Date.now();
    await client().organizations();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT'))).toBe(2000);
    await clearRecordedRequests(emu.url);
    await injectFaults(emu.url, { kind: 'rate-limit', retryAfter: 120 });
    const e = (await rejection(client({ maxRetryDelayMs: 1000 }).organizations())) as ApiError;
    expect(e.status).toBe(429);
    expect(await recordedRequests(emu.url)).toHaveLength(1);
  });

  test('409 CONFLICT on a PUT is retried', async () => {
    await injectFaults(emu.url, { kind: 'conflict', count: 2, method: 'PUT' });
    expect(await client().upsertSecret(org, 'conflict-set', { key: 'K', value: 'v' })).toEqual({ status: 'OK', region: 'us-west' });
    expect((await recordedRequests(emu.url)).map((r) => r.outcome)).toEqual([409, 409, 202]);
    await client().deleteSecretSet(org, 'conflict-set');
  });

  test('a reset connection is retried; on every attempt it is a HostUnreachableError (reset)', async () => {
    await injectFaults(emu.url, { kind: 'reset', path: listPath() });
    expect(await client().listSecretSets(org)).toEqual([]);
    expect((await recordedRequests(emu.url)).map((r) => r.outcome)).toEqual(['reset', 200]);
    await injectFaults(emu.url, { kind: 'reset', count: 2, path: listPath() });
    const e = (await rejection(client({ maxAttempts: 2 }).listSecretSets(org))) as HostUnreachableError;
    expect(e).toBeInstanceOf(HostUnreachableError);
    expect(e.reason).toBe('reset');
    expect(e.exitCode).toBe(1);
  });

  test('a stalled answer times out per attempt and is retried', async () => {
    await injectFaults(emu.url, { kind: 'stall', stallMs: 5000 });
    const t0 = Date.now();
    expect(await client({ timeoutMs: 300 }).organizations()).toHaveLength(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect((await recordedRequests(emu.url)).map((r) => r.outcome)).toEqual(['stall', 200]);
  });

  test('a timeout on every attempt is a HostUnreachableError naming the host', async () => {
    await injectFaults(emu.url, { kind: 'stall', count: 2, stallMs: 5000 });
    const e = (await rejection(client({ timeoutMs: 200, maxAttempts: 2 }).whoami())) as HostUnreachableError;
    expect(e).toBeInstanceOf(HostUnreachableError);
    expect(e.reason).toBe('timeout');
    expect(e.message).toContain(emu.url);
    expect(e.message).toMatch(/could not reach/);
  });

  test('a non-idempotent request is never retried (500, reset)', async () => {
    const c = client();
    await injectFaults(emu.url, { kind: 'error', count: 5 });
    const e = (await rejection(c.request({ method: 'POST', path: listPath(), body: {} }))) as ApiError;
    expect(e.status).toBe(500);
    expect(await recordedRequests(emu.url)).toEqual([{ method: 'POST', path: listPath(), outcome: 500 }]);
    await clearFaults(emu.url);
    await clearRecordedRequests(emu.url);
    // a PUT marked non-idempotent is not retried either
    await injectFaults(emu.url, { kind: 'reset', count: 5 });
    const r = await rejection(
      c.request({ method: 'PUT', path: `${listPath()}/once-set`, body: { secretKey: 'K', secretValue: 'v' }, idempotent: false }),
    );
    expect(r).toBeInstanceOf(HostUnreachableError);
    expect(await recordedRequests(emu.url)).toHaveLength(1);
  });

  test('DELETE: a retry answering 404 after an attempt that may have landed counts as success', async () => {
    const c = client();
    await c.upsertSecret(org, 'del-set', { key: 'K', value: 'v' });
    await c.upsertSecret(org, 'del-set', { key: 'K2', value: 'v' });
    await clearRecordedRequests(emu.url);
    // the first attempt deletes the key, then the connection is reset before the answer
    await injectFaults(emu.url, { kind: 'reset', apply: true, method: 'DELETE' });
    await c.deleteSecret(org, 'del-set', 'K');
    expect((await recordedRequests(emu.url)).map((r) => r.outcome)).toEqual(['reset', 404]);
    expect((await c.getSecretSet(org, 'del-set')).secrets).toEqual([{ fieldName: 'K2' }]);
    // whereas a 404 after a 429 (not applied) is a real 404
    await injectFaults(emu.url, { kind: 'rate-limit', retryAfter: 0, method: 'DELETE' });
    const e = (await rejection(c.deleteSecret(org, 'del-set', 'K'))) as ApiError;
    expect([e.status, e.apiMessage]).toEqual([404, 'Secret not found']);
    await c.deleteSecretSet(org, 'del-set');
  });
});

describe('unreachable hosts', () => {
  test('a closed port: HostUnreachableError (refused) naming the host, after bounded attempts', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const lines: string[] = [];
    const c = new CloudClient({
      token: 't',
      baseUrl: `http://127.0.0.1:${port}`,
      retryBaseMs: 5,
      maxAttempts: 3,
      debug: (l) => lines.push(l),
    });
    const e = (await rejection(c.listSecretSets('acme'))) as HostUnreachableError;
    expect(e).toBeInstanceOf(HostUnreachableError);
    expect(e.reason).toBe('refused');
    expect(e.message).toContain(`could not reach Pipecat Cloud at http://127.0.0.1:${port}`);
    expect(lines.filter((l) => l.includes('no answer: refused'))).toHaveLength(3);
  });

  test('a certificate that does not verify: HostUnreachableError (tls)', async () => {
    const dir = await tempDir('pipecat-tls-');
    try {
      try {
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-keyout',
            join(dir, 'k.pem'),
            '-out',
            join(dir, 'c.pem'),
            '-days',
            '1',
            '-subj',
            '/CN=localhost',
          ],
          { stdio: 'ignore' },
        );
      } catch {
        console.warn('openssl not available: TLS failure test skipped');
        return;
      }
      const srv = createHttpsServer({ key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }, (_q, r) =>
        r.end('{}'),
      );
      await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
      try {
        const c = new CloudClient({
          token: 't',
          baseUrl: `https://127.0.0.1:${(srv.address() as AddressInfo).port}`,
          retryBaseMs: 5,
          maxAttempts: 2,
        });
        const e = (await rejection(c.whoami())) as HostUnreachableError;
        expect(e).toBeInstanceOf(HostUnreachableError);
        expect(e.reason).toBe('tls');
        expect(e.message).toMatch(/could not reach Pipecat Cloud at https:\/\/127\.0\.0\.1:\d+: TLS\/certificate failure/);
      } finally {
        await new Promise<void>((r) => srv.close(() => r()));
      }
    } finally {
      await cleanup(dir);
    }
  });

  test('an unknown host name: HostUnreachableError (dns)', async () => {
    const c = new CloudClient({ token: 't', baseUrl: 'http://no-such-host.invalid', retryBaseMs: 5, maxAttempts: 1, timeoutMs: 5000 });
    const e = (await rejection(c.whoami())) as HostUnreachableError;
    expect(e).toBeInstanceOf(HostUnreachableError);
    expect(e.reason).toBe('dns');
    expect(e.message).toContain('no-such-host.invalid');
  });
});

describe('headers and debug output', () => {
  test('debug lines show method, URL, status and timing, never the token or a secret value', async () => {
    const lines: string[] = [];
    const c = client({ debug: (l) => lines.push(l) });
    const secret = 'sk-very-secret-value-123';
    await c.upsertSecret(org, 'dbg-set', { key: 'API_KEY', value: secret });
    await c.upsertImagePullSecret(org, 'dbg-pull', { host: 'https://ghcr.io', secretValue: 'dXNlcjpnaHBfc2VjcmV0' });
    await injectFaults(emu.url, { kind: 'error' });
    await c.listSecretSets(org);
    const all = lines.join('\n');
    expect(all).toMatch(new RegExp(`PUT ${emu.url}/v1/organizations/${org}/secrets/dbg-set -> 202 \\(\\d+ ms\\)`));
    expect(all).toMatch(/-> 500 \(\d+ ms\)/);
    expect(all).toMatch(/retry 2\/4/);
    expect(all).toContain('"secretValue":"<redacted>"');
    expect(all).not.toContain(secret);
    expect(all).not.toContain('dXNlcjpnaHBfc2VjcmV0');
    expect(all).not.toContain(emu.token);
    await c.deleteSecretSet(org, 'dbg-set');
    await c.deleteSecretSet(org, 'dbg-pull');
  });

  test('sends Bearer token, JSON, and User-Agent generator-pipecat/<version>', async () => {
    let seen: { headers: IncomingHttpHeaders; url?: string; body: string } | undefined;
    const srv = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen = { headers: req.headers, url: req.url, body };
        res.writeHead(202, { 'Content-Type': 'application/json' });
        res.end('{"status":"OK","region":"us-west"}');
      });
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const c = new CloudClient({ token: 'pcc_pat_abc', baseUrl: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/` });
      await c.upsertSecret('my org', 'set-1', { key: 'K', value: 'v', region: 'us-east' });
      expect(seen!.url).toBe('/v1/organizations/my%20org/secrets/set-1');
      expect(seen!.headers.authorization).toBe('Bearer pcc_pat_abc');
      expect(seen!.headers['content-type']).toBe('application/json');
      expect(seen!.headers['user-agent']).toMatch(/^generator-pipecat\/\d+\.\d+\.\d+/);
      expect(JSON.parse(seen!.body)).toEqual({
        name: 'set-1',
        isImagePullSecret: false,
        secretKey: 'K',
        secretValue: 'v',
        region: 'us-east',
      });
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });

  test('PIPECAT_API_HOST is the default base URL', () => {
    const old = process.env.PIPECAT_API_HOST;
    process.env.PIPECAT_API_HOST = 'http://127.0.0.1:9/';
    try {
      expect(new CloudClient({ token: 't' }).baseUrl).toBe('http://127.0.0.1:9');
    } finally {
      if (old === undefined) delete process.env.PIPECAT_API_HOST;
      else process.env.PIPECAT_API_HOST = old;
    }
    if (!process.env.PIPECAT_API_HOST) expect(new CloudClient({ token: 't' }).baseUrl).toBe('https://api.pipecat.daily.co');
  });
});
