/**
 * The plan of an update: for every file the project had or gets, what the update does to it.
 *
 * Per file (the base is what we generated last time, `update/base.ts`):
 * - unchanged since generated → replaced by the new version (`update`);
 * - edited by the user where the update changes nothing → kept (`unchanged`); edited elsewhere than
 *   the update → the update is applied around the edit (`merge`, three-way, `update/merge.ts`);
 *   edited on the same lines → `conflict`;
 * - new in this configuration → `add`; no longer produced → `remove` when unedited, else
 *   `conflict` (kept unless the user takes the removal);
 * - no base (a project generated before bases were recorded): every file that differs from the new
 *   version is a `conflict`;
 * - files the user added are never looked at, `.env` files are never touched, `.yo-rc.json` is
 *   rewritten with the new configuration;
 * - an agent guide the base does not list (the user's own, which an in-place `init` kept:
 *   `keptGuides` in `init-plan.ts`) → left as it is (`keep`), and kept out of the new base.
 *
 * Source: docs/updating.md (the three-way merge against `.pipecat/base/`).
 */
import { lstatSync } from 'node:fs';
import { readRegularFile } from '../files/regular-file.js';
import { join } from 'node:path';
import type { RenderedFile } from '../render/render.js';
import { GUIDE_FILES } from '../render/files.js';
import { YO_RC_FILE } from '../config/yo-rc.js';
import { isBookkeeping } from './base.js';
import { prepareImports } from './imports.js';
import { assemble, isText, merge3, parts, twoWay, type PartChoice, type Segment } from './merge.js';

/** What an update does to one file (the `--dry-run` plan's `action`). */
export type FileAction = 'unchanged' | 'update' | 'merge' | 'conflict' | 'add' | 'remove' | 'keep';

/** Why a file is a conflict. */
type ConflictKind =
  /** The user and the update changed the same lines. */
  | 'overlap'
  /** The project has no base: the user's file differs from the new version. */
  | 'no-base'
  /** The user edited a file the new configuration no longer produces. */
  | 'edited-removed'
  /** The user deleted a file the update changes. */
  | 'deleted'
  /** A binary file (or a folder) changed on both sides. */
  | 'binary'
  /** A side is longer than {@link MAX_MERGE_LINES}: not merged line by line (bounded time and memory). */
  | 'too-large';

/**
 * Longest file (in lines, on any side) merged line by line. A generated file has a few hundred
 * lines; node-diff3 overflows the stack on ≈ 130,000 (measured), and its time grows with the
 * product of the lengths. A longer file that both sides changed is a conflict that markers
 * cannot express (keep yours or take new).
 */
const MAX_MERGE_LINES = 20_000;

/** Number of lines of a buffer (newlines, plus one for a last line without one). */
function lineCount(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return buf.length && buf[buf.length - 1] !== 10 ? n + 1 : n;
}

/** Whether any of the buffers is too long to merge line by line ({@link MAX_MERGE_LINES}). */
function tooLarge(...bufs: Buffer[]): boolean {
  return bufs.some((b) => lineCount(b) > MAX_MERGE_LINES);
}

/** A conflict and the ways to settle it. */
interface Conflict {
  kind: ConflictKind;
  /** The user's file, or null when missing. */
  mine: Buffer | null;
  /** The new version, or null when the update removes the file. */
  theirs: Buffer | null;
  /**
   * The merge as stretches, whose conflicting parts can be settled one by one; null when a line
   * merge cannot express the conflict (a removal, a deleted file, binary, too long).
   */
  segments: Segment[] | null;
  /** Turns an assembled merge into the file (a Python file's import block computed, `imports.ts`). */
  finish: (text: string) => string;
}

/** Leaves an assembled merge as it is (a file whose imports are not computed). */
const asIs = (text: string): string => text;

/** A conflict that a line merge cannot express. */
function whole(kind: ConflictKind, mine: Buffer | null, theirs: Buffer | null): Conflict {
  return { kind, mine, theirs, segments: null, finish: asIs };
}

/**
 * The line merge of a text file, three-way (with a base) or two-way; a generated Python file's
 * import block is left out of it and computed from the merged code ({@link prepareImports}).
 *
 * @returns the segments (conflicting parts' lines are the user's file's) and the finishing step
 */
