/**
 * What `pipecat update` checks before it reads or writes a project's files: no folder or file it
 * goes through is a symbolic link leading outside the project (issue 23: a symlinked `server/`,
 * `client/` or `.pipecat/` made the update write and delete outside the project).
 *
 * A link that stays inside the project is followed as before; a link that leads outside it (or
 * nowhere: a dangling link, a loop) stops the update before anything changes (exit 2), naming the
 * path and where it leads.
 *
 * Source: issue 23 ("`update` refuses project folders that are symlinks leading outside the project").
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, dirname } from 'node:path';

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

/** Whether `inner` is `outer` or lies below it (both absolute, resolved). */
function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Check every folder and file an update goes through: each component of each path, from the
 * project root down, that is a symbolic link must resolve inside the project.
 *
 * @param root absolute project folder (itself may be reached through links: its real path is the
 *   project)
 * @param paths project-relative POSIX paths the update reads, writes or removes
 * @throws LinkOutsideError listing each offending link once (`path -> target`)
 */
export function checkLinks(root: string, paths: Iterable<string>): void {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    realRoot = resolve(root);
  }
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const path of paths) {
    const parts = path.split('/').filter((p) => p !== '' && p !== '.');
    for (let i = 1; i <= parts.length; i++) {
      const rel = parts.slice(0, i).join('/');
      if (seen.has(rel)) continue;
      seen.add(rel);
      const abs = join(root, ...parts.slice(0, i));
      let link = false;
      try {
        link = lstatSync(abs).isSymbolicLink();
      } catch {
        break; // missing: nothing below it exists either
      }
      if (!link) continue;
      let target: string;
      try {
        target = readlinkSync(abs);
      } catch {
        target = '?';
      }
      let real: string | undefined;
      try {
        real = realpathSync(abs);
      } catch {
        real = undefined; // dangling, or a loop
      }
      if (real === undefined) {
        problems.push(`${rel} -> ${target} (leads nowhere: a dangling link or a loop)`);
        break;
      }
      if (!within(realRoot, real)) {
        const shown = isAbsolute(target) ? target : `${target} (${resolve(dirname(abs), target)})`;
        problems.push(`${rel} -> ${shown}: outside the project`);
        break;
      }
    }
  }
  if (problems.length) throw new LinkOutsideError(problems);
}
