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
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PythonNotFoundError } from './errors.js';

/** A way to start Python: the command and the arguments that come before the script's. */
export interface PythonCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** `major.minor`, e.g. `3.12`. */
  readonly version: string;
}

/** The oldest Python the reader runs on. */
const MIN_VERSION: readonly [number, number] = [3, 10];

/** The virtual-environment interpreters of `dirs`, in order, for this platform. */
function venvCandidates(dirs: readonly string[]): { command: string; args: string[] }[] {
  const tail = process.platform === 'win32' ? ['Scripts', 'python.exe'] : ['bin', 'python'];
  return [...new Set(dirs)].map((d) => ({ command: join(d, '.venv', ...tail), args: [] }));
}

/** The `major.minor` `command args` reports, or why it cannot be used. */
function probe(command: string, args: readonly string[]): { version: string } | { problem: string } {
  const r = spawnSync(command, [...args, '-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], {
    encoding: 'utf8',
    timeout: 5_000,
    windowsHide: true,
  });
  if (r.error) return { problem: (r.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : r.error.message };
  const version = r.stdout.trim();
  const [major, minor] = version.split('.').map(Number);
  if (r.status !== 0 || !(major >= 0)) return { problem: `did not run (exit ${r.status})` };
  if (major < MIN_VERSION[0] || (major === MIN_VERSION[0] && minor < MIN_VERSION[1])) return { problem: `Python ${version} is too old` };
  return { version };
}

/**
 * The Python to run the reader with.
 *
 * @param dirs folders whose `.venv` is tried first, in order (the server folder, then the project root)
 * @returns the first candidate that is Python 3.10 or newer
 * @throws PythonNotFoundError when none is (its `problems` list each candidate and why)
 */
export function findPython(dirs: readonly string[]): PythonCommand {
  const candidates = [
    ...venvCandidates(dirs).filter((c) => existsSync(c.command)),
    { command: 'python3', args: [] },
    { command: 'python', args: [] },
    { command: 'py', args: ['-3'] },
  ];
  const tried: string[] = [];
  for (const c of candidates) {
    const found = probe(c.command, c.args);
    if ('version' in found) return { ...c, version: found.version };
    tried.push(`${[c.command, ...c.args].join(' ')}: ${found.problem}`);
  }
  throw new PythonNotFoundError(tried);
}
