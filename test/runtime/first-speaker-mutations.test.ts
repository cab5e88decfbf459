/**
 * Who speaks first, and Python's own warnings as failures: on a call the bot places the callee
 * speaks first ("Hello?"), so a bot whose first audio comes before the callee's first words end
 * fails its session (rt/main.py); a coroutine never awaited fails the session it was made in (the
 * session's garbage is collected before its result). Each mutant changes the generator (a template,
 * or the catalogue in the bundle), as a real change would, and generates its bot anew.
 *
 * - A cascade bot on Daily PSTN dial-out that greets when the callee answers (as web and phone
 *   calls do) talks over the callee.
 * - Ultravox greets as soon as its call opens unless the call names the user as first speaker
 *   (`firstSpeakerSettings`, Ultravox's "Create Call" reference); without it, the SIP dial-out bot
 *   greets into the ringing line.
 * - Gemini Live drops user audio until the pipeline's context reaches it; on a call the bot places
 *   nothing asks for a greeting, so the bot hands the context over when the callee answers.
 *   Without it the callee's hello goes unheard and the bot never answers.
 * - `worker.cancel()` without `await` in `on_client_disconnected`: Python warns that the coroutine
 *   was never awaited, and the session must say so.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime first-speaker mutations: ${missing}\n`);

const CASCADE_DIALOUT =
  '-m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts -b telephony -t daily_pstn --daily-pstn-mode dial-out'.split(' ');
const ULTRAVOX_SIP_DIALOUT =
  '-m realtime --realtime ultravox_realtime -b telephony -t twilio_daily_sip --twilio-daily-sip-mode dial-out'.split(' ');

const CASCADE_MUTATIONS: Mutation[] = [
  {
    name: 'the dial-out bot greets when the callee answers',
    in: 'package',
    file: 'templates/server/partials/run_bot_body.py.ejs',
    from: /( *)logger\.info\("Call answered"\)\n/,
    to: '$1logger.info("Call answered")\n$1await start_conversation()\n',
    expect: /the bot spoke before the callee finished their first words on a call it placed/,
  },
  {
    name: 'worker.cancel() not awaited when the callee hangs up',
    in: 'package',
    file: 'templates/server/partials/run_bot_body.py.ejs',
    from: /(logger\.info\("Client disconnected"\)\n\s*)await worker\.cancel\(\)/,
    to: '$1worker.cancel()',
    expect: /RuntimeWarning: coroutine 'PipelineWorker\.cancel' was never awaited/,
  },
];

const ULTRAVOX_MUTATIONS: Mutation[] = [
  {
    name: 'Ultravox not told that the callee speaks first',
    in: 'package',
    file: 'dist/cli/chunks',
    from: 'extra={"firstSpeakerSettings": {"user": {}}} if call == "dialout" else {},',
    to: 'extra={},',
    expect: /the bot spoke before the callee finished their first words on a call it placed/,
  },
];

const GEMINI_PSTN_DIALOUT = '-m realtime --realtime gemini_live_realtime -b telephony -t daily_pstn_dialout'.split(' ');

const GEMINI_MUTATIONS: Mutation[] = [
  {
    name: 'Gemini Live not handed the context when the callee answers',
    in: 'package',
    file: 'templates/server/partials/run_bot_body.py.ejs',
    from: /( {8})await worker\.queue_frames\(\[LLMRunFrame\(\)\]\)\n<%_ {3}\} _%>/,
    to: '$1pass\n<%_   } _%>',
    expect: /the bot did not answer the user \(TTS requests 0, transcripts 0/,
  },
];

const outs: string[] = [];
const results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  const runs = [
    { prefix: 'pipecat-first-speaker-cascade-', args: CASCADE_DIALOUT, mutations: CASCADE_MUTATIONS, tag: 'cascade' },
    { prefix: 'pipecat-first-speaker-ultravox-', args: ULTRAVOX_SIP_DIALOUT, mutations: ULTRAVOX_MUTATIONS, tag: 'ultravox' },
    { prefix: 'pipecat-first-speaker-gemini-', args: GEMINI_PSTN_DIALOUT, mutations: GEMINI_MUTATIONS, tag: 'gemini' },
  ];
  await Promise.all(
    runs.map(async (run) => {
      const r = await runMutants(run.prefix, run.args, run.mutations, (dir) => projectSpec(dir, ['required']));
      outs.push(r.out);
      for (const [name, sessions] of r.results) results.set(name === 'unbroken' ? `unbroken ${run.tag}` : name, sessions);
    }),
  );
}, 600_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

(missing ? describe.skip : describe)('who speaks first on a call the bot places, and Python warnings', () => {
  test.each([
    ['cascade', 'daily_pstn_dialout/required'],
    ['ultravox', 'twilio_daily_sip_dialout/required'],
    ['gemini', 'daily_pstn_dialout/required'],
  ])('the unbroken %s dial-out bot waits for the callee', (tag, session) => {
    expect(results.get(`unbroken ${tag}`)!.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session, problems: [] }]);
  });

  test.each([...CASCADE_MUTATIONS, ...ULTRAVOX_MUTATIONS, ...GEMINI_MUTATIONS].map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
