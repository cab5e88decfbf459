/**
 * The configuration of an update: the project's recorded configuration (`.yo-rc.json`) as the base
 * layer, the flags given on top, resolved by the one resolver `pipecat init` uses
 * (`config/resolve.ts`), so the same rules hold (aliases, the telephony inference, cross-field
 * rules).
 *
 * Recorded values follow from earlier choices; when the flags change those choices, such values
 * yield:
 * - the bot type is inferred again when the transports change (adding a telephony transport makes
 *   a telephony bot, by pipecat 1.7.0's rule in `config_validator.py`);
 * - any other recorded value the new configuration makes invalid (a web client on a bot that
 *   became a telephony bot, a PSTN direction without its transport, cascade services after
 *   `--mode realtime`) is dropped and falls back to its default, and reported;
 * - a value given as a flag is never dropped: its problems are reported (exit 2).
 *
 * Source: docs/updating.md (the recorded configuration, and the flags on top).
 */
import { TRANSPORTS, TRANSPORT_FAMILIES, currentTransportName } from '../catalogue/catalogue.js';
import { mergeLayers, normalise, resolveConfig, type ConfigLayer } from '../config/resolve.js';
import { validateConfig, type ConfigProblem } from '../config/schema.js';
import type { ConfigKey } from '../config/options.js';
import type { ProjectConfig } from '../config/types.js';
import { parsePipecatVersion, pipecatVersionProblem } from '../config/pipecat-version.js';
import { UpdateFlagError } from './errors.js';
import { visibleField } from '../output/terminal-safe.js';

export { UpdateFlagError } from './errors.js';

/** Inputs of {@link resolveUpdateConfig}. */
interface UpdateConfigInput {
  /** The recorded configuration (`.yo-rc.json`), as a layer keyed by canonical keys. */
  recorded: ConfigLayer;
  /** Values given as flags (`init`'s flag names), by config key. */
  flags: ConfigLayer;
  /** `--add-transport` values (ids, vendor aliases or families), in order. */
  add?: readonly string[];
  /** `--remove-transport` values (ids or vendor aliases). */
  remove?: readonly string[];
}

/** Result of {@link resolveUpdateConfig}. */
interface UpdateConfig {
  /** The new, validated configuration. */
  config: ProjectConfig;
  /** Recorded values that no longer apply and were dropped, one line each, e.g. `client_framework "vanilla" (web clients are for web bots only …)`. */
  dropped: string[];
}

/** Canonical transport id of an id or vendor alias, or undefined (families need a direction). */
function canonicalTransport(value: string): string | undefined {
  const v = currentTransportName(value);
  return TRANSPORTS.find((t) => t.id === v || (t.aliases as readonly string[]).includes(v))?.id;
}

/**
 * The transport list after `--transport` (replaces the list), then `--add-transport` and
 * `--remove-transport`.
 *
 * @param current the recorded (canonical) transport ids
 * @param input flags
 * @returns the new list (values as given; the resolver canonicalises them), or undefined when the
 *   flags do not touch transports
 * @throws UpdateFlagError naming `--remove-transport` for a transport the project does not have, or
 *   when nothing would be left
 */
export function updatedTransports(current: readonly string[], input: UpdateConfigInput): unknown[] | undefined {
  const add = input.add ?? [];
  const remove = input.remove ?? [];
  const given = input.flags.transports;
  if (given === undefined && add.length === 0 && remove.length === 0) return undefined;
  let list: unknown[] = given === undefined ? [...current] : Array.isArray(given) ? [...(given as unknown[])] : [given];
  list = [...list, ...add];
  const problems: string[] = [];
  for (const r of remove) {
    const id =
      canonicalTransport(r) ??
      TRANSPORT_FAMILIES.find((f) => f.id === currentTransportName(r) || f.aliases.includes(currentTransportName(r)))?.id;
    const matches = (t: unknown): boolean => {
      if (typeof t !== 'string') return false;
      const c = canonicalTransport(t) ?? t;
      if (c === id) return true;
      // A family (`daily_pstn`) removes whichever direction the project has.
      return TRANSPORTS.some((d) => d.id === c && 'family' in d && d.family === id);
    };
    if (id === undefined || !list.some(matches)) {
      problems.push(`--remove-transport ${r}: the project has no such transport (it has ${list.map(String).join(', ')})`);
      continue;
    }
    list = list.filter((t) => !matches(t));
  }
  if (problems.length) throw new UpdateFlagError('invalid --remove-transport: nothing was changed', problems);
  if (list.length === 0)
    throw new UpdateFlagError(
      '--remove-transport would leave the project without a transport: add another with --add-transport (nothing was changed)',
    );
  return list;
}

/**
 * `--pipecat` raises the project's pipecat-ai floor: a version below the recorded one is refused
 * (the generator's own floor is the schema's rule).
 *
 * @param recorded the recorded `pipecat_version` (null or absent: none recorded)
 * @param given the `--pipecat` value, if given
 * @throws UpdateFlagError (exit 2) naming `--pipecat` when `given` is lower than `recorded`
 */
function checkPipecatRaise(recorded: unknown, given: unknown): void {
  if (typeof recorded !== 'string' || typeof given !== 'string' || !parsePipecatVersion(recorded)) return;
  const problem = parsePipecatVersion(given) ? pipecatVersionProblem(given, recorded) : undefined;
  if (problem) throw new UpdateFlagError('invalid --pipecat: nothing was changed', [`--pipecat: ${problem}`]);
}

/**
 * Resolve the configuration of an update.
 *
 * @param input recorded layer, flags, transport additions and removals
 * @returns the new configuration and the recorded values dropped on the way
 * @throws UpdateFlagError (exit 2) for `--remove-transport` problems and a `--pipecat` below the
 *   recorded floor; ConfigError (exit 2) listing
 *   every problem of the flags, each naming its flag
 */
export function resolveUpdateConfig(input: UpdateConfigInput): UpdateConfig {
  const flags: ConfigLayer = { ...input.flags };
  const recorded: ConfigLayer = { ...input.recorded };
  checkPipecatRaise(recorded.pipecat_version, flags.pipecat_version);
  const transports = updatedTransports(Array.isArray(recorded.transports) ? (recorded.transports as string[]) : [], input);
  if (transports !== undefined) {
    flags.transports = transports;
    // The bot type follows the transports again (the inference rule) unless given.
    delete recorded.bot_type;
  }
  // Call directions follow from the resolved transport ids.
  delete recorded.daily_pstn_mode;
  delete recorded.twilio_daily_sip_mode;
  const dropped: string[] = [];
  for (let round = 0; round < 8; round++) {
    const { merged, sources } = mergeLayers({ config: recorded, flags });
    const problems: ConfigProblem[] = [];
    const normalised = normalise(merged, problems, sources);
    problems.push(...validateConfig(normalised, sources));
    // The project's name is not a choice that follows from others: an invalid one is reported
    // (naming the `.yo-rc.json` key), never dropped (dropping it read as `--name: is required`).
    const stale = [
      ...new Set(
        problems.filter((p) => sources[p.key] === 'config' && recorded[p.key] !== undefined && p.key !== 'project_name').map((p) => p.key),
      ),
    ] as ConfigKey[];
    if (stale.length === 0) break;
    for (const key of stale) {
      const why = problems.find((p) => p.key === key)!.message;
      dropped.push(`${key} ${visibleField(JSON.stringify(recorded[key]) ?? String(recorded[key]))} (${visibleField(why)})`);
      delete recorded[key];
    }
  }
  return { config: resolveConfig({ config: recorded, flags }), dropped };
}
