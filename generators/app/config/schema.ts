/**
 * The joi schema of the configuration (types and allowed values, derived from the catalogue) and
 * the cross-field rules of the spec. Both report every problem at once.
 *
 * Source: pipecat's `ConfigValidationError` (`src/pipecat/cli/config_validator.py`: every problem at
 * once, nothing written), and the catalogue for what the generator can turn into correct code.
 */
import { createRequire } from 'node:module';
import type Joi from 'joi';
import type JoiModule from 'joi';
import { TRANSPORTS, TRANSPORT_FAMILIES, findTransport, transportName } from '../catalogue/catalogue.js';
import type { TransportDefinition } from '../catalogue/types.js';
import { problemFromDetail, transportChoicesText, type ConfigProblem } from './problems.js';
import { findClientKind, frameworksWithServerChoice, kindSupports, kindsOfFramework } from '../catalogue/client-kinds.js';
import {
  CONFIG_OPTIONS,
  ROLE_OF_KEY,
  optionFor,
  optionLabel,
  transportIds,
  type ConfigKey,
  type OptionDefinition,
  type ValueSource,
} from './options.js';
import { plainlyValid, selectableServiceIds } from './allowed-values.js';
import { pipecatVersionProblem } from './pipecat-version.js';

/** Longest accepted project name (it is also a cloud agent and secret-set name). */
export const MAX_NAME_LENGTH = 50;

/** A safe directory name: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export { ROLE_OF_KEY, selectableServiceIds, transportIds };
export { idsMentioning, quotedValue, withLabel, type ConfigProblem } from './problems.js';

let joiModule: typeof Joi | undefined;

/**
 * The joi module, loaded on first use: importing it and building the schema is about a third of
 * `pipecat init --list-options`' start-up (measured with `node --cpu-prof`), which needs neither. Loaded with `require` like `../semver.ts`, so the bundle (`scripts/bundle.ts`) leaves
 * it to `node_modules`.
 */
function joi(): typeof Joi {
  return (joiModule ??= createRequire(import.meta.url)('joi') as typeof Joi);
}

let schema: Joi.ObjectSchema | undefined;

/**
 * Schema of a normalised configuration (aliases already resolved), built on first use. `convert:
 * false` is used when validating, so `"false"` is not a boolean.
 */
export function configSchema(): Joi.ObjectSchema {
  const Joi = joi();
  // One field per row of the options table: its allowed values from `choices`, the catalogue
  // (`values`, a service `role`) or, for the project name, the directory-name rule.
  return (schema ??= Joi.object(Object.fromEntries(CONFIG_OPTIONS.map((o) => [o.key, rowSchema(Joi, o)]))).prefs({
    convert: false,
    abortEarly: false,
  }));
}

/**
 * The joi schema of one row: a required boolean for a yes/no option, a non-empty list of allowed
 * ids for a list, one allowed value (or null, when the row is `nullable`) for a choice, the
 * directory-name rule for a free-text value.
 *
 * @param Joi the joi module
 * @param o a row of the options table
 */
function rowSchema(Joi: typeof JoiModule, o: OptionDefinition): Joi.Schema {
  if (o.type === 'boolean') return Joi.boolean().required();
  const allowed = o.role ? selectableServiceIds(o.role) : (o.choices ?? o.values?.());
  if (o.type === 'array')
    return Joi.array()
      .items(Joi.string().valid(...(allowed ?? [])))
      .min(1)
      .required()
      .messages({ 'array.min': `at least one ${o.flag} is required` });
  if (o.versionFloor) return versionSchema(Joi, o.versionFloor);
  if (!allowed) return projectNameSchema(Joi);
  const field = Joi.string().valid(...allowed, ...(o.nullable ? [null] : []));
  return o.nullable ? field : field.required();
}

/** A pipecat-ai version of at least `floor`, or null (`./pipecat-version.ts`). */
function versionSchema(Joi: typeof JoiModule, floor: string): Joi.Schema {
  return Joi.string()
    .allow(null)
    .custom((value: string, helpers) => {
      const problem = pipecatVersionProblem(value, floor);
      return problem ? helpers.message({ custom: problem }) : value;
    });
}

