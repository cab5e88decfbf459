/**
 * Bundle what the published package runs with esbuild (issues 14 and 27: start-up as fast as the
 * Python tools, an install as light as `npm create vite`).
 *
 * `npm run build` runs `tsc` (typecheck, and `dist/` for the tests, the emulator, the scripts and
 * benches), then this script, which writes:
 * - `dist/cli/main.js`, the executable (the package's `bin` entries; `tsconfig.build.json` leaves
 *   `cli/main.ts` to this script);
 * - `dist/generators/app/index.js`, the generator that `yo pipecat` loads (over tsc's output of
 *   that file): the same modules as `pipecat init` runs, sharing its chunks;
 * - `dist/cli/chunks/`: one chunk per lazily imported module (`splitting`), so `--help` and
 *   `--version` load yargs and the entry only, and `init` never loads the cloud commands
 *   (`cli/commands/registry.ts`);
 * - `dist/vendor/`: the files that bundled packages read at run time ({@link VENDOR_FILES}) and
 *   the licences of every bundled package (`THIRD-PARTY-LICENSES.md`).
 *
 * Every dependency is bundled, Yeoman included: the package installs no runtime dependency
 * (`package.json` keeps them in `devDependencies`; docs/packaging.md).
 * For that:
 * - a bundled module that finds its own files (`import.meta.url`, or `__dirname`/`__filename` in
 *   CommonJS) gets the place it would have under `dist/vendor/`, where the files it reads are
 *   copied; each such package is reviewed in {@link RUNTIME_LOOKUPS} (the build fails on a new one);
 * - the parts of Yeoman that `pipecat` never calls are left out ({@link LEFT_OUT}): installing
 *   generators from npm, looking generators up on disk, running `npm install`, git, Inquirer;
 * - a few exact statements are rewritten ({@link SOURCE_REWRITES}): our lazy `require`s of joi
 *   (bundled on its own, {@link SEPARATE_BUNDLES}) and semver, and where yargs starts looking for
 *   the app's package.json.
 * `generators/app/paths.ts` finds the package root by walking up from the chunk, so templates are
 * found from the bundle as from `tsc`'s output.
 *
 * Run: `node dist/scripts/bundle.js` (after `tsc`); prints nothing unless esbuild warns. With
 * `BUNDLE_METAFILE=path`, also writes esbuild's metafile there (which module went into which
 * chunk: for finding what a command loads).
 * @throws (exit 1) when esbuild reports an error, or a rule below no longer matches the code
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { packageRoot } from '../generators/app/paths.js';

/** The bundle's entry points: output path below `dist/` (no extension) → source file. */
export const ENTRY_POINTS: Record<string, string> = {
  'cli/main': 'cli/main.ts',
  'generators/app/index': 'generators/app/index.ts',
};

/**
 * Packages left out of the bundle (a `require` of one is resolved from `node_modules` at run time).
 * - `web-streams-polyfill` (188 KB): fetch-blob, under node-fetch, requires it only when
 *   `globalThis.ReadableStream` is missing and `node:stream/web` cannot be loaded, which never
 *   happens on the Node versions we support (`engines`: ≥ 20.17). Bundled, it was compiled by every
 *   `pipecat cloud` command that sends a request: about 6 ms of `compileSourceTextModule` in
 *   `node --cpu-prof` of `secrets set`. Not installed with the package either: the `require` is
 *   never reached.
 */
export const EXTERNAL_PACKAGES: string[] = ['web-streams-polyfill'];

/**
 * Modules that the bundle replaces with a stand-in whose every export throws
 * "generator-pipecat leaves out …" when called (and, when constructed, gives an object whose
 * every method throws): code that `pipecat` and `yo pipecat` never run, left out of the package.
 * A row applies to imports of `specifier` from the packages in `from` only; the build fails when a
 * row no longer matches an import, or an importer uses a name the row does not export.
 */
