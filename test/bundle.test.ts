/**
 * The esbuild bundle of the `pipecat` executable (`scripts/bundle.ts`, issue 14): its start-up
 * rewrites apply to the dependencies installed, and the lazy-constant rewrite changes only what it
 * may (a constant whose every use is its one method).
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers/cli.js';
import { lazyConstantsSource } from '../scripts/bundle.js';

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

describe('the built bundle', () => {
  const main = readFileSync(join(ROOT, 'dist', 'cli', 'main.js'), 'utf8');

  test('creates no segmenter and parses no RGI_Emoji literal when it loads', () => {
    expect(main).not.toMatch(/=\s*new Intl\.Segmenter\(\);/);
    expect(main).not.toContain('/^\\p{RGI_Emoji}$/v');
    expect(main).toContain('__pipecatLazy_rgiEmojiRegex ??=');
  });

  test('the entry imports no command module statically (they load with their command)', () => {
    const staticImports = [...main.matchAll(/^import .* from "(\.\/chunks\/[^"]+)"/gm)].map((m) => m[1]);
    expect(staticImports.filter((p) => /\/(init|cloud)-/.test(p))).toEqual([]);
    expect(main).toMatch(/import\("\.\/chunks\/init-[A-Z0-9]+\.js"\)/);
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
    expect(cloud[0].text).not.toContain('// cli/emulator/server.ts');
  });
});
