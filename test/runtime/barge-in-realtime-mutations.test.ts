/**
 * The barge-in scenario (test/runtime/python/rt/scenarios/barge_in.py) can fail for realtime bots
 * and on the web transports: each bot is generated, broken the way a template or a user's edit
 * plausibly breaks interruptions, and each mutant must fail the scenario while the unbroken bot
 * passes it.
 *
 * - OpenAI Realtime (its stand-in keeps the conversation and honours conversation.item.truncate,
 *   standins/_vendors/openai_realtime.py): muting the user while the bot speaks keeps the server
 *   from hearing the barge-in.
 * - AWS Nova Sonic (answered at pipecat's interface: its turns come from the bot's own VAD, and the
 *   conversation is pipecat's context): turns that start without interrupting miss the stop bound, and the
 *   assistant aggregator before the output transport puts unplayed sentences in the context.
 * - A web bot on Daily, SmallWebRTC and the WebSocket transport: each driver's audio-stop
 *   detection (what reaches the listener: the Daily room's track, the browser's track, the
 *   client's frames) must see a bot that does not stop.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { projectSpec, runtimeMissing, sessionFor, type SessionResult } from './harness.js';
import { runMutants, type Mutation } from './mutants.js';
import { TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';

const MUTE: Mutation = {
  // pipecat's AlwaysUserMuteStrategy: the user aggregator drops the user's audio while the bot speaks.
  name: 'muting the user while the bot speaks keeps the bot talking',
  file: 'server/bot.py',
  from: 'vad_analyzer=SileroVADAnalyzer())',
  to: 'vad_analyzer=SileroVADAnalyzer(), user_mute_strategies=[__import__("pipecat.turns.user_mute", fromlist=["AlwaysUserMuteStrategy"]).AlwaysUserMuteStrategy()])',
  expect: /did not stop within|did not answer the barge-in/,
};

interface Suite {
  name: string;
  args: string[];
  mutations: Mutation[];
}

const SUITES: Suite[] = [
  {
    name: 'openai_realtime',
    args: ['-m', 'realtime', '--realtime', 'openai_realtime', '-b', 'telephony', '-t', 'twilio'],
    mutations: [MUTE],
  },
  {
    name: 'aws_nova_realtime',
    args: ['-m', 'realtime', '--realtime', 'aws_nova_realtime', '-b', 'telephony', '-t', 'twilio'],
    mutations: [
      {
        // Turns that start without interrupting the bot (pipecat's enable_interruptions=False on
        // its default start strategies, VAD then transcription): the old allow_interruptions=False.
        name: 'turns that start without interrupting let the bot talk over the user',
        file: 'server/bot.py',
        from: 'vad_analyzer=SileroVADAnalyzer())',
        to:
          'vad_analyzer=SileroVADAnalyzer(), user_turn_strategies=__import__("pipecat.turns.user_turn_strategies", fromlist=["UserTurnStrategies"]).UserTurnStrategies(' +
          'start=[__import__("pipecat.turns.user_start", fromlist=["VADUserTurnStartStrategy"]).VADUserTurnStartStrategy(enable_interruptions=False), ' +
          '__import__("pipecat.turns.user_start", fromlist=["TranscriptionUserTurnStartStrategy"]).TranscriptionUserTurnStartStrategy(enable_interruptions=False)]))',
        expect: /did not stop within/,
      },
      {
        name: 'the assistant aggregator before transport.output() puts unplayed words in the context',
        file: 'server/bot.py',
        from: /( +)transport\.output\(\),\n( +)assistant_aggregator,\n/,
        to: '$1assistant_aggregator,\n$2transport.output(),\n',
        expect: /never played/,
      },
    ],
  },
  {
    name: 'web transports',
    args: '-m cascade --stt deepgram_stt --llm openai_llm --tts openai_tts -b web -t daily -t smallwebrtc -t websocket'.split(' '),
    mutations: [MUTE],
  },
];

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED realtime barge-in mutants: ${missing}\n`);
const outs: string[] = [];
const results = new Map<string, Map<string, SessionResult[]>>();

beforeAll(async () => {
  if (missing) return;
  for (const suite of SUITES) {
    const r = await runMutants('pipecat-barge-in-rt-', suite.args, suite.mutations, (dir) => {
      const spec = projectSpec(dir, ['required']);
      spec.sessions = spec.sessions.map((s) => ({ ...s, scenario: 'barge-in', variant: 'required' as const }));
      return spec;
    });
    outs.push(r.out);
    results.set(suite.name, r.results);
  }
}, 900_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

const transportsOf = (args: string[]) => args.flatMap((a, i) => (a === '-t' ? [args[i + 1]] : []));

(missing ? describe.skip : describe)(
  'the barge-in scenario fails realtime and web bots that do not stop or remember unplayed words',
  () => {
    test.each(SUITES.map((s) => [s.name, s] as const))('the unbroken %s bot passes the barge-in', (_name, suite) => {
      const r = results.get(suite.name)!.get('unbroken')!;
      const expected = transportsOf(suite.args).map((t) => ({
        session: `${sessionFor(TRANSPORTS.find((x) => x.id === t)!).transport}/required:barge-in`,
        problems: [],
      }));
      expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual(expected);
    });

    test.each(SUITES.flatMap((suite) => suite.mutations.map((m) => [m.name, suite.name, m] as const)))('%s (%s)', (_name, suite, m) => {
      const r = results.get(suite)!.get(m.name)!;
      expect(r.length).toBeGreaterThan(0);
      for (const s of r) {
        expect({ session: s.session, ok: s.ok }).toEqual({ session: s.session, ok: false });
        expect(s.problems.join('\n')).toMatch(m.expect);
      }
    });
  },
);
