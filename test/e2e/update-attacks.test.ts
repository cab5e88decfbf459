/**
 * `pipecat update` under attack (issue 23; issue 26 item 2), through the real binary:
 * - symbolic links leading outside the project (`server/`, `client/`, `.pipecat/`, a file) are
 *   refused with exit 2, naming the link and its target; nothing changes inside or outside;
 * - a concurrent update is stopped by `.pipecat/update.lock` (exit 1, naming the lock and the
 *   other pid): exactly one succeeds and the base matches `.yo-rc.json`; a SIGKILLed run's lock
 *   never blocks the recovery or the next update;
 * - the consent rule: a whole `client/` dropped as a side effect (`--add-transport twilio` on a
 *   React web project), or a file a tampered base lists, is not removed without a terminal choice
 *   or `--remove-unused` (exit 2, files listed, nothing changed); an edited file never is;
 * - user situations end in a message naming the input, never a stack: a corrupt `.yo-rc.json`
 *   (git conflict markers, invalid JSON), a 130,000-line file, an invalid recorded `project_name`,
 *   a read-only folder (exit 1).
 * Each check was shown to fail with its defence removed (see the commit that added this file).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BIN, CASCADE_ARGS, ROOT, childEnv, makeTempDir, readBytes, removeDir, runCli, userDir, type CliResult } from '../helpers/cli.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

/** A React web project: SmallWebRTC, the cascade services. */
const REACT_ARGS = ['-b', 'web', '-t', 'smallwebrtc', ...CASCADE_ARGS, '--client-framework', 'react'];
const INTERNAL = 'internal error';

let tmp: string;
let pristine: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-update-attacks-');
  expect(runCli(['init', '-n', 'bot', ...REACT_ARGS, '-o', join(tmp, 'pristine')]).code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
});
afterAll(() => removeDir(tmp));

/** A fresh copy of the pristine project. */
function project(name: string): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** `pipecat update ARGS` in `dir`. */
function update(dir: string, args: string[] = []): CliResult {
  return runCli(['update', ...args], { cwd: dir });
}

/** The recorded configuration. */
function recorded(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8'))['generator-pipecat'] as Record<string, unknown>;
}

