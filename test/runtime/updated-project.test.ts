/**
 * An updated project runs on pipecat too (issue 15): generate (web, SmallWebRTC,
 * Deepgram/OpenAI/Cartesia), edit `SYSTEM_INSTRUCTION` in `server/bot.py`, then
 * `pipecat update --tts elevenlabs_tts --add-transport daily`. The merged project keeps the
 * edit and completes a scripted session on each of its transports (SmallWebRTC and Daily, both
 * environment variants), like every configuration of `sessions.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_ARGS, makeTempDir, removeDir, runCli } from '../helpers/cli.js';
import { projectSpec, runSpec, runtimeMissing } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime: updated project: ${missing}\n`);

const PIRATE = 'You are a pirate who answers every question in pirate speak. ';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-rt-update-');
});
afterAll(() => removeDir(tmp));

(missing ? describe.skip : describe)('an updated project runs a session on pipecat 1.7.0', () => {
  test('edit, update the TTS and add Daily: the edit survives and every session completes', async () => {
    const init = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', tmp]);
    expect(init.code).toBe(0);
    const dir = join(tmp, 'bot');
    const bot = join(dir, 'server', 'bot.py');
    const before = readFileSync(bot, 'utf8');
    const edited = before.replace(/"You are a friendly AI assistant in a real-time voice conversation\. "/, JSON.stringify(PIRATE));
    expect(edited).not.toBe(before);
    writeFileSync(bot, edited);

    const update = runCli(['update', '--tts', 'elevenlabs_tts', '--add-transport', 'daily'], { cwd: dir });
    expect({ code: update.code, stderr: update.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const after = readFileSync(bot, 'utf8');
    expect(after).toContain(JSON.stringify(PIRATE));
    expect(after).toContain('ElevenLabsTTSService');

    const results = await runSpec(projectSpec(dir));
    const failing = results.filter((r) => !r.ok).map((r) => `${r.session}: ${r.problems.join(' | ')}`);
    expect({ sessions: results.map((r) => r.session).sort(), failing }).toEqual({
      sessions: ['daily/all', 'daily/required', 'smallwebrtc/all', 'smallwebrtc/required'],
      failing: [],
    });
  }, 300_000);
});
