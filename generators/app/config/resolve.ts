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
 * Source: ../shared/design/ARCHITECTURE.md and issue 2 (precedence, validation, config keys).
 */
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { closest } from 'fastest-levenshtein';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import {
  TRANSPORTS,
  TRANSPORT_FAMILIES,
  canonicalServiceId,
  currentTransportName,
  findTransport,
  serviceForVendor,
  transportName,
} from '../catalogue/catalogue.js';
import type { ServiceRole } from '../catalogue/types.js';
import { findClientKind, frameworksWithServerChoice } from '../catalogue/client-kinds.js';
import { CONFIG_OPTIONS, OUTPUT_ONLY_KEYS, optionFor, optionLabel, type ConfigKey, type ValueSource } from './options.js';
import { validateConfig, type ConfigProblem } from './schema.js';
import type { ProjectConfig } from './types.js';

export type { ValueSource } from './options.js';

/** A validation failure: every problem, each naming its flag or config key. Exit code 2. */
export class ConfigError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /**
   * @param message headline
   * @param problems one line per problem
   */
  constructor(message: string, problems: readonly string[]) {
    super(message);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Values from one layer, by config key (only the keys that layer gives). */
export type ConfigLayer = Partial<Record<ConfigKey, unknown>>;

const SERVICE_KEYS: Partial<Record<ConfigKey, ServiceRole>> = {
  stt_service: 'stt',
  llm_service: 'llm',
  tts_service: 'tts',
  realtime_service: 'realtime',
  video_service: 'video',
};

/**
 * Read a JSON config file into a layer keyed by canonical config keys.
 *
 * Accepts the canonical keys, the Python tool's short keys (`name`, `stt`, `enable_krisp`...) and
 * the output-only `derived` block of `--dry-run` (ignored).
 *
 * @param path file path as the user gave it (used in messages)
 * @returns the layer
 * @throws ConfigError (exit 2) for a missing/unreadable file, invalid JSON (with line and column),
 *   a non-object document, an unknown key (with the closest valid key) or a key given twice
 */
export function readConfigFile(path: string): ConfigLayer {
  let text: string;
  try {
    text = readBounded(path, MAX_CONFIG_BYTES);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const reasons: Record<string, string> = {
      ENOENT: 'no such file',
      EISDIR: 'is a directory',
      EACCES: 'permission denied',
      ELOOP: 'a symbolic link loop (too many levels of symbolic links)',
      ENXIO: 'a socket, not a regular file',
      ENAMETOOLONG: 'the path is too long',
    };
    const why = (code && reasons[code]) ?? String((err as Error).message);
    throw new ConfigError(`--config: cannot read ${path}: ${why}`, []);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`--config: ${path} is not valid JSON`, [jsonErrorLocation(path, text, err as Error)]);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ConfigError(`--config: ${path} must hold a JSON object`, []);
  }
  const deep = tooDeep(doc, MAX_CONFIG_DEPTH);
  if (deep)
    throw new ConfigError(
      `--config: ${path} nests values more than ${MAX_CONFIG_DEPTH} levels deep (under ${JSON.stringify(deep)}); a configuration is a flat object of strings, lists and booleans`,
      [],
    );
  // A `.yo-rc.json` holds the configuration under the generator's namespace.
  const obj = doc as Record<string, unknown>;
  const inner = obj['generator-pipecat'];
  const source =
    inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(obj).length === 1 ? (inner as Record<string, unknown>) : obj;
  return layerFromObject(source, path);
}

/** Largest `--config` file read, in bytes (1 MiB): a configuration is a few hundred bytes. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** Deepest nesting accepted in a `--config` document (a `.yo-rc.json` nests 2 levels). */
export const MAX_CONFIG_DEPTH = 8;

/**
 * A path naming a descriptor the shell handed this process (`/dev/fd/63` from `<(jq …)`,
 * `/dev/stdin`): its pipe has a writer, so reading it ends.
 */
const INHERITED_DESCRIPTOR = /^\/(?:dev\/fd|proc\/self\/fd)\/\d+$|^\/dev\/stdin$/;

