/**
 * The output contract of the `pipecat cloud` commands: `--output rich|plain|json` and
 * `PIPECAT_OUTPUT`, as the official CLI's "Output Modes and Exit Codes" page defines them
 * (docs.pipecat.ai `api-reference/cli/cloud/output`): the flag wins, then the variable; an unknown
 * mode is a usage error (exit 2) that names the valid ones.
 *
 * - `rich`: tables aligned with spaces, colours on a terminal, spinners. Our default everywhere
 *   (the official CLI picks `plain` when stdout is not a terminal; we keep `rich` so scripts written
 *   against our earlier tables keep working: pass `--output plain` or set `PIPECAT_OUTPUT=plain`).
 * - `plain`: tab-separated listings, no colour, no spinner, values never shortened.
 * - `json`: stdout holds exactly one JSON document, on success and on failure; everything meant
 *   for people goes to stderr.
 *
 * `--output text` is kept as an alias of `rich` (our earlier `deploy`/`agent` flag), and `--json`
 * as an alias of `--output json`. `init --output` is a folder and never reads any of this.
 */
import { UserError } from '../errors.js';

/** The output modes, in the order `--help` lists them. */
export const OUTPUT_MODES = ['rich', 'plain', 'json'] as const;
/** One of {@link OUTPUT_MODES}. */
export type OutputMode = (typeof OUTPUT_MODES)[number];
/** Values `--output` also takes, with the mode each means. */
const OUTPUT_ALIASES: Readonly<Record<string, OutputMode>> = { text: 'rich' };

/** The variable that sets the mode when no flag does (the official CLI's name). */
export const OUTPUT_VARIABLE = 'PIPECAT_OUTPUT';

/**
 * The mode a value names, or undefined when it names none (case-insensitive, surrounding spaces ignored).
 *
 * @param value what `--output` or {@link OUTPUT_VARIABLE} holds
 */
function outputModeOf(value: string): OutputMode | undefined {
  const v = value.trim().toLowerCase();
  return (OUTPUT_MODES as readonly string[]).includes(v) ? (v as OutputMode) : OUTPUT_ALIASES[v];
}

/**
 * The output mode of one run: `--output`, else `--json`, else {@link OUTPUT_VARIABLE}, else `rich`.
 *
 * @param argv the parsed `output` (any type: yargs may give an array for a repeated flag) and `json`
 * @param env the environment (reads {@link OUTPUT_VARIABLE})
 * @throws UserError (exit 2) naming `--output` or the variable when the value is not a mode
 */
export function resolveOutputMode(argv: { output?: unknown; json?: unknown }, env: NodeJS.ProcessEnv = process.env): OutputMode {
  if (argv.output !== undefined) {
    const given = Array.isArray(argv.output) ? argv.output[argv.output.length - 1] : argv.output;
    const mode = typeof given === 'string' ? outputModeOf(given) : undefined;
    if (!mode) throw new UserError(`--output ${String(given)} is not an output mode: use ${OUTPUT_MODES.join(', ')}`);
    return mode;
  }
  if (argv.json === true) return 'json';
  const fromEnv = env[OUTPUT_VARIABLE];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const mode = outputModeOf(fromEnv);
    if (!mode) throw new UserError(`${OUTPUT_VARIABLE}=${fromEnv} is not an output mode: use ${OUTPUT_MODES.join(', ')}`);
    return mode;
  }
  return 'rich';
}

/**
 * Whether a command line asks for json mode, read before (or without) yargs' parse: `doctor
 * --json`, or a `cloud` command other than `emulator` with `--json`, `--output json`/`--output=json`, or no `--output`
 * and {@link OUTPUT_VARIABLE}`=json`. The binary uses it to print the JSON error document of a
 * usage error that stops the run before any command handler runs.
 *
 * @param words the arguments after the executable
 * @param env the environment
 */
export function jsonModeRequested(words: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const positional = words.filter((w) => !w.startsWith('-'));
  // `doctor --json` owes stdout one JSON document too (it has no --output).
  if (positional[0] === 'doctor') return words.slice(0, words.includes('--') ? words.indexOf('--') : undefined).includes('--json');
  if (positional[0] !== 'cloud' || positional[1] === 'emulator') return false;
  let output: string | undefined;
  let json = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '--') break;
    if (w === '--json') json = true;
    else if (w === '--output' && i + 1 < words.length) output = words[++i];
    else if (w.startsWith('--output=')) output = w.slice('--output='.length);
  }
  if (output !== undefined) return outputModeOf(output) === 'json';
  return json || outputModeOf(env[OUTPUT_VARIABLE] ?? '') === 'json';
}

/** SGR escape sequences (colour, bold): the only escapes this program writes itself. */
const SGR = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- the escape byte is what is matched

/**
 * Text without the colour and style escapes our own messages carry (`plain` and `json` modes).
 *
 * @param text a message or table, possibly coloured by picocolors
 */
export function withoutStyles(text: string): string {
  return text.replace(SGR, '');
}
