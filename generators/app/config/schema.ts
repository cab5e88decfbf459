/**
 * The joi schema of the configuration (types and allowed values, derived from the catalogue) and
 * the cross-field rules of the spec. Both report every problem at once.
 *
 * Source: issue 2 "Validation: every problem at once, nothing written", and catalogue-facts for
 * what the generator can turn into correct code.
 */
import { createRequire } from 'node:module';
import type Joi from 'joi';
import {
  SERVICES_BY_ROLE,
  TRANSPORTS,
  TRANSPORT_FAMILIES,
  SEED_TRANSPORT_IDS,
  currentTransportName,
  findService,
  findTransport,
  serviceForVendor,
  transportName,
  vendorOf,
} from '../catalogue/catalogue.js';
import type { ServiceRole } from '../catalogue/types.js';
import { closestMatch } from './suggest.js';
import {
  clientFrameworks,
  clientServers,
  findClientKind,
  frameworksWithServerChoice,
  kindSupports,
  kindsOfFramework,
} from '../catalogue/client-kinds.js';
import { CONFIG_OPTIONS, optionFor, optionLabel, type ConfigKey, type ValueSource } from './options.js';
import { plainlyValid, selectableServiceIds, transportIds } from './allowed-values.js';

export { selectableServiceIds, transportIds };

/** Longest accepted project name (it is also a cloud agent and secret-set name). */
export const MAX_NAME_LENGTH = 50;

/** A safe directory name: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const PROJECT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The catalogue role of each service key of the configuration (`stt_service` → `stt` …). */
export const ROLE_OF_KEY: Readonly<Partial<Record<ConfigKey, ServiceRole>>> = {
  stt_service: 'stt',
  llm_service: 'llm',
  tts_service: 'tts',
  realtime_service: 'realtime',
  video_service: 'video',
};

let joiModule: typeof Joi | undefined;

/**
 * The joi module, loaded on first use: importing it and building the schema is about a third of
 * `pipecat init --list-options`' start-up (measured with `node --cpu-prof`), which needs neither
 * (issue 14). Loaded with `require` like `../semver.ts`, so the bundle (`scripts/bundle.ts`) leaves
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
  if (schema) return schema;
  const Joi = joi();
  const serviceField = (role: ServiceRole) => Joi.string().valid(...selectableServiceIds(role), null);
  const dialMode = Joi.string().valid('dial-in', 'dial-out', null);
  return (schema = Joi.object({
    project_name: Joi.string()
      .max(MAX_NAME_LENGTH)
      .pattern(PROJECT_NAME_PATTERN)
      .invalid('.', '..')
      .required()
      .messages({
        'string.pattern.base':
          'must be a plain directory name: letters, digits, ".", "_" or "-", starting with a letter or digit (no "/", no leading "." or "-")',
        'string.max': `must be at most ${MAX_NAME_LENGTH} characters`,
        'any.invalid': 'must be a plain directory name',
      }),
    bot_type: Joi.string().valid('web', 'telephony').required(),
    transports: Joi.array()
      .items(Joi.string().valid(...transportIds()))
      .min(1)
      .required()
      .messages({
        'array.min': 'at least one transport is required',
      }),
    mode: Joi.string().valid('cascade', 'realtime').required(),
    stt_service: serviceField('stt'),
    llm_service: serviceField('llm'),
    tts_service: serviceField('tts'),
    realtime_service: serviceField('realtime'),
    video_service: serviceField('video'),
    client_framework: Joi.string().valid(...clientFrameworks(), 'none', null),
    client_server: Joi.string().valid(...clientServers(), null),
    daily_pstn_mode: dialMode,
    twilio_daily_sip_mode: dialMode,
    // Every yes/no option of the table (features and deployment) is a required boolean.
    ...Object.fromEntries(CONFIG_OPTIONS.filter((o) => o.type === 'boolean').map((o) => [o.key, Joi.boolean().required()])),
  }).prefs({ convert: false, abortEarly: false }));
}

/**
 * Schema of one key, for validating a single wizard answer.
 *
 * @param key a config key
 */
