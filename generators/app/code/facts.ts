/**
 * What a project's server code, as it stands, needs from `.env.example`, `pyproject.toml` and
 * `.yo-rc.json`: {@link codeFacts} turns a {@link CodeReading} into variables with their need,
 * pipecat-ai extras, the catalogue services and transports the code uses, and its third-party
 * imports. The catalogue says which variables pipecat reads for a transport or service; the shipped
 * `pipecat-data.json` says which extras each pipecat module needs.
 *
 * Rules:
 * - a variable the code reads is `required` when any read is (`os.environ[…]`, `required(…)`),
 *   else `optional`; one the catalogue marks `commented` (`ENV`) is `runner-set`;
 * - transports: the catalogue transports (flow `runner`) whose `runnerTransport` is a
 *   `create_transport` key (several share a key: those in `opts.transports` first, else the
 *   catalogue's first), plus the `daily-server` transports when the code imports pipecat's
 *   `DailyTransport` itself (those in `opts.transports`; without them, Twilio + Daily SIP dial-in
 *   when `twilio` is imported, else Daily PSTN dial-out). Their `env` entries the code does not read
 *   count as read by pipecat (`readBy` the transport id); a name in `cloudSupplies` is `local-only`;
 * - services: the catalogue services whose constructed class (the `construct` expression's callee)
 *   is imported from its catalogue module; their `env` entries whose name is not in the `construct`
 *   text are read by pipecat itself (`readBy` the service id) unless the code reads them;
 * - extras: the `moduleExtras` of every imported pipecat module (`from m import x`: `m` and `m.x`),
 *   plus the catalogue `extras` of each detected transport (`create_transport` imports them lazily)
 *   and its `videoExtras` when its params factory enables video: a plain union, which may name an
 *   extra another one installs (compare lists with {@link minimalExtras});
 * - thirdParty: imports that are not stdlib, not the project's own and not `pipecat`.
 */
import { ALL_SERVICES, TRANSPORTS } from '../catalogue/catalogue.js';
import { MODULE_READS } from '../catalogue/module-reads.js';
import type { EnvVarDefinition, ServiceDefinition, TransportDefinition } from '../catalogue/types.js';
import { pipecatData } from './reader.js';
import type { CodeFacts, CodeReading, EnvNeed, NeededVar, PipecatData } from './types.js';

/** Options of {@link codeFacts}. */
interface CodeFactsOptions {
  /** Transport ids the project was generated with (`.yo-rc.json`): preferred when several share a runner key. */
  readonly transports?: readonly string[];
  /** The pipecat data to use (default: the shipped file, {@link pipecatData}). */
  readonly data?: PipecatData;
}

/** Every catalogue variable by name (a `commented` definition wins). */
function catalogueVars(): Map<string, EnvVarDefinition> {
  const vars = new Map<string, EnvVarDefinition>();
  for (const def of [...TRANSPORTS, ...ALL_SERVICES].flatMap((x) => x.env)) {
    if (!vars.has(def.name) || def.commented) vars.set(def.name, def);
  }
  return vars;
}

/** The catalogue transports the code serves (see the module comment). */
function detectTransports(reading: CodeReading, preferred: readonly string[]): TransportDefinition[] {
  const found: TransportDefinition[] = [];
  const add = (t: TransportDefinition | undefined): void => {
    if (t && !found.includes(t)) found.push(t);
  };
  for (const use of reading.transports) {
    const candidates = TRANSPORTS.filter((t) => t.flow === 'runner' && t.runnerTransport === use.key);
    add(candidates.find((t) => preferred.includes(t.id)) ?? candidates[0]);
  }
  const joinsDaily = reading.imports.some((i) => i.module.startsWith('pipecat.transports.daily') && i.names.includes('DailyTransport'));
  if (joinsDaily) {
    const server = TRANSPORTS.filter((t) => t.flow === 'daily-server');
    const chosen = server.filter((t) => preferred.includes(t.id));
    if (chosen.length) chosen.forEach(add);
    else {
      const twilio = reading.imports.some((i) => i.module.split('.')[0] === 'twilio');
      add(server.find((t) => t.id === (twilio ? 'twilio_daily_sip_dialin' : 'daily_pstn_dialout')));
    }
  }
  return found;
}

