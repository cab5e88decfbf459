/**
 * Attacks on `pipecat init` and the CLI front end (issue 23): hostile environments and inputs that
 * ended in a stack trace, a hang, a silent default or help with exit 0, and signals that ended with
 * the wrong code. Each must end with its documented exit code (docs/exit-codes.md), one message
 * naming the input ($HOME, `file:line`, the flag, the path), no stack trace and nothing written.
 *
 * Runs the real binary. Uses `setpriv` (and root) to run as other users, `strace` to count the
 * journal's saves, `python3` for a pseudo-terminal; a group whose tool is missing is skipped with
 * one `SKIPPED` line.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, childEnv, makeTempDir, removeDir, type CliResult } from '../helpers/cli.js';
import { skipLine } from '../helpers/shared.js';
import { startEmulatorProcess, type EmulatorHandle } from '../cloud/secrets-harness.js';
import { clearFaults, injectFaults, recordedRequests } from '../../cli/emulator/faults.js';

const GOOD = ['-b', 'web', '-t', 'smallwebrtc', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts'];
/** A stack trace line, or the wording of an unexpected error. */
const TRACE = /\n\s+at |internal error/;

const has = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const ROOT_USER = process.getuid?.() === 0;
const SETPRIV = ROOT_USER && has('setpriv', ['--version']);
const STRACE = has('strace', ['-V']);
const PYTHON = has('python3', ['--version']);
if (!SETPRIV) skipLine('other users ($HOME attacks)', ROOT_USER ? 'setpriv not found' : 'not running as root (setpriv needs it)');
if (!STRACE) skipLine('journal saves counted with strace', 'strace not found');
if (!PYTHON) skipLine('signals in a pseudo-terminal', 'python3 not found');

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-attacks-');
  chmodSync(tmp, 0o755); // other users (setpriv) pass through
});
afterAll(() => removeDir(tmp));

/** Run the binary with a time limit (a hang is a failure, not a stuck test). */
function run(args: string[], opts: { env?: Record<string, string | undefined>; prefix?: string[]; cwd?: string; timeoutMs?: number } = {}) {
  const cmd = [...(opts.prefix ?? []), process.execPath, BIN, ...args];
  const t0 = Date.now();
  const r = spawnSync(cmd[0], cmd.slice(1), {
    cwd: opts.cwd ?? tmp,
    env: childEnv(opts.env),
    input: '',
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 30_000,
  });
  return { code: r.status ?? -1, signal: r.signal, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - t0 };
}

/** What a refusal must look like: the code, a line matching `names`, no stack trace, nothing on stdout. */
function refusal(r: CliResult, names: RegExp): { code: number; names: boolean; trace: boolean; stderr: string } {
  return { code: r.code, names: names.test(r.stderr), trace: TRACE.test(r.stderr), stderr: names.test(r.stderr) ? '' : r.stderr };
}
const REFUSED = (code = 2) => ({ code, names: true, trace: false, stderr: '' });

/** A folder `uid` owns, in the temp dir. */
function ownedBy(name: string, uid: number): string {
  const p = join(tmp, name);
  mkdirSync(p, { recursive: true });
  chownSync(p, uid, uid);
  return p;
}

