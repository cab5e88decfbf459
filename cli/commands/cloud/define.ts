/**
 * One definition per `pipecat cloud` command: its name, description, the official CLI command it
 * follows, its arguments and flags, and its handler, in one object (as wrangler's `createCommand`
 * does). `--help` and shell completion come from the yargs module built here
 * ({@link cloudCommandModule}); the official-commands table (`docs/cloud-commands.md`, and the
 * answer to an official command we leave to pipecat's CLI) comes from the same tree
 * ({@link definitionLeaves}).
 *
 * Every leaf runs through {@link runCloudCommand}: the output mode (`cli/output/mode.ts`), the one
 * JSON document of json mode (on failure too), no colour or spinner in `plain` and `json` modes.
 */
import type { ArgumentsCamelCase, Argv, CommandModule, Options, PositionalOptions } from 'yargs';
import { jsonErrorDocument, markReportedAsJson } from '../../output/json-error.js';
import { resolveOutputMode, withoutStyles, type OutputMode } from '../../output/mode.js';
import { cloudOptions, processCloudIO, type CloudArgs, type CloudIO } from './common.js';
import { withOrganizationCheck } from './known-org.js';

/** A yargs module of any argument type (yargs' `Argv<T>` is invariant in T). */
type AnyCommand = CommandModule<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

/** Prints the command's JSON document (json mode only; at most once per run). */
export type Emit = (doc: unknown) => void;

/** Parsed arguments of a cloud command, after {@link runCloudCommand} resolved the output mode. */
export type Resolved<A> = A & { output: OutputMode; json: boolean };

/**
 * What a command does: given its collaborators (already set for the output mode), its arguments
 * and {@link Emit}. It throws the errors of `cli/errors.ts` and `cli/cloud-api/errors.ts`.
 */
type CloudAction<A> = (io: CloudIO, argv: Resolved<A>, emit: Emit) => Promise<void>;

/** A leaf command: `pipecat cloud agent start [agent-name]`. */
export interface CloudCommandDefinition<A extends CloudArgs = CloudArgs> {
  /** yargs command string below its group, e.g. `start [agent-name]`. */
  command: string;
  /** One line for `--help`. */
  describe: string;
  /**
   * The official CLI's command this one follows, as typed after `pipecat cloud`
   * (`agent start`), or null for a command of ours alone (`agent smoke`, `promote`).
   */
  official: string | null;
  /** Positional arguments, in the order of `command`. */
  positionals?: Readonly<Record<string, PositionalOptions>>;
  /** Flags beyond the common ones (`--organization`, `--api-host`, `--verbose`, `--json`). */
  options?: Readonly<Record<string, Options>>;
  /** `--help` examples: `[command line, what it does]`. */
  examples?: readonly (readonly [string, string])[];
  /** `--help` epilogue (exit codes, guide). */
  epilogue?: string;
  /** Extra checks of the parsed arguments (yargs `check`): true, or the usage error's message. */
  check?: (argv: A) => true | string;
  /** The command's work. */
  run: CloudAction<A>;
}

/** A group of commands: `pipecat cloud organizations keys …`. */
export interface CloudGroupDefinition {
  /** yargs command string, e.g. `keys <command>`. */
  command: string;
  describe: string;
  /** The official CLI's group name (`organizations keys`), or null. */
  official: string | null;
  /** Its commands and groups, in the order `--help` lists them. */
  commands: readonly CloudDefinition[];
  epilogue?: string;
}

/**
 * A command written as a yargs module of its own, outside {@link runCloudCommand} and its output
 * contract (`emulator`, and the hidden answers to official commands we leave to pipecat's CLI),
 * with what the official-commands table needs to know of it.
 */
export interface CloudModuleRow {
  command: string;
  describe: string;
  official: string | null;
  /** Left out of `--help`, the group's list of commands and the official-commands table. */
  hidden?: boolean;
  /** The yargs module, given the collaborators. */
  module: (io: () => CloudIO) => AnyCommand;
}

/** A node of the cloud command tree. */
export type CloudDefinition = CloudCommandDefinition<any> | CloudGroupDefinition | CloudModuleRow; // eslint-disable-line @typescript-eslint/no-explicit-any -- each leaf has its own argument type; the tree holds them all

/** Whether a node is a group. */
function isGroup(d: CloudDefinition): d is CloudGroupDefinition {
  return 'commands' in d;
}

/** Whether a node is a yargs module row. */
function isModuleRow(d: CloudDefinition): d is CloudModuleRow {
  return 'module' in d;
}

/** The first word of a yargs command string (`start [agent-name]` → `start`). */
export function commandName(d: { command: string }): string {
  return d.command.split(' ')[0];
}

