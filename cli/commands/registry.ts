/**
 * The explicit list of top-level commands of the `pipecat` binary (yargs `commandDir()` does not
 * work under ESM).
 *
 * Each entry names its command and description here and loads its module only when yargs runs that
 * command (an async builder, which `parseAsync` awaits), so `--help` and `--version` load no command
 * module at all and `init` never loads the cloud commands (start-up time: a run loads only what it
 * needs, `npm run bench`).
 */
import type { Argv, CommandModule } from 'yargs';

/** A yargs command module of any argument type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- yargs' Argv<T> is invariant in T, so commands with different argument types share no element type but CommandModule<any, any>
type AnyCommand = CommandModule<any, any>;

/** A command known by name and description, its module loaded on first use. */
interface LazyCommand {
  /** yargs command string, e.g. `init [directory]`; must equal the loaded module's. */
  command: string;
  /** One line for `--help`; must equal the loaded module's. */
  describe: string;
  /** Imports the command's module. */
  load: () => Promise<AnyCommand>;
  /**
   * What a stop by a signal says from the moment the binary starts until the command sets its own
   * (`setStopContext` in `../interrupts.ts`): e.g. `init`'s "cancelled: nothing was written", also
   * true while its module loads. Default: "cancelled".
   */
  stopNote?: string;
}

/**
 * Turn a {@link LazyCommand} into a yargs command module whose builder and handler load the real
 * module first (once: `import()` caches it).
 *
 * @throws Error (an internal error, exit 1) when the loaded module's command or description differ
 *   from the entry's, so the two cannot drift apart unnoticed
 */
function lazyCommand(entry: LazyCommand): LoadableCommand {
  let loaded: AnyCommand | undefined;
  const load = async () => {
    if (loaded) return loaded;
    const m = await entry.load();
    if (m.command !== entry.command || m.describe !== entry.describe) {
      throw new Error(`command registry: "${entry.command}" does not match its module ("${String(m.command)}": ${String(m.describe)})`);
    }
    return (loaded = m);
  };
  const build = (m: AnyCommand, y: Argv) => (typeof m.builder === 'function' ? m.builder(y) : m.builder ? y.options(m.builder) : y);
  return {
    command: entry.command,
    describe: entry.describe,
    stopNote: entry.stopNote,
    // Synchronous once loaded: yargs' completion calls builders without awaiting them.
    // (@types/yargs 17 types builders as synchronous; yargs 18 awaits a promise under parseAsync.)
    builder: ((y: Argv) => (loaded ? build(loaded, y) : load().then((m) => build(m, y)))) as unknown as (y: Argv) => Argv,
    handler: async (argv) => (await load()).handler(argv),
    load,
  };
}

/** A yargs command module from {@link lazyCommand}, with the loader of its real module. */
interface LoadableCommand extends AnyCommand {
  command: string;
  /** See {@link LazyCommand.stopNote}. */
  stopNote?: string;
  /** Import the real module (once). */
  load: () => Promise<AnyCommand>;
}

/** Every top-level command, in the order `pipecat --help` lists them. */
export const commands = [
  lazyCommand({
    command: 'init [directory]',
    describe: 'Scaffold a Pipecat bot project (server, optional web client, cloud deployment)',
    load: async () => (await import('./init.js')).initCommand,
    stopNote: 'cancelled: nothing was written',
  }),
  lazyCommand({
    command: 'update [directory]',
    describe: 'Change services, transports or features of a generated project, or update it to the current templates, keeping your edits',
    load: async () => (await import('./update.js')).updateCommand,
  }),
  lazyCommand({
    command: 'doctor [directory]',
    describe: "Check that a project's code, .env.example, dependencies, deploy files, client and secrets agree",
    load: async () => (await import('./doctor.js')).doctorCommand,
  }),
  lazyCommand({
    command: 'cloud <command>',
    describe:
      'Manage Pipecat Cloud: auth, secrets, deploy, agents and sessions, organizations and keys, regions, builds, local API emulator',
    load: async () => (await import('./cloud/cloud.js')).cloudCommand,
  }),
];

/**
 * Load the modules of the commands named among `words` (the words typed so far), so their builders
 * run synchronously: for shell completion, which yargs computes without awaiting builders.
 *
 * @param words positional words of the command line, e.g. `['init']` or `['cloud', 'secrets']`
 */
export async function preloadCommands(words: readonly string[]): Promise<void> {
  await Promise.all(commands.filter((c) => words.includes(c.command.split(' ')[0])).map((c) => c.load()));
}
