/**
 * The values each configuration key allows, from the catalogue, and a check that a configuration
 * holds only such plain values ({@link plainlyValid}), made without loading joi.
 *
 * joi (`./schema.ts`) reports every problem of a configuration with its message, but loading it and
 * building the schema was about 37 ms of every non-interactive `pipecat init` and 47 ms of every
 * `pipecat update` (`node --cpu-prof`), spent on configurations that have no problem. A
 * configuration {@link plainlyValid} accepts passes the schema, so `validateConfig` asks joi only
 * about the others (which then get joi's messages, or none).
 */
import { SERVICES_BY_ROLE } from '../catalogue/catalogue.js';
import type { ServiceRole } from '../catalogue/types.js';
import { clientFrameworks, clientServers } from '../catalogue/client-kinds.js';
import { CONFIG_OPTIONS, transportIds } from './options.js';
import { pipecatVersionProblem } from './pipecat-version.js';

export { transportIds };

/** Ids a user may choose for a role: every catalogue entry that is not deprecated. */
export function selectableServiceIds(role: ServiceRole): string[] {
  return SERVICES_BY_ROLE[role].filter((s) => !s.deprecated).map((s) => s.id);
}

/** A value check per key: true when the value certainly passes that key's part of the schema. */
type PlainRules = Map<string, (v: unknown) => boolean>;

let rules: PlainRules | undefined;

/** The rules of {@link plainlyValid}, each as strict as its key's part of `configSchema()` or stricter. */
function plainRules(name: { maxLength: number; pattern: RegExp }): PlainRules {
  return (rules ??= buildRules(name));
}

/** The rules of {@link plainRules}, built. */
function buildRules(name: { maxLength: number; pattern: RegExp }): PlainRules {
  const oneOf = (values: readonly (string | null)[], required = false) => {
    const set = new Set<unknown>(values);
    return (v: unknown) => (v === undefined ? !required : set.has(v));
  };
  const service = (role: ServiceRole) => oneOf([...selectableServiceIds(role), null]);
  const dialMode = oneOf(['dial-in', 'dial-out', null]);
  const transports = new Set<unknown>(transportIds());
  const r: PlainRules = new Map([
    ['project_name', (v) => typeof v === 'string' && v.length <= name.maxLength && name.pattern.test(v) && v !== '.' && v !== '..'],
    ['bot_type', oneOf(['web', 'telephony'], true)],
    // Array.from reads a sparse array's holes as undefined, which is no transport (`every` skips them).
    ['transports', (v) => Array.isArray(v) && v.length >= 1 && Array.from(v).every((t) => transports.has(t))],
    ['mode', oneOf(['cascade', 'realtime'], true)],
    ['stt_service', service('stt')],
    ['llm_service', service('llm')],
    ['tts_service', service('tts')],
    ['realtime_service', service('realtime')],
    ['video_service', service('video')],
    ['client_framework', oneOf([...clientFrameworks(), 'none', null])],
    ['client_server', oneOf([...clientServers(), null])],
    ['daily_pstn_mode', dialMode],
    ['twilio_daily_sip_mode', dialMode],
    ['pipecat_version', (v) => v === undefined || v === null || (typeof v === 'string' && pipecatVersionProblem(v) === undefined)],
  ]);
  for (const o of CONFIG_OPTIONS) if (o.type === 'boolean') r.set(o.key, (v) => typeof v === 'boolean');
  return r;
}

/**
 * Whether a normalised configuration certainly passes `configSchema()` (./schema.ts): only known
 * keys, each a value of the catalogue's (or a boolean, a valid project name), required keys given.
 * False means "ask joi": it may still pass. test/allowed-values.test.ts checks, over random
 * configurations, that every one this accepts joi accepts too.
 *
 * @param config a normalised configuration
 * @param name the project name's rules (`MAX_NAME_LENGTH`, `PROJECT_NAME_PATTERN` of ./schema.ts)
 */
export function plainlyValid(config: Record<string, unknown>, name: { maxLength: number; pattern: RegExp }): boolean {
  const r = plainRules(name);
  if (Object.getPrototypeOf(config) !== Object.prototype && Object.getPrototypeOf(config) !== null) return false;
  for (const key of Reflect.ownKeys(config)) if (typeof key !== 'string' || !r.has(key)) return false;
  for (const [key, ok] of r) if (!ok(config[key])) return false;
  return true;
}
