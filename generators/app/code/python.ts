/**
 * Find the Python that runs the server-code reader, as uv finds a project's interpreter: the
 * project's virtual environment first (`.venv` in the server folder, then in the project root;
 * `bin/python`, on Windows `Scripts/python.exe`), then `python3`, `python` and `py -3` on PATH.
 * The first that runs and is Python 3.10 or newer wins (the reader needs
 * `sys.stdlib_module_names`). There is no fallback: without one, {@link PythonNotFoundError}.
 *
 * Source: uv's interpreter discovery (docs.astral.sh/uv/concepts/python-versions, "Discovery of
 * Python versions": a `.venv` in the current or a parent directory, then executables on PATH).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CodeReadError, PythonNotFoundError } from './errors.js';

/**
 * The interpreters to try, in order: the existing `.venv` interpreters of `dirs` (`bin/python`, on
 * Windows `Scripts/python.exe`), then `python3`, `python` and `py -3` on PATH.
 *
 * @param dirs folders whose `.venv` is tried first, in order (the server folder, then the project root)
 */
function pythonCandidates(dirs: readonly string[]): { command: string; args: string[] }[] {
  const tail = process.platform === 'win32' ? ['Scripts', 'python.exe'] : ['bin', 'python'];
  const venvs = [...new Set(dirs)].map((d) => ({ command: join(d, '.venv', ...tail), args: [] })).filter((c) => existsSync(c.command));
  return [...venvs, { command: 'python3', args: [] }, { command: 'python', args: [] }, { command: 'py', args: ['-3'] }];
}

/** What {@link runPythonScript} runs. */
interface ScriptRun {
  /** Folders whose `.venv` is tried first ({@link pythonCandidates}). */
  readonly dirs: readonly string[];
  /** Absolute path of the script; it exits 3 when the Python running it is too old. */
  readonly script: string;
  /** Written to its stdin. */
  readonly input: string;
  /** Milliseconds before it is stopped (counted from when its input is written). */
  readonly timeoutMs: number;
  /** The script already started ({@link startPythonScript}): used if it is the first candidate's, else killed. */
  readonly headStart?: HeadStart;
}

/** Spawn errors of a file that is there but cannot be run, in words. */
const CANNOT_START: Readonly<Record<string, string>> = {
  EACCES: 'not executable (permission denied)',
  ENOEXEC: 'not a program this system can run',
  EPERM: 'not allowed to run',
  ENOTDIR: 'a part of its path is a file, not a folder',
};

/** The outcome of one run: its stdout, or why it failed. */
type RunOutcome = { stdout: string } | { next: string } | { error: string; detail?: string };

/** A started interpreter running a script that waits for its input on stdin. */
interface Spawned {
  readonly command: string;
  readonly args: readonly string[];
  readonly script: string;
  readonly child: ChildProcess;
  /** Write the input, close stdin, and wait for the outcome; the child is killed after `timeoutMs` from here. */
  feed(input: string, timeoutMs: number): Promise<RunOutcome>;
}

/** Start `script` under one candidate; it reads nothing until {@link Spawned.feed}. */
function spawnScript(c: { command: string; args: readonly string[] }, script: string): Spawned {
  // env given explicitly: PATH is looked up in the environment as this process sees it now.
  const child = spawn(c.command, [...c.args, '-I', '-S', '-B', script], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  // Our own timer, cleared however the child ends (spawn's `timeout` outlives a child that never started).
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  let limitMs = 0;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => err.push(b));
  child.stdin!.on('error', () => undefined);
  const outcome = new Promise<RunOutcome>((resolve) => {
    // A candidate that cannot start at all (missing, not executable, not a program: a broken or
    // half-copied `.venv`) is passed over for the next one, as uv passes over a broken interpreter.
    child.on('error', (e: NodeJS.ErrnoException) =>
      resolve(
        e.code === 'ENOENT'
          ? { next: 'not found' }
          : CANNOT_START[e.code ?? '']
            ? { next: CANNOT_START[e.code ?? ''] }
            : { error: e.message },
      ),
    );
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (timedOut) return resolve({ error: `stopped after ${limitMs / 1000} s` });
      if (code === 0) return resolve({ stdout: Buffer.concat(out).toString('utf8') });
      // Exit 3 is the script's own "too old"; a SyntaxError in the script itself means a Python 2.
      if (code === 3 || (code === 1 && /SyntaxError/.test(stderr) && stderr.includes(script)))
        return resolve({ next: 'older than Python 3.10' });
      resolve({ error: `exit ${code}`, detail: stderr.split('\n').at(-1) });
    });
  }).finally(() => clearTimeout(timer));
  return {
    command: c.command,
    args: c.args,
    script,
    child,
    feed(input, timeoutMs) {
      limitMs = timeoutMs;
      timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.stdin!.end(input);
      return outcome;
    },
  };
}