export function fieldSchema(key: ConfigKey): Joi.Schema {
  return configSchema().extract(key);
}

/** A problem found by validation: which key, and what is wrong. */
export interface ConfigProblem {
  key: ConfigKey;
  message: string;
}

/**
 * Turn a joi detail into a readable problem (unknown ids list the valid ones).
 *
 * @param detail one entry of `ValidationError.details`
 */
/**
 * An id as shown in messages: transport ids carry their label when it says more than the id
 * (`daily_pstn_dialin (Daily PSTN (dial-in))`, but `plivo`; see `transportName`), a seed transport
 * id is shown as today's; service ids name their vendor already and are shown as they are.
 *
 * @param key the config key the id belongs to
 * @param id a valid id
 */
export function withLabel(key: ConfigKey, id: string): string {
  if (key !== 'transports') return id;
  const current = currentTransportName(id); // a seed id is shown as today's
  const t = findTransport(current);
  return t ? transportName(t) : current;
}

/**
 * Other spellings accepted for a key's ids (vendor names, family ids, the seed's transport ids: a
 * near miss of one is suggested as today's id by {@link withLabel}).
 */
function aliasesOf(key: ConfigKey): string[] {
  if (key === 'transports')
    return [
      ...TRANSPORTS.flatMap((t) => t.aliases),
      ...TRANSPORT_FAMILIES.flatMap((f) => [f.id, ...f.aliases]),
      ...Object.keys(SEED_TRANSPORT_IDS),
    ];
  const role = ROLE_OF_KEY[key];
  return role ? SERVICES_BY_ROLE[role].flatMap((d) => d.aliases ?? []) : [];
}

/**
 * The vendor names a bare `--stt`/`--llm`/`--tts`/`--realtime`/`--video` value may use for a key
 * (the first word of each current service id of that role, {@link vendorOf}); none for other keys.
 *
 * @param key the config key
 */
function vendorsOf(key: ConfigKey): string[] {
  const role = ROLE_OF_KEY[key];
  return role ? [...new Set(SERVICES_BY_ROLE[role].filter((d) => !d.deprecated).map((d) => vendorOf(d.id)))] : [];
}

/**
 * A value as quoted in a message: JSON, cut to 60 characters (a config file may hold anything).
 *
 * @param value any parsed value
 */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Most ids {@link idsMentioning} suggests: more is a list, not a suggestion. */
const MAX_MENTIONS = 6;

/**
 * The valid ids of a key whose catalogue entry mentions `text` (case-insensitive, at least 2
 * characters). `names`: the ids or aliases containing it (`labs` → `elevenlabs_tts`; asked before
 * {@link closestMatch}). `descriptions`, for a value too far from every id: the ids whose label
 * contains it, else those whose model variables name it in their description (`gpt` → the
 * services whose example model is a GPT). Empty when none does, or when more than
 * {@link MAX_MENTIONS} do.
 *
 * @param key a config key holding a service or transport id
 * @param text what the user typed
 * @param where what of each entry is searched
 */
export function idsMentioning(key: ConfigKey, text: string, where: 'names' | 'descriptions'): string[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const role = ROLE_OF_KEY[key];
  type Entry = { id: string; names: readonly string[]; label: string; models: string };
  const entries: Entry[] =
    key === 'transports'
      ? TRANSPORTS.map((t) => ({ id: t.id, names: [t.id, ...t.aliases], label: t.label, models: '' }))
      : role
        ? SERVICES_BY_ROLE[role]
            .filter((d) => !d.deprecated)
            .map((d) => ({
              id: d.id,
              names: [d.id, ...(d.aliases ?? [])],
              label: d.label,
              models: d.env
                .filter((v) => /_MODEL$/.test(v.name))
                .map((v) => v.description)
                .join(' '),
            }))
        : [];
  const tiers: ((e: Entry) => boolean)[] =
    where === 'names'
      ? [(e) => e.names.some((n) => n.toLowerCase().includes(needle))]
      : [(e) => e.label.toLowerCase().includes(needle), (e) => e.models.toLowerCase().includes(needle)];
  for (const tier of tiers) {
    const ids = entries.filter(tier).map((e) => e.id);
    if (ids.length) return ids.length <= MAX_MENTIONS ? ids : [];
  }
  return [];
}

