/**
 * `pipecat update` on a real terminal (tmux): a conflicting file gets a choice; "show the diff"
 * prints the unified diff and asks again; "keep mine" keeps the user's file while the rest of the
 * update is applied; "abort" changes nothing (issue 15).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, WEB_ARGS, makeTempDir, readBytes, removeDir, runCli } from '../helpers/cli.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

const HAVE_TMUX = tmuxAvailable();
if (!HAVE_TMUX) process.stderr.write('update-tty.test.ts: tmux is not installed; the terminal tests are skipped\n');

let tmp: string;
let pristine: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-update-tty-');
  expect(runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]).code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
});
afterAll(() => removeDir(tmp));

/** A copy of the project with an edit on the line the TTS switch changes. */
function conflicted(name: string): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  const p = join(dir, 'server', 'bot.py');
  writeFileSync(p, readFileSync(p, 'utf8').replace('tts = CartesiaTTSService(', 'tts = CartesiaTTSService(  # my tweak'));
  return dir;
}

describe('pipecat update on a terminal', () => {
  (HAVE_TMUX ? test : test.skip)(
    'show the diff, then keep mine: the edit stays, the rest is updated',
    async () => {
      const dir = conflicted('keep');
      const tty = new TmuxSession(tmp);
      try {
        tty.start(`node ${BIN} update --tts elevenlabs_tts; echo "EXIT=$?"; sleep 30`, {
          cwd: dir,
          env: terminalEnv({ TERM: 'xterm-256color' }),
        });
        await tty.waitFor('server/bot.py: your edits and the update change the same lines');
        await tty.waitFor('keep mine');
        tty.keys('Down', 'Down', 'Down', 'Enter'); // keep mine, take new, write markers, show the diff
        const screen = await tty.waitFor(/\+\s*tts = ElevenLabsTTSService\(/);
        expect(screen).toMatch(/-\s*tts = CartesiaTTSService\( {2}# my tweak/);
        tty.keys('Enter'); // the choice again, "keep mine" first
        const done = await tty.waitFor('EXIT=');
        expect(done).toContain('EXIT=0');
        expect(done).toContain('(kept yours)');
      } finally {
        tty.kill();
      }
      const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
      expect(bot).toContain('# my tweak');
      expect(readFileSync(join(dir, 'server', '.env.example'), 'utf8')).toContain('ELEVENLABS_API_KEY');
    },
    120_000,
  );

  (HAVE_TMUX ? test : test.skip)(
    'abort: nothing changes, exit 130',
    async () => {
      const dir = conflicted('abort');
      const before = readBytes(dir);
      const tty = new TmuxSession(tmp);
      try {
        tty.start(`node ${BIN} update --tts elevenlabs_tts; echo "EXIT=$?"; sleep 30`, {
          cwd: dir,
          env: terminalEnv({ TERM: 'xterm-256color' }),
        });
        await tty.waitFor('keep mine');
        tty.keys('Down', 'Down', 'Down', 'Down', 'Enter');
        const done = await tty.waitFor('EXIT=');
        expect(done).toContain('EXIT=130');
        expect(done).toContain('nothing was changed');
      } finally {
        tty.kill();
      }
      expect(readBytes(dir)).toEqual(before);
    },
    120_000,
  );
});
