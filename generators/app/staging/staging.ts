/**
 * Staging and commit of a generated project: the one implementation used by `pipecat init` (flags,
 * config file, wizard, in-place `pipecat init DIR`, `--coding-agent`) and `yo pipecat`, and meant
 * for updating an existing project too.
 *
 * The life of a staging: {@link beginStaging} (sweep dead runs' leftovers, create the folder and
 * its journal, install the signal handlers) → write files under `dir` (or with `write()`) →
 * `commit()` (a new project, or top-level entries into an existing folder), or `commitMerge()`
 * (file by file into an existing project, replacing and removing files) → done; or `abort()` at
 * any point before. Every commit is undone on failure, so the target ends as it was or as staged.
 *
 * Files are written into a staging folder, then moved into place, so a project appears whole or
 * not at all:
 * - **the target is missing**: the staging folder sits in the nearest existing ancestor of the
 *   target, so no folder is created before the commit; the commit creates the missing parents and
 *   renames the staged project onto the target in one step.
 * - **the target is a folder** (empty, or in place holding e.g. `.git` or `AGENTS.md`): it is never
 *   replaced (a shell may stand in it); the staging folder sits inside it and the commit moves each
 *   staged top-level entry into it.
 *
 * Every staging folder holds a journal (`journal.json`: owner pid and host, the folder's identity,
 * what the commit created and moved with a SHA-256 of each, and whether it finished). SIGINT,
 * SIGTERM and SIGHUP while staged or committing undo everything ("cancelled: nothing was written",
 * exit 130, 143 or 129: 128 + the signal's number). A SIGKILL cannot be caught: it can leave
 * a staging folder and, when it strikes during an in-place commit, some entries already moved. The
 * next run that stages beside the same place ({@link sweepStale}) reads each journal whose owner is
 * dead on this host, removes what that run moved and created (unless it had finished), then the
 * folder; a live run's folder is never touched, nor one whose journal does not match the files it
 * names (issue 23: another user's folder, a copied or shipped one, a file changed since).
 *
 * Source: issue 12 (in-place init) and issue 13 (SIGKILL leftovers, one module shared by `init` and `yo`).
 */
import { hostname } from 'node:os';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';

/** Prefix of staging folder names (hidden, and recognisable by the sweep). */
export const STAGING_PREFIX = '.pipecat-staging-';

/** What a staging folder's `journal.json` records. */
export interface StagingJournal {
  /** Process that owns the staging folder. */
  pid: number;
  /** `os.hostname()` of that process (a pid means nothing on another host sharing the folder). */
  host: string;
  /** Start time, ms since the epoch. */
  started: number;
  /** Absolute project folder the commit writes. */
  target: string;
  /** Folders the commit created (parents first), removed again by a rollback when empty. */
  created: string[];
  /**
   * What the commit moved into place (recorded before each move): the absolute path and the
   * {@link contentHash} of what was moved there. A recovery removes the path only while its content
   * still has that hash.
   */
  moved: { path: string; sha256: string }[];
  /**
   * Existing entries the commit replaced: each was first moved to `backup` inside the staging
   * folder; `sha256` is the {@link contentHash} of what was moved aside, checked before a recovery
   * puts it back.
   */
  replaced: { path: string; backup: string; sha256: string }[];
  /** Set once every entry is in place: the folder is then only litter. */
  committed: boolean;
  /**
   * The staging folder's {@link folderIdentity}, read right after the run created it (empty until
   * then). A copy of the folder, or one shipped in a repository, has another: its journal is not
   * this run's, however well formed.
   */
  identity: string;
}

