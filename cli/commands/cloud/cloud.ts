/**
 * `pipecat cloud <command>`: Pipecat Cloud commands (auth, secrets, emulator).
 *
 * Subcommands are registered here explicitly, one import per module.
 */
import type { Argv, CommandModule } from 'yargs';
import { authCommand } from './auth.js';
import { emulatorCommand } from './emulator.js';
import { secretsCommand } from './secrets.js';

/** Subcommands of `pipecat cloud`; each module adds itself to this list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const subcommands: CommandModule<any, any>[] = [authCommand, secretsCommand, emulatorCommand];

/** The `cloud` command group. */
export const cloudCommand: CommandModule = {
  command: 'cloud <command>',
  describe: 'Manage Pipecat Cloud: auth, secrets, local API emulator',
  builder: (yargs: Argv) => {
    let y = yargs;
    for (const c of subcommands) y = y.command(c);
    return y.demandCommand(1, 'name a cloud command: see `pipecat cloud --help`');
  },
  handler: () => undefined,
};
