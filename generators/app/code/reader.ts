/**
 * The one reader of a project's server code: lists its Python files, hands them to
 * `python/pipecat_reader.py` (Python's own `ast`, standard library only, run by the Python
 * `python.ts` finds) and returns what it found as a {@link CodeReading}. `pipecat update`,
 * `pipecat doctor` and the deploy preflight read the code through here; nothing reads Python with
 * regular expressions.
 *
 * Which files: every `*.py` under the server folder (`server/` of a generated project, else the
 * `serverDir` given; `.` for the project root), recursively, except inside dot-folders (`.venv`,
 * `.git` …), `venv`, `env`, `__pycache__`, `node_modules`, `site-packages` and `evals` (the
 * scenarios `pipecat eval` runs, not code the bot runs). A file over 2 MB is refused; a symbolic
 * link is read only when it resolves to a file inside the project, and a linked folder is not
 * entered.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readRegularText } from '../files/regular-file.js';
import { join, relative, resolve, sep } from 'node:path';
import { pythonDir } from '../paths.js';
import { CodeReadError } from './errors.js';
import { runPythonScript, startPythonScript, type HeadStart } from './python.js';
import type { CodeReading, PipecatData } from './types.js';

/** Largest Python file read, in bytes. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** How long the reader may run, in milliseconds. */
const READER_TIMEOUT_MS = 10_000;
/** Folders never entered (besides every dot-folder). */
const SKIPPED_DIRS = new Set(['venv', 'env', '__pycache__', 'node_modules', 'site-packages', 'evals']);
/** Most files listed (a server folder holding more is not a bot's). */
const MAX_FILES = 2_000;

/** What {@link readServerCode} reads. */
interface ReadRequest {
  /** The project root (absolute, or relative to the current folder). */
  readonly root: string;
  /** The server folder, relative to `root` (default `server`). */
  readonly serverDir?: string;
  /**
   * Contents to use instead of the files on disk, by project-relative `/`-separated path (e.g. an
   * update's result before it is written); a path not on disk is read as a further file.
   */
  readonly files?: Readonly<Record<string, string>>;
  /** The reader already started for this project ({@link startServerCodeReader}); taken or killed here. */
  readonly headStart?: HeadStart;
}

/** `root`-relative `/`-separated path of `abs`. */
function projectPath(root: string, abs: string): string {
  return relative(root, abs).split(sep).join('/');
}

