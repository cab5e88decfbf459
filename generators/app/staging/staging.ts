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
 * names (another user's folder, a copied or shipped one, a file changed since).
 *
 * The module's three jobs, one file each: the journal and its checks (`./journal.ts`), recovery
 * and the sweep (`./recovery.ts`), and here the staging handle with its commit and merge. This file
 * re-exports the other two, so callers import `./staging.ts` only.
 *
 * Why one module: `init` and `yo` both leave a staging folder behind when SIGKILLed, and both must
 * clean it up the same way.
 */

import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { posixRelative } from '../files/within.js';
import { randomBytes } from 'node:crypto';
import {
  STAGING_PREFIX,
  StagingError,
  contentHash,
  describeFsError,
  folderIdentity,
  newJournal,
  present,
  saveJournal,
  type StagingJournal,
} from './journal.js';
import { removeStagingFolder, rollback, stagingHome, sweepBeside, warnKept } from './recovery.js';
import { writeStderr } from '../output/sinks.js';

export * from './journal.js';
export * from './recovery.js';

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
interface MergeOptions {
  /** Paths relative to the target that the merge removes (files or folders). */
  remove?: readonly string[];
}

/** Options of {@link beginStaging}. */
interface BeginStagingOptions {
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
      else out.push(posixRelative(root, p));
    }
  };
  walk(root);
  return out;
}

/** The processes' staging handles not yet committed or aborted (for the `exit` handler). */
const openStagings = new Set<Staging>();
let exitHookInstalled = false;

/** The exit code of a signal that stopped a staged run: 128 + its number (docs/exit-codes.md). */
const SIGNAL_EXIT_CODES: Readonly<Record<string, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** The signals that undo a staged run. */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Create the staging folder `folder` (only its owner may write in it: a journal is trusted only in
 * the owner's own folder) with its `project/` folder, record its identity and save the journal.
 *
 * @throws StagingError when the folder cannot be created (read-only or full destination)
 */
function createStagingFolder(folder: string, home: string, journal: StagingJournal): void {
  try {
    // Two plain mkdirs: Node's recursive mkdir loops forever where a file system refuses new
    // entries without EACCES (e.g. under /proc).
    mkdirSync(folder, { mode: 0o700 });
    journal.identity = folderIdentity(folder);
    mkdirSync(join(folder, 'project'));
    saveJournal(folder, journal);
  } catch (err) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      /* nothing was made (e.g. ELOOP: the folder is a link loop); report the first error */
    }
    throw describeFsError(err, home);
  }
}

/** Install the `exit` handler that aborts the stagings still open when the process ends (once). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const h of [...openStagings]) h.abort();
  });
}

/**
 * One staging folder and its journal: the {@link Staging} handle {@link beginStaging} returns.
 * Every step that moves something into or out of place is journaled (saved) before it happens.
 */
