/**
 * Whether a destination can take a new project: shared by `pipecat init` (flags, config file,
 * wizard, in-place `pipecat init DIR`), the wizard's name step and `yo pipecat`, so every path
 * refuses the same folders with the same words.
 *
 * Why: an existing non-empty `<output>/<name>` is refused (exit 2) and left untouched, so no run
 * mixes a new project into someone's files; in-place init keeps repository, agent and editor files
 * and refuses any file it would write that already exists, naming them.
 */
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { STAGING_PREFIX } from './staging.js';

/** Longest name of one path component a Linux file system takes, in bytes (`NAME_MAX`). */
const NAME_MAX = 255;
/** Longest path a Linux system call takes, in bytes, terminating NUL included (`PATH_MAX`). */
const PATH_MAX = 4096;
/**
 * Bytes kept free below the project folder for its own paths (`.pipecat/base/client/…`, a staging
 * folder's name): a project folder whose path leaves less cannot hold the project.
 */
const PROJECT_PATH_ROOM = 200;

/** The code of a failing `stat` (`ELOOP`, `ENOENT`, `EACCES`...), or undefined when it succeeds. */
function statError(p: string): string | undefined {
  try {
    statSync(p);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'EIO';
  }
}

/** A long path shortened for a message: its first and last 40 characters. */
function shown(p: string): string {
  return p.length <= 100 ? p : `${p.slice(0, 40)}…${p.slice(-40)} (${p.length} characters)`;
}

/**
 * Why a path cannot be written by length alone, or null: a component over {@link NAME_MAX} bytes,
 * or a path leaving less than {@link PROJECT_PATH_ROOM} bytes below it within {@link PATH_MAX}.
 * Checked before anything is written, so a 4,000-character `--output` is one clear line at once.
 *
 * @param p absolute path
 * @param what how to name it (`--output`, the project folder)
 */
function lengthProblem(p: string, what: string): string | null {
  const long = p.split(sep).find((c) => Buffer.byteLength(c) > NAME_MAX);
  if (long !== undefined) {
    return `${what} ${shown(p)}: the name ${JSON.stringify(shown(long))} is ${Buffer.byteLength(long)} bytes; a file system takes at most ${NAME_MAX} per name (NAME_MAX): choose a shorter name`;
  }
  const bytes = Buffer.byteLength(p);
  if (bytes + PROJECT_PATH_ROOM > PATH_MAX) {
    return `${what} ${shown(p)} is ${bytes} bytes long: with the project's files below it, paths would pass the system's limit of ${PATH_MAX} bytes (PATH_MAX): choose a shorter path`;
  }
  return null;
}

/** What a path is whose `lstat` succeeds but whose `stat` fails with `code`. */
function unfollowable(code: string): string {
  if (code === 'ELOOP') return 'a symbolic link loop (too many levels of symbolic links)';
  if (code === 'EACCES') return 'not reachable (permission denied)';
  return 'a symbolic link to nothing (a dangling link)';
}

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
  const tooLong = lengthProblem(p, what);
  if (tooLong) return tooLong;
  const l = lstatOrNone(p);
  if (l) {
    const s = statOrNone(p);
    if (!s) return `${what} ${p} is ${unfollowable(statError(p) ?? 'ENOENT')}: remove it or choose another path`;
    if (!s.isDirectory()) return `${what} ${p} exists and is not a directory`;
    return null;
  }
  // Missing: every existing ancestor must be a folder (a link loop, a dangling link or an
  // unreachable folder on the way is named: the project could not be created below it).
  for (let cur = join(p, '..'); ; cur = join(cur, '..')) {
    const a = statOrNone(cur);
    if (a) return a.isDirectory() ? null : `${what} ${p} is below ${cur}, which is a file, not a folder`;
    if (lstatOrNone(cur))
      return `${what} ${p} is below ${cur}, ${unfollowable(statError(cur) ?? 'ENOENT')}: remove it or choose another path`;
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
  const out = folderProblem(output, '--output') ?? lengthProblem(target, 'the project folder');
  if (out) return out;
  if (lstatOrNone(target)) {
    const s = statOrNone(target);
    if (!s) return `${target} is ${unfollowable(statError(target) ?? 'ENOENT')}: remove it, or choose another --name or --output`;
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