/** The stream handles of a child, which keep this process alive while referenced. */
function handles(child: ChildProcess): { ref(): void; unref(): void }[] {
  return [child, child.stdin, child.stdout, child.stderr].filter(
    (h): h is NonNullable<typeof h> & { ref(): void; unref(): void } => !!h && typeof (h as { unref?: unknown }).unref === 'function',
  );
}

/**
 * A script started before its input is known, so that the interpreter's own start-up (a pyenv
 * shim alone takes a third of a second) overlaps this process's. Until taken it keeps nothing
 * alive, and it is killed when this process exits; {@link runPythonScript} takes it only when it
 * is the same script under the interpreter it would try first, and otherwise kills it.
 */
export interface HeadStart {
  /** The started interpreter, if it runs `script` under `c`; at most once (then undefined). */
  take(script: string, c: { command: string; args: readonly string[] }): Spawned | undefined;
  /** Kill it unless it was taken. */
  discard(): void;
}

/**
 * Start `script` under the interpreter {@link pythonCandidates} lists first for `dirs`, before the
 * input is ready (`pipecat doctor` does, from the binary's entry, while the CLI loads).
 *
 * @param dirs folders whose `.venv` is tried first, as {@link runPythonScript} will be given them
 * @param script absolute path of the script (it must read all of stdin before doing anything)
 */
export function startPythonScript(dirs: readonly string[], script: string): HeadStart {
  const first = pythonCandidates(dirs)[0];
  let started: Spawned | undefined = spawnScript(first, script);
  const child = started.child;
  const killAtExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killAtExit);
  child.once('close', () => process.removeListener('exit', killAtExit));
  child.once('error', () => process.removeListener('exit', killAtExit));
  for (const h of handles(child)) h.unref();
  return {
    take(wanted, c) {
      const s = started;
      if (!s || s.script !== wanted || s.command !== c.command || s.args.join('\0') !== c.args.join('\0')) return undefined;
      started = undefined;
      for (const h of handles(s.child)) h.ref();
      return s;
    },
    discard() {
      if (!started) return;
      started = undefined;
      child.kill('SIGKILL');
    },
  };
}

/**
 * Run a standard-library Python script under the first interpreter of {@link pythonCandidates}
 * that starts and is 3.10 or newer (the script itself checks, exiting 3: one start per candidate,
 * no separate version probe). Python runs isolated (`-I`: no user site, no `PYTHON*` variables),
 * without `site` (`-S`: the script needs the standard library only, and a site-packages `.pth`
 * such as certifi's costs tens of milliseconds) and writes no bytecode (`-B`).
 *
 * @returns the script's stdout
 * @throws PythonNotFoundError when no candidate starts or each is too old
 * @throws CodeReadError when the script fails (its last stderr line), or runs past `timeoutMs`
 */
export async function runPythonScript(run: ScriptRun): Promise<string> {
  const tried: string[] = [];
  const candidates = pythonCandidates(run.dirs);
  const early = run.headStart?.take(run.script, candidates[0]);
  run.headStart?.discard();
  for (const c of candidates) {
    const who = [c.command, ...c.args].join(' ');
    const spawned = c === candidates[0] && early ? early : spawnScript(c, run.script);
    const outcome = await spawned.feed(run.input, run.timeoutMs);
    if ('stdout' in outcome) return outcome.stdout;
    if ('error' in outcome) {
      throw new CodeReadError(`the server-code reader failed (${who}, ${outcome.error})${outcome.detail ? `: ${outcome.detail}` : ''}`);
    }
    tried.push(`${who}: ${outcome.next}`);
  }
  throw new PythonNotFoundError(tried);
}
