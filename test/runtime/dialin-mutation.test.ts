/**
 * A phone media stream beside Daily PSTN dial-in, no web transport (issue 22, point 3): both kinds
 * of session are phone calls, and only the Daily transport has dial-in events. The generated bot
 * registers `on_dialin_error` behind `isinstance(runner_args, DailyRunnerArguments)`; the mutant
 * registers it on whatever transport the session got, as the bot did before, and the phone-stream
 * session must fail on the warning pipecat logs for an event its transport does not have.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime dial-in mutation: ${missing}\n`);

const ARGS = '-b telephony -t twilio -t daily_pstn_dialin -m cascade --stt speechmatics_stt --llm groq_llm --tts lmnt_tts'.split(' ');

const MUTATIONS: Mutation[] = [
  {
    name: 'on_dialin_error registered on every transport',
    file: 'server/bot.py',
    from: 'if isinstance(runner_args, DailyRunnerArguments):\n',
    to: 'if True:\n',
    expect: /WARNING .*on_dialin_error/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-dialin-mutation-', ARGS, MUTATIONS, (dir) => ({
    ...projectSpec(dir, ['required']),
    sessions: projectSpec(dir, ['required']).sessions.filter((s) => s.driver === 'twilio'),
  })));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('dial-in events only on a Daily transport', () => {
  test('the phone-stream session of the generated bot is clean', () => {
    expect(results.get('unbroken')!.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([
      { session: 'twilio/required', problems: [] },
    ]);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s: the phone-stream session fails', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
