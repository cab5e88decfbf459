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
 * Source: issue 15.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedFile } from '../render/render.js';
import { GUIDE_FILES } from '../render/files.js';
import { YO_RC_FILE } from '../config/yo-rc.js';
import { isBookkeeping } from './base.js';
import { isText, markTwoWay, merge3 } from './merge.js';

/** What an update does to one file (the `--dry-run` plan's `action`). */
export type FileAction = 'unchanged' | 'update' | 'merge' | 'conflict' | 'add' | 'remove' | 'keep';

/** Why a file is a conflict. */
export type ConflictKind =
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
 * lines; node-diff3 overflows the stack on ≈ 130,000 (issue 23), and its time grows with the
 * product of the lengths. A longer file that both sides changed is a conflict that markers
 * cannot express (keep yours or take new).
 */
export const MAX_MERGE_LINES = 20_000;

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
export interface Conflict {
  kind: ConflictKind;
  /** The user's file, or null when missing. */
  mine: Buffer | null;
  /** The new version, or null when the update removes the file. */
  theirs: Buffer | null;
  /** The file with conflict markers, or null when markers cannot express it (removal, binary). */
  markers: string | null;
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
export interface PlanInput {
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
export function isEnvFile(path: string): boolean {
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
  return readFileSync(abs);
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
  if (mine === 'dir') return { path, action: 'conflict', conflict: { kind: 'binary', mine: null, theirs, markers: null } };
  if (mine === null) {
    // Deleted by the user: respected while our version is the same as before.
    if (base !== undefined) {
      if (base.equals(theirs)) return { path, action: 'unchanged', result: undefined };
      return { path, action: 'conflict', conflict: { kind: 'deleted', mine: null, theirs, markers: null } };
    }
    return { path, action: 'add', result: theirs };
  }
  if (mine.equals(theirs)) return { path, action: 'unchanged', result: undefined };
  if (base === undefined) {
    // No base (or, with one, a new file of a name the user already used): not ours to replace.
    if (tooLarge(mine, theirs)) return { path, action: 'conflict', conflict: { kind: 'too-large', mine, theirs, markers: null } };
    const text = isText(mine) && isText(theirs);
    return {
      path,
      action: 'conflict',
      conflict: { kind: 'no-base', mine, theirs, markers: text ? markTwoWay(mine.toString('utf8'), theirs.toString('utf8')) : null },
    };
  }
  if (mine.equals(base)) return { path, action: 'update', result: theirs };
  if (base.equals(theirs)) return { path, action: 'unchanged', result: undefined };
  if (!isText(mine) || !isText(base) || !isText(theirs)) {
    return { path, action: 'conflict', conflict: { kind: 'binary', mine, theirs, markers: null } };
  }
  if (tooLarge(mine, base, theirs)) return { path, action: 'conflict', conflict: { kind: 'too-large', mine, theirs, markers: null } };
  const merged = merge3(mine.toString('utf8'), base.toString('utf8'), theirs.toString('utf8'));
  if (!merged.conflict) return { path, action: 'merge', result: merged.text };
  return { path, action: 'conflict', conflict: { kind: 'overlap', mine, theirs, markers: merged.text } };
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
        conflict: { kind: 'edited-removed', mine: mine === 'dir' ? null : mine, theirs: null, markers: null },
      });
  }
  return plan;
}

/** How the user settles a conflict. */
export type Resolution = 'mine' | 'new' | 'markers';

/**
 * Settle a conflict: keep the user's file, take the new version (for a removal: remove the file),
 * or write conflict markers (where markers cannot express the conflict, the user's file is kept).
 *
 * @param file a planned conflict; its `result` is set
 * @param how the choice
 * @returns whether markers were written into the file
 */
export function settle(file: FilePlan, how: Resolution): boolean {
  const c = file.conflict;
  if (!c) return false;
  if (how === 'new') file.result = c.theirs;
  else if (how === 'markers' && c.markers !== null) {
    file.result = c.markers;
    return true;
  } else file.result = undefined;
  return false;
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