/**
 * The message for a missing value, saying what to give: the values of a key with a fixed set
 * (`--mode: is required: cascade or realtime`), the transport ids by kind (the bot type follows
 * from them, so a missing bot type is not reported beside them; {@link validateConfig}).
 *
 * @param key the config key
 */
function requiredMessage(key: ConfigKey): string {
  if (key === 'transports') return `is required: ${transportChoices(undefined)}`;
  const hint = optionFor(key).valueHint;
  if (hint && /^<[a-z-]+(\|[a-z-]+)+>$/.test(hint)) {
    const values = hint.slice(1, -1).split('|');
    return `is required: ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
  }
  return 'is required';
}

/**
 * The transport ids to choose from, by kind (`web: …; telephony: …`), from the catalogue; the
 * kind's only when the bot type is known.
 *
 * @param botType `web`, `telephony`, or anything else for both
 */
function transportChoices(botType: unknown): string {
  const kinds = botType === 'web' || botType === 'telephony' ? [botType] : ['web', 'telephony'];
  const ids = kinds.map(
    (k) =>
      `${k}: ${TRANSPORTS.filter((t) => t.kind === k)
        .map((t) => t.id)
        .join(', ')}`,
  );
  return `give one or more with --transport (${ids.join('; ')})${kinds.length > 1 ? '; the bot type follows from them' : ''}`;
}

function problemFromDetail(detail: Joi.ValidationErrorItem): ConfigProblem {
  const key = String(detail.path[0]) as ConfigKey;
  const value = detail.context?.value;
  switch (detail.type) {
    case 'any.required':
      return { key, message: requiredMessage(key) };
    case 'any.only': {
      const role = ROLE_OF_KEY[key];
      const deprecated = role && typeof value === 'string' ? findService(value) : undefined;
      if (deprecated?.deprecated) {
        return {
          key,
          message: `${value} is deprecated in pipecat since ${deprecated.deprecated} and cannot be generated without deprecated APIs${deprecated.note ? ` (${deprecated.note})` : ''}`,
        };
      }
      const valid = (detail.context?.valids ?? []).filter((v: unknown) => v !== null).map((v: unknown) => String(v));
      const what = key === 'transports' ? 'transport' : role ? `${role.toUpperCase()} service` : 'value';
      const vendor = role && typeof value === 'string' ? serviceForVendor(role, value) : undefined;
      if (vendor && 'candidates' in vendor) {
        return {
          key,
          message: `"${value}" names several ${role!.toUpperCase()} services and none is its default: choose one of ${vendor.candidates.join(', ')}`,
        };
      }
      // Ids containing the text (`labs` → elevenlabs_tts) before a distance match (`labs` is 2 edits from `aws`).
      const containing = typeof value === 'string' ? idsMentioning(key, value, 'names') : [];
      if (containing.length)
        return {
          key,
          message: `unknown ${what} ${shown(value)}: did you mean ${containing.length > 1 ? 'one of ' : ''}${containing.map((v) => withLabel(key, v)).join(', ')}? (every id: pipecat init --list-options)`,
        };
      const hint = typeof value === 'string' ? closestMatch(value, [...valid, ...aliasesOf(key), ...vendorsOf(key)]) : undefined;
      // A misspelt vendor name (`deepgrm`) suggests what that vendor's name would have meant.
      const meant = hint && role && !valid.includes(hint) ? serviceForVendor(role, hint) : undefined;
      if (meant && 'candidates' in meant)
        return {
          key,
          message: `unknown ${what} ${shown(value)}: did you mean one of ${meant.candidates.join(', ')}? (every id: pipecat init --list-options)`,
        };
      const suggestion = meant ? meant.id : hint;
      if (suggestion)
        return {
          key,
          message: `unknown ${what} ${shown(value)}: did you mean ${withLabel(key, suggestion)}? (every id: pipecat init --list-options)`,
        };
      const near = typeof value === 'string' ? idsMentioning(key, value, 'descriptions') : [];
      if (near.length)
        return {
          key,
          message: `unknown ${what} ${shown(value)}: did you mean ${near.length > 1 ? 'one of ' : ''}${near.map((v) => withLabel(key, v)).join(', ')}? (every id: pipecat init --list-options)`,
        };
      return { key, message: `unknown ${what} ${shown(value)}; valid: ${valid.map((v: string) => withLabel(key, v)).join(', ')}` };
    }
    case 'string.base':
      return { key, message: `must be a string, got ${shown(value)}` };
    case 'boolean.base':
      return { key, message: `must be true or false, got ${shown(value)}` };
    case 'array.base':
      return { key, message: `must be a list of strings, got ${shown(value)}` };
    case 'string.empty':
      return { key, message: 'must not be empty' };
    default:
      return { key, message: detail.message.replace(/^"[^"]*(\[\d+\])?" /, '') };
  }
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
  // a missing bot type is theirs to fix, and the transport message says what to give (issue 26).
  const transportProblem = problems.find((p) => p.key === 'transports');
  if (transportProblem) {
    if (config.transports == null || (Array.isArray(config.transports) && config.transports.length === 0))
      transportProblem.message = `is required: ${transportChoices(config.bot_type)}`;
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
export function crossFieldProblems(c: Record<string, unknown>, sources: Partial<Record<ConfigKey, ValueSource>> = {}): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const add = (key: ConfigKey, message: string): void => {
    out.push({ key, message });
  };
  const web = c.bot_type === 'web';
  const telephony = c.bot_type === 'telephony';
  const transports = Array.isArray(c.transports) ? (c.transports as unknown[]).filter((t): t is string => typeof t === 'string') : [];
  const defs = transports.map((t) => findTransport(t)).filter((t) => t !== undefined);

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

  if (web) {
    for (const t of defs) {
      if (t.kind === 'telephony') {
        const botType = optionLabel(optionFor('bot_type'), sources.bot_type ?? 'flag');
        add(
          'transports',
          `${transportName(t)} is a telephony transport but ${botType} is web: leave ${botType} out to make a telephony bot (web transports then ride along for local testing), or take only web transports (${transportIds()
            .filter((id) => findTransport(id)?.kind === 'web')
            .join(', ')})`,
        );
      }
    }
  }
  if (telephony) {
    if (c.video_service != null) add('video_service', 'video avatars are for web bots only');
    if (c.video_input === true) add('video_input', 'video input is for web bots only');
    if (c.video_output === true) add('video_output', 'video output is for web bots only');
    if (c.client_framework != null && c.client_framework !== 'none')
      add('client_framework', 'web clients are for web bots only (telephony bots are reached by phone)');
    if (c.client_server != null) add('client_server', 'is for web bots with a React client only');
  }
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
  if (web && defs.length > 0 && !defs.some((t) => t.params?.video)) {
    // Video rides only on transports whose params carry it (catalogue `params.video`).
    const carriers = TRANSPORTS.filter((t) => t.kind === 'web' && t.params.video)
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

  if (c.enable_noisecancel === true && c.deploy_to_cloud === false) {
    add('enable_noisecancel', 'Krisp noise cancellation runs on Pipecat Cloud only: it needs --deploy-to-cloud');
  }
  return out;
}
