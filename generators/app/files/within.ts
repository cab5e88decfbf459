/**
 * Path rules every platform shares, written once for `generators/` and `cli/`: whether a path lies
 * inside a folder, and a path relative to a folder as the `/`-separated form a project or a
 * platform records. Pure string functions on a `node:path` implementation: the running platform's
 * by default, `path.win32` or `path.posix` in tests (test/win32-paths.test.ts), so Windows'
 * drive letters, `\` separators and case-insensitive names are checked on any machine.
 *
 * Source: Node's `path.relative` (https://nodejs.org/api/path.html#pathrelativefrom-to), which
 * resolves both paths, compares Windows paths case-insensitively, and returns the absolute `to`
 * when the two lie on different drives.
 */
import nodePath, { type PlatformPath } from 'node:path';

/**
 * Whether `inner` is `outer` or lies below it. A name that merely starts with two dots
 * (`..cache`) is inside; a path on another drive, or reached through `..`, is not.
 *
 * @param outer a folder (absolute)
 * @param inner the path to check (absolute)
 * @param path the path rules (default: this platform's)
 */
export function isWithin(outer: string, inner: string, path: PlatformPath = nodePath): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * `to` relative to `from`, `/`-separated whatever the platform (`app/Dockerfile`, not
 * `app\Dockerfile`): the form the build request, the update base and the staged file list record.
 *
 * @param from a folder (absolute)
 * @param to a path below it (absolute)
 * @param path the path rules (default: this platform's)
 */
export function posixRelative(from: string, to: string, path: PlatformPath = nodePath): string {
  return path.relative(from, to).split(path.sep).join('/');
}
