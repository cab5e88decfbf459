/**
 * Where the server-code reader runs (generators/app/code/python.ts, reader.ts): the project's
 * `.venv` before PATH, no Python at all (exit code 2 naming what to install), a Python that crashes
 * or does not finish (a clear `CodeReadError`, no stack trace), and a file too large to read.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeReadError, PythonNotFoundError } from '../generators/app/code/errors.js';
import { runPythonScript, startPythonScript } from '../generators/app/code/python.js';
import { readServerCode, startServerCodeReader } from '../generators/app/code/reader.js';
import { makeTempDir, removeDir } from './helpers/cli.js';

describe('the reader refuses what it must not read', () => {
  test('a file over 2 MB is refused, naming it', async () => {
    const dir = makeTempDir('pipecat-code-big-');
    try {
      mkdirSync(join(dir, 'server'));
      writeFileSync(join(dir, 'server', 'big.py'), '#'.repeat(2 * 1024 * 1024 + 1));
      await expect(readServerCode({ root: dir })).rejects.toThrow(/server\/big\.py is \d+ KB/);
      await expect(
        readServerCode({ root: dir, files: { 'server/big.py': 'x = 1', 'server/given.py': '#'.repeat(3 << 20) } }),
      ).rejects.toThrow(/server\/given\.py is 3072 KB/);
    } finally {
      removeDir(dir);
    }
  });
});

describe('symbolic links', () => {
  test('a link to a file inside the project is read; one leading out of it, or to a folder, is not', async () => {
    const dir = makeTempDir('pipecat-code-links-');
    const outside = makeTempDir('pipecat-code-outside-');
    try {
      mkdirSync(join(dir, 'server', 'lib'), { recursive: true });
      writeFileSync(join(dir, 'shared.py'), 'import os\nos.getenv("INSIDE")\n');
      writeFileSync(join(outside, 'secret.py'), 'import os\nos.getenv("OUTSIDE")\n');
      mkdirSync(join(outside, 'pkg'));
      writeFileSync(join(outside, 'pkg', 'mod.py'), 'import os\nos.getenv("FOLDER")\n');
      symlinkSync(join(dir, 'shared.py'), join(dir, 'server', 'inside.py'));
      symlinkSync(join(outside, 'secret.py'), join(dir, 'server', 'out.py'));
      symlinkSync(join(outside, 'pkg'), join(dir, 'server', 'lib', 'pkg'));
      const r = await readServerCode({ root: dir });
      expect(r.files.map((f) => f.path)).toEqual(['server/inside.py']);
      expect(r.env.map((e) => e.name)).toEqual(['INSIDE']);
    } finally {
      removeDir(dir);
      removeDir(outside);
    }
  });
});

describe('which Python reads the code', () => {
  let saved: string | undefined;
  let dir: string;
  beforeAll(() => {
    saved = process.env.PATH;
    dir = makeTempDir('pipecat-code-python-');
  });
  afterAll(() => {
    process.env.PATH = saved;
    removeDir(dir);
  });

  test("without a Python on PATH nor in the project's .venv: PythonNotFoundError, exit code 2, naming what to install", async () => {
    process.env.PATH = join(dir, 'empty');
    const err = await readServerCode({ root: dir, files: { 'server/bot.py': 'import os' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PythonNotFoundError);
    expect(err).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('install Python 3.10 or newer (or run `uv sync` in server/)'),
    });
    expect((err as PythonNotFoundError).problems).toEqual(['python3: not found', 'python: not found', 'py -3: not found']);
  });

  test("the project's server/.venv Python is used before PATH", async () => {
    process.env.PATH = join(dir, 'empty');
    mkdirSync(join(dir, 'server', '.venv', 'bin'), { recursive: true });
    symlinkSync('/usr/bin/python3', join(dir, 'server', '.venv', 'bin', 'python'));
    const r = await readServerCode({ root: dir, files: { 'server/bot.py': 'import os\nX = os.environ["X"]\n' } });
    expect(r.env).toEqual([{ path: 'server/bot.py', line: 2, name: 'X', required: true }]);
  });

  test('a .venv Python that cannot run (not executable) is passed over for the next candidate', async () => {
    const broken = join(dir, 'broken');
    mkdirSync(join(broken, '.venv', 'bin'), { recursive: true });
    writeFileSync(join(broken, '.venv', 'bin', 'python'), 'not a program');
    chmodSync(join(broken, '.venv', 'bin', 'python'), 0o644);
    process.env.PATH = saved;
    const r = await readServerCode({ root: broken, serverDir: '.', files: { 'bot.py': 'import os\nX = os.getenv("X")\n' } });
    expect(r.env).toEqual([{ path: 'bot.py', line: 2, name: 'X', required: false }]);
    process.env.PATH = join(dir, 'empty');
    const err = await readServerCode({ root: broken, serverDir: '.', files: { 'bot.py': 'x = 1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PythonNotFoundError);
    expect((err as PythonNotFoundError).problems[0]).toMatch(/\.venv\/bin\/python: not executable \(permission denied\)$/);
  });

  test('a Python that crashes: CodeReadError with its last stderr line, no stack trace', async () => {
    const crash = join(dir, 'crash');
    mkdirSync(join(crash, '.venv', 'bin'), { recursive: true });
    writeFileSync(
      join(crash, '.venv', 'bin', 'python'),
      '#!/bin/sh\necho "Traceback (most recent call last):" >&2\necho "MemoryError: boom" >&2\nexit 1\n',
    );
    chmodSync(join(crash, '.venv', 'bin', 'python'), 0o755);
    const err = await readServerCode({ root: crash, serverDir: '.', files: { 'bot.py': 'x = 1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodeReadError);
    expect((err as Error).message).toMatch(/^the server-code reader failed \(\S+\/\.venv\/bin\/python, exit 1\): MemoryError: boom$/);
  });

  test('a Python that does not finish in time is stopped: CodeReadError', async () => {
    const slow = join(dir, 'slow');
    mkdirSync(join(slow, '.venv', 'bin'), { recursive: true });
    writeFileSync(join(slow, '.venv', 'bin', 'python'), '#!/bin/sh\nexec /bin/sleep 30\n');
    chmodSync(join(slow, '.venv', 'bin', 'python'), 0o755);
    const started = Date.now();
    const err = await runPythonScript({ dirs: [slow], script: '/nonexistent.py', input: '{}', timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodeReadError);
    expect((err as Error).message).toMatch(/\(\S+python, stopped after 0\.3 s\)$/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/**
 * A `.venv/bin/python` that appends `start <name> <pid>` to `log` and then runs the real Python, so
 * a test sees which interpreters were started and can look for a process left behind.
 */