/** The project name: a plain directory name of at most {@link MAX_NAME_LENGTH} characters. */
function projectNameSchema(Joi: typeof JoiModule): Joi.Schema {
  return Joi.string()
    .max(MAX_NAME_LENGTH)
    .pattern(PROJECT_NAME_PATTERN)
    .invalid('.', '..')
    .required()
    .messages({
      'string.pattern.base':
        'must be a plain directory name: letters, digits, ".", "_" or "-", starting with a letter or digit (no "/", no leading "." or "-")',
      'string.max': `must be at most ${MAX_NAME_LENGTH} characters`,
      'any.invalid': 'must be a plain directory name',
    });
}

/**
 * Schema of one key, for validating a single wizard answer.
 *
 * @param key a config key
 */
export function fieldSchema(key: ConfigKey): Joi.Schema {
  return configSchema().extract(key);
}

/**
 * Validate types and allowed values with joi (unless {@link plainlyValid} shows there is nothing to
 * report), then the cross-field rules.
 *
 * @param config a normalised configuration (aliases resolved, defaults applied)
 * @param sources where each value came from, so a message naming another option names it as the
 *   user gave it (`--bot-type` or `config key "bot_type"`)
 * @returns every problem found; empty when the configuration can be generated
 */
export function validateConfig(config: Record<string, unknown>, sources: Partial<Record<ConfigKey, ValueSource>> = {}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  // Most configurations have no problem: those need no joi (./allowed-values.ts).
  const plain = plainlyValid(config, { maxLength: MAX_NAME_LENGTH, pattern: PROJECT_NAME_PATTERN });
  const error = plain ? undefined : configSchema().validate(config).error;
  for (const d of error?.details ?? []) problems.push(problemFromDetail(d));
  if (problems.length === 0) problems.push(...crossFieldProblems(config, sources));
  else problems.push(...crossFieldProblems(config, sources).filter((p) => !problems.some((q) => q.key === p.key)));
  // The bot type follows from the transports (`inferBotType`): while they are missing or wrong,
  // a missing bot type is theirs to fix, and the transport message says what to give (one fix, not two).
  const transportProblem = problems.find((p) => p.key === 'transports');
  if (transportProblem) {
    if (config.transports == null || (Array.isArray(config.transports) && config.transports.length === 0))
      transportProblem.message = `is required: ${transportChoicesText(config.bot_type)}`;
    return problems.filter((p) => !(p.key === 'bot_type' && p.message.startsWith('is required')));
  }
  return problems;
}

/**
 * The spec's rules that involve several keys. Values of the wrong type are skipped (joi reports
 * those).
 *
 * @param c a normalised configuration
 * @param sources where each value came from (names the options a message refers to)
 */
function crossFieldProblems(c: Record<string, unknown>, sources: Partial<Record<ConfigKey, ValueSource>> = {}): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const add: AddProblem = (key, message) => void out.push({ key, message });
  const transports = Array.isArray(c.transports) ? (c.transports as unknown[]).filter((t): t is string => typeof t === 'string') : [];
  const defs = transports.map((t) => findTransport(t)).filter((t) => t !== undefined);
  modeProblems(c, add);
  botTypeProblems(c, defs, sources, add);
  clientProblems(c, defs, add);
  videoProblems(c, defs, add);
  callFlowProblems(c, defs, add);
  if (c.enable_noisecancel === true && c.deploy_to_cloud === false) {
    add('enable_noisecancel', 'Krisp noise cancellation runs on Pipecat Cloud only: it needs --deploy-to-cloud');
  }
  return out;
}

/** Receives one cross-field problem. */
type AddProblem = (key: ConfigKey, message: string) => void;

/** Cascade needs STT, LLM and TTS and no realtime service; realtime the reverse. */
function modeProblems(c: Record<string, unknown>, add: AddProblem): void {
  if (c.mode === 'cascade') {
    for (const k of ['stt_service', 'llm_service', 'tts_service'] as const) {
      if (c[k] == null) add(k, 'is required in cascade mode');
    }
    if (c.realtime_service != null) add('realtime_service', 'is only for realtime mode (cascade uses STT, LLM and TTS)');
  } else if (c.mode === 'realtime') {
    if (c.realtime_service == null) add('realtime_service', 'is required in realtime mode');
    for (const k of ['stt_service', 'llm_service', 'tts_service'] as const) {
      if (c[k] != null) add(k, 'is only for cascade mode (realtime uses one speech-to-speech service)');
    }
  }
}

