/**
 * Proof that the runtime tier can fail (issue 11, item 2): a generated phone bot is broken on
 * purpose in the ways the tier exists to catch, and the harness must report each break, while the
 * same bot unbroken completes its session.
 *
 * - a serializer credential that pipecat needs is optional again in `.env.example` (the defect
 *   the tier found: Twilio's hang-up credentials) -> the required-only session fails in
 *   `create_transport` with pipecat's own error;
 * - the pipeline's output forced to 8 kHz with OpenAI TTS (24 kHz) -> the audio on the wire is
 *   three times too long, and pipecat's warning is reported;
 * - the `on_client_connected` handler dropped -> the bot never greets the caller;
 * - the `on_client_disconnected` handler dropped -> the session does not end after the hang-up;
 * - a method pipecat's deprecation registry marks (`TTSService.set_voice`) used in bot.py -> the
 *   deprecation check names it with its line;
 * - the greeting's message given a role OpenAI's Chat Completions API does not know -> the openai
 *   SDK stand-in (standins/openai) rejects the request with the API's 400, as OpenAI would, and
 *   pipecat reports it (pipecat's adapter passes the role through unchecked);
 * - Deepgram asked for an audio encoding it does not know -> the deepgram SDK stand-in's handshake
 *   answers 400 as Deepgram's live API does, and pipecat gives the service up.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime mutations: ${missing}\n`);

const ARGS = ['-b', 'telephony', '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'openai_tts'];

const MUTATIONS: Mutation[] = [
  {
    name: 'a serializer credential marked optional',
    file: 'server/.env.example',
    from: /(# Twilio auth token[^\n]*?) \(required\)/,
    to: '$1',
    expect: /auto_hang_up is enabled but missing required parameters: auth_token/,
  },
  {
    name: 'the pipeline output forced to 8 kHz with a 24 kHz TTS',
    file: 'server/bot.py',
    from: 'audio_out_sample_rate=24000',
    to: 'audio_out_sample_rate=8000',
    expect: /audio on the wire lasted 2\.\d+ s but the TTS produced 0\.80 s/,
  },
  {
    name: 'the on_client_connected handler dropped',
    file: 'server/bot.py',
    from: '@transport.event_handler("on_client_connected")',
    to: '# (dropped)',
    expect: /the bot did not greet/,
  },
  {
    name: 'the on_client_disconnected handler dropped',
    file: 'server/bot.py',
    from: '@transport.event_handler("on_client_disconnected")',
    to: '# (dropped)',
    expect: /the session did not end within \d+ s of the hang-up/,
  },
  {
    name: 'a method pipecat deprecates, used on the TTS service',
    file: 'server/bot.py',
    from: /^( *)context = LLMContext\(\)$/m,
    to: '$1context = LLMContext()\n$1_ = tts.set_voice',
    expect: /bot\.py:\d+: TTSService\.set_voice \(method, deprecated in 0\.0\.104\)/,
  },
  {
    name: 'the greeting sent with a role the OpenAI API rejects',
    file: 'server/bot.py',
    from: '{"role": "developer", "content": "Say hello',
    to: '{"role": "narrator", "content": "Say hello',
    expect: /Error code: 400[^\n]*Invalid value: 'narrator'/,
  },
  {
    name: 'Deepgram asked for an encoding it does not know',
    file: 'server/bot.py',
    from: 'stt = DeepgramSTTService(\n',
    to: 'stt = DeepgramSTTService(\n        encoding="pcm16",\n',
    expect: /Deepgram rejected the connection \(status 400\)/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-mutations-', ARGS, MUTATIONS, (dir) => ({
    ...projectSpec(dir, ['required']),
    deprecations: true,
  })));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('the runtime tier reports a broken bot', () => {
  test('the unbroken bot completes its session', () => {
    const r = results.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([
      { session: 'twilio/required', problems: [] },
      { session: 'deprecations', problems: [] },
    ]);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(2);
    expect(
      r
        .filter((s) => !s.ok)
        .flatMap((s) => s.problems)
        .join('\n'),
    ).toMatch(m.expect);
  });
});
