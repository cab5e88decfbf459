/**
 * The build context's folder rules (`cli/deploy/context-folder.ts`) and the dotenv rule
 * (`cli/deploy/context.ts` `isDotenvFile`), as plain functions: a deploy file's `[build]
 * context_dir` that leads out of its folder (a parent, an absolute path, a link) is refused naming
 * the key, its line and the folder; `--build-dir` takes any folder; the Dockerfile must be a
 * regular file inside the context; look-alike dotenv files are withheld, the three templates sent.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readDeployConfig } from '../cli/deploy/config.js';
import { chooseBuildContext } from '../cli/deploy/context-folder.js';
import { isDotenvFile, selectContext } from '../cli/deploy/context.js';
import { cleanup, tempDir } from './cloud/helpers.js';
import { LOOK_ALIKES, SENT } from './helpers/dotenv-names.js';

let root: string;
let proj: string;
let outside: string;
beforeEach(async () => {
  root = await realpath(await tempDir('pipecat-ctx-folder-'));
  proj = join(root, 'proj');
  outside = join(root, 'outside');
  await mkdir(join(proj, 'docker'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(proj, 'Dockerfile'), 'FROM x\n');
  await writeFile(join(proj, 'docker', 'Dockerfile'), 'FROM x\n');
  await writeFile(join(outside, 'Dockerfile'), 'FROM x\n');
  await symlink(outside, join(proj, 'link'));
  await symlink(join(outside, 'Dockerfile'), join(proj, 'Dockerfile.out'));
});
afterEach(async () => {
  await cleanup(root);
});

/** chooseBuildContext for a pcc-deploy.toml holding `toml`, run from `proj`. */
async function choose(toml: string, flags: { buildDir?: string; dockerfile?: string } = {}) {
  const configPath = join(proj, 'pcc-deploy.toml');
  await writeFile(configPath, `agent_name = "a"\n${toml}`);
  const { config, found } = await readDeployConfig(configPath);
  return chooseBuildContext({ baseDir: proj, configPath, found, config, ...flags });
}

describe('a deploy file cannot lead the context out of its folder', () => {
  test.each([
    ['a parent', '..', () => root],
    ['an absolute path', '/etc/ssl', () => '/etc/ssl'],
    ['a link leading out', 'link', () => outside],
  ])('%s is refused (exit 2), naming the key, its line, the folder, and --build-dir', async (_what, value, target) => {
    const err = await choose(`\n[build]\ncontext_dir = "${value}"\n`).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'UserError', exitCode: 2 });
    const text = `${(err as Error).message}\n${(err as { problems: string[] }).problems.join('\n')}`;
    expect(text).toContain(
      `pcc-deploy.toml:4: [build] context_dir = "${value}" leads to ${await realpath(target()).catch(() => target())}`,
    );
    expect(text).toContain(`outside ${proj}`);
    expect(text).toContain('--build-dir accepts a folder outside the project');
  });

  test('dotted and inline spellings are refused too, with their line', async () => {
    await expect(choose('build.context_dir = ".."\n')).rejects.toThrow('pcc-deploy.toml:2: [build] context_dir');
    await expect(choose('\n\nbuild = { context_dir = "/etc" }\n')).rejects.toThrow('pcc-deploy.toml:4: [build] context_dir');
  });

  test('a folder inside is taken, as its real path; --build-dir takes one outside', async () => {
    expect(await choose('[build]\ncontext_dir = "."\n')).toEqual({ contextDir: proj, dockerfile: 'Dockerfile' });
    expect(await choose('[build]\ncontext_dir = "docker"\n')).toEqual({ contextDir: join(proj, 'docker'), dockerfile: 'Dockerfile' });
    expect(await choose('[build]\ncontext_dir = ".."\n', { buildDir: outside })).toEqual({ contextDir: outside, dockerfile: 'Dockerfile' });
    expect(await choose('', { buildDir: join(proj, 'link') })).toEqual({ contextDir: outside, dockerfile: 'Dockerfile' });
  });
});

describe('the Dockerfile is a regular file inside the context', () => {
  test('a deploy file or --dockerfile naming one outside the context is refused, naming it', async () => {
    await expect(choose('[build]\ndockerfile = "../outside/Dockerfile"\n')).rejects.toThrow(
      `pcc-deploy.toml:3: [build] dockerfile ../outside/Dockerfile leads to ${join(outside, 'Dockerfile')}, outside the build context ${proj}`,
    );
    await expect(choose('', { dockerfile: join(outside, 'Dockerfile') })).rejects.toThrow(
      `--dockerfile ${join(outside, 'Dockerfile')} leads to`,
    );
    await expect(choose('', { dockerfile: 'Dockerfile.out' })).rejects.toThrow('--dockerfile Dockerfile.out leads to');
  });

  test('one inside is named relative to the context; a folder is not a Dockerfile', async () => {
    expect(await choose('', { dockerfile: join(proj, 'docker', 'Dockerfile') })).toMatchObject({ dockerfile: 'docker/Dockerfile' });
    expect(await choose('[build]\ndockerfile = "./docker/../Dockerfile"\n')).toMatchObject({ dockerfile: 'Dockerfile' });
    await expect(choose('', { dockerfile: 'docker' })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('is a directory, not a regular file'),
    });
  });
});

describe('withheld like .env', () => {
  test(`${LOOK_ALIKES.length} look-alikes are dotenv files; the templates and near names are not`, () => {
    expect(LOOK_ALIKES.filter((n) => !isDotenvFile(n))).toEqual([]);
    expect(SENT.filter((n) => isDotenvFile(n))).toEqual([]);
  });

  test('a context walk withholds each look-alike and names it, whatever .dockerignore says', async () => {
    for (const n of [...LOOK_ALIKES, ...SENT]) {
      await mkdir(join(proj, n, '..'), { recursive: true });
      await writeFile(join(proj, n), 'A=1\n');
    }
    await writeFile(join(proj, '.dockerignore'), '!.env*\n');
    const s = await selectContext(proj);
    expect(s.withheld.sort()).toEqual([...LOOK_ALIKES].sort());
    expect(s.files.filter((f) => isDotenvFile(f))).toEqual([]);
    expect(s.files).toEqual(expect.arrayContaining(SENT));
  });
});