export const LEFT_OUT: {
  specifier: string;
  from: string[];
  /** Names the stand-in exports (`default` for the default export). */
  exports: string[];
  /** Exports called when the importer loads or sets up (a factory): the call gives a function that throws. */
  factories?: string[];
  why: string;
}[] = [
  {
    specifier: 'fly-import',
    from: ['yeoman-environment'],
    exports: ['FlyRepository', 'flyImport'],
    why: "installing generators from npm on the fly (npm's Arborist, pacote, sigstore); the environment only constructs its repository",
  },
  {
    specifier: 'globby',
    from: ['yeoman-environment'],
    exports: ['globbySync'],
    why: 'looking generators up on disk; `pipecat` registers its generator class, `yo` uses its own environment',
  },
  {
    specifier: 'execa',
    from: ['yeoman-environment', 'yeoman-generator'],
    exports: ['execa', 'execaSync', 'execaCommand', 'execaCommandSync'],
    why: "Yeoman's `npm install` step (we pass skipInstall), `npm root -g` for a lookup, and `spawnCommand`, which our generator never calls",
  },
  {
    specifier: 'which-package-manager',
    from: ['yeoman-environment'],
    exports: ['whichPackageManager'],
    why: "Yeoman's install step (skipInstall)",
  },
  {
    specifier: 'simple-git',
    from: ['yeoman-generator'],
    exports: ['simpleGit', 'CheckRepoActions', 'CleanOptions'],
    why: "the generator's `git` and `user.git` helpers, which ours never reads",
  },
  {
    specifier: 'latest-version',
    from: ['yeoman-generator'],
    exports: ['default'],
    why: "the generator's `addDependencies` (asks the npm registry), which ours never calls",
  },
  {
    specifier: './inquirer.js',
    from: ['@yeoman/adapter'],
    exports: ['createAdapterPromptModule'],
    factories: ['createAdapterPromptModule'],
    why: "Inquirer prompts: `pipecat init` asks with `prompts` (cli/prompts-adapter.ts) and a non-interactive run asks nothing; `yo pipecat` asks through yo's own adapter",
  },
  {
    specifier: 'normalize-package-data',
    from: ['read-pkg'],
    exports: ['default'],
    why: 'normalising package.json (licence ids, repository URLs): yeoman-generator reads package.json with `normalize: false`',
  },
  {
    specifier: '@inquirer/core',
    from: ['@yeoman/adapter'],
    exports: ['Separator'],
    why: "the adapter's `separator()`, a choice of Inquirer prompts (left out above)",
  },
  {
    specifier: './testing/index.js',
    from: ['@yeoman/adapter'],
    exports: [],
    why: "Yeoman's test adapter (yeoman-test's), re-exported as `testing`",
  },
  {
    specifier: 'commander',
    from: ['yeoman-environment'],
    exports: ['Command', 'Option'],
    why: "Yeoman's own command line (`env.execute`, `prepareCommand`): `pipecat` parses its arguments with yargs and calls `env.run`",
  },
];

/**
 * Every bundled package whose code finds its own files at run time, and what it reads there.
 * `files` (globs relative to the package, `*` within one folder) are copied to
 * `dist/vendor/<package>/`, where the bundle points the package's `import.meta.url` or `__dirname`.
 * The build fails when a bundled package looks up its files and has no row here (review it first),
 * or when a row's package is no longer bundled.
 */
export const RUNTIME_LOOKUPS: { pkg: string; files: string[]; why: string }[] = [
  { pkg: 'yeoman-environment', files: ['package.json'], why: 'reads its name and version when it loads' },
  { pkg: 'yeoman-generator', files: ['package.json'], why: 'reads its version when it loads' },
  {
    pkg: 'yargs',
    files: ['locales/*.json'],
    why: "y18n reads the help and error messages of the user's locale (LC_ALL, LANG); its package lookup is for a version we give",
  },
  { pkg: 'yargs-parser', files: [], why: '`require` only for config files given by path, never relative to itself' },
  { pkg: 'fdir', files: [], why: '`require` only for picomatch, taken out (SOURCE_REWRITES)' },
  { pkg: 'write-file-atomic', files: [], why: '`__filename` only seeds the names of its temporary files' },
  { pkg: 'ejs', files: [], why: '`__filename` only inside the source text of compiled templates' },
];

/**
 * Exact statements of bundled source files (ours, or below `node_modules/`) that the bundle
 * replaces, each with its reason. The build fails when a statement is no longer in its file.
 */
