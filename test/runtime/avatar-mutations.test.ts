/**
 * Proof that the runtime tier fails an avatar bot whose video cannot reach the client: a web bot
 * with the Tavus avatar on Daily and SmallWebRTC is broken on purpose in its transport params, and
 * the session of the broken transport must report it, while the same bot unbroken completes both.
 *
 * - `video_out_enabled=True` dropped from the Daily params -> the avatar's frames have no camera
 *   to go out on: the Daily room sees no bot video (rt/daily.py);
 * - the same on SmallWebRTC -> pipecat attaches no video track to the peer connection, and the
 *   browser receives no bot video (rt/webrtc.py);
 * - the output sized 1024x768 (pipecat's registry default) for the 16:9 avatar -> every frame of
 *   the avatar is stretched to 4:3 (base_output.py `_draw_image` resizes without keeping the aspect
 *   ratio): the browser receives video at another aspect ratio than the avatar sent (rt/webrtc.py).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime avatar mutations: ${missing}\n`);

const ARGS = '-m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts -b web -t daily -t smallwebrtc --video tavus_video'.split(
  ' ',
);

/** One break and the one session (driver) that must report it. */
const MUTATIONS: (Mutation & { driver: 'daily' | 'webrtc' })[] = [
  {
    name: "the Daily params' video output dropped",
    file: 'server/bot.py',
    from: /("daily": lambda: DailyParams\([^)]*?)\n *video_out_enabled=True,/,
    to: '$1',
    expect: /the bot has an avatar but no video frame reached the Daily room/,
    driver: 'daily',
  },
  {
    name: "the SmallWebRTC params' video output dropped",
    file: 'server/bot.py',
    from: /("webrtc": lambda: TransportParams\([^)]*?)\n *video_out_enabled=True,/,
    to: '$1',
    expect: /the bot has an avatar but no video frame reached the browser/,
    driver: 'webrtc',
  },
  {
    name: 'the 16:9 avatar stretched into a 1024x768 output',
    file: 'server/bot.py',
    from: /(?<head>"webrtc": lambda: TransportParams\([^)]*?video_out_width=)1280,\n(?<indent> *video_out_height=)720,/,
    to: '$<head>1024,\n$<indent>768,',
    expect: /stretched/,
    driver: 'webrtc',
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-avatar-mutations-', ARGS, MUTATIONS, (dir) => {
    const spec = projectSpec(dir, ['required']);
    const m = MUTATIONS.find((x) => dir.endsWith(`mutant-${MUTATIONS.indexOf(x)}`));
    if (m) spec.sessions = spec.sessions.filter((s) => s.driver === m.driver);
    return spec;
  }));
}, 900_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('the runtime tier reports an avatar whose video cannot reach the client', () => {
  test('the unbroken avatar bot completes its Daily and SmallWebRTC sessions', () => {
    const r = results.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([
      { session: 'daily/required', problems: [] },
      { session: 'smallwebrtc/required', problems: [] },
    ]);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
