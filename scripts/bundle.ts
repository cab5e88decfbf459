/**
 * Bundle what the published package runs with esbuild (issues 14 and 27: start-up as fast as the
 * Python tools, an install as light as `npm create vite`).
 *
 * `npm run build` runs `tsc` (typecheck, and `dist/` for the tests, the emulator, the scripts and
 * benches), then this script, which writes:
 * - `dist/cli/main.js`, the executable (the package's `bin` entries): `cli/entry.ts`, which answers
 *   `--version`, `--help` and `init --list-options` itself and imports `cli/main.ts` (the yargs
 *   program, a chunk) for everything else (`tsconfig.build.json` leaves both to this script);
 * - `dist/cli/list-options.json`, what `init --list-options` prints (computed here by
 *   `listOptionsJson()` of cli/commands/init.ts), for the entry's fast path;
 * - `dist/cli/help.json`, what `--help` prints, rendered here by the built yargs program;
 * - `dist/generators/app/index.js`, the generator that `yo pipecat` loads (over tsc's output of
 *   that file): the same modules as `pipecat init` runs, sharing its chunks;
 * - `dist/cli/chunks/`: one chunk per lazily imported module (`splitting`), so `init --help` loads
 *   yargs and the entry only, and `init` never loads the cloud commands
 *   (`cli/commands/registry.ts`);
 * - `dist/vendor/`: the files that bundled packages read at run time ({@link RUNTIME_LOOKUPS}) and
 *   the licences of every bundled package (`THIRD-PARTY-LICENSES.md`).
 *
 * The rules (entry points, what is left out, what is rewritten) are data in
 * `scripts/bundle-rules.ts`; `scripts/bundle-plugin.ts` applies them.
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
 * @throws (exit 1) when esbuild reports an error, or a rule of scripts/bundle-rules.ts no longer matches the code
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildResult, type Metafile } from 'esbuild';
import { listOptionsJson } from '../cli/commands/init.js';
import { PRERENDERED_HELP_WIDTHS } from '../cli/help-text.js';
import { packageRoot } from '../generators/app/paths.js';
import { type BuildRecord, modulePlace, rulesPlugin } from './bundle-plugin.js';
import { ENTRY_POINTS, EXTERNAL_PACKAGES, LEFT_OUT, RUNTIME_LOOKUPS, SEPARATE_BUNDLES, SOURCE_REWRITES } from './bundle-rules.js';

export { EXTERNAL_PACKAGES, LAZY_CONSTANTS, LEFT_OUT, RUNTIME_LOOKUPS, SEPARATE_BUNDLES, SOURCE_REWRITES } from './bundle-rules.js';
export { lazyConstantsSource, leftOutSource } from './bundle-plugin.js';

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
  if (found.length === 0) throw new Error(`${dir} has no ${pattern}: update RUNTIME_LOOKUPS in scripts/bundle-rules.ts`);
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

/** The problems of a build whose rules no longer all match the code (none: every rule applied). */
function unmatchedRules(record: BuildRecord): string[] {
  const problems = [...record.problems];
  LEFT_OUT.forEach((r, i) => {
    if (!record.leftOut.has(i)) problems.push(`LEFT_OUT: nothing bundled imports ${r.specifier} from ${r.from.join(', ')} any more`);
  });
  const lookedUp = new Set([...record.lookups.values()].map((c) => c[c.length - 1]));
  for (const r of RUNTIME_LOOKUPS) if (!lookedUp.has(r.pkg)) problems.push(`RUNTIME_LOOKUPS: ${r.pkg} no longer looks up its files`);
  SOURCE_REWRITES.forEach((r, i) => {
    if (!record.rewrites.has(i) && !record.skipRewrites.has(r.name)) problems.push(`SOURCE_REWRITES: ${r.file} was not bundled`);
  });
  return problems;
}

/** Copy the files that bundled packages read at run time ({@link RUNTIME_LOOKUPS}) to `vendor/<chain>/`. */
function copyVendorFiles(root: string, vendor: string, record: BuildRecord): void {
  for (const [key, chain] of record.lookups) {
    const row = RUNTIME_LOOKUPS.find((r) => r.pkg === chain[chain.length - 1])!;
    for (const pattern of row.files) {
      for (const file of packageFiles(chainDir(root, chain), pattern)) {
        mkdirSync(dirname(join(vendor, key, file)), { recursive: true });
        copyFileSync(join(chainDir(root, chain), file), join(vendor, key, file));
      }
    }
  }
}

