/**
 * `pipecat update` (and `yo pipecat` inside a generated project): evolve a project without losing
 * the user's edits.
 *
 * One run: read the recorded configuration (`.yo-rc.json`) → apply the flags with the one resolver
 * (`update/config.ts`) → render the file table (`render.ts`, as `init` does) → plan each file
 * against the base (`update/plan.ts`, three-way merge) → settle conflicts (a terminal choice,
 * conflict markers, or stop with exit code {@link UPDATE_EXIT}.conflicts) → follow the settled
 * server code (`update/follow-code.ts`: the services it constructs, `.env.example`, the extras) →
 * apply all or nothing (`update/apply.ts`), the base and `.yo-rc.json` included → report env and
 * dependency changes (from the code read before and after).
 *
 * What stays decides: after conflicts are settled, the server code as it now stands sets the
 * services, `.env.example` and the extras (`follow-code.ts`).
 */
import { existsSync, lstatSync, statSync, type Stats } from 'node:fs';
import { FileReadError, fileKind } from '../files/regular-file.js';
import { dirname, join, resolve } from 'node:path';
import { readConfigFile, resolveConfig, ConfigError, type ConfigLayer } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { currentTransportName } from '../catalogue/catalogue.js';
import { renderFiles } from '../render/render.js';
import { StagingError, sweepStale } from '../staging/staging.js';
import { YO_RC_FILE, YO_RC_NAMESPACE } from '../config/yo-rc.js';
import { applyChanges } from './apply.js';
import { baseFiles, BASE_DIR, PIPECAT_DIR, readBase } from './base.js';
import { changesOf } from './changes.js';
import { resolveUpdateConfig } from './config.js';
import { checkLinks, yoRcError } from './guard.js';
import { acquireUpdateLock, clearDeadLock } from './lock.js';
import { settleConflicts, type ConflictPolicy } from './conflicts.js';
import { leftoverMarkers, splitLeftovers, whereMarkers, type LeftoverMarkers } from './markers.js';
import { followCode, readSettledCode, touchesCode, type CodeState } from './follow-code.js';
import { planUpdate, type FilePlan, type Resolution } from './plan.js';
import { removalsNeedingConsent } from './removals.js';
import {
  NotAProjectError,
  UpdateAbortedError,
  UpdateConsentError,
  UpdateMarkersError,
  UpdateWriteError,
  type ConsentRequest,
} from './errors.js';

export {
  NotAProjectError,
  UPDATE_EXIT,
  UpdateAbortedError,
  UpdateConflictsError,
  UpdateConsentError,
  UpdateMarkersError,
  UpdateWriteError,
  type ConsentRequest,
} from './errors.js';
export { FOLDER_KEYS, removalsNeedingConsent } from './removals.js';

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
    const path = join(d, YO_RC_FILE);
    let st: Stats;
    try {
      st = lstatSync(path);
      if (st.isSymbolicLink()) st = statSync(path);
    } catch {
      return false;
    }
    // A FIFO, device or socket named .yo-rc.json is named as such, not taken for a missing file.
    if (!st.isFile() && !st.isDirectory())
      throw new FileReadError(`${path} is ${fileKind(st)}, not a regular file; nothing was read`, path);
    return lstatSync(path).isFile();
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
 * The recorded configuration of a project, as a layer; the seed's transport ids read as today's
 * ({@link currentTransportName}).
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
    if (!(err instanceof ConfigError)) throw err;
    throw yoRcError(path, err);
  }
  if (layer.project_name === undefined && layer.transports === undefined) {
    throw new NotAProjectError(`${path} holds no "${YO_RC_NAMESPACE}" configuration: not a project made by this generator`);
  }
  // A project recorded with the transport ids of this tool's first versions reads as today's ids, so the wizard's
  // defaults and the update's plan name them as the rest of the tool does.
  if (Array.isArray(layer.transports))
    layer.transports = layer.transports.map((t) => (typeof t === 'string' ? currentTransportName(t) : t));
  return layer;
}

