/**
 * How a generated project's dependencies are installed, one row per folder: what the install offer
 * runs (`wizard/install.ts`), what its question names (`wizard/questions.ts`), and what the next
 * steps (`init/next-steps.ts`) and `pipecat update`'s report (`update/report.ts`) tell the user to
 * run.
 *
 * Source: the server's README (`uv sync` in server/, from its pyproject.toml) and each client
 * kind's README (`npm install` in client/, from its package.json).
 */

/** One install command: the program, its arguments, and the project folder it runs in. */
export interface InstallCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Folder relative to the project (`server`, `client`). */
  readonly folder: 'server' | 'client';
}

/** The install command of each folder that has dependencies. */
export const INSTALL_COMMANDS: Readonly<Record<InstallCommand['folder'], InstallCommand>> = {
  server: { command: 'uv', args: ['sync'], folder: 'server' },
  client: { command: 'npm', args: ['install'], folder: 'client' },
};

/**
 * The command as typed in a shell.
 *
 * @param folder `server` or `client`
 * @returns e.g. `uv sync`
 */
export function installLine(folder: InstallCommand['folder']): string {
  const c = INSTALL_COMMANDS[folder];
  return [c.command, ...c.args].join(' ');
}
