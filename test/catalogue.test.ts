/**
 * Catalogue invariants, checked against the pipecat-ai API index (pipecat-ai 1.7.1.dev771; found at
 * $PIPECAT_INDEX, else $PIPECAT_SHARED/pipecat-api/index.json, else ../shared/pipecat-api/index.json:
 * see test/helpers/shared.ts). Without the index, the checks that read it are skipped with one line
 * on stderr; the others still run.
 *
 * For every STT, LLM, TTS, realtime and video entry: ids, aliases and env names are well formed and
 * unique; imports resolve in the index; extras exist and cover what the imported modules need; every
 * call in `construct` to a pipecat class (the service, its `Settings`, helper models) uses only
 * keywords that class accepts (following `**kwargs` forwarding up the bases, like
 * check_server.py's `call_spec`) and gives every required one; env vars read in `construct` and the
 * declared `env` list agree; no value that may be None reaches a keyword (catalogue-facts §1 item 9,
 * rule E4). Sources: catalogue-facts.md §1, §5–§10, §12.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';

import { LLM_SERVICES } from '../generators/app/catalogue/llm.js';
import { REALTIME_SERVICES } from '../generators/app/catalogue/realtime.js';
import { STT_SERVICES } from '../generators/app/catalogue/stt.js';
import { TTS_SERVICES } from '../generators/app/catalogue/tts.js';
import type { ServiceDefinition, ServiceRole } from '../generators/app/catalogue/types.js';
import { VIDEO_SERVICES } from '../generators/app/catalogue/video.js';
import { apiIndexPath, sharedAvailable } from './helpers/shared.js';

// ---------------------------------------------------------------------------------------------
// The index
// ---------------------------------------------------------------------------------------------

type Param = [name: string, kind: string, hasDefault: number];
interface ClassInfo {
  bases?: string[];
  init?: { params?: Param[]; varkw?: string; forwards_kwargs?: number; kwargs_keys?: string[]; deprecated_params?: Record<string, string> };
  dataclass?: unknown;
  fields?: [string, number, string?][];
  attrs?: Record<string, string>;
  deprecated?: { since: string; use?: string };
}
interface ModuleInfo {
  defs?: Record<string, string>;
  imports?: Record<string, string>;
  pipecat_imports?: string[];
  third_party?: string[];
  extras_required?: string[];
  deprecated?: { since: string; use?: string };
}
interface ApiIndex {
  version: string;
  dependencies: string[];
  extras: Record<string, string[]>;
  modules: Record<string, ModuleInfo>;
  classes: Record<string, ClassInfo>;
}

/** Whether the index is there; when not, the `catalogue vs the pipecat API index` tests are skipped. */
const HAS_INDEX = sharedAvailable('catalogue vs the pipecat API index', 'apiIndex');
const INDEX_PATH = apiIndexPath();
const API: ApiIndex =
  HAS_INDEX && INDEX_PATH
    ? (JSON.parse(readFileSync(INDEX_PATH, 'utf8')) as ApiIndex)
    : { version: 'unknown (no index)', dependencies: [], extras: {}, modules: {}, classes: {} };

/** Resolves `name` as an attribute of pipecat module `mod` to a class/function/module qualname. */
function resolveName(mod: string, name: string, depth = 0): string | undefined {
  const entry = API.modules[mod];
  if (!entry || depth > 8) return undefined;
  const kind = entry.defs?.[name];
  if (kind && kind !== 'alias' && !(kind === 'variable' && entry.imports?.[name])) return `${mod}.${name}`;
  const target = entry.imports?.[name];
  if (target) return target.startsWith('pipecat.') ? resolveQual(target, depth + 1) : target;
  if (API.modules[`${mod}.${name}`]) return `${mod}.${name}`;
  return undefined;
}

/** Resolves a dotted pipecat name (`pipecat.a.b.Class`) through re-exports. */
function resolveQual(qual: string, depth = 0): string | undefined {
  if (API.classes[qual] || API.modules[qual]) return qual;
  const parts = qual.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const mod = parts.slice(0, i).join('.');
    if (!API.modules[mod]) continue;
    let cur = resolveName(mod, parts[i], depth + 1);
    for (const attr of parts.slice(i + 1)) cur = cur ? classAttr(cur, attr) : undefined;
    return cur;
  }
  return undefined;
}

