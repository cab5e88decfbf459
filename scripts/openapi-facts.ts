/**
 * The facts the emulator's contract test (test/cloud/openapi-contract.test.ts) checks, derived from
 * Pipecat Cloud's REST reference (pipecat-ai/docs `api-reference/pipecat-cloud/rest-reference/openapi.json`,
 * and `openapi-start.json` beside it where a docs version still has it): one row per operation,
 * its method, full path (the server's base path included: `/v1` private, `/v1/public` public),
 * `operationId`, and per documented status the fields its JSON answer must hold (the schema's
 * `required`, as dotted paths: `regions[].code`, `properties.*.type`). Facts, not prose: no
 * description is copied.
 *
 * `npm run build && node dist/scripts/openapi-facts.js` rewrites `test/cloud/openapi-facts.json`
 * from the spec (`--check`: exit 1 when the file is not what the spec gives). The spec is read from
 * `PIPECAT_CLOUD_OPENAPI` (the `openapi.json` file, or the folder holding it), else from the
 * pipecat-ai/docs mirror (`git show HEAD:…` in {@link DEFAULT_MIRROR}).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed facts table, relative to the repository root. */
export const FACTS_FILE = 'test/cloud/openapi-facts.json';
/** Where a fetched pipecat-ai/docs mirror is (a git directory without a work tree). */
const DEFAULT_MIRROR = '/work/.mirror/pipecat-ai+docs/repo';
/** The spec's path in pipecat-ai/docs. */
const SPEC_PATH = 'api-reference/pipecat-cloud/rest-reference/openapi.json';
/** Files of the spec beside `openapi.json` that an older docs version splits off. */
const EXTRA_SPECS = ['openapi-start.json'];

/** One operation of the REST reference. */
interface OperationFacts {
  operationId: string;
  /** Upper case: `GET`, `POST`, … */
  method: string;
  /** Full path below the host, e.g. `/v1/agents/{agentName}`, `/v1/public/{agentName}/start`. */
  path: string;
  /** `private` (`/v1`) or `public` (`/v1/public`). */
  server: 'private' | 'public';
  /** Per documented status: the required fields of its JSON answer (empty when none or no JSON). */
  responses: Record<string, string[]>;
}

/** The facts table. */
export interface OpenApiFacts {
  source: string;
  operations: OperationFacts[];
}

/** An OpenAPI document, as far as these facts read it. */
type Json = Record<string, unknown>;

/** Where the spec was read from, and its documents (`openapi.json` first). */
interface SpecSource {
  from: string;
  docs: Json[];
}

/** The documents at a folder or a file path (`openapi.json` and what {@link EXTRA_SPECS} adds beside it). */
function fromPath(p: string): SpecSource | string {
  const file = existsSync(p) && statSync(p).isDirectory() ? join(p, 'openapi.json') : p;
  if (!existsSync(file)) return `no REST reference at ${file} (PIPECAT_CLOUD_OPENAPI)`;
  const extra = EXTRA_SPECS.map((n) => join(dirname(file), n)).filter((f) => existsSync(f));
  return { from: file, docs: [file, ...extra].map((f) => JSON.parse(readFileSync(f, 'utf8')) as Json) };
}

/** The documents in the mirror's HEAD, or undefined when a file is not there. */
function fromMirror(mirror: string): SpecSource | string {
  const show = (path: string) => {
    try {
      return execFileSync('git', ['-C', mirror, 'show', `HEAD:${path}`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 << 20,
      });
    } catch {
      return undefined;
    }
  };
  const main = existsSync(mirror) ? show(SPEC_PATH) : undefined;
  if (main === undefined)
    return `the REST reference was not found: no pipecat-ai/docs mirror at ${mirror} (set PIPECAT_CLOUD_OPENAPI to openapi.json)`;
  const extra = EXTRA_SPECS.map((n) => show(join(dirname(SPEC_PATH), n))).filter((t): t is string => t !== undefined);
  return { from: `${mirror} HEAD:${SPEC_PATH}`, docs: [main, ...extra].map((t) => JSON.parse(t) as Json) };
}

/**
 * Reads the spec: `PIPECAT_CLOUD_OPENAPI` (file or folder), else the mirror.
 *
 * @returns the documents, or a sentence saying what is missing and what to set
 */
export function readSpec(env: NodeJS.ProcessEnv = process.env): SpecSource | string {
  const p = env.PIPECAT_CLOUD_OPENAPI;
  return p ? fromPath(resolve(p)) : fromMirror(DEFAULT_MIRROR);
}

/** Resolves a local `$ref` (`#/components/...`) of `doc`. */
function deref(doc: Json, v: unknown, depth = 0): Json {
  const o = (v ?? {}) as Json;
  if (typeof o.$ref !== 'string' || depth > 20) return o;
  const target = o.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, k) => (at as Json | undefined)?.[k], doc);
  return deref(doc, target, depth + 1);
}