/** What a conflict choice can also be: stop the whole update. */
export type ConflictChoice = Resolution | 'abort';
export { CONFLICT_POLICIES, type ConflictPolicy } from './conflicts.js';

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
  /** Settle every conflict with markers (`--conflict-markers`, the same as `conflicts: 'markers'`). */
  conflictMarkers?: boolean;
  /** Settle every conflicting part one way without asking (`--conflicts`); wins over `choose`. */
  conflicts?: ConflictPolicy;
  /**
   * Ask the user how to settle one conflict (a terminal); absent: conflicts stop the update
   * ({@link UpdateConflictsError}) unless `conflictMarkers`.
   */
  choose?: (file: FilePlan, index: number, total: number) => Promise<ConflictChoice>;
  /** Awaited after each change is applied (test hook for signals mid-update). */
  afterChange?: (done: number, total: number) => Promise<void>;
  /** `--remove-unused`: consent, given in advance, to every removal that needs it ({@link removalsNeedingConsent}). */
  removeUnused?: boolean;
  /**
   * Ask the user whether to make the removals that need consent (a terminal); absent and without
   * `removeUnused`: they stop the update ({@link UpdateConsentError}, exit 2, nothing changed).
   */
  consent?: (removals: ConsentRequest) => Promise<'remove' | 'keep' | 'abort'>;
  /** Receives notes for the user (stderr): a dead run's lock taken over. */
  note?: (line: string) => void;
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
  /** How each other conflict was settled, in words (`conflicts.ts`). */
  settledAs: Record<string, string>;
  /** False for a dry run. */
  applied: boolean;
  /** Project folders removed as a whole, with consent (`client`). */
  removedFolders: string[];
  /** Conflict markers left from an earlier update in files this update leaves as they are. */
  leftover: LeftoverMarkers[];
  /** Paths of the removals that need consent (asked on a terminal; the dry run's plan says so). */
  needsConsent: string[];
  /**
   * What following the code did (`follow-code.ts`), for the report: the services kept because the
   * code constructs them, the files that followed, the server files that decide nothing yet.
   */
  followed: string[];
  /** The server code as the project had it before the update, and as the update leaves it (not for a dry run). */
  code?: { before: CodeState; after: CodeState };
}

/**
 * Run an update.
 *
 * @param req project, flags, mode, collaborators
 * @returns what was planned and done
 * Before anything is read: symbolic links leading outside the project are refused (`guard.ts`),
 * a dead run's journal is undone, and the project's lock is taken (`lock.ts`; a dry run only
 * removes a dead run's lock). Removals that need consent ({@link removalsNeedingConsent}) are
 * asked about (`consent`), given in advance (`removeUnused`), or stop the update.
 *
 * @param req project, flags, mode, collaborators
 * @returns what was planned and done
 * @throws NotAProjectError / ConfigError / UpdateFlagError / LinkOutsideError / UpdateConsentError
 *   (exit 2) before anything is written; UpdateLockedError (exit 1) when another update runs;
 *   UpdateConflictsError (exit 3) when conflicts cannot be settled (nothing written);
 *   CancelledError-like errors from `choose` or `consent` (the caller's); UpdateWriteError (exit 1)
 *   when the file system refuses (everything done is undone)
 */
export async function runUpdate(req: UpdateRequest): Promise<UpdateOutcome> {
  // Our bookkeeping and the project's top folders first: the lock and the base live in .pipecat/.
  checkLinks(req.root, [YO_RC_FILE, PIPECAT_DIR, BASE_DIR, 'server', 'client']);
  // One update at a time. A dry run changes nothing and takes no lock; it only removes the lock
  // of a dead run, as it recovers the dead run's journal.
  let lock: ReturnType<typeof acquireUpdateLock> | undefined;
  try {
    // A run killed mid-update (SIGKILL) left its journal: undo its steps first, so that its lock,
    // taken over below, is the last thing it left (a live run's staging is left alone).
    sweepStale(req.root);
    if (req.dryRun) clearDeadLock(req.root, req.note);
    else lock = acquireUpdateLock(req.root, req.note);
    return await updateLocked(req);
  } catch (err) {
    // The documented exit code of a file-system failure while updating is 1 (init's is 2).
    if (err instanceof StagingError) throw new UpdateWriteError(err.message);
    const fs = err as NodeJS.ErrnoException;
    if (typeof fs?.code === 'string' && typeof fs.path === 'string' && FS_REASONS[fs.code])
      throw new UpdateWriteError(`cannot ${fs.syscall ?? 'access'} ${fs.path}: ${FS_REASONS[fs.code]} (nothing was changed)`);
    throw err;
  } finally {
    lock?.release();
  }
}

/** File-system error codes a user meets (permissions, a full disk), in words. */
const FS_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder where a file was expected',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EIO: 'input/output error',
};

/**
 * The configurations of an update: the recorded one (null when it no longer resolves) and the new
 * one, with the recorded values it drops.
 *
 * @throws ConfigError whose problems name `.yo-rc.json` for a recorded value
 */
function configurations(req: UpdateRequest): { before: ProjectConfig | null } & ReturnType<typeof resolveUpdateConfig> {
  const recorded = readRecorded(req.root);
  let before: ProjectConfig | null;
  try {
    before = resolveConfig({ config: recorded });
  } catch {
    before = null;
  }
  try {
    return { before, ...resolveUpdateConfig({ recorded, flags: req.flags, add: req.add, remove: req.remove }) };
  } catch (err) {
    // A recorded value's problem names the file it is in: `.yo-rc.json: project_name: …`.
    if (err instanceof ConfigError)
      throw new ConfigError(
        err.message,
        err.problems.map((p) => p.replace(/^config key "([a-z_]+)":/, `${YO_RC_FILE}: $1:`)),
      );
    throw err;
  }
}

