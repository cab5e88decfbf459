/**
 * What each `SOURCE_REWRITES` row of the bundle (scripts/bundle-rules.ts) saves, measured: the
 * bundle is built once with every row and once without each row (`bundle({ skipRewrites })`), each
 * into its own package folder (package.json, templates, python), and the built binaries are run
 * side by side. Every test fails on the build without its row, and prints what the row saves.
 *
 * Two layouts of the same package folder: installed (nothing but the package: no `node_modules`
 * above it, as `npm install` leaves it) and checkout (a `node_modules` beside `dist/`, as in this
 * repository, where a `require` from `dist/vendor/` can find a package).
 *
 * A probe (`--require`, written below) records, at exit, the CommonJS files the process loaded
 * (`require.cache`) and every directory it listed with `readdirSync`.
 *
 * Each test asserts what its row gives on the package's build and that the build without the row
 * lacks it. To see a test fail as it would if its row were deleted, build the package's variant
 * without it too: `PIPECAT_REWRITES_DROP=<name>` (e.g. `joi`).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stop } from 'esbuild';
import { bundle, SOURCE_REWRITES } from '../../scripts/bundle.js';
import { childEnv, makeTempDir, removeDir, ROOT, WEB_ARGS } from '../helpers/cli.js';

/** What the probe saw in one run of a built binary. */
interface Probe {
  code: number;
  stderr: string;
  ms: number;
  /** CommonJS files loaded. */
  cjs: string[];
  /** Directories listed with `readdirSync`. */
  readdirs: string[];
}

const PROBE = `
const Module = require('node:module');
const fs = require('node:fs');
const readdirs = [];
const readdirSync = fs.readdirSync;
fs.readdirSync = function (p, ...rest) { readdirs.push(String(p)); return readdirSync.call(this, p, ...rest); };
Module.syncBuiltinESMExports();
process.on('exit', () => {
  const cjs = Object.keys(Module._cache).filter((f) => f !== __filename);
  fs.writeFileSync(process.env.REWRITE_PROBE, JSON.stringify({ cjs, readdirs }));
});
`;

const tmp = makeTempDir('pipecat-rewrites-');
const probeFile = join(tmp, 'probe.cjs');
/** The package folder built without the named row (`all`: the package's own build). */
const pkg = (name: string) => join(tmp, `pkg-${name}`);

/** Build the package into `pkg(name)`, skipping the row `name` (none for `all`). */
async function buildVariant(name: string): Promise<number> {
  const dir = pkg(name);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'templates'), join(dir, 'templates'));
  symlinkSync(join(ROOT, 'python'), join(dir, 'python'));
  const started = performance.now();
  const dropped = process.env.PIPECAT_REWRITES_DROP;
  const skip = name === 'all' ? (dropped ? [dropped] : []) : [name];
  await bundle({ root: ROOT, dist: join(dir, 'dist'), skipRewrites: skip });
  return performance.now() - started;
}

/** Give a package folder a `node_modules` (the checkout layout), or take it away (installed). */
function layout(name: string, kind: 'installed' | 'checkout'): void {
  const link = join(pkg(name), 'node_modules');
  rmSync(link, { force: true });
  if (kind === 'checkout') symlinkSync(join(ROOT, 'node_modules'), link);
}

let runs = 0;
/** Run the binary of `pkg(name)` with the probe. */
function run(name: string, args: string[], cwd = tmp): Probe {
  const out = join(tmp, `probe-${runs++}.json`);
  const started = performance.now();
  const r = spawnSync(process.execPath, [join(pkg(name), 'dist', 'cli', 'main.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: childEnv({ NODE_OPTIONS: `--require ${probeFile}`, REWRITE_PROBE: out, HOME: tmp }),
  });
  const ms = performance.now() - started;
  const seen = JSON.parse(readFileSync(out, 'utf8')) as Pick<Probe, 'cjs' | 'readdirs'>;
  return { code: r.status ?? -1, stderr: r.stderr, ms, ...seen };
}

/** A full non-interactive `init` of a cascade web bot (what the bench measures) by `pkg(name)`. */
function init(name: string): Probe {
  const out = join(tmp, `project-${runs}`);
  mkdirSync(out);
  return run(name, ['init', ...WEB_ARGS, '--name', 'x', '--output', out]);
}

/** Median of the ms of `n` runs of each of `a` and `b`, alternated (a change of load hits both alike). */
function medians(n: number, a: () => Probe, b: () => Probe): { a: number; b: number } {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < n; i++) {
    as.push(a().ms);
    bs.push(b().ms);
  }
  const med = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { a: med(as), b: med(bs) };
}