const EXTERNAL = 'ext:';
const TERMINAL_BASES = new Set(['object', 'abc.ABC', 'typing.Generic', 'typing.Protocol', 'typing_extensions.Protocol']);

function basesOf(cq: string): string[] {
  return (API.classes[cq]?.bases ?? []).map((b) => {
    if (b.startsWith('?') || !b.startsWith('pipecat.')) return EXTERNAL + b.replace(/^\?/, '');
    const c = resolveQual(b);
    return c && API.classes[c] ? c : EXTERNAL + b;
  });
}

const mroCache = new Map<string, string[]>();
/** C3 linearisation over pipecat classes; external bases appear as `ext:NAME`. */
function mro(cq: string): string[] {
  const hit = mroCache.get(cq);
  if (hit) return hit;
  mroCache.set(cq, [cq]);
  const bs = basesOf(cq);
  let seqs = [...bs.map((b) => (b.startsWith(EXTERNAL) ? [b] : [...mro(b)])), [...bs]].filter((s) => s.length);
  const out = [cq];
  while ((seqs = seqs.filter((s) => s.length)).length) {
    const head = seqs.map((s) => s[0]).find((h) => !seqs.some((t) => t.indexOf(h) > 0));
    if (!head) {
      for (const s of seqs) for (const x of s) if (!out.includes(x)) out.push(x);
      break;
    }
    out.push(head);
    for (const s of seqs) if (s[0] === head) s.shift();
  }
  mroCache.set(cq, out);
  return out;
}

function classAttr(cq: string, attr: string): string | undefined {
  for (const c of mro(cq)) {
    const target = API.classes[c]?.attrs?.[attr];
    if (target) return API.classes[target] ? target : resolveQual(target);
  }
  return API.classes[`${cq}.${attr}`] ? `${cq}.${attr}` : undefined;
}

interface CallSpec {
  /** Keywords the call accepts. */
  accepted: Set<string>;
  /** Keywords without a default. */
  required: Set<string>;
  /** Deprecated keywords (name -> since). */
  deprecated: Map<string, string>;
  /** Set when the signature cannot be known statically. */
  unknown?: string;
}

/** What a call to class `cq` accepts: pydantic fields, dataclass fields, or `__init__` params up the bases. */
function callSpec(cq: string): CallSpec {
  const spec: CallSpec = { accepted: new Set(), required: new Set(), deprecated: new Map() };
  const chain = mro(cq);
  const isPydantic = chain.some((c) => c === `${EXTERNAL}pydantic.BaseModel` || c === `${EXTERNAL}pydantic.main.BaseModel`);
  if (isPydantic && !chain.some((c) => API.classes[c]?.init)) {
    for (const c of chain) {
      for (const [name, hasDefault, alias] of API.classes[c]?.fields ?? []) {
        spec.accepted.add(alias ?? name);
        if (!hasDefault) spec.required.add(alias ?? name);
      }
    }
    return spec;
  }
  let first = true;
  for (const c of chain) {
    if (c.startsWith(EXTERNAL)) {
      if (TERMINAL_BASES.has(c.slice(EXTERNAL.length))) continue;
      spec.unknown = `keywords may reach external base ${c.slice(EXTERNAL.length)}`;
      return spec;
    }
    const info = API.classes[c] ?? {};
    if (!info.init && info.dataclass) {
      for (const d of chain) {
        for (const [name, hasDefault] of API.classes[d]?.dataclass ? (API.classes[d].fields ?? []) : []) {
          spec.accepted.add(name);
          if (first && !hasDefault) spec.required.add(name);
        }
      }
      return spec;
    }
    if (!info.init) continue;
    for (const [name, , hasDefault] of info.init.params ?? []) {
      spec.accepted.add(name);
      if (first && !hasDefault) spec.required.add(name);
    }
    for (const [name, since] of Object.entries(info.init.deprecated_params ?? {})) {
      if (!spec.deprecated.has(name)) spec.deprecated.set(name, since);
    }
    for (const k of info.init.kwargs_keys ?? []) spec.accepted.add(k);
    first = false;
    if (!info.init.varkw || !info.init.forwards_kwargs) return spec;
  }
  return spec;
}

