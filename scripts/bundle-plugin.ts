/**
 * The esbuild plugin of the bundle's rules (`scripts/bundle-rules.ts`): stand-ins for what is left
 * out, the exact source rewrites, the lazy constants, and the `dist/vendor/` places of bundled
 * modules that find their own files. It records what it applied, for `scripts/bundle.ts` to check
 * every rule still matches.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { LAZY_CONSTANTS, LEFT_OUT, RUNTIME_LOOKUPS, SOURCE_REWRITES } from './bundle-rules.js';

/** The package (e.g. `@yeoman/adapter`) and path inside it of a file below `node_modules/`. */
function splitPackagePath(part: string): { pkg: string; sub: string } {
  const segs = part.split(/[\\/]/);
  const n = segs[0].startsWith('@') ? 2 : 1;
  return { pkg: segs.slice(0, n).join('/'), sub: segs.slice(n).join('/') };
}

/** The chain of packages (outer to inner) and the path inside the innermost of a bundled file. */
export function modulePlace(path: string): { chain: string[]; sub: string } | undefined {
  const parts = path.split(/[\\/]node_modules[\\/]/).slice(1);
  if (parts.length === 0) return undefined;
  const places = parts.map(splitPackagePath);
  return { chain: places.map((p) => p.pkg), sub: places[places.length - 1].sub };
}

/**
 * Source of the stand-in module of a {@link LEFT_OUT} row: an ES module exporting `row.exports`.
 *
 * @returns JavaScript source text
 */
export function leftOutSource(row: (typeof LEFT_OUT)[number]): string {
  const lines = [
    `const __leftOut = (name) => {`,
    `  const fail = (what) => { throw new Error(${JSON.stringify(`generator-pipecat leaves out ${row.specifier} (`)} + what + ${JSON.stringify(`): ${row.why}`)}); };`,
    `  return function (...args) {`,
    `    if (new.target) return new Proxy({}, { get: (_t, p) => (typeof p === 'symbol' || p === 'then' ? undefined : () => fail(name + '.' + String(p))) });`,
    `    return fail(name);`,
    `  };`,
    `};`,
  ];
  for (const name of row.exports) {
    const value = row.factories?.includes(name) ? `() => __leftOut(${JSON.stringify(`${name}()`)})` : `__leftOut(${JSON.stringify(name)})`;
    lines.push(name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`);
  }
  return lines.join('\n');
}

/**
 * Rewrite each {@link LAZY_CONSTANTS} declaration of a module whose only use of the constant is
 * `name.method(…)` into an object creating the real one on first use.
 *
 * @returns the rewritten source, or undefined when no declaration matches exactly
 */
export function lazyConstantsSource(text: string): string | undefined {
  let out = text;
  for (const c of LAZY_CONSTANTS) {
    if (!out.includes(c.statement)) continue;
    const rest = out.replace(c.statement, '').replace(/\/\/.*$/gm, ''); // line comments may name it
    const uses = rest.match(new RegExp(`\\b${c.name}\\b[.\\w]*`, 'g')) ?? [];
    if (uses.length === 0 || uses.some((u) => u !== `${c.name}.${c.method}`)) continue;
    const cache = `__pipecatLazy_${c.name}`;
    out = out.replace(
      c.statement,
      () => `let ${cache}; const ${c.name} = { ${c.method}: (s) => (${cache} ??= ${c.expression}).${c.method}(s) };`,
    );
  }
  return out === text ? undefined : out;
}

/** What the plugin saw during one build, checked against the rules afterwards. */
export interface BuildRecord {
  /** Names of {@link SOURCE_REWRITES} rows left unapplied on purpose (a test's build; never the package's). */
  skipRewrites: ReadonlySet<string>;
  /** Indexes of {@link LEFT_OUT} rows that replaced an import. */
  leftOut: Set<number>;
  /** Package chains (joined by `+`) of bundled modules that look up their own files. */
  lookups: Map<string, string[]>;
  /** Indexes of {@link SOURCE_REWRITES} rows applied. */
  rewrites: Set<number>;
  /** Problems that fail the build. */
  problems: string[];
}

/** The folder of the (innermost) installed package holding `path`, or undefined outside `node_modules`. */
function packageDirOf(path: string): string | undefined {
  const i = path.lastIndexOf(`${sep}node_modules${sep}`);
  if (i < 0) return undefined;
  const rest = path.slice(i + 14).split(sep);
  return path.slice(0, i + 14) + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join(sep);
}

/** The package a bundled file belongs to (innermost), or undefined for our own sources. */
function innermostPackage(path: string): string | undefined {
  return modulePlace(path)?.chain.at(-1);
}

/** `text` of the bundled file `path` with its {@link SOURCE_REWRITES} applied (recorded, or a problem). */
function applyRewrites(root: string, record: BuildRecord, path: string, text: string): string {
  const file = relative(root, path).split(sep).join('/');
  SOURCE_REWRITES.forEach((r, i) => {
    if (r.file !== file || record.skipRewrites.has(r.name)) return;
    if (!text.includes(r.statement)) {
      record.problems.push(`${r.file} no longer has \`${r.statement}\`: update SOURCE_REWRITES in scripts/bundle-rules.ts`);
      return;
    }
    text = text.replace(r.statement, () => r.replacement);
    record.rewrites.add(i);
  });
  return text;
}

