/**
 * The errors of an update and its exit codes, in a module that imports nothing: a front end
 * recognises them with `instanceof` without loading the update core. Each carries its
 * `exitCode` (`cli/errors.ts` maps it) and, where a list helps, `problems` (one line each).
 *
 * `UpdateLockedError` stays in `lock.ts`, beside the lock file's format it words.
 *
 * Source: docs/updating.md (the exit codes of `pipecat update`, and when it asks for consent).
 */

/** Exit codes of `pipecat update` besides the common ones (0, 1, 2, 130, 143). */
export const UPDATE_EXIT = {
  /** Conflicts without a terminal and without `--conflict-markers`: nothing was changed. */
  conflicts: 3,
  /** `--conflict-markers` (or the terminal choice) wrote conflict markers: the project was updated, the listed files need resolving. */
  markers: 5,
} as const;

/** Conflicts that stopped a non-interactive update. Exit code {@link UPDATE_EXIT}.conflicts. */
export class UpdateConflictsError extends Error {
  readonly exitCode = UPDATE_EXIT.conflicts;
  readonly problems: readonly string[];

  /** @param files the conflicting files, one line each */
  constructor(files: readonly string[]) {
    super(`${files.length} file${files.length > 1 ? 's conflict' : ' conflicts'} with the update: nothing was changed`);
    this.name = 'UpdateConflictsError';
    this.problems = [
      ...files,
      'rerun on a terminal to choose per file or per part, or with --conflicts new|yours|markers to settle every conflicting part one way (--conflict-markers: markers; see docs/updating.md)',
    ];
  }
}

/**
 * Conflict markers left from an earlier update in files this update would change (`markers.ts`).
 * Exit code 2; nothing was changed.
 */
export class UpdateMarkersError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /** @param files one `path:line, line` each ({@link UpdateMarkersError} lists them as given) */
  constructor(files: readonly string[]) {
    super(
      `conflict markers from an earlier update are still in ${files.length > 1 ? `${files.length} files` : 'a file'} this update changes: nothing was changed`,
    );
    this.name = 'UpdateMarkersError';
    this.problems = [
      ...files.map((f) => `${f}: <<<<<<< … >>>>>>> not resolved`),
      'edit each to keep the lines you want and remove the markers, then rerun (`pipecat update --dry-run` shows the plan)',
    ];
  }
}

/** Not a generated project, or an unreadable `.yo-rc.json`. Exit code 2. */
export class NotAProjectError extends Error {
  readonly exitCode = 2;

  /** @param message one line naming the folder */
  constructor(message: string) {
    super(message);
    this.name = 'NotAProjectError';
  }
}

/**
 * Removals that need the user's consent (docs/updating.md, "What update may remove"): the files
 * the update would remove that are unedited but either
 * - in a folder the new configuration no longer produces anything in (a whole `client/` when the
 *   bot becomes a telephony bot), or
 * - not vouched for: the base lists them, but the recorded configuration does not generate them
 *   (a tampered base, or a file older templates made).
 * Edited files are never in it: removing or replacing one is a conflict (asked on a terminal,
 * kept with `--conflict-markers`, else exit 3).
 */
export interface ConsentRequest {
  /** One per file: its path and why it needs consent. */
  files: { path: string; why: string }[];
  /** Project folders removed as a whole (`client`). */
  folders: string[];
  /** Recorded values the new configuration drops, which is why folders go (`UpdateOutcome.dropped`). */
  because?: readonly string[];
}

/** Removals that need consent and got none (no terminal, no `--remove-unused`). Exit code 2; nothing was changed. */
export class UpdateConsentError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /** @param req the removals */
  constructor(req: ConsentRequest) {
    const n = req.files.length;
    super(
      `the update would remove ${n} file${n > 1 ? 's' : ''}${req.folders.length ? ` (${req.folders.map((f) => `all of ${f}/`).join(', ')})` : ''} and needs your consent: nothing was changed`,
    );
    this.name = 'UpdateConsentError';
    this.problems = [
      ...(req.folders.length ? (req.because ?? []).map((d) => `because the new configuration drops the recorded ${d}`) : []),
      ...req.files.map((f) => `${f.path}: ${f.why}`),
      'rerun on a terminal to choose, or pass --remove-unused to remove them (files you edited are never removed by it)',
    ];
  }
}

/** The file system refused a write during an update (everything done was undone). Exit code 1. */
export class UpdateWriteError extends Error {
  readonly exitCode = 1;

  /** @param message one line naming the path and the reason */
  constructor(message: string) {
    super(message);
    this.name = 'UpdateWriteError';
  }
}

/** The user chose "abort" at a conflict: nothing was changed. Exit code 130 (cancelled). */
export class UpdateAbortedError extends Error {
  readonly exitCode = 130;

  constructor() {
    super('update aborted: nothing was changed');
    this.name = 'UpdateAbortedError';
  }
}

/** A `.yo-rc.json` that cannot be read as JSON (git conflict markers, a syntax error). Exit code 2. */
export class YoRcError extends Error {
  readonly exitCode = 2;

  /** @param message one line naming `.yo-rc.json:LINE` */
  constructor(message: string) {
    super(message);
    this.name = 'YoRcError';
  }
}

/** A project path that is a symbolic link leading outside the project. Exit code 2; nothing was changed. */
export class LinkOutsideError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /** @param problems one line per link: `server -> /elsewhere/server (outside the project)` */
  constructor(problems: readonly string[]) {
    super(
      `the project has symbolic links leading outside it: \`pipecat update\` does not write or delete through them (nothing was changed)`,
    );
    this.name = 'LinkOutsideError';
    this.problems = [...problems, 'replace each link by the folder or file itself (or move the project), then rerun'];
  }
}

/** A problem the caller reports as a usage error (exit 2), naming the flag. */
export class UpdateFlagError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /**
   * @param message headline
   * @param problems one line per problem
   */
  constructor(message: string, problems: readonly string[] = []) {
    super(message);
    this.name = 'UpdateFlagError';
    this.problems = problems;
  }
}
