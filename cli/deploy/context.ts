/**
 * The Cloud Build context: which files of a folder are sent, and the deterministic gzipped tar of
 * them that `pipecat cloud deploy` uploads.
 *
 * Which files (docs/deploy.md, "Build context"):
 * - with a `.dockerignore` in the context folder, its patterns by Docker's rules (matched with
 *   `@balena/dockerignore`, a port of Docker's own matcher: root-anchored patterns, `**`, `!`
 *   exceptions, the last matching line wins, a matched folder excludes everything in it); the
 *   Dockerfile and `.dockerignore` are sent even when listed, as Docker sends them;
 * - without one, the official CLI's default exclusions (pipecatcloud `_utils/build_utils.py`
 *   `DEFAULT_EXCLUSIONS`, which match a name at any depth) plus `[build.exclude] patterns` of
 *   pcc-deploy.toml (the official CLI adds them only when there is no `.dockerignore`);
 * - in both cases never a dotenv file or a look-alike ({@link isDotenvFile}: `.env`, `.env*`,
 *   `*.env`, anything in a `.env/` or `.envs/` folder, case and invisible characters ignored;
 *   `.env.example`, `.env.sample`, `.env.template` are sent): secrets reach an agent through its
 *   secret set, not its image. Such files are reported as withheld.
 *
 * The archive (as the official CLI makes it, so the platform's context hash of the same folder is
 * the same kind of value): regular files and symbolic links only, sorted by path, mtime 0, owner
 * 0:0 without names, mode 0644 (0755 when executable by the owner), gzip with mtime 0; written by
 * node-tar (`portable`). Context hash: the first 16 hex digits of the MD5 of the gzipped bytes.
 */
import { createHash } from 'node:crypto';
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { readRegularTextIfExists } from '../../generators/app/files/regular-file.js';
import { OperationFailedError, UserError } from '../errors.js';
import { linearMatcher, type Matcher } from './dockerignore.js';

/**
 * The official CLI's default exclusions (pipecatcloud `build_utils.DEFAULT_EXCLUSIONS`), used when
 * the context has no `.dockerignore`. Each is a name pattern matched at any depth.
 */
const DEFAULT_EXCLUSIONS: readonly string[] = [
  '.git', '.gitignore', '.gitattributes',
  '.env', '.env.*', '*.pem', '*.key',
  '__pycache__', '*.pyc', '*.pyo', '*.pyd', '*.so', '.Python',
  '.venv', 'venv', 'ENV', 'env',
  '.pytest_cache', '.coverage', 'htmlcov', '.tox', '.nox',
  '.mypy_cache', '.ruff_cache',
  '.vscode', '.idea', '*.swp', '*.swo',
  'dist', 'build', '*.egg-info', '*.egg', '.eggs',
  'node_modules', '.github', '.claude', '.codex', '.cursor',
  'pcc-deploy.toml', '.ipynb_checkpoints', '.cache',
  '.DS_Store', 'Thumbs.db', '*.log',
]; // prettier-ignore

/** Dotenv files that hold names only and may be sent (compared after {@link foldedName}). */
const ENV_TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template']);

/** Zero-width characters a look-alike name may hide (U+200B to U+200D, U+2060, U+FEFF). */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * A file or folder name as the dotenv rule compares it: compatibility-normalised (NFKC, so a
 * full-width `．ｅｎｖ` is `.env`), zero-width characters removed, trailing white space removed,
 * lower case.
 */
function foldedName(name: string): string {
  return name.normalize('NFKC').replace(ZERO_WIDTH, '').replace(/\s+$/u, '').toLowerCase();
}

/**
 * True for a path that is never sent in a build context, whatever `.dockerignore` says: its file
 * name, folded ({@link foldedName}), is `.env`, starts with `.env` (`.env.local`, `.env-prod`,
 * `.env_x`, `.env~`, `.envrc`) or ends with `.env` (`prod.env`, `x.ENV`), except the templates
 * `.env.example`, `.env.sample` and `.env.template`; or one of its folders, folded, is `.env` or
 * `.envs` (every file in it, templates too). Dotenv loaders and tools read such files for values
 * (python-dotenv, direnv's `.envrc`, docker compose's `*.env`, cookiecutter-django's `.envs/`); the
 * official CLI leaves out only `.env` and `.env.*`, and only without a `.dockerignore`
 * (pipecatcloud `_utils/build_utils.py` `DEFAULT_EXCLUSIONS`). `pipecat doctor` and the deploy
 * preflight ask the same rule about a Dockerfile path.
 *
 * @param relPath a path relative to the context folder, `/`-separated
 */
export function isDotenvFile(relPath: string): boolean {
  const parts = relPath.split('/').map(foldedName);
  const base = parts.pop() ?? '';
  if (parts.some((p) => p === '.env' || p === '.envs')) return true;
  return (base.startsWith('.env') || base.endsWith('.env')) && !ENV_TEMPLATES.has(base);
}

