/**
 * The package as npm ships it (issue 13): `npm pack`, then `npx --yes --package ./<tarball>
 * generator-pipecat init ...` in an empty temp folder, with the registry reachable (npm installs the
 * dependencies from it, as for a user). The packed files hold what a user needs (the binary, the
 * generator, the templates, the docs) and nothing from tests or development (test files, benches,
 * scripts, sources, configs); the project written by the packed `generator-pipecat` executable is
 * byte for byte the one this checkout's `pipecat init` writes.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, WEB_ARGS, childEnv, makeTempDir, readBytes, removeDir, runCli } from '../helpers/cli.js';

let tmp: string;
let tarball: string;
let packedFiles: string[];

function npmEnv(): NodeJS.ProcessEnv {
  return childEnv({ npm_config_fund: 'false', npm_config_audit: 'false' });
}

beforeAll(() => {
  tmp = makeTempDir('pipecat-packed-');
  // The tier builds dist first (npm run test:e2e); packing must not rebuild it meanwhile.
  const r = spawnSync('npm', ['pack', '--pack-destination', tmp, '--ignore-scripts', '--json', '--loglevel=error'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: npmEnv(),
  });
  if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr}`);
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
  test('hold the binary, the generator, every template and doc', () => {
    for (const f of ['package.json', 'README.md', 'dist/cli/main.js', 'dist/generators/app/index.js', 'dist/cli/emulator/server.js'])
      expect(packedFiles).toContain(f);
    const missing = [...filesUnder('templates'), ...filesUnder('docs'), ...filesUnder('dist/cli'), ...filesUnder('dist/generators')].filter(
      (f) => !packedFiles.includes(f),
    );
    expect(missing).toEqual([]);
  });

  test('hold nothing from tests or development', () => {
    const dev = packedFiles.filter(
      (f) =>
        /(^|\/)(test|tests|__tests__|fixtures|node_modules)\//.test(f) ||
        /\.test\.|\.spec\./.test(f) ||
        // TypeScript sources and source maps of the tool itself (the client templates are TypeScript)
        (!f.startsWith('templates/') && /\.ts$|\.map$/.test(f.replace(/\.d\.ts$/, ''))) ||
        /^dist\/(bench|scripts)\//.test(f) ||
        /^(jest\.config|tsconfig|\.git)/.test(f),
    );
    expect(dev).toEqual([]);
    expect(packedFiles.every((f) => /^(dist|templates|docs)\//.test(f) || ['package.json', 'README.md'].includes(f))).toBe(true);
  });
});

describe('npx generator-pipecat', () => {
  test("init from the tarball writes the same project as this checkout's pipecat init", () => {
    const work = join(tmp, 'work');
    spawnSync('mkdir', ['-p', work]);
    const args = ['init', '-n', 'packed-bot', ...WEB_ARGS, '-o', join(work, 'out')];
    const r = spawnSync('npx', ['--yes', '--package', tarball, 'generator-pipecat', ...args], {
      cwd: work,
      encoding: 'utf8',
      env: npmEnv(),
      timeout: 600_000,
    });
    expect({ code: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toContain('Next steps');
    const local = runCli(['init', '-n', 'packed-bot', ...WEB_ARGS, '-o', join(tmp, 'local-out')]);
    expect(local.code).toBe(0);
    const packed = readBytes(join(work, 'out', 'packed-bot'));
    expect(Object.keys(packed)).toContain('server/bot.py');
    expect(packed).toEqual(readBytes(join(tmp, 'local-out', 'packed-bot')));
    // The other names of the same executable come with it.
    const version = spawnSync('npx', ['--yes', '--package', tarball, 'pc', '--version'], {
      cwd: work,
      encoding: 'utf8',
      env: npmEnv(),
      timeout: 600_000,
    });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
