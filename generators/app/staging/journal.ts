/**
 * The staging journal (`journal.json` in each staging folder) and the checks a recovery makes
 * before trusting one: what a journal records, how it is saved (atomically), the digests and
 * folder identities it is checked against, and the refusals of a dead run's journal (a journal is input: a copied or planted one must not
 * steer a recovery).
 * Part of the staging module (`./staging.ts` re-exports it); recovery is `./recovery.ts`.
 */
import { hostname } from 'node:os';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import nodePath, { dirname, join, relative, resolve, sep, type PlatformPath } from 'node:path';
import { createHash } from 'node:crypto';
import { isWithin } from '../files/within.js';

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
export function contentHash(p: string | Buffer): string {
  const st = lstatSync(p);
  const h = createHash('sha256');
  if (st.isFile()) return h.update(readFileSync(p)).digest('hex');
  if (st.isSymbolicLink()) return `link:${h.update(readlinkSync(p)).digest('hex')}`;
  if (st.isDirectory()) {
    // Entries are reached by their bytes: a name that is not valid UTF-8 (Linux allows any bytes)
    // cannot be opened by its decoded form. The digest takes the decoded name, as it always did.
    const dir = typeof p === 'string' ? Buffer.from(p) : p;
    const named = readdirSync(p, { encoding: 'buffer' }).map((raw) => ({ name: raw.toString('utf8'), raw }));
    for (const { name, raw } of named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
      h.update(`${name}\0${contentHash(Buffer.concat([dir, Buffer.from(sep), raw]))}\n`);
    return `dir:${h.digest('hex')}`;
  }
  return `other:${h.update(String(st.mode & 0o170000)).digest('hex')}`;
}

/** A digest as {@link contentHash} writes it. */
const DIGEST = /^(?:(?:dir|link|other):)?[0-9a-f]{64}$/;

/**
 * Why a dead run's journal may not be acted on, or undefined when it may: it must have
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
 * @param path the path rules (default: this platform's; `path.win32` in tests)
 * @returns e.g. `it names /root/secret outside /tmp/x`
 */
export function journalRefusal(
  folder: string,
  stagingFolder: string,
  j: StagingJournal,
  path: PlatformPath = nodePath,
): string | undefined {
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
    const p = paths.find((x) => !path.isAbsolute(x) || !isWithin(root, x, path));
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
 * or undefined when it does: undoing it would touch only what that run did. Refused
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
 * A new journal for a run of this process that commits into `target` (nothing done yet, identity
 * still empty: {@link folderIdentity} fills it once the folder exists).
 *
 * @param target absolute project folder
 */
export function newJournal(target: string): StagingJournal {
  return {
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
}

/**
 * Save a journal into its staging folder. Written atomically (a temporary file renamed over it): a
 * SIGKILL in the middle of a save must leave the previous journal, not a truncated one the next
 * run cannot read (and so cannot undo).
 *
 * @param folder the staging folder
 * @param journal what to save
 * @throws the `node:fs` error when the folder refuses the write
 */
export function saveJournal(folder: string, journal: StagingJournal): void {
  writeFileAtomicSync(join(folder, 'journal.json'), JSON.stringify(journal), { fsync: false });
}
