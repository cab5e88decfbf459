/**
 * `pipecat cloud <command>`: Pipecat Cloud commands (auth, secrets, emulator).
 *
 * Subcommands are registered here explicitly, one import per module.
 */
import type { Argv, CommandModule } from 'yargs';
import { authCommand } from './auth.js';
import { emulatorCommand } from './emulator.js';
import { secretsCommand } from './secrets.js';

/** The `cloud` command group. */
export const cloudCommand: CommandModule = {
  command: 'cloud <command>',
  describe: 'Manage Pipecat Cloud: auth, secrets, local API emulator',
  // Subcommands, in the order `--help` lists them; chained (not a list) so each keeps its argument type.
  builder: (yargs: Argv) =>
    yargs
      .command(authCommand)
      .command(secretsCommand)
      .command(emulatorCommand)
      .demandCommand(1, 'name a cloud command: see `pipecat cloud --help`'),
  handler: () => undefined,
};