/** A project being staged. */
export interface Staging {
  /** Absolute folder to write the project's files into (its layout is the project's). */
  readonly dir: string;
  /** Absolute project folder. */
  readonly target: string;
  /** Whether the commit moves entries into an existing folder (else it renames onto a new path). */
  readonly inPlace: boolean;
  /**
   * Move the staged project into place and remove the staging folder.
   *
   * @param replace top-level names that may already exist in an in-place target and are then
   *   replaced (the old entry is kept in the staging folder until the commit ends, and put back by
   *   a rollback); used for `--overwrite-guide`
   * @throws StagingError when a staged entry's name appeared in the target meanwhile (everything
   *   moved so far is undone) or the file system refuses (permission, space)
   */
  commit(replace?: readonly string[]): void;
  /**
   * Merge the staged files into the existing target folder, file by file: each staged file
   * replaces the file at the same path (the old one is kept in the staging folder until the
   * commit ends, and put back by a rollback), missing folders are created, and `remove` paths are
   * removed (kept the same way). For updating a project; a missing target is committed like
   * {@link Staging.commit}.
   *
   * @param opts.remove paths relative to the target to remove (missing ones are skipped)
   * @throws StagingError when the file system refuses (everything done so far is undone)
   */
  commitMerge(opts?: MergeOptions): void;
  /**
   * Write one file of the project into the staging folder (parent folders are created).
   *
   * @param path path relative to the project folder, `/`-separated
   * @param contents the file's bytes or text (UTF-8)
   */
  write(path: string, contents: string | Uint8Array): void;
  /** Undo: remove what the commit moved or created, and the staging folder. Safe to call twice. */
  abort(): void;
}

/** Options of {@link Staging.commitMerge}. */
export interface MergeOptions {
  /** Paths relative to the target that the merge removes (files or folders). */
  remove?: readonly string[];
}

/** A file-system problem of the destination, phrased for the user (exit 2, like a usage error). */
export class StagingError extends Error {
  readonly exitCode = 2;

  /** @param message one line naming the path and what went wrong */
  constructor(message: string) {
    super(message);
    this.name = 'StagingError';
  }
}

/**
 * One line for a file-system error on `path`, naming it; unknown errors are returned unchanged.
 *
 * @param err the error thrown by `node:fs`
 * @param path the path being written
 */
export function describeFsError(err: unknown, path: string): Error {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const why: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EEXIST: 'it already exists',
    ELOOP: 'too many symbolic links',
    ENAMETOOLONG: 'the path is too long',
    EDQUOT: 'disk quota exceeded',
    // mkdir in an existing folder that refuses new entries (e.g. /proc).
    ENOENT: 'this file system does not take new folders there',
  };
  if (code && why[code]) return new StagingError(`cannot write ${path}: ${why[code]} (nothing was written)`);
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Whether a process with this pid runs on this host (signal 0; EPERM means it runs, under another
 * user). Used for journals and `update`'s lock.
 *
 * @param pid a process id
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `p` exists, a dangling symbolic link included (`lstat` succeeds).
 *
 * @param p absolute path
 */
export function present(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The nearest existing ancestor folder of `p` (or `p` itself when it is a folder). */
export function nearestExistingFolder(p: string): string {
  let cur = p;
  for (;;) {
    if (present(cur)) return cur;
    const up = dirname(cur);
    if (up === cur) return cur;
    cur = up;
  }
}

/**
 * Which folder `dir` is on this file system: `<inode>:<birth time in ns>` (the birth time is 0
 * where the file system does not keep one). A new folder gets a new identity: a recreated, copied
 * or checked-out folder never has the one recorded by the run that created the original, and its
 * name cannot predict it.
 *
 * @param dir absolute path (not followed when it is a link)
 * @throws the `node:fs` error when `dir` is missing
 */
export function folderIdentity(dir: string): string {
  const st = lstatSync(dir, { bigint: true });
  return `${st.ino}:${st.birthtimeNs}`;
}

/**
 * A digest of what is at `p`, to tell later whether it is still what a run wrote or moved aside:
 * for a file the SHA-256 of its bytes in hex (what `sha256sum` prints); for a folder `dir:` and the
 * SHA-256 of its sorted entries (each name and its own digest); for a symbolic link `link:` and the
 * SHA-256 of its target; for anything else `other:` and its type. Permissions and times are not
 * part of it. Own code rather than a package: the folder-hashing packages are asynchronous and the
 * staging is synchronous; the hashing itself is `node:crypto`.
 *
 * @param p absolute path (not followed when it is a link)
 * @returns the digest, e.g. `9f86d0…` or `dir:e3b0c4…`
 * @throws the `node:fs` error when `p` is missing or unreadable
 */
export function contentHash(p: string): string {
  const st = lstatSync(p);
  const h = createHash('sha256');
  if (st.isFile()) return h.update(readFileSync(p)).digest('hex');
  if (st.isSymbolicLink()) return `link:${h.update(readlinkSync(p)).digest('hex')}`;
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) h.update(`${name}\0${contentHash(join(p, name))}\n`);
    return `dir:${h.digest('hex')}`;
  }
  return `other:${h.update(String(st.mode & 0o170000)).digest('hex')}`;
}