export const SOURCE_REWRITES: { file: string; statement: string; replacement: string; why: string }[] = [
  {
    file: 'generators/app/config/schema.ts',
    statement: "createRequire(import.meta.url)('joi')",
    replacement: "require(__pipecatVendorFile('joi.cjs'))",
    why: 'joi (300 KB) is required on first use only: as its own CommonJS file (SEPARATE_BUNDLES), not parsed by `init --list-options` with the catalogue',
  },
  {
    file: 'generators/app/render/semver.ts',
    statement: "createRequire(import.meta.url)('semver')",
    replacement: "require('semver')",
    why: "semver is CommonJS: bundled (with Yeoman's imports of it) in a wrapper that runs on the first `require`",
  },
  {
    file: 'node_modules/fdir/dist/index.mjs',
    statement: '__require.resolve("picomatch");\n\tpm = __require("picomatch");',
    replacement: '// generator-pipecat: no picomatch for fdir (scripts/bundle.ts)',
    why: "fdir's optional `glob` option, which tinyglobby (its importer here) does not use: from dist/vendor/ the require would load a second picomatch from a checkout's node_modules at every init, and find none when installed",
  },
  {
    file: 'node_modules/yeoman-generator/dist/generator.js',
    statement: '    _ = _;',
    replacement: '    _ = undefined; // generator-pipecat: no lodash namespace (scripts/bundle.ts)',
    why: "the generator's `this._` is all of lodash (255 KB, and its chain wrapper built at load), which neither Yeoman nor our generator reads; without it only the functions Yeoman imports are bundled",
  },
  {
    file: 'node_modules/yargs/lib/platform-shims/esm.mjs',
    statement: "const mainFilename = __dirname.substring(0, __dirname.lastIndexOf('node_modules'));",
    replacement: "const mainFilename = __pipecatToPath(new URL('../../', __pipecatVendor));",
    why: "yargs looks for the app's package.json from the folder holding its node_modules (our package root when installed); from dist/vendor/ that would be the working directory, walked up to / with a readdir per folder on every start",
  },
];

/**
 * Packages bundled on their own as a CommonJS file `dist/vendor/<out>`, for a `require` that must
 * stay synchronous but off the start-up path ({@link SOURCE_REWRITES}).
 */
export const SEPARATE_BUNDLES: { pkg: string; out: string }[] = [{ pkg: 'joi', out: 'joi.cjs' }];

/** Placeholder in {@link MODULE_URL_HELPER} for the path from an output file to `dist/vendor/`. */
const VENDOR_PLACEHOLDER = '__PIPECAT_VENDOR_DIR__';

/**
 * Run-time helper put at the top of every output file: the `file:` URL of `sub` inside the
 * bundled package reached through `chain` (outer to inner, as nested in `node_modules`), in the
 * package's folder under `dist/vendor/` (nested packages joined by `+`).
 */
const MODULE_URL_HELPER = `
import { createRequire as __pipecatCreateRequire } from 'node:module';
import { fileURLToPath as __pipecatToPath } from 'node:url';
const require = __pipecatCreateRequire(import.meta.url);
const __pipecatVendor = new URL('${VENDOR_PLACEHOLDER}', import.meta.url);
const __pipecatModuleUrl = (chain, sub) => new URL(chain.join('+') + '/' + sub, __pipecatVendor).href;
const __pipecatModulePath = (chain, sub) => __pipecatToPath(__pipecatModuleUrl(chain, sub));
const __pipecatVendorFile = (file) => __pipecatToPath(new URL(file, __pipecatVendor));`;

/** The package (e.g. `@yeoman/adapter`) and path inside it of a file below `node_modules/`. */
function splitPackagePath(part: string): { pkg: string; sub: string } {
  const segs = part.split(/[\\/]/);
  const n = segs[0].startsWith('@') ? 2 : 1;
  return { pkg: segs.slice(0, n).join('/'), sub: segs.slice(n).join('/') };
}