/** A web bot takes no telephony transport; a telephony bot has no video and no client. */
function botTypeProblems(
  c: Record<string, unknown>,
  defs: readonly TransportDefinition[],
  sources: Partial<Record<ConfigKey, ValueSource>>,
  add: AddProblem,
): void {
  if (c.bot_type === 'web') {
    for (const t of defs) {
      if (t.kind !== 'telephony') continue;
      const botType = optionLabel(optionFor('bot_type'), sources.bot_type ?? 'flag');
      add(
        'transports',
        `${transportName(t)} is a telephony transport but ${botType} is web: leave ${botType} out to make a telephony bot (web transports then ride along for local testing), or take only web transports (${transportIds()
          .filter((id) => findTransport(id)?.kind === 'web')
          .join(', ')})`,
      );
    }
  }
  if (c.bot_type === 'telephony') {
    if (c.video_service != null) add('video_service', 'video avatars are for web bots only');
    if (c.video_input === true) add('video_input', 'video input is for web bots only');
    if (c.video_output === true) add('video_output', 'video output is for web bots only');
    if (c.client_framework != null && c.client_framework !== 'none')
      add('client_framework', 'web clients are for web bots only (telephony bots are reached by phone)');
    if (c.client_server != null) add('client_server', 'is for web bots with a React client only');
  }
}

/** `--client-server` only for frameworks with several kinds; a client needs a transport it has an SDK for. */
function clientProblems(c: Record<string, unknown>, defs: readonly TransportDefinition[], add: AddProblem): void {
  const web = c.bot_type === 'web';
  if (c.client_server != null && web && !frameworksWithServerChoice().includes(c.client_framework as string)) {
    const own = kindsOfFramework(c.client_framework);
    add(
      'client_server',
      `is only for --client-framework ${frameworksWithServerChoice().join(' or ')} (${c.client_framework ?? 'none'} ${own.length ? `always uses ${own[0].server}` : 'has no client'})`,
    );
  }
  // A client connects over the transports it has an SDK for: one of them must be chosen.
  const kind = web ? findClientKind(c.client_framework, c.client_server) : undefined;
  if (kind && defs.length > 0 && !defs.some((t) => kindSupports(kind, t.runnerTransport))) {
    const usable = TRANSPORTS.filter((t) => t.kind === 'web' && kindSupports(kind, t.runnerTransport));
    add(
      'client_framework',
      `${String(c.client_framework)} (${kind.label} client) connects over ${usable.map((t) => t.label).join(' or ')} only: add --transport ${usable.map((t) => t.id).join(' or ')}, or choose another client`,
    );
  }
}

/** Video rides only on transports whose params carry it; an avatar needs video output. */
function videoProblems(c: Record<string, unknown>, defs: readonly TransportDefinition[], add: AddProblem): void {
  const web = c.bot_type === 'web';
  if (web && defs.length > 0 && !defs.some((t) => t.params?.video)) {
    // Video rides only on transports whose params carry it (catalogue `params.video`).
    const carriers = (TRANSPORTS as readonly TransportDefinition[])
      .filter((t) => t.kind === 'web' && t.params?.video)
      .map((t) => t.id)
      .join(', ');
    const why = `${defs.map((t) => t.id).join(', ')} ${defs.length === 1 ? 'carries' : 'carry'} audio only; video needs ${carriers}`;
    if (c.video_input === true) add('video_input', why);
    if (c.video_output === true) add('video_output', why);
    if (c.video_service != null) add('video_service', why);
  }
  if (c.video_service != null && c.video_output === false && web) {
    add('video_output', 'a video avatar service sends bot video: it needs video output (drop --no-video-output)');
  }
}

/** A dial mode only with its family, one direction per family, one Daily call flow per project. */
function callFlowProblems(c: Record<string, unknown>, defs: readonly TransportDefinition[], add: AddProblem): void {
  for (const f of TRANSPORT_FAMILIES.map((fam) => ({ key: fam.modeKey, family: fam.id, label: fam.label }))) {
    const members = defs.filter((t) => t.family === f.family);
    if (members.length === 0 && c[f.key] != null) {
      add(f.key, `is only for the ${f.label} transport (${f.family})`);
    }
    if (members.length > 1) add('transports', `choose one ${f.label} direction, not both (${members.map((m) => m.id).join(', ')})`);
  }
  const callFlows = defs.filter((t) => t.family !== undefined);
  const familiesChosen = new Set(callFlows.map((t) => t.family));
  if (familiesChosen.size > 1) {
    add('transports', `one Daily call flow per project: ${callFlows.map((t) => t.id).join(' and ')} each need their own call server`);
  }
}
