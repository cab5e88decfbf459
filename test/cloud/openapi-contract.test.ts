/**
 * The emulator against the REST reference (pipecat-ai/docs `openapi.json`): for every operation of
 * the private API and the public start, each documented status the emulator can be brought to
 * answers with the fields the schema requires (the committed facts, `openapi-facts.json`, derived by
 * `scripts/openapi-facts.ts`) and, on success, the fields our client reads. Requests go to the
 * REST reference's own paths (`/v1/agents`, `/v1/secrets/{setName}`, …: the key's organisation);
 * 401 with a wrong token, 409 and 500 by injected faults.
 *
 * When the spec is on this machine (`PIPECAT_CLOUD_OPENAPI`, or the pipecat-ai/docs mirror), the
 * facts file must be what the spec gives; without it that check prints one SKIPPED line.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { uploadContext } from '../../cli/cloud-api/upload.js';
import { packContext } from '../../cli/deploy/context.js';
import { injectFaults } from '../../cli/emulator/faults.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { deriveFacts, factsText, FACTS_FILE, readSpec, type OpenApiFacts } from '../../scripts/openapi-facts.js';
import { skipLine } from '../helpers/shared.js';
import { cleanup, ROOT, tempDir } from './helpers.js';

const FACTS = JSON.parse(readFileSync(join(ROOT, FACTS_FILE), 'utf8')) as OpenApiFacts;

/**
 * Operations the emulator does not serve: the session proxy forwards a request to the bot of a
 * running session, and the emulator runs no bot (docs/cloud-emulator.md).
 */
const NOT_EMULATED = new Set(['sessionProxyGet', 'sessionProxyPost', 'sessionProxyPut', 'sessionProxyPatch', 'sessionProxyDelete']);

/** One request: path below the emulator (placeholders filled), body (made when sent), bearer (default: the token). */
interface Req {
  method?: string;
  path: string;
  body?: () => unknown | Promise<unknown>;
  /** The bearer of the request: the public start's is a public API key. */
  bearer?: () => string;
}

const MISSING_BUILD = '123e4567-e89b-12d3-a456-426614174000';
const bad = (path: string, body?: unknown): Req => ({ path, body: body === undefined ? undefined : () => body });

/**
 * How to bring each operation to a status (401, 409 and 500 need none: a wrong token, or a fault
 * injected before the status's own success request). Keyed by `operationId`, then status.
 */
const CALLS: Record<string, Record<string, Req>> = {
  listServices: { 200: { path: '/v1/agents' } },
  createService: {
    200: bad('/v1/agents', { serviceName: 'created-bot', image: 'img:1' }),
    400: bad('/v1/agents', { serviceName: 'Bad_Name', image: 'img:1' }),
    404: bad('/v1/agents', { serviceName: 'orphan-bot', image: 'img:1', secretSet: 'no-such-set' }),
  },
  getService: { 200: { path: '/v1/agents/contract-bot' }, 404: { path: '/v1/agents/no-bot' } },
  updateService: {
    200: bad('/v1/agents/contract-bot', { image: 'img:2' }),
    400: bad('/v1/agents/contract-bot', { image: 'no-tag' }),
    404: bad('/v1/agents/no-bot', { image: 'img:2' }),
  },
  deleteService: { 200: { path: '/v1/agents/doomed-bot' }, 404: { path: '/v1/agents/no-bot' } },
  getLogs: {
    200: { path: '/v1/agents/contract-bot/logs' },
    400: { path: '/v1/agents/contract-bot/logs?limit=0' },
    404: { path: '/v1/agents/no-bot/logs' },
  },
  listBuilds: { 200: { path: '/v1/builds?limit=5' } },
  createBuild: {
    201: { path: '/v1/builds', body: async () => ({ uploadId: await upload('fresh'), region: 'us-west' }) },
    200: { path: '/v1/builds', body: async () => ({ uploadId: await upload('built'), region: 'us-west' }) },
    400: bad('/v1/builds', { uploadId: '' }),
  },
  getBuild: { 200: { path: '/v1/builds/{buildId}' }, 400: { path: '/v1/builds/not-a-uuid' }, 404: { path: `/v1/builds/${MISSING_BUILD}` } },
  getBuildLogs: {
    200: { path: '/v1/builds/{buildId}/logs' },
    400: { path: '/v1/builds/not-a-uuid/logs' },
    404: { path: `/v1/builds/${MISSING_BUILD}/logs` },
  },
  getBuildUploadUrl: { 200: bad('/v1/builds/upload-url', { region: 'us-west' }), 400: bad('/v1/builds/upload-url', { region: 'mars' }) },
  getProperties: { 200: { path: '/v1/properties' } },
  updateProperties: { 200: bad('/v1/properties', { defaultRegion: 'us-east' }), 400: bad('/v1/properties', { nope: 'x' }) },
  getPropertiesSchema: { 200: { path: '/v1/properties/schema' } },
  listRegions: { 200: { path: '/v1/regions' } },
  listSecretSets: { 200: { path: '/v1/secrets' } },
  getSecretSet: { 200: { path: '/v1/secrets/contract-set' }, 400: { path: '/v1/secrets/pull-set' }, 404: { path: '/v1/secrets/no-set' } },
  upsertSecretSet: {
    202: bad('/v1/secrets/contract-set', { secrets: [{ secretKey: 'B', secretValue: 'two' }], region: 'us-west' }),
    400: bad('/v1/secrets/X', { secrets: [{ secretKey: 'B', secretValue: 'two' }] }),
  },
  deleteSecretFromSet: { 200: { path: '/v1/secrets/contract-set/GONE' }, 404: { path: '/v1/secrets/contract-set/NO_KEY' } },
  deleteSecretSet: { 200: { path: '/v1/secrets/doomed-set' }, 404: { path: '/v1/secrets/no-set' } },
  startService: {
    200: { path: '/v1/public/contract-bot/start', body: () => ({ createDailyRoom: true }), bearer: () => ids.key },
    400: { path: '/v1/public/contract-bot/start', body: () => ['not', 'an', 'object'], bearer: () => ids.key },
  },
  getSessions: {
    200: { path: '/v1/agents/contract-bot/sessions' },
    400: { path: '/v1/agents/contract-bot/sessions?status=sleeping' },
    404: { path: '/v1/agents/no-bot/sessions' },
  },
  getSession: {
    200: { path: '/v1/agents/contract-bot/sessions/{sessionId}' },
    404: { path: `/v1/agents/contract-bot/sessions/${MISSING_BUILD}` },
  },
  stopSession: {
    200: { path: '/v1/agents/contract-bot/sessions/{stopSessionId}' },
    400: { path: '/v1/agents/contract-bot/sessions/not-a-uuid' },
    404: { path: `/v1/agents/contract-bot/sessions/${MISSING_BUILD}` },
  },
};

