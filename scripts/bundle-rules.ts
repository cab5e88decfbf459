/**
 * The rules of the esbuild bundle (`scripts/bundle.ts`, issues 14 and 27), as data: its entry
 * points, what stays out of it, what bundled packages read at run time, and the exact statements it
 * rewrites. `scripts/bundle-plugin.ts` applies them; the build fails when a row no longer matches
 * the code (docs/packaging.md explains each kind of row).
 */

/** The bundle's entry points: output path below `dist/` (no extension) → source file. */
export const ENTRY_POINTS: Record<string, string> = {
  'cli/main': 'cli/entry.ts',
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
 * `name` identifies the row for `bundle({ skipRewrites })`: test/e2e/source-rewrites.test.ts builds
 * the bundle without each row and measures what the row saves.
 */
export const SOURCE_REWRITES: { name: string; file: string; statement: string; replacement: string; why: string }[] = [
  {
    name: 'joi',
    file: 'generators/app/config/schema.ts',
    statement: "createRequire(import.meta.url)('joi')",
    replacement: "require(__pipecatVendorFile('joi.cjs'))",
    why: 'joi (300 KB) is required on first use only: as its own CommonJS file (SEPARATE_BUNDLES), not parsed by `init --list-options` with the catalogue',
  },
  {
    name: 'semver',
    file: 'generators/app/render/semver.ts',
    statement: "createRequire(import.meta.url)('semver')",
    replacement: "require('semver')",
    why: "semver is CommonJS: bundled (with Yeoman's imports of it) in a wrapper that runs on the first `require`",
  },
  {
    name: 'fdir-picomatch',
    file: 'node_modules/fdir/dist/index.mjs',
    statement: '__require.resolve("picomatch");\n\tpm = __require("picomatch");',
    replacement: '// generator-pipecat: no picomatch for fdir (scripts/bundle.ts)',
    why: "fdir's optional `glob` option, which tinyglobby (its importer here) does not use: from dist/vendor/ the require would load a second picomatch from a checkout's node_modules at every init, and find none when installed",
  },
  {
    name: 'lodash-namespace',
    file: 'node_modules/yeoman-generator/dist/generator.js',
    statement: '    _ = _;',
    replacement: '    _ = undefined; // generator-pipecat: no lodash namespace (scripts/bundle.ts)',
    why: "the generator's `this._` is all of lodash (255 KB, and its chain wrapper built at load), which neither Yeoman nor our generator reads; without it only the functions Yeoman imports are bundled",
  },
  {
    name: 'yargs-main-filename',
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
