/**
 * Normalising merged values before validation: aliases to canonical ids, bare vendor names to
 * their service, transport families with their dial mode to the resolved transport, and the values
 * that follow from others (the bot type from the transports, React's default server, an avatar's
 * video output).
 *
 * Source: pipecat's `src/pipecat/cli/config_validator.py` (the bot type rule; pipecat-ai/pipecat 1.8.0,
 * commit acead05) and its `pipecat init` flags.
 */
import {
  canonicalServiceId,
  currentTransportName,
  findTransport,
  serviceForVendor,
  TRANSPORT_FAMILIES,
  transportName,
  TRANSPORTS,
} from '../catalogue/catalogue.js';
import { findClientKind, frameworksWithServerChoice } from '../catalogue/client-kinds.js';
import type { ServiceRole } from '../catalogue/types.js';
import { ROLE_OF_KEY, type ConfigKey, type ValueSource } from './options.js';
import type { ConfigProblem } from './schema.js';

/**
 * Resolve aliases and transport families, and fill the values that follow from others (React
 * without a server means vite; a video avatar implies video output). Values of the wrong type are
 * left for the schema to report.
 *
 * @param m merged values
 * @param problems receives problems found while normalising (unknown transport, missing mode)
 * @param sources where each value came from (defaults may yield to values implied by others)
 * @returns a new object with canonical values
 */
export function normalise(
  m: Record<string, unknown>,
  problems: ConfigProblem[],
  sources: Record<string, ValueSource> = {},
): Record<string, unknown> {
  const c: Record<string, unknown> = { ...m };
  for (const key of ['project_name', 'bot_type', 'transports', 'mode'] as const) {
    if (c[key] === null) c[key] = undefined; // an explicit null is a missing value
  }
  for (const [key, role] of Object.entries(ROLE_OF_KEY) as [ConfigKey, ServiceRole][]) {
    if (typeof c[key] === 'string') {
      const v = (c[key] as string).trim();
      // An id or alias; else a bare vendor name (`deepgram`) naming one entry. A vendor with several
      // and no default stays as typed, and the schema lists the candidates.
      const vendor = serviceForVendor(role, v);
      c[key] = v === '' || v === 'none' ? null : (canonicalServiceId(role, v) ?? (vendor && 'id' in vendor ? vendor.id : v));
    }
  }
  for (const key of ['bot_type', 'mode', 'client_framework', 'client_server', 'daily_pstn_mode', 'twilio_daily_sip_mode'] as const) {
    if (typeof c[key] === 'string')
      c[key] = (c[key] as string)
        .trim()
        .toLowerCase()
        .replace(/_/g, '-')
        .replace(/^dialin$/, 'dial-in')
        .replace(/^dialout$/, 'dial-out');
    if (c[key] === '') c[key] = null;
  }
  if (typeof c.transports === 'string') c.transports = [c.transports];
  // Family members standing in for a family given without its dial mode (see resolveTransport).
  const provisional = new Set<string>();
  if (Array.isArray(c.transports)) {
    const out: unknown[] = [];
    for (const t of c.transports) {
      const resolved = typeof t === 'string' ? resolveTransport(t, c, problems, provisional) : t;
      if (resolved !== undefined && !out.includes(resolved)) out.push(resolved);
    }
    c.transports = out;
  }
  // Modes follow from resolved ids given directly (e.g. daily_pstn_dialin).
  if (Array.isArray(c.transports)) {
    for (const t of c.transports) {
      const def = typeof t === 'string' ? findTransport(t) : undefined;
      const fam = def?.family ? TRANSPORT_FAMILIES.find((f) => f.id === def.family) : undefined;
      if (fam && def?.dialMode && !provisional.has(def.id)) {
        if (c[fam.modeKey] == null) c[fam.modeKey] = def.dialMode;
        else if (c[fam.modeKey] !== def.dialMode && !problems.some((p) => p.key === fam.modeKey)) {
          problems.push({ key: fam.modeKey, message: `is ${JSON.stringify(c[fam.modeKey])} but transport ${def.id} is ${def.dialMode}` });
        }
      }
    }
  }
  inferBotType(c);
  if (c.bot_type === 'web') {
    if (c.client_framework == null) c.client_framework = 'none';
    // A framework with several servers (React) gets its default one.
    if (c.client_server == null && frameworksWithServerChoice().includes(c.client_framework as string))
      c.client_server = findClientKind(c.client_framework)!.server;
    // pipecat 1.7.0 accepts, and its --dry-run writes, the one server of a framework without a
    // choice (`--client-framework vanilla --client-server vite`): it names nothing to choose.
    else if (
      typeof c.client_server === 'string' &&
      !frameworksWithServerChoice().includes(c.client_framework as string) &&
      findClientKind(c.client_framework)?.server === c.client_server
    )
      c.client_server = null;
  } else if (c.bot_type === 'telephony' && c.client_framework === 'none') {
    c.client_framework = null;
  }
  if (c.video_service != null && c.video_output === false && (sources.video_output ?? 'default') === 'default') {
    // The default (off) yields to the avatar; an explicit --no-video-output is reported.
    c.video_output = true;
  }
  return c;
}

