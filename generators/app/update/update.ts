/**
 * `pipecat update` (and `yo pipecat` inside a generated project): evolve a project without losing
 * the user's edits.
 *
 * One run: read the recorded configuration (`.yo-rc.json`) → apply the flags with the one resolver
 * (`update/config.ts`) → render the file table (`render.ts`, as `init` does) → plan each file
 * against the base (`update/plan.ts`, three-way merge) → settle conflicts (a terminal choice,
 * conflict markers, or stop with exit code {@link UPDATE_EXIT}.conflicts) → apply all or nothing
 * (`update/apply.ts`), the base and `.yo-rc.json` included → report env and dependency changes.
 *
 * Source: issue 15.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readConfigFile, resolveConfig, ConfigError, type ConfigLayer } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { renderFiles } from '../render.js';
import { sweepStale } from '../staging.js';
import { YO_RC_FILE, YO_RC_NAMESPACE } from '../yo-rc.js';
import { applyChanges, type FileChange } from './apply.js';
import { baseFiles, BASE_DIR, readBase } from './base.js';
import { resolveUpdateConfig } from './config.js';
import { bytes, describeConflict, planUpdate, settle, type FilePlan, type Resolution } from './plan.js';

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
      'rerun on a terminal to choose per file, or with --conflict-markers to write markers into them (see docs/updating.md)',
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
 * The project folder: `dir` itself when given (it must hold `.yo-rc.json`), else the nearest
 * folder at or above `cwd` holding one (Yeoman's rule), so `pipecat update` works from `server/`.
 * A folder without one whose dead update left a staging folder is recovered first (the run may
 * have moved `.yo-rc.json` aside when it was killed).
 *
 * @param dir the DIRECTORY argument, if any
 * @param cwd where the command runs
 * @throws NotAProjectError naming the folder
 */
export function findProjectRoot(dir: string | undefined, cwd: string = process.cwd()): string {
  const found = (d: string): boolean => {
    try {
      return lstatSync(join(d, YO_RC_FILE)).isFile();
    } catch {
      return false;
    }
  };
  // An update SIGKILLed while .yo-rc.json was moved aside left it in its staging folder: recover
  // the dead run's steps there first (sweepStale), so the documented recovery finds the project.
  const has = (d: string): boolean => found(d) || (sweepStale(d).length > 0 && found(d));
  if (dir !== undefined && dir !== '') {
    const root = resolve(cwd, dir);
    if (!existsSync(root)) throw new NotAProjectError(`${root} does not exist`);
    if (!has(root)) throw new NotAProjectError(`${root} is not a generated project (no ${YO_RC_FILE}): create one with \`pipecat init\``);
    return root;
  }
  for (let d = resolve(cwd); ; d = dirname(d)) {
    if (has(d)) return d;
    if (dirname(d) === d) break;
  }
  throw new NotAProjectError(
    `no generated project here: no ${YO_RC_FILE} in ${resolve(cwd)} or above (pass the project's folder: \`pipecat update DIR\`)`,
  );
}

/**
 * The recorded configuration of a project, as a layer.
 *
 * @param root absolute project folder
 * @throws NotAProjectError when `.yo-rc.json` is not ours or not valid
 */
export function readRecorded(root: string): ConfigLayer {
  const path = join(root, YO_RC_FILE);
  let layer: ConfigLayer;
  try {
    layer = readConfigFile(path);
  } catch (err) {
    if (err instanceof ConfigError) throw new NotAProjectError(`${path}: ${[err.message, ...err.problems].join('; ')}`);
    throw err;
  }
  if (layer.project_name === undefined && layer.transports === undefined) {
    throw new NotAProjectError(`${path} holds no "${YO_RC_NAMESPACE}" configuration: not a project made by this generator`);
  }
  return layer;
}

/** What a conflict choice can also be: stop the whole update. */
export type Choice = Resolution | 'abort';

/** Inputs of {@link runUpdate}. */
export interface UpdateRequest {
  /** Absolute project folder ({@link findProjectRoot}). */
  root: string;
  /** Configuration values given as flags, by config key. */
  flags: ConfigLayer;
  /** `--add-transport` values. */
  add?: readonly string[];
  /** `--remove-transport` values. */
  remove?: readonly string[];
  /** Plan only. */
  dryRun?: boolean;
  /** Settle every conflict with markers. */
  conflictMarkers?: boolean;
  /**
   * Ask the user how to settle one conflict (a terminal); absent: conflicts stop the update
   * ({@link UpdateConflictsError}) unless `conflictMarkers`.
   */
  choose?: (file: FilePlan, index: number, total: number) => Promise<Choice>;
  /** Awaited after each change is applied (test hook for signals mid-update). */
  afterChange?: (done: number, total: number) => Promise<void>;
}

