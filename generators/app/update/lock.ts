/**
 * The lock of `pipecat update` against a concurrent update of the same project (without it, two
 * concurrent updates both reported success and left a base that did not match `.yo-rc.json`).
 *
 * The lock is the file `.pipecat/update.lock`, holding `{ pid, host, started }` (JSON; `started`
 * in milliseconds since the epoch). It is created whole or not at all: the contents are written
 * to a file of this process's own, then hard-linked to the lock's name (`link(2)` fails with
 * EEXIST when the lock exists: the same guarantee as `O_CREAT|O_EXCL`, without a moment where the
 * lock exists but is empty).
 *
 * A lock whose process is gone (the same host, a pid that no longer runs: an update killed by
 * SIGKILL, an OOM kill, a power cut) is taken over with a note, so it never blocks the next update
 * or the recovery of the dead run's journal. A lock held by a running process, or written on
 * another host (a shared file system: whether it runs cannot be told), stops the update
 * ({@link UpdateLockedError}, exit 1), naming the lock and the other process.
 *
 * A run killed between writing its own file and linking it (or between moving a dead lock aside and
 * removing it) leaves `update.lock.<pid>.tmp` (or `.stale`) behind; the next update or dry run
 * removes such a file when its pid no longer runs on this host ({@link sweepStaleLockFiles}).
 */
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { PIPECAT_DIR } from './base.js';
import { alive } from '../staging/staging.js';

/** The lock file, relative to the project root (POSIX). */
const LOCK_FILE = `${PIPECAT_DIR}/update.lock`;

/** What the lock file holds. */
interface LockOwner {
  /** Process id of the update holding the lock. */
  pid: number;
  /** `os.hostname()` of its machine. */
  host: string;
  /** When it took the lock, milliseconds since the epoch. */
  started: number;
}

/** Another update holds the project's lock. Exit code 1 (nothing was changed; retry when it ends). */
class UpdateLockedError extends Error {
  readonly exitCode = 1;
  readonly problems: readonly string[];

  /**
   * @param lock absolute path of the lock file
   * @param owner who holds it, or null when the file cannot be read as a lock
   */
  constructor(lock: string, owner: LockOwner | null) {
    super(
      owner
        ? `another \`pipecat update\` is updating this project (pid ${owner.pid} on ${owner.host}, started ${new Date(owner.started).toISOString()}): nothing was changed`
        : `${lock} exists but is not a lock this tool wrote: nothing was changed`,
    );
    this.name = 'UpdateLockedError';
    this.problems = [
      `lock: ${lock}`,
      owner && owner.host !== hostname()
        ? `it was taken on another machine (${owner.host}); if no update runs there, remove ${lock} and rerun`
        : owner
          ? 'wait for it to finish, then rerun'
          : `if no update is running, remove ${lock} and rerun`,
    ];
  }
}

/** The lock's owner, or null when the file is missing or not a lock. */
function readOwner(path: string): LockOwner | null {
  try {
    const o = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (Number.isInteger(o.pid) && (o.pid as number) > 0 && typeof o.host === 'string' && typeof o.started === 'number') {
      return o as LockOwner;
    }
  } catch {
    /* not a lock */
  }
  return null;
}

/**
 * Remove a lock whose update no longer runs (this host, a dead pid), with a note. The lock is
 * first moved aside under this process's own name (only one process can move a given file), and
 * what moved is checked to be that dead lock; a live update's lock moved by mistake is put back.
 *
 * @param path absolute path of the lock file
 * @param owner what the lock held when read
 * @param note receives the note
 * @returns `removed`; `held` when its owner runs (or runs elsewhere); the live owner found when a
 *   live update had taken the lock in between
 */
function removeDeadLock(path: string, owner: LockOwner, note: (line: string) => void): 'removed' | 'held' | LockOwner | null {
  if (owner.host !== hostname() || owner.pid === process.pid || alive(owner.pid)) return 'held';
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return 'removed'; // someone else moved it first: try again
  }
  const moved = readOwner(aside);
  if (!moved || moved.pid !== owner.pid || moved.started !== owner.started) {
    // A live update took the lock between our read and the rename: give it back.
    try {
      linkSync(aside, path);
    } catch {
      /* it is taken again */
    }
    unlinkSync(aside);
    return moved;
  }
  unlinkSync(aside);
  note(
    `note: removed ${path}, left by an update that is no longer running (pid ${owner.pid}, started ${new Date(owner.started).toISOString()})`,
  );
  return 'removed';
}

/** A file without a readable owner is left alone this long (another host may be writing it). */
const UNREADABLE_GRACE_MS = 60_000;