describe('$HOME and ~/.yo-rc-global.json', () => {
  (SETPRIV ? test : test.skip)('an unreadable $HOME is one line naming it: exit 2, nothing written', () => {
    const home = join(tmp, 'home-locked');
    mkdirSync(home);
    chmodSync(home, 0o000);
    const out = ownedBy('out-nobody', 65534);
    const r = run(['init', '-n', 'locked', ...GOOD, '-o', out], {
      prefix: ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'],
      env: { HOME: home },
    });
    expect(refusal(r, new RegExp(`cannot read ${home}/\\.yo-rc-global\\.json \\(\\$HOME is ${home}\\): permission denied`))).toEqual(
      REFUSED(),
    );
    expect(readdirSync(out)).toEqual([]);
  });

  (SETPRIV ? test : test.skip)('HOME unset: works from the password database, and a user without an entry is told to set HOME', () => {
    const out = ownedBy('out-nohome', 4242);
    const none = run(['init', '-n', 'nohome', ...GOOD, '-o', out], {
      prefix: ['setpriv', '--reuid=4242', '--regid=4242', '--clear-groups'],
      env: { HOME: undefined },
    });
    expect(refusal(none, /no home folder: \$HOME is not set/)).toEqual(REFUSED());
    expect(readdirSync(out)).toEqual([]);
    // The current user has a home in the password database: HOME unset is no problem.
    const ok = run(['init', '-n', 'pw', ...GOOD, '-o', join(tmp, 'out-pw')], { env: { HOME: undefined } });
    expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(TRACE) });
  });

  test.each([
    [
      'git conflict markers',
      '{\n<<<<<<< HEAD\n  "a": 1\n=======\n  "a": 2\n>>>>>>> theirs\n}\n',
      /\.yo-rc-global\.json:2: a git conflict marker \(<<<<<<<\)/,
    ],
    ['invalid JSON', '{\n  "generator-pipecat": {\n    "a": 1,\n  }\n}\n', /\.yo-rc-global\.json:4:3: /],
    ['a JSON array', '[]\n', /\.yo-rc-global\.json must hold a JSON object/],
    ['a folder', null, /\.yo-rc-global\.json is not a regular file/],
  ])('a corrupt ~/.yo-rc-global.json (%s) is named with file:line: exit 2, nothing written', (name, content, names) => {
    const home = join(tmp, `home-${name.replace(/\W+/g, '-')}`);
    mkdirSync(home);
    if (content === null) mkdirSync(join(home, '.yo-rc-global.json'));
    else writeFileSync(join(home, '.yo-rc-global.json'), content);
    const out = join(tmp, `out-${name.replace(/\W+/g, '-')}`);
    const r = run(['init', '-n', 'corrupt', ...GOOD, '-o', out], { env: { HOME: home } });
    expect(refusal(r, names)).toEqual(REFUSED());
    expect(existsSync(out)).toBe(false);
  });
});

describe('$HOME and ~/.yo-rc-global.json do not concern `pipecat update`', () => {
  /** A generated project, readable and writable by everyone (other users run update in it). */
  function project(name: string): string {
    const out = join(tmp, name);
    const r = run(['init', '-n', 'up', ...GOOD, '-o', out]);
    expect(r.code).toBe(0);
    spawnSync('chmod', ['-R', 'a+rwX', out]);
    return join(out, 'up');
  }

  // `update` loads no Yeoman, so Yeoman's settings and home are none of its business.
  test('a corrupt ~/.yo-rc-global.json is ignored: the update runs, the file is left as it was', () => {
    const dir = project('up-corrupt');
    const home = join(tmp, 'home-up-corrupt');
    mkdirSync(home);
    writeFileSync(join(home, '.yo-rc-global.json'), '{\n<<<<<<< HEAD\n}\n');
    const r = run(['update', '--tts', 'elevenlabs_tts'], { cwd: dir, env: { HOME: home } });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(TRACE) });
    expect(readFileSync(join(dir, 'server', 'bot.py'), 'utf8')).toContain('ElevenLabsTTSService');
    expect(readFileSync(join(home, '.yo-rc-global.json'), 'utf8')).toBe('{\n<<<<<<< HEAD\n}\n');
  });

  (SETPRIV ? test : test.skip)('a user without a home updates all the same', () => {
    const dir = project('up-nohome');
    const r = run(['update', '--tts', 'elevenlabs_tts'], {
      cwd: dir,
      prefix: ['setpriv', '--reuid=4242', '--regid=4242', '--clear-groups'],
      env: { HOME: undefined },
    });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(TRACE) });
    expect(readFileSync(join(dir, 'server', 'bot.py'), 'utf8')).toContain('ElevenLabsTTSService');
  });
});

