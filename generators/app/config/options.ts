/**
 * The options table as the rest of the generator reads it: the rows (`option-table.ts`), the
 * configuration type computed from them, and the lookups. `ProjectConfig` is not written by hand:
 * a row's `type`, `choices` and `nullable` give its key's type, so a new row is a new key.
 *
 * Source: pipecat's own `pipecat init` (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/cli/commands/init.py`). `ProjectConfig` is
 * computed from the table, so a row and its key cannot drift apart.
 */
import type { ServiceRole } from '../catalogue/types.js';
import { OPTION_ROWS } from './option-table.js';
import type { FeatureDefinition, OptionDefinition } from './option-types.js';

export { transportIds } from './option-table.js';
export type { FeatureDefinition, FeatureReadme, FeatureServerParts, OptionDefinition, ValueSource } from './option-types.js';

/** One row of the table, with its literal types. */
type OptionRow = (typeof OPTION_ROWS)[number];

/**
 * The value type of one row: `boolean` for a yes/no option, a list of ids for `array`, else the
 * union of its `choices` (any string when the catalogue gives the values), with `null` when the
 * row is `nullable`.
 */
type RowValue<R> = R extends { readonly type: 'boolean' }
  ? boolean
  : R extends { readonly type: 'array' }
    ? string[]
    : (R extends { readonly choices: readonly (infer C)[] } ? C : string) | (R extends { readonly nullable: true } ? null : never);

/**
 * A fully resolved, validated project configuration: one key per row of the options table, typed
 * by the row. Keys are the JSON config file's keys (snake_case, as the Python `pipecat-cli` spells
 * them), so a `--dry-run` output can be fed back through `--config`. Every id is canonical (aliases
 * resolved, PSTN/SIP transports resolved with their mode); unset optional values are null.
 * Produced only by `resolveConfig()` (`./resolve.ts`), which validates it with `./schema.ts`.
 */
export type ProjectConfig = { -readonly [R in OptionRow as R['key']]: RowValue<R> };

/** A key of the resolved configuration. */
export type ConfigKey = keyof ProjectConfig;

/** Values from one layer (defaults, config file, flags or answers), by config key (only the keys that layer gives). */
export type ConfigLayer = Partial<Record<ConfigKey, unknown>>;

/** Every option of `pipecat init` that feeds the configuration, in help order (see `option-table.ts`). */
export const CONFIG_OPTIONS: readonly OptionDefinition<ConfigKey>[] = OPTION_ROWS;

/** The yes/no features (rows with a `feature`), in table order. */
export const FEATURE_OPTIONS: readonly (OptionDefinition<ConfigKey> & { readonly feature: FeatureDefinition })[] = CONFIG_OPTIONS.filter(
  (o): o is OptionDefinition<ConfigKey> & { readonly feature: FeatureDefinition } => o.feature !== undefined,
);

/** The catalogue role of each service key (`stt_service` → `stt` …), from the rows' `role`. */
export const ROLE_OF_KEY: Readonly<Partial<Record<ConfigKey, ServiceRole>>> = Object.fromEntries(
  CONFIG_OPTIONS.flatMap((o) => (o.role ? [[o.key, o.role]] : [])),
);

/**
 * Config keys that are output-only, ignored when read back: ours (`derived` from `--dry-run`,
 * `generator_version` in `.yo-rc.json`) and `generate_client`, which pipecat 1.7.0's `--dry-run`
 * writes (`config_validator.py`, `config_to_json`) and which both tools derive from `client_framework`.
 */
export const OUTPUT_ONLY_KEYS: readonly string[] = ['derived', 'generator_version', 'generate_client'];

/**
 * How to name an option in a message, given where its value came from.
 *
 * @param opt the option
 * @param source `flag` for the command line (or wizard), `config` for the JSON file
 * @returns e.g. `--stt` or `config key "stt_service"`
 */
export function optionLabel(opt: OptionDefinition, source: 'flag' | 'config' | 'default'): string {
  return source === 'config' ? `config key "${opt.key}"` : `--${opt.flag}`;
}

/**
 * The option for a config key.
 *
 * @throws Error when the key is not in the table (a programming error)
 */
export function optionFor(key: ConfigKey): OptionDefinition<ConfigKey> {
  const opt = CONFIG_OPTIONS.find((o) => o.key === key);
  if (!opt) throw new Error(`no option for config key ${key}`);
  return opt;
}