function loggingVenv(dir: string, name: string, log: string): void {
  mkdirSync(join(dir, '.venv', 'bin'), { recursive: true });
  const file = join(dir, '.venv', 'bin', 'python');
  writeFileSync(file, `#!/bin/sh\necho "start ${name} $$" >> '${log}'\nexec /usr/bin/python3 "$@"\n`);
  chmodSync(file, 0o755);
}

/** Wait until `log` holds `n` lines (a started wrapper has logged itself). */
async function logged(log: string, n: number): Promise<void> {
  const lines = (): number => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0);
  for (let i = 0; i < 250 && lines() < n; i++) await new Promise((r) => setTimeout(r, 20));
}

/** Whether process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a reader started before its input (the head start `pipecat doctor` takes)', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir('pipecat-code-head-');
  });
  afterAll(() => removeDir(dir));

  test('the started interpreter reads the code: one start, the same reading as without it', async () => {
    const root = join(dir, 'same');
    const log = join(dir, 'same.log');
    loggingVenv(join(root, 'server'), 'server', log);
    const files = { 'server/bot.py': 'import os\nX = os.environ["X"]\n' };
    const headStart = startServerCodeReader({ root });
    const early = await readServerCode({ root, files, headStart });
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(early).toEqual(await readServerCode({ root, files }));
    // Taken once: a second use starts a new interpreter.
    await readServerCode({ root, files, headStart });
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  test('one started for another interpreter is killed, and the right one reads', async () => {
    const root = join(dir, 'other');
    const guessed = join(dir, 'guessed');
    const log = join(dir, 'other.log');
    loggingVenv(join(root, 'server'), 'server', log);
    loggingVenv(join(guessed, 'server'), 'guessed', log);
    const headStart = startServerCodeReader({ root: guessed });
    await logged(log, 1); // the guessed one is up, waiting for its input
    const r = await readServerCode({ root, files: { 'server/bot.py': 'import os\nos.getenv("Y")\n' }, headStart });
    expect(r.env.map((e) => e.name)).toEqual(['Y']);
    const starts = readFileSync(log, 'utf8').trim().split('\n');
    expect(starts.map((l) => l.split(' ')[1])).toEqual(['guessed', 'server']);
    const pid = Number(starts[0].split(' ')[2]);
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid)).toBe(false);
  });

  test('a head start of a script other than the one run is not used', async () => {
    const root = join(dir, 'script');
    const log = join(dir, 'script.log');
    loggingVenv(root, 'root', log);
    const headStart = startPythonScript([root], join(root, 'other.py'));
    await logged(log, 1);
    const err = await runPythonScript({ dirs: [root], script: join(root, 'missing.py'), input: '{}', timeoutMs: 5_000, headStart }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CodeReadError);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});
