/**
 * `pipecat cloud <command>`: Pipecat Cloud commands (auth, secrets, deploy, promote, agent, emulator).
 *
 * Subcommands are registered here explicitly, one import per module; each gets the collaborators
 * ({@link CloudIO}) its handler uses.
 */
import type { Argv, CommandModule } from 'yargs';
import { createAgentCommand } from './agent.js';
import { createAuthCommand } from './auth.js';
import { processCloudIO, type CloudIO } from './common.js';
import { createDeployCommand } from './deploy.js';
import { createEmulatorCommand } from './emulator.js';
import { createPromoteCommand } from './promote.js';
import { createSecretsCommand } from './secrets.js';

/**
 * The `cloud` command group, its commands given the collaborators.
 *
 * @param io collaborators, made when a command runs (default: the process's)
 */
export function createCloudCommand(io: () => CloudIO = processCloudIO): CommandModule {
  return {
    command: 'cloud <command>',
    describe: 'Manage Pipecat Cloud: auth, secrets, deploy, agents, local API emulator',
    // Subcommands, in the order `--help` lists them; chained (not a list) so each keeps its argument type.
    builder: (yargs: Argv) =>
      yargs
        .command(createAuthCommand(io))
        .command(createSecretsCommand(io))
        .command(createDeployCommand(io))
        .command(createPromoteCommand(io))
        .command(createAgentCommand(io))
        .command(createEmulatorCommand(io))
        .demandCommand(1, 'name a cloud command: auth, secrets, deploy, promote, agent or emulator'),
    handler: () => undefined,
  };
}

/** The `cloud` command group of the binary. */
export const cloudCommand: CommandModule = createCloudCommand();
