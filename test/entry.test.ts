/**
 * The entry's fast answers (cli/entry.ts, issue 27): `--version`, `-V`, `--help`, `-h` and
 * `init --list-options` print without loading yargs, and print exactly what the yargs program
 * prints for them; the build's `dist/cli/list-options.json` is what the catalogue gives today.
 * `--help` is prebuilt for a pipe and two terminal widths in English: at another width, or in
 * another language, yargs renders it (and it differs from the prebuilt text, so the fallback is
 * what makes those equal).
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

  /** A process whose stdout reports `columns` (a terminal that wide), through NODE_OPTIONS. */
  const columns = (n: number) => {
    const file = join(scratch, `columns-${n}.mjs`);
    writeFileSync(file, `Object.defineProperty(process.stdout, 'columns', { value: ${n} });\n`);
    return `--import ${pathToFileURL(file).href}`;
  };
  const HELP_CASES: [string, string[], Record<string, string | undefined>][] = [
    ['a pipe', ['--help'], {}],
    ['a pipe, -h', ['-h'], {}],
    ['a pipe, LANG=C', ['--help'], { LANG: 'C' }],
    ['a pipe, LANG=en_GB.UTF-8', ['--help'], { LANG: 'en_GB.UTF-8' }],
    ['110 columns', ['--help'], { NODE_OPTIONS: columns(110) }],
    ['80 columns (not prebuilt: yargs renders it)', ['--help'], { NODE_OPTIONS: columns(80) }],
    ['LANG=de_DE.UTF-8 (not prebuilt: yargs renders it)', ['--help'], { LANG: 'de_DE.UTF-8' }],
    ['LC_ALL=fr over LANG=en_US', ['--help'], { LANG: 'en_US.UTF-8', LC_ALL: 'fr_FR.UTF-8' }],
  ];

  test.each(HELP_CASES)('`pipecat --help` on %s prints what yargs prints', (_what, args, env) => {
    const clean = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: undefined, LANGUAGE: undefined, ...env };
    const fast = runCli(args, { env: clean });
    const slow = runCli(args, { bin: program(), env: clean });
    expect(slow).toMatchObject({ code: 0, stderr: '' });
    expect(fast).toEqual(slow);
  });

  test('the prebuilt help is what a pipe gets, and another width or language gets another text', () => {
    const help = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'help.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(help)).toEqual(['100', '110']);
    const pipe = runCli(['--help'], { env: { LANG: 'en_US.UTF-8', LC_ALL: undefined } }).stdout;
    expect(pipe).toBe(help['100']);
    expect(pipe).toContain('Exit codes: 0 success');
    // Both fallbacks are needed: yargs' own text there is not the prebuilt one.
    expect(runCli(['--help'], { env: { NODE_OPTIONS: columns(80) } }).stdout).not.toBe(help['100']);
    expect(runCli(['--help'], { env: { LANG: 'de_DE.UTF-8', LC_ALL: undefined } }).stdout).not.toBe(help['100']);
  });

  test('the answers are the catalogue and the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(['--version']).stdout).toBe(`${version}\n`);
    expect(runCli(['init', '--list-options']).stdout).toBe(listOptionsJson());
  });
});