describe('--output and DIRECTORY', () => {
  test('a symbolic link loop, as the folder or above it, is named: exit 2, nothing written', () => {
    const loop = join(tmp, 'loop-a');
    symlinkSync(join(tmp, 'loop-b'), loop);
    symlinkSync(loop, join(tmp, 'loop-b'));
    const cases: [string[], RegExp][] = [
      [['-n', 'x', ...GOOD, '-o', loop], /--output \S+loop-a is a symbolic link loop/],
      [['-n', 'x', ...GOOD, '-o', join(loop, 'sub')], /--output \S+loop-a\/sub is below \S+loop-a, a symbolic link loop/],
      [['-n', 'x', ...GOOD, '-o', join(loop, 'sub'), '--dry-run'], /is below \S+loop-a, a symbolic link loop/],
      [[loop, ...GOOD], /the directory \S+loop-a is a symbolic link loop/],
      [[join(loop, 'x'), ...GOOD], /the directory \S+loop-a\/x is below \S+loop-a, a symbolic link loop/],
      [[join(loop, 'x'), '--coding-agent'], /is below \S+loop-a, a symbolic link loop/],
    ];
    for (const [args, names] of cases) {
      const r = run(['init', ...args]);
      expect({ args: args.join(' '), ...refusal(r, names) }).toEqual({ args: args.join(' '), ...REFUSED() });
    }
    expect(readdirSync(tmp).filter((n) => n.startsWith('.pipecat-staging-'))).toEqual([]);
  });

  test('a 4,200-character --output is refused at once naming PATH_MAX; a name over 255 bytes naming NAME_MAX', () => {
    const deep = join(tmp, 'deep', ...Array<string>(2095).fill('d'));
    expect(deep.length).toBeGreaterThan(4_200);
    const r = run(['init', '-n', 'deep', ...GOOD, '-o', deep]);
    expect(refusal(r, /--output \S+ \(\d+ characters\) is \d+ bytes long: .* 4096 bytes \(PATH_MAX\)/)).toEqual(REFUSED());
    expect(r.ms).toBeLessThan(10_000);
    expect(existsSync(join(tmp, 'deep'))).toBe(false);
    const long = run(['init', '-n', 'long', ...GOOD, '-o', join(tmp, 'n'.repeat(256), 'sub')]);
    expect(refusal(long, /is 256 bytes; a file system takes at most 255 per name \(NAME_MAX\)/)).toEqual(REFUSED());
  });

  (STRACE ? test : test.skip)(
    'a project 1,900 folders deep is written with a handful of journal saves, not one per folder',
    () => {
      const deep = join(tmp, 'deep-ok', ...Array<string>(1900).fill('d'));
      const trace = join(tmp, 'deep.strace');
      const r = run(['init', '-n', 'deep', ...GOOD, '-o', deep], {
        prefix: ['strace', '-f', '-qq', '-e', 'trace=rename,renameat,renameat2', '-o', trace],
        timeoutMs: 120_000,
      });
      expect({ code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(existsSync(join(deep, 'deep', 'server', 'bot.py'))).toBe(true);
      // write-file-atomic saves the journal by renaming a temporary file onto journal.json.
      const saves = readFileSync(trace, 'utf8')
        .split('\n')
        .filter((l) => /journal\.json"/.test(l) && /rename/.test(l)).length;
      // Node's recursive rmSync overflows its stack on 1,900 levels: rm(1) removes the tree.
      spawnSync('rm', ['-rf', join(tmp, 'deep-ok')]);
      expect(saves).toBeGreaterThan(0);
      expect(saves).toBeLessThanOrEqual(5);
    },
    180_000,
  );
});

describe('--config', () => {
  test('a FIFO nobody writes to, a device and a socket-free folder are refused at once, naming --config', () => {
    const fifo = join(tmp, 'config.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const cases: [string, RegExp][] = [
      [fifo, /--config: \S+config\.fifo is a named pipe \(FIFO\), not a regular file/],
      ['/dev/null', /--config: \/dev\/null is a character device, not a regular file/],
      [tmp, /--config: \S+ is a directory, not a regular file/],
    ];
    for (const [path, names] of cases) {
      const r = run(['init', '--config', path], { timeoutMs: 10_000 });
      expect({ path, signal: r.signal, ...refusal(r, names) }).toEqual({ path, signal: null, ...REFUSED() });
    }
  });

  test('stdin and a <(…) pipe are still read', () => {
    const doc = JSON.stringify({ name: 'piped', transport: 'daily', mode: 'realtime', realtime: 'openai_realtime' });
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" init --config <(printf '%s' '${doc}') --dry-run`], {
      cwd: tmp,
      env: childEnv(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect({ code: r.status, name: r.status === 0 ? (JSON.parse(r.stdout) as { project_name: string }).project_name : r.stderr }).toEqual({
      code: 0,
      name: 'piped',
    });
  });

  test('git conflict markers in a config file are named by file:line', () => {
    const file = join(tmp, 'conflicted.json');
    writeFileSync(file, '{\n  "name": "x",\n<<<<<<< ours\n  "mode": "cascade"\n=======\n  "mode": "realtime"\n>>>>>>> theirs\n}\n');
    expect(refusal(run(['init', '--config', file]), /conflicted\.json:3: a git conflict marker \(<<<<<<<\)/)).toEqual(REFUSED());
  });
});

describe('flag values', () => {
  test.each([
    [['--llm', ''], /--llm: empty value/],
    [['--client-framework='], /--client-framework: empty value/],
    [['--video'], /--video: empty value/],
    [['--realtime', ' '], /--realtime: empty value/],
    [['-t', 'smallwebrtc', '-t', ''], /--transport: empty value/],
  ])('an empty value (%j) is refused naming the flag, not dropped', (extra, names) => {
    const out = join(tmp, 'out-empty');
    const r = run(['init', '-n', 'empty', ...GOOD, '-o', out, ...extra]);
    expect(refusal(r, names)).toEqual(REFUSED());
    expect(existsSync(out)).toBe(false);
  });

  test.each([
    [['-n', '-dash'], /-n needs a value, but the next word "-dash" starts with "-"/],
    [['--name', '--help'], /--name needs a value, but the next word "--help"/],
    [['-n', 'ok', '-o', '-h'], /-o needs a value, but the next word "-h"/],
    [['-n', 'ok', '--llm', '-V'], /--llm needs a value, but the next word "-V"/],
  ])('a value flag followed by a word starting with "-" (%j) is an error naming the flag, never help or the version', (args, names) => {
    const r = run(['init', ...args, ...GOOD.filter((a) => a !== '--llm' && a !== 'openai_llm')]);
    expect({ ...refusal(r, names), stdout: r.stdout }).toEqual({ ...REFUSED(), stdout: '' });
  });

  test('a value that starts with "-" can still be given as -n=-dash (and is then judged as a name)', () => {
    const r = run(['init', '-n=-dash', ...GOOD, '--dry-run']);
    expect(refusal(r, /--name: /)).toEqual(REFUSED());
  });
});

/** Run a command in a pseudo-terminal (python3's pty), send `signal` once `marker` shows, and report how it ended. */
function inTerminal(args: string[], marker: string, signal: NodeJS.Signals, cwd: string) {
  const script = [
    'import json, os, pty, re, select, signal, sys, time',
    'marker, sig, argv = sys.argv[1], sys.argv[2], sys.argv[3:]',
    'pid, fd = pty.fork()',
    'if pid == 0:',
    '    os.execv(argv[0], argv)',
    "buf, sent, deadline = b'', False, time.time() + 40",
    'while time.time() < deadline:',
    '    r, _, _ = select.select([fd], [], [], 0.1)',
    '    if r:',
    '        try:',
    '            data = os.read(fd, 65536)',
    '        except OSError:',
    "            data = b''",
    '        if not data:',
    '            break',
    '        buf += data',
    '    if not sent and marker.encode() in buf:',
    '        os.kill(pid, getattr(signal, sig))',
    '        sent = True',
    'else:',
    '    os.kill(pid, signal.SIGKILL)',
    '_, status = os.waitpid(pid, 0)',
    "print(json.dumps({'sent': sent, 'code': os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,",
    "                  'signal': os.WTERMSIG(status) if os.WIFSIGNALED(status) else None, 'screen': buf.decode('utf8', 'replace')}))",
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, marker, signal, process.execPath, BIN, ...args], {
    cwd,
    env: childEnv({ TERM: 'xterm', COLUMNS: '120', LINES: '40' }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(r.stdout) as { sent: boolean; code: number | null; signal: number | null; screen: string };
}

describe('signals', () => {
  (PYTHON ? test : test.skip).each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s while the wizard asks: exit %i, "cancelled: nothing was written", nothing written', (signal, code) => {
    const cwd = join(tmp, `tty-${signal}`);
    mkdirSync(cwd);
    const r = inTerminal(['init', '-o', 'out'], 'Project name', signal, cwd);
    expect({
      sent: r.sent,
      code: r.code,
      signal: r.signal,
      cancelled: r.screen.includes(`cancelled: nothing was written (${signal})`),
    }).toEqual({
      sent: true,
      code,
      signal: null,
      cancelled: true,
    });
    expect(readdirSync(cwd)).toEqual([]);
  });

  test('SIGTERM and SIGHUP at any moment of a run end with 143 / 129 (or 0 with the whole project), never 130', async () => {
    const seen: string[] = [];
    const signals = Array.from({ length: 12 }, (_, k): NodeJS.Signals => (k % 2 ? 'SIGHUP' : 'SIGTERM'));
    /** Start an init; resolves once the generator runs (the binary's handlers are installed). */
    const start = async (out: string) => {
      const child = spawn(process.execPath, [BIN, 'init', '-n', 'sig', ...GOOD, '-o', out], {
        env: childEnv({ PIPECAT_DEBUG_RUNS: '1' }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const run = {
        child,
        stderr: '',
        ended: new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (c, s) => r([c, s]))),
      };
      await new Promise<void>((resolveMarker) =>
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          run.stderr += d;
          if (run.stderr.includes('generator run 1')) resolveMarker();
        }),
      );
      return run;
    };
    // How long the run lasts after that marker on this machine now: the signals are spread over
    // the whole of it (a fixed spread left most runs finished once init got faster).
    const timed = await start(join(tmp, 'sig-timed'));
    const t0 = Date.now();
    await timed.ended;
    const span = Math.max(20, Date.now() - t0);
    for (const [i, signal] of signals.entries()) {
      const out = join(tmp, `sig-${i}`);
      const run = await start(out);
      const { child, ended } = run;
      await new Promise((r) => setTimeout(r, (i * span) / signals.length));
      child.kill(signal);
      const [code, killedBy] = await ended;
      const whole = existsSync(join(out, 'sig', 'README.md')) && existsSync(join(out, 'sig', '.yo-rc.json'));
      const expected = signal === 'SIGTERM' ? 143 : 129;
      // Stopped: the code, nothing left. Finished: the whole project, exit 0 (or the signal itself
      // when it came while node was shutting down, after the work and its handlers had ended).
      const outcome = code === expected && !whole ? 'stopped' : whole && (code === 0 || killedBy === signal) ? 'finished' : 'wrong';
      expect({ i, signal, code, killedBy, outcome }).toEqual({
        i,
        signal,
        code,
        killedBy,
        outcome: expect.stringMatching(/^(stopped|finished)$/),
      });
      if (outcome === 'stopped') expect({ i, leftovers: existsSync(out) ? readdirSync(out) : [] }).toEqual({ i, leftovers: [] });
      seen.push(
        outcome === 'stopped'
          ? /cancelled: nothing was written \(SIG/.test(run.stderr)
            ? 'stopped before staging'
            : 'stopped while staged'
          : outcome,
      );
    }
    // Most signals must strike a live run, or the test proves little.
    expect(seen.filter((o) => o.startsWith('stopped')).length).toBeGreaterThanOrEqual(6);
    const count = (o: string) => seen.filter((x) => x === o).length;
    process.stderr.write(
      `signals: ${count('stopped before staging')} stopped before staging, ${count('stopped while staged')} while staged, ${count('finished')} finished, of ${seen.length}\n`,
    );
  }, 120_000);

  describe('--json before the writes start', () => {
    let emulator: EmulatorHandle;
    beforeAll(async () => {
      emulator = await startEmulatorProcess(tmp, []);
    });
    afterAll(() => emulator?.close());

    test.each([
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const)('%s: one JSON document {"ok": false, "interrupted": …} on stdout, exit %i', async (signal, code) => {
      // The platform holds the command's first read: the signal comes before any write.
      await clearFaults(emulator.url);
      await injectFaults(emulator.url, { kind: 'stall', method: 'GET', count: 20, stallMs: 10_000 });
      const before = (await recordedRequests(emulator.url)).length;
      const child = spawn(process.execPath, [BIN, 'cloud', 'secrets', 'set', `sig-${code}`, 'ALPHA=one', '--skip', '--json'], {
        cwd: tmp,
        env: childEnv({
          HOME: tmp,
          PIPECAT_API_HOST: emulator.url,
          PIPECAT_TOKEN: emulator.token,
          PIPECAT_ORG: emulator.org,
          PIPECAT_TIMEOUT_MS: '60000',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const ended = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('close', (c, s) => r([c, s])));
      // The command's first request is held by the emulator.
      const stalled = async () => (await recordedRequests(emulator.url)).slice(before).some((q) => q.outcome === 'stall');
      for (let i = 0; i < 400 && !(await stalled()); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await stalled()).toBe(true);
      child.kill(signal);
      const [exit, killedBy] = await ended;
      expect({ exit, killedBy, stderr: stderr.trim() }).toEqual({ exit: code, killedBy: null, stderr: `cancelled (${signal})` });
      expect(JSON.parse(stdout)).toEqual({ ok: false, interrupted: signal, error: { message: `cancelled (${signal})`, exitCode: code } });
      const writes = (await recordedRequests(emulator.url)).filter((q) => q.method !== 'GET');
      expect(writes).toEqual([]);
    });
  });
});