/**
 * Fill a missing bot type from the transports, by pipecat 1.7.0's rule (`config_validator.py`,
 * `validate_config`): any telephony transport makes a telephony bot (web transports then ride along
 * for local testing), otherwise a web bot. Left unset while a transport is unknown (the schema
 * reports it) or none is given; an explicit bot type is never changed (a contradiction is reported
 * by the schema, naming `--bot-type` and `--transport`).
 *
 * @param c normalised values with canonical transport ids; changed in place
 */
export function inferBotType(c: Record<string, unknown>): void {
  if (c.bot_type != null || !Array.isArray(c.transports) || c.transports.length === 0) return;
  const defs = c.transports.map((t) => (typeof t === 'string' ? findTransport(t) : undefined));
  if (defs.some((d) => d === undefined)) return;
  c.bot_type = defs.some((d) => d!.kind === 'telephony') ? 'telephony' : 'web';
}

/**
 * Canonical id for one `--transport` value: an id, a vendor alias, or a family resolved with its
 * dial mode. Unknown values are returned unchanged for the schema to report with the valid ids.
 * A family without its dial mode is reported (naming the mode's flag) and stands as its first
 * member, added to `provisional`, so the rest is checked as for a transport given (its kind gives
 * the bot type; no "at least one transport" beside the mode's problem); the configuration does
 * not resolve while the mode's problem stands.
 */
function resolveTransport(
  value: string,
  c: Record<string, unknown>,
  problems: ConfigProblem[],
  provisional: Set<string>,
): string | undefined {
  const v = currentTransportName(value);
  const direct = TRANSPORTS.find((t) => t.id === v || (t.aliases as readonly string[]).includes(v));
  if (direct) return direct.id;
  const family = TRANSPORT_FAMILIES.find((f) => f.id === v || f.aliases.includes(v));
  if (family) {
    const mode = c[family.modeKey];
    if (mode == null) {
      problems.push({
        key: family.modeKey,
        message: `is required with transport ${transportName({ id: value, label: family.label })}: dial-in or dial-out`,
      });
      const first = TRANSPORTS.find((t) => 'family' in t && t.family === family.id);
      if (first) provisional.add(first.id);
      return first?.id;
    }
    const member = TRANSPORTS.find((t) => 'family' in t && t.family === family.id && 'dialMode' in t && t.dialMode === mode);
    if (!member) {
      problems.push({ key: family.modeKey, message: `must be dial-in or dial-out, got ${JSON.stringify(mode)}` });
      return undefined;
    }
    return member.id;
  }
  return value; // the schema lists the valid ids
}