function lineMerge(path: string, mine: string, base: string | null, theirs: string): { segments: Segment[]; finish: Conflict['finish'] } {
  const py = path.endsWith('.py') ? prepareImports(mine, base, theirs) : null;
  const m = py?.mine ?? mine;
  const t = py?.theirs ?? theirs;
  const b = py ? py.base : base;
  const segments = b === null ? twoWay(m, t) : merge3(m, b, t).segments;
  if (py) for (const s of segments) if ('line' in s) s.line = py.line(s.line);
  return { segments, finish: py?.finish ?? asIs };
}

/** One file of the plan. */
export interface FilePlan {
  /** Project-relative path, POSIX separators. */
  path: string;
  action: FileAction;
  /**
   * What applying the plan writes: contents, null to delete the file, undefined to leave it as
   * it is. Unset for a conflict until it is settled ({@link settle}).
   */
  result?: Buffer | string | null;
  /** Set when `action` is `conflict`. */
  conflict?: Conflict;
}

/** Inputs of {@link planUpdate}. */
interface PlanInput {
  /** Absolute project folder. */
  root: string;
  /** The project's files as the new configuration renders them (no base copies). */
  next: readonly RenderedFile[];
  /** The base (last generated files by path), or null when the project has none. */
  base: ReadonlyMap<string, Buffer> | null;
  /**
   * Without a base: the files the recorded configuration renders with the current templates, to
   * tell which no-longer-produced files are unedited (null when the recorded configuration no
   * longer resolves).
   */
  previous: readonly RenderedFile[] | null;
}

/** `name` is a dotenv file we never touch (`.env`, `.env.local`; not `.env.example`). */
function isEnvFile(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return name === '.env' || (name.startsWith('.env.') && name !== '.env.example');
}

/** The file at `abs`: its bytes, `dir` for anything but a regular file, or null when missing. */
function current(abs: string): Buffer | 'dir' | null {
  try {
    const s = lstatSync(abs);
    if (!s.isFile()) return 'dir';
  } catch {
    return null;
  }
  return readRegularFile(abs);
}

/** Contents as bytes. */
export function bytes(c: Buffer | string): Buffer {
  return typeof c === 'string' ? Buffer.from(c, 'utf8') : c;
}

/**
 * Classify one produced file.
 *
 * @param path project-relative path
 * @param mine the user's file (null missing, `dir` not a regular file)
 * @param base what we generated last time, or undefined without a base entry
 * @param theirs the new version
 */
function planProduced(path: string, mine: Buffer | 'dir' | null, base: Buffer | undefined, theirs: Buffer): FilePlan {
  if (mine === 'dir') return { path, action: 'conflict', conflict: whole('binary', null, theirs) };
  if (mine === null) {
    // Deleted by the user: respected while our version is the same as before.
    if (base !== undefined) {
      if (base.equals(theirs)) return { path, action: 'unchanged', result: undefined };
      return { path, action: 'conflict', conflict: whole('deleted', null, theirs) };
    }
    return { path, action: 'add', result: theirs };
  }
  if (mine.equals(theirs)) return { path, action: 'unchanged', result: undefined };
  if (base === undefined) {
    // No base (or, with one, a new file of a name the user already used): not ours to replace.
    if (tooLarge(mine, theirs)) return { path, action: 'conflict', conflict: whole('too-large', mine, theirs) };
    if (!isText(mine) || !isText(theirs)) return { path, action: 'conflict', conflict: whole('no-base', mine, theirs) };
    const merged = lineMerge(path, mine.toString('utf8'), null, theirs.toString('utf8'));
    return { path, action: 'conflict', conflict: { kind: 'no-base', mine, theirs, ...merged } };
  }
  if (mine.equals(base)) return { path, action: 'update', result: theirs };
  if (base.equals(theirs)) return { path, action: 'unchanged', result: undefined };
  if (!isText(mine) || !isText(base) || !isText(theirs)) {
    return { path, action: 'conflict', conflict: whole('binary', mine, theirs) };
  }
  if (tooLarge(mine, base, theirs)) return { path, action: 'conflict', conflict: whole('too-large', mine, theirs) };
  const merged = lineMerge(path, mine.toString('utf8'), base.toString('utf8'), theirs.toString('utf8'));
  if (!parts(merged.segments).length) return { path, action: 'merge', result: merged.finish(assemble(merged.segments, 'new')) };
  return { path, action: 'conflict', conflict: { kind: 'overlap', mine, theirs, ...merged } };
}