/** Fields our client reads from each operation's success answer (they must be there, arrays non-empty). */
const CLIENT_READS: Record<string, string[]> = {
  listServices: ['services[].name', 'services[].region'],
  createService: ['name', 'region', 'ready', 'desiredDeploymentId'],
  getService: ['name', 'region', 'ready', 'activeDeploymentId', 'deployment.manifest.spec.image'],
  updateService: ['name', 'region', 'desiredDeploymentId'],
  getLogs: ['logs[].log', 'logs[].timestamp'],
  listBuilds: ['builds[].id', 'builds[].status', 'builds[].region', 'total'],
  createBuild: ['build.id', 'build.status', 'build.region', 'contextHash', 'cached'],
  getBuild: ['build.id', 'build.status', 'build.region', 'build.contextHash', 'build.dockerfilePath'],
  getBuildLogs: ['logs'],
  getBuildUploadUrl: ['uploadId', 'uploadUrl', 'uploadFields'],
  getProperties: ['properties.defaultRegion'],
  updateProperties: ['properties.defaultRegion.currentValue'],
  getPropertiesSchema: ['properties.defaultRegion.currentValue', 'properties.defaultRegion.availableValues'],
  listRegions: ['regions[].code', 'regions[].display_name'],
  listSecretSets: ['sets[].name', 'sets[].type', 'sets[].region', 'sets[].status'],
  getSecretSet: ['secrets[].fieldName', 'region', 'status'],
  upsertSecretSet: ['status', 'region'],
  startService: ['sessionId', 'dailyRoom', 'dailyToken'],
  getSessions: ['sessions[].sessionId', 'sessions[].botStartSeconds', 'total_count'],
  getSession: ['sessionId', 'createdAt'],
};

/**
 * What is wrong with `value` against one required path (`a.b`, `a[].b`, `a.*.b`). The last field
 * must be there; an absent container above it is fine unless `strict` (the client reads it: it must
 * be there, and an array or map must not be empty).
 */
function problems(value: unknown, path: string, strict: boolean): string[] {
  const segs = path.split('.');
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const walk = (v: unknown, i: number, at: string): string[] => {
    const seg = segs[i];
    if (seg === '*') {
      if (!isObj(v)) return [`${at} is not an object`];
      const entries = Object.entries(v);
      if (strict && !entries.length) return [`${at} is empty`];
      return entries.flatMap(([k, x]) => walk(x, i + 1, `${at}.${k}`));
    }
    const isArr = seg.endsWith('[]');
    const key = isArr ? seg.slice(0, -2) : seg;
    const here = at ? `${at}.${key}` : key;
    if (!isObj(v)) return [`${at || 'the body'} is not an object`];
    if (v[key] === undefined) return i === segs.length - 1 || strict ? [`${here} is missing`] : [];
    if (i === segs.length - 1) return [];
    const next = v[key];
    if (next === null) return strict ? [`${here} is null`] : [];
    if (!isArr) return walk(next, i + 1, here);
    if (!Array.isArray(next)) return [`${here} is not an array`];
    if (strict && !next.length) return [`${here} is empty`];
    return next.flatMap((x, k) => walk(x, i + 1, `${here}[${k}]`));
  };
  return walk(value, 0, '');
}

