/**
 * Proof that the runtime tier's Anthropic stand-in (test/runtime/python/standins/anthropic) checks
 * a request as Anthropic's Messages API does, after pipecat's own adapter has converted the
 * context: a generated phone bot on `anthropic_llm` completes its session, and the same bot broken
 * on purpose fails.
 *
 * - the greeting given a role the Messages API does not know -> pipecat's adapter passes it
 *   through, and the API refuses it.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED LLM mutations: ${missing}\n`);

const ARGS = ['-b', 'telephony', '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'anthropic_llm', '--tts', 'openai_tts'];

const MUTATIONS: Mutation[] = [
  {
    name: 'the greeting sent with a role Anthropic does not know',
    file: 'server/bot.py',
    from: '{"role": "developer", "content": "Say hello',
    to: '{"role": "narrator", "content": "Say hello',
    expect: /Error code: 400[^\n]*Input should be 'user' or 'assistant'/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-llm-mutations-', ARGS, MUTATIONS, (dir) => projectSpec(dir, ['required'])));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('the Anthropic stand-in checks requests as the Messages API does', () => {
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