/**
 * Plan an update: one entry per produced file (in the file table's order), then one per file the
 * new configuration no longer produces that is still in the project. `.yo-rc.json` is planned like
 * any file but always takes the new version.
 *
 * @param input project folder, new files, base
 * @returns the plan; conflicts are left unsettled
 */
export function planUpdate(input: PlanInput): FilePlan[] {
  const plan: FilePlan[] = [];
  const produced = new Set<string>();
  for (const f of input.next) {
    if (isEnvFile(f.path) || isBookkeeping(f.path)) continue;
    produced.add(f.path);
    const theirs = bytes(f.contents);
    const mine = current(join(input.root, ...f.path.split('/')));
    if (f.path === YO_RC_FILE) {
      plan.push({
        path: f.path,
        action: mine instanceof Buffer && mine.equals(theirs) ? 'unchanged' : mine === null ? 'add' : 'update',
        result: theirs,
      });
      continue;
    }
    if (input.base !== null && !input.base.has(f.path) && GUIDE_FILES.includes(f.path) && mine instanceof Buffer) {
      // The user's own guide: `init` kept it in place and left it out of the base.
      plan.push({ path: f.path, action: 'keep', result: undefined });
      continue;
    }
    plan.push(planProduced(f.path, mine, input.base?.get(f.path), theirs));
  }
  // Files generated before and no longer produced.
  const before = input.base ?? new Map((input.previous ?? []).map((f) => [f.path, bytes(f.contents)] as const));
  for (const [path, old] of before) {
    if (produced.has(path) || path === YO_RC_FILE || isEnvFile(path) || isBookkeeping(path)) continue;
    const mine = current(join(input.root, ...path.split('/')));
    if (mine === null) continue; // already gone
    if (mine !== 'dir' && mine.equals(old)) plan.push({ path, action: 'remove', result: null });
    else
      plan.push({
        path,
        action: 'conflict',
        conflict: whole('edited-removed', mine === 'dir' ? null : mine, null),
      });
  }
  return plan;
}

/**
 * How the user settles a conflict: keep the file as it is (`mine`); the new lines in every
 * conflicting part, the user's other edits kept (`new`; for a conflict without parts, the new
 * version or the removal); markers around every part (`markers`); the new version as generated,
 * every edit in it lost (`replace`); or one {@link PartChoice} per part, in order.
 */
export type Resolution = 'mine' | 'new' | 'markers' | 'replace' | readonly PartChoice[];

/** The number of conflicting parts a conflict can be settled by (0: only as a whole). */
export function partCount(file: FilePlan): number {
  return file.conflict?.segments ? parts(file.conflict.segments).length : 0;
}

/**
 * Settle a conflict (sets the file's `result`). Where parts cannot express it (a removal, binary),
 * `markers` and a list of choices keep the user's file.
 *
 * @param file a planned conflict
 * @param how the choice
 * @returns whether conflict markers were written into the file
 */
export function settle(file: FilePlan, how: Resolution): boolean {
  const c = file.conflict;
  if (!c) return false;
  file.result = undefined;
  if (how === 'mine') return false;
  if (how === 'replace' || !c.segments) {
    if (how === 'replace' || how === 'new') file.result = c.theirs;
    return false;
  }
  file.result = c.finish(assemble(c.segments, how as PartChoice | readonly PartChoice[]));
  return how === 'markers' || (Array.isArray(how) && how.includes('markers'));
}

/** One line describing a conflict for the user. */
export function describeConflict(file: FilePlan): string {
  switch (file.conflict?.kind) {
    case 'overlap':
      return `${file.path}: your edits and the update change the same lines`;
    case 'no-base':
      return `${file.path}: differs from the new version, and the project has no record of what was generated (.pipecat/base)`;
    case 'edited-removed':
      return `${file.path}: the new configuration no longer uses it, but you edited it`;
    case 'deleted':
      return `${file.path}: you deleted it, and the update changes it`;
    case 'binary':
      return `${file.path}: changed by you and by the update, and cannot be merged line by line`;
    case 'too-large':
      return `${file.path}: changed by you and by the update, and too long to merge line by line (over ${MAX_MERGE_LINES} lines)`;
    default:
      return file.path;
  }
}
