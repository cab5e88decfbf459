/**
 * The writes that apply a settled update plan: each file whose result differs from the project's,
 * then the new base (`base.ts`).
 */
import { lstatSync } from 'node:fs';
import { readRegularFile } from '../files/regular-file.js';
import { join } from 'node:path';
import type { RenderedFile } from '../render/render.js';
import type { FileChange } from './apply.js';
import { baseFiles, BASE_DIR } from './base.js';
import { bytes, type FilePlan } from './plan.js';

/**
 * The changes applying a settled plan makes: each file whose result differs from the project's,
 * then the new base (every produced file but the user's own guides; entries of files no longer
 * produced go).
 *
 * @param changed receives the project paths whose contents change
 */
export function changesOf(
  root: string,
  plan: readonly FilePlan[],
  next: readonly RenderedFile[],
  base: ReadonlyMap<string, Buffer> | null,
  changed: string[],
): FileChange[] {
  const changes: FileChange[] = [];
  for (const f of plan) {
    if (f.result === undefined) continue;
    const mine = currentBytes(join(root, ...f.path.split('/')));
    if (f.result === null ? mine === null : mine !== null && mine.equals(bytes(f.result))) continue;
    changes.push({ path: f.path, contents: f.result });
    changed.push(f.path);
  }
  const own = new Set(plan.filter((f) => f.action === 'keep').map((f) => f.path));
  const newBase = baseFiles(next.filter((f) => !own.has(f.path)));
  const newBasePaths = new Set(newBase.map((f) => f.path));
  for (const f of newBase) {
    const mine = currentBytes(join(root, ...f.path.split('/')));
    if (mine === null || !mine.equals(bytes(f.contents))) changes.push({ path: f.path, contents: f.contents });
  }
  for (const path of base?.keys() ?? []) {
    const full = `${BASE_DIR}/${path}`;
    if (!newBasePaths.has(full)) changes.push({ path: full, contents: null });
  }
  return changes;
}

/** A file's bytes, or null when it is missing or not a regular file. */
function currentBytes(abs: string): Buffer | null {
  try {
    if (!lstatSync(abs).isFile()) return null;
  } catch {
    return null;
  }
  return readRegularFile(abs);
}