/** Bytes of the built JavaScript (entry, chunks, generator) of `pkg(name)`. */
function builtBytes(name: string): { total: number; texts: Map<string, string> } {
  const dist = join(pkg(name), 'dist');
  const chunks = join(dist, 'cli', 'chunks');
  const files = [
    join(dist, 'cli', 'main.js'),
    join(dist, 'generators', 'app', 'index.js'),
    ...readdirSync(chunks).map((f) => join(chunks, f)),
  ];
  const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  return { total: files.reduce((n, f) => n + statSync(f).size, 0), texts };
}

/** Sum of the sizes of `files` (the CommonJS files a run loaded from `node_modules`). */
const bytesOf = (files: readonly string[]) => files.reduce((n, f) => n + statSync(f).size, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const saved: string[] = [];
const RUNS = 5;

beforeAll(async () => {
  writeFileSync(probeFile, PROBE);
  const times = [];
  for (const name of ['all', ...SOURCE_REWRITES.map((r) => r.name)]) times.push(`${name} ${Math.round(await buildVariant(name))} ms`);
  process.stdout.write(`builds: ${times.join(', ')}\n`);
});

afterAll(async () => {
  await stop(); // esbuild's service process
  process.stdout.write(`what each SOURCE_REWRITES row saves (medians of ${RUNS} runs each):\n${saved.map((s) => `  ${s}`).join('\n')}\n`);
  removeDir(tmp);
});

describe('SOURCE_REWRITES, each against a build without it', () => {
  test('every row has a test here', () => {
    expect(SOURCE_REWRITES.map((r) => r.name).sort()).toEqual([
      'fdir-picomatch',
      'joi',
      'lodash-namespace',
      'semver',
      'yargs-main-filename',
    ]);
  });

  test('joi: asked only on first use, from its own file dist/vendor/joi.cjs (none of it in the chunks)', () => {
    // A configuration allowed-values cannot show valid: the resolver asks joi for its verdict.
    const bad = [
      'init',
      '--dry-run',
      '--name',
      'x',
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      '-m',
      'cascade',
      '--stt',
      'nope',
      '--llm',
      'openai_llm',
      '--tts',
      'cartesia_tts',
    ];
    layout('all', 'installed');
    layout('joi', 'installed');
    const withIt = run('all', bad);
    const without = run('joi', bad);
    expect(withIt.stderr).toContain('unknown STT service "nope"');
    expect(withIt.code).toBe(2);
    expect(withIt.cjs).toEqual([join(pkg('all'), 'dist', 'vendor', 'joi.cjs')]);
    const chunks = [...builtBytes('all').texts.values()].join('\n');
    expect(chunks).not.toContain('// node_modules/joi/');
    // A valid configuration never loads it.
    expect(init('all').cjs.filter((f) => /\.c?js$/.test(f))).toEqual([]);
    const joiBytes = statSync(join(pkg('all'), 'dist', 'vendor', 'joi.cjs')).size;
    saved.push(
      `joi: ${kb(joiBytes)} of joi kept out of the chunks, loaded only when a configuration needs its verdict (a valid init loads none); without the row an installed package cannot validate: "${/Cannot find module '[^']+'/.exec(without.stderr)?.[0]}"`,
    );
    expect(without.code).toBe(1);
    expect(without.stderr).toContain("Cannot find module 'joi'");
  });

  test('semver: bundled once, in a wrapper run on the first require (no copy from node_modules)', () => {
    const built = [...builtBytes('all').texts.values()].join('\n');
    expect(built).toContain('// node_modules/semver/');
    expect(built.match(/createRequire\(import\.meta\.url\)\("semver"\)/)?.[0]).toBeUndefined();
    layout('all', 'installed');
    layout('semver', 'installed');
    expect(init('all').code).toBe(0);
    const installed = init('semver');
    layout('all', 'checkout');
    layout('semver', 'checkout');
    const fromModules = (p: Probe) => p.cjs.filter((f) => f.includes('/node_modules/semver/'));
    const withIt = init('all');
    const without = init('semver');
    expect(fromModules(withIt)).toEqual([]);
    const t = medians(
      RUNS,
      () => init('all'),
      () => init('semver'),
    );
    saved.push(
      `semver: ${fromModules(without).length} files (${kb(bytesOf(fromModules(without)))}) of a second semver not loaded by a checkout's init, ${(t.b - t.a).toFixed(0)} ms (init ${t.a.toFixed(0)} ms with, ${t.b.toFixed(0)} ms without); installed without the row, init exits ${installed.code}: "${/Cannot find module '[^']+'/.exec(installed.stderr)?.[0]}"`,
    );
    expect(installed.stderr).toContain("Cannot find module 'semver'");
    expect(fromModules(without).length).toBeGreaterThan(0);
  });

  test("fdir-picomatch: init loads no second picomatch from a checkout's node_modules", () => {
    layout('all', 'checkout');
    layout('fdir-picomatch', 'checkout');
    const picomatch = (p: Probe) => p.cjs.filter((f) => f.includes('/node_modules/picomatch/'));
    const withIt = init('all');
    const without = init('fdir-picomatch');
    expect(withIt.code).toBe(0);
    expect(picomatch(withIt)).toEqual([]);
    const t = medians(
      RUNS,
      () => init('all'),
      () => init('fdir-picomatch'),
    );
    saved.push(
      `fdir-picomatch: ${picomatch(without).length} files (${kb(bytesOf(picomatch(without)))}) of picomatch not required by a checkout's init, ${(t.b - t.a).toFixed(0)} ms (init ${t.a.toFixed(0)} ms with, ${t.b.toFixed(0)} ms without)`,
    );
    expect(picomatch(without).length).toBeGreaterThan(0);
  });

  test('lodash-namespace: the generator sets no `this._`, so all of lodash stays out of the bundle', () => {
    const withIt = builtBytes('all');
    const without = builtBytes('lodash-namespace');
    // esbuild names each bundled module in a comment: lodash-es's namespace module is lodash.default.js.
    const lodash = (b: typeof withIt) => [...b.texts.values()].some((t) => t.includes('// node_modules/lodash-es/lodash.default.js'));
    const modules = (b: typeof withIt) =>
      new Set([...b.texts.values()].flatMap((t) => t.match(/^\/\/ node_modules\/lodash-es\/.*$/gm) ?? [])).size;
    expect(lodash(withIt)).toBe(false);
    layout('all', 'installed');
    layout('lodash-namespace', 'installed');
    const t = medians(
      RUNS,
      () => init('all'),
      () => init('lodash-namespace'),
    );
    saved.push(
      `lodash-namespace: ${kb(without.total - withIt.total)} of built code (${modules(without) - modules(withIt)} more lodash-es modules: ${modules(withIt)} with, ${modules(without)} without), ${(t.b - t.a).toFixed(0)} ms of init (${t.a.toFixed(0)} ms with, ${t.b.toFixed(0)} ms without)`,
    );
    expect(lodash(without)).toBe(true);
    expect(without.total - withIt.total).toBeGreaterThan(150_000);
  });

  test('yargs-main-filename: yargs looks for package.json in the package root, not from the working directory up to /', () => {
    const deep = join(tmp, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    mkdirSync(deep, { recursive: true });
    layout('all', 'installed');
    layout('yargs-main-filename', 'installed');
    const outside = (p: Probe, name: string) => p.readdirs.filter((d) => !d.startsWith(pkg(name)));
    const withIt = run('all', ['init', '--help'], deep);
    const without = run('yargs-main-filename', ['init', '--help'], deep);
    expect(withIt.code).toBe(0);
    expect(outside(withIt, 'all')).toEqual([]);
    const t = medians(
      RUNS,
      () => run('all', ['init', '--help'], deep),
      () => run('yargs-main-filename', ['init', '--help'], deep),
    );
    saved.push(
      `yargs-main-filename: ${outside(without, 'yargs-main-filename').length} directories not listed by init --help from ${deep} (${without.readdirs.slice(0, 2).join(', ')}, …), ${(t.b - t.a).toFixed(0)} ms (${t.a.toFixed(0)} ms with, ${t.b.toFixed(0)} ms without)`,
    );
    expect(outside(without, 'yargs-main-filename').length).toBeGreaterThanOrEqual(8);
  });
});
