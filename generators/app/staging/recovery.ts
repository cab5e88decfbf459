/**
 * Recovery of staging folders: undo what a journal says a run did ({@link rollback}), and sweep the
 * folders that runs killed by SIGKILL or a power loss left beside a target ({@link sweepStale},
 * {@link sweepBeside}), acting only on a journal the checks of `./journal.ts` accept. Part of the
 * staging module (`./staging.ts` re-exports it).
 */
import { hostname } from 'node:os';
import { lstatSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  STAGING_PREFIX,
  alive,
  contentHash,
  journalMismatch,
  journalRefusal,
  nearestExistingFolder,
  present,
  type StagingJournal,
} from './journal.js';
import { writeStderr } from '../output/sinks.js';
import { visibleField } from '../output/terminal-safe.js';

/**
 * Remove a staging folder, its moved-aside copies (`replaced/`) and staged files (`project/`)
 * before its journal: a SIGKILL in the middle leaves either the journal (which says what the
 * rest is) or a folder without moved-aside copies, which {@link sweepStale} may remove.
 *
 * A signal can stop a run while mem-fs's writes into `project/` are still in flight on libuv's
 * threads: one of them may create a file after the removal listed its folder (ENOTEMPTY). Node's
 * own `maxRetries` retries only the last `rmdir`, never the listing, so such a file stays; each
 * removal here starts again instead, a few times, while those writes finish without the main
 * thread.
 *
 * @param folder the staging folder
 * @throws the file system's error when the folder cannot be removed even then
 */
export function removeStagingFolder(folder: string): void {
  for (const sub of ['replaced', 'project']) removeTree(join(folder, sub));
  removeTree(folder);
}

/**
 * `rm -rf path`, started again on ENOTEMPTY (a file created during the removal) up to 10 times,
 * waiting 10, 20 … 90 ms between tries (under half a second in all).
 *
 * @throws the last error, or any other error at once
 */
function removeTree(path: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(path, { recursive: true, force: true });
      return;
    } catch (err) {
      if (attempt >= 10 || (err as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * attempt);
    }
  }
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
      if (!warned.has(dir)) writeStderr(`warning: left ${visibleField(dir)} alone: ${why}\n`);
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

/**
 * Where the staging folder of a project for `target` goes, without sweeping: the target when it
 * is a folder, else its nearest existing ancestor.
 *
 * @param target absolute project folder
 */
export function stagingHome(target: string): string {
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
export function warnKept(folder: string, kept: readonly string[]): void {
  if (kept.length)
    writeStderr(
      `warning: kept ${visibleField(folder)}: ${kept.length} moved-aside file(s) could not be put back (${visibleField(kept[0])})\n`,
    );
}
