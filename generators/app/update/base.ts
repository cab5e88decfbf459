/**
 * The base of a generated project: a copy of every file exactly as we generated it last time, so
 * `pipecat update` can tell the user's edits from ours (a three-way merge: the user's file, the
 * base, the newly generated file).
 *
 * It lives in `.pipecat/base/` at the project root, mirroring the project's layout, outside
 * `server/` (which goes into the container image) and meant to be committed with the project.
 * `pipecat init` writes it with the project; `pipecat update` rewrites it after each update. A
 * project generated before this existed has none: every file that differs from the new version
 * is then a conflict, and the base is recorded from that update on.
 *
 * Source: docs/updating.md (how an update evolves an existing project).
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { posixRelative } from '../files/within.js';
import { YO_RC_FILE } from '../config/yo-rc.js';
import type { RenderedFile } from '../render/render.js';

export type { RenderedFile };

/** Folder of our bookkeeping at the project root. */
export const PIPECAT_DIR = '.pipecat';
/** Folder of the base copies, relative to the project root (POSIX separators). */
export const BASE_DIR = `${PIPECAT_DIR}/base`;
/** Section name of base copies in a rendered project. */
const BASE_SECTION = 'base';

/** The note written next to the base (`.pipecat/README.md`), so nobody deletes it by surprise. */
const BASE_README = [
  '# .pipecat/',
  '',
  '`base/` holds each file exactly as `pipecat init` or `pipecat update` last generated it. `pipecat update`',
  'compares it with your files to keep your edits when it changes services or transports or brings the',
  'project to newer templates (a three-way merge). Commit this folder with the project and do not edit it;',
  'without it, every file you changed becomes a conflict on the next update.',
  '',
].join('\n');

/**
 * Whether a project-relative path belongs to our bookkeeping (`.pipecat/…`) rather than to the
 * project's own files.
 *
 * @param path POSIX path relative to the project root
 */
export function isBookkeeping(path: string): boolean {
  return path === PIPECAT_DIR || path.startsWith(`${PIPECAT_DIR}/`);
}

/**
 * The base files of a rendered project: one `.pipecat/base/<path>` copy per generated file
 * (`.yo-rc.json` excepted: it is rewritten on every update and never merged), and the note.
 *
 * @param files the project's rendered files (without base copies)
 * @returns files to write along with the project, section {@link BASE_SECTION}
 */
export function baseFiles(files: readonly RenderedFile[]): RenderedFile[] {
  const copies = files
    .filter((f) => f.path !== YO_RC_FILE && !isBookkeeping(f.path))
    .map((f) => ({ path: `${BASE_DIR}/${f.path}`, contents: f.contents, section: BASE_SECTION }));
  return [...copies, { path: `${PIPECAT_DIR}/README.md`, contents: BASE_README, section: BASE_SECTION }];
}

/**
 * Write the base of a new project into its staging folder with plain file writes, not through
 * mem-fs: the base is our bookkeeping, so Yeoman's `create …` lines name only the project's own
 * files (the generator prints one line for the base, `index.ts` `end()`).
 *
 * @param dir absolute staging folder (the project's layout)
 * @param files the project's rendered files (without base copies)
 * @throws Error from the file system (the caller's staging is then aborted)
 */
export function writeBase(dir: string, files: readonly RenderedFile[]): void {
  for (const f of baseFiles(files)) {
    const abs = join(dir, ...f.path.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, f.contents);
  }
}

/**
 * Read a project's base.
 *
 * @param root absolute project folder
 * @returns contents by project-relative path (POSIX), or null when the project has no base folder
 *   (generated before bases were recorded)
 */
export function readBase(root: string): Map<string, Buffer> | null {
  const dir = join(root, ...BASE_DIR.split('/'));
  try {
    if (!lstatSync(dir).isDirectory()) return null;
  } catch {
    return null;
  }
  const out = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out.set(posixRelative(dir, abs), readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}
