/**
 * Whether a destination can take a new project: shared by `pipecat init` (flags, config file,
 * wizard, in-place `pipecat init DIR`), the wizard's name step and `yo pipecat`, so every path
 * refuses the same folders with the same words.
 *
 * Sources: issue 2 ("an existing non-empty `<output>/<name>` is refused (exit 2) and left
 * untouched"); issue 12 (in-place init keeps repository, agent and editor files and refuses any
 * file it would write that already exists, naming them).
 */
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { STAGING_PREFIX } from './staging.js';

/** `lstat` of a path, or undefined when nothing (not even a dangling link) is there. */
function lstatOrNone(p: string): Stats | undefined {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

/** `stat` through links, or undefined (missing, dangling link, loop, no permission). */
function statOrNone(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/** Entries of a folder that are not staging folders of a run. */
function entries(folder: string): string[] {
  return readdirSync(folder).filter((n) => !n.startsWith(STAGING_PREFIX));
}

/**
 * Why a path cannot be a folder we write into, or null: a regular file, a dangling symbolic link,
 * or a path below a regular file.
 *
 * @param p absolute path
 * @param what how to name it (`--output`, the project folder)
 */
function folderProblem(p: string, what: string): string | null {
  const l = lstatOrNone(p);
  if (l) {
    const s = statOrNone(p);
    if (!s) return `${what} ${p} is a symbolic link to nothing (a dangling link): remove it or choose another path`;
    if (!s.isDirectory()) return `${what} ${p} exists and is not a directory`;
    return null;
  }
  // Missing: every existing ancestor must be a folder.
  for (let cur = join(p, '..'); ; cur = join(cur, '..')) {
    const a = statOrNone(cur);
    if (a) return a.isDirectory() ? null : `${what} ${p} is below ${cur}, which is a file, not a folder`;
    if (join(cur, '..') === cur) return null;
  }
}

/**
 * Why `<output>/<name>` cannot take the project, or null when it can (the output folder is
 * missing or a folder, and the project folder is missing or an empty folder).
 *
 * @param output absolute output folder
 * @param target absolute project folder (`<output>/<name>`)
 * @returns one line naming the path and what to change, or null
 */
export function destinationProblem(output: string, target: string): string | null {
  const out = folderProblem(output, '--output');
  if (out) return out;
  if (lstatOrNone(target)) {
    const s = statOrNone(target);
    if (!s) return `${target} is a symbolic link to nothing (a dangling link): remove it, or choose another --name or --output`;
    if (!s.isDirectory()) return `${target} exists and is not a directory: choose another --name or --output`;
    if (entries(target).length > 0) {
      return `${target} already exists and is not empty: choose another --name or --output (nothing was written)`;
    }
  }
  return null;
}

/**
 * Why the project cannot be written into `target` itself (in-place init, `pipecat init DIR`), or
 * null. The folder may be missing (it is created), empty, or hold anything the project does not
 * write (repository, agent and editor files such as `.git`, `AGENTS.md`, `.vscode/` are kept). It
 * is refused when it already holds a generated project (`.yo-rc.json`) or any top-level entry the
 * project would write (`README.md`, `.gitignore`, `server/`, ...), each named.
 *
 * @param target absolute folder the project's files go into
 * @param planned the project's relative file paths (POSIX separators)
 * @param kept top-level names that may exist and are then left as they are (agent guides)
 * @returns one line naming the folder and the conflicting entries, or null
 */
export function inPlaceProblem(target: string, planned: readonly string[], kept: readonly string[] = []): string | null {
  const bad = folderProblem(target, 'the directory');
  if (bad) return bad;
  if (!lstatOrNone(target)) return null;
  if (lstatOrNone(join(target, '.yo-rc.json'))) {
    return `${target} already holds a generated project (.yo-rc.json): nothing was written. Change an existing project with \`pipecat update\`, or choose another directory`;
  }
  const tops = [...new Set(planned.map((p) => p.split('/')[0]))];
  const clashes = tops
    .filter((t) => !kept.includes(t) && lstatOrNone(join(target, t)))
    .map((t) => (planned.some((p) => p.startsWith(`${t}/`)) ? `${t}/` : t));
  if (clashes.length) {
    return `${target} already has ${clashes.join(', ')}, which the project would write: nothing was written. Move ${clashes.length > 1 ? 'them' : 'it'} away or choose another directory`;
  }
  return null;
}

/** A destination that cannot take the project (exit code 2, like a usage error). */
export class DestinationError extends Error {
  readonly exitCode = 2;

  /** @param message the line from {@link destinationProblem} or {@link inPlaceProblem} */
  constructor(message: string) {
    super(message);
    this.name = 'DestinationError';
  }
}
