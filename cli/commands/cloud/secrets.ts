/**
 * `pipecat cloud secrets <command>`: manage Pipecat Cloud secret sets and image pull secrets.
 *
 * Subcommands, one module each under `./secrets/`: list, set, unset, delete, image-pull-secret.
 * Guide: docs/secrets.md. Source: issue 6 and ../shared/design/cloud-api.md.
 */
import type { Argv, CommandModule } from 'yargs';
import { listCommand } from './secrets/list.js';
import { setCommand } from './secrets/set.js';
import { unsetCommand } from './secrets/unset.js';
import { deleteCommand } from './secrets/delete.js';
import { imagePullSecretCommand } from './secrets/image-pull-secret.js';
import { SECRETS_EPILOGUE } from './secrets/shared.js';

/** The `cloud secrets` command group. */
export const secretsCommand: CommandModule = {
  command: 'secrets <command>',
  describe: 'Manage secret sets and image pull secrets (values are never shown)',
  // Subcommands, in the order `--help` lists them; chained (not a list) so each keeps its argument type.
  builder: (yargs: Argv) =>
    yargs
      .command(listCommand)
      .command(setCommand)
      .command(unsetCommand)
      .command(deleteCommand)
      .command(imagePullSecretCommand)
      .demandCommand(1, 'name a secrets command: see `pipecat cloud secrets --help`')
      .epilogue(SECRETS_EPILOGUE),
  handler: () => undefined,
};
