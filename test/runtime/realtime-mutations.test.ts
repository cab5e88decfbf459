/**
 * Proof that the runtime tier's realtime vendors answer only what the session asked for (the
 * OpenAI Realtime server, test/runtime/python/standins/_vendors/openai_realtime.py; the Gemini Live
 * session, standins/google/genai/live.py): a generated phone bot per vendor completes its session,
 * and the same bot broken on purpose fails.
 *
 * - Azure Realtime: the session's input transcription dropped (`AudioInput()` without
 *   `transcription=`) -> the server transcribes nothing, as OpenAI's does not, so no
 *   `Transcript: user:` line is logged;
 * - Gemini Live: the session asks for TEXT answers -> the model sends text parts and no audio, so
 *   the bot never speaks (the old stand-in spoke whatever the session asked for).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED realtime mutations: ${missing}\n`);

const BASE = ['-b', 'telephony', '-t', 'twilio', '-m', 'realtime', '--transcription'];

/** Per vendor: its `init` arguments and the mutations of its generated bot. */
const VENDORS: { realtime: string; mutations: Mutation[] }[] = [
  {
    realtime: 'azure_realtime',
    mutations: [
      {
        name: 'the input transcription dropped from the session',
        file: 'server/bot.py',
        from: /transcription=InputAudioTranscription\([\s\S]*?\n\s*\),\n/,
        to: '',
        expect: /transcription is on but no 'Transcript: user:' line was logged/,
      },
    ],
  },
  {
    realtime: 'gemini_live_realtime',
    mutations: [
      {
        name: 'Gemini Live asked for TEXT answers',
        file: 'server/bot.py',
        from: 'settings=GeminiLiveLLMService.Settings(\n',
        to: 'settings=GeminiLiveLLMService.Settings(\n            modalities=__import__("pipecat.services.google.gemini_live.llm", fromlist=["x"]).GeminiModalities.TEXT,\n',
        expect: /the bot did not greet \(TTS requests 0, LLM requests 1/,
      },
    ],
  },
];

const outs: string[] = [];
const results = new Map<string, Map<string, SessionResult[]>>();

beforeAll(async () => {
  if (missing) return;
  for (const v of VENDORS) {
    const r = await runMutants('pipecat-rt-mutations-', [...BASE, '--realtime', v.realtime], v.mutations, (dir) =>
      projectSpec(dir, ['required']),
    );
    outs.push(r.out);
    results.set(v.realtime, r.results);
  }
}, 600_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

(missing ? describe.skip : describe)('realtime vendors answer only what the session asked for', () => {
  test.each(VENDORS.map((v) => [v.realtime] as const))('the unbroken %s bot completes its session', (realtime) => {
    const r = results.get(realtime)!.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'telco_a/required', problems: [] }]);
  });

  test.each(VENDORS.flatMap((v) => v.mutations.map((m) => [m.name, v.realtime, m] as const)))('%s', (name, realtime, m) => {
    const r = results.get(realtime)!.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