/**
 * esbuild's contents of a file below `node_modules/`: its rewrites and lazy constants applied, and
 * its own-file lookups (`import.meta.url`, `__dirname`) pointed at its place under `dist/vendor/`.
 *
 * @returns undefined when the file is bundled as it is
 */
function loadDependency(root: string, record: BuildRecord, path: string): { contents: string; loader: 'js' } | undefined {
  const original = readFileSync(path, 'utf8');
  let text = applyRewrites(root, record, path, original);
  const lazy = lazyConstantsSource(text);
  if (lazy !== undefined) text = lazy;
  const metaUrl = text.includes('import.meta.url');
  const cjsPaths = !metaUrl && /\b__(dirname|filename)\b/.test(text) && !/\b(const|let|var)\s+__(dirname|filename)\b/.test(text);
  if (!metaUrl && !cjsPaths) return text === original ? undefined : { contents: text, loader: 'js' };
  const { chain, sub } = modulePlace(path)!;
  const pkg = chain[chain.length - 1];
  if (!RUNTIME_LOOKUPS.some((r) => r.pkg === pkg))
    record.problems.push(
      `${relative(root, path)} finds its own files (import.meta.url or __dirname): review what it reads and add ${pkg} to RUNTIME_LOOKUPS in scripts/bundle-rules.ts`,
    );
  record.lookups.set(chain.join('+'), chain);
  const where = `${JSON.stringify(chain)}, ${JSON.stringify(sub)}`;
  const contents = metaUrl
    ? text.replaceAll('import.meta.url', `__pipecatModuleUrl(${where})`)
    : `var __filename = __pipecatModulePath(${where}), __dirname = require('node:path').dirname(__filename);\n${text}`;
  return { contents, loader: 'js' };
}

/**
 * The esbuild plugin of the rules above: stand-ins for {@link LEFT_OUT}, our
 * {@link SOURCE_REWRITES}, {@link LAZY_CONSTANTS}, and the `dist/vendor/` places of modules that
 * find their own files ({@link RUNTIME_LOOKUPS}).
 */
export function rulesPlugin(root: string, record: BuildRecord): Plugin {
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const leftOutFilter = new RegExp(`^(${LEFT_OUT.map((r) => escape(r.specifier)).join('|')})$`);
  return {
    name: 'pipecat-bundle-rules',
    setup(b) {
      b.onResolve({ filter: leftOutFilter }, (args) => {
        const from = innermostPackage(args.importer);
        const i = LEFT_OUT.findIndex((r) => r.specifier === args.path && from !== undefined && r.from.includes(from));
        if (i < 0) return undefined;
        record.leftOut.add(i);
        return { path: `left-out-${i}`, namespace: 'pipecat-left-out' };
      });
      // One copy per package version: npm nests a copy of the same version under each importer it
      // could not hoist (minimatch 10 under mem-fs-editor, multimatch, @yeoman/conflicter), and
      // esbuild would bundle each. Imports of another copy go to the first one seen.
      const copies = new Map<string, string>();
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.dedupe || args.path.startsWith('node:') || args.namespace !== 'file') return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { dedupe: true },
        });
        if (r.errors.length > 0 || r.external || r.namespace !== 'file') return undefined;
        const dir = packageDirOf(r.path);
        if (!dir) return undefined;
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        const key = `${pkg.name}@${pkg.version}`;
        const first = copies.get(key);
        if (first === undefined) copies.set(key, dir);
        return { path: first === undefined ? r.path : join(first, relative(dir, r.path)), sideEffects: r.sideEffects };
      });
      b.onLoad({ filter: /.*/, namespace: 'pipecat-left-out' }, (args) => ({
        contents: leftOutSource(LEFT_OUT[Number(args.path.replace('left-out-', ''))]),
        loader: 'js',
      }));
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.split(sep).includes('node_modules')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const out = applyRewrites(root, record, args.path, text);
        return out === text ? undefined : { contents: out, loader: 'ts' };
      });
      b.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, (args) => loadDependency(root, record, args.path));
    },
  };
}
