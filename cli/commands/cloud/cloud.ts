/**
 * `pipecat cloud <command>`: Pipecat Cloud commands (auth, secrets, deploy, promote, agent, emulator, …).
 *
 * The tree of command definitions ({@link CLOUD_COMMANDS}, `./define.ts`) is the one source of
 * `--help`, completion and the official-commands table (`docs/cloud-commands.md`). The group
 * itself adds `--output rich|plain|json` (before or after the sub-command; `cli/output/mode.ts`),
 * and answers an official command that we leave to pipecat's own CLI with the command to run there
 * (`./official-commands.ts`).
 */
import type { Argv, CommandModule } from 'yargs';
import { OUTPUT_MODES, OUTPUT_VARIABLE } from '../../output/mode.js';
import { AGENT_GROUP } from './agent.js';
import { AUTH_GROUP } from './auth.js';
import { BUILD_GROUP } from './build.js';
import { processCloudIO, type CloudIO } from './common.js';
import { cloudCommandModule, commandName, type CloudDefinition } from './define.js';
import { DEPLOY_COMMAND } from './deploy.js';
import { createEmulatorCommand } from './emulator.js';
import { OFFICIAL_ONLY, officialOnlyRow } from './official-commands.js';
import { ORGANIZATIONS_GROUP } from './organizations.js';
import { REGIONS_GROUP } from './regions.js';
import { PROMOTE_COMMAND } from './promote.js';
import { SECRETS_GROUP } from './secrets.js';

/** Every `pipecat cloud` command, in the order `--help` lists them. */
export const CLOUD_COMMANDS: readonly CloudDefinition[] = [
  AUTH_GROUP,
  SECRETS_GROUP,
  DEPLOY_COMMAND,
  PROMOTE_COMMAND,
  AGENT_GROUP,
  ORGANIZATIONS_GROUP,
  REGIONS_GROUP,
  BUILD_GROUP,
  // Outside the output contract (it prints the variables to export, not a document): a module row.
  {
    command: 'emulator',
    describe: 'Run a local emulator of the Pipecat Cloud API (secrets, agents, builds, auth) for offline use and tests',
    official: null,
    module: createEmulatorCommand,
  },
  ...OFFICIAL_ONLY.filter((w) => !w.includes(' ')).map(officialOnlyRow),
];

/**
 * The `cloud` command group, its commands given the collaborators.
 *
 * @param io collaborators, made when a command runs (default: the process's)
 */
export function createCloudCommand(io: () => CloudIO = processCloudIO): CommandModule {
  const names = CLOUD_COMMANDS.filter((d) => !('hidden' in d && d.hidden)).map(commandName);
  return {
    command: 'cloud <command>',
    describe:
      'Manage Pipecat Cloud: auth, secrets, deploy, agents and sessions, organizations and keys, regions, builds, local API emulator',
    builder: (yargs: Argv) => {
      let y = yargs.option('output', {
        type: 'string',
        requiresArg: true,
        describe: `Output mode: ${OUTPUT_MODES.join(', ')} (rich: default; plain: tab-separated, no colour; json: one document on stdout). Also ${OUTPUT_VARIABLE}`,
      });
      for (const d of CLOUD_COMMANDS) y = y.command(cloudCommandModule(d, io));
      return y.demandCommand(1, `name a cloud command: ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`);
    },
    handler: () => undefined,
  };
}

/** The `cloud` command group of the binary. */
export const cloudCommand: CommandModule = createCloudCommand();
