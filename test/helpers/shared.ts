/**
 * Resources some tests use from outside the repository, and the one line a test group prints when
 * it skips because one is missing. Where each is looked for is `scripts/shared-paths.ts` (shared with
 * the build scripts).
 *
 * Each resource is found from an environment variable, else a default path beside the repository
 * (a variable set to the empty string counts as unset):
 *
 * | variable | default | what |
 * |---|---|---|
 * | `PIPECAT_SHARED` | `<repo>/../shared` | the shared folder; default base of the three below |
 * | `PIPECAT_CHECK_SERVER` | `$PIPECAT_SHARED/tools/check_server.py` | static checker of generated servers (also needs `python3` and pyflakes) |
 * | `PIPECAT_INDEX` | `$PIPECAT_SHARED/pipecat-api/index.json` | pipecat-ai API index (test/catalogue.test.ts, and the checker's API facts) |
 * | `PIPECAT_SRC` | `$PIPECAT_SHARED/pipecat-ai-1.8.0-dev/src` | pipecat-ai's source `src` folder (holds `pipecat/`) |
 * | `PIPECAT_REPO` | none | a git repository of pipecat-ai/pipecat (checkout or bare, `examples/` at `HEAD`): test/avatar-examples.test.ts re-reads the avatar examples there |
 *
 * A test that needs one chooses `test`/`describe` or `test.skip`/`describe.skip` when its file
 * loads, and when skipping prints exactly one line to stderr naming what is missing and what to set
 * (see {@link skipLine} and {@link missingFor}), e.g.
 * `SKIPPED catalogue vs the pipecat API index: pipecat API index not found at /x/shared/pipecat-api/index.json (set PIPECAT_INDEX to index.json, or PIPECAT_SHARED to the shared folder)`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiIndexCandidate,
  checkServerCandidate,
  pipecatRepoCandidate,
  pipecatSrcCandidate,
  sharedCandidate,
} from '../../scripts/shared-paths.js';

export { apiIndexCandidate, checkServerCandidate, pipecatRepoCandidate, pipecatSrcCandidate, sharedCandidate };

const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile();
const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/**
 * The shared folder: `$PIPECAT_SHARED`, else `<repo>/../shared`.
 *
 * @returns its absolute path, or undefined when that folder does not exist
 */
export function sharedDir(): string | undefined {
  const p = sharedCandidate();
  return isDir(p) ? p : undefined;
}

/**
 * The static checker of generated servers: `$PIPECAT_CHECK_SERVER`, else
 * `$PIPECAT_SHARED/tools/check_server.py`. Running it also needs `python3` and pyflakes: use
 * {@link missingFor}`('checkServer')` to know whether the checker tests can run.
 *
 * @returns its absolute path, or undefined when that file does not exist
 */
export function checkServerPath(): string | undefined {
  const p = checkServerCandidate();
  return isFile(p) ? p : undefined;
}

/**
 * The pipecat-ai API index: `$PIPECAT_INDEX`, else `$PIPECAT_SHARED/pipecat-api/index.json`.
 *
 * @returns its absolute path, or undefined when that file does not exist
 */
export function apiIndexPath(): string | undefined {
  const p = apiIndexCandidate();
  return isFile(p) ? p : undefined;
}

/**
 * pipecat-ai's source `src` folder (the one holding the `pipecat` package): `$PIPECAT_SRC`, else
 * `$PIPECAT_SHARED/pipecat-ai-1.8.0-dev/src`.
 *
 * @returns its absolute path, or undefined when that folder has no `pipecat/__init__.py`
 */
export function pipecatSrc(): string | undefined {
  const p = pipecatSrcCandidate();
  return isFile(join(p, 'pipecat', '__init__.py')) ? p : undefined;
}

/**
 * A git repository of pipecat-ai/pipecat, examples included: `$PIPECAT_REPO` (no default; `../shared`
 * holds only pipecat's `src`). A checkout or a bare repository: its files are read at `HEAD`
 * (`git show HEAD:<path>`).
 *
 * @returns its absolute path, or undefined when unset or when its `HEAD` has no `examples/` tree
 */
export function pipecatRepo(): string | undefined {
  const p = pipecatRepoCandidate();
  if (!p || !isDir(p)) return undefined;
  const r = spawnSync('git', ['-C', p, 'cat-file', '-e', 'HEAD:examples'], { stdio: 'ignore', timeout: 30_000 });
  return r.status === 0 ? p : undefined;
}

