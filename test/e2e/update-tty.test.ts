/**
 * `pipecat update` on a real terminal (tmux): a conflicting file gets a choice; "show the
 * conflicting parts" prints only those, as small diffs, and asks again; "keep mine" keeps the
 * user's file, and the configuration follows the service its code still constructs; "take new"
 * takes the new lines of the conflicting part only (the user's other edits stay); "choose part by
 * part" asks yours / new / both for each part, and bot.py imports what its code uses (check_server.py);
 * "abort" changes nothing (issues 15 and 26).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, WEB_ARGS, checkServers, checkerAvailable, makeTempDir, readBytes, removeDir, runCli } from '../helpers/cli.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

const HAVE_TMUX = tmuxAvailable();
if (!HAVE_TMUX) process.stderr.write('update-tty.test.ts: tmux is not installed; the terminal tests are skipped\n');

const CHECKS = checkerAvailable('update-tty: check_server.py on the merged bot.py');
/** The persona edit: on lines the TTS switch does not touch. */
const PERSONA = ['You are a friendly AI assistant', 'You are a pirate'] as const;

let tmp: string;
let pristine: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-update-tty-');
  expect(runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]).code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
});
afterAll(() => removeDir(tmp));

/**
 * A copy of the project with a persona edit and an edit on the line the TTS switch changes (one
 * conflicting part), or also on the service's name in the error table (`parts` 2).
 */
function conflicted(name: string, parts = 1): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  const p = join(dir, 'server', 'bot.py');
  let text = readFileSync(p, 'utf8')
    .replace('tts = CartesiaTTSService(', 'tts = CartesiaTTSService(  # my tweak')
    .replace(...PERSONA);
  if (parts === 2) text = text.replace('"Cartesia TTS",', '"Cartesia TTS (mine)",');
  writeFileSync(p, text);
  return dir;
}

/** Run `pipecat update --tts elevenlabs_tts` in tmux; `steps` drive it; returns the final screen. */
async function onTerminal(dir: string, steps: (tty: TmuxSession) => Promise<void>): Promise<string> {
  const tty = new TmuxSession(tmp);
  try {
    tty.start(`node ${BIN} update --tts elevenlabs_tts; echo "EXIT=$?"; sleep 30`, {
      cwd: dir,
      env: terminalEnv({ TERM: 'xterm-256color' }),
    });
    await tty.waitFor('keep mine');
    await steps(tty);
    return await tty.waitFor('EXIT=');
  } finally {
    tty.kill();
  }
}

/** check_server.py's findings on the project's code (pyflakes: an undefined name is an error). */
function codeFindings(dir: string): string[] {
  const code = ['pyflakes', 'compile', 'imports', 'calls'];
  return checkServers([dir])[0]
    .findings.filter((f) => code.includes(f.check))
    .map((f) => `${f.severity}: ${f.message}`);
}

describe('pipecat update on a terminal', () => {
  (HAVE_TMUX ? test : test.skip)(
    'show the conflicting parts (only them), then keep mine: the edit stays, and the configuration follows the kept code',
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
        // keep mine, take new, write markers, choose part by part, show the conflicting parts
        tty.keys('Down', 'Down', 'Down', 'Down', 'Enter');
        const screen = await tty.waitFor(/\+\s*tts = ElevenLabsTTSService\(/);
        expect(screen).toMatch(/-\s*tts = CartesiaTTSService\( {2}# my tweak/);
        expect(screen).toContain('server/bot.py, part 1 of 1:');
        // Only the conflicting part: not the docstring's or the import block's changes.
        expect(screen).not.toMatch(/^[-+]Pipeline: /m);
        expect(screen).not.toMatch(/^[-+]from pipecat/m);
        tty.keys('Enter'); // the choice again, "keep mine" first
        const done = await tty.waitFor('EXIT=');
        expect(done).toContain('EXIT=0');
        // The kept code constructs Cartesia: the configuration follows it (docs/updating.md).
        expect(done).toContain('server/bot.py still constructs Cartesia TTS: kept cartesia_tts');
      } finally {
        tty.kill();
      }
      const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
      expect(bot).toContain('# my tweak');
      const env = readFileSync(join(dir, 'server', '.env.example'), 'utf8');
      expect([env.includes('CARTESIA_API_KEY='), env.includes('ELEVENLABS_API_KEY')]).toEqual([true, false]);
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
        tty.keys('Down', 'Down', 'Down', 'Down', 'Down', 'Down', 'Enter'); // abort, the last of seven
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

  (HAVE_TMUX ? test : test.skip)(
    'take new: the new lines in the conflicting part, the persona edit stays, bot.py imports what it uses',
    async () => {
      const dir = conflicted('take-new');
      const done = await onTerminal(dir, async (tty) => tty.keys('Down', 'Enter'));
      expect(done).toContain('EXIT=0');
      expect(done).toContain('(new lines in 1 conflicting part)');
      const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
      expect(bot).toContain(PERSONA[1]);
      expect(bot).not.toContain('Cartesia');
      expect(bot).toContain('tts = ElevenLabsTTSService(\n');
      if (CHECKS) expect(codeFindings(dir)).toEqual([]);
    },
    120_000,
  );

  (HAVE_TMUX ? test : test.skip)(
    'choose part by part: yours for the construct keeps its service; the other edits stay and no name is undefined',
    async () => {
      const dir = conflicted('parts', 2);
      const done = await onTerminal(dir, async (tty) => {
        tty.keys('Down', 'Down', 'Down', 'Enter'); // choose part by part
        const first = await tty.waitFor('server/bot.py, part 1 of 2:');
        expect(first).toMatch(/-\s*tts = CartesiaTTSService\( {2}# my tweak/);
        await tty.waitFor('keep yours');
        tty.keys('Enter'); // keep yours
        const second = await tty.waitFor(/-\s*"Cartesia TTS \(mine\)",/);
        expect(second).toMatch(/\+\s*"ElevenLabs TTS",/);
        tty.keys('Down', 'Enter'); // take new
      });
      expect(done).toContain('EXIT=0');
      // Yours in the construct: the code still constructs Cartesia, so the configuration follows it
      // and bot.py is planned again with it (the TTS switch is not applied around the kept lines).
      expect(done).toContain('server/bot.py still constructs Cartesia TTS: kept cartesia_tts');
      const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
      expect(bot).toContain(PERSONA[1]);
      expect(bot).toContain('tts = CartesiaTTSService(  # my tweak');
      expect(bot).not.toContain('ElevenLabs');
      expect(bot).toContain('from pipecat.services.cartesia.tts import CartesiaTTSService\n');
      expect(readFileSync(join(dir, '.yo-rc.json'), 'utf8')).toContain('"tts_service": "cartesia_tts"');
      if (CHECKS) expect(codeFindings(dir)).toEqual([]);
    },
    120_000,
  );
});
