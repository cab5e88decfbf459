/**
 * Proof that the runtime tier's WebSocket driver (test/runtime/python/rt/websocket.py) can fail: a
 * phone bot that also serves the browser WebSocket is broken on purpose in the ways that matter
 * for that transport, and the browser session must report each break, while the same bot unbroken
 * completes it.
 *
 * - the protobuf serializer dropped from the `websocket` params (create_transport passes them
 *   unchanged) -> pipecat reads no client frame, so the bot never greets;
 * - `audio_out_sample_rate=24000` dropped with a TTS that does not deliver 24 kHz -> the frames
 *   carry another rate, which the JS client plays at 24 kHz anyway;
 * - the `transport_type` check dropped -> the browser, a `WebSocketRunnerArguments` too, is taken
 *   for a phone call and the bot talks before the client is ready.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ttsDeliveredRate, WEB_OUT_RATE } from '../../generators/app/render/context.js';
import { SERVICES_BY_ROLE } from '../../generators/app/catalogue/catalogue.js';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime websocket mutations: ${missing}\n`);

/** A TTS whose web rate is not 24 kHz, so the websocket params must resample for the browser. */
const TTS = SERVICES_BY_ROLE.tts.find((t) => !t.deprecated && ttsDeliveredRate(t, WEB_OUT_RATE) !== WEB_OUT_RATE)!;
const ARGS = [
  '-b',
  'telephony',
  '-t',
  'twilio',
  '-t',
  'websocket',
  '-m',
  'cascade',
  '--stt',
  'deepgram_stt',
  '--llm',
  'openai_llm',
  '--tts',
  TTS.id,
];

const MUTATIONS: Mutation[] = [
  {
    name: 'the protobuf serializer dropped',
    file: 'server/bot.py',
    from: /\n *serializer=ProtobufFrameSerializer\(\),/,
    to: '',
    expect: /the bot did not greet/,
  },
  {
    name: 'the 24 kHz output rate dropped',
    file: 'server/bot.py',
    from: /(serializer=ProtobufFrameSerializer\(\),)\n *audio_out_sample_rate=24000,/,
    to: '$1',
    expect: /the JS WebSocket client plays 24000 Hz/,
  },
  {
    name: 'the browser taken for a phone call',
    file: 'server/bot.py',
    from: / and runner_args\.transport_type != "websocket"/g,
    to: '',
    expect: /before the browser's RTVI client-ready/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-ws-mutations-', ARGS, MUTATIONS, (dir) => {
    const spec = projectSpec(dir, ['required']);
    spec.sessions = spec.sessions.filter((s) => s.driver === 'websocket');
    return spec;
  }));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('the runtime tier reports a broken WebSocket bot', () => {
  test('the unbroken bot completes its browser session', () => {
    const r = results.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'websocket/required', problems: [] }]);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
