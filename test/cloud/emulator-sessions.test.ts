/**
 * The emulator's sessions and public API keys (`cli/emulator/sessions.ts`, `api-keys.ts`) through
 * the typed client, in process: the public start takes only an active public key of the
 * organisation, a session's bot starts after a delay and runs until stopped, its lines are in the
 * agent's logs (alone with `sessionId`), and the two session faults: a crash with a traceback and
 * an error status, and a bot that never starts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { ApiError } from '../../cli/cloud-api/errors.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { injectSessionFaults } from '../../cli/emulator/sessions.js';

const ORG = 'acme';
const AGENT = 'voice';
let emu: RunningEmulator;
let c: CloudClient;
let key: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: ApiError) => e.status,
  );
const logs = async (sessionId?: string) => (await c.agentLogs(ORG, AGENT, { limit: 100, sessionId })).map((l) => l.log ?? '').reverse();

beforeAll(async () => {
  emu = await startEmulator({ org: ORG, deployMs: 0, sessionStartMs: 150 });
  c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
  await c.createAgent(ORG, { serviceName: AGENT, image: 'me/voice:1' });
  key = (await c.createPublicKey(ORG, 'test')).key;
});
afterAll(() => emu.close());

describe('public start', () => {
  test('only an active public key of the organisation starts a session', async () => {
    const revoked = await c.createPublicKey(ORG, 'old');
    await c.revokeKey(ORG, revoked.id);
    expect(await status(c.startSession(AGENT, emu.token, { createDailyRoom: false }))).toBe(401);
    expect(await status(c.startSession(AGENT, revoked.key, { createDailyRoom: false }))).toBe(401);
    expect(await status(c.startSession(AGENT, 'pk_unknown', { createDailyRoom: false }))).toBe(401);
    expect(await status(c.startSession('nope', key, { createDailyRoom: false }))).toBe(404);
    expect(await status(c.startSession(AGENT, key, { createDailyRoom: true, body: [1] as unknown as object }))).toBe(400);
    expect((await c.publicKeys(ORG)).map((k) => [k.metadata.name, k.revoked])).toEqual([
      ['test', false],
      ['old', true],
    ]);
  });

  test('a session: starting, then its bot runs, until stopped; its log lines', async () => {
    const a = await c.startSession(AGENT, key, { createDailyRoom: true, body: { persona: 'pirate' } });
    expect(a.dailyRoom).toMatch(/^https:\/\/emulator-acme\.daily\.co\/\w+$/);
    expect(a.dailyToken?.split('.')).toHaveLength(3);
    const id = a.sessionId!;
    expect(await c.session(ORG, AGENT, id)).toMatchObject({
      botStartSeconds: null,
      endedAt: null,
      completionStatus: null,
      coldStart: true,
    });
    await sleep(250);
    expect(await c.session(ORG, AGENT, id)).toMatchObject({ botStartSeconds: 0, endedAt: null });
    await c.stopSession(ORG, AGENT, id);
    expect(await c.session(ORG, AGENT, id)).toMatchObject({ completionStatus: 'HTTP_COMPLETED', endedAt: expect.any(String) });
    expect(await status(c.stopSession(ORG, AGENT, id))).toBe(404);
    const mine = await logs(id);
    expect(mine[0]).toContain(`Session ${id} requested (Daily room ${a.dailyRoom}); body keys: persona`);
    expect(mine.join('\n')).not.toContain('pirate');
    expect(mine.at(-1)).toContain('ended: HTTP_COMPLETED');
    const all = await logs();
    expect(all.some((l) => l.includes('deployment'))).toBe(true);
    expect(all.filter((l) => l.includes(id))).toHaveLength(mine.filter((l) => l.includes(id)).length);
  });
});

describe('session faults', () => {
  test('crash: the bot starts, then ends with 500 and a traceback ending in ModuleNotFoundError', async () => {
    await injectSessionFaults(emu.url, { kind: 'crash', module: 'pipecat.services.foo' });
    const id = (await c.startSession(AGENT, key, { createDailyRoom: false })).sessionId!;
    await sleep(800);
    expect(await c.session(ORG, AGENT, id)).toMatchObject({ botStartSeconds: 0, completionStatus: '500', endedAt: expect.any(String) });
    const lines = await logs(id);
    expect(lines).toContain('Traceback (most recent call last):');
    expect(lines.at(-1)).toBe("ModuleNotFoundError: No module named 'pipecat.services.foo'");
    expect((await c.sessions(ORG, AGENT, { status: 'ended' })).sessions.map((s) => s.sessionId)).toContain(id);
  });

  test('never-starts: no bot start, active until stopped; the next session is healthy again', async () => {
    await injectSessionFaults(emu.url, { kind: 'never-starts' });
    const stuck = (await c.startSession(AGENT, key, { createDailyRoom: false })).sessionId!;
    const fine = (await c.startSession(AGENT, key, { createDailyRoom: false })).sessionId!;
    await sleep(400);
    expect(await c.session(ORG, AGENT, stuck)).toMatchObject({ botStartSeconds: null, endedAt: null });
    expect(await c.session(ORG, AGENT, fine)).toMatchObject({ botStartSeconds: 0 });
    expect((await logs(stuck)).at(-1)).toContain('still waiting for the bot to start');
    const active = (await c.sessions(ORG, AGENT, { status: 'active' })).sessions.map((s) => s.sessionId);
    expect(active).toEqual(expect.arrayContaining([stuck, fine]));
  });
});
