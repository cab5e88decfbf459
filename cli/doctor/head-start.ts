/**
 * The head start of `pipecat doctor`: the binary's entry (`cli/entry.ts`) calls this before it
 * loads the yargs program, so the Python that reads the server code starts while the CLI loads.
 * Starting an interpreter is most of a doctor run (a pyenv shim alone takes about a third of a
 * second before Python itself starts); started here, that time overlaps Node's own start-up.
 *
 * The project is guessed from the raw arguments, cheaply (nothing is parsed: the nearest folder
 * holding a file the command's finder looks for); the command then takes the started reader only
 * when the first interpreter for the project it found is the one started, else the reader is
 * killed. A wrong guess costs one killed process, never a different result; any problem (no
 * project, a bad DIR) is left for the command to report.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startServerCodeReader } from '../../generators/app/code/reader.js';
import type { HeadStart } from '../../generators/app/code/python.js';

/** Files whose folder may be a project root (what `findDoctorProject` looks for, unread). */
const ROOT_MARKS = ['.yo-rc.json', 'pcc-deploy.toml', 'pyproject.toml'];

/** Options of `doctor` that take a value in the next argument (`--cloud` only with no `=`). */
const TAKES_VALUE = new Set(['--cloud', '--organization']);

/**
 * `DIR` as yargs will most likely read it: the first argument after `doctor` that is neither an
 * option nor an option's value.
 *
 * @param args the arguments after the executable, `args[0]` being `doctor`
 */
function guessedDirectory(args: readonly string[]): string | undefined {
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return args[i + 1];
    if (a.startsWith('-')) {
      if (TAKES_VALUE.has(a)) i++;
      continue;
    }
    return a;
  }
  return undefined;
}

/**
 * Start the server-code reader for the project `pipecat doctor ARGS` will check.
 *
 * @param args the arguments after the executable (`['doctor', 'my-bot', '--json']`)
 * @param cwd the current folder
 * @returns the started reader, or undefined when the arguments are not a `doctor` run or no
 *   project is found (the command reports that itself)
 */
export function startDoctorReading(args: readonly string[], cwd: string): HeadStart | undefined {
  if (args[0] !== 'doctor' || args.includes('--help') || args.includes('-h')) return undefined;
  for (let d = resolve(cwd, guessedDirectory(args) ?? '.'); ; d = dirname(d)) {
    if (ROOT_MARKS.some((f) => existsSync(join(d, f)))) {
      return startServerCodeReader({ root: d, serverDir: existsSync(join(d, 'server')) ? 'server' : '' });
    }
    if (dirname(d) === d) return undefined;
  }
}
