/**
 * `pipecat cloud secrets <command>`: manage Pipecat Cloud secret sets and image pull secrets.
 *
 * Subcommands, one module each under `./secrets/`: list, set, unset, delete, image-pull-secret.
 * Guide: docs/secrets.md. Source: issue 6 and ../shared/design/cloud-api.md.
 */
import type { Argv, CommandModule } from 'yargs';
import { processCloudIO, type CloudIO } from './common.js';
import { createListCommand } from './secrets/list.js';
import { createSetCommand } from './secrets/set.js';
import { createUnsetCommand } from './secrets/unset.js';
import { createDeleteCommand } from './secrets/delete.js';
import { createImagePullSecretCommand } from './secrets/image-pull-secret.js';
import { SECRETS_EPILOGUE } from './secrets/shared.js';

/**
 * The `cloud secrets` command group, its subcommands given the collaborators.
 *
 * @param io collaborators, made when a subcommand runs (default: the process's)
 */
export function createSecretsCommand(io: () => CloudIO = processCloudIO): CommandModule {
  return {
    command: 'secrets <command>',
    describe: 'Manage secret sets and image pull secrets (values are never shown)',
    // Subcommands, in the order `--help` lists them; chained (not a list) so each keeps its argument type.
    builder: (yargs: Argv) =>
      yargs
        .command(createListCommand(io))
        .command(createSetCommand(io))
        .command(createUnsetCommand(io))
        .command(createDeleteCommand(io))
        .command(createImagePullSecretCommand(io))
        .demandCommand(1, 'name a secrets command: list, set, unset, delete or image-pull-secret')
        .epilogue(SECRETS_EPILOGUE),
    handler: () => undefined,
  };
}

/** The `cloud secrets` command group of the binary. */
export const secretsCommand: CommandModule = createSecretsCommand();