/** Pipecat modules executed when `mod` is imported (parents included). */
function moduleClosure(mod: string): Set<string> {
  const seen = new Set<string>();
  const stack = [mod];
  while (stack.length) {
    const parts = stack.pop()!.split('.');
    for (let i = 1; i <= parts.length; i++) {
      const p = parts.slice(0, i).join('.');
      if (!API.modules[p] || seen.has(p)) continue;
      seen.add(p);
      for (const imp of API.modules[p].pipecat_imports ?? []) stack.push(API.modules[imp] ? imp : imp.slice(0, imp.lastIndexOf('.')));
    }
  }
  return seen;
}

/** Extras plus the extras they pull in (`pipecat-ai[daily]` inside `tavus`). */
function expandExtras(extras: readonly string[]): Set<string> {
  const out = new Set<string>();
  const stack = [...extras];
  while (stack.length) {
    const e = stack.pop()!;
    if (out.has(e)) continue;
    out.add(e);
    for (const req of API.extras[e] ?? []) {
      const m = /^pipecat-ai\[([^\]]+)\]/.exec(req);
      if (m) stack.push(...m[1].split(',').map((x) => x.trim()));
    }
  }
  return out;
}

const normDist = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, '-');
const reqName = (req: string): string => normDist(/^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(req)?.[1] ?? '');
/** Import names of core dependencies whose distribution name differs. */
const CORE_IMPORT_NAMES = new Set(['PIL', 'yaml', 'dotenv']);

/**
 * Third-party top-level packages the imported modules load unconditionally that pipecat-ai's core
 * dependencies do not provide (e.g. `camb`, which `pipecat.services.camb.tts` imports with no hint).
 */
function thirdPartyBeyondCore(modules: Iterable<string>): Set<string> {
  const core = new Set(API.dependencies.map(reqName));
  const out = new Set<string>();
  for (const m of modules) {
    for (const root of API.modules[m].third_party ?? []) {
      if (!core.has(normDist(root)) && !CORE_IMPORT_NAMES.has(root)) out.add(root);
    }
  }
  return out;
}

/** Whether one of the extra's requirements provides import root `root` (`camb` by `camb-sdk`). */
const extraProvides = (extra: string, root: string): boolean =>
  (API.extras[extra] ?? []).some((r) => reqName(r) === normDist(root) || reqName(r).startsWith(normDist(root) + '-'));

// ---------------------------------------------------------------------------------------------
// A small parser for the `construct` expressions (calls, keywords, `**x`, `a or b`, literals,
// `{"key": value}` dicts, `a if x == y else b`, `#` comments)
// ---------------------------------------------------------------------------------------------

type Expr =
  | { kind: 'call'; callee: string; args: Expr[]; keywords: { name: string; value: Expr }[]; splats: Expr[] }
  | { kind: 'name'; name: string }
  | { kind: 'str'; value: string }
  | { kind: 'num'; value: string }
  | { kind: 'or'; operands: Expr[] }
  | { kind: 'dict'; values: Expr[] }
  | { kind: 'cond'; then: Expr; test: [Expr, Expr]; otherwise: Expr };

/** The sub-expressions of `e` (call arguments, operands, dict values, both branches and the test). */
function children(e: Expr): Expr[] {
  if (e.kind === 'call') return [...e.args, ...e.keywords.map((k) => k.value), ...e.splats];
  if (e.kind === 'or') return e.operands;
  if (e.kind === 'dict') return e.values;
  if (e.kind === 'cond') return [e.then, ...e.test, e.otherwise];
  return [];
}

/**
 * Parses the Python expression subset the catalogue uses.
 *
 * @throws Error naming the position when the text is outside that subset
 */