/** Result of {@link runUpdate}. */
export interface UpdateOutcome {
  /** The new configuration. */
  config: ProjectConfig;
  /** The recorded configuration before, or null when it no longer resolves. */
  before: ProjectConfig | null;
  /** Recorded values dropped because the new configuration makes them invalid. */
  dropped: string[];
  /** Every planned file. */
  plan: FilePlan[];
  /** Whether the project had a base before. */
  hadBase: boolean;
  /** Project paths whose contents changed. */
  changed: string[];
  /** Files that got conflict markers. */
  marked: string[];
  /** Conflicting files kept as the user had them. */
  kept: string[];
  /** False for a dry run. */
  applied: boolean;
}

/** The `--dry-run` document: `{ config, files: [{ path, action }] }`. */
export function planDocument(outcome: Pick<UpdateOutcome, 'config' | 'plan'>): {
  config: ProjectConfig;
  files: { path: string; action: string }[];
} {
  return { config: outcome.config, files: outcome.plan.map((f) => ({ path: f.path, action: f.action })) };
}

/**
 * Run an update.
 *
 * @param req project, flags, mode, collaborators
 * @returns what was planned and done
 * @throws NotAProjectError / ConfigError / UpdateFlagError (exit 2) before anything is written;
 *   UpdateConflictsError (exit 3) when conflicts cannot be settled (nothing written);
 *   CancelledError-like errors from `choose` (the caller's), StagingError (file system)
 */
export async function runUpdate(req: UpdateRequest): Promise<UpdateOutcome> {
  // A run killed mid-update (SIGKILL) left its journal: undo its steps before reading anything.
  sweepStale(req.root);
  const recorded = readRecorded(req.root);
  let before: ProjectConfig | null;
  try {
    before = resolveConfig({ config: recorded });
  } catch {
    before = null;
  }
  const { config, dropped } = resolveUpdateConfig({ recorded, flags: req.flags, add: req.add, remove: req.remove });
  const next = renderFiles(config);
  const base = readBase(req.root);
  const plan = planUpdate({ root: req.root, next, base, previous: base || !before ? null : renderFiles(before) });
  const outcome: UpdateOutcome = {
    config,
    before,
    dropped,
    plan,
    hadBase: base !== null,
    changed: [],
    marked: [],
    kept: [],
    applied: false,
  };
  if (req.dryRun) return outcome;

  const conflicts = plan.filter((f) => f.action === 'conflict');
  if (conflicts.length) {
    if (req.conflictMarkers) {
      for (const f of conflicts) (settle(f, 'markers') ? outcome.marked : outcome.kept).push(f.path);
    } else if (req.choose) {
      for (const [i, f] of conflicts.entries()) {
        const choice = await req.choose(f, i, conflicts.length);
        if (choice === 'abort') throw new UpdateAbortedError();
        if (settle(f, choice)) outcome.marked.push(f.path);
        else if (choice === 'mine') outcome.kept.push(f.path);
      }
    } else {
      throw new UpdateConflictsError(conflicts.map(describeConflict));
    }
  }

  const changes: FileChange[] = [];
  for (const f of plan) {
    if (f.result === undefined) continue;
    const mine = currentBytes(join(req.root, ...f.path.split('/')));
    if (f.result === null ? mine === null : mine !== null && mine.equals(bytes(f.result))) continue;
    changes.push({ path: f.path, contents: f.result });
    outcome.changed.push(f.path);
  }
  // The base: what we generated now, for every produced file but the user's own guides; entries
  // of files no longer produced go.
  const own = new Set(plan.filter((f) => f.action === 'keep').map((f) => f.path));
  const newBase = baseFiles(next.filter((f) => !own.has(f.path)));
  const newBasePaths = new Set(newBase.map((f) => f.path));
  for (const f of newBase) {
    const mine = currentBytes(join(req.root, ...f.path.split('/')));
    if (mine === null || !mine.equals(bytes(f.contents))) changes.push({ path: f.path, contents: f.contents });
  }
  for (const path of base?.keys() ?? []) {
    const full = `${BASE_DIR}/${path}`;
    if (!newBasePaths.has(full)) changes.push({ path: full, contents: null });
  }
  await applyChanges(req.root, changes, { afterChange: req.afterChange });
  outcome.applied = true;
  return outcome;
}

/** The user chose "abort" at a conflict: nothing was changed. Exit code 130 (cancelled). */
export class UpdateAbortedError extends Error {
  readonly exitCode = 130;

  constructor() {
    super('update aborted: nothing was changed');
    this.name = 'UpdateAbortedError';
  }
}

/** A file's bytes, or null when it is missing or not a regular file. */
function currentBytes(abs: string): Buffer | null {
  try {
    if (!lstatSync(abs).isFile()) return null;
  } catch {
    return null;
  }
  return readFileSync(abs);
}
