/**
 * The build context of `pipecat cloud deploy`, through the binary against the emulator: a deploy
 * file's `[build] context_dir` leading out of its folder is refused before any request (exit 2,
 * naming the folder) and taken with `--build-dir`; the folder and its file count are printed with
 * `--yes` and are fields of the `--json` document; no look-alike dotenv file is in the tarball the
 * emulator receives, and the templates are.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOOK_ALIKES, SENT } from '../helpers/dotenv-names.js';
import { contextWorld, type ContextWorld } from './deploy-context-harness.js';

let w: ContextWorld;
beforeAll(async () => {
  w = await contextWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('a context outside the project', () => {
  // An absolute path and a link leading out: test/e2e/deploy-context.test.ts (and the rule's own test).
  test('a parent in pcc-deploy.toml is refused before any request (exit 2), naming the key and the folder', async () => {
    const r = await w.deploy(w.proj, '[build]\ncontext_dir = ".."\n', []);
    expect(r.stderr).toContain(`pcc-deploy.toml:3: [build] context_dir = ".." leads to ${w.root}, outside ${w.proj}`);
    expect(r.stderr).toContain('--build-dir accepts a folder outside the project');
    expect(r.code).toBe(2);
    expect((await w.uploads()).count).toBe(0);
  });

  test('--dockerfile outside the context is refused (exit 2), naming it', async () => {
    const r = await w.deploy(w.proj, '', ['--dockerfile', '../outside/Dockerfile']);
    expect(r.stderr).toContain(
      `--dockerfile ../outside/Dockerfile leads to ${join(w.outside, 'Dockerfile')}, outside the build context ${w.proj}`,
    );
    expect(r.code).toBe(2);
    expect((await w.uploads()).count).toBe(0);
  });

  test('given with --build-dir it is taken: the folder and its count printed with --yes, and in --json', async () => {
    const r = await w.deploy(w.proj, '[build]\ncontext_dir = ".."\n', ['--build-dir', '../outside']);
    expect(r.stderr).toMatch(new RegExp(`^build context: ${w.outside} \\(2 files, [\\d.]+ B; default exclusions\\)`, 'm'));
    expect(r.code).toBe(0);
    expect(await w.uploads()).toEqual({ count: 1, names: ['Dockerfile', 'app.py'] });
    const j = await w.deploy(w.proj, '', ['--build-dir', join(w.proj, 'link'), '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout).context).toMatchObject({ folder: w.outside, files: 2, rules: 'defaults', withheld: [] });
  });
});

describe('dotenv look-alikes', () => {
  test(`none of ${LOOK_ALIKES.length} reaches the uploaded tarball, whatever .dockerignore says; the templates do; each is named`, async () => {
    const dir = join(w.root, 'names');
    for (const n of ['Dockerfile', ...LOOK_ALIKES, ...SENT]) {
      await mkdir(join(dir, n, '..'), { recursive: true });
      await writeFile(join(dir, n), 'OPENAI_API_KEY=sk-look-alike\n');
    }
    await writeFile(join(dir, '.dockerignore'), '!.env*\n!**/.env*\n');
    const before = (await w.uploads()).count;
    const r = await w.deploy(dir, '', []);
    expect(r.code).toBe(0);
    const { count, names } = await w.uploads();
    expect(count).toBe(before + 1);
    expect(names.filter((n) => LOOK_ALIKES.includes(n))).toEqual([]);
    expect(SENT.filter((n) => !names.includes(n))).toEqual([]);
    const line = r.stderr.split('\n').find((l) => l.startsWith('never sent (dotenv files): ')) ?? '';
    expect(line.slice(27).split(', ')).toHaveLength(LOOK_ALIKES.length);
    expect(line).toContain('a\\u001b[2J.env');
    expect(line).toContain('.e\\u200bnv');
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('the agent name without the preflight', () => {
  test('a name that is no DNS label is refused before any request (exit 2), quoted made visible', async () => {
    const before = (await w.uploads()).count;
    const r = await w.deploy(w.proj, '', ['evil\x1b[2J\nname']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agent name "evil\\u001b[2J\\u000aname" is not a DNS label');
    expect(r.stderr).toContain('(checked with --no-preflight too)');
    expect(r.stderr).not.toContain('\x1b[2J');
    expect((await w.uploads()).count).toBe(before);
  });
});
