/**
 * Bundle the `pipecat` front end with esbuild (issue 14: start-up as fast as the Python tools).
 *
 * `npm run build` runs `tsc` (typecheck, and `dist/` for the Yeoman generator that `yo pipecat`
 * finds, the emulator, the scripts and benches), then this script, which writes the executable
 * `dist/cli/main.js` (the package's `bin` entries; `tsconfig.build.json` leaves `cli/main.ts` to
 * this script) and its chunks under `dist/cli/chunks/`:
 * - one ES module for the entry plus a chunk per lazily imported module (`splitting`), so
 *   `--help` and `--version` load yargs and the entry only, and `init` never loads the cloud
 *   commands (see `cli/commands/registry.ts`);
 * - dependencies are bundled, Yeoman included (node reads a few files instead of ~2,300 modules,
 *   and unused ES modules such as most of lodash-es are left out): a full `init` took less than
 *   half the CPU time in `npm run bench`. Dependencies that locate their own files
 *   (`import.meta.url`, `__dirname`: Yeoman reads its package.json) get the location they have in
 *   `node_modules`, which is why they stay runtime dependencies; a few are required at run time
 *   on purpose and stay unbundled (`joi`, `semver`: `createRequire`);
 * - `generators/app/paths.ts` finds the package root by walking up from the chunk, so templates are
 *   found from the bundle as from `tsc`'s output.
 *
 * Run: `node dist/scripts/bundle.js` (after `tsc`); prints nothing unless esbuild warns. With
 * `BUNDLE_METAFILE=path`, also writes esbuild's metafile there (which module went into which
 * chunk: for finding what a command loads).
 * @throws (exit 1) when esbuild reports an error
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { packageRoot } from '../generators/app/paths.js';

/**
 * Packages left out of the bundle (a `require` of one is resolved from `node_modules` at run time).
 * - `web-streams-polyfill` (188 KB): fetch-blob, under node-fetch, requires it only when
 *   `globalThis.ReadableStream` is missing and `node:stream/web` cannot be loaded, which never
 *   happens on the Node versions we support (`engines`: ≥ 20.17). Bundled, it was compiled by every
 *   `pipecat cloud` command that sends a request: about 6 ms of `compileSourceTextModule` in
 *   `node --cpu-prof` of `secrets set`. It stays installed, as fetch-blob's dependency.
 */
export const EXTERNAL_PACKAGES: string[] = ['web-streams-polyfill'];

/**
 * Run-time helper put at the top of every output file: the `file:` URL of `sub` inside the
 * installed package reached through `chain` (outer to inner, as nested in `node_modules`), found
 * with Node's resolution from the bundle (the `node_modules` folders from the importer up, then
 * `require.resolve`), so it holds however npm laid the packages out.
 */
const MODULE_URL_HELPER = `
import { createRequire as __pipecatCreateRequire } from 'node:module';
import { existsSync as __pipecatExists, readFileSync as __pipecatRead } from 'node:fs';
import { dirname as __pipecatDirname, join as __pipecatJoin } from 'node:path';
import { fileURLToPath as __pipecatToPath, pathToFileURL as __pipecatToUrl } from 'node:url';
const require = __pipecatCreateRequire(import.meta.url);
const __pipecatPackageDirs = new Map();
const __pipecatModuleUrl = (chain, sub) => {
  const key = chain.join('>');
  const known = __pipecatPackageDirs.get(key);
  if (known) return __pipecatToUrl(__pipecatJoin(known, sub)).href;
  let from = import.meta.url;
  let dir;
  for (const pkg of chain) {
    let found;
    // Node's lookup for a bare specifier: <dir>/node_modules/<pkg> from the importer's folder up.
    // A few existsSync calls, where require.resolve costs milliseconds per package at start-up.
    for (let d = __pipecatDirname(__pipecatToPath(from)); !found; d = __pipecatDirname(d)) {
      const f = __pipecatJoin(d, 'node_modules', pkg, 'package.json');
      if (__pipecatExists(f)) found = f;
      if (d === __pipecatDirname(d)) break;
    }
    if (!found) try { found = __pipecatCreateRequire(from).resolve(pkg + '/package.json'); } catch {}
    if (!found) {
      for (let d = __pipecatDirname(__pipecatCreateRequire(from).resolve(pkg)); d !== __pipecatDirname(d); d = __pipecatDirname(d)) {
        const f = __pipecatJoin(d, 'package.json');
        if (__pipecatExists(f) && JSON.parse(__pipecatRead(f, 'utf8')).name === pkg) { found = f; break; }
      }
    }
    if (!found) throw new Error('generator-pipecat: cannot find the installed package ' + pkg);
    dir = __pipecatDirname(found);
    from = __pipecatToUrl(found).href;
  }
  __pipecatPackageDirs.set(key, dir);
  return __pipecatToUrl(__pipecatJoin(dir, sub)).href;
};
const __pipecatModulePath = (chain, sub) => __pipecatToPath(__pipecatModuleUrl(chain, sub));
const __pipecatRequireFrom = (chain, sub) => __pipecatCreateRequire(__pipecatModuleUrl(chain, sub));`;

/**
 * Imports inside dependencies that are turned into a `require` on first use, from the importing
 * module's place in `node_modules` (so the imported package is neither bundled nor loaded unless
 * used). `fly-import` (Yeoman's installer of generators on the fly) imports npm's
 * `@npmcli/arborist` (with pacote, sigstore…: half the bundle's code) at load, but constructs it
 * only when it installs a package, which `pipecat init` never does (`node --cpu-prof`: about
 * 140 ms of a full `init`). The build fails if the import is no longer there, so an upgrade cannot
 * silently bring the cost back.
 */
