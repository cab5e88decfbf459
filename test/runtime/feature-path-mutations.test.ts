/**
 * A feature dropped on one call path only is caught on that path. A phone bot with a media stream
 * (Twilio, started by the development runner) and a server-started Daily call (Twilio + Daily SIP
 * dial-out, started by server.py) builds each call's transport in a different branch of bot()
 * (templates/server/partials/bot_entry.py.ejs), so a template can lose a feature in one branch and
 * keep it in the other. Each mutant breaks one branch: its session fails, naming the feature, and
 * the other path's session still passes. A web bot with video input (Daily and SmallWebRTC) shows
 * the camera check the same way.
 *
 * The traces are rt/main.py `_check_features` (recording, transcript) and rt/traces.py (the Krisp
 * filter on the user's audio in the `required` variant, Whisker's observer in `all`, the camera).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';
import { runMutants, type Mutation } from './mutants.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime feature-path mutations: ${missing}\n`);

const PHONE = [
  ...'-m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts -b telephony -t twilio -t twilio_daily_sip_dialout'.split(' '),
  ...'--recording --transcription --observability --enable-noisecancel'.split(' '),
];
const WEB = '-m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts -b web -t daily -t smallwebrtc --video-input'.split(' ');

/** A phone mutation: its break, and the sessions that must fail (every other session must pass). */
type PathMutation = Mutation & { failing: string[] };

const DIALOUT = 'twilio_daily_sip_dialout';
const CAMERA = /video input is on but no frame of the user's camera reached the transport's input/;

const PHONE_MUTATIONS: PathMutation[] = [
  {
    name: 'the noise filter missing from the transport params of server-started Daily calls',
    file: 'server/bot.py',
    from: /(params=DailyParams\(\n(?:.*\n)*?)\s+audio_in_filter=krisp_filter,\n/,
    to: '$1',
    expect: /noise cancellation is on but no Krisp session was started/,
    failing: [`${DIALOUT}/required`],
  },
  {
    // Built and started on both paths, but handing every frame back unfiltered.
    name: 'the noise filter built but switched off',
    file: 'server/bot.py',
    from: '        krisp_filter = KrispVivaFilter()\n',
    to: '        krisp_filter = KrispVivaFilter()\n        krisp_filter._filtering = False\n',
    expect: /noise cancellation is on but the Krisp filter processed only 0\.00 s of the user's speech/,
    failing: ['twilio/required', `${DIALOUT}/required`],
  },
  {
    name: 'the recording processor missing on the dial-out path',
    file: 'server/bot.py',
    from: '            audio_buffer,\n',
    to: '            *([audio_buffer] if call != "dialout" else []),\n',
    expect: /recording is on but no WAV was written/,
    failing: [`${DIALOUT}/required`, `${DIALOUT}/all`],
  },
  {
    name: "Whisker's observer never added to the worker",
    file: 'server/bot.py',
    from: '        worker.add_observer(whisker.create_observer(worker))\n',
    to: '',
    expect: /no Whisker observer saw the pipeline's frames/,
    failing: ['twilio/all', `${DIALOUT}/all`],
  },
  {
    name: 'Whisker built on a deployed agent too',
    file: 'server/bot.py',
    from: '    if os.getenv("ENV") == "local":\n        # Whisker',
    to: '    if True:\n        # Whisker',
    expect: /observability built Whisker on a deployed agent/,
    failing: ['twilio/required', `${DIALOUT}/required`],
  },
];

const WEB_MUTATIONS: PathMutation[] = [
  {
    // pipecat 1.8's SmallWebRTC input starts reading the camera with video_in_enabled alone
    // (transports/smallwebrtc/transport.py start), so only the Daily session needs the capture.
    name: "the user's camera never captured",
    file: 'server/bot.py',
    from: /\n\s+await maybe_capture_participant_camera\(transport, client\)/,
    to: '',
    expect: CAMERA,
    failing: ['daily/required'],
  },
  {
    name: 'video_in_enabled missing from the SmallWebRTC params',
    file: 'server/bot.py',
    from: /("webrtc": lambda: TransportParams\(\n(?:.*\n)*?)\s+video_in_enabled=True,\n/,
    to: '$1',
    expect: CAMERA,
    failing: ['smallwebrtc/required'],
  },
];

const outs: string[] = [];
let phone = new Map<string, SessionResult[]>();
let web = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  const a = await runMutants('pipecat-feature-paths-', PHONE, PHONE_MUTATIONS, (dir) => projectSpec(dir));
  const b = await runMutants('pipecat-camera-', WEB, WEB_MUTATIONS, (dir) => projectSpec(dir, ['required']));
  outs.push(a.out, b.out);
  phone = a.results;
  web = b.results;
}, 900_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

const problemsBySession = (r: SessionResult[]) =>
  Object.fromEntries(r.filter((s) => s.session !== 'deprecations').map((s) => [s.session, s.problems]));

/** The mutant's `failing` sessions fail with its `expect`; every other session passes. */
function onlyItsPathFails(results: SessionResult[], m: PathMutation): void {
  const sessions = problemsBySession(results);
  expect(Object.keys(sessions).length).toBeGreaterThan(m.failing.length);
  for (const [session, problems] of Object.entries(sessions)) {
    if (m.failing.includes(session))
      expect({ session, problems: problems.join('\n') }).toEqual({ session, problems: expect.stringMatching(m.expect) });
    else expect({ session, problems }).toEqual({ session, problems: [] });
  }
}

(missing ? describe.skip : describe)('a feature dropped on one call path fails that path', () => {
  test('the unbroken phone bot leaves every trace on both paths', () => {
    expect(problemsBySession(phone.get('unbroken')!)).toEqual({
      'twilio/required': [],
      [`${DIALOUT}/required`]: [],
      'twilio/all': [],
      [`${DIALOUT}/all`]: [],
    });
  });

  test.each(PHONE_MUTATIONS.map((m) => [m.name, m] as const))('%s: only its path fails', (name, m) => {
    onlyItsPathFails(phone.get(name)!, m);
  });

  test('the unbroken web bot receives the camera on Daily and SmallWebRTC', () => {
    expect(problemsBySession(web.get('unbroken')!)).toEqual({ 'daily/required': [], 'smallwebrtc/required': [] });
  });

  test.each(WEB_MUTATIONS.map((m) => [m.name, m] as const))('%s: only its session fails', (name, m) => {
    onlyItsPathFails(web.get(name)!, m);
  });
});