/**
 * Remove the files a killed run left beside the lock (`update.lock.<pid>.tmp`, `.stale`): those
 * whose pid is not this process and no longer runs here, and whose contents name this host (a file
 * without readable contents only once it is a minute old). Nothing is reported for a file that
 * cannot be removed: the lock itself does not depend on it.
 *
 * @param dir absolute path of the project's `.pipecat/` folder
 * @param note receives one line per file removed
 */
function sweepStaleLockFiles(dir: string, note: (line: string) => void): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const lockName = basename(LOCK_FILE);
  for (const name of names) {
    const m = /^(\d+)\.(tmp|stale)$/.exec(name.startsWith(lockName + '.') ? name.slice(lockName.length + 1) : '');
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || alive(pid)) continue;
    const path = join(dir, name);
    const owner = readOwner(path);
    try {
      if (owner ? owner.host !== hostname() : Date.now() - statSync(path).mtimeMs < UNREADABLE_GRACE_MS) continue;
      unlinkSync(path);
      note(`note: removed ${path}, left by an update that is no longer running (pid ${pid})`);
    } catch {
      /* gone already, or not ours to remove */
    }
  }
}

/**
 * The recovery of `pipecat update --dry-run` (which takes no lock): remove the project's lock when
 * the update that took it no longer runs, so a SIGKILLed run leaves nothing behind.
 *
 * @param root absolute project folder
 * @param note receives the note when a lock is removed
 */
export function clearDeadLock(root: string, note: (line: string) => void = () => undefined): void {
  const path = join(root, ...LOCK_FILE.split('/'));
  sweepStaleLockFiles(join(root, PIPECAT_DIR), note);
  const owner = readOwner(path);
  if (owner && removeDeadLock(path, owner, note) === 'removed') {
    // The dead run's folder for its lock, when nothing else is in it (a project without a base).
    try {
      rmdirSync(join(root, PIPECAT_DIR));
    } catch {
      /* not empty */
    }
  }
}

/** Remove `.pipecat/` when the lock created it and it is empty. */
function dropDirIfCreated(dir: string, created: boolean): void {
  if (!created) return;
  try {
    rmdirSync(dir); // only when empty
  } catch {
    /* not empty */
  }
}

/** A held lock: release it once (also called on process exit, e.g. after a signal). */
interface UpdateLock {
  /** Absolute path of the lock file. */
  path: string;
  /** Remove the lock (and `.pipecat/` when the lock created it and it is left empty). */
  release: () => void;
}

/**
 * Take the project's update lock.
 *
 * @param root absolute project folder
 * @param note receives one line when a dead run's lock is taken over
 * @returns the held lock
 * @throws UpdateLockedError (exit 1) when another live update holds it, or the file is not a lock;
 *   file-system errors (the caller describes them)
 */
export function acquireUpdateLock(root: string, note: (line: string) => void = () => undefined): UpdateLock {
  const dir = join(root, PIPECAT_DIR);
  const path = join(root, ...LOCK_FILE.split('/'));
  let createdDir = false;
  try {
    mkdirSync(dir);
    createdDir = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    sweepStaleLockFiles(dir, note);
  }
  const me: LockOwner = { pid: process.pid, host: hostname(), started: Date.now() };
  const mine = `${path}.${process.pid}.tmp`;
  // Created exclusively (O_EXCL does not follow a link planted under this name); a file left by an
  // earlier process of the same pid goes first.
  try {
    unlinkSync(mine);
  } catch {
    /* none */
  }
  try {
    writeFileSync(mine, JSON.stringify(me) + '\n', { flag: 'wx' });
  } catch (err) {
    dropDirIfCreated(dir, createdDir);
    throw err;
  }
  const dropDir = (): void => dropDirIfCreated(dir, createdDir);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, path);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(path);
      if (owner === null && attempt < 3) {
        // Gone between the link and the read (the holder finished): try again.
        try {
          readFileSync(path);
        } catch {
          continue;
        }
      }
      if (owner === null || attempt >= 3) throw new UpdateLockedError(path, owner);
      const taken = removeDeadLock(path, owner, note);
      if (taken === 'held') throw new UpdateLockedError(path, owner);
      if (taken !== 'removed') throw new UpdateLockedError(path, taken);
      // A dead run on a project without .pipecat/ made the folder for its lock: ours to remove too.
      if (readdirSync(dir).every((n) => n === basename(mine))) createdDir = true;
    }
  } catch (err) {
    unlinkSync(mine);
    dropDir();
    throw err;
  }
  unlinkSync(mine);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    const owner = readOwner(path);
    if (owner && owner.pid === me.pid && owner.started === me.started) {
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    }
    dropDir();
  };
  // A signal ends the process with process.exit() (apply.ts): the lock goes with it.
  process.once('exit', release);
  return { path, release };
}
