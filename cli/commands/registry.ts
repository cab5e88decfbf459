/**
 * The explicit list of top-level commands of the `pipecat` binary (yargs `commandDir()` does not
 * work under ESM, and an explicit list keeps start-up cheap: each module imports its heavy
 * dependencies lazily inside its handler).
 */
import type { CommandModule } from 'yargs';
import { initCommand } from './init.js';
import { cloudCommand } from './cloud/cloud.js';
import { updateCommand } from './update.js';

/** Every top-level command, in the order `pipecat --help` lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [initCommand, updateCommand, cloudCommand];