/** Whether `abs` lies inside `root` (or is it). */
function inside(root: string, abs: string): boolean {
  const rel = relative(root, abs);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/** The Python files under `dir`, as absolute paths to read (see the module comment for the rules). */
function listPython(root: string, dir: string): string[] {
  const realRoot = realpathSync(root);
  const found: string[] = [];
  const walk = (d: string): void => {
    let entries: string[];
    try {
      // A name that is not valid UTF-8 (Linux allows any bytes) cannot be a module's or a package's
      // (Python imports identifiers): left out, as Node could not open it by its decoded name.
      entries = utf8Names(readdirSync(d, { encoding: 'buffer' })).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      const abs = join(d, name);
      const st = lstatSync(abs);
      if (st.isDirectory()) {
        if (!name.startsWith('.') && !SKIPPED_DIRS.has(name)) walk(abs);
      } else if (name.endsWith('.py') && (st.isFile() || (st.isSymbolicLink() && linkedFileInside(realRoot, abs)))) {
        found.push(abs);
        if (found.length > MAX_FILES)
          throw new CodeReadError(`more than ${MAX_FILES} Python files under ${dir}: not a bot's server folder`);
      }
    }
  };
  walk(dir);
  return found;
}

/** The names among `raw` that are valid UTF-8, decoded. */
function utf8Names(raw: Buffer[]): string[] {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const names: string[] = [];
  for (const b of raw) {
    try {
      names.push(decoder.decode(b));
    } catch {
      /* not UTF-8: not a Python module's name */
    }
  }
  return names;
}

/** Whether the symbolic link `abs` resolves to a file inside `realRoot`. */
function linkedFileInside(realRoot: string, abs: string): boolean {
  try {
    const target = realpathSync(abs);
    return inside(realRoot, target) && statSync(target).isFile();
  } catch {
    return false;
  }
}

/** The sources to read, by project-relative path: the files on disk, then `overrides`. */
function collectSources(req: ReadRequest): Record<string, string> {
  const root = resolve(req.root);
  const server = resolve(root, req.serverDir ?? 'server');
  if (!inside(root, server) || (existsSync(server) && !inside(realpathSync(root), realpathSync(server)))) {
    throw new CodeReadError(`server folder ${req.serverDir ?? 'server'} is outside the project ${root}`);
  }
  const sources: Record<string, string> = {};
  for (const abs of listPython(root, server)) {
    const path = projectPath(root, abs);
    if (req.files?.[path] !== undefined) continue;
    const size = statSync(abs).size;
    if (size > MAX_FILE_BYTES) throw new CodeReadError(`${path} is ${Math.round(size / 1024)} KB: larger than a server file can be (2 MB)`);
    sources[path] = readRegularText(abs, { label: path, limit: MAX_FILE_BYTES });
  }
  for (const [path, text] of Object.entries(req.files ?? {})) {
    if (!path.endsWith('.py')) continue;
    const size = Buffer.byteLength(text, 'utf8');
    if (size > MAX_FILE_BYTES) throw new CodeReadError(`${path} is ${Math.round(size / 1024)} KB: larger than a server file can be (2 MB)`);
    sources[path] = text;
  }
  return sources;
}

/**
 * Read a project's server code.
 *
 * @param req the project root, its server folder (default `server`) and contents to read instead of the disk's
 * @returns what the reader found: files (markers, syntax errors), env reads, imports, `create_transport` keys, deprecated uses
 * @throws PythonNotFoundError when no Python 3.10+ is found (exit code 2)
 * @throws CodeReadError when a file is over 2 MB, the server folder is outside the project, or the reader fails or times out (10 s)
 */
export async function readServerCode(req: ReadRequest): Promise<CodeReading> {
  let sources: Record<string, string>;
  try {
    sources = collectSources(req);
  } catch (err) {
    req.headStart?.discard();
    throw err;
  }
  const stdout = await runPythonScript({
    dirs: readerDirs(req),
    script: readerScript(),
    headStart: req.headStart,
    input: JSON.stringify({ files: sources, data: pipecatDataPath() }),
    timeoutMs: READER_TIMEOUT_MS,
  });
  try {
    return JSON.parse(stdout) as CodeReading;
  } catch {
    throw new CodeReadError(`the server-code reader printed no JSON: ${stdout.slice(0, 200)}`);
  }
}

/** Folders whose `.venv` runs the reader: the server folder, then the project root. */
function readerDirs(req: Pick<ReadRequest, 'root' | 'serverDir'>): string[] {
  const root = resolve(req.root);
  return [resolve(root, req.serverDir ?? 'server'), root];
}

/** Absolute path of the shipped `python/pipecat_reader.py`. */
function readerScript(): string {
  return join(pythonDir(), 'pipecat_reader.py');
}

/**
 * Start the reader's Python for a project before its files are listed: `readServerCode` with
 * the returned head start feeds it, so the interpreter's start-up overlaps the CLI's. Never
 * throws for a missing Python: that surfaces (as {@link PythonNotFoundError}) when it is read.
 *
 * @param req the project root and its server folder, as `readServerCode` will be given them
 */
export function startServerCodeReader(req: Pick<ReadRequest, 'root' | 'serverDir'>): HeadStart {
  return startPythonScript(readerDirs(req), readerScript());
}

/** Absolute path of the shipped `python/pipecat-data.json`. */
function pipecatDataPath(): string {
  return join(pythonDir(), 'pipecat-data.json');
}

/**
 * The facts about pipecat-ai shipped with the package (`python/pipecat-data.json`, built by
 * `npm run data:pipecat`): its version and commit, dependencies and extras, the extras each module
 * needs, import names, class bases and the deprecation registry. Read from disk at each call: keep
 * the result where it is used.
 *
 * @throws Error when the file is missing or not JSON (a broken install)
 */
export function pipecatData(): PipecatData {
  return JSON.parse(readFileSync(pipecatDataPath(), 'utf8')) as PipecatData;
}