let dir: string;
let emu: RunningEmulator;
let client: CloudClient;
const ids: Record<string, string> = {};
const contexts: Record<string, Buffer> = {};

/** Uploads the named context (made in `beforeAll`); returns its upload id. */
async function upload(name: string): Promise<string> {
  const target = await client.requestUploadUrl(emu.org, 'us-west');
  await uploadContext(target, contexts[name]);
  return target.uploadId;
}

/** The request's path with its placeholders filled. */
const pathOf = (req: Req) =>
  req.path.replace('{buildId}', ids.build).replace('{sessionId}', ids.session).replace('{stopSessionId}', ids.stopSession);

/** Sends a request to the emulator; the answer's status and JSON body. */
async function send(method: string, req: Req, token = req.bearer?.() ?? emu.token): Promise<{ status: number; body: unknown }> {
  const path = pathOf(req);
  const body = req.body ? JSON.stringify(await req.body()) : undefined;
  const res = await fetch(emu.url + path, {
    method: req.method ?? method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body,
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  dir = await tempDir('pipecat-contract-');
  emu = await startEmulator({ org: 'acme', buildMs: 0, deployMs: 0 });
  client = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
  for (const name of ['fresh', 'built']) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'Dockerfile'), `FROM python:3.12\n# ${name}\n`);
    contexts[name] = (await packContext(join(dir, name))).tarball;
  }
  ids.build = (
    await client.createBuild(emu.org, { uploadId: await upload('built'), region: 'us-west', dockerfilePath: 'Dockerfile' })
  ).build.id;
  for (const [key, value] of [
    ['A', 'one'],
    ['GONE', 'x'],
  ])
    await client.upsertSecret(emu.org, 'contract-set', { key: key, value: value, region: 'us-west' });
  await client.upsertSecret(emu.org, 'doomed-set', { key: 'K', value: 'v' });
  await client.upsertImagePullSecret(emu.org, 'pull-set', { host: 'https://ghcr.io', secretValue: 'dTp0' });
  for (const name of ['contract-bot', 'doomed-bot']) await client.createAgent(emu.org, { serviceName: name, image: 'img:1' });
  ids.key = (await client.createPublicKey(emu.org, 'contract')).key;
  ids.session = (await client.startSession('contract-bot', ids.key, { createDailyRoom: false })).sessionId!;
  ids.stopSession = (await client.startSession('contract-bot', ids.key, { createDailyRoom: false })).sessionId!;
});
afterAll(async () => {
  await emu.close();
  await cleanup(dir);
});

describe('the facts table', () => {
  const spec = readSpec();
  if (typeof spec === 'string') skipLine('openapi-facts.json against the REST reference', spec);
  (typeof spec === 'string' ? test.skip : test)('is what the spec gives (else: node dist/scripts/openapi-facts.js)', () => {
    if (typeof spec === 'string') return;
    expect(readFileSync(join(ROOT, FACTS_FILE), 'utf8')).toBe(factsText(deriveFacts(spec.docs)));
  });

  test('every operation is called or not emulated; no name is stale', () => {
    const known = new Set(FACTS.operations.map((o) => o.operationId));
    for (const id of known) expect([id, !!CALLS[id] || NOT_EMULATED.has(id)]).toEqual([id, true]);
    for (const id of [...Object.keys(CALLS), ...NOT_EMULATED, ...Object.keys(CLIENT_READS)])
      expect([id, known.has(id)]).toEqual([id, true]);
  });
});

describe('the emulator answers as the REST reference requires', () => {
  const served = FACTS.operations.filter((o) => CALLS[o.operationId]);
  test.each(served.map((o) => [o.operationId, o] as const))('%s', async (_id, op) => {
    const calls = CALLS[op.operationId];
    const success = Object.keys(calls).find((s) => s.startsWith('2')) as string;
    const found: string[] = [];
    for (const status of Object.keys(op.responses)) {
      let answer: { status: number; body: unknown };
      if (status === '401') answer = await send(op.method, calls[success], 'pcc_pat_wrong');
      else if (status === '409' || status === '500') {
        const path = pathOf(calls[success]).split('?')[0];
        await injectFaults(emu.url, { kind: status === '409' ? 'conflict' : 'error', status: 500, method: op.method, path, count: 1 });
        answer = await send(op.method, calls[success]);
      } else if (calls[status]) answer = await send(op.method, calls[status]);
      else {
        found.push(`${status}: no call brings it about`);
        continue;
      }
      if (answer.status !== Number(status)) found.push(`${status}: answered ${answer.status} ${JSON.stringify(answer.body)}`);
      for (const p of op.responses[status]) found.push(...problems(answer.body, p, false).map((x) => `${status}: ${x}`));
      if (status === success)
        for (const p of CLIENT_READS[op.operationId] ?? []) found.push(...problems(answer.body, p, true).map((x) => `${status}: ${x}`));
    }
    expect(found).toEqual([]);
  });
});