export const DEFERRED_IMPORTS = [
  {
    /** The importing file, below `node_modules/`. */
    file: 'fly-import/dist/fly-import.js',
    /** The import statement as it appears in that file. */
    statement: "import Arborist from '@npmcli/arborist';",
    /** The binding it declares (a class, called with `new`). */
    name: 'Arborist',
    /** The package it imports. */
    pkg: '@npmcli/arborist',
  },
];

/**
 * Objects that string-width (in yargs' help, cliui, ora…) creates when it loads, though `--version`
 * never measures a string (`node --cpu-prof`): an `Intl.Segmenter` (~12 ms: ICU data) and the
 * RegExp `/^\p{RGI_Emoji}$/v` (~20 ms to build as `new RegExp`, ~35 ms to parse as a literal).
 * `statement` is the exact declaration, `expression` what creates the object, `method` its one use.
 */
export const LAZY_CONSTANTS = [
  { statement: 'const segmenter = new Intl.Segmenter();', name: 'segmenter', expression: 'new Intl.Segmenter()', method: 'segment' },
  {
    statement: 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    name: 'rgiEmojiRegex',
    expression: "new RegExp('^\\\\p{RGI_Emoji}$', 'v')",
    method: 'test',
  },
];

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

/**
 * Dependencies that find their own files from `import.meta.url` (Yeoman reads its package.json) or,
 * in CommonJS, from `__dirname`/`__filename`: in the bundle those would be the chunk's, or
 * undefined, so each is replaced with the location the module has in `node_modules`
 * ({@link MODULE_URL_HELPER}).
 */
const moduleUrlPlugin: Plugin = {
  name: 'dependency-locations',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      let deferred = false;
      const slashed = args.path.replace(/\\/g, '/');
      for (const d of DEFERRED_IMPORTS.filter((x) => slashed.endsWith(`/node_modules/${x.file}`))) {
        if (!text.includes(d.statement))
          throw new Error(`${d.file} no longer has \`${d.statement}\`: update DEFERRED_IMPORTS in scripts/bundle.ts`);
        const sub = d.file
          .split('/')
          .slice(d.file.startsWith('@') ? 2 : 1)
          .join('/');
        const pkg = d.file
          .split('/')
          .slice(0, d.file.startsWith('@') ? 2 : 1)
          .join('/');
        const from = `__pipecatRequireFrom(${JSON.stringify([pkg])}, ${JSON.stringify(sub)})`;
        text = text.replace(
          d.statement,
          () => `const ${d.name} = function (...args) { return new (${from}(${JSON.stringify(d.pkg)}))(...args); };`,
        );
        deferred = true;
      }
      const lazy = lazyConstantsSource(text);
      if (lazy !== undefined) {
        text = lazy;
        deferred = true;
      }
      const metaUrl = text.includes('import.meta.url');
      const cjsPaths = !metaUrl && /\b__(dirname|filename)\b/.test(text) && !/\b(const|let|var)\s+__(dirname|filename)\b/.test(text);
      if (!metaUrl && !cjsPaths) return deferred ? { contents: text, loader: 'js' } : undefined;
      const parts = args.path.split(/[\\/]node_modules[\\/]/).slice(1);
      const chain: string[] = [];
      let sub = '';
      parts.forEach((part, i) => {
        const segs = part.split(/[\\/]/);
        const n = segs[0].startsWith('@') ? 2 : 1;
        chain.push(segs.slice(0, n).join('/'));
        if (i === parts.length - 1) sub = segs.slice(n).join('/');
      });
      const where = `${JSON.stringify(chain)}, ${JSON.stringify(sub)}`;
      const contents = metaUrl
        ? text.replaceAll('import.meta.url', `__pipecatModuleUrl(${where})`)
        : `var __filename = __pipecatModulePath(${where}), __dirname = require('node:path').dirname(__filename);\n${text}`;
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Write `dist/cli/main.js` and `dist/cli/chunks/`.
 *
 * @param root the package root (default: found from this module)
 * @returns esbuild's warnings, as text lines
 */
export async function bundle(root = packageRoot()): Promise<string[]> {
  const outdir = join(root, 'dist', 'cli');
  rmSync(join(outdir, 'chunks'), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, 'cli', 'main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Node 20's V8 has RegExp `v` flags; esbuild would lower such literals to `new RegExp(…, 'v')`,
    // built at load instead of parsed (the costly one is made lazy: LAZY_CONSTANTS).
    supported: { 'regexp-set-notation': true },
    chunkNames: 'chunks/[name]-[hash]',
    // ES module builds of dependencies (jsonc-parser's `main` is a UMD build that requires its own files).
    mainFields: ['module', 'main'],
    external: EXTERNAL_PACKAGES,
    // CommonJS dependencies inside the bundle call `require` for Node's built-in modules.
    banner: { js: MODULE_URL_HELPER },
    plugins: [moduleUrlPlugin],
    legalComments: 'none',
    metafile: !!process.env.BUNDLE_METAFILE,
    logLevel: 'silent',
  });
  if (process.env.BUNDLE_METAFILE && result.metafile) writeFileSync(process.env.BUNDLE_METAFILE, JSON.stringify(result.metafile));
  return result.warnings.map((w) => `${w.location ? `${w.location.file}:${w.location.line}: ` : ''}${w.text}`);
}

const invokedDirectly = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  bundle().then(
    (warnings) => {
      for (const w of warnings) process.stderr.write(`bundle: warning: ${w}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`bundle failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
