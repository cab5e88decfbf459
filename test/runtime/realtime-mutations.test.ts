/**
 * Proof that the runtime tier's OpenAI Realtime server (test/runtime/python/standins/_vendors/
 * openai_realtime.py) answers only what the session asked for: a generated Azure Realtime phone
 * bot with transcription on completes its session, and the same bot broken on purpose fails.
 *
 * - the session's input transcription dropped (`AudioInput()` without `transcription=`) -> the
 *   server transcribes nothing, as OpenAI's does not, so no `Transcript: user:` line is logged.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED realtime mutations: ${missing}\n`);

const ARGS = ['-b', 'telephony', '-t', 'twilio', '-m', 'realtime', '--realtime', 'azure_realtime', '--transcription'];

const MUTATIONS: Mutation[] = [
  {
    name: 'the input transcription dropped from the session',
    file: 'server/bot.py',
    from: /transcription=InputAudioTranscription\([\s\S]*?\n\s*\),\n/,
    to: '',
    expect: /transcription is on but no 'Transcript: user:' line was logged/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-rt-mutations-', ARGS, MUTATIONS, (dir) => projectSpec(dir, ['required'])));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('the OpenAI Realtime server answers only what the session asked for', () => {
  test('the unbroken bot completes its session', () => {
    const r = results.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'telco_a/required', problems: [] }]);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
