/**
 * The error paths of Daily calls can fail: bots with Daily dial-in and dial-out (PSTN and Twilio +
 * Daily SIP) are generated and broken the way a template edit could break them, and only the
 * scenario sessions of test/runtime/python/rt/scenarios/call_errors.py run (`dialin-error`,
 * `dialout-retry`, `dialout-exhausted`, `dialout-dropped`, required variables only). The unbroken
 * bots pass every one; each mutant fails the scenario that plays its path.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { basename } from 'node:path';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type ProjectSpec, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime call-error mutations: ${missing}\n`);

const SERVICES = '-m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts -b telephony'.split(' ');

/** A mutation and the one scenario its mutant plays. */
type CallMutation = Mutation & { scenario: string };

/** One generated bot, the scenarios its unbroken copy plays, and its mutants. */
interface Base {
  id: string;
  args: string[];
  scenarios: string[];
  mutations: CallMutation[];
}

const DIALIN = ['dialin-error'];
const DIALOUT = ['dialout-retry', 'dialout-exhausted', 'dialout-dropped'];
const NO_CANCEL: Omit<CallMutation, 'name'> = {
  file: 'server/bot.py',
  from: /(logger\.error\(f"Dial-in error: \{data\}"\)\n)\s*await worker\.cancel\(\)\n/,
  to: '$1',
  scenario: 'dialin-error',
  expect: /the session was still up [\d.]+ s after Daily reported the dial-in error/,
};
const unawaited = (fn: string) => new RegExp(`WARNING from python-warnings: RuntimeWarning: coroutine '[^']*${fn}' was never awaited`);

const BASES: Base[] = [
  {
    id: 'pstn-dialin',
    args: [...SERVICES, '-t', 'daily_pstn', '--daily-pstn-mode', 'dial-in'],
    scenarios: DIALIN,
    mutations: [{ name: 'PSTN dial-in: on_dialin_error does not end the session', ...NO_CANCEL }],
  },
  {
    id: 'sip-dialin',
    args: [...SERVICES, '-t', 'twilio_daily_sip', '--twilio-daily-sip-mode', 'dial-in'],
    scenarios: DIALIN,
    mutations: [{ name: 'SIP dial-in: on_dialin_error does not end the session', ...NO_CANCEL }],
  },
  {
    id: 'pstn-dialout',
    args: [...SERVICES, '-t', 'daily_pstn', '--daily-pstn-mode', 'dial-out'],
    scenarios: DIALOUT,
    mutations: [
      {
        name: 'PSTN dial-out: the retry bound off by one (<=)',
        file: 'server/bot.py',
        from: 'if attempts < MAX_DIALOUT_ATTEMPTS:',
        to: 'if attempts <= MAX_DIALOUT_ATTEMPTS:',
        scenario: 'dialout-exhausted',
        expect: /the bot made \d+ start_dialout calls, not \d+ \(MAX_DIALOUT_ATTEMPTS is \d+ in bot\.py/,
      },
      {
        name: 'PSTN dial-out: no answered guard (a dropped call is dialled again)',
        file: 'server/bot.py',
        from: 'if answered:',
        to: 'if False:',
        scenario: 'dialout-dropped',
        expect: /the bot made 2 start_dialout calls, not 1 \(a call that was answered and dropped/,
      },
      {
        name: 'PSTN dial-out: dialout_failed(error) not awaited after a refused start_dialout',
        file: 'server/bot.py',
        from: 'await dialout_failed(error)',
        to: 'dialout_failed(error)',
        scenario: 'dialout-retry',
        expect: unawaited('dialout_failed'),
      },
    ],
  },
  {
    id: 'sip-dialout',
    args: [...SERVICES, '-t', 'twilio_daily_sip', '--twilio-daily-sip-mode', 'dial-out'],
    scenarios: DIALOUT,
    mutations: [
      {
        name: 'SIP dial-out: dialout_failed(data) not awaited in on_dialout_error',
        file: 'server/bot.py',
        from: 'await dialout_failed(data)',
        to: 'dialout_failed(data)',
        scenario: 'dialout-retry',
        expect: unawaited('dialout_failed'),
      },
      {
        name: 'SIP dial-out: place_call() not awaited in on_joined',
        file: 'server/bot.py',
        from: /await place_call\(\)\n\n/,
        to: 'place_call()\n\n',
        scenario: 'dialout-retry',
        expect: unawaited('place_call'),
      },
      {
        name: 'SIP dial-out: no answered guard (a dropped call is dialled again)',
        file: 'server/bot.py',
        from: 'if answered:',
        to: 'if False:',
        scenario: 'dialout-dropped',
        expect: /the bot made 2 start_dialout calls, not 1 \(a call that was answered and dropped/,
      },
    ],
  },
];

/** The spec of one run: the unbroken bot (folder `phone`) plays every scenario of its base, mutant `i` (folder `mutant-i`) its own. */
function specOf(base: Base) {
  return (dir: string): ProjectSpec => {
    const spec = projectSpec(dir, ['required']);
    const i = /^mutant-(\d+)$/.exec(basename(dir))?.[1];
    const scenarios = i === undefined ? base.scenarios : [base.mutations[Number(i)].scenario];
    return {
      ...spec,
      sessions: spec.sessions.flatMap((s) => scenarios.map((scenario) => ({ ...s, scenario, variant: 'required' as const }))),
    };
  };
}

const outs: string[] = [];
const results = new Map<string, Map<string, SessionResult[]>>();

beforeAll(async () => {
  if (missing) return;
  for (const base of BASES) {
    const r = await runMutants(`pipecat-call-errors-${base.id}-`, base.args, base.mutations, specOf(base));
    outs.push(r.out);
    results.set(base.id, r.results);
  }
}, 900_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

(missing ? describe.skip : describe)('the error paths of Daily calls', () => {
  test.each(BASES.map((b) => [b.id, b] as const))('the unbroken %s bot passes every error scenario', (id, base) => {
    const r = results.get(id)!.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session.replace(/^.*:/, ''), problems: s.problems }))).toEqual(
      base.scenarios.map((scenario) => ({ session: scenario, problems: [] })),
    );
  });

  test.each(BASES.flatMap((b) => b.mutations.map((m) => [m.name, b.id, m] as const)))('%s: fails', (name, id, m) => {
    const r = results.get(id)!.get(name)!;
    expect(r.map((s) => s.session.replace(/^.*:/, ''))).toEqual([m.scenario]);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
