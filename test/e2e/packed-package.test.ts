/**
 * The package as npm ships it (issues 13 and 27): `npm pack`, then, with the registry reachable and
 * a fresh npm cache (as for a new user), from empty temp folders:
 * - the packed files hold what runs (the bundled executable and generator, the files bundled
 *   packages read, the templates, the docs) and nothing from tests, development or `tsc`'s
 *   unbundled output; the packed package.json declares no dependency;
 * - `npx --package ./generator-pipecat-<version>.tgz -- generator-pipecat init ...` writes, for six
 *   configurations, byte for byte the project this checkout's `pipecat init` writes;
 * - `npm install ./<tarball>` adds the package and its declared dependencies only (none), and its
 *   `pipecat --version`, `--help` and a full `init` run from there;
 * - installed globally into an empty prefix (from the tarball alone: it needs no registry),
 *   `pipecat --version` and `pipecat init --dry-run` run from the prefix; with `yo` from the
 *   registry beside it (one `SKIPPED` line when that install fails), `yo pipecat --help` and
 *   `yo pipecat` run the installed copy (not a link into this checkout) and write what
 *   `pipecat init` does;
 * - the packed package.json has no script npm runs on install, and `npm publish --dry-run` would
 *   publish the same files.
 *
 * `yo` run as root switches to uid 1000: the test gives that user a HOME and the output folders.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import {
  AWAY_FROM_DEFAULTS_ARGS,
  CASCADE_ARGS,
  ROOT,
  WEB_ARGS,
  childEnv,
  makeTempDir,
  readBytes,
  removeDir,
  runCli,
  userDir,
} from '../helpers/cli.js';
import { skipLine } from '../helpers/shared.js';

/** The version of `yo` installed beside the package (the one in devDependencies). */
const YO_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
  .devDependencies.yo;

/**
 * Six projects that between them use every kind of template: a minimal web bot, two transports
 * with recording, telephony, realtime with a vanilla client, a Next.js client, a React Native client.
 */
const CONFIGS: { name: string; args: string[] }[] = [
  { name: 'web', args: WEB_ARGS },
  { name: 'away', args: AWAY_FROM_DEFAULTS_ARGS },
  { name: 'phone', args: ['-b', 'telephony', '-t', 'twilio', '-t', 'daily_pstn_dialin', ...CASCADE_ARGS] },
  { name: 'realtime', args: ['-t', 'daily', '-m', 'realtime', '--realtime', 'ultravox', '--client-framework', 'vanilla'] },
  { name: 'next', args: ['-b', 'web', '-t', 'smallwebrtc', '--client-framework', 'react', '--client-server', 'nextjs', ...CASCADE_ARGS] },
  { name: 'mobile', args: ['-b', 'web', '-t', 'smallwebrtc', '-t', 'daily', '--client-framework', 'react-native', ...CASCADE_ARGS] },
];

let tmp: string;
let tarball: string;
let packedFiles: string[];
/** A fresh npm cache shared by this file's installs (the first one fills it from the registry). */
let cache: string;

function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return childEnv({
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    npm_config_cache: cache,
    ...extra,
  });
}

/** Run a command to its end (10 minutes at most); fail the test with its stderr when it fails. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = npmEnv()): { stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env, input: '', timeout: 600_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/** An empty folder under the suite's temp dir. */
function emptyDir(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Package names directly in a `node_modules` folder (scoped ones as `@scope/name`). */
function installedPackages(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(nodeModules, n)).map((m) => `${n}/${m}`) : [n]))
    .sort();
}

beforeAll(() => {
  tmp = makeTempDir('pipecat-packed-');
  if (process.getuid?.() === 0) chownSync(tmp, 1000, 1000); // reachable by yo's uid 1000
  cache = emptyDir('npm-cache');
  // The tier builds dist first (npm run test:e2e); packing must not rebuild it meanwhile.
  const r = run('npm', ['pack', '--pack-destination', tmp, '--ignore-scripts', '--json', '--loglevel=error'], ROOT);
  const [info] = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(tmp, info.filename);
  packedFiles = info.files.map((f) => f.path).sort();
});
afterAll(() => removeDir(tmp));

