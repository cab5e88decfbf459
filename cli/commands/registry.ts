/**
 * The explicit list of top-level commands of the `pipecat` binary (yargs `commandDir()` does not
 * work under ESM, and an explicit list keeps start-up cheap: each module imports its heavy
 * dependencies lazily inside its handler).
 */
import type { CommandModule } from 'yargs';
import { initCommand } from './init.js';
import { cloudCommand } from './cloud/cloud.js';

/** Every top-level command, in the order `pipecat --help` lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- yargs' Argv<T> is invariant in T, so commands with different argument types share no element type but CommandModule<any, any> (cloud.ts chains its subcommands instead; main.ts iterates this list)
export const commands: CommandModule<any, any>[] = [initCommand, cloudCommand];
