/**
 * The esbuild bundle of the `pipecat` executable and the `yo` generator (`scripts/bundle.ts`, issues
 * 14 and 27): its start-up rewrites apply to the dependencies installed, the lazy-constant rewrite
 * changes only what it may (a constant whose every use is its one method), the built files import
 * nothing but Node's own modules and each other (the package has no runtime dependency), and the
 * stand-ins of what is left out fail loudly when called.
 */
import { describe, expect, test } from '@jest/globals';
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './helpers/cli.js';
import { EXTERNAL_PACKAGES, LEFT_OUT, RUNTIME_LOOKUPS, lazyConstantsSource, leftOutSource } from '../scripts/bundle.js';

describe('lazy constants', () => {
  test('a segmenter used only through .segment() is created on first use', () => {
    const src =
      'const segmenter = new Intl.Segmenter();\n// no segmenter here\nexport const n = (s) => [...segmenter.segment(s)].length;\n';
    const out = lazyConstantsSource(src)!;
    expect(out).not.toContain('const segmenter = new Intl.Segmenter();');
    const mod = { exports: {} as { n?: (s: string) => number } };
    new Function('module', out.replace('export const n', 'module.exports.n'))(mod);
    expect(mod.exports.n!('héllo')).toBe(5);
  });

  test("the RGI_Emoji RegExp keeps its pattern (a `$'` in the replacement is not a substitution)", () => {
    const src = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;\nmodule.exports.t = (s) => rgiEmojiRegex.test(s);\n';
    const out = lazyConstantsSource(src)!;
    const mod = { exports: {} as { t?: (s: string) => boolean } };
    new Function('module', out)(mod);
    expect([mod.exports.t!('😀'), mod.exports.t!('a')]).toEqual([true, false]);
  });

  test('any other use leaves the module as it is', () => {
    expect(lazyConstantsSource('const segmenter = new Intl.Segmenter();\nexport { segmenter };\n')).toBeUndefined();
    expect(lazyConstantsSource('const x = 1;\n')).toBeUndefined();
  });
});

/**
 * The built files a module loads before it runs (itself and its static imports, recursively), by
 * path: what `--help` and `--version` load from the entry.
 */
function staticClosure(file: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  seen.set(file, text);
  for (const m of text.matchAll(/^(?:import|export|\})[^;]*?from "(\.{1,2}\/[^"]+)";$|^import "(\.{1,2}\/[^"]+)";$/gm))
    staticClosure(join(dirname(file), m[1] ?? m[2]), seen);
  return seen;
}

describe('the built bundle', () => {
  const entryFile = join(ROOT, 'dist', 'cli', 'main.js');
  const entry = readFileSync(entryFile, 'utf8');
  // The entry (cli/entry.ts) imports the yargs program (cli/main.ts) for every command line but its
  // two fast answers: what `--help` loads is both, and their static imports.
  const programMatch = entry.match(/await import\("(\.\/chunks\/main-[A-Z0-9]+\.js)"\)/);
  const mainFile = join(ROOT, 'dist', 'cli', programMatch?.[1] ?? 'missing');
  const main = readFileSync(mainFile, 'utf8');
  const loaded = staticClosure(mainFile, staticClosure(entryFile));
  const loadedText = [...loaded.values()].join('\n');

  test('the entry loads no yargs: its fast answers compile only the entry and a small chunk', () => {
    expect(programMatch).not.toBeNull();
    const entryOnly = staticClosure(entryFile);
    expect([...entryOnly.values()].join('\n')).not.toContain('// node_modules/yargs');
    expect([...entryOnly.values()].reduce((n, t) => n + t.length, 0)).toBeLessThan(10_000);
    expect(main).toContain('// node_modules/yargs/build/lib/yargs-factory.js');
  });

  test('creates no segmenter and parses no RGI_Emoji literal when it loads', () => {
    expect(loadedText).not.toMatch(/=\s*new Intl\.Segmenter\(\);/);
    expect(loadedText).not.toContain('/^\\p{RGI_Emoji}$/v');
    expect(loadedText).toContain('__pipecatLazy_rgiEmojiRegex ??=');
  });

  test('the entry imports no command module statically (they load with their command)', () => {
    expect(loaded.size).toBeGreaterThan(1); // it does import chunks statically: the check sees them
    expect([...loaded.keys()].filter((p) => /\/(init|cloud|run)-[A-Z0-9]+\.js$/.test(p))).toEqual([]);
    expect(loadedText).not.toContain('// node_modules/yeoman-environment/');
    expect(main).toMatch(/import\("\.\/init-[A-Z0-9]+\.js"\)/);
  });

  test('leaves out the streams polyfill that Node 20 never loads, and the emulator server from the other cloud commands', () => {
    const dir = join(ROOT, 'dist', 'cli', 'chunks');
    const chunks = readdirSync(dir).map((f) => ({ f, text: readFileSync(join(dir, f), 'utf8') }));
    expect(chunks.filter((c) => c.text.includes('// node_modules/web-streams-polyfill/')).map((c) => c.f)).toEqual([]);
    // fetch-blob requires it only when the global ReadableStream is missing.
    const guarded = chunks.find((c) => c.text.includes('__require("web-streams-polyfill/'));
    expect(guarded?.text).toMatch(/if \(!globalThis\.ReadableStream\)/);
    const cloud = chunks.filter((c) => c.text.includes('// cli/commands/cloud/secrets/set.ts'));
    expect(cloud).toHaveLength(1);
    // Any module of the emulator (server.ts starts it; handler.ts, secrets-api.ts, ... answer).
    expect(cloud[0].text).not.toContain('// cli/emulator/');
  });
});

