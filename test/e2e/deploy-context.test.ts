/**
 * The build context refusals of `pipecat cloud deploy` through the binary, the variants the fast
 * tier leaves to the rule's own test (`test/deploy-context-folder.test.ts`): an absolute
 * `[build] context_dir` and a link leading out of the project are refused before any request
 * (exit 2, naming the folder); the same folders given with `--build-dir` are taken.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { contextWorld, type ContextWorld } from '../cloud/deploy-context-harness.js';

let w: ContextWorld;
beforeAll(async () => {
  w = await contextWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('a context outside the project', () => {
  test.each([
    ['an absolute path', () => w.outside],
    ['a link leading out', () => 'link'],
  ])('%s in pcc-deploy.toml is refused (exit 2), naming the key and the folder; taken with --build-dir', async (_w, value) => {
    const before = (await w.uploads()).count;
    const r = await w.deploy(w.proj, `[build]\ncontext_dir = "${value()}"\n`, []);
    expect(r.stderr).toContain(`pcc-deploy.toml:3: [build] context_dir = "${value()}" leads to ${w.outside}, outside ${w.proj}`);
    expect(r.code).toBe(2);
    expect((await w.uploads()).count).toBe(before);
    const ok = await w.deploy(w.proj, `[build]\ncontext_dir = "${value()}"\n`, ['--build-dir', join(w.proj, 'link')]);
    expect(ok.stderr).toContain(`build context: ${w.outside} (2 files`);
    expect(ok.code).toBe(0);
  });
});