/** The chain of packages (outer to inner) and the path inside the innermost of a bundled file. */
function modulePlace(path: string): { chain: string[]; sub: string } | undefined {
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

/** What the plugin saw during one build, checked against the rules afterwards. */
interface BuildRecord {
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

/**
 * The esbuild plugin of the rules above: stand-ins for {@link LEFT_OUT}, our
 * {@link SOURCE_REWRITES}, {@link LAZY_CONSTANTS}, and the `dist/vendor/` places of modules that
 * find their own files ({@link RUNTIME_LOOKUPS}).
 */
function rulesPlugin(root: string, record: BuildRecord): Plugin {
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
      /** `text` with the {@link SOURCE_REWRITES} of `path` applied (recorded, or a problem). */
      const rewrite = (path: string, text: string): string => {
        const file = relative(root, path).split(sep).join('/');
        SOURCE_REWRITES.forEach((r, i) => {
          if (r.file !== file) return;
          if (!text.includes(r.statement)) {
            record.problems.push(`${r.file} no longer has \`${r.statement}\`: update SOURCE_REWRITES in scripts/bundle.ts`);
            return;
          }
          text = text.replace(r.statement, () => r.replacement);
          record.rewrites.add(i);
        });
        return text;
      };
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.split(sep).includes('node_modules')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const out = rewrite(args.path, text);
        return out === text ? undefined : { contents: out, loader: 'ts' };
      });
      b.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, (args) => {
        const original = readFileSync(args.path, 'utf8');
        let text = rewrite(args.path, original);
        const lazy = lazyConstantsSource(text);
        if (lazy !== undefined) text = lazy;
        const metaUrl = text.includes('import.meta.url');
        const cjsPaths = !metaUrl && /\b__(dirname|filename)\b/.test(text) && !/\b(const|let|var)\s+__(dirname|filename)\b/.test(text);
        if (!metaUrl && !cjsPaths) return text === original ? undefined : { contents: text, loader: 'js' };
        const { chain, sub } = modulePlace(args.path)!;
        const pkg = chain[chain.length - 1];
        if (!RUNTIME_LOOKUPS.some((r) => r.pkg === pkg))
          record.problems.push(
            `${relative(root, args.path)} finds its own files (import.meta.url or __dirname): review what it reads and add ${pkg} to RUNTIME_LOOKUPS in scripts/bundle.ts`,
          );
        record.lookups.set(chain.join('+'), chain);
        const where = `${JSON.stringify(chain)}, ${JSON.stringify(sub)}`;
        const contents = metaUrl
          ? text.replaceAll('import.meta.url', `__pipecatModuleUrl(${where})`)
          : `var __filename = __pipecatModulePath(${where}), __dirname = require('node:path').dirname(__filename);\n${text}`;
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * Files of a package matching `pattern` (a path relative to the package; `*` matches within one
 * folder name, in the last segment only).
 *
 * @returns paths relative to the package
 * @throws Error when nothing matches (the package no longer has the files we ship for it)
 */
function packageFiles(dir: string, pattern: string): string[] {
  const folder = posix.dirname(pattern);
  const name = posix.basename(pattern);
  const re = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
  const inFolder = join(dir, folder);
  const found = existsSync(inFolder) ? readdirSync(inFolder).filter((f) => re.test(f)) : [];
  if (found.length === 0) throw new Error(`${dir} has no ${pattern}: update RUNTIME_LOOKUPS in scripts/bundle.ts`);
  return found.map((f) => posix.join(folder, f));
}

/** The folder of a chain of nested packages below `root/node_modules`. */
function chainDir(root: string, chain: string[]): string {
  return join(root, ...chain.flatMap((p) => ['node_modules', p]));
}

/**
 * `dist/vendor/THIRD-PARTY-LICENSES.md`: name, version, licence and licence text of every package
 * with code in the bundle (the code ships without its packages, so their notices ship here).
 */
function licensesText(root: string, metafiles: Metafile[]): string {
  const chains = new Map<string, string[]>();
  for (const input of metafiles.flatMap((m) => Object.keys(m.inputs))) {
    const place = modulePlace(join(root, input));
    if (place) chains.set(place.chain.join('+'), place.chain);
  }
  const entries = [...chains.values()].map((chain) => {
    const dir = chainDir(root, chain);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: unknown };
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i.test(f));
    const license = typeof pkg.license === 'string' ? pkg.license : JSON.stringify(pkg.license ?? 'unstated');
    const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `(no licence file in the package; package.json states ${license})`;
    return { key: `${pkg.name}@${pkg.version}`, text: `## ${pkg.name} ${pkg.version} (${license})\n\n\`\`\`\n${text}\n\`\`\`\n` };
  });
  const unique = [...new Map(entries.map((e) => [e.key, e])).values()].sort((a, b) => a.key.localeCompare(b.key));
  return [
    '# Third-party licences',
    '',
    'generator-pipecat bundles the code of these packages into `dist/` (scripts/bundle.ts).',
    '',
    ...unique.map((e) => e.text),
  ].join('\n');
}

