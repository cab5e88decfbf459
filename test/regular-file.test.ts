/**
 * The one reader of user-named files (`generators/app/files/regular-file.ts`) and the linear-time
 * `.dockerignore` matcher (`cli/deploy/dockerignore.ts`), in process. The binary's runs against
 * every file the commands read are in test/e2e/file-reads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectContext } from '../cli/deploy/context.js';
import { FileReadError, readRegularText, readRegularTextIfExists } from '../generators/app/files/regular-file.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pipecat-regular-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readRegularFile', () => {
  test('reads a regular file and a link to one; a missing file is undefined', () => {
    writeFileSync(join(dir, 'a.txt'), 'hello');
    symlinkSync(join(dir, 'a.txt'), join(dir, 'link.txt'));
    expect(readRegularText(join(dir, 'a.txt'))).toBe('hello');
    expect(readRegularText(join(dir, 'link.txt'))).toBe('hello');
    expect(readRegularTextIfExists(join(dir, 'none.txt'))).toBeUndefined();
  });

  test('a FIFO, /dev/zero, a folder and a file over the bound: refused at once, naming file and kind', () => {
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    symlinkSync('/dev/zero', join(dir, 'zero'));
    writeFileSync(join(dir, 'big'), '');
    truncateSync(join(dir, 'big'), 1024 * 1024 * 1024);
    const cases: [string, RegExp][] = [
      [join(dir, 'pipe'), /pipe is a named pipe \(FIFO\), not a regular file/],
      [join(dir, 'zero'), /zero is a character device/],
      ['/dev/null', /\/dev\/null is a character device/],
      [dir, /is a directory/],
      [join(dir, 'big'), /big is larger than 64 MiB \(1024 MiB\)/],
    ];
    const started = Date.now();
    for (const [path, message] of cases) {
      let err: unknown;
      try {
        readRegularText(path, { label: path });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(FileReadError);
      expect((err as FileReadError).exitCode).toBe(2);
      expect((err as Error).message).toMatch(message);
    }
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('.dockerignore in linear time', () => {
  test('a pattern built to backtrack: the walk takes at most 2x as long as with a plain one', async () => {
    const ctx = join(dir, 'ctx');
    mkdirSync(ctx);
    writeFileSync(join(ctx, 'Dockerfile'), 'FROM x\n');
    for (let i = 0; i < 40; i++) writeFileSync(join(ctx, `${'a'.repeat(200)}${i}`), '');
    const time = async (rules: string) => {
      writeFileSync(join(ctx, '.dockerignore'), rules);
      const t = process.hrtime.bigint();
      const sel = await selectContext(ctx);
      return { ms: Number(process.hrtime.bigint() - t) / 1e6, files: sel.files.length };
    };
    const hostile = Array.from({ length: 5 }, () => `${'*a'.repeat(12)}*b`).join('\n') + '\n';
    const plain = Array.from({ length: 5 }, (_, i) => `${'x'.repeat(12)}${i}*b`).join('\n') + '\n';
    await time(plain); // warm up (module loads)
    const base = await time(plain);
    const bad = await time(hostile);
    process.stderr.write(`dockerignore walk: plain ${base.ms.toFixed(1)} ms, hostile ${bad.ms.toFixed(1)} ms\n`);
    expect(bad.files).toBe(base.files);
    // 2x, with 20 ms of slack for a timer on a loaded 2-core machine.
    expect(bad.ms).toBeLessThanOrEqual(2 * base.ms + 20);
  }, 20_000);

  test('a pattern that is no valid expression is refused naming its line', async () => {
    const ctx = join(dir, 'ctx2');
    mkdirSync(ctx);
    writeFileSync(join(ctx, 'Dockerfile'), 'FROM x\n');
    writeFileSync(join(ctx, '.dockerignore'), '# comment\n*.log\nfoo(bar\n');
    await expect(selectContext(ctx)).rejects.toThrow(/^\.dockerignore:3: not a valid pattern: foo\(bar/);
  });
});
