/**
 * The barge-in scenario (test/runtime/python/rt/scenarios/barge_in.py) can fail: a phone bot is
 * generated, broken the ways a template or a user's edit plausibly breaks interruptions, and each
 * mutant must fail the scenario while the unbroken bot passes it. Two TTS kinds, since pipecat
 * brings the "as heard" text to the context differently for each: Rime (word timestamps: each
 * word at its presentation time) and OpenAI (no timestamps: each sentence after its audio).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';
import { runMutants, type Mutation } from './mutants.js';

const MUTATIONS: readonly Mutation[] = [
  {
    // pipecat's own templates put the assistant aggregator after transport.output(), so it
    // receives only the text the output transport let through as its audio played.
    name: 'the assistant aggregator before transport.output() puts unplayed words in the context',
    file: 'server/bot.py',
    from: /( +)transport\.output\(\),\n( +)assistant_aggregator,\n/,
    to: '$1assistant_aggregator,\n$2transport.output(),\n',
    expect: /never played/,
  },
  {
    // Muting the user while the bot speaks (pipecat's AlwaysUserMuteStrategy): no barge-in at all.
    name: 'muting the user while the bot speaks keeps the bot talking',
    file: 'server/bot.py',
    from: 'vad_analyzer=SileroVADAnalyzer())',
    to: 'vad_analyzer=SileroVADAnalyzer(), user_mute_strategies=[__import__("pipecat.turns.user_mute", fromlist=["AlwaysUserMuteStrategy"]).AlwaysUserMuteStrategy()])',
    expect: /did not stop within|did not answer the barge-in/,
  },
];

const TTS = ['rime_tts', 'openai_tts'] as const;
const BASE = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '-b', 'telephony', '-t', 'twilio'];

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED barge-in mutants: ${missing}\n`);
const outs: string[] = [];
const results = new Map<string, Map<string, SessionResult[]>>();

beforeAll(async () => {
  if (missing) return;
  for (const tts of TTS) {
    const r = await runMutants('pipecat-barge-in-', [...BASE, '--tts', tts], MUTATIONS, (dir) => {
      const spec = projectSpec(dir, ['required']);
      spec.sessions = [{ transport: 'twilio', driver: 'twilio', call: 'phone', scenario: 'barge-in', variant: 'required' }];
      return spec;
    });
    outs.push(r.out);
    results.set(tts, r.results);
  }
}, 600_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

(missing ? describe.skip : describe)('the barge-in scenario fails a bot that does not stop or remembers unplayed words', () => {
  test.each(TTS.map((t) => [t] as const))('the unbroken %s bot passes the barge-in', (tts) => {
    const r = results.get(tts)!.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'twilio/required:barge-in', problems: [] }]);
  });

  test.each(TTS.flatMap((tts) => MUTATIONS.map((m) => [m.name, tts, m] as const)))('%s (%s)', (_name, tts, m) => {
    const r = results.get(tts)!.get(m.name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
