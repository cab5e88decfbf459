/**
 * How the next steps spell this tool: the words that start it again the way it was
 * started, so the printed commands work as printed. Until the package is on npm, `pipecat` is on
 * `PATH` only after `npm link` (or a global install), and `npx generator-pipecat` works only from
 * npx's own cache.
 */
import { realpathSync, statSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { packageRoot } from '../paths.js';

/** The name the README and generated READMEs use for the published tool. */
const PUBLISHED_COMMAND = 'npx generator-pipecat';

/** The real path of a file, or undefined when it does not exist. */
function real(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? realpathSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The command that runs this tool, for the next steps:
 * - `pipecat` when the first `pipecat` on `PATH` is this package's executable (`npm link`, a global install);
 * - {@link PUBLISHED_COMMAND} when this package runs from npx's cache (`~/.npm/_npx/…`);
 * - else `node <absolute path of dist/cli/main.js>` (a clone, or `yo pipecat` from one).
 *
 * @param env the environment (`PATH`)
 * @param main this package's executable (default: `dist/cli/main.js` of the package)
 */
export function selfCommand(env: NodeJS.ProcessEnv = process.env, main: string = join(packageRoot(), 'dist', 'cli', 'main.js')): string {
  const self = real(main) ?? main;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const found = real(join(dir, 'pipecat'));
    if (found === undefined) continue;
    if (found === self) return 'pipecat';
    break; // another `pipecat` (pipecat-ai's) comes first
  }
  if (self.includes(`${sep}_npx${sep}`)) return PUBLISHED_COMMAND;
  return `node ${/[^\w@%+=:,./-]/.test(self) ? `'${self.replace(/'/g, `'\\''`)}'` : self}`;
}
