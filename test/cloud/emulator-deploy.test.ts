/**
 * The emulator's agents and Cloud Builds endpoints (`cli/emulator/deploy.ts`), through the typed
 * client: validation answers, the upload URL, cached builds (200) against new ones (201), a build
 * that fails without its Dockerfile, deployments that become ready, and persistence.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { uploadContext } from '../../cli/cloud-api/upload.js';
import { packContext } from '../../cli/deploy/context.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanup, tempDir } from './helpers.js';

let dir: string;
let emu: RunningEmulator;
let c: CloudClient;
const ORG = 'acme';

beforeEach(async () => {
  dir = await tempDir('pipecat-emu-deploy-');
  emu = await startEmulator({ org: ORG, buildMs: 600, deployMs: 60, dataFile: join(dir, 'state.json') });
  c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
});
afterEach(async () => {
  await emu.close();
  await cleanup(dir);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `read` every 10 ms until `done` holds of its value (at most 10 s: a loaded machine is slow). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await sleep(10);
  }
}

/** Upload a folder's context and create a build. */
async function build(folder: string, dockerfilePath = 'Dockerfile') {
  const ctx = await packContext(folder);
  const target = await c.requestUploadUrl(ORG, 'us-west');
  expect(new URL(target.uploadUrl).hostname).toBe('127.0.0.1');
  await uploadContext(target, ctx.tarball);
  return { ctx, created: await c.createBuild(ORG, { uploadId: target.uploadId, region: 'us-west', dockerfilePath }) };
}

describe('builds', () => {
  test('pending -> building -> success; the same context again is the cached build', async () => {
    const folder = join(dir, 'ctx');
    await mkdir(folder);
    await writeFile(join(folder, 'Dockerfile'), 'FROM x\n');
    const { ctx, created } = await build(folder);
    expect(created).toMatchObject({ cached: false, contextHash: ctx.contextHash, build: { status: 'pending' } });
    const seen = new Set<string>();
    // The build stays `building` for 400 ms of its 600: a poll every 10 ms sees it even under load.
    await until(
      async () => (await c.getBuild(ORG, created.build.id)).status,
      (status) => seen.add(status).has('success'),
    );
    expect([...seen]).toEqual(expect.arrayContaining(['building', 'success']));
    const again = await build(folder);
    expect(again.created).toMatchObject({ cached: true, build: { id: created.build.id } });
    expect(await c.listBuilds(ORG, { contextHash: ctx.contextHash, status: 'success', limit: 1 })).toHaveLength(1);
  });

  test('no Dockerfile in the context: failed with an error message and a log', async () => {
    const folder = join(dir, 'ctx');
    await mkdir(folder);
    await writeFile(join(folder, 'bot.py'), '');
    const { created } = await build(folder);
    const b = await until(
      () => c.getBuild(ORG, created.build.id),
      (x) => x.status !== 'pending' && x.status !== 'building',
    );
    expect(b).toMatchObject({
      status: 'failed',
      errorMessage: "Docker build failed: Dockerfile 'Dockerfile' not found in the build context",
    });
    expect((await c.buildLogs(ORG, b.id)).at(-1)).toMatch(/^ERROR: failed to solve/);
  });

  test('the upload URL refuses an unknown key, as S3 refuses a bad policy', async () => {
    const target = await c.requestUploadUrl(ORG);
    await expect(uploadContext({ ...target, uploadFields: { ...target.uploadFields, key: 'other' } }, Buffer.from('x'))).rejects.toThrow(
      /failed: 403 AccessDenied/,
    );
    await expect(c.createBuild(ORG, { uploadId: target.uploadId, dockerfilePath: 'Dockerfile' })).rejects.toMatchObject({
      status: 400,
      apiMessage: `No build context was uploaded for upload '${target.uploadId}'`,
    });
  });
});

describe('agents', () => {
  test('validation answers name every problem of the body', async () => {
    await expect(
      c.createAgent(ORG, { serviceName: 'ok-name', image: 'no-tag', autoScaling: { minAgents: 3, maxAgents: 1 }, maxSessionDuration: 5 }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'GENERIC_BAD_REQUEST',
      apiMessage:
        'Image must include a tag e.g. my-image:latest; autoScaling.maxAgents must be greater than or equal to minAgents; maxSessionDuration must be between 60 and 14400 seconds',
    });
    await expect(c.createAgent(ORG, { serviceName: 'Bad_Name', image: 'a:1' })).rejects.toMatchObject({ status: 400 });
    await expect(c.createAgent(ORG, { serviceName: 'a-b', image: 'a:1', secretSet: 'nope' })).rejects.toMatchObject({
      status: 404,
      apiMessage: "Secret set 'nope' not found",
    });
    await expect(c.updateAgent(ORG, { serviceName: 'a-b', image: 'a:1' })).rejects.toMatchObject({ status: 404 });
  });

  test('a deployment becomes ready; an unchanged update warns; state survives a restart', async () => {
    const created = await c.createAgent(ORG, { serviceName: 'bot', image: 'me/bot:1', region: 'eu-central' });
    expect(created).toMatchObject({ name: 'bot', region: 'eu-central', ready: false });
    expect(
      await until(
        () => c.getAgent(ORG, 'bot'),
        (a) => a?.ready === true,
      ),
    ).toMatchObject({
      ready: true,
      available: true,
      deployment: { manifest: { spec: { image: 'me/bot:1' } } },
    });
    const same = await c.updateAgent(ORG, { serviceName: 'bot', image: 'me/bot:1', region: 'eu-central' });
    expect(same.warning).toMatch(/unchanged/);
    expect(same.activeDeploymentId).toBe(created.activeDeploymentId);
    await emu.close();
    emu = await startEmulator({ dataFile: join(dir, 'state.json'), deployMs: 60 });
    c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
    expect((await c.listAgents(ORG)).map((a) => [a.name, a.region, a.ready])).toEqual([['bot', 'eu-central', true]]);
    await c.deleteAgent(ORG, 'bot');
    expect(await c.getAgent(ORG, 'bot')).toBeUndefined();
  });
});
