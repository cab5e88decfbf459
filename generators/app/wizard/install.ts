/**
 * The install offer's work: once the project is in place, `uv sync` in `server/` and, when the
 * project has a client with a `package.json`, `npm install` in `client/`, each with its output on
 * the terminal. A failed or missing tool is reported with the command to run by hand; the project
 * stays as written (the next steps then still list that command).
 *
 * Source: the commands of `catalogue/install-commands.ts`; create-vite's "Install with npm and
 * start now?".
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_COMMANDS, installLine, type InstallCommand } from '../catalogue/install-commands.js';
import { deriveValues } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';

/**
 * Whether a configuration has a client with its own dependencies (a `client/` folder).
 *
 * @param config the resolved configuration
 */
export function hasClient(config: ProjectConfig): boolean {
  return !!deriveValues(config).client;
}

/**
 * The install commands of a written project, in order: the server's, then the client's when
 * `client/package.json` exists.
 *
 * @param target absolute project folder
 */
function installCommands(target: string): InstallCommand[] {
  const out: InstallCommand[] = [INSTALL_COMMANDS.server];
  if (existsSync(join(target, 'client', 'package.json'))) out.push(INSTALL_COMMANDS.client);
  return out;
}

/** Run one command with the terminal's output; resolves to its exit code (127 when it is not found). */
function run(c: InstallCommand, target: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(c.command, [...c.args], { cwd: join(target, c.folder), env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => resolve(127));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Install the project's dependencies, one command after the other.
 *
 * @param target absolute project folder
 * @param log prints a line for the user (stderr)
 * @param env the environment the commands run in (`PATH` finds them)
 * @returns the folders whose command succeeded (`server`, `client`): the next steps leave their
 *   install commands out
 */
export async function installDependencies(
  target: string,
  log: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<InstallCommand['folder'][]> {
  const installed: InstallCommand['folder'][] = [];
  for (const c of installCommands(target)) {
    const line = installLine(c.folder);
    log(`Installing in ${c.folder}/: ${line}`);
    const code = await run(c, target, env);
    if (code === 0) {
      installed.push(c.folder);
      continue;
    }
    log(
      code === 127
        ? `${c.command} was not found: install it, then run \`${line}\` in ${c.folder}/`
        : `\`${line}\` failed (exit ${code}): run it again in ${c.folder}/`,
    );
  }
  return installed;
}