class JournaledStaging implements Staging {
  readonly dir: string;
  /** Set once committed or aborted: later calls do nothing. */
  private done = false;
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    const say = this.onCancel ?? writeStderr;
    try {
      this.abort();
      say('cancelled: nothing was written\n');
    } catch (err) {
      // Nothing was moved into place: the commit is synchronous, so a signal is handled only before
      // it starts (after it, these handlers are gone). What is left is this staging folder, which
      // the next run beside it removes from its journal.
      const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      say(`cancelled: the project was not written; ${this.folder} is left for the next run to remove (${why})\n`);
    }
    process.exit(SIGNAL_EXIT_CODES[signal] ?? 130);
  };

  /**
   * @param folder the staging folder (created, journal saved)
   * @param journal its journal
   * @param target absolute project folder
   * @param inPlace whether the commit moves entries into the existing target folder
   * @param handleSignals whether SIGINT/SIGTERM/SIGHUP abort and exit until the commit or abort
   * @param onCancel where "cancelled: nothing was written" goes (default stderr)
   */
  constructor(
    private readonly folder: string,
    private readonly journal: StagingJournal,
    readonly target: string,
    readonly inPlace: boolean,
    private readonly handleSignals: boolean,
    private readonly onCancel?: (message: string) => void,
  ) {
    this.dir = join(folder, 'project');
    if (handleSignals) {
      for (const s of STOP_SIGNALS) process.once(s, this.onSignal);
      installExitHook();
    }
    openStagings.add(this);
  }

  /** Save the journal as it is now. */
  private save(): void {
    saveJournal(this.folder, this.journal);
  }

  /** Forget this staging in the `exit` handler and remove its signal handlers. */
  private release(): void {
    openStagings.delete(this);
    if (this.handleSignals) for (const s of STOP_SIGNALS) process.removeListener(s, this.onSignal);
  }

  /** Move `from` over `to`, keeping what `to` held in the staging folder (journaled first). */
  private replaceWith(from: string | null, to: string, rel: string): void {
    if (present(to)) {
      const backup = join(this.folder, 'replaced', rel);
      mkdirSync(dirname(backup), { recursive: true });
      this.journal.replaced.push({ path: to, backup, sha256: contentHash(to) });
      this.save();
      renameSync(to, backup);
    }
    if (from === null) return;
    this.journal.moved.push({ path: to, sha256: contentHash(from) });
    this.save();
    renameSync(from, to);
  }

  /**
   * Create the missing folders from `target` down to `p`, recording them for a rollback: all in
   * one journal save before the first is made (a rollback skips any not made yet), so a deep
   * `--output` costs one save, not one per folder with the journal growing each time (2,000
   * levels took minutes).
   */
  private ensureFolder(p: string): void {
    const missing: string[] = [];
    for (let d = p; !present(d); d = dirname(d)) missing.unshift(d);
    if (missing.length === 0) return;
    this.journal.created.push(...missing);
    this.save();
    for (const d of missing) mkdirSync(d);
  }

  /** Mark the journal committed, remove the staging folder and the handlers. */
  private finish(): void {
    this.journal.committed = true;
    this.save();
    removeStagingFolder(this.folder);
    this.done = true;
    this.release();
  }

  /** Move each staged top-level entry into the existing target folder (`replace`: those it may replace). */
  private moveEntriesIn(replace: readonly string[]): void {
    for (const name of readdirSync(this.dir)) {
      const to = join(this.target, name);
      if (present(to) && replace.includes(name)) this.replaceWith(null, to, name);
      if (present(to)) throw new StagingError(`${to} appeared while generating: nothing was written`);
      this.replaceWith(join(this.dir, name), to, name);
    }
  }

  /** Rename the staged project onto the missing target, creating its missing parents only now. */
  private renameOnto(): void {
    this.ensureFolder(dirname(this.target));
    if (present(this.target)) throw new StagingError(`${this.target} appeared while generating: nothing was written`);
    this.journal.moved.push({ path: this.target, sha256: contentHash(this.dir) });
    this.save();
    renameSync(this.dir, this.target);
  }

  commit(replace: readonly string[] = []): void {
    if (this.done) return;
    try {
      if (this.inPlace) this.moveEntriesIn(replace);
      else this.renameOnto();
      this.finish();
    } catch (err) {
      this.abort();
      throw err instanceof StagingError ? err : describeFsError(err, this.target);
    }
  }

  commitMerge(merge: MergeOptions = {}): void {
    if (this.done) return;
    if (!this.inPlace) return this.commit();
    let current = this.target;
    try {
      for (const rel of filesUnder(this.dir)) {
        current = join(this.target, rel);
        this.ensureFolder(dirname(current));
        this.replaceWith(join(this.dir, rel), current, rel);
      }
      for (const rel of merge.remove ?? []) {
        current = join(this.target, rel);
        this.replaceWith(null, current, rel);
      }
      this.finish();
    } catch (err) {
      this.abort();
      throw err instanceof StagingError ? err : describeFsError(err, current);
    }
  }

  write(path: string, contents: string | Uint8Array): void {
    const to = join(this.dir, path);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, contents);
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.release();
    warnKept(this.folder, rollback(this.folder, this.journal));
  }
}

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
  const journal = newJournal(target);
  const folder = join(home, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  createStagingFolder(folder, home, journal);
  // The target is an existing folder: the commit moves each staged entry into it.
  return new JournaledStaging(folder, journal, target, home === target, opts.handleSignals ?? true, opts.onCancel);
}