/** What a non-regular file is, for a message. */
function fileKind(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Read a file as UTF-8, refusing it past `limit` bytes without reading further, so a runaway pipe
 * cannot grow the process, while a pipe such as `<(jq …)` (no size known in advance) still works.
 *
 * Only a regular file, stdin (`-`) or a pipe the shell handed over (`/dev/fd/N`) is read: a named
 * pipe (FIFO) nobody writes to would wait forever, and a device (`/dev/zero`, a terminal) is not a
 * configuration (issue 23). The file is opened without blocking, so a FIFO is refused at once.
 *
 * @param path file, device or pipe; `-` reads stdin
 * @param limit bytes
 * @throws ConfigError naming `--config` when the content is larger or the path is not a regular
 *   file; fs errors as they come
 */
export function readBounded(path: string, limit: number): string {
  const stdin = path === '-';
  const inherited = INHERITED_DESCRIPTOR.test(path);
  const fd = stdin ? 0 : openSync(path, inherited ? 'r' : fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  try {
    if (!stdin) {
      const st = fstatSync(fd);
      if (!st.isFile() && !(inherited && st.isFIFO()))
        throw new ConfigError(
          `--config: ${path} is ${fileKind(st)}, not a regular file: give a JSON file, or pipe it into \`--config -\``,
          [],
        );
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > limit)
        throw new ConfigError(`--config: ${path} is larger than ${limit / (1024 * 1024)} MiB; a configuration is a small JSON object`, []);
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (err) {
    // Reading a terminal or an empty non-blocking stdin: treat as the end of input.
    if (stdin && (err as NodeJS.ErrnoException).code === 'EAGAIN') throw new ConfigError('--config -: nothing to read on stdin', []);
    throw err;
  } finally {
    if (!stdin) closeSync(fd);
  }
}

/**
 * The key path of the first value nested deeper than `max` levels, or undefined (checked without
 * recursion, so no document can exhaust the stack).
 *
 * @param doc a parsed JSON document
 * @param max deepest level allowed (the document itself is level 1)
 */
export function tooDeep(doc: unknown, max: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: doc, depth: 1, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth > max) return path || '(top)';
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      stack.push({ value: v, depth: depth + 1, path: path ? `${path}.${k}` : k });
    }
  }
  return undefined;
}

/**
 * Map an object with config keys (canonical or alias) to a layer.
 *
 * @param source the parsed object
 * @param path file path for messages
 * @throws ConfigError for unknown keys or a key given under two names
 */
export function layerFromObject(source: Record<string, unknown>, path: string): ConfigLayer {
  const byName = new Map<string, ConfigKey>();
  for (const o of CONFIG_OPTIONS) {
    byName.set(o.key, o.key);
    for (const a of o.configAliases ?? []) byName.set(a, o.key);
  }
  const layer: ConfigLayer = {};
  const problems: string[] = [];
  const seen = new Map<ConfigKey, string>();
  for (const [name, value] of Object.entries(source)) {
    if (OUTPUT_ONLY_KEYS.includes(name)) continue;
    const key = byName.get(name);
    if (!key) {
      const suggestion = closest(name, [...byName.keys()]);
      problems.push(`${path}: unknown config key "${name}" (did you mean "${suggestion}"?)`);
      continue;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(`${path}: config keys "${earlier}" and "${name}" both set ${key}; keep one`);
      continue;
    }
    seen.set(key, name);
    layer[key] = value;
  }
  if (problems.length) throw new ConfigError(`invalid config file ${path}`, problems);
  return layer;
}

/**
 * `file:line:column` and the reason of the first JSON syntax error (located with jsonc-parser,
 * comments and trailing commas disallowed, as in strict JSON); `file:line` of the first git
 * conflict marker (`<<<<<<<`, `=======`, `>>>>>>>`) when the file has one.
 *
 * @param path file path
 * @param text the file's text
 * @param err the error thrown by JSON.parse (used when no location can be found)
 */
export function jsonErrorLocation(path: string, text: string, err: Error): string {
  // A merge left the file half-resolved: name the first marker's line (git's own markers).
  const lines = text.split('\n');
  const marker = lines.findIndex((l) => /^(?:<{7}|={7}|>{7}|\|{7})(?: |$|\r)/.test(l));
  if (marker >= 0) return `${path}:${marker + 1}: a git conflict marker (${lines[marker].slice(0, 7)}): resolve the merge conflict first`;
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return `${path}: ${err.message}`;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const reason = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${path}:${line}:${column}: ${reason}`;
}

/** The inputs of one resolution. */
export interface ResolveInput {
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
  for (const [key, role] of Object.entries(SERVICE_KEYS) as [ConfigKey, ServiceRole][]) {
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

/** Values derived from a configuration, reported by `--dry-run` under `derived`. */
export interface DerivedValues {
  /** Pipecat Cloud agent name (lower-case form of the project name). */
  agent_name: string;
  /** Pipecat Cloud secret set the deployment reads: `<agent_name>-secrets`. */
  secret_set: string;
  /** Client template generated under `client/`, e.g. `react-vite`, or null. */
  client: string | null;
  /** Transports with their labels and dev-runner `-t` value. */
  transports: { id: string; label: string; runner_transport: string }[];
}

/**
 * Agent name for Pipecat Cloud: lower-case letters, digits and hyphens (the platform's set-name
 * rule), derived from the project name.
 *
 * @param projectName a valid project name
 */
export function agentNameFor(projectName: string): string {
  const slug = projectName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug.length >= 3 ? slug : `${slug || 'bot'}-bot`;
}

/**
 * Values that follow from the configuration (for `--dry-run` and the templates).
 *
 * @param config a resolved configuration
 */
export function deriveValues(config: ProjectConfig): DerivedValues {
  const agent = agentNameFor(config.project_name);
  const client = config.bot_type === 'web' ? (findClientKind(config.client_framework, config.client_server)?.template ?? null) : null;
  return {
    agent_name: agent,
    secret_set: `${agent}-secrets`,
    client,
    transports: config.transports.map((id) => {
      const t = findTransport(id)!;
      return { id, label: t.label, runner_transport: t.runnerTransport };
    }),
  };
}
