/**
 * Apply an update all or nothing: every new file is first written into a staging folder inside
 * the project, then each change is made by a rename, with every step recorded in the staging
 * module's journal (`../staging.ts`, {@link StagingJournal}) before it happens:
 * - a file that is replaced or removed is first moved into the staging folder (`replaced`);
 * - a new file is moved in (`moved`), its missing folders created (`created`);
 * - a folder left empty by removals is moved aside like a file (`replaced`).
 *
 * SIGINT, SIGTERM and SIGHUP while staging or applying undo every step (the project is left byte
 * for byte as it was; exit 130, 143 or 129). After a SIGKILL, the next `pipecat update` or
 * `pipecat init` in the project undoes the dead run's steps from its journal (`sweepStale`).
 *
 * All or nothing, on init's staging journal and sweep (`../staging/`), so a killed update leaves the
 * project as it was or finished, never half-written.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import {
  STAGING_PREFIX,
  StagingError,
  contentHash,
  describeFsError,
  folderIdentity,
  present,
  removeStagingFolder,
  rollback,
  sweepStale,
  type StagingJournal,
} from '../staging/staging.js';
import { writeStderr } from '../output/sinks.js';
import { visibleField } from '../output/terminal-safe.js';

/** One change: the file at `path` gets `contents`, or is removed (null). */
export interface FileChange {
  /** Project-relative path, POSIX separators. */
  path: string;
  contents: Buffer | string | null;
}

/** Options of {@link applyChanges}. */
interface ApplyOptions {
  /**
   * Awaited after each change is made (tests pause here to send a signal mid-update; the CLI
   * wires it to `PIPECAT_UPDATE_PAUSE_MS`).
   */
  afterChange?: (done: number, total: number) => Promise<void>;
  /** Where "cancelled: nothing was changed" goes on a signal (default stderr). */
  onCancel?: (message: string) => void;
}

/** Exit code of a process stopped by a signal, as a shell reports it (128 + number). */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** One apply's staging folder and journal, and the two steps every change is made of. */
interface StagingRun {
  folder: string;
  journal: StagingJournal;
  /** Write the journal (atomic: temp file + rename). */
  save: () => void;
  /** Move an existing entry aside into the staging folder, recorded for a rollback. */
  moveAside: (abs: string) => void;
}

/** A new run's staging folder name and journal (nothing is created yet). */
function newRun(root: string): StagingRun {
  const folder = join(root, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  const journal: StagingJournal = {
    pid: process.pid,
    host: hostname(),
    started: Date.now(),
    target: root,
    created: [],
    moved: [],
    replaced: [],
    committed: false,
    identity: '',
  };
  // Atomic (temp file + rename), as init's staging: a SIGKILL during a plain write left an empty
  // journal, and the next run could not tell what had been moved aside.
  const save = (): void => writeFileAtomicSync(join(folder, 'journal.json'), JSON.stringify(journal));
  let backups = 0;
  const moveAside = (abs: string): void => {
    const backup = join(folder, 'replaced', String(backups++));
    journal.replaced.push({ path: abs, backup, sha256: contentHash(abs) });
    save();
    renameSync(abs, backup);
  };
  return { folder, journal, save, moveAside };
}

/** Create the staging folder (only its owner may write in it: a journal is trusted only there). */
function createFolder(run: StagingRun, root: string): void {
  try {
    mkdirSync(run.folder, { mode: 0o700 });
    run.journal.identity = folderIdentity(run.folder);
    mkdirSync(join(run.folder, 'project'));
    mkdirSync(join(run.folder, 'replaced'));
    run.save();
  } catch (err) {
    rmSync(run.folder, { recursive: true, force: true });
    throw describeFsError(err, root);
  }
}

/**
 * Stage every new file, then make each change by renames, journalled first.
 *
 * @returns the folders files were removed from
 */
async function makeChanges(run: StagingRun, root: string, changes: readonly FileChange[], opts: ApplyOptions): Promise<Set<string>> {
  // Stage: every new file, written before anything in the project changes.
  const staged = changes.map((c, i) => {
    if (c.contents === null) return null;
    const p = join(run.folder, 'project', String(i));
    writeFileSync(p, c.contents);
    return p;
  });
  const removedFrom = new Set<string>();
  for (let i = 0; i < changes.length; i++) {
    const abs = join(root, ...changes[i].path.split('/'));
    let mode: number | undefined;
    if (present(abs)) {
      mode = statSync(abs).mode;
      run.moveAside(abs);
    }
    const from = staged[i];
    if (from === null) {
      removedFrom.add(dirname(abs));
    } else {
      const missing: string[] = [];
      for (let d = dirname(abs); d !== root && !present(d); d = dirname(d)) missing.unshift(d);
      for (const d of missing) {
        run.journal.created.push(d);
        run.save();
        mkdirSync(d);
      }
      if (mode !== undefined) chmodSync(from, mode & 0o7777); // the user's permissions stay
      run.journal.moved.push({ path: abs, sha256: contentHash(from) });
      run.save();
      renameSync(from, abs);
    }
    await opts.afterChange?.(i + 1, changes.length);
  }
  return removedFrom;
}

/** Move aside the folders emptied by removals (deepest first), up to the project root. */
function removeEmptied(run: StagingRun, root: string, removedFrom: ReadonlySet<string>): void {
  const folders = [...removedFrom].sort((a, b) => b.length - a.length);
  for (const start of folders) {
    for (let d = start; d !== root && d.startsWith(root); d = dirname(d)) {
      let empty = false;
      try {
        empty = readdirSync(d).length === 0;
      } catch {
        empty = false;
      }
      if (!empty) break;
      run.moveAside(d);
    }
  }
}

/**
 * Make the changes in `root`, all or nothing.
 *
 * @param root absolute project folder (exists)
 * @param changes the files to write or remove; folders left empty by removals are removed too
 *   (never `root` itself); none: only dead runs' leftovers are swept
 * @param opts test hook, cancel message sink
 * @throws StagingError naming the path when the file system refuses (everything done is undone)
 */
export async function applyChanges(root: string, changes: readonly FileChange[], opts: ApplyOptions = {}): Promise<void> {
  sweepStale(root);
  // Nothing to change (an update to what is there): no staging folder, no journal to save.
  if (changes.length === 0) return;
  const run = newRun(root);
  let finished = false;
  const undo = (): void => {
    if (finished) return;
    finished = true;
    const kept = rollback(run.folder, run.journal);
    if (kept.length)
      writeStderr(
        `warning: kept ${visibleField(run.folder)}: ${kept.length} moved-aside file(s) could not be put back (${visibleField(kept[0])})\n`,
      );
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    undo();
    (opts.onCancel ?? writeStderr)('cancelled: nothing was changed\n');
    process.exit(SIGNAL_EXIT[signal] ?? 130);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.once(s, onSignal);
  try {
    createFolder(run, root);
    removeEmptied(run, root, await makeChanges(run, root, changes, opts));
    run.journal.committed = true;
    run.save();
    finished = true;
    removeStagingFolder(run.folder);
  } catch (err) {
    undo();
    throw err instanceof StagingError ? err : describeFsError(err, root);
  } finally {
    for (const s of signals) process.removeListener(s, onSignal);
  }
}