/** Start `pipecat update ARGS` paused halfway through applying; resolves once it says so. */
async function pausedUpdate(
  dir: string,
  args: string[],
): Promise<{ done: Promise<CliResult>; pid: number; kill: (s: NodeJS.Signals) => void }> {
  const child = spawn(process.execPath, [BIN, 'update', ...args], {
    cwd: dir,
    env: childEnv({ PIPECAT_UPDATE_PAUSE_MS: '4000' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const paused = new Promise<void>((resolve) =>
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('update: paused')) resolve();
    }),
  );
  const done = new Promise<CliResult>((resolve) => child.on('exit', (c) => resolve({ code: c ?? -1, stdout, stderr })));
  await Promise.race([paused, done]);
  return { done, pid: child.pid!, kill: (s) => child.kill(s) };
}

let yoPrefix: string | undefined;
/**
 * Run `yo pipecat ARGS` (no terminal) in `dir` from a linked install, made once as
 * test/e2e/yo-wizard.test.ts makes it; yo started as root runs as uid 1000, so the project is
 * given to that user.
 */
function yo(dir: string, args: string[]): SpawnSyncReturns<string> {
  chmodSync(tmp, 0o755); // uid 1000 reaches the project through the temp folder
  if (!yoPrefix) {
    yoPrefix = join(tmp, 'prefix');
    const npm = spawnSync(
      'npm',
      ['install', '-g', '--prefix', yoPrefix, ROOT, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(npm.stderr).toBe('');
  }
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', '1000:1000', dir]);
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'yo'), ['pipecat', ...args], {
    cwd: dir,
    env: childEnv({ HOME: userDir(join(tmp, 'yo-home')), npm_config_prefix: yoPrefix }),
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
  });
}

describe('symbolic links leading outside the project', () => {
  test.each([
    ['server', 'server/'],
    ['client', 'client/'],
    ['.pipecat', '.pipecat/'],
    ['server/Dockerfile', 'a file'],
  ])('%s (%s) linked outside: exit 2 naming the link, nothing changed inside or outside', (rel) => {
    const dir = project(`link-${rel.replace(/\W/g, '_')}`);
    const outside = join(tmp, `outside-${rel.replace(/\W/g, '_')}`);
    mkdirSync(outside);
    const moved = join(outside, 'target');
    renameSync(join(dir, ...rel.split('/')), moved);
    symlinkSync(moved, join(dir, ...rel.split('/')));
    const before = readBytes(dir);
    const outsideBefore = readBytes(outside);
    // A TTS switch writes into server/ and .pipecat/base; a telephony transport removes client/.
    for (const args of [
      ['--tts', 'elevenlabs_tts'],
      ['--add-transport', 'twilio', '--remove-unused'],
    ]) {
      const r = update(dir, args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${rel} -> ${moved}: outside the project`);
      expect(r.stderr).not.toContain(INTERNAL);
      expect(readBytes(outside)).toEqual(outsideBefore);
      expect(readBytes(dir)).toEqual(before);
    }
  });

  test('a link that stays inside the project is followed as before', () => {
    const dir = project('link-inside');
    mkdirSync(join(dir, 'real'));
    renameSync(join(dir, 'client'), join(dir, 'real', 'client'));
    symlinkSync('real/client', join(dir, 'client'));
    const r = update(dir, ['--tts', 'elevenlabs_tts']);
    expect(r.code).toBe(0);
    expect(recorded(dir).tts_service).toBe('elevenlabs_tts');
  });
});

describe('the update lock', () => {
  test('two concurrent updates: exactly one succeeds, the other names the lock and its pid; the base matches .yo-rc.json', async () => {
    const dir = project('concurrent');
    const first = await pausedUpdate(dir, ['--tts', 'elevenlabs_tts']);
    const second = update(dir, ['--tts', 'rime_tts']);
    const one = await first.done;
    expect([one.code, second.code].sort()).toEqual([0, 1]);
    expect(one.code).toBe(0);
    expect(second.stderr).toContain(join(dir, '.pipecat', 'update.lock'));
    expect(second.stderr).toContain(`pid ${first.pid}`);
    expect(second.stderr).not.toContain(INTERNAL);
    // The base is what the recorded configuration generates: nothing to do, every file unchanged.
    expect(recorded(dir).tts_service).toBe('elevenlabs_tts');
    const plan = JSON.parse(update(dir, ['--dry-run', '--json']).stdout) as { files: { path: string; action: string }[] };
    expect(plan.files.filter((f) => f.action !== 'unchanged' && f.path !== '.yo-rc.json')).toEqual([]);
    for (const f of ['server/bot.py', 'server/.env.example', 'README.md'])
      expect(readFileSync(join(dir, '.pipecat', 'base', ...f.split('/')), 'utf8')).toBe(readFileSync(join(dir, ...f.split('/')), 'utf8'));
    expect(existsSync(join(dir, '.pipecat', 'update.lock'))).toBe(false);
  }, 60_000);

  test('a SIGKILLed run: its lock blocks neither the recovery (--dry-run) nor the next update', async () => {
    const dir = project('sigkill');
    const before = readBytes(dir);
    const run = await pausedUpdate(dir, ['--tts', 'elevenlabs_tts']);
    run.kill('SIGKILL');
    await run.done;
    expect(existsSync(join(dir, '.pipecat', 'update.lock'))).toBe(true);
    // The documented recovery: the next update (here its dry run) undoes the dead run.
    const dry = update(dir, ['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain('left by an update that is no longer running');
    expect(readBytes(dir)).toEqual(before);
    // And a dead lock left alone (a kill between taking it and the journal) is taken over.
    writeFileSync(join(dir, '.pipecat', 'update.lock'), JSON.stringify({ pid: run.pid, host: hostname(), started: 1 }));
    const next = update(dir, ['--tts', 'elevenlabs_tts']);
    expect(next.code).toBe(0);
    expect(next.stderr).toContain(`pid ${run.pid}`);
    expect(recorded(dir).tts_service).toBe('elevenlabs_tts');
    expect(existsSync(join(dir, '.pipecat', 'update.lock'))).toBe(false);
  }, 60_000);

  test('a SIGKILLed first update of a project without .pipecat/: the recovery leaves no lock and no folder behind', async () => {
    const dir = project('sigkill-no-base');
    removeDir(join(dir, '.pipecat'));
    const before = readBytes(dir);
    const run = await pausedUpdate(dir, []); // records the base
    run.kill('SIGKILL');
    await run.done;
    expect(existsSync(join(dir, '.pipecat', 'update.lock'))).toBe(true);
    expect(update(dir, ['--dry-run']).code).toBe(0);
    expect(readBytes(dir)).toEqual(before);
    expect(existsSync(join(dir, '.pipecat'))).toBe(false);
  }, 60_000);

  test('a lock taken on another machine is not taken over: exit 1 saying what to do', () => {
    const dir = project('other-host');
    writeFileSync(join(dir, '.pipecat', 'update.lock'), JSON.stringify({ pid: 1, host: 'elsewhere.invalid', started: 1 }));
    const before = readBytes(dir);
    const r = update(dir, ['--tts', 'elevenlabs_tts']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pid 1 on elsewhere.invalid');
    expect(r.stderr).toContain('if no update runs there, remove');
    expect(readBytes(dir)).toEqual(before);
  });
});

describe("the consent rule: nothing removed that may be the user's without asking", () => {
  test('--add-transport twilio on a React web project: client/ is not removed without consent; with it, an edited file stays', () => {
    const dir = project('twilio');
    const before = readBytes(dir);
    const r = update(dir, ['--add-transport', 'twilio']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('all of client/');
    expect(r.stderr).toContain('client/src/App.tsx: unedited, but all of client/ goes');
    expect(r.stderr).toContain('drops the recorded client_framework "react"');
    expect(r.stderr).toContain('--remove-unused');
    expect(readBytes(dir)).toEqual(before);

    // An edited client file is the user's: a conflict, kept with --conflict-markers even with --remove-unused.
    appendFileSync(join(dir, 'client', 'src', 'App.tsx'), '// my change\n');
    const edited = readBytes(dir);
    const c = update(dir, ['--add-transport', 'twilio', '--remove-unused']);
    expect(c.code).toBe(3);
    expect(c.stderr).toContain('client/src/App.tsx: the new configuration no longer uses it, but you edited it');
    expect(readBytes(dir)).toEqual(edited);
    const m = update(dir, ['--add-transport', 'twilio', '--remove-unused', '--conflict-markers']);
    expect(m.code).toBe(0);
    expect(readFileSync(join(dir, 'client', 'src', 'App.tsx'), 'utf8')).toContain('// my change');
    expect(existsSync(join(dir, 'client', 'package.json'))).toBe(false);
    expect(m.stdout).toContain('remove   client/package.json');
  });

  test('--client-framework none asks for it: the client goes without a question, and the run says so', () => {
    const dir = project('no-client');
    const r = update(dir, ['--client-framework', 'none']);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'client'))).toBe(false);
    expect(r.stdout).toContain('Removed all of client/');
  });

  test("a tampered base listing the user's own file does not make update delete it", () => {
    const dir = project('tampered');
    writeFileSync(join(dir, 'server', 'tools.py'), 'MINE = 1\n');
    // Listed with the same content: the recorded configuration does not generate it.
    writeFileSync(join(dir, '.pipecat', 'base', 'server', 'tools.py'), 'MINE = 1\n');
    const before = readBytes(dir);
    const r = update(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'server/tools.py: listed in .pipecat/base/ with the same content, but the recorded configuration does not generate it',
    );
    expect(readBytes(dir)).toEqual(before);
    // Listed with other content: the file differs from its base copy, so it is the user's (a conflict).
    writeFileSync(join(dir, '.pipecat', 'base', 'server', 'tools.py'), 'THEIRS = 1\n');
    const c = update(dir, ['--remove-unused']);
    expect(c.code).toBe(3);
    expect(readFileSync(join(dir, 'server', 'tools.py'), 'utf8')).toBe('MINE = 1\n');
  });

  (tmuxAvailable() ? test : test.skip)(
    'on a terminal the removal of client/ is asked: "keep them" keeps every file, the rest is updated',
    async () => {
      const dir = project('twilio-tty');
      const tty = new TmuxSession(tmp);
      try {
        tty.start(`node ${BIN} update --add-transport twilio; echo "EXIT=$?"; sleep 30`, {
          cwd: dir,
          env: terminalEnv({ TERM: 'xterm-256color' }),
        });
        const screen = await tty.waitFor('Remove them?');
        expect(screen).toContain('all of client/');
        tty.keys('Enter'); // "keep them" is first
        const done = await tty.waitFor('EXIT=');
        expect(done).toContain('EXIT=0');
      } finally {
        tty.kill();
      }
      expect(readFileSync(join(dir, 'client', 'package.json'), 'utf8')).toBe(
        readFileSync(join(pristine, 'client', 'package.json'), 'utf8'),
      );
      expect(recorded(dir).transports).toHaveLength(2);
      expect(existsSync(join(dir, '.pipecat', 'base', 'client'))).toBe(false);
    },
    120_000,
  );
});

describe('user situations: a message naming the input, no stack trace', () => {
  test('.yo-rc.json with git conflict markers: .yo-rc.json:LINE, exit 2', () => {
    const dir = project('markers');
    const text = readFileSync(join(dir, '.yo-rc.json'), 'utf8');
    writeFileSync(join(dir, '.yo-rc.json'), text.replace('    "tts_service"', '<<<<<<< HEAD\n    "tts_service"'));
    const r = update(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.yo-rc\.json:\d+: git conflict markers \(<<<<<<<\)/);
    expect(r.stderr).not.toContain(INTERNAL);
  });

  test("yo pipecat in a project whose .yo-rc.json has git conflict markers: .yo-rc.json:LINE, exit 2, not Yeoman's JSON error", () => {
    const dir = project('yo-markers');
    const p = join(dir, '.yo-rc.json');
    writeFileSync(p, readFileSync(p, 'utf8').replace('    "tts_service"', '<<<<<<< HEAD\n    "tts_service"'));
    const before = readBytes(dir);
    // At the project root Yeoman reads .yo-rc.json while the generator is constructed.
    const r = yo(dir, []);
    expect(r.stderr).toMatch(/\.yo-rc\.json:\d+: git conflict markers \(<<<<<<<\)/);
    expect(r.stderr).not.toContain('Could not parse JSON');
    expect(r.status).toBe(2);
    expect(readBytes(dir)).toEqual(before);
  });

  test('yo pipecat --add-transport twilio in a React web project follows the consent rule too: exit 2, client/ kept', () => {
    const dir = project('yo-twilio');
    const before = readBytes(dir);
    const r = yo(dir, ['--add-transport', 'twilio']);
    expect(r.stderr).toContain('client/package.json: unedited, but all of client/ goes');
    expect(r.status).toBe(2);
    expect(readBytes(dir)).toEqual(before);
  });

  test('.yo-rc.json that is not JSON: .yo-rc.json:LINE:COLUMN, exit 2', () => {
    const dir = project('bad-json');
    writeFileSync(join(dir, '.yo-rc.json'), '{\n  "generator-pipecat": {\n    "project_name": "bot",,\n  }\n}\n');
    const r = update(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.yo-rc\.json:3:\d+:/);
    expect(r.stderr).not.toContain(INTERNAL);
  });

  test('an invalid recorded project_name is reported as the .yo-rc.json key, not as --name', () => {
    const dir = project('bad-name');
    const p = join(dir, '.yo-rc.json');
    writeFileSync(p, readFileSync(p, 'utf8').replace('"project_name": "bot"', '"project_name": "../evil"'));
    const r = update(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.yo-rc.json: project_name:');
    expect(r.stderr).not.toContain('--name');
  });

  test('a 130,000-line edited file: a conflict in well under a few seconds, no stack', () => {
    const dir = project('huge');
    appendFileSync(join(dir, 'server', 'bot.py'), Array.from({ length: 130_000 }, (_, i) => `# line ${i}\n`).join(''));
    const before = readBytes(dir);
    const started = Date.now();
    const r = update(dir, ['--tts', 'elevenlabs_tts']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('server/bot.py: changed by you and by the update, and too long to merge line by line');
    expect(r.stderr).not.toContain(INTERNAL);
    expect(readBytes(dir)).toEqual(before);
  });

  const root = process.getuid?.() === 0;
  const setpriv = spawnSync('setpriv', ['--version']).status === 0;
  if (!root || !setpriv)
    process.stderr.write(`SKIPPED update on a read-only folder: ${root ? 'setpriv' : 'root (to run as nobody)'} is missing\n`);
  (root && setpriv ? test.each : test.skip.each)([
    ['a read-only server/ folder', 'server', 0o555, /cannot write .*: permission denied/],
    ['a read-only .pipecat/ folder (the lock)', '.pipecat', 0o555, /cannot open .*\.pipecat\/update\.lock.*: permission denied/],
    ['an unreadable server/bot.py', 'server/bot.py', 0o200, /cannot open .*server\/bot\.py: permission denied/],
  ])('%s: exit 1 (docs: failed while writing), the path named, nothing changed', (_what, rel, mode, message) => {
    chmodSync(tmp, 0o755); // nobody reaches the project through the temp folder
    const dir = project(`denied-${String(rel).replace(/\W/g, '_')}`);
    const home = join(tmp, 'nobody-home');
    mkdirSync(home, { recursive: true });
    spawnSync('chown', ['-R', 'nobody', dir, home]);
    chmodSync(join(dir, ...String(rel).split('/')), mode as number);
    const before = readBytes(dir);
    const r = spawnSync(
      'setpriv',
      ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, BIN, 'update', '--tts', 'elevenlabs_tts'],
      { cwd: dir, env: childEnv({ HOME: home }), encoding: 'utf8' },
    );
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toContain(INTERNAL);
    expect(r.status).toBe(1);
    expect(readBytes(dir)).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.startsWith('.pipecat-staging-'))).toEqual([]);
  });
});
