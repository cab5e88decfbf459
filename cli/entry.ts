#!/usr/bin/env node
/**
 * Entry point of the `pipecat`, `pc` and `generator-pipecat` executables: `dist/cli/main.js` is
 * this file, bundled (`scripts/bundle.ts`).
 *
 * It answers three exact command lines without loading yargs (`--version`, `--help` and
 * `init --list-options` within 1.2× of bare `node -e 0`; compiling yargs alone costs about a third
 * of a bare Node start, measured with `node --cpu-prof`), and hands every other command line to
 * `cli/main.ts`, the yargs program, unchanged:
 * - `--version` or `-V` alone: the version from our package.json, as yargs' `.version()` prints it;
 * - `--help` or `-h` alone: the help yargs renders, rendered by the build from the yargs program
 *   (`dist/cli/help.json`, one text per width of {@link PRERENDERED_HELP_WIDTHS}), when this
 *   process would get one of those texts (its wrap width and an English locale: ./help-text.ts);
 *   any other width or locale goes through yargs;
 * - `init --list-options` alone: the JSON that `listOptions()` (cli/commands/init.ts) prints,
 *   written at build time to `dist/cli/list-options.json` (test/entry.test.ts checks it equals
 *   the catalogue's, and that the yargs path prints the same bytes, as for `--help`).
 * Any other spelling (`init --list-options --yes`, `--version init`) goes through yargs as before.
 *
 * For `doctor` it starts the server-code reader's Python before yargs loads (`./doctor/head-start.ts`)
 * and hands it to the command.
 */
import { readFileSync } from 'node:fs';
import { packageInfo } from '../generators/app/paths.js';
import { englishHelp, helpWidth, type PRERENDERED_HELP_WIDTHS } from './help-text.js';

/** Where the build writes its files beside this bundle. */
const BUILT = { listOptions: new URL('./list-options.json', import.meta.url), help: new URL('./help.json', import.meta.url) };

/**
 * The build's `--help` text for this process's width, or undefined when yargs must render it (a
 * width or locale the build did not render for).
 */
function prerenderedHelp(): string | undefined {
  if (!englishHelp(process.env)) return undefined;
  const texts = JSON.parse(readFileSync(BUILT.help, 'utf8')) as Record<(typeof PRERENDERED_HELP_WIDTHS)[number], string>;
  return Object.entries(texts).find(([width]) => Number(width) === helpWidth(process.stdout.columns))?.[1];
}

/**
 * What the binary prints for `args` (the arguments after the executable) without yargs, or
 * undefined when yargs must run.
 *
 * @param args e.g. `['init', '--list-options']`
 * @returns stdout text (newline-terminated), or undefined
 */
function fastAnswer(args: string[]): string | undefined {
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) return `${packageInfo().version}\n`;
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) return prerenderedHelp();
  if (args.length === 2 && args[0] === 'init' && args[1] === '--list-options') return readFileSync(BUILT.listOptions, 'utf8');
  return undefined;
}

const args = process.argv.slice(2);
const answer = fastAnswer(args);
if (answer === undefined) {
  // `doctor` starts its Python reader first, so the interpreter starts while yargs loads
  // (./doctor/head-start.ts; its chunk is one the command loads anyway).
  const readerHeadStart =
    args[0] === 'doctor' ? (await import('./doctor/head-start.js')).startDoctorReading(args, process.cwd()) : undefined;
  (await import('./main.js')).start({ readerHeadStart });
} else process.stdout.write(answer); // our own text only: the version, the build's help and JSON (a sink: eslint.config.js)
