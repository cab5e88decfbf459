/**
 * `pipecat update` (issue 15) through the real binary: the recorded configuration as base layer,
 * flags on top, each file merged three-way against `.pipecat/base/`, conflicts (exit 3, markers
 * exit 5), removals, projects without a base, `--dry-run` plans, and signals mid-update.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, WEB_ARGS, checkServers, checkerAvailable, makeTempDir, readBytes, removeDir, runCli, childEnv } from './helpers/cli.js';
import { STAGING_PREFIX } from '../generators/app/staging/staging.js';
import helpers from 'yeoman-test';
import PipecatGenerator from '../generators/app/index.js';
import { ROOT } from './helpers/cli.js';

const CHECKS = checkerAvailable('update: check_server.py on updated projects');

let tmp: string;
/** A pristine generated project (web, SmallWebRTC, Deepgram/OpenAI/Cartesia), copied by each test. */
let pristine: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-update-');
  const r = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]);
  expect(r.code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
});
afterAll(() => removeDir(tmp));

/** A fresh copy of the pristine project. */
function project(name: string): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** Edit a file of a project: replace `from` (which must occur) with `to`. */
function edit(dir: string, rel: string, from: string | RegExp, to: string): void {
  const p = join(dir, rel);
  const text = readFileSync(p, 'utf8');
  const next = text.replace(from, to);
  expect(next).not.toBe(text);
  writeFileSync(p, next);
}

/** The `--dry-run` plan as `{ path: action }`. */
function plan(dir: string, args: string[]): { config: Record<string, unknown>; actions: Record<string, string> } {
  const r = runCli(['update', ...args, '--dry-run', '--json'], { cwd: dir });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  const doc = JSON.parse(r.stdout) as { config: Record<string, unknown>; files: { path: string; action: string }[] };
  expect(Object.keys(doc)).toEqual(['config', 'files']);
  return { config: doc.config, actions: Object.fromEntries(doc.files.map((f) => [f.path, f.action])) };
}

const PERSONA = '"You are a friendly AI assistant in a real-time voice conversation. "';
const PIRATE = '"You are a pirate who answers every question in pirate speak. "';
const ENV = 'DEEPGRAM_API_KEY=dg-secret\nOPENAI_API_KEY=sk-secret\n';