function parseExpr(src: string): Expr {
  let i = 0;
  const ws = (): void => {
    for (;;) {
      while (i < src.length && /\s/.test(src[i])) i++;
      if (src[i] !== '#') return;
      while (i < src.length && src[i] !== '\n') i++;
    }
  };
  const fail = (what: string): never => {
    throw new Error(`cannot parse construct at ${i} (${what}): ${src.slice(i, i + 40)}`);
  };
  const atom = (): Expr => {
    ws();
    if (src[i] === '"') {
      const end = src.indexOf('"', i + 1);
      if (end < 0) fail('unterminated string');
      const value = src.slice(i + 1, end);
      i = end + 1;
      return { kind: 'str', value };
    }
    if (src[i] === '{') {
      i++;
      const values: Expr[] = [];
      for (;;) {
        ws();
        if (src[i] === '}') {
          i++;
          return { kind: 'dict', values };
        }
        const key = atom();
        if (key.kind !== 'str') fail('expected a string key');
        ws();
        if (src[i] !== ':') fail('expected :');
        i++;
        values.push(expr());
        ws();
        if (src[i] === ',') i++;
        else if (src[i] !== '}') fail('expected , or }');
      }
    }
    const num = /^\d+/.exec(src.slice(i));
    if (num) {
      i += num[0].length;
      return { kind: 'num', value: num[0] };
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(src.slice(i));
    if (!id) return fail('expected a name, string or number');
    i += id[0].length;
    ws();
    if (src[i] !== '(') return { kind: 'name', name: id[0] };
    i++;
    const call: Expr & { kind: 'call' } = { kind: 'call', callee: id[0], args: [], keywords: [], splats: [] };
    for (;;) {
      ws();
      if (src[i] === ')') {
        i++;
        return call;
      }
      if (src.startsWith('**', i)) {
        i += 2;
        call.splats.push(orExpr());
      } else {
        const kw = /^([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/.exec(src.slice(i));
        if (kw) {
          i += kw[0].length;
          call.keywords.push({ name: kw[1], value: expr() });
        } else {
          call.args.push(expr());
        }
      }
      ws();
      if (src[i] === ',') i++;
      else if (src[i] !== ')') fail('expected , or )');
    }
  };
  const orExpr = (): Expr => {
    const operands = [atom()];
    for (;;) {
      ws();
      if (!/^or\b/.test(src.slice(i))) break;
      i += 2;
      operands.push(atom());
    }
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  };
  const expr = (): Expr => {
    const then = orExpr();
    ws();
    if (!/^if\b/.test(src.slice(i))) return then;
    i += 2;
    const left = orExpr();
    ws();
    if (!src.startsWith('==', i)) fail('expected ==');
    i += 2;
    const right = orExpr();
    ws();
    if (!/^else\b/.test(src.slice(i))) fail('expected else');
    i += 4;
    return { kind: 'cond', then, test: [left, right], otherwise: expr() };
  };
  const e = expr();
  ws();
  if (i !== src.length) fail('trailing text');
  return e;
}

function calls(e: Expr, out: (Expr & { kind: 'call' })[] = []): (Expr & { kind: 'call' })[] {
  if (e.kind === 'call') out.push(e);
  for (const c of children(e)) calls(c, out);
  return out;
}

const isGetenv = (e: Expr): boolean => e.kind === 'call' && e.callee === 'os.getenv' && e.args.length === 1 && e.args[0].kind === 'str';
const getenvName = (e: Expr): string => (e as { args: { value: string }[] }).args[0].value;

/** Keywords of a call, including those of `**present(...)` splats (flagged `optional`). */
function keywordsOf(c: Expr & { kind: 'call' }): { name: string; value: Expr; optional: boolean }[] {
  const out = c.keywords.map((k) => ({ ...k, optional: false }));
  for (const s of c.splats) {
    if (s.kind !== 'call' || s.callee !== 'present') throw new Error(`**${JSON.stringify(s)}: only **present(...) is allowed`);
    out.push(...s.keywords.map((k) => ({ ...k, optional: true })));
  }
  return out;
}

/** Problems where a value that may be None reaches a keyword (rule E4), and misuse of the helpers. */
function noneSafetyProblems(e: Expr, insidePresent = false): string[] {
  const out: string[] = [];
  const valueOk = (v: Expr): boolean => {
    if (isGetenv(v)) return insidePresent;
    if (v.kind === 'or') return valueOk(v.operands[v.operands.length - 1]);
    if (v.kind === 'cond') return valueOk(v.then) && valueOk(v.otherwise);
    if (v.kind === 'call' && v.callee === 'int') return v.args.length === 1 && valueOk(v.args[0]);
    return true;
  };
  if (e.kind === 'call') {
    if (e.callee === 'required') {
      if (!(e.args.length === 2 && isGetenv(e.args[0]) && e.args[1].kind === 'str' && e.args[1].value === getenvName(e.args[0]))) {
        out.push('required(...) must be required(os.getenv("X"), "X")');
      }
      return out;
    }
    for (const k of e.keywords) {
      if (!valueOk(k.value)) out.push(`${e.callee}(${k.name}=...) may receive None`);
      out.push(...noneSafetyProblems(k.value, insidePresent));
    }
    for (const a of e.args) out.push(...noneSafetyProblems(a, insidePresent));
    for (const s of e.splats) out.push(...noneSafetyProblems(s, s.kind === 'call' && s.callee === 'present'));
  } else {
    for (const c of children(e)) out.push(...noneSafetyProblems(c, insidePresent));
  }
  return out;
}

/** Env var names read in `construct`, and those read through `required(...)`. */
function envReads(e: Expr): { all: Set<string>; viaRequired: Set<string> } {
  const all = new Set<string>();
  const viaRequired = new Set<string>();
  for (const c of calls(e)) {
    if (isGetenv(c)) all.add(getenvName(c));
    if (c.callee === 'required' && c.args[0] && isGetenv(c.args[0])) viaRequired.add(getenvName(c.args[0]));
  }
  return { all, viaRequired };
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

const BY_ROLE: Record<ServiceRole, readonly ServiceDefinition[]> = {
  stt: STT_SERVICES,
  llm: LLM_SERVICES,
  tts: TTS_SERVICES,
  realtime: REALTIME_SERVICES,
  video: VIDEO_SERVICES,
};
const ALL: readonly ServiceDefinition[] = Object.values(BY_ROLE).flat();
const ENTRIES = ALL.map((s) => [s.id, s] as const);

/** Env vars pipecat (or the SDKs it uses) reads itself (catalogue-facts §10.3), so `construct` need not. */
const PIPECAT_READ_ENV = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);

/** Entries whose `api_key` is optional on purpose (not OpenAI-compatible, so no OPENAI_API_KEY fallback). */
const OPTIONAL_API_KEY: Record<string, string> = {
  gemini_tts: 'api_key selects the Gemini API backend; without it Cloud TTS uses the key JSON in GOOGLE_CREDENTIALS (catalogue-facts §7)',
};

/** Extras whose dependencies need Python 3.12 (catalogue-facts §12). */
const PY312_EXTRAS = new Set(['sagemaker', 'aws-nova-sonic']);

/** Names `construct` may use besides its imports (defined by the template). */
const TEMPLATE_NAMES = new Set(['os.getenv', 'required', 'present', 'int']);

describe('catalogue', () => {
  test("has at least the reference counts per role (catalogue-facts §5-§9, plus §12.1 as pipecat 1.7.0's own scaffolder offers them, plus the four TTS pipecat 1.8's adds)", () => {
    // A floor, not a list to edit: losing an entry fails; adding a vendor is its catalogue entry alone (issue 25).
    const reference: Record<string, number> = { stt: 27, llm: 25, tts: 37, realtime: 7, video: 3 };
    for (const [role, floor] of Object.entries(reference))
      expect([role, BY_ROLE[role as keyof typeof BY_ROLE].length >= floor]).toEqual([role, true]);
  });

  test('ids and aliases are unique across roles, ids end in their role suffix, lists are ordered by id', () => {
    const seen = new Map<string, string>();
    for (const [role, list] of Object.entries(BY_ROLE)) {
      expect(list.map((s) => s.id)).toEqual([...list.map((s) => s.id)].sort());
      for (const s of list) {
        expect(s.role).toBe(role);
        expect(s.id).toMatch(new RegExp(`^[a-z][a-z0-9_]*_${role}$`));
        for (const name of [s.id, ...(s.aliases ?? [])]) {
          expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
          expect(seen.get(name)).toBeUndefined();
          seen.set(name, s.id);
        }
      }
    }
  });

  test('shared env vars mean the same everywhere (same description and example)', () => {
    const first = new Map<string, { id: string; description: string; example?: string }>();
    for (const s of ALL) {
      for (const e of s.env) {
        const prev = first.get(e.name);
        if (!prev) first.set(e.name, { id: s.id, description: e.description, example: e.example });
        else
          expect({ name: e.name, description: e.description, example: e.example }).toEqual({
            name: e.name,
            description: prev.description,
            example: prev.example,
          });
      }
    }
  });

  test.each(ENTRIES)('%s: label, env names and descriptions are well formed', (_id, s) => {
    expect(s.label.trim()).not.toBe('');
    const names = s.env.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const e of s.env) {
      expect(e.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(e.description.trim().length).toBeGreaterThan(10);
      expect(e.description).not.toMatch(/\n/);
    }
  });

  test.each(ENTRIES)('%s: no value that may be None reaches a keyword; secrets are explicit', (_id, s) => {
    const e = parseExpr(s.construct);
    expect(noneSafetyProblems(e)).toEqual([]);
    // An api_key keyword always gets the vendor's own key through required(...): OpenAI-compatible
    // clients would otherwise read OPENAI_API_KEY (catalogue-facts §6, §10.2).
    for (const c of calls(e)) {
      for (const k of s.id in OPTIONAL_API_KEY ? [] : keywordsOf(c)) {
        if (k.name === 'api_key')
          expect({ callee: c.callee, value: k.value.kind === 'call' ? k.value.callee : k.value.kind }).toEqual({
            callee: c.callee,
            value: 'required',
          });
      }
    }
  });

  test.each(ENTRIES)('%s: env list matches what construct reads', (_id, s) => {
    const { all, viaRequired } = envReads(parseExpr(s.construct));
    const declared = new Map(s.env.map((e) => [e.name, e]));
    expect([...all].filter((n) => !declared.has(n))).toEqual([]);
    expect([...declared.keys()].filter((n) => !all.has(n) && !PIPECAT_READ_ENV.has(n))).toEqual([]);
    for (const n of viaRequired) expect({ name: n, required: declared.get(n)?.required }).toEqual({ name: n, required: true });
    for (const e of s.env) {
      if (e.required && !viaRequired.has(e.name))
        expect({ name: e.name, readByPipecat: PIPECAT_READ_ENV.has(e.name) }).toEqual({ name: e.name, readByPipecat: true });
    }
  });

  test.each(ENTRIES)('%s: needsHttpSession matches the use of `session`', (_id, s) => {
    const usesSession = calls(parseExpr(s.construct)).some((c) =>
      c.keywords.some((k) => k.value.kind === 'name' && k.value.name === 'session'),
    );
    expect(Boolean(s.needsHttpSession)).toBe(usesSession);
  });

  test.each(ENTRIES.filter(([, s]) => s.role === 'llm' || s.role === 'realtime'))('%s: passes SYSTEM_INSTRUCTION', (_id, s) => {
    const kws = calls(parseExpr(s.construct)).flatMap((c) => c.keywords.map((k) => ({ callee: c.callee, name: k.name, value: k.value })));
    const where = kws.filter((k) => k.value.kind === 'name' && k.value.name === 'SYSTEM_INSTRUCTION').map((k) => `${k.callee}.${k.name}`);
    const expected = s.construct.startsWith('UltravoxRealtimeLLMService(')
      ? ['OneShotInputParams.system_prompt']
      : [`${s.construct.slice(0, s.construct.indexOf('('))}.Settings.system_instruction`];
    expect(where).toEqual(expected);
  });

  test('the parser rejects what it does not understand; the None check catches a bare getenv', () => {
    expect(() => parseExpr('X(a=lambda: 1)')).toThrow(/cannot parse/);
    const bad = parseExpr('DeepgramSTTService(api_key=os.getenv("K"), modle="x")') as Expr & { kind: 'call' };
    expect(noneSafetyProblems(bad)).toEqual(['DeepgramSTTService(api_key=...) may receive None']);
    // Comments, dicts and conditionals parse, and a getenv in either branch is still seen.
    const cond = parseExpr('P(\n    # why\n    extra={"a": {"b": os.getenv("K")}} if call == "dialout" else {},\n)');
    expect(envReads(cond).all).toEqual(new Set(['K']));
    expect(noneSafetyProblems(parseExpr('P(x=os.getenv("K") if call == "web" else "y")'))).toEqual(['P(x=...) may receive None']);
    expect(() => parseExpr('P(x=1 if call else 2)')).toThrow(/expected ==/);
  });
});

(HAS_INDEX ? describe : describe.skip)('catalogue vs the pipecat API index', () => {
  test(`describes pipecat-ai ${API.version}`, () => {
    expect(API.version).toMatch(/^1\.7\./);
  });

  test.each(ENTRIES)('%s: imports resolve in the index and the service class is current', (_id, s) => {
    for (const imp of s.imports) {
      expect(API.modules[imp.from]).toBeDefined();
      for (const name of imp.names)
        expect({ from: imp.from, name, resolved: resolveName(imp.from, name) !== undefined }).toEqual({
          from: imp.from,
          name,
          resolved: true,
        });
    }
    const outer = parseExpr(s.construct);
    expect(outer.kind).toBe('call');
    const callee = (outer as { callee: string }).callee;
    const imp = s.imports.find((i) => i.names.includes(callee));
    expect(imp).toBeDefined();
    const cq = resolveName(imp!.from, callee)!;
    expect(API.classes[cq]).toBeDefined();
    const deprecation = API.classes[cq].deprecated?.since ?? API.modules[imp!.from].deprecated?.since;
    // A deprecated class is only allowed when the entry says so (and then with the index's version).
    expect({ id: s.id, deprecated: deprecation }).toEqual({ id: s.id, deprecated: s.deprecated });
    for (const i of s.imports) {
      if (!s.deprecated)
        expect({ module: i.from, deprecated: API.modules[i.from].deprecated }).toEqual({ module: i.from, deprecated: undefined });
    }
  });

  test.each(ENTRIES)('%s: every call in construct passes only accepted keywords and all required ones', (_id, s) => {
    const imported = new Map<string, string>();
    for (const imp of s.imports) for (const n of imp.names) imported.set(n, resolveName(imp.from, n)!);
    const problems: string[] = [];
    for (const c of calls(parseExpr(s.construct))) {
      if (TEMPLATE_NAMES.has(c.callee)) continue;
      const [head, ...rest] = c.callee.split('.');
      let cq = imported.get(head);
      if (!cq) {
        problems.push(`${c.callee}: not imported`);
        continue;
      }
      for (const attr of rest) cq = cq ? classAttr(cq, attr) : undefined;
      if (!cq || !API.classes[cq]) {
        problems.push(`${c.callee}: not a class in the index`);
        continue;
      }
      if (API.classes[cq].bases?.some((b) => b.startsWith('enum.'))) continue;
      const spec = callSpec(cq);
      if (spec.unknown) problems.push(`${c.callee}: ${spec.unknown}`);
      if (c.args.length && c.callee !== 'int') problems.push(`${c.callee}: positional arguments (every service parameter is keyword-only)`);
      const kws = keywordsOf(c);
      for (const k of kws) {
        if (!spec.accepted.has(k.name)) problems.push(`${c.callee}: unexpected keyword ${k.name}`);
        if (spec.deprecated.has(k.name)) problems.push(`${c.callee}: keyword ${k.name} deprecated since ${spec.deprecated.get(k.name)}`);
      }
      for (const r of spec.required) {
        const k = kws.find((x) => x.name === r);
        if (!k) problems.push(`${c.callee}: missing required ${r}`);
        else if (k.optional) problems.push(`${c.callee}: required ${r} passed through present(...)`);
      }
    }
    expect(problems).toEqual([]);
  });

  test.each(ENTRIES)('%s: extras exist, cover the imported modules, and add nothing heavy that is unused', (_id, s) => {
    for (const e of s.extras) expect({ extra: e, exists: e in API.extras }).toEqual({ extra: e, exists: true });
    const closure = new Set(s.imports.flatMap((imp) => [...moduleClosure(imp.from)]));
    const needed = new Set([...closure].flatMap((m) => API.modules[m].extras_required ?? []));
    const have = expandExtras(s.extras);
    expect([...needed].filter((e) => !have.has(e))).toEqual([]);
    // Third-party roots come from the index; many arrive transitively (httpx with openai, botocore
    // with aiobotocore), so they only vouch for an extra here, they are not required to be covered.
    const roots = thirdPartyBeyondCore(closure);
    // Each listed extra is needed (directly, through the extras it pulls in, or for a third-party
    // import the module makes without a hint) or installs nothing.
    for (const e of s.extras) {
      const pulled = [...expandExtras([e])];
      const useful =
        API.extras[e].length === 0 || pulled.some((x) => needed.has(x)) || [...roots].some((r) => pulled.some((x) => extraProvides(x, r)));
      expect({ extra: e, useful }).toEqual({ extra: e, useful: true });
    }
    expect({ requiresPython: s.requiresPython }).toEqual({
      requiresPython: s.extras.some((e) => PY312_EXTRAS.has(e)) ? '3.12' : undefined,
    });
  });

  test('the keyword check catches a misspelt keyword', () => {
    const spec = callSpec(resolveName('pipecat.services.deepgram.stt', 'DeepgramSTTService')!);
    expect(spec.accepted.has('modle')).toBe(false);
    expect(spec.accepted.has('api_key')).toBe(true);
  });
});