/** Largest context the platform takes (pipecatcloud: 500 MB of file data). */
const MAX_CONTEXT_BYTES = 500 * 1024 * 1024;

/** What goes into a build context. */
interface ContextSelection {
  /** Paths relative to the context folder, `/`-separated, sorted by code unit. */
  files: string[];
  /** Dotenv files left out whatever the ignore rules said. */
  withheld: string[];
  /** Where the rules came from: `.dockerignore` or the defaults. */
  rules: 'dockerignore' | 'defaults';
  /** Sum of the files' sizes in bytes. */
  totalBytes: number;
}

/** Options of {@link selectContext}. */
interface SelectOptions {
  /** Dockerfile path inside the context (always sent when present); default `Dockerfile`. */
  dockerfile?: string;
  /** `[build.exclude] patterns`, added to the defaults when there is no `.dockerignore`. */
  extraExcludes?: readonly string[];
}

/**
 * The rules of a `.dockerignore` text by Docker's rules (`@balena/dockerignore`, each pattern run
 * in linear time: `dockerignore.ts`): its matcher and its exceptions (`!` lines, without the `!`). `pipecat doctor` asks the same matcher whether
 * `.env` would be sent.
 *
 * @param text the file's text
 */
export async function dockerignoreRules(text: string): Promise<{ m: Matcher; exceptions: string[] }> {
  const all = text.split(/\r?\n/).map((l) => l.trim());
  const lines = all.map((l) => (l && !l.startsWith('#') ? l : ''));
  const exceptions = lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1).replace(/^\/+/, ''));
  return { m: await linearMatcher(lines, '.dockerignore'), exceptions };
}

