/**
 * The one resolver used by flags, the JSON config file, the wizard and `--dry-run`:
 *
 * ```
 * defaults <- JSON config file <- flags given on the command line (or wizard answers)
 *   -> normalise (aliases to canonical ids, transport family + mode to the resolved transport)
 *   -> validate (joi schema + cross-field rules) -> frozen ProjectConfig, or one UserError listing
 *      every problem, each naming its flag or config key
 * ```
 *
 * Its parts: `config-file.ts` reads a config file into a layer, `normalise.ts` canonicalises,
 * `schema.ts` validates, `derive.ts` computes the derived values; this module merges and runs them
 * (and re-exports them, so callers import the resolver from one place).
 *
 * Source: pipecat's own `pipecat init` (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/cli/commands/init.py`) for precedence, validation
 * and config keys; one resolver, so a wizard answer, a flag and a config key cannot be judged
 * differently.
 */
import { ConfigError } from './errors.js';
import { normalise } from './normalise.js';
import { CONFIG_OPTIONS, optionFor, optionLabel, type ConfigLayer, type ValueSource } from './options.js';
import { validateConfig, type ConfigProblem } from './schema.js';
import type { ProjectConfig } from './types.js';

export { ConfigError } from './errors.js';
export {
  MAX_CONFIG_BYTES,
  MAX_CONFIG_DEPTH,
  jsonErrorLocation,
  layerFromObject,
  readConfigText,
  readConfigFile,
  tooDeep,
} from './config-file.js';
export { inferBotType, normalise } from './normalise.js';
export { agentNameFor, deriveValues, type DerivedValues } from './derive.js';
export type { ConfigLayer, ValueSource } from './options.js';

/** The inputs of one resolution. */
interface ResolveInput {
  /** Values from the config file (already keyed by canonical key), if any. */
  config?: ConfigLayer;
  /** Values given explicitly on the command line or by the wizard. */
  flags?: ConfigLayer;
}

/**
 * Merge the layers, normalise, validate and freeze.
 *
 * @param input config file layer and explicit flags
 * @returns the frozen configuration
 * @throws ConfigError (exit 2) listing every problem, each naming its flag or config key
 */
export function resolveConfig(input: ResolveInput): ProjectConfig {
  const { merged, sources } = mergeLayers(input);
  const problems: ConfigProblem[] = [];
  const normalised = normalise(merged, problems, sources);
  problems.push(...validateConfig(normalised, sources));
  if (problems.length) {
    throw new ConfigError('invalid configuration: nothing was written', formatProblems(problems, sources));
  }
  // Every key is present in a resolved configuration; unset optional values are null.
  const resolved: Record<string, unknown> = {};
  for (const o of CONFIG_OPTIONS) resolved[o.key] = normalised[o.key] === undefined ? null : normalised[o.key];
  return Object.freeze(resolved as unknown as ProjectConfig);
}

/**
 * Merge defaults, config file and flags; a flag counts only when it was given.
 *
 * @param input the layers
 * @returns merged values and where each came from
 */
export function mergeLayers(input: ResolveInput): { merged: Record<string, unknown>; sources: Record<string, ValueSource> } {
  const merged: Record<string, unknown> = {};
  const sources: Record<string, ValueSource> = {};
  for (const o of CONFIG_OPTIONS) {
    if (input.flags && input.flags[o.key] !== undefined) {
      merged[o.key] = input.flags[o.key];
      sources[o.key] = 'flag';
    } else if (input.config && input.config[o.key] !== undefined) {
      merged[o.key] = input.config[o.key];
      sources[o.key] = 'config';
    } else {
      merged[o.key] = o.type === 'boolean' ? o.default : undefined;
      sources[o.key] = 'default';
    }
  }
  return { merged, sources };
}

/**
 * Render problems as lines naming the flag or config key that holds the bad value.
 *
 * @param problems what is wrong
 * @param sources where each key's value came from
 */
function formatProblems(problems: ConfigProblem[], sources: Record<string, ValueSource>): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const p of problems) {
    // Several joi rules can fail for one value (e.g. type and allowed values): report the first.
    const sig = `${p.key}:${/^(must be|unknown)/.test(p.message) ? 'type' : p.message}`;
    if (seen.has(sig)) continue;
    seen.add(sig);
    const opt = optionFor(p.key);
    const label = optionLabel(opt, sources[p.key] ?? 'default');
    const line = `${label}: ${p.message}`;
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}