/** Whether `python` runs `code` with exit status 0. */
function pythonRuns(python: string, code: string): boolean {
  return spawnSync(python, ['-c', code], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/** What check_server.py imports from pyflakes. */
const PYFLAKES = 'from pyflakes import api, reporter';

let pythonProblem: string | undefined | null = null;
/**
 * Why the checker cannot run under Python here, or undefined: `python3` on PATH, and pyflakes
 * importable by it or by /usr/bin/python3 (where check_server.py looks, in that order).
 */
function pythonMissing(): string | undefined {
  if (pythonProblem !== null) return pythonProblem;
  if (!pythonRuns('python3', 'import sys')) pythonProblem = 'python3 not found on PATH (install Python 3)';
  else if (!pythonRuns('python3', PYFLAKES) && !(isFile('/usr/bin/python3') && pythonRuns('/usr/bin/python3', PYFLAKES))) {
    pythonProblem = 'pyflakes not importable by python3 or /usr/bin/python3 (apt-get install python3-pyflakes, or pip install pyflakes)';
  } else pythonProblem = undefined;
  return pythonProblem;
}

/** A shared resource a test group can need. */
export type SharedNeed = 'checkServer' | 'apiIndex' | 'pipecatSrc' | 'pipecatRepo';

/** Why one need is unmet, naming the path looked at and the variable to set; undefined when met. */
function missingOne(need: SharedNeed): string | undefined {
  const orShared = 'or PIPECAT_SHARED to the shared folder';
  switch (need) {
    case 'checkServer':
      if (!checkServerPath())
        return `check_server.py not found at ${checkServerCandidate()} (set PIPECAT_CHECK_SERVER to check_server.py, ${orShared})`;
      return pythonMissing();
    case 'apiIndex':
      return apiIndexPath()
        ? undefined
        : `pipecat API index not found at ${apiIndexCandidate()} (set PIPECAT_INDEX to index.json, ${orShared})`;
    case 'pipecatRepo':
      return pipecatRepo()
        ? undefined
        : pipecatRepoCandidate()
          ? `no git repository with examples/ at HEAD in ${pipecatRepoCandidate()} (PIPECAT_REPO: a pipecat-ai/pipecat checkout)`
          : 'PIPECAT_REPO is not set (set it to a git checkout of pipecat-ai/pipecat)';
    case 'pipecatSrc':
      return pipecatSrc()
        ? undefined
        : `pipecat source not found at ${pipecatSrcCandidate()} (no pipecat/__init__.py; set PIPECAT_SRC to pipecat-ai's src folder, ${orShared})`;
  }
}

/**
 * What is missing for a test group that needs `needs`, as one phrase (problems joined by `; `).
 * `checkServer` also needs `python3` and pyflakes (checked once per process).
 *
 * @param needs the resources the group uses
 * @returns undefined when everything is there
 */
export function missingFor(...needs: SharedNeed[]): string | undefined {
  const problems = [...new Set(needs)].map(missingOne).filter((p): p is string => p !== undefined);
  return problems.length ? problems.join('; ') : undefined;
}

const printed = new Set<string>();
/**
 * Print the one stderr line of a skipped test group: `SKIPPED <what>: <missing>`. Printed once per
 * `what` in a test file, however often it is called.
 *
 * @param what the group that is skipped (e.g. `catalogue vs the pipecat API index`)
 * @param missing what is missing and which variable to set (see {@link missingFor})
 */
export function skipLine(what: string, missing: string): void {
  if (printed.has(what)) return;
  printed.add(what);
  process.stderr.write(`SKIPPED ${what}: ${missing}\n`);
}

/**
 * Whether a command-line tool runs here (`tool ...args` exits 0); when it does not (macOS or Windows
 * without it, a minimal container), prints the group's one {@link skipLine}. Use as
 * `(toolAvailable('zsh completion', 'zsh', ['-fc', 'true']) ? test : test.skip)(...)`.
 *
 * @param what the group that needs it (named in the skip line)
 * @param tool the executable, looked up on PATH
 * @param args arguments of a harmless run (`['-V']`)
 */
export function toolAvailable(what: string, tool: string, args: string[]): boolean {
  if (spawnSync(tool, args, { stdio: 'ignore', timeout: 10_000 }).status === 0) return true;
  skipLine(what, `${tool} not found (install it to run these tests)`);
  return false;
}

/**
 * Decide at load time whether a test group runs: true when every need is met; otherwise prints its
 * {@link skipLine} and returns false. Use as `(runs ? describe : describe.skip)(...)`.
 *
 * @param what the group (named in the skip line)
 * @param needs the resources it uses
 */
export function sharedAvailable(what: string, ...needs: SharedNeed[]): boolean {
  const missing = missingFor(...needs);
  if (missing) skipLine(what, missing);
  return missing === undefined;
}
