/**
 * The catalogue in one place: lookups over transports and services by role, id or alias.
 *
 * Everything user-facing derives from these lists (yargs choices, the joi schema, the wizard,
 * `--list-options`, templates, docs/services.md).
 */
import { LLM_SERVICES } from './llm.js';
import { REALTIME_SERVICES } from './realtime.js';
import { STT_SERVICES } from './stt.js';
import { SEED_TRANSPORT_IDS, TRANSPORTS, TRANSPORT_FAMILIES, currentTransportName } from './transports.js';
import { TTS_SERVICES } from './tts.js';
import { VIDEO_SERVICES } from './video.js';
import type { ServiceDefinition, ServiceRole, TransportDefinition } from './types.js';

export { TRANSPORTS, TRANSPORT_FAMILIES, SEED_TRANSPORT_IDS, currentTransportName };

/** Services of each role, in catalogue order. */
export const SERVICES_BY_ROLE: Readonly<Record<ServiceRole, readonly ServiceDefinition[]>> = {
  stt: STT_SERVICES,
  llm: LLM_SERVICES,
  tts: TTS_SERVICES,
  realtime: REALTIME_SERVICES,
  video: VIDEO_SERVICES,
};

/** Every service of every role. */
export const ALL_SERVICES: readonly ServiceDefinition[] = Object.values(SERVICES_BY_ROLE).flat();

/**
 * The service with this canonical id, or undefined.
 *
 * @param id canonical id such as `deepgram_stt` (aliases are not looked up here)
 */
export function findService(id: string): ServiceDefinition | undefined {
  return ALL_SERVICES.find((s) => s.id === id);
}

/**
 * Canonical id for an id or alias of the given role, or undefined when unknown.
 *
 * @param role which list to search
 * @param idOrAlias what the user typed (case-insensitive)
 */
export function canonicalServiceId(role: ServiceRole, idOrAlias: string): string | undefined {
  const v = idOrAlias.toLowerCase();
  return SERVICES_BY_ROLE[role].find((s) => s.id === v || (s.aliases ?? []).includes(v))?.id;
}

/** The vendor part of a service id: its first `_`-separated word (`deepgram_flux_stt` → `deepgram`). */
export function vendorOf(id: string): string {
  return id.split('_')[0];
}

/**
 * What a bare vendor name means for a role (`--stt deepgram`): the vendor's only entry of that
 * role, else the one marked `vendorDefault`; when several entries and no default, the candidates.
 *
 * @param role the service role
 * @param name what the user typed, e.g. `deepgram` (case-insensitive)
 * @returns `{ id }`, `{ candidates }` (ids, catalogue order), or undefined when no entry has that vendor
 */
export function serviceForVendor(role: ServiceRole, name: string): { id: string } | { candidates: string[] } | undefined {
  const v = name.toLowerCase();
  const entries = SERVICES_BY_ROLE[role].filter((s) => vendorOf(s.id) === v && !s.deprecated);
  if (entries.length === 0) return undefined;
  if (entries.length === 1) return { id: entries[0].id };
  const preferred = entries.find((s) => s.vendorDefault);
  return preferred ? { id: preferred.id } : { candidates: entries.map((s) => s.id) };
}

/**
 * The transport with this resolved id, or undefined.
 *
 * @param id canonical resolved id such as `smallwebrtc` or `daily_pstn_dialin`
 */
export function findTransport(id: string): TransportDefinition | undefined {
  return (TRANSPORTS as readonly TransportDefinition[]).find((t) => t.id === id);
}

/**
 * A transport as messages name it: its id, then its label in parentheses when the label says more
 * than the id (`twilio (Twilio (Media Streams))`, `smallwebrtc (SmallWebRTC (peer-to-peer WebRTC))`),
 * the id alone when the label is the id in other letter case (`plivo`, not `plivo (Plivo)`; spaces,
 * hyphens and underscores count as one separator).
 *
 * @param t a catalogue transport (its `id` and `label`)
 */
export function transportName(t: Pick<TransportDefinition, 'id' | 'label'>): string {
  const words = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '_');
  return words(t.label) === words(t.id) ? t.id : `${t.id} (${t.label})`;
}
