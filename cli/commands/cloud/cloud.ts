/**
 * `pipecat cloud <command>`: Pipecat Cloud commands (auth, secrets, deploy, agent, emulator, …).
 *
 * The tree of command definitions ({@link CLOUD_COMMANDS}, `./define.ts`) is the one source of
 * `--help`, completion and the official-commands table (`docs/cloud-commands.md`). The group
 * itself adds `--output rich|plain|json` (before or after the sub-command; `cli/output/mode.ts`),
 * and answers an official command that we leave to pipecat's own CLI with the command to run there
 * (`./official-commands.ts`).
 */
import type { Argv, CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { OUTPUT_MODES, OUTPUT_VARIABLE } from '../../output/mode.js';
import { AGENT_GROUP } from './agent.js';
import { AUTH_GROUP } from './auth.js';
import { processCloudIO, type CloudIO } from './common.js';
import { cloudCommandModule, commandName, type CloudDefinition } from './define.js';
import { createDeployCommand } from './deploy.js';
import { createEmulatorCommand } from './emulator.js';
import { OFFICIAL_ONLY, officialOnlyMessage } from './official-commands.js';
import { createSecretsCommand } from './secrets.js';
import { KEYS_GROUP } from './keys.js';

/** Every `pipecat cloud` command, in the order `--help` lists them. */
export const CLOUD_COMMANDS: readonly CloudDefinition[] = [
  AUTH_GROUP,
  {
    command: 'secrets <command>',
    describe: 'Manage secret sets and image pull secrets (values are never shown)',
    official: 'secrets',
    officialLeaves: ['secrets list', 'secrets set', 'secrets unset', 'secrets delete', 'secrets image-pull-secret'],
    module: createSecretsCommand,
  },
  {
    command: 'deploy [agent-name] [image]',
    describe: 'Deploy an agent to Pipecat Cloud (Cloud Build when no image is given), after a preflight',
    official: 'deploy',
    module: createDeployCommand,
  },
  AGENT_GROUP,
  // Temporary home of `organizations keys` until the organizations group (list, select, …) lands.
  {
    command: 'organizations <command>',
    describe: 'Organization settings: public API keys',
    official: 'organizations',
    commands: [KEYS_GROUP],
  },
  {
    command: 'emulator',
    describe: 'Run a local emulator of the Pipecat Cloud API (secrets, agents, builds, auth) for offline use and tests',
    official: null,
    module: createEmulatorCommand,
  },
];

/**
 * A hidden command for an official command group we leave to pipecat's own CLI: whatever follows
 * it, it exits 2 with the command to run there.
 */
function officialOnlyCommand(words: string): CommandModule {
  return {
    command: `${words} [rest..]`,
    describe: false,
    builder: (y: Argv) => y.strict(false).help(false),
    handler: (argv) => {
      const rest = ((argv.rest as unknown[] | undefined) ?? []).map(String);
      throw new UserError(officialOnlyMessage([words, ...rest].join(' ')));
    },
  };
}

/**
 * The `cloud` command group, its commands given the collaborators.
 *
 * @param io collaborators, made when a command runs (default: the process's)
 */
export function createCloudCommand(io: () => CloudIO = processCloudIO): CommandModule {
  const names = CLOUD_COMMANDS.map(commandName);
  return {
    command: 'cloud <command>',
    describe: 'Manage Pipecat Cloud: auth, secrets, deploy, agents, local API emulator',
    builder: (yargs: Argv) => {
      let y = yargs.option('output', {
        type: 'string',
        requiresArg: true,
        describe: `Output mode: ${OUTPUT_MODES.join(', ')} (rich: default; plain: tab-separated, no colour; json: one document on stdout). Also ${OUTPUT_VARIABLE}`,
      });
      for (const d of CLOUD_COMMANDS) y = y.command(cloudCommandModule(d, io));
      for (const words of OFFICIAL_ONLY.filter((w) => !w.includes(' '))) y = y.command(officialOnlyCommand(words));
      return y.demandCommand(1, `name a cloud command: ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`);
    },
    handler: () => undefined,
  };
}

/** The `cloud` command group of the binary. */
export const cloudCommand: CommandModule = createCloudCommand();
