/**
 * Proof that the runtime tier's eval session can fail: a phone bot generated with `--eval` is broken
 * on purpose, or its starter scenarios are, and pipecat's eval harness (rt/evals.py) must report
 * each break, while the unbroken project passes both scenarios. Only the eval session runs
 * (`uv run bot.py -t eval`; the `all` variant, as the development runner sets ENV=local).
 *
 * - the bot no longer greets on RTVI client-ready -> the greeting turn is never satisfied;
 * - the `"eval"` entry dropped from `transport_params` -> pipecat's `create_transport` refuses `-t eval`;
 * - the eval transport without audio output -> the audio scenario hears no greeting;
 * - a scenario asks for words the bot does not say -> the harness's `text_contains` check fails;
 * - a scenario without `name:` -> pipecat's scenario loader rejects it.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { EVAL_SESSION, projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime eval mutations: ${missing}\n`);

const ARGS = [
  '-b',
  'telephony',
  '-t',
  'twilio',
  '-m',
  'cascade',
  '--stt',
  'deepgram_stt',
  '--llm',
  'openai_llm',
  '--tts',
  'cartesia_tts',
  '--eval',
];

const MUTATIONS: Mutation[] = [
  {
    name: 'the client-ready greeting dropped',
    file: 'server/bot.py',
    from: '@worker.rtvi.event_handler("on_client_ready")',
    to: '# (dropped)',
    expect:
      /evals\/starter_text\.yaml failed: turn 0 expectation 0 \(llm_response\): no matching 'llm_response' event arrived within 10000ms/,
  },
  {
    name: 'the eval transport entry dropped',
    file: 'server/bot.py',
    from: /\n\s*# `uv run bot\.py -t eval`[^\n]*\n[^\n]*\n\s*"eval": lambda: EvalTransportParams\([^)]*\),/,
    to: '',
    expect: /bot\(\) raised ValueError: .*eval/,
  },
  {
    name: 'the eval transport without audio output',
    file: 'server/bot.py',
    from: /("eval": lambda: EvalTransportParams\(\s*audio_in_enabled=True,\s*)audio_out_enabled=True/,
    to: '$1audio_out_enabled=False',
    expect: /evals\/starter_audio\.yaml failed: turn 0 expectation 0 \(response\)/,
  },
  {
    name: 'a scenario that asks for words the bot does not say',
    file: 'server/evals/starter_text.yaml',
    from: 'eval: "the bot answers the question: it says what it can do, or offers its help"',
    to: 'text_contains: "weather"',
    expect: /evals\/starter_text\.yaml failed: turn 1 expectation 0 \(llm_response\)/,
  },
  {
    name: 'a scenario without a name',
    file: 'server/evals/starter_audio.yaml',
    from: /^name: .*$/m,
    to: '',
    expect: /evals\/starter_audio\.yaml: pipecat cannot load it: ValueError: .*missing or invalid 'name:'/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

/** The eval session of a project, in the development runner's environment. */
function evalOnly(dir: string) {
  return { ...projectSpec(dir, ['all']), sessions: [EVAL_SESSION] };
}

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-eval-mutations-', ARGS, MUTATIONS, evalOnly));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)("the runtime tier's eval session reports a broken bot or scenario", () => {
  test('the unbroken project passes both starter scenarios', () => {
    const r = results.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'eval/all', problems: [] }]);
    // Both scenarios ran: the text one silently, the audio one with the bot's greeting and answer on the wire.
    expect(r[0].tts_s).toBeCloseTo(0.8, 2);
    expect(r[0].sent_s).toBeCloseTo(0.8, 1);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