/**
 * The consent rule for removals (edited files are conflicts): asked, given in advance, or stop.
 * "keep" turns each such removal into `keep` (the file becomes the user's).
 *
 * @throws UpdateConsentError (exit 2) without a way to ask; UpdateAbortedError on abort
 */
async function settleRemovals(req: UpdateRequest, consent: ConsentRequest, plan: FilePlan[], kept: string[]): Promise<void> {
  if (!consent.files.length || req.removeUnused) return;
  if (!req.consent) throw new UpdateConsentError(consent);
  const answer = await req.consent(consent);
  if (answer === 'abort') throw new UpdateAbortedError();
  if (answer !== 'keep') return;
  const keep = new Set(consent.files.map((f) => f.path));
  for (const f of plan) {
    if (!keep.has(f.path)) continue;
    f.action = 'keep';
    f.result = undefined;
    kept.push(f.path);
  }
}

/** {@link runUpdate} once the lock is held. */
async function updateLocked(req: UpdateRequest): Promise<UpdateOutcome> {
  // A run killed mid-update (SIGKILL) left its journal: undo its steps before reading anything.
  sweepStale(req.root);
  const { before, config, dropped } = configurations(req);
  const next = renderFiles(config);
  const base = readBase(req.root);
  const previous = before ? renderFiles(before) : null;
  // Every path the update reads, writes or removes, base copies included.
  checkLinks(req.root, [
    ...next.map((f) => f.path),
    ...[...(base?.keys() ?? [])].flatMap((p) => [p, `${BASE_DIR}/${p}`]),
    ...baseFiles(next).map((f) => f.path),
  ]);
  const plan = planUpdate({ root: req.root, next, base, previous: base ? null : previous });
  const consent = { ...removalsNeedingConsent(plan, next, previous, req.flags), because: dropped };
  const outcome: UpdateOutcome = {
    config,
    before,
    dropped,
    plan,
    hadBase: base !== null,
    changed: [],
    marked: [],
    kept: [],
    settledAs: {},
    applied: false,
    removedFolders: [],
    leftover: leftoverMarkers(req.root, plan),
    needsConsent: consent.files.map((f) => f.path),
    followed: [],
  };
  if (req.dryRun) return outcome;
  // What the code needed before the update (the report's "no longer used"), read while the user
  // is asked, when the update may change it; otherwise the code read after the update is the same.
  const codeBefore = touchesCode(plan) ? readSettledCode(req.root, null, (before ?? config).transports) : undefined;
  codeBefore?.catch(() => undefined);
  // Never merge into an unresolved conflict (markers.ts): refused before anything is asked.
  const { refused, reported } = splitLeftovers(outcome.leftover, plan);
  if (refused.length) throw new UpdateMarkersError(refused.map(whereMarkers));
  outcome.leftover = reported;

  await settleRemovals(req, consent, plan, outcome.kept);
  // Said plainly in the summary: every project folder the update removes as a whole.
  const producedTops = new Set(next.map((f) => f.path.split('/')[0]));
  outcome.removedFolders = [
    ...new Set(plan.filter((f) => f.action === 'remove' && f.path.includes('/')).map((f) => f.path.split('/')[0])),
  ].filter((t) => t !== PIPECAT_DIR && !producedTops.has(t));

  const policy = req.conflicts ?? (req.conflictMarkers ? 'markers' : undefined);
  await settleConflicts(plan, outcome, policy ?? req.choose);
  // The server code as it now stands decides the configuration, .env.example and the extras.
  const followed = await followCode({
    root: req.root,
    plan,
    next,
    base,
    previous,
    config,
    how: policy ?? req.choose,
    out: outcome,
    reconfigure: (services) => configurations({ ...req, flags: { ...req.flags, ...services } }).config,
  });
  Object.assign(outcome, { plan: followed.plan, config: followed.config, followed: followed.lines });
  const transportsBefore = (before ?? config).transports;
  const codeThen =
    (await codeBefore) ?? (touchesCode(followed.plan) ? await readSettledCode(req.root, null, transportsBefore) : followed.state);
  outcome.code = { before: codeThen, after: followed.state };
  const late = splitLeftovers(leftoverMarkers(req.root, followed.plan), followed.plan).refused;
  if (late.length) throw new UpdateMarkersError(late.map(whereMarkers));
  await applyChanges(req.root, changesOf(req.root, followed.plan, followed.next, base, outcome.changed), { afterChange: req.afterChange });
  outcome.applied = true;
  return outcome;
}