/**
 * Runs a command body in its output mode, an unknown organisation told as such
 * (`./known-org.ts`): resolves the mode, sets `argv.output` and `argv.json`,
 * hands the body collaborators whose sinks drop colour and whose spinner is silent outside `rich`,
 * and in json mode guarantees one JSON document on stdout: the body's ({@link Emit}), or on failure
 * the error document (`cli/output/json-error.ts`). The error is then rethrown, marked as reported,
 * so `cli/main.ts` prints its message on stderr and sets the exit code.
 *
 * @param io the collaborators of the run
 * @param argv the parsed arguments (`output` and `json` are read, then set)
 * @param body the command; it calls `emit(doc)` at most once
 * @throws whatever the body throws; UserError (exit 2) for an unknown output mode
 */
async function runCloudCommand<A extends CloudArgs>(
  io: CloudIO,
  argv: A,
  body: (io: CloudIO, argv: Resolved<A>, emit: Emit) => Promise<void>,
): Promise<void> {
  const mode = resolveOutputMode(argv as { output?: unknown; json?: unknown }, io.env);
  const resolved = Object.assign(argv, { output: mode, json: mode === 'json' });
  let emitted = false;
  const emit: Emit = (doc) => {
    if (emitted) throw new Error('a command printed two JSON documents');
    emitted = true;
    if (mode === 'json') io.out(JSON.stringify(doc, null, 2) + '\n');
  };
  try {
    await withOrganizationCheck(forMode(io, mode), (x) => body(x, resolved, emit));
  } catch (err) {
    if (mode === 'json') {
      if (!emitted) io.out(JSON.stringify(jsonErrorDocument(err), null, 2) + '\n');
      markReportedAsJson(err);
    }
    throw err;
  }
}

/** The collaborators for a mode: `rich` as given; otherwise no colour and a silent spinner. */
function forMode(io: CloudIO, mode: OutputMode): CloudIO {
  if (mode === 'rich') return io;
  return {
    ...io,
    out: (text) => io.out(withoutStyles(text)),
    err: (text) => io.err(withoutStyles(text)),
    startSpinner: (text) => io.startSpinner(text, { json: true }),
  };
}

/** Applies a leaf's positionals, flags, checks, examples and epilogue to its yargs builder. */
function buildLeaf(def: CloudCommandDefinition, y: Argv): Argv {
  let b: Argv = cloudOptions(y);
  for (const [name, opt] of Object.entries(def.positionals ?? {})) b = b.positional(name, opt);
  if (def.options) b = b.options(def.options);
  const check = def.check;
  if (check) b = b.check((argv) => check(argv as CloudArgs));
  for (const [cmd, what] of def.examples ?? []) b = b.example(cmd, what);
  return def.epilogue ? b.epilogue(def.epilogue) : b;
}

/**
 * The yargs module of a node of the tree, its handlers given the collaborators.
 *
 * @param def a command, a group or a module row
 * @param io maker of the collaborators, called once per run (default: the process's)
 */
export function cloudCommandModule(def: CloudDefinition, io: () => CloudIO = processCloudIO): AnyCommand {
  if (isModuleRow(def)) return def.module(io);
  if (isGroup(def)) {
    const names = def.commands.filter((c) => !(isModuleRow(c) && c.hidden)).map(commandName);
    return {
      command: def.command,
      describe: def.describe,
      builder: (y: Argv) => {
        let b = y;
        for (const child of def.commands) b = b.command(cloudCommandModule(child, io));
        const article = /^[aeiou]/.test(commandName(def)) ? 'an' : 'a';
        b = b.demandCommand(
          1,
          `name ${article} ${commandName(def)} command: ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`,
        );
        return def.epilogue ? b.epilogue(def.epilogue) : b;
      },
      handler: () => undefined,
    };
  }
  return {
    command: def.command,
    describe: def.describe,
    builder: (y: Argv) => buildLeaf(def, y),
    handler: (argv: ArgumentsCamelCase) => runCloudCommand(io(), argv as CloudArgs, def.run),
  };
}

/** One leaf of the tree, with its full words below `pipecat cloud` (`agent start`). */
export interface DefinitionLeaf {
  /** Our words, e.g. `organizations keys use`. */
  words: string;
  describe: string;
  /** The official command it follows, or null. */
  official: string | null;
  /** The definition itself; undefined for a module row (`emulator`). */
  definition?: CloudCommandDefinition;
}

/**
 * Every leaf under a list of nodes, depth first, in `--help` order.
 *
 * @param nodes the nodes (the `cloud` group's commands)
 * @param prefix words of the enclosing groups
 */
export function definitionLeaves(nodes: readonly CloudDefinition[], prefix = ''): DefinitionLeaf[] {
  const out: DefinitionLeaf[] = [];
  for (const d of nodes) {
    if (isModuleRow(d) && d.hidden) continue;
    const words = `${prefix}${commandName(d)}`;
    if (isGroup(d)) out.push(...definitionLeaves(d.commands, words + ' '));
    else out.push({ words, describe: d.describe, official: d.official, definition: isModuleRow(d) ? undefined : d });
  }
  return out;
}
