/**
 * The options table as command-line flags: the one place its rows become flags, which every front end reads
 * (`pipecat init`, `pipecat update`, `yo pipecat`, the value checks and shell completion), so a
 * new row is a new flag everywhere at once, with no front end left behind.
 *
 * Plain objects only (no yargs or Yeoman import): each front end hands them to its own parser.
 */
import { CONFIG_OPTIONS, type ConfigKey, type ConfigLayer, type OptionDefinition } from './options.js';

/** One configuration option as a flag: its names and how its value is parsed. */
interface OptionFlag {
  /** The row it comes from. */
  readonly option: OptionDefinition<ConfigKey>;
  /** The long flag, e.g. `bot-type`. */
  readonly flag: string;
  /** Every other name yargs accepts for it: the one-letter short flag and the long aliases. */
  readonly aliases: readonly string[];
  /** Yes/no features and deployment go under `Features:`, the rest under `Project:` in `--help`. */
  readonly group: 'Features:' | 'Project:';
}

/** The flags of the configuration options, in table order (the one mapping from rows to flags). */
export const OPTION_FLAGS: readonly OptionFlag[] = CONFIG_OPTIONS.map((o) => ({
  option: o,
  flag: o.flag,
  aliases: [...(o.short ? [o.short] : []), ...(o.flagAliases ?? [])],
  group: o.type === 'boolean' ? 'Features:' : 'Project:',
}));

/** A yargs option definition (the subset the front ends set). */
interface YargsOptionSpec {
  type: 'string' | 'array' | 'boolean';
  alias: string[];
  describe: string;
  group: string;
  string?: true;
}

/**
 * The yargs options of the configuration, each with its help text and a note on its default.
 *
 * @param defaultNote the help suffix of an option, e.g. ` (default: off)` (`init`) or ` (default: as recorded)` (`update`)
 * @returns `[flag, spec]` pairs in table order
 */
export function yargsOptions(defaultNote: (o: OptionDefinition<ConfigKey>) => string): [string, YargsOptionSpec][] {
  return OPTION_FLAGS.map((f) => [
    f.flag,
    {
      type: f.option.type,
      alias: [...f.aliases],
      describe: f.option.describe + defaultNote(f.option),
      group: f.group,
      ...(f.option.type === 'array' ? { string: true as const } : {}),
    },
  ]);
}

/**
 * The flags layer: the configuration options given on a command line, by config key.
 *
 * @param read the parsed value of a flag name, undefined when it was not given (yargs fills a
 *   flag's aliases too; Yeoman only the name typed, so every name is read)
 * @returns only the keys whose flag was given; a list given as nested lists (Yeoman's `Array`) is flattened
 */
export function flagsLayer(read: (name: string) => unknown): ConfigLayer {
  const layer: ConfigLayer = {};
  for (const f of OPTION_FLAGS) {
    const v = [f.flag, ...(f.option.flagAliases ?? [])].map(read).find((x) => x !== undefined);
    if (v !== undefined) layer[f.option.key] = Array.isArray(v) ? v.flat(Infinity) : v;
  }
  return layer;
}

/**
 * Names of the flags of one kind, as typed without dashes.
 *
 * @param kind `boolean`: the yes/no options (long names and aliases); `value`: those that take a
 *   value (long, short and alias names)
 */
export function flagNames(kind: 'boolean' | 'value'): string[] {
  return OPTION_FLAGS.filter((f) => (f.option.type === 'boolean') === (kind === 'boolean')).flatMap((f) =>
    kind === 'boolean' ? [f.flag, ...(f.option.flagAliases ?? [])] : [f.flag, ...f.aliases],
  );
}