/**
 * The required fields of a schema, as dotted paths below `prefix`: each `required` name, and those
 * of its properties (`a.b`), array items (`a[].b`) and map values (`a.*.b`), through `$ref`,
 * `allOf` (all of them) and `oneOf`/`anyOf` (those every choice requires).
 */
function requiredPaths(doc: Json, schema: unknown, prefix = '', depth = 0): string[] {
  if (depth > 12) return [];
  const s = deref(doc, schema);
  const out = new Set<string>();
  for (const part of (s.allOf as unknown[] | undefined) ?? []) for (const p of requiredPaths(doc, part, prefix, depth + 1)) out.add(p);
  const choices = ((s.oneOf ?? s.anyOf) as unknown[] | undefined) ?? [];
  if (choices.length) {
    const each = choices.map((c) => new Set(requiredPaths(doc, c, prefix, depth + 1)));
    for (const p of each[0]) if (each.every((x) => x.has(p))) out.add(p);
  }
  for (const r of (s.required as string[] | undefined) ?? []) out.add(prefix + r);
  for (const [name, child] of Object.entries((s.properties as Json | undefined) ?? {}))
    for (const p of requiredPaths(doc, child, `${prefix}${name}.`, depth + 1)) out.add(p);
  if (s.items) for (const p of requiredPaths(doc, s.items, prefix ? prefix.replace(/\.$/, '[].') : '[].', depth + 1)) out.add(p);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    for (const p of requiredPaths(doc, s.additionalProperties, `${prefix}*.`, depth + 1)) out.add(p);
  return [...out].sort();
}

/** The base path of a `servers` list (`https://host/v1/public` → `/v1/public`), or undefined. */
function basePath(servers: unknown): string | undefined {
  const url = (servers as { url?: string }[] | undefined)?.[0]?.url;
  return url === undefined ? undefined : new URL(url).pathname.replace(/\/+$/, '');
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** The operations of one document. */
function operationsOf(doc: Json): OperationFacts[] {
  const out: OperationFacts[] = [];
  const docBase = basePath(doc.servers) ?? '';
  for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {})) {
    const pathItem = item as Json;
    for (const m of METHODS) {
      const op = pathItem[m] as Json | undefined;
      if (!op) continue;
      const base = basePath(op.servers) ?? basePath(pathItem.servers) ?? docBase;
      const responses: Record<string, string[]> = {};
      for (const [status, r] of Object.entries((op.responses as Json | undefined) ?? {})) {
        if (!/^\d{3}$/.test(status)) continue;
        const schema = ((deref(doc, r).content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
        responses[status] = schema ? requiredPaths(doc, schema) : [];
      }
      out.push({
        operationId: String(op.operationId),
        method: m.toUpperCase(),
        path: base + path,
        server: base.endsWith('/public') ? 'public' : 'private',
        responses,
      });
    }
  }
  return out;
}

/**
 * The facts of every operation of the documents, sorted by path, then method (one row each;
 * an operation in two documents is kept once, the first document's).
 */
export function deriveFacts(docs: readonly Json[]): OpenApiFacts {
  const seen = new Map<string, OperationFacts>();
  for (const doc of docs) for (const op of operationsOf(doc)) if (!seen.has(op.operationId)) seen.set(op.operationId, op);
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0); // by code unit: the same on every machine
  const operations = [...seen.values()].sort((a, b) => order(a.path, b.path) || order(a.method, b.method));
  return { source: `pipecat-ai/docs ${SPEC_PATH}`, operations };
}

/** The facts as the committed file holds them: one operation a line. */
export function factsText(facts: OpenApiFacts): string {
  const ops = facts.operations.map((o) => '    ' + JSON.stringify(o)).join(',\n');
  return `{\n  "source": ${JSON.stringify(facts.source)},\n  "operations": [\n${ops}\n  ]\n}\n`;
}

/** Rewrites (or with `--check`, compares) the facts file. Exit 2 without a spec, 1 when `--check` finds it stale. */
function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const spec = readSpec();
  if (typeof spec === 'string') {
    process.stderr.write(`${spec}\n`);
    process.exit(2);
  }
  const text = factsText(deriveFacts(spec.docs));
  const file = join(root, FACTS_FILE);
  if (process.argv.includes('--check')) {
    const same = existsSync(file) && readFileSync(file, 'utf8') === text;
    process.stderr.write(same ? `${FACTS_FILE} is current (${spec.from})\n` : `${FACTS_FILE} is stale: run without --check\n`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(file, text);
  process.stderr.write(`wrote ${FACTS_FILE} from ${spec.from}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