/**
 * Write `dist/cli/main.js`, `dist/generators/app/index.js`, `dist/cli/chunks/` and `dist/vendor/`.
 *
 * @param root the package root (default: found from this module)
 * @returns esbuild's warnings, as text lines
 * @throws Error when esbuild fails or a rule of this file no longer matches the dependencies
 */
export async function bundle(root = packageRoot()): Promise<string[]> {
  const dist = join(root, 'dist');
  const vendor = join(dist, 'vendor');
  rmSync(join(dist, 'cli', 'chunks'), { recursive: true, force: true });
  rmSync(vendor, { recursive: true, force: true });
  const record: BuildRecord = { leftOut: new Set(), lookups: new Map(), rewrites: new Set(), problems: [] };
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([out, src]) => [out, join(root, src)])),
    outdir: dist,
    write: false,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Node 20's V8 has RegExp `v` flags; esbuild would lower such literals to `new RegExp(…, 'v')`,
    // built at load instead of parsed (the costly one is made lazy: LAZY_CONSTANTS).
    supported: { 'regexp-set-notation': true },
    chunkNames: 'cli/chunks/[name]-[hash]',
    // ES module builds of dependencies (jsonc-parser's `main` is a UMD build that requires its own files).
    mainFields: ['module', 'main'],
    external: EXTERNAL_PACKAGES,
    // CommonJS dependencies inside the bundle call `require` for Node's built-in modules.
    banner: { js: MODULE_URL_HELPER },
    plugins: [rulesPlugin(root, record)],
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  });
  LEFT_OUT.forEach((r, i) => {
    if (!record.leftOut.has(i)) record.problems.push(`LEFT_OUT: nothing bundled imports ${r.specifier} from ${r.from.join(', ')} any more`);
  });
  const lookedUp = new Set([...record.lookups.values()].map((c) => c[c.length - 1]));
  for (const r of RUNTIME_LOOKUPS) if (!lookedUp.has(r.pkg)) record.problems.push(`RUNTIME_LOOKUPS: ${r.pkg} no longer looks up its files`);
  SOURCE_REWRITES.forEach((r, i) => {
    if (!record.rewrites.has(i)) record.problems.push(`SOURCE_REWRITES: ${r.file} was not bundled`);
  });
  if (record.problems.length) throw new Error(record.problems.join('\n'));

  for (const f of result.outputFiles) {
    const vendorDir = relative(dirname(f.path), vendor).split(sep).join('/') + '/';
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.text.replaceAll(VENDOR_PLACEHOLDER, vendorDir));
  }
  for (const [key, chain] of record.lookups) {
    const row = RUNTIME_LOOKUPS.find((r) => r.pkg === chain[chain.length - 1])!;
    for (const pattern of row.files) {
      for (const file of packageFiles(chainDir(root, chain), pattern)) {
        mkdirSync(dirname(join(vendor, key, file)), { recursive: true });
        copyFileSync(join(chainDir(root, chain), file), join(vendor, key, file));
      }
    }
  }
  const metafiles = [result.metafile];
  for (const sb of SEPARATE_BUNDLES) {
    const separate = await build({
      absWorkingDir: root,
      entryPoints: [sb.pkg],
      outfile: join(vendor, sb.out),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      legalComments: 'none',
      metafile: true,
      logLevel: 'silent',
    });
    metafiles.push(separate.metafile);
  }
  mkdirSync(vendor, { recursive: true });
  writeFileSync(join(vendor, 'THIRD-PARTY-LICENSES.md'), licensesText(root, metafiles));
  if (process.env.BUNDLE_METAFILE) writeFileSync(process.env.BUNDLE_METAFILE, JSON.stringify(result.metafile));
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
