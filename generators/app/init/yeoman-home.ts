/**
 * The environment Yeoman needs before it is loaded: a home folder and, when present, a readable
 * `~/.yo-rc-global.json` holding a JSON object. Checked by `pipecat init` and `yo pipecat` before
 * they import the generator (not by `pipecat update`, which loads no Yeoman), so a missing home, an unreadable `$HOME` or a corrupt file is
 * one line naming it (exit 2) instead of a stack trace from inside Yeoman.
 */
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../config/errors.js';
import { jsonErrorLocation } from '../config/resolve.js';

/**
 * Why Yeoman cannot start in this environment, checked before it is loaded: it reads its global
 * settings, `~/.yo-rc-global.json` (yeoman-generator's `_getGlobalStorage`, in the folder of
 * `os.homedir()`), when the generator is made, and a missing home, an unreadable `$HOME` or a
 * corrupt file there would end in a stack trace.
 *
 * @returns a UserError (exit 2) naming `$HOME` or `file:line`, or undefined when Yeoman can start
 */
export function yeomanHomeProblem(): UserError | undefined {
  let home: string;
  try {
    home = homedir();
  } catch {
    return new UserError(
      'no home folder: $HOME is not set and this user has none in the password database; Yeoman, which writes the project, keeps its settings there',
      ['set HOME to a folder you can write, e.g. HOME=$PWD pipecat …'],
    );
  }
  const file = join(home, '.yo-rc-global.json');
  let text: string;
  try {
    if (!statSync(file).isFile()) return new UserError(`${file} is not a regular file: Yeoman reads its settings from it; move it away`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    const why =
      code === 'EACCES' ? 'permission denied' : code === 'ELOOP' ? 'a symbolic link loop' : ((err as Error).message ?? String(code));
    return new UserError(`cannot read ${file} ($HOME is ${home}): ${why}`, [
      'Yeoman, which writes the project, reads its settings there: make $HOME readable, or set HOME to a folder you can read',
    ]);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return new UserError(`${file} is not valid JSON (Yeoman's settings): fix or remove it`, [jsonErrorLocation(file, text, err as Error)]);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    return new UserError(`${file} must hold a JSON object (Yeoman's settings): fix or remove it`);
  }
  return undefined;
}
