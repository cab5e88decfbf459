/**
 * The words of validation problems: a joi detail turned into a line that names what is wrong and,
 * for an unknown id, what was probably meant (containment, edit distance, vendor names, labels).
 *
 * Source: pipecat's `ConfigValidationError` (`src/pipecat/cli/config_validator.py`: "every problem at
 * once"); the did-you-mean is the one rule of `suggest.ts`.
 */
import type Joi from 'joi';
import {
  currentTransportName,
  findService,
  findTransport,
  SEED_TRANSPORT_IDS,
  serviceForVendor,
  SERVICES_BY_ROLE,
  TRANSPORT_FAMILIES,
  transportName,
  TRANSPORTS,
  vendorOf,
} from '../catalogue/catalogue.js';
import { ROLE_OF_KEY, optionFor, type ConfigKey } from './options.js';
import { closestMatch } from './suggest.js';

/** A problem found by validation: which key, and what is wrong. */
export interface ConfigProblem {
  key: ConfigKey;
  message: string;
}

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
export function quotedValue(value: unknown): string {
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
  if (key === 'transports') return `is required: ${transportChoicesText(undefined)}`;
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
export function transportChoicesText(botType: unknown): string {
  const kinds = botType === 'web' || botType === 'telephony' ? [botType] : ['web', 'telephony'];
  const ids = kinds.map(
    (k) =>
      `${k}: ${TRANSPORTS.filter((t) => t.kind === k)
        .map((t) => t.id)
        .join(', ')}`,
  );
  return `give one or more with --transport (${ids.join('; ')})${kinds.length > 1 ? '; the bot type follows from them' : ''}`;
}

/**
 * Turn a joi detail into a readable problem (unknown ids list the valid ones).
 *
 * @param detail one entry of `ValidationError.details`
 */
export function problemFromDetail(detail: Joi.ValidationErrorItem): ConfigProblem {
  const key = String(detail.path[0]) as ConfigKey;
  const value = detail.context?.value;
  switch (detail.type) {
    case 'any.required':
      return { key, message: requiredMessage(key) };
    case 'any.only':
      return unknownValueProblem(key, value, detail.context?.valids ?? []);
    case 'string.base':
      return { key, message: `must be a string, got ${quotedValue(value)}` };
    case 'boolean.base':
      return { key, message: `must be true or false, got ${quotedValue(value)}` };
    case 'array.base':
      return { key, message: `must be a list of strings, got ${quotedValue(value)}` };
    case 'string.empty':
      return { key, message: 'must not be empty' };
    default:
      return { key, message: detail.message.replace(/^"[^"]*(\[\d+\])?" /, '') };
  }
}

/**
 * The problem of a value outside a key's allowed set: a deprecated service, a vendor with several
 * services, else the closest id (by containment, edit distance, vendor name, label or model), else
 * the whole list.
 *
 * @param key the config key
 * @param value the value given
 * @param valids joi's allowed values (null included for optional keys)
 */
function unknownValueProblem(key: ConfigKey, value: unknown, valids: unknown[]): ConfigProblem {
  const role = ROLE_OF_KEY[key];
  const deprecated = role && typeof value === 'string' ? findService(value) : undefined;
  if (deprecated?.deprecated) {
    return {
      key,
      message: `${value} is deprecated in pipecat since ${deprecated.deprecated} and cannot be generated without deprecated APIs${deprecated.note ? ` (${deprecated.note})` : ''}`,
    };
  }
  const valid = valids.filter((v: unknown) => v !== null).map((v: unknown) => String(v));
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
      message: `unknown ${what} ${quotedValue(value)}: did you mean ${containing.length > 1 ? 'one of ' : ''}${containing.map((v) => withLabel(key, v)).join(', ')}? (every id: pipecat init --list-options)`,
    };
  const hint = typeof value === 'string' ? closestMatch(value, [...valid, ...aliasesOf(key), ...vendorsOf(key)]) : undefined;
  // A misspelt vendor name (`deepgrm`) suggests what that vendor's name would have meant.
  const meant = hint && role && !valid.includes(hint) ? serviceForVendor(role, hint) : undefined;
  if (meant && 'candidates' in meant)
    return {
      key,
      message: `unknown ${what} ${quotedValue(value)}: did you mean one of ${meant.candidates.join(', ')}? (every id: pipecat init --list-options)`,
    };
  const suggestion = meant ? meant.id : hint;
  if (suggestion)
    return {
      key,
      message: `unknown ${what} ${quotedValue(value)}: did you mean ${withLabel(key, suggestion)}? (every id: pipecat init --list-options)`,
    };
  const near = typeof value === 'string' ? idsMentioning(key, value, 'descriptions') : [];
  if (near.length)
    return {
      key,
      message: `unknown ${what} ${quotedValue(value)}: did you mean ${near.length > 1 ? 'one of ' : ''}${near.map((v) => withLabel(key, v)).join(', ')}? (every id: pipecat init --list-options)`,
    };
  return { key, message: `unknown ${what} ${quotedValue(value)}; valid: ${valid.map((v: string) => withLabel(key, v)).join(', ')}` };
}