describe('pipecat update', () => {
  test('change the TTS and add Daily: the SYSTEM_INSTRUCTION edit survives, .env untouched, checker clean; the dry run planned it and wrote nothing', () => {
    const dir = project('key');
    edit(dir, 'server/bot.py', PERSONA, PIRATE);
    writeFileSync(join(dir, 'server', '.env'), ENV);
    const before = readBytes(dir);
    const args = ['--tts', 'elevenlabs_tts', '--add-transport', 'daily'];

    const dry = plan(dir, args);
    expect(dry.config).toMatchObject({
      tts_service: 'elevenlabs_tts',
      transports: ['smallwebrtc', 'daily'],
      bot_type: 'web',
      stt_service: 'deepgram_stt',
    });
    expect(dry.actions).toMatchObject({
      'server/bot.py': 'merge',
      'server/pyproject.toml': 'update',
      'server/.env.example': 'update',
      'server/Dockerfile': 'unchanged',
      '.gitignore': 'unchanged',
      '.yo-rc.json': 'update',
    });
    expect(Object.keys(dry.actions).some((p) => p.startsWith('.pipecat') || p.endsWith('/.env'))).toBe(false);
    expect(readBytes(dir)).toEqual(before);

    const r = runCli(['update', ...args], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    expect(bot).toContain(PIRATE);
    expect(bot).not.toContain(PERSONA);
    expect(bot).toContain('ElevenLabsTTSService(');
    expect(bot).not.toContain('Cartesia');
    expect(bot).toContain('DailyParams(');
    expect(bot).toContain('SmallWebRTC');
    expect(readFileSync(join(dir, 'server', '.env'), 'utf8')).toBe(ENV);
    expect(readFileSync(join(dir, 'server', 'pyproject.toml'), 'utf8')).toMatch(/elevenlabs/);
    // The base is what was generated now; .yo-rc.json records the new configuration and the version.
    const rc = JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8'))['generator-pipecat'];
    expect(rc).toMatchObject({
      tts_service: 'elevenlabs_tts',
      transports: ['smallwebrtc', 'daily'],
      generator_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(readFileSync(join(dir, '.pipecat', 'base', 'server', 'bot.py'), 'utf8')).toContain(PERSONA);
    // What the user has to do: new variables (names only), the secret set, uv sync.
    expect(r.stdout).toContain('ELEVENLABS_API_KEY');
    expect(r.stdout).toContain('DAILY_API_KEY');
    expect(r.stdout).toMatch(/no longer used[^]*CARTESIA_API_KEY/);
    expect(r.stdout).toContain('pipecat cloud secrets set bot-secrets --file .env');
    expect(r.stdout).toContain('uv sync');
    expect(r.stdout).not.toContain('secret\n');
    expect(readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
    if (CHECKS) {
      const [summary] = checkServers([dir]);
      expect(summary.findings).toEqual([]);
    }
    // Nothing left to do: a second run changes nothing and says so.
    const snap = readBytes(dir);
    const again = runCli(['update'], { cwd: join(dir, 'server') });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('bot is up to date');
    expect(readBytes(dir)).toEqual(snap);
  });

  test('an overlapping edit: without a terminal nothing changes and exit 3 lists the file; --conflict-markers writes markers (exit 5)', () => {
    const dir = project('overlap');
    edit(dir, 'server/bot.py', /tts = CartesiaTTSService\(/, 'tts = CartesiaTTSService(  # my tweak');
    const before = readBytes(dir);
    expect(plan(dir, ['--tts', 'elevenlabs_tts']).actions['server/bot.py']).toBe('conflict');

    const r = runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('1 file conflicts with the update: nothing was changed');
    expect(r.stderr).toContain('server/bot.py: your edits and the update change the same lines');
    expect(r.stderr).toContain('--conflict-markers');
    expect(readBytes(dir)).toEqual(before);

    const m = runCli(['update', '--tts', 'elevenlabs_tts', '--conflict-markers'], { cwd: dir });
    expect(m.code).toBe(5);
    expect(m.stdout).toContain('Conflict markers');
    const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    expect(bot).toMatch(/<<<<<<< yours\n[^]*# my tweak[^]*=======\n[^]*ElevenLabsTTSService\([^]*>>>>>>> pipecat update\n/);
    // Outside the conflict the update is applied: the import block switched, other files updated.
    expect(bot).toContain('from pipecat.services.elevenlabs.tts import ElevenLabsTTSService');
    expect(readFileSync(join(dir, 'server', '.env.example'), 'utf8')).toContain('ELEVENLABS_API_KEY');
  });

  test('removals: unedited files of a dropped feature go with their emptied folder; an edited one is a conflict; user files stay', () => {
    const dir = join(tmp, 'removals');
    expect(runCli(['init', '-n', 'removals', ...WEB_ARGS, '--client-framework', 'vanilla', '--eval', '-o', tmp]).code).toBe(0);
    writeFileSync(join(dir, 'server', 'tools.py'), 'MINE = 1\n');
    writeFileSync(join(dir, 'server', '.env'), ENV);

    const dry = plan(dir, ['--client-framework', 'none', '--no-eval']);
    const removed = Object.entries(dry.actions)
      .filter(([, a]) => a === 'remove')
      .map(([p]) => p);
    expect(removed).toEqual(
      expect.arrayContaining(['client/package.json', 'server/evals/starter_audio.yaml', 'server/evals/starter_text.yaml']),
    );
    expect(Object.keys(dry.actions)).not.toContain('server/tools.py');

    // An edited evals scenario is a conflict: nothing happens without a terminal.
    edit(dir, 'server/evals/starter_text.yaml', /$/, '# my scenario note\n');
    const snap = readBytes(dir);
    const r = runCli(['update', '--client-framework', 'none', '--no-eval'], { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('server/evals/starter_text.yaml: the new configuration no longer uses it, but you edited it');
    expect(readBytes(dir)).toEqual(snap);

    // With markers the edited file is kept (it becomes the user's), the rest goes.
    const m = runCli(['update', '--client-framework', 'none', '--no-eval', '--conflict-markers'], { cwd: dir });
    expect(m.code).toBe(0);
    expect(existsSync(join(dir, 'client'))).toBe(false);
    expect(existsSync(join(dir, 'server', 'evals', 'starter_audio.yaml'))).toBe(false);
    expect(readFileSync(join(dir, 'server', 'evals', 'starter_text.yaml'), 'utf8')).toContain('# my scenario note');
    expect(readFileSync(join(dir, 'server', 'tools.py'), 'utf8')).toBe('MINE = 1\n');
    expect(readFileSync(join(dir, 'server', '.env'), 'utf8')).toBe(ENV);
    expect(existsSync(join(dir, '.pipecat', 'base', 'client'))).toBe(false);
    expect(existsSync(join(dir, '.pipecat', 'base', 'server', 'evals'))).toBe(false);
    // The kept file is no longer ours: a later update leaves it alone.
    expect(plan(dir, []).actions['server/evals/starter_text.yaml']).toBeUndefined();
  });

  test('adding a telephony transport makes a telephony bot (inference), drops the web client, adds the call server', () => {
    const dir = join(tmp, 'tel');
    expect(runCli(['init', '-n', 'tel', ...WEB_ARGS, '--client-framework', 'vanilla', '-o', tmp]).code).toBe(0);
    const dry = plan(dir, ['--add-transport', 'daily_pstn', '--daily-pstn-mode', 'dial-out']);
    expect(dry.config).toMatchObject({
      bot_type: 'telephony',
      transports: ['smallwebrtc', 'daily_pstn_dialout'],
      client_framework: null,
      daily_pstn_mode: 'dial-out',
    });
    expect(dry.actions).toMatchObject({ 'server/server.py': 'add', 'client/package.json': 'remove' });
    // Dropping the whole client/ as a side effect needs consent (issue 26): without a terminal,
    // exit 2, the files listed, nothing changed; --remove-unused gives it.
    const snap = readBytes(dir);
    const refused = runCli(['update', '--add-transport', 'daily_pstn', '--daily-pstn-mode', 'dial-out'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('client/package.json: unedited, but all of client/ goes');
    expect(refused.stderr).toContain('--remove-unused');
    expect(readBytes(dir)).toEqual(snap);
    const r = runCli(['update', '--add-transport', 'daily_pstn', '--daily-pstn-mode', 'dial-out', '--remove-unused'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Removed all of client/');
    expect(r.stderr).toContain('note: dropped the recorded client_framework "vanilla" (web clients are for web bots only');
    expect(existsSync(join(dir, 'client'))).toBe(false);
    expect(existsSync(join(dir, 'server', 'server.py'))).toBe(true);
    // And back: removing it by its family name makes a web bot again, the call server goes.
    const back = runCli(['update', '--remove-transport', 'daily_pstn'], { cwd: dir });
    expect(back.code).toBe(0);
    expect(existsSync(join(dir, 'server', 'server.py'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8'))['generator-pipecat']).toMatchObject({
      bot_type: 'web',
      transports: ['smallwebrtc'],
      daily_pstn_mode: null,
    });
  });

  test('no options after a template change: unedited files take the new templates, edited ones are merged', () => {
    const dir = project('templates');
    // Simulate a project made by an older version: its README and bot.py (and their base copies)
    // had an older wording; the user then edited bot.py elsewhere.
    for (const rel of ['README.md', 'server/bot.py']) {
      for (const root of [dir, join(dir, '.pipecat', 'base')]) {
        const p = join(root, rel);
        writeFileSync(p, readFileSync(p, 'utf8').replace(/\n/, '\nAN OLDER TEMPLATE LINE\n'));
      }
    }
    edit(dir, 'server/bot.py', PERSONA, PIRATE);
    expect(plan(dir, []).actions).toMatchObject({ 'README.md': 'update', 'server/bot.py': 'merge', 'server/Dockerfile': 'unchanged' });
    const r = runCli(['update', dir]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'README.md'))).toEqual(readFileSync(join(pristine, 'README.md')));
    const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    expect(bot).not.toContain('AN OLDER TEMPLATE LINE');
    expect(bot).toBe(readFileSync(join(pristine, 'server', 'bot.py'), 'utf8').replace(PERSONA, PIRATE));
    // No dependency changed: no install command.
    expect(r.stdout).not.toContain('uv sync');
  });

  test('a project without a base: files that differ from the new version are conflicts; the base is recorded from then on', () => {
    const dir = project('nobase');
    rmSync(join(dir, '.pipecat'), { recursive: true });
    // Nothing differs: the update only records the base.
    expect(Object.values(plan(dir, []).actions).every((a) => a === 'unchanged' || a === 'update')).toBe(true);
    const dry = plan(dir, ['--tts', 'elevenlabs_tts']);
    expect(dry.actions).toMatchObject({
      'server/bot.py': 'conflict',
      'server/pyproject.toml': 'conflict',
      'server/.env.example': 'conflict',
      'server/Dockerfile': 'unchanged',
    });
    const before = readBytes(dir);
    const r = runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no record of what was generated (.pipecat/base)');
    expect(readBytes(dir)).toEqual(before);
    const up = runCli(['update'], { cwd: dir });
    expect(up.code).toBe(0);
    expect(up.stdout).toContain('its base is now recorded');
    expect(readFileSync(join(dir, '.pipecat', 'base', 'server', 'bot.py'))).toEqual(readFileSync(join(dir, 'server', 'bot.py')));
    // From then on the same change merges.
    expect(plan(dir, ['--tts', 'elevenlabs_tts']).actions['server/bot.py']).toBe('update');
  });

  test("the user's own AGENTS.md, kept by an in-place init, is not in the base and is left alone by every update", () => {
    const dir = join(tmp, 'own-guide');
    mkdirSync(dir);
    const mine = '# My rules for agents\n\nRun the tests first.\n';
    writeFileSync(join(dir, 'AGENTS.md'), mine);
    expect(runCli(['init', '.', ...WEB_ARGS], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, '.pipecat', 'base', 'AGENTS.md'))).toBe(false);
    expect(existsSync(join(dir, '.pipecat', 'base', 'CLAUDE.md'))).toBe(true);
    expect(plan(dir, ['--tts', 'elevenlabs_tts']).actions).toMatchObject({ 'AGENTS.md': 'keep', 'server/bot.py': 'update' });
    const r = runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(r.stdout).toContain('keep     AGENTS.md   (your own guide: not updated)');
    // The count in the first line is the number of files listed with that action.
    const listed = r.stdout.split('\n').filter((l) => l.startsWith('  update   ')).length;
    expect(r.stdout.split('\n')[0]).toBe(`Updated own-guide in the current directory: ${listed} updated`);
    expect(readFileSync(join(dir, 'server', 'bot.py'), 'utf8')).toContain('ElevenLabsTTSService(');
    // A second update still keeps it, and the base still leaves it out.
    expect(runCli(['update', '--tts', 'cartesia_tts'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, 'AGENTS.md'), 'utf8')).toBe(mine);
    expect(existsSync(join(dir, '.pipecat', 'base', 'AGENTS.md'))).toBe(false);
    expect(runCli(['update'], { cwd: dir }).stdout).not.toContain('AGENTS.md');
  });

  test('yo pipecat inside the project updates it (the recorded answers, no questions) instead of nesting a new project', async () => {
    const dir = project('yo');
    edit(dir, 'server/bot.py', PERSONA, PIRATE);
    const before = readdirSync(dir).sort();
    const logged: string[] = [];
    const result = await helpers
      .run(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: join(ROOT, 'generators', 'app', 'index.ts') })
      .cd(join(dir, 'server'))
      .withOptions({ skipInstall: true, tts: 'elevenlabs_tts', 'add-transport': ['daily'] } as never)
      .withAnswers({}, {
        callback: (answer: unknown) => {
          logged.push(String(answer));
          return answer;
        },
      } as never);
    // `.cd()` moved this worker into the project, which afterAll deletes: later suites in the
    // same worker would spawn children from a removed folder (uv_cwd ENOENT).
    result.restore();
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readdirSync(join(dir, 'server'))).not.toContain('bot');
    const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    expect(bot).toContain(PIRATE);
    expect(bot).toContain('ElevenLabsTTSService(');
    expect(bot).toContain('DailyParams(');
    expect(logged).toEqual([]); // nothing was asked
    expect(JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8'))['generator-pipecat']).toMatchObject({
      tts_service: 'elevenlabs_tts',
      transports: ['smallwebrtc', 'daily'],
    });
  });

  test('no generator run: updating is a plain function call, not a Yeoman run (PIPECAT_DEBUG_RUNS counts Yeoman runs; issue 25)', () => {
    const dir = project('runs');
    const r = runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: dir, env: { PIPECAT_DEBUG_RUNS: '1', ELEVENLABS_API_KEY: '' } });
    expect({ code: r.code, runs: r.stderr.match(/generator run \d+/g) }).toEqual({ code: 0, runs: null });
    expect(readFileSync(join(dir, 'server', 'bot.py'), 'utf8')).toContain('ElevenLabsTTSService');
  });

  test('~/.yo-rc-global.json (Yeoman’s settings) is neither read nor written: a corrupt one there changes nothing', () => {
    const dir = project('yo-global');
    const home = join(tmp, 'home-yo-global');
    mkdirSync(home);
    const global = join(home, '.yo-rc-global.json');
    const corrupt = '{\n<<<<<<< HEAD\n  "generator-pipecat": {}\n}\n';
    writeFileSync(global, corrupt);
    const past = new Date('2001-02-03T04:05:06Z');
    utimesSync(global, past, past);
    const r = runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: dir, env: { HOME: home, ELEVENLABS_API_KEY: '' } });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(/yo-rc-global/) });
    expect(readFileSync(join(dir, 'server', 'bot.py'), 'utf8')).toContain('ElevenLabsTTSService');
    // Untouched, and not even read: its access time (a year-old one moves on a read, even under
    // `relatime`) and modification time stay (stat before our own read below).
    const { atimeMs, mtimeMs } = statSync(global);
    expect({ atimeMs, mtimeMs, text: readFileSync(global, 'utf8') }).toEqual({
      atimeMs: past.getTime(),
      mtimeMs: past.getTime(),
      text: corrupt,
    });
    expect(readdirSync(home)).toEqual(['.yo-rc-global.json']);
  });

  test('bad input: exit 2 naming the flag or folder, nothing changed', () => {
    const dir = project('bad');
    const before = readBytes(dir);
    const cases: [string[], RegExp][] = [
      [['--tts', 'nope_tts'], /--tts/],
      [['--remove-transport', 'daily'], /--remove-transport daily: the project has no such transport \(it has smallwebrtc\)/],
      [['--remove-transport', 'smallwebrtc'], /without a transport/],
      [['--recording=maybe'], /--recording: takes no value/],
      [['--no-such-flag'], /such-flag/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(['update', ...args], { cwd: dir });
      expect({ args, code: r.code, ok: message.test(r.stderr), trace: /\n\s+at /.test(r.stderr) }).toEqual({
        args,
        code: 2,
        ok: true,
        trace: false,
      });
    }
    expect(readBytes(dir)).toEqual(before);
    const none = join(tmp, 'not-a-project');
    mkdirSync(none);
    const r = runCli(['update'], { cwd: none });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no .yo-rc.json');
    expect(runCli(['update', none]).stderr).toContain('is not a generated project');
  });

  test.each(['SIGINT', 'SIGTERM'] as const)('%s in the middle of applying leaves the project byte for byte as it was', async (signal) => {
    const dir = project(`sig-${signal}`);
    edit(dir, 'server/bot.py', PERSONA, PIRATE);
    const before = readBytes(dir);
    const env = childEnv({ PIPECAT_UPDATE_PAUSE_MS: '30000' });
    const child = spawn(process.execPath, [BIN, 'update', '--tts', 'elevenlabs_tts', '--add-transport', 'daily'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('update: paused')) resolve();
      });
    });
    // Some files are already changed at this point.
    expect(readBytes(dir)).not.toEqual(before);
    child.kill(signal);
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(stderr).toContain('cancelled: nothing was changed');
    expect(readBytes(dir)).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
  });

  test('after SIGKILL mid-update, the next run undoes the dead run first', async () => {
    const dir = project('sigkill');
    const before = readBytes(dir);
    const env = childEnv({ PIPECAT_UPDATE_PAUSE_MS: '30000' });
    const child = spawn(process.execPath, [BIN, 'update', '--tts', 'elevenlabs_tts'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => d.toString().includes('paused') && resolve()));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    expect(readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX)).length).toBe(1);
    const dry = plan(dir, ['--tts', 'elevenlabs_tts']);
    expect(readBytes(dir)).toEqual(before);
    expect(dry.actions['server/bot.py']).toBe('update');
  });
});
