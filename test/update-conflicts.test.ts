/**
 * `pipecat update`'s conflicts without a terminal (issue 26), through the real binary: the
 * conflicting parts settled one way (`--conflicts yours|new`) keep the user's other edits (kept
 * service code keeps its service: test/e2e/update-follows-code.test.ts); the
 * merged `bot.py` imports what its code uses whichever side is kept (check_server.py: pyflakes
 * finds no undefined name), also once markers are resolved either way; markers left in a file are
 * reported by the next update (`file:line`), which refuses to change that file (exit 2); and
 * `--dry-run` prints a plan for people, JSON with `--json`. The terminal's per-part dialog is in
 * test/e2e/update-tty.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_ARGS, checkServers, checkerAvailable, makeTempDir, readBytes, removeDir, runCli } from './helpers/cli.js';

const CHECKS = checkerAvailable('update conflicts: check_server.py on merged projects');

let tmp: string;
/** The project with three edits: a persona (no conflict) and two lines the TTS switch changes. */
let edited: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-update-conflicts-');
  expect(runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]).code).toBe(0);
  edited = join(tmp, 'edited');
  cpSync(join(tmp, 'pristine', 'bot'), edited, { recursive: true });
  const bot = join(edited, 'server', 'bot.py');
  const text = readFileSync(bot, 'utf8');
  const next = text.replace(PERSONA, PIRATE).replace('tts = CartesiaTTSService(', MY_TTS).replace('"Cartesia TTS",', MY_NAME);
  expect([next.includes(PIRATE), next.includes(MY_TTS), next.includes(MY_NAME)]).toEqual([true, true, true]);
  writeFileSync(bot, next);
});
afterAll(() => removeDir(tmp));

const PERSONA = '"You are a friendly AI assistant in a real-time voice conversation. "';
const PIRATE = '"You are a pirate who answers every question in pirate speak. "';
const MY_TTS = 'tts = CartesiaTTSService(  # my voice';
const MY_NAME = '"Cartesia TTS (my voice)",';
const SWITCH = ['--tts', 'elevenlabs_tts'];

/** A fresh copy of the edited project. */
function copy(name: string): string {
  const dir = join(tmp, name);
  cpSync(edited, dir, { recursive: true });
  return dir;
}

const bot = (dir: string): string => readFileSync(join(dir, 'server', 'bot.py'), 'utf8');

/** Keep one side of every conflict in a file with markers, as a user resolving them would. */
function resolveMarkers(text: string, side: 'yours' | 'new'): string {
  return text.replace(/<<<<<<< yours\n([^]*?)=======\n([^]*?)>>>>>>> pipecat update\n/g, (_m, mine: string, theirs: string) =>
    side === 'yours' ? mine : theirs,
  );
}

/**
 * check_server.py's findings on a project's code (pyflakes: an undefined name is an error, a
 * NameError waiting; the compile, imports and calls checks, and `more` of its checks, such as
 * `env`: a variable read that .env.example does not declare).
 */
function findings(dir: string, more: readonly string[] = []): string[] {
  const code = ['pyflakes', 'compile', 'imports', 'calls', ...more];
  return checkServers([dir])[0]
    .findings.filter((f) => code.includes(f.check))
    .map((f) => `${f.severity}: ${f.message}`);
}

