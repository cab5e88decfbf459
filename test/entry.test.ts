/**
 * The entry's fast answers (cli/entry.ts, issue 27): `--version`, `-V` and `init --list-options`
 * print without loading yargs, and print exactly what the yargs program prints for them; the
 * build's `dist/cli/list-options.json` is what the catalogue gives today.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeTempDir, removeDir, ROOT, runCli } from './helpers/cli.js';
import { listOptionsJson } from '../cli/commands/init.js';

describe('fast answers of the entry', () => {
  const scratch = makeTempDir('pipecat-entry-');
  afterAll(() => removeDir(scratch));

  test('dist/cli/list-options.json is what listOptions() gives from the catalogue', () => {
    expect(readFileSync(join(ROOT, 'dist', 'cli', 'list-options.json'), 'utf8')).toBe(listOptionsJson());
  });

  /**
   * The yargs program's chunk (cli/main.ts) started by a script of its own, with nothing prepared:
   * it parses its arguments as the binary would.
   */
  const program = () => {
    const entry = readFileSync(join(ROOT, 'dist', 'cli', 'main.js'), 'utf8');
    const m = entry.match(/await import\("\.\/(chunks\/main-[A-Z0-9]+\.js)"\)/);
    expect(m).not.toBeNull();
    const starter = join(scratch, 'start.mjs');
    writeFileSync(starter, `(await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'cli', m![1])).href)})).start();\n`);
    return starter;
  };

  test.each([[['init', '--list-options']], [['--version']], [['-V']]])('`pipecat %p` prints what yargs prints for it', (args) => {
    const fast = runCli(args);
    const slow = runCli(args, { bin: program() });
    expect(slow).toMatchObject({ code: 0, stderr: '' });
    expect(fast).toEqual(slow);
  });

  test('the answers are the catalogue and the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(['--version']).stdout).toBe(`${version}\n`);
    expect(runCli(['init', '--list-options']).stdout).toBe(listOptionsJson());
  });
});