/**
 * Remove a staging folder, its moved-aside copies (`replaced/`) and staged files (`project/`)
 * before its journal: a SIGKILL in the middle leaves either the journal (which says what the
 * rest is) or a folder without moved-aside copies, which {@link sweepStale} may remove.
 *
 * @param folder the staging folder
 */
export function removeStagingFolder(folder: string): void {
  for (const sub of ['replaced', 'project']) rmSync(join(folder, sub), { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
}

/**
 * Remove what a run moved into place. A folder is first renamed into the staging folder (one
 * step), so a SIGKILL during the removal leaves it whole in place or out of the way, never half
 * removed where a recovery would find its digest changed.
 */
function discard(stagingFolder: string, p: string, n: number): void {
  if (!lstatSync(p).isDirectory()) {
    rmSync(p, { force: true });
    return;
  }
  const aside = join(stagingFolder, `undone-${n}`);
  try {
    renameSync(p, aside);
  } catch {
    rmSync(p, { recursive: true, force: true });
    return;
  }
  rmSync(aside, { recursive: true, force: true });
}

/**
 * Undo what a journal says was done, then remove its staging folder: remove each path the run
 * moved into place (newest first), put back each entry it moved aside, and remove the folders it
 * created when they are empty. A committed journal only removes the folder (the moved-aside copies
 * are then the old versions the run replaced). The journal is trusted: the process's own, or one
 * {@link sweepStale} checked with {@link journalRefusal} and {@link journalMismatch}.
 *
 * @param stagingFolder the run's staging folder
 * @param j its journal
 * @returns the moved-aside copies that could not be put back (their path was taken, or the file
 *   system refused); when there are any, the staging folder is kept with them and its journal
 */
export function rollback(stagingFolder: string, j: StagingJournal): string[] {
  const kept: string[] = [];
  if (!j.committed) {
    // Each step on its own: a path recorded before a move that then failed (ENOTDIR) must not
    // stop the rest of the undo.
    const attempt = (step: () => void): void => {
      try {
        step();
      } catch {
        /* nothing there to undo */
      }
    };
    // Only what still holds what the run put there: anything else is not the run's to remove.
    [...j.moved].reverse().forEach((m, n) =>
      attempt(() => {
        if (contentHash(m.path) === m.sha256) discard(stagingFolder, m.path, n);
      }),
    );
    for (const r of [...(j.replaced ?? [])].reverse()) {
      attempt(() => {
        if (present(r.backup) && !present(r.path)) renameSync(r.backup, r.path);
      });
      if (present(r.backup)) kept.push(r.backup);
    }
    for (const d of [...j.created].reverse()) {
      try {
        rmdirSync(d);
      } catch {
        /* not empty (someone else wrote there) or gone: keep */
      }
    }
  }
  if (kept.length === 0) removeStagingFolder(stagingFolder);
  return kept;
}

/** Whether `p` is `root` or inside it (both absolute). */
function within(root: string, p: string): boolean {
  const rel = relative(root, resolve(p));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A digest as {@link contentHash} writes it. */
const DIGEST = /^(?:(?:dir|link|other):)?[0-9a-f]{64}$/;

/**
 * Why a dead run's journal may not be acted on, or undefined when it may (issue 23): it must have
 * the shape this tool writes, with a digest for every path moved into place or aside, and every
 * path it names must lie where that run could have written. Its target, and the folders it
 * created, in the folder holding its staging folder; what it moved or replaced in its target; the
 * backups in its own staging folder. A journal planted to name anything else (another user's files
 * in a shared folder, a path outside the project) is refused; so is one without digests (an older
 * version of this tool wrote it, or someone forged it). The file system is not read: see
 * {@link journalMismatch} for the digests.
 *
 * @param folder the folder holding the staging folder
 * @param stagingFolder the staging folder
 * @param j its journal
 * @returns e.g. `it names /root/secret outside /tmp/x`
 */
export function journalRefusal(folder: string, stagingFolder: string, j: StagingJournal): string | undefined {
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const entries = (v: unknown, keys: readonly string[]): boolean =>
    Array.isArray(v) &&
    v.every((x) => typeof x === 'object' && x !== null && keys.every((k) => typeof (x as Record<string, unknown>)[k] === 'string'));
  if (
    typeof j.target !== 'string' ||
    typeof j.identity !== 'string' ||
    !strings(j.created) ||
    !Array.isArray(j.moved) ||
    !Array.isArray(j.replaced)
  ) {
    return 'it is not a journal this tool writes';
  }
  if (strings(j.moved) && j.moved.length > 0) return 'it records no content digests (an older pipecat wrote it, or it was forged)';
  if (!entries(j.moved, ['path']) || !entries(j.replaced, ['path', 'backup'])) return 'it is not a journal this tool writes';
  const undigested = [...j.moved, ...j.replaced].find((x) => typeof x.sha256 !== 'string' || !DIGEST.test(x.sha256));
  if (undigested) return `it records no content digest for ${undigested.path}`;
  const outside = (root: string, paths: readonly string[]): string | undefined => {
    const p = paths.find((x) => !isAbsolute(x) || !within(root, x));
    return p === undefined ? undefined : `it names ${p} outside ${root}`;
  };
  return (
    outside(folder, [j.target, ...j.created]) ??
    outside(j.target, [...j.moved.map((m) => m.path), ...j.replaced.map((r) => r.path)]) ??
    outside(
      stagingFolder,
      j.replaced.map((r) => r.backup),
    )
  );
}

/** The first folder strictly between `root` and `p` that is a symbolic link, if any. */
function linkBetween(root: string, p: string): string | undefined {
  const parts = relative(root, resolve(p)).split(sep).slice(0, -1);
  let cur = root;
  for (const part of parts) {
    cur = join(cur, part);
    try {
      if (lstatSync(cur).isSymbolicLink()) return cur;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Why a dead run's journal, already accepted by {@link journalRefusal}, does not match the files
 * (issue 23), or undefined when it does: undoing it would touch only what that run did. Refused
 * when the staging folder is not the one the run created (its {@link folderIdentity} differs:
 * a copy, or a folder shipped in a repository, whose journal could otherwise put any file it
 * holds at any path that is missing, such as `.git/hooks/pre-commit`); when a path it names is reached through a symbolic link below `folder` (or below the staging
 * folder, for a backup); when a path it moved into place holds content whose
 * {@link contentHash} differs from the one recorded (edited since, or never the run's), unless it
 * is what the run moved aside from there, already put back by a recovery that was killed in turn;
 * when a moved-aside copy's digest differs from the one recorded for what was moved aside; and when
 * a moved-aside copy would be put back over a path the run did not write. A committed journal is
 * never undone, so it always matches.
 *
 * @param folder the folder holding the staging folder
 * @param stagingFolder the staging folder
 * @param j its journal (shape and places checked)
 * @returns one phrase naming the path, e.g. `/p/server/bot.py changed since that run wrote it (its sha256 differs from the journal's)`
 */
export function journalMismatch(folder: string, stagingFolder: string, j: StagingJournal): string | undefined {
  if (folderIdentity(stagingFolder) !== j.identity) {
    return 'that run did not create this folder (it was copied, or came with the files, e.g. from a repository)';
  }
  if (j.committed) return undefined;
  const named: [string, string][] = [
    ...[j.target, ...j.created, ...j.moved.map((m) => m.path), ...j.replaced.map((r) => r.path)].map((p): [string, string] => [folder, p]),
    ...j.replaced.map((r): [string, string] => [stagingFolder, r.backup]),
  ];
  for (const [root, p] of named) {
    const link = linkBetween(root, p);
    if (link) return `it names ${p} through the symbolic link ${link}`;
  }
  const digest = (p: string): string | undefined => {
    try {
      return contentHash(p);
    } catch {
      return undefined;
    }
  };
  for (const m of j.moved) {
    if (!present(m.path)) continue;
    const now = digest(m.path);
    if (now === m.sha256) continue;
    // A recovery killed while undoing this journal already put back what the run moved aside here.
    const putBack = j.replaced.some((r) => r.path === m.path && r.sha256 === now && !present(r.backup));
    if (!putBack) return `${m.path} changed since that run wrote it (its sha256 differs from the journal's)`;
  }
  const movedPaths = new Set(j.moved.map((m) => m.path));
  for (const r of j.replaced) {
    if (!present(r.backup)) continue;
    if (digest(r.backup) !== r.sha256) {
      return `${r.backup} is not what that run moved aside from ${r.path} (its sha256 differs from the journal's)`;
    }
    if (present(r.path) && !movedPaths.has(r.path)) return `${r.path} exists, and that run's moved-aside copy of it is ${r.backup}`;
  }
  return undefined;
}

/**
 * Whether a staging folder holds moved-aside copies (anything in its `replaced/` folder): such a
 * folder is never removed without a readable journal saying what to do with them.
 */
function holdsBackups(dir: string): boolean {
  try {
    return readdirSync(join(dir, 'replaced')).length > 0;
  } catch {
    return false;
  }
}

/** Staging folders whose journal was refused, so each is named once per process. */
const warned = new Set<string>();

/**
 * Whether the current user owns `dir` and it is a real folder (not a link): a staging folder
 * another user made (a shared sticky folder such as /tmp) is never acted on. Always true where
 * the platform has no uids.
 */
function ownFolder(dir: string): boolean {
  const st = lstatSync(dir);
  if (!st.isDirectory()) return false;
  return typeof process.getuid !== 'function' || st.uid === process.getuid();
}

/**
 * Remove the staging folders in `folder` left by runs that died (SIGKILL, power loss), undoing
 * what they had moved or created. A folder whose journal names a live process on this host, or
 * another host, is left alone; so is one the current user does not own, one whose journal names a
 * path the run could not have written ({@link journalRefusal}), and one whose journal does not
 * match the files: a path the run wrote whose content changed since, a moved-aside copy that is
 * not what was moved aside ({@link journalMismatch}). Each such folder is named in one warning
 * line on stderr with the reason, and nothing is touched. One without a readable journal belongs
 * to a run killed between creating the folder and saving its journal (or is being created right
 * now): it is removed when the pid in its name (`.pipecat-staging-<pid>-<hex>`) is not a running
 * process, or when it is older than an hour, unless it holds moved-aside files (never the case
 * for this tool's runs: every move out of place is journaled before it happens).
 *
 * @param folder where staging folders may be (an output folder, an ancestor, or an in-place target)
 * @returns absolute paths of the staging folders removed
 */
export function sweepStale(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.startsWith(STAGING_PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const dir = join(folder, name);
    let journal: StagingJournal | undefined;
    try {
      journal = JSON.parse(readFileSync(join(dir, 'journal.json'), 'utf8')) as StagingJournal;
    } catch {
      journal = undefined;
    }
    const warn = (why: string): void => {
      if (!warned.has(dir)) process.stderr.write(`warning: left ${dir} alone: ${why}\n`);
      warned.add(dir);
    };
    try {
      if (!ownFolder(dir)) continue;
      if (journal) {
        if (journal.host !== hostname() || alive(journal.pid)) continue;
        const refusal = journalRefusal(folder, dir, journal) ?? journalMismatch(folder, dir, journal);
        if (refusal) {
          warn(refusal);
          continue;
        }
        const kept = rollback(dir, journal);
        if (kept.length) {
          warn(`${kept.length} moved-aside ${kept.length === 1 ? 'copy' : 'copies'} could not be put back (${kept[0]})`);
          continue;
        }
      } else {
        const pid = Number(/^\.pipecat-staging-(\d+)-/.exec(name)?.[1] ?? NaN);
        const owned = Number.isInteger(pid) && pid > 0 && alive(pid);
        if (owned && Date.now() - statSync(dir).mtimeMs < 3_600_000) continue;
        if (holdsBackups(dir)) {
          warn(`it holds moved-aside files (${join(dir, 'replaced')}) but no readable journal`);
          continue;
        }
        removeStagingFolder(dir);
      }
      removed.push(dir);
    } catch {
      /* not ours to remove (permissions): leave it */
    }
  }
  return removed;
}

/**
 * Where the staging folder of a project for `target` goes (the target itself when it is a folder,
 * else its nearest existing ancestor), after removing dead runs' leftovers there and in every
 * ancestor with {@link sweepStale}. Call it before checking the destination, so what a killed run left is not
 * mistaken for the user's files.
 *
 * @param target absolute project folder
 * @returns the folder staging happens in
 */
export function sweepBeside(target: string): string {
  const home = stagingHome(target);
  // A killed run staged in the nearest folder that existed then, which may be an ancestor of this
  // one when it had already created parents: look up the whole chain (a few directory reads).
  for (let dir = home; ; dir = dirname(dir)) {
    sweepStale(dir);
    if (dirname(dir) === dir) break;
  }
  return home;
}

/** Where the staging folder of a project for `target` goes: the target when it is a folder, else its nearest existing ancestor. */
function stagingHome(target: string): string {
  let isFolder = false;
  try {
    isFolder = statSync(target).isDirectory();
  } catch {
    isFolder = false;
  }
  // An existing folder is never replaced (a shell may stand in it): staging goes inside it.
  return isFolder ? target : nearestExistingFolder(dirname(target));
}

/** Say on stderr that a staging folder was kept because moved-aside copies in it could not be put back. */
function warnKept(folder: string, kept: readonly string[]): void {
  if (kept.length) process.stderr.write(`warning: kept ${folder}: ${kept.length} moved-aside file(s) could not be put back (${kept[0]})\n`);
}

/** Options of {@link beginStaging}. */
export interface BeginStagingOptions {
  /**
   * Install SIGINT/SIGTERM/SIGHUP handlers that abort and exit 128 + the signal's number (130,
   * 143, 129) until the commit or abort
   * (default true), and an `exit` handler that aborts when the process ends while staged.
   */
  handleSignals?: boolean;
  /** Where "cancelled: nothing was written" goes (default stderr). */
  onCancel?: (message: string) => void;
  /**
   * Remove dead runs' leftovers beside the target first ({@link sweepBeside}; default true). False
   * when the caller has just done so (`planInit` sweeps before checking the destination): the sweep
   * reads every folder from the target up to `/`.
   */
  sweep?: boolean;
}

/** Files (and links) under `root`, as `/`-separated paths relative to it, parents before children. */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(relative(root, p).split(sep).join('/'));
    }
  };
  walk(root);
  return out;
}

/** The processes' staging handles not yet committed or aborted (for the `exit` handler). */
const openStagings = new Set<Staging>();
let exitHookInstalled = false;

/**
 * Start staging a project for `target`: sweep dead runs' leftovers beside it, create the staging
 * folder and its journal, and (by default) undo everything on SIGINT, SIGTERM or SIGHUP, or when
 * the process exits before the commit (an error that ended the run).
 *
 * The target must be missing, an empty folder, or (in place) a folder none of whose entries the
 * project writes; the caller checks that first and the commit re-checks each entry.
 *
 * @param target absolute project folder
 * @param opts signal handling
 * @returns the staging handle; write files under `dir`, then `commit()` or `abort()`
 * @throws StagingError when the staging folder cannot be created (read-only or full destination)
 */
export function beginStaging(target: string, opts: BeginStagingOptions = {}): Staging {
  const home = opts.sweep === false ? stagingHome(target) : sweepBeside(target);
  const journal: StagingJournal = {
    pid: process.pid,
    host: hostname(),
    started: Date.now(),
    target,
    created: [],
    moved: [],
    replaced: [],
    committed: false,
    identity: '',
  };
  const folder = join(home, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  // Written atomically (a temporary file renamed over it): a SIGKILL in the middle of a save must
  // leave the previous journal, not a truncated one the next run cannot read (and so cannot undo).
  const save = (): void => writeFileAtomicSync(join(folder, 'journal.json'), JSON.stringify(journal), { fsync: false });
  try {
    // Two plain mkdirs: Node's recursive mkdir loops forever where a file system refuses new
    // entries without EACCES (e.g. under /proc).
    // Only its owner may write in it (a journal is trusted only in the owner's own folder).
    mkdirSync(folder, { mode: 0o700 });
    journal.identity = folderIdentity(folder);
    mkdirSync(join(folder, 'project'));
    save();
  } catch (err) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      /* nothing was made (e.g. ELOOP: the folder is a link loop); report the first error */
    }
    throw describeFsError(err, home);
  }
  // The target is an existing folder: the commit moves each staged entry into it.
  const inPlace = home === target;
  const dir = join(folder, 'project');

  let done = false;
  const handleSignals = opts.handleSignals ?? true;
  const onSignal = (signal: NodeJS.Signals): void => {
    handle.abort();
    (opts.onCancel ?? ((m: string) => process.stderr.write(m)))('cancelled: nothing was written\n');
    // As a shell reports a process killed by the signal: 128 + its number (docs/exit-codes.md).
    process.exit(({ SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as Record<string, number>)[signal] ?? 130);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const release = (): void => {
    openStagings.delete(handle);
    if (handleSignals) for (const s of signals) process.removeListener(s, onSignal);
  };
  if (handleSignals) {
    for (const s of signals) process.once(s, onSignal);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.on('exit', () => {
        for (const h of [...openStagings]) h.abort();
      });
    }
  }

  /** Move `from` over `to`, keeping what `to` held in the staging folder (journaled first). */
  const replaceWith = (from: string | null, to: string, rel: string): void => {
    if (present(to)) {
      const backup = join(folder, 'replaced', rel);
      mkdirSync(dirname(backup), { recursive: true });
      journal.replaced.push({ path: to, backup, sha256: contentHash(to) });
      save();
      renameSync(to, backup);
    }
    if (from === null) return;
    journal.moved.push({ path: to, sha256: contentHash(from) });
    save();
    renameSync(from, to);
  };
  /**
   * Create the missing folders from `target` down to `p`, recording them for a rollback: all in
   * one journal save before the first is made (a rollback skips any not made yet), so a deep
   * `--output` costs one save, not one per folder with the journal growing each time (issue 23:
   * 2,000 levels took minutes).
   */
  const ensureFolder = (p: string): void => {
    const missing: string[] = [];
    for (let d = p; !present(d); d = dirname(d)) missing.unshift(d);
    if (missing.length === 0) return;
    journal.created.push(...missing);
    save();
    for (const d of missing) mkdirSync(d);
  };
  const finish = (): void => {
    journal.committed = true;
    save();
    removeStagingFolder(folder);
    done = true;
    release();
  };

  const handle: Staging = {
    dir,
    target,
    inPlace,
    commit(replace: readonly string[] = []): void {
      if (done) return;
      try {
        if (inPlace) {
          for (const name of readdirSync(dir)) {
            const to = join(target, name);
            if (present(to) && replace.includes(name)) replaceWith(null, to, name);
            if (present(to)) throw new StagingError(`${to} appeared while generating: nothing was written`);
            replaceWith(join(dir, name), to, name);
          }
        } else {
          // Create the missing parents only now, recording each one for a rollback.
          ensureFolder(dirname(target));
          if (present(target)) throw new StagingError(`${target} appeared while generating: nothing was written`);
          journal.moved.push({ path: target, sha256: contentHash(dir) });
          save();
          renameSync(dir, target);
        }
        finish();
      } catch (err) {
        handle.abort();
        throw err instanceof StagingError ? err : describeFsError(err, target);
      }
    },
    commitMerge(merge: MergeOptions = {}): void {
      if (done) return;
      if (!inPlace) return handle.commit();
      let current = target;
      try {
        for (const rel of filesUnder(dir)) {
          current = join(target, rel);
          ensureFolder(dirname(current));
          replaceWith(join(dir, rel), current, rel);
        }
        for (const rel of merge.remove ?? []) {
          current = join(target, rel);
          replaceWith(null, current, rel);
        }
        finish();
      } catch (err) {
        handle.abort();
        throw err instanceof StagingError ? err : describeFsError(err, current);
      }
    },
    write(path: string, contents: string | Uint8Array): void {
      const to = join(dir, path);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, contents);
    },
    abort(): void {
      if (done) return;
      done = true;
      release();
      warnKept(folder, rollback(folder, journal));
    },
  };
  openStagings.add(handle);
  return handle;
}

/** Whether a folder name is a staging folder (for listings that should ignore them). */
export function isStagingName(name: string): boolean {
  return basename(name).startsWith(STAGING_PREFIX);
}