/** The bare specifiers (not Node's own modules) imported by the built files reachable from `entries`. */
async function packageImports(entries: string[]): Promise<string[]> {
  const r = await build({
    entryPoints: entries,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    packages: 'external',
    outdir: join(ROOT, 'dist', 'no-output'),
    logLevel: 'silent',
  });
  const found = new Set<string>();
  const builtin = (s: string) => s.startsWith('node:') || builtinModules.includes(s);
  for (const [file, input] of Object.entries(r.metafile.inputs)) {
    for (const imp of input.imports) if (imp.external && !builtin(imp.path)) found.add(imp.path);
    // CommonJS modules inside the bundle call esbuild's `__require`, which esbuild does not follow.
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/\b__require\("([^"]+)"\)/g)) if (!builtin(m[1])) found.add(m[1]);
  }
  return [...found].sort();
}

describe('what the package runs', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const entries = [join(ROOT, 'dist', 'cli', 'main.js'), join(ROOT, 'dist', 'generators', 'app', 'index.js')];

  test('the executable and the generator import no package: only Node modules, their chunks and unreachable externals', async () => {
    const imports = await packageImports(entries);
    expect(imports.filter((s) => !EXTERNAL_PACKAGES.some((e) => s === e || s.startsWith(`${e}/`)))).toEqual([]);
    expect(pkg.dependencies ?? {}).toEqual({}); // so the package declares none (docs/packaging.md)
  });

  test('the check finds a bare import (tsc’s generator entry imports yeoman-generator)', async () => {
    expect(await packageImports([join(ROOT, 'generators', 'app', 'index.ts')])).toContain('yeoman-generator');
  });

  test('the files bundled packages read at run time, joi and the licences are in dist/vendor/', () => {
    for (const row of RUNTIME_LOOKUPS.filter((r) => r.files.length > 0))
      expect([row.pkg, existsSync(join(ROOT, 'dist', 'vendor', row.pkg))]).toEqual([row.pkg, true]);
    expect(existsSync(join(ROOT, 'dist', 'vendor', 'yeoman-environment', 'package.json'))).toBe(true);
    expect(readdirSync(join(ROOT, 'dist', 'vendor', 'yargs', 'locales'))).toContain('de.json');
    // joi is its own CommonJS file, required on first use: no chunk carries it.
    expect(existsSync(join(ROOT, 'dist', 'vendor', 'joi.cjs'))).toBe(true);
    const chunks = join(ROOT, 'dist', 'cli', 'chunks');
    expect(readdirSync(chunks).filter((f) => readFileSync(join(chunks, f), 'utf8').includes('// node_modules/joi/'))).toEqual([]);
    const licences = readFileSync(join(ROOT, 'dist', 'vendor', 'THIRD-PARTY-LICENSES.md'), 'utf8');
    for (const name of ['yeoman-environment', 'yargs', 'joi', 'ejs']) expect(licences).toMatch(new RegExp(`^## ${name} \\d`, 'm'));
  });
});

describe('stand-ins of what is left out', () => {
  /** Evaluate a stand-in module's source and return its exports. */
  function load(row: (typeof LEFT_OUT)[number]): Record<string, unknown> {
    const src = leftOutSource(row)
      .replace(/^export const (\w+) = /gm, 'exports.$1 = ')
      .replace(/^export default /m, 'exports.default = ');
    const exports: Record<string, unknown> = {};
    new Function('exports', src)(exports);
    return exports;
  }

  test('a call throws naming the package and why it is left out; a construction gives an object whose methods throw', () => {
    const fly = LEFT_OUT.find((r) => r.specifier === 'fly-import')!;
    const m = load(fly);
    expect(Object.keys(m).sort()).toEqual([...fly.exports].sort());
    expect(() => (m.flyImport as () => void)()).toThrow(
      /generator-pipecat leaves out fly-import \(flyImport\): installing generators from npm/,
    );
    const Repo = m.FlyRepository as new (o: object) => { install: () => void };
    const repo = new Repo({ repositoryPath: '/x' }); // yeoman-environment constructs it
    expect(() => repo.install()).toThrow(/leaves out fly-import \(FlyRepository\.install\)/);
    // A class of the importer may extend one (yeoman-environment's YeomanCommand extends commander's Command).
    const Command = load(LEFT_OUT.find((r) => r.specifier === 'commander')!).Command as new () => object;
    class Sub extends Command {}
    expect(() => new Sub()).not.toThrow();
  });

  test('a factory gives a function that throws when used', () => {
    const m = load(LEFT_OUT.find((r) => r.specifier === './inquirer.js')!);
    const prompt = (m.createAdapterPromptModule as () => () => void)();
    expect(() => prompt()).toThrow(/leaves out \.\/inquirer\.js \(createAdapterPromptModule\(\)\): Inquirer prompts/);
  });
});
