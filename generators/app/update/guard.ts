/**
 * What `pipecat update` checks before it reads or writes a project's files: no folder or file it
 * goes through is a symbolic link leading outside the project (a symlinked `server/`,
 * `client/` or `.pipecat/` would make the update write and delete outside the project).
 *
 * A link that stays inside the project is followed as before; a link that leads outside it (or
 * nowhere: a dangling link, a loop) stops the update before anything changes (exit 2), naming the
 * path and where it leads.
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { readRegularText } from '../files/regular-file.js';
import { isAbsolute, join, resolve, dirname } from 'node:path';
import { isWithin } from '../files/within.js';
import { ConfigError, readConfigFile } from '../config/resolve.js';
import { YO_RC_FILE } from '../config/yo-rc.js';
import { LinkOutsideError, YoRcError } from './errors.js';

export { LinkOutsideError, YoRcError } from './errors.js';

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
      if (!isWithin(realRoot, real)) {
        const shown = isAbsolute(target) ? target : `${target} (${resolve(dirname(abs), target)})`;
        problems.push(`${rel} -> ${shown}: outside the project`);
        break;
      }
    }
  }
  if (problems.length) throw new LinkOutsideError(problems);
}

/**
 * The error for a `.yo-rc.json` that cannot be read as a configuration: git conflict markers
 * named at their line, else the JSON parser's `file:line:column`.
 *
 * @param path absolute path of the file
 * @param err what `readConfigFile` threw
 */
export function yoRcError(path: string, err: ConfigError): YoRcError {
  // Left over from a git merge: say so, at the first marker's line.
  let text = '';
  try {
    text = readRegularText(path);
  } catch {
    text = '';
  }
  const marker = /^(<{7}|={7}|>{7})( |$)/m.exec(text);
  if (marker) {
    const line = text.slice(0, marker.index).split('\n').length;
    return new YoRcError(
      `${path}:${line}: git conflict markers (${marker[1]}): resolve the merge conflict in ${YO_RC_FILE} (keep one configuration), then rerun`,
    );
  }
  // `readConfigFile` speaks of `--config`; here the file is the project's own.
  const problems = [err.message.replace(/^--config: /, ''), ...err.problems].filter((p) => p !== `${path} is not valid JSON`);
  return new YoRcError(`${YO_RC_FILE} is not valid: ${problems.join('; ')}`);
}

/**
 * `yo pipecat` in a folder whose `.yo-rc.json` is not valid JSON: Yeoman's own storage reads the
 * destination's `.yo-rc.json` while the generator is constructed and fails on it with a stack
 * trace. Checked first, to report it as `pipecat update` does. (From a folder below the project,
 * Yeoman does not read it; the update path reports it, `readRecorded`.)
 *
 * @param cwd where yo runs
 * @throws YoRcError (exit 2) naming `.yo-rc.json:LINE`
 */
export function checkYoRcAt(cwd: string): void {
  const path = join(resolve(cwd), YO_RC_FILE);
  let text: string;
  try {
    if (!lstatSync(path).isFile()) return;
    text = readRegularText(path);
  } catch {
    return; // missing or unreadable: Yeoman's own handling
  }
  try {
    JSON.parse(text);
  } catch {
    try {
      readConfigFile(path);
    } catch (err) {
      if (err instanceof ConfigError) throw yoRcError(path, err);
    }
  }
}

/**
 * `pipecat init` (our CLI) runs Yeoman in the current folder, and Yeoman reads that folder's
 * `.yo-rc.json` while the generator is constructed, even when the project goes elsewhere (`-o`):
 * a corrupt one would end in Yeoman's JSON stack trace. Named instead, saying it is not the
 * destination and what to do.
 *
 * @param cwd the folder Yeoman runs in (the request's `cwd`)
 * @throws YoRcError (exit 2) naming the file's full path
 */
export function checkCwdYoRc(cwd: string): void {
  try {
    checkYoRcAt(cwd);
  } catch (err) {
    if (!(err instanceof YoRcError)) throw err;
    const path = join(resolve(cwd), YO_RC_FILE);
    const detail = err.message
      .replace(/^\.yo-rc\.json is not valid: /, '')
      .split(`${path}:`)
      .join('line ');
    throw new YoRcError(
      `${path} (in the current folder, not the destination) is not valid: ${detail}; Yeoman reads it even when the project is written elsewhere: fix or remove it, or run pipecat init from another folder`,
    );
  }
}