/** Write each {@link SEPARATE_BUNDLES} package as its own CommonJS file under `vendor/`; returns their metafiles. */
async function separateBundles(root: string, vendor: string): Promise<Metafile[]> {
  const metafiles: Metafile[] = [];
  for (const sb of SEPARATE_BUNDLES) {
    const separate = await build({
      absWorkingDir: root,
      preserveSymlinks: true,
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
  return metafiles;
}

/** esbuild's build of {@link ENTRY_POINTS} into `dist`, with the rules plugin, in memory (`write: false`). */
function buildEntries(root: string, dist: string, record: BuildRecord): Promise<BuildResult<{ write: false; metafile: true }>> {
  return build({
    absWorkingDir: root,
    preserveSymlinks: true,
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
}

/** Where {@link bundle} writes, and what it leaves out on purpose. */
interface BundleOptions {
  /** The package root, whose sources and `node_modules` are bundled (default: found from this module). */
  root?: string;
  /** The output folder (default `<root>/dist`); a test's build writes elsewhere. */
  dist?: string;
  /**
   * Names of {@link SOURCE_REWRITES} rows not to apply: for the tests that measure what each row
   * saves (test/e2e/source-rewrites.test.ts), never for the package.
   */
  skipRewrites?: readonly string[];
}

/**
 * `pipecat --help` as the built yargs program prints it at each of {@link PRERENDERED_HELP_WIDTHS}
 * in English, by width: `dist/cli/help.json`, which the entry prints without loading yargs
 * (cli/entry.ts; test/entry.test.ts compares it with yargs' own output).
 *
 * @param dist the build's output folder, already written
 * @throws Error when the program fails to print its help
 */
function renderHelp(dist: string): Record<string, string> {
  const entry = readFileSync(join(dist, 'cli', 'main.js'), 'utf8');
  const chunk = /await import\("\.\/(chunks\/main-[A-Za-z0-9]+\.js)"\)/.exec(entry)?.[1];
  if (!chunk) throw new Error('dist/cli/main.js imports no chunks/main-*.js: cannot render --help');
  const scratch = mkdtempSync(join(tmpdir(), 'pipecat-help-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const k of ['LC_ALL', 'LC_MESSAGES', 'LANG', 'LANGUAGE', 'NODE_OPTIONS']) delete env[k];
  try {
    return Object.fromEntries(
      PRERENDERED_HELP_WIDTHS.map((width) => {
        // The program as the entry starts it, on a stdout that reports this many columns.
        const starter = join(scratch, `help-${width}.mjs`);
        writeFileSync(
          starter,
          `Object.defineProperty(process.stdout, 'columns', { value: ${width} });\n` +
            `(await import(${JSON.stringify(pathToFileURL(join(dist, 'cli', chunk)).href)})).start();\n`,
        );
        const r = spawnSync(process.execPath, [starter, '--help'], { encoding: 'utf8', env });
        if (r.status !== 0 || r.stderr) throw new Error(`--help at width ${width} failed (exit ${r.status}): ${r.stderr}`);
        return [String(width), r.stdout];
      }),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Write `dist/cli/main.js`, `dist/generators/app/index.js`, `dist/cli/chunks/`, `dist/vendor/`
 * `dist/cli/list-options.json` (what `init --list-options` prints) and `dist/cli/help.json` (what
 * `--help` prints), for the entry's fast paths (cli/entry.ts).
 *
 * @param options where to write and what rewrites to skip (default: the package's own build)
 * @returns esbuild's warnings, as text lines
 * @throws Error when esbuild fails, a rule of scripts/bundle-rules.ts no longer matches the dependencies, or `skipRewrites` names no row
 */
export async function bundle(options: BundleOptions = {}): Promise<string[]> {
  const root = options.root ?? packageRoot();
  const dist = options.dist ?? join(root, 'dist');
  const vendor = join(dist, 'vendor');
  const unknown = (options.skipRewrites ?? []).filter((n) => !SOURCE_REWRITES.some((r) => r.name === n));
  if (unknown.length) throw new Error(`skipRewrites: no SOURCE_REWRITES row named ${unknown.join(', ')}`);
  rmSync(join(dist, 'cli', 'chunks'), { recursive: true, force: true });
  rmSync(vendor, { recursive: true, force: true });
  const record: BuildRecord = {
    skipRewrites: new Set(options.skipRewrites),
    leftOut: new Set(),
    lookups: new Map(),
    rewrites: new Set(),
    problems: [],
  };
  const result = await buildEntries(root, dist, record);
  const problems = unmatchedRules(record);
  if (problems.length) throw new Error(problems.join('\n'));
  for (const f of result.outputFiles) {
    const vendorDir = relative(dirname(f.path), vendor).split(sep).join('/') + '/';
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.text.replaceAll(VENDOR_PLACEHOLDER, vendorDir));
  }
  copyVendorFiles(root, vendor, record);
  const metafiles = [result.metafile, ...(await separateBundles(root, vendor))];
  mkdirSync(vendor, { recursive: true });
  writeFileSync(join(vendor, 'THIRD-PARTY-LICENSES.md'), licensesText(root, metafiles));
  writeFileSync(join(dist, 'cli', 'list-options.json'), listOptionsJson());
  writeFileSync(join(dist, 'cli', 'help.json'), JSON.stringify(renderHelp(dist)));
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