/** The class a service's `construct` expression builds (its callee), e.g. `CartesiaTTSService`. */
function constructedClass(s: ServiceDefinition): string | undefined {
  return /^\s*([A-Za-z_]\w*)\s*\(/.exec(s.construct)?.[1];
}

/** The catalogue services whose class the code imports from the catalogue's module. */
function detectServices(reading: CodeReading): ServiceDefinition[] {
  return ALL_SERVICES.filter((s) => {
    const cls = constructedClass(s);
    const from = s.imports.find((i) => cls && i.names.includes(cls))?.from;
    return !!from && reading.imports.some((i) => i.module === from && i.names.includes(cls!));
  });
}

/** Whether every detected transport that lists `name` has Pipecat Cloud supply it (and one does). */
function cloudSupplied(name: string, transports: readonly TransportDefinition[]): boolean {
  const listing = transports.filter((t) => t.env.some((e) => e.name === name));
  return listing.length > 0 && listing.every((t) => t.cloudSupplies?.includes(name));
}

/** The need of a variable from its catalogue definition (for one pipecat reads). */
function definedNeed(def: EnvVarDefinition): EnvNeed {
  return def.commented ? 'runner-set' : def.required ? 'required' : 'optional';
}

/** A variable name a dotenv file can declare. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variables: the code's reads in first-read order, then those pipecat reads for it. */
function neededVars(reading: CodeReading, transports: readonly TransportDefinition[], services: readonly ServiceDefinition[]): NeededVar[] {
  const vars = catalogueVars();
  const byName = new Map<string, NeededVar>();
  // Only a name a dotenv file can hold counts: `os.getenv("A B")` or one with control characters can
  // never be set from `.env.example`, and must not be written there or into a report.
  for (const read of reading.env.filter((r) => ENV_NAME.test(r.name))) {
    const seen = byName.get(read.name);
    if (seen) {
      if (read.required && seen.need === 'optional') byName.set(read.name, { ...seen, need: 'required' });
      continue;
    }
    const need: EnvNeed = vars.get(read.name)?.commented ? 'runner-set' : read.required ? 'required' : 'optional';
    byName.set(read.name, { name: read.name, need, at: { path: read.path, line: read.line } });
  }
  const pipecatReads: [string, EnvVarDefinition][] = [
    ...transports.flatMap((t) => t.env.map((e) => [t.id, e] as [string, EnvVarDefinition])),
    ...services.flatMap((s) => s.env.filter((e) => !s.construct.includes(e.name)).map((e) => [s.id, e] as [string, EnvVarDefinition])),
    ...MODULE_READS.filter((m) => reading.imports.some((i) => i.module === m.module)).flatMap((m) =>
      m.env.map((e) => [m.module, e] as [string, EnvVarDefinition]),
    ),
  ];
  for (const [readBy, def] of pipecatReads) {
    if (!byName.has(def.name)) byName.set(def.name, { name: def.name, need: definedNeed(def), readBy });
  }
  return [...byName.values()].map((v) => (v.need !== 'runner-set' && cloudSupplied(v.name, transports) ? { ...v, need: 'local-only' } : v));
}

/** The extras the imported pipecat modules and the detected transports need, sorted. */
function neededExtras(reading: CodeReading, transports: readonly TransportDefinition[], data: PipecatData): string[] {
  const extras = new Set<string>(transports.flatMap((t) => t.extras));
  for (const use of reading.transports.filter((u) => u.video)) {
    transports
      .filter((t) => t.flow === 'runner' && t.runnerTransport === use.key)
      .forEach((t) => t.videoExtras?.forEach((e) => extras.add(e)));
  }
  for (const imp of reading.imports) {
    if (imp.local || imp.module.split('.')[0] !== 'pipecat') continue;
    for (const m of [imp.module, ...imp.names.map((n) => `${imp.module}.${n}`)]) data.moduleExtras[m]?.forEach((e) => extras.add(e));
  }
  return [...extras].sort();
}

/**
 * What the server code needs, from what the reader found.
 *
 * @param reading the reader's result ({@link readServerCode})
 * @param opts the project's transports from `.yo-rc.json` (to choose among transports sharing a runner key) and the pipecat data
 * @returns variables with their need, extras, services by role, transports and third-party imports
 * @throws Error when no `data` is given and the shipped `pipecat-data.json` cannot be read
 */
export function codeFacts(reading: CodeReading, opts: CodeFactsOptions = {}): CodeFacts {
  const data = opts.data ?? pipecatData();
  const transports = detectTransports(reading, opts.transports ?? []);
  const services = detectServices(reading);
  const byRole: Partial<Record<ServiceDefinition['role'], string[]>> = {};
  for (const s of services) (byRole[s.role] ??= []).push(s.id);
  return {
    reading,
    env: neededVars(reading, transports, services),
    extras: neededExtras(reading, transports, data),
    services: byRole,
    transports: transports.map((t) => t.id),
    thirdParty: reading.imports.filter((i) => !i.stdlib && !i.local && i.module.split('.')[0] !== 'pipecat'),
  };
}

/**
 * `extras` without those another of them already installs through pipecat-ai's own
 * self-references (`tavus = ["pipecat-ai[daily]"]`: `daily` goes when `tavus` is there), sorted.
 * Two extras lists install the same when their minimal forms are equal: compare with this, as
 * `codeFacts().extras` is the plain union of what each import needs.
 *
 * @param extras extra names
 * @param data the pipecat data (its `extraIncludes`)
 */
export function minimalExtras(extras: readonly string[], data: Pick<PipecatData, 'extraIncludes'>): string[] {
  const implied = new Set<string>();
  const walk = (e: string, seen: Set<string>): void => {
    for (const inner of data.extraIncludes[e] ?? []) {
      if (seen.has(inner)) continue;
      seen.add(inner);
      implied.add(inner);
      walk(inner, seen);
    }
  };
  for (const e of extras) walk(e, new Set([e]));
  return [...new Set(extras)].filter((e) => !implied.has(e)).sort();
}
