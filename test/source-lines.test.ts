/**
 * A failing test must point at its own TypeScript line: ts-jest compiles each test with source
 * maps (tsconfig.json `sourceMap`; the build turns them off in tsconfig.build.json), and Jest maps
 * stack frames through them. Without the maps the frames name lines of the compiled JavaScript,
 * which ts-jest shifts by the imports and types it removes.
 */
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Where {
  line: number;
}

test('an error raised in a test names the line of the TypeScript source', () => {
  const file = fileURLToPath(import.meta.url);
  const marker =
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => l.endsWith('// ' + 'MARKER-LINE')) + 1;
  const where: Where = { line: marker };
  const stack = new Error('here').stack ?? ''; // MARKER-LINE
  expect(stack).toContain(`source-lines.test.ts:${where.line}:`);
});