describe('pipecat update: conflicting parts', () => {
  test('--conflicts yours / new settle only the conflicting parts: the other edits and the update both stay, and bot.py imports what it uses', () => {
    const yours = copy('yours');
    const r = runCli(['update', ...SWITCH, '--conflicts', 'yours'], { cwd: yours });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    // Your Cartesia lines kept: the configuration follows the code (docs/updating.md), so the TTS
    // switch is not applied around them either, and .env.example keeps what the code reads.
    expect(r.stdout).toBe('bot is up to date\nserver/bot.py still constructs Cartesia TTS: kept cartesia_tts\n');
    if (CHECKS) expect(findings(yours, ['env'])).toEqual([]);
    const y = bot(yours);
    expect([y.includes(PIRATE), y.includes(MY_TTS), y.includes(MY_NAME)]).toEqual([true, true, true]);
    expect(y).toContain('Pipeline: Deepgram → OpenAI → Cartesia\n');
    expect(y).toContain('from pipecat.services.cartesia.tts import CartesiaTTSService\n');
    expect(y).not.toContain('import ElevenLabsTTSService');
    expect(readFileSync(join(yours, '.yo-rc.json'), 'utf8')).toContain('"tts_service": "cartesia_tts"');

    const taken = copy('new');
    const n = runCli(['update', ...SWITCH, '--conflicts', 'new'], { cwd: taken });
    expect({ code: n.code, stderr: n.stderr }).toEqual({ code: 0, stderr: '' });
    expect(n.stdout).toContain('(new lines in 2 conflicting parts)');
    const t = bot(taken);
    expect(t).toContain(PIRATE); // "take new" no longer drops the user's other edits
    expect([t.includes(MY_TTS), t.includes(MY_NAME), t.includes('Cartesia')]).toEqual([false, false, false]);
    expect(t).toContain('from pipecat.services.elevenlabs.tts import ElevenLabsTTSService\n');
    if (CHECKS) expect(findings(taken)).toEqual([]);
  });

  test('--conflict-markers: the block imports both sides, so resolving the markers either way leaves no undefined name', () => {
    const dir = copy('markers');
    const r = runCli(['update', ...SWITCH, '--conflict-markers'], { cwd: dir });
    expect(r.code).toBe(5);
    const text = bot(dir);
    const lines = text.split('\n').flatMap((l, i) => (l.startsWith('<<<<<<< yours') ? [i + 1] : []));
    expect(lines).toHaveLength(2);
    // The summary names each conflict's first line.
    expect(r.stdout).toContain(`were written into: server/bot.py:${lines.join(', ')}`);
    expect(text).toContain('import CartesiaTTSService\n');
    expect(text).toContain('import ElevenLabsTTSService\n');
    expect(text).toContain(PIRATE);
    if (!CHECKS) return;
    for (const side of ['yours', 'new'] as const) {
      writeFileSync(join(dir, 'server', 'bot.py'), resolveMarkers(text, side));
      const unused = side === 'yours' ? 'ElevenLabsTTSService' : 'CartesiaTTSService';
      // The other side's class is imported and unused (a warning); nothing is undefined (an error).
      expect({ side, findings: findings(dir) }).toEqual({
        side,
        findings: [expect.stringMatching(new RegExp(`^warning: .*'pipecat\\.services\\.[a-z]+\\.tts\\.${unused}' imported but unused`))],
      });
    }
  });

  test("your own imports stay (a __future__ import first), the generator's follow the code: no undefined name, none unused", () => {
    const dir = copy('own-imports');
    const p = join(dir, 'server', 'bot.py');
    const text = readFileSync(p, 'utf8')
      .replace('import os\n', 'from __future__ import annotations\n\nimport json\nimport os\n')
      .replace('from pipecat.frames.frames import LLMRunFrame\n', 'from pipecat.frames.frames import LLMRunFrame, TextFrame\n')
      .replace(/^( {4}logger\.info\(f"Starting bot.*\n)/m, '$1    logger.debug(json.dumps({"frame": str(TextFrame)}))\n');
    expect(text).toContain('json.dumps({"frame": str(TextFrame)})');
    writeFileSync(p, text);
    const r = runCli(['update', ...SWITCH, '--conflicts', 'new'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const merged = bot(dir);
    expect(merged).toMatch(/"""\n\nfrom __future__ import annotations\n\nimport os\n/);
    expect(merged).toContain('\nimport json\nfrom pipecat.frames.frames import TextFrame\n');
    expect(merged).toContain('from pipecat.frames.frames import LLMRunFrame\n');
    expect(merged).toContain('from pipecat.services.elevenlabs.tts import ElevenLabsTTSService\n');
    if (CHECKS) expect(findings(dir)).toEqual([]);
  });

  test('markers left in a file: the next update reports them (file:line) and goes on, refuses (exit 2) to change that file, and the dry run shows them', () => {
    const dir = copy('leftover');
    expect(runCli(['update', ...SWITCH, '--conflict-markers'], { cwd: dir }).code).toBe(5);
    const at = bot(dir)
      .split('\n')
      .flatMap((l, i) => (l.startsWith('<<<<<<<') ? [i + 1] : []))
      .join(', ');

    // Nothing changes bot.py: reported on stderr, the update runs.
    const again = runCli(['update'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(
      `warning: server/bot.py:${at}: conflict markers from an earlier update are still in the file (this update left it as it was)\n`,
    );

    // A change to bot.py: refused before anything is asked or written.
    const before = readBytes(dir);
    const refused = runCli(['update', '--llm', 'anthropic_llm'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`server/bot.py:${at}: <<<<<<< … >>>>>>> not resolved`);
    expect(refused.stderr).toContain('nothing was changed');
    expect(readBytes(dir)).toEqual(before);

    const dry = runCli(['update', '--llm', 'anthropic_llm', '--dry-run'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`in files this update changes (it stops until they are resolved): server/bot.py:${at}`);
    const doc = JSON.parse(runCli(['update', '--dry-run', '--json'], { cwd: dir }).stdout) as {
      files: { path: string; markers?: number[] }[];
    };
    expect(doc.files.filter((f) => f.markers)).toEqual([
      { path: 'server/bot.py', action: 'unchanged', markers: at.split(', ').map(Number) },
    ]);
  });

  test('--dry-run prints the plan for people (each file, counts, the configuration change); --json prints the document', () => {
    const dir = copy('dry');
    const before = readBytes(dir);
    const r = runCli(['update', ...SWITCH, '--dry-run'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^Plan for bot in the current directory \(dry run: nothing is written; --json prints it as JSON\)\n/);
    expect(r.stdout).toContain('Configuration:\n  tts_service: cartesia_tts → elevenlabs_tts\n');
    expect(r.stdout).toMatch(/^ {2}conflict {2}server\/bot\.py +your edits and the update change the same lines \(2 conflicting parts\)$/m);
    expect(r.stdout).toMatch(/^ {2}update {4}server\/pyproject\.toml$/m);
    expect(r.stdout).toMatch(/^ {2}unchanged server\/Dockerfile$/m);

    const j = runCli(['update', ...SWITCH, '--dry-run', '--json'], { cwd: dir });
    const doc = JSON.parse(j.stdout) as { config: { tts_service: string }; files: { path: string; action: string }[] };
    expect(Object.keys(doc)).toEqual(['config', 'files']);
    expect(doc.config.tts_service).toBe('elevenlabs_tts');
    // The counts line agrees with the document (.yo-rc.json, rewritten by every update, aside).
    const files = doc.files.filter((f) => f.path !== '.yo-rc.json');
    const counts = ['conflict', 'merge', 'update', 'add', 'remove', 'keep', 'unchanged']
      .map((a) => [a, files.filter((f) => f.action === a).length] as const)
      .filter(([, k]) => k > 0)
      .map(([a, k]) => `${k} ${a}`);
    expect(r.stdout).toContain(`\n${files.length} files: ${counts.join(', ')}\n`);
    for (const f of files) expect(r.stdout).toMatch(new RegExp(`^ {2}${f.action} +${f.path.replace(/\./g, '\\.')}( |$)`, 'm'));

    const misuse = runCli(['update', '--json'], { cwd: dir });
    expect({ code: misuse.code, stderr: misuse.stderr }).toEqual({
      code: 2,
      stderr: expect.stringContaining('--json: only with --dry-run'),
    });
    expect(readBytes(dir)).toEqual(before);
  });
});