/** Every file under a folder of the checkout, as package paths. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(ROOT, join(d, e.name)));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

describe('the packed files', () => {
  test('hold the bundled binary and generator, every chunk, vendored file, template and doc', () => {
    for (const f of [
      'package.json',
      'README.md',
      'dist/cli/main.js',
      'dist/cli/list-options.json',
      'dist/cli/help.json',
      'dist/generators/app/index.js',
      'dist/vendor/THIRD-PARTY-LICENSES.md',
    ])
      expect(packedFiles).toContain(f);
    const missing = [
      ...filesUnder('templates'),
      ...filesUnder('docs'),
      ...filesUnder('dist/cli/chunks'),
      ...filesUnder('dist/vendor'),
      // The server-code reader and pipecat's data (not the bytecode a run may leave beside them).
      ...filesUnder('python').filter((f) => /\.(py|json)$/.test(f)),
    ].filter((f) => !packedFiles.includes(f));
    expect(missing).toEqual([]);
  });

  test("hold nothing from tests, development or tsc's unbundled output", () => {
    const dev = packedFiles.filter(
      (f) =>
        /(^|\/)(test|tests|__tests__|fixtures|node_modules)\//.test(f) ||
        /\.test\.|\.spec\./.test(f) ||
        // TypeScript sources and source maps of the tool itself (the client templates are TypeScript)
        (!f.startsWith('templates/') && /\.ts$|\.map$/.test(f.replace(/\.d\.ts$/, ''))) ||
        /^(jest\.config|tsconfig|\.git)/.test(f),
    );
    expect(dev).toEqual([]);
    const dist = packedFiles.filter((f) => f.startsWith('dist/'));
    expect(
      dist.filter(
        (f) =>
          !/^dist\/(cli\/main\.js|cli\/list-options\.json$|cli\/help\.json$|cli\/chunks\/|generators\/app\/index\.js$|vendor\/)/.test(f),
      ),
    ).toEqual([]);
    expect(
      packedFiles.filter(
        (f) => !/^(dist|templates|docs)\/|^python\/[^/]+\.(py|json)$/.test(f) && !['package.json', 'README.md', 'CHANGELOG.md'].includes(f),
      ),
    ).toEqual([]);
  });
});

describe('the packed package.json and npm publish', () => {
  test('no script runs on install; the repository and CHANGELOG.md come along', () => {
    expect(packedFiles).toContain('CHANGELOG.md');
    const work = emptyDir('manifest');
    run('tar', ['-xzf', tarball, '-C', work, 'package/package.json'], work);
    const packed = JSON.parse(readFileSync(join(work, 'package', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      repository?: { url: string };
    };
    expect(Object.keys(packed.scripts).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
    expect(packed.repository?.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
  });

  test('npm publish --dry-run would publish the packed files, with nothing in package.json for npm to correct', () => {
    const r = run('npm', ['publish', '--dry-run', '--ignore-scripts', '--json'], ROOT);
    const doc = JSON.parse(r.stdout) as Record<string, { files: { path: string }[] }> & { files?: { path: string }[] };
    const files = (doc.files ?? doc['generator-pipecat'].files).map((f) => f.path).sort();
    expect(files).toEqual(packedFiles);
    expect(r.stderr).not.toMatch(/auto-corrected|npm warn publish(?! This command requires you to be logged in)/);
  });
});

describe('npx generator-pipecat', () => {
  test(`init from the tarball writes the same bytes as this checkout's pipecat init (${CONFIGS.length} configurations)`, () => {
    const work = emptyDir('npx');
    copyFileSync(tarball, join(work, 'generator-pipecat.tgz'));
    for (const c of CONFIGS) {
      const args = ['init', '-n', c.name, ...c.args, '-o', join(work, 'out')];
      const r = spawnSync('npx', ['--yes', '--package', './generator-pipecat.tgz', '--', 'generator-pipecat', ...args], {
        cwd: work,
        encoding: 'utf8',
        env: npmEnv(),
        timeout: 600_000,
      });
      expect({ config: c.name, code: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ config: c.name, code: 0, stderr: '' });
      expect(r.stdout).toContain('Next steps');
      const local = runCli(['init', '-n', c.name, ...c.args, '-o', join(tmp, 'local-out')]);
      expect({ config: c.name, code: local.code }).toEqual({ config: c.name, code: 0 });
      const packed = readBytes(join(work, 'out', c.name));
      expect(Object.keys(packed)).toContain('server/bot.py');
      expect(packed).toEqual(readBytes(join(tmp, 'local-out', c.name)));
    }
    expect(readdirSync(join(work, 'out')).sort()).toEqual(CONFIGS.map((c) => c.name).sort());
    // The other names of the same executable come with it.
    const version = run('npx', ['--yes', '--package', './generator-pipecat.tgz', '--', 'pc', '--version'], work);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('npm install of the tarball', () => {
  test('adds the package and its declared dependencies only, and it runs from there', () => {
    const work = emptyDir('install');
    run('npm', ['install', '--no-save', tarball, '--loglevel=error'], work);
    const pkg = JSON.parse(readFileSync(join(work, 'node_modules', 'generator-pipecat', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const declared = Object.keys(pkg.dependencies ?? {});
    expect(declared).toEqual([]); // dist/ bundles what runs (scripts/bundle.ts)
    expect(installedPackages(join(work, 'node_modules'))).toEqual(['generator-pipecat', ...declared].sort());
    // Nor any above the install (the temp dir's parents), where Node would also look.
    for (let d = dirname(work); d !== dirname(d); d = dirname(d))
      expect({ d, found: existsSync(join(d, 'node_modules')) }).toEqual({ d, found: false });
    const bin = join(work, 'node_modules', '.bin', 'pipecat');
    expect(lstatSync(bin).isSymbolicLink()).toBe(true);
    const version = run(bin, ['--version'], work);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(run(bin, ['--help'], work).stdout).toContain('pipecat <command>');
    const init = run(bin, ['init', '-n', 'installed', ...WEB_ARGS, '-o', join(work, 'out')], work);
    expect(init.stdout).toContain('Next steps');
    expect(runCli(['init', '-n', 'installed', ...WEB_ARGS, '-o', join(tmp, 'local-installed')]).code).toBe(0);
    expect(readBytes(join(work, 'out', 'installed'))).toEqual(readBytes(join(tmp, 'local-installed', 'installed')));
    // The installed package finds its own Python reader and pipecat's data: the project is healthy.
    const doctor = spawnSync(bin, ['doctor', join(work, 'out', 'installed'), '--json'], { cwd: work, encoding: 'utf8' });
    expect({ code: doctor.status, doc: JSON.parse(doctor.stdout) as unknown }).toEqual({
      code: 0,
      doc: expect.objectContaining({ healthy: true, findings: [] }),
    });
  });
});

describe('installed globally into an empty prefix', () => {
  let prefix: string;
  beforeAll(() => {
    prefix = emptyDir('prefix');
    // The tarball alone: it declares no dependency, so this needs no registry.
    run('npm', ['install', '-g', '--prefix', prefix, tarball, '--loglevel=error'], tmp);
  });
  const bin = (name: string) => join(prefix, 'bin', name);

  test('pipecat --version and init --dry-run run from the prefix', () => {
    expect(run(bin('pipecat'), ['--version'], tmp).stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
    const dry = run(bin('pipecat'), ['init', '-n', 'dry', ...WEB_ARGS, '--dry-run', '-o', join(tmp, 'dry-out')], tmp);
    expect(JSON.parse(dry.stdout)).toEqual(expect.objectContaining({ project_name: 'dry' }));
    expect(existsSync(join(tmp, 'dry-out'))).toBe(false);
  });

  test("yo (from the registry) finds the installed copy's generator and writes what pipecat init writes", () => {
    const yoInstall = spawnSync('npm', ['install', '-g', '--prefix', prefix, `yo@${YO_VERSION}`, '--loglevel=error'], {
      cwd: tmp,
      encoding: 'utf8',
      env: npmEnv(),
      input: '',
      timeout: 600_000,
    });
    if (yoInstall.status !== 0) {
      skipLine(
        'yo pipecat from the packed package',
        `yo@${YO_VERSION} could not be installed from the registry (${yoInstall.stderr.trim().split('\n')[0]})`,
      );
      return;
    }
    const modules = join(prefix, 'lib', 'node_modules');
    expect(installedPackages(modules)).toEqual(['generator-pipecat', 'yo']);
    expect(lstatSync(join(modules, 'generator-pipecat')).isSymbolicLink()).toBe(false); // a copy, not a link
    expect(existsSync(join(modules, 'generator-pipecat', 'node_modules'))).toBe(false);
    const home = userDir(join(tmp, 'yo-home'));
    const yo = (args: string[], cwd: string) =>
      spawnSync(join(prefix, 'bin', 'yo'), args, {
        cwd,
        encoding: 'utf8',
        env: childEnv({ HOME: home, npm_config_prefix: prefix }),
        input: '',
        timeout: 120_000,
      });
    const help = yo(['pipecat', '--help'], userDir(join(tmp, 'yo-help')));
    expect({ code: help.status, stderr: help.status === 0 ? '' : help.stderr }).toEqual({ code: 0, stderr: '' });
    expect(help.stdout).toContain('yo pipecat');
    expect(help.stdout).toContain('--client-framework');
    for (const c of [CONFIGS[0], CONFIGS[4]]) {
      const out = userDir(join(tmp, `yo-out-${c.name}`));
      const r = yo(['pipecat', '--name', c.name, ...c.args], out);
      expect({ config: c.name, code: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ config: c.name, code: 0, stderr: '' });
      expect(readdirSync(out)).toEqual([c.name]);
      const cli = runCli(['init', '-n', c.name, ...c.args, '-o', join(tmp, 'yo-cli-out')]);
      expect(cli.code).toBe(0);
      expect(readBytes(join(out, c.name))).toEqual(readBytes(join(tmp, 'yo-cli-out', c.name)));
    }
  });
});
