/**
 * The transports of a project as its client sees them: the ones it offers (through the transport's
 * browser package, with the start request each one sends) and the ones the bot serves without it.
 * Everything transport-specific a client template prints comes from here, computed from the
 * transport catalogue, so a template holds no list of transport ids.
 *
 * Sources: pipecat.runner.run's `POST /start` (the `transport` field picks the transport; the rest
 * of the body is per transport, see `ClientTransportDefinition.startBody`).
 */
import { TRANSPORTS } from '../catalogue/catalogue.js';
import { kindTransportSdks, type ClientKind, type ClientRunnerTransport, type ClientTransportSdk } from '../catalogue/client-kinds.js';
import type { JsonValue, TransportDefinition } from '../catalogue/types.js';
import type { ProjectConfig } from '../config/types.js';

/** One transport as the client offers it (rendered into the client's config file). */
export interface ClientTransport {
  /** Canonical transport id of the catalogue (`daily`, `smallwebrtc`...). */
  id: string;
  /** Label shown in the transport selector (the catalogue's label). */
  label: string;
  /** The voice UI kit's `transportType` name (the catalogue's `client.type`), e.g. `daily`, `smallwebrtc`. */
  clientType: ClientTransportSdk['clientType'];
  /** The runner's transport name sent as `transport` in `POST /start`, e.g. `daily`, `webrtc`. */
  runnerTransport: ClientRunnerTransport;
  /** npm package of the client transport. */
  packageName: string;
  /** Class the package exports. */
  className: string;
  /** `POST /start` answers with a WebSocket URL the client then opens (see `ClientTransportDefinition`). */
  connectsToWsUrl: boolean;
  /** The start request's body as a TypeScript object literal on one line (`{ transport: 'webrtc', ... }`). */
  requestData: string;
  /** The same body as JSON, for the README. */
  requestJson: string;
  /**
   * Constructor arguments of the package's `WavMediaManager` the client gives the transport
   * (`''`, `'512, 16000'`), or null when the transport keeps its own device manager.
   */
  wavMediaManager: string | null;
  /** The SDK posts its offer to `<start URL without /start>/sessions/<id>/...` (a proxy forwards it). */
  offersAtSessions: boolean;
}

/** A chosen transport the bot serves but the client does not offer (no package of this kind for it). */
export interface ServedByBot {
  /** Canonical transport id. */
  id: string;
  /** The catalogue's label. */
  label: string;
  /** How to reach it instead: the catalogue's `reach`, or the runner's `-t` command. */
  use: string;
  /** The sentence the client shows and its README prints: `<label> is served by the bot, not by this client: use <use>.` */
  note: string;
}

/**
 * The chosen transports of `config` split by what its client kind does with them, in the order
 * given: `offered` through a package of the kind, `servedByBot` the other web transports. Telephony
 * transports (a telephony bot has no client) are in neither.
 *
 * @param config a resolved configuration
 * @param kind the client kind
 * @param catalogue the transport catalogue (default: `TRANSPORTS`; tests pass a copy with more entries)
 */
export function splitClientTransports(
  config: Pick<ProjectConfig, 'transports' | 'video_input'>,
  kind: ClientKind,
  catalogue: readonly TransportDefinition[] = TRANSPORTS,
): { offered: ClientTransport[]; servedByBot: ServedByBot[] } {
  const sdks = kindTransportSdks(kind, catalogue);
  const offered: ClientTransport[] = [];
  const servedByBot: ServedByBot[] = [];
  for (const id of config.transports) {
    const def = catalogue.find((t) => t.id === id);
    if (!def || def.kind !== 'web') continue;
    const sdk = sdks[def.runnerTransport];
    if (sdk && def.client) offered.push(offeredTransport(def, sdk, config.video_input));
    else {
      const use = def.reach ?? `uv run bot.py -t ${def.runnerTransport}`;
      servedByBot.push({ id, label: def.label, use, note: `${def.label} is served by the bot, not by this client: use ${use}.` });
    }
  }
  return { offered, servedByBot };
}

function offeredTransport(def: TransportDefinition, sdk: ClientTransportSdk, videoInput: boolean): ClientTransport {
  const client = def.client!;
  const body: Record<string, JsonValue> = { transport: def.runnerTransport, ...structuredClone(client.startBody) };
  if (client.cameraOffField) setPath(body, client.cameraOffField, !videoInput);
  return {
    id: def.id,
    label: def.label,
    runnerTransport: def.runnerTransport,
    ...sdk,
    connectsToWsUrl: sdk.connectsToWsUrl === true,
    requestData: tsLiteral(body),
    requestJson: jsonInline(body),
    wavMediaManager: client.wavMediaManager ? client.wavMediaManager.join(', ') : null,
    offersAtSessions: client.offersAtSessions === true,
  };
}

/** Sets `value` at a dotted path of `target`, creating objects on the way. */
function setPath(target: Record<string, JsonValue>, path: string, value: JsonValue): void {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    at = (at[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {}) as Record<string, JsonValue>;
  }
  at[keys[keys.length - 1]] = value;
}

/**
 * A JSON value as a TypeScript literal on one line, as prettier writes one: single-quoted strings,
 * keys unquoted when they are identifiers, `{}` for an empty object.
 *
 * @param value a JSON value
 */
function tsLiteral(value: JsonValue): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${(value as readonly JsonValue[]).map(tsLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, JsonValue>);
  if (entries.length === 0) return '{}';
  const key = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : tsLiteral(k));
  return `{ ${entries.map(([k, v]) => `${key(k)}: ${tsLiteral(v)}`).join(', ')} }`;
}

/** A JSON value on one line with a space after each `:` and `,` (`{"transport": "daily", "body": {}}`). */
function jsonInline(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${(value as readonly JsonValue[]).map(jsonInline).join(', ')}]`;
  return `{${Object.entries(value as Record<string, JsonValue>)
    .map(([k, v]) => `${JSON.stringify(k)}: ${jsonInline(v)}`)
    .join(', ')}}`;
}