/** The ignore rules of a context folder, and whether any of them is an exception (`!`). */
async function rulesFor(
  dir: string,
  extra: readonly string[],
): Promise<{ m: Matcher; rules: ContextSelection['rules']; exceptions: string[] }> {
  const text = readRegularTextIfExists(join(dir, '.dockerignore'), { label: `the .dockerignore of ${dir}` });
  if (text !== undefined) return { ...(await dockerignoreRules(text)), rules: 'dockerignore' };
  const anyDepth = (p: string) => {
    const q = p.trim().replace(/^\.\//, '').replace(/\/+$/, '');
    return q.includes('/') ? q : `**/${q}`;
  };
  const m = await linearMatcher(
    [...DEFAULT_EXCLUSIONS, ...extra].map((p) => (p.trim() ? anyDepth(p) : '')),
    'pcc-deploy.toml [build.exclude] patterns',
    -DEFAULT_EXCLUSIONS.length,
  );
  return { m, rules: 'defaults', exceptions: [] };
}

/**
 * Choose the files of a build context.
 *
 * @param dir the context folder (`[build] context_dir`, default the current folder)
 * @returns the files to send, sorted, and the dotenv files withheld
 * @throws UserError when the folder cannot be read or the context exceeds {@link MAX_CONTEXT_BYTES}
 */
export async function selectContext(dir: string, opts: SelectOptions = {}): Promise<ContextSelection> {
  const dockerfile = (opts.dockerfile ?? 'Dockerfile').replace(/^\.\//, '');
  const { m, rules, exceptions } = await rulesFor(dir, opts.extraExcludes ?? []);
  const always = new Set([dockerfile, '.dockerignore']);
  const files: string[] = [];
  const withheld: string[] = [];
  let totalBytes = 0;
  // A folder a pattern excludes is skipped unless an exception could bring back something in it.
  const mayHoldException = (rel: string) =>
    exceptions.some((e) => e.startsWith(rel + '/') || /[*?[]/.test(e.split('/').slice(0, rel.split('/').length).join('/')));
  const walk = async (rel: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(rel ? join(dir, rel) : dir);
    } catch (err) {
      throw new UserError(`cannot read the build context folder ${rel ? join(dir, rel) : dir}: ${(err as Error).message}`);
    }
    for (const name of names.sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const st = await lstat(join(dir, path));
      if (st.isDirectory()) {
        if (m.ignores(path) && !mayHoldException(path)) continue;
        await walk(path);
        continue;
      }
      if (!st.isFile() && !st.isSymbolicLink()) continue;
      if (m.ignores(path) && !always.has(path)) continue;
      if (isDotenvFile(path)) {
        withheld.push(path);
        continue;
      }
      files.push(path);
      if (st.isFile()) totalBytes += st.size;
    }
  };
  await walk('');
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (totalBytes > MAX_CONTEXT_BYTES) {
    throw new UserError(
      `the build context is too large: ${(totalBytes / 1024 / 1024).toFixed(1)} MB (the limit is ${MAX_CONTEXT_BYTES / 1024 / 1024} MB); exclude more in .dockerignore`,
    );
  }
  return { files, withheld, rules, totalBytes };
}

/** A packed build context. */
export interface PackedContext extends ContextSelection {
  /** The gzipped tar. */
  tarball: Buffer;
  /** First 16 hex digits of the MD5 of {@link tarball} (what the platform reports as `contextHash`). */
  contextHash: string;
}

/**
 * Pack a folder's build context into a deterministic gzipped tar (same files and contents, same bytes).
 *
 * @param dir the context folder
 * @throws UserError as {@link selectContext}, and when no file is left to send;
 *   OperationFailedError as {@link packSelection}
 */
export async function packContext(dir: string, opts: SelectOptions = {}): Promise<PackedContext> {
  let sel: ContextSelection;
  try {
    sel = await selectContext(dir, opts);
  } catch (err) {
    throw await walkFailure(dir, err);
  }
  return packSelection(dir, sel);
}

/**
 * A file-system error of the context walk as a message naming the folder: a name that is not valid
 * UTF-8 (Linux allows any bytes; Node reads it with U+FFFD in place of the bad bytes, so the file
 * cannot be opened by that name, nor written into a tar header) is named with its bytes escaped.
 */
async function walkFailure(dir: string, err: unknown): Promise<unknown> {
  const e = err as NodeJS.ErrnoException;
  if (!e || typeof e !== 'object' || typeof e.path !== 'string' || !e.code) return err;
  const folder = dirname(e.path);
  const bad = await invalidNames(folder);
  if (bad.length > 0)
    return new UserError(`the build context folder ${folder} holds a name that is not valid UTF-8: ${bad.join(', ')}`, [
      'rename or remove it (a build context is sent with UTF-8 names)',
    ]);
  const what = e.code === 'ENOENT' ? 'was removed while the build context was read' : `cannot be read: ${e.message}`;
  return new OperationFailedError(`${relative(dir, e.path) || e.path} (in the build context ${dir}) ${what}; nothing was uploaded`);
}

/** The names in `folder` that are not valid UTF-8, with each byte past ASCII written `\xHH`. */
async function invalidNames(folder: string): Promise<string[]> {
  let raw: Buffer[];
  try {
    raw = await readdir(folder, { encoding: 'buffer' });
  } catch {
    return [];
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return raw
    .filter((b) => {
      try {
        decoder.decode(b);
        return false;
      } catch {
        return true;
      }
    })
    .map(
      (b) =>
        `"${[...b].map((c) => (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c ? `\\x${c.toString(16).padStart(2, '0')}` : String.fromCharCode(c))).join('')}"`,
    );
}

/**
 * Pack the files {@link selectContext} chose. A file that changes between the choice and its
 * packing (removed, grown, shrunk, made unreadable) stops the packing: nothing is sent.
 *
 * @param dir the context folder
 * @param sel what {@link selectContext} returned for it
 * @throws UserError when no file is left to send; OperationFailedError (exit 1) naming the file
 *   that changed or could not be read while it was packed
 */
export async function packSelection(dir: string, sel: ContextSelection): Promise<PackedContext> {
  // node-tar refuses an empty list with a TypeError: an empty context is the user's folder, not a bug.
  if (sel.files.length === 0)
    throw new UserError(
      `the build context ${dir} has no files to send (all excluded, or the folder is empty); --build-dir / [build] context_dir`,
    );
  const { create } = await import('tar');
  const chunks: Buffer[] = [];
  const stream = create(
    {
      cwd: dir,
      gzip: { level: 9 },
      portable: true,
      mtime: new Date(0),
      noDirRecurse: true,
      follow: false,
      onWriteEntry: (e) => {
        // Normalised permissions (the official CLI: 0755 when executable, else 0644).
        if (e.stat && e.type !== 'Directory') e.stat.mode = (e.stat.mode & ~0o7777) | (e.stat.mode & 0o100 ? 0o755 : 0o644);
      },
    },
    sel.files,
  );
  try {
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
  } catch (err) {
    throw packingFailure(dir, err);
  }
  const tarball = Buffer.concat(chunks);
  return { ...sel, tarball, contextHash: createHash('md5').update(tarball).digest('hex').slice(0, 16) };
}

/** What node-tar's packing error says about a file, as an OperationFailedError naming it. */
function packingFailure(dir: string, err: unknown): unknown {
  const e = err as NodeJS.ErrnoException & { path?: string };
  if (!e || typeof e !== 'object' || typeof e.path !== 'string') return err;
  const rel = relative(dir, e.path) || e.path;
  const how =
    e.code === 'ENOENT'
      ? 'it was removed'
      : /did not encounter expected EOF/.test(e.message)
        ? 'it grew'
        : /unexpected EOF/.test(e.message)
          ? 'it shrank'
          : undefined;
  const what = how ? `changed while it was packed: ${how}` : `could not be packed: ${e.message}`;
  return new OperationFailedError(`the build context file ${rel} (in ${dir}) ${what}; nothing was uploaded`, [
    'run the command again once nothing writes into the build context',
  ]);
}
