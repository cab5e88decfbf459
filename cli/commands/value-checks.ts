/**
 * Checks of a command line's values that yargs cannot make (`-n -dash`, `--llm ''`,
 * `--recording=maybe`), shared by `pipecat init` and `pipecat update`. Light on purpose (the
 * options table and the error types only): `update`'s builder runs them before yargs acts on any
 * flag, and `update --help` must not load `init`'s modules. `cli/commands/init.ts` re-exports them.
 */
import { flagNames } from '../../generators/app/config/flags.js';
import { CONFIG_OPTIONS } from '../../generators/app/config/options.js';
import { UserError } from '../errors.js';

/** Parsed arguments as the checks read them: option values by flag name. */
type ParsedArgs = Record<string, unknown>;

/**
 * Refuse `--flag=value` for a boolean option when the value is not `true` or `false` (yargs would
 * quietly read `--recording=maybe` as false).
 *
 * @param rawArgs the command line as typed (after the executable)
 * @throws UserError (exit 2) naming every such flag
 */
export function checkBooleanValues(rawArgs: readonly string[]): void {
  const names = new Set(flagNames('boolean'));
  const problems: string[] = [];
  for (const arg of rawArgs) {
    const m = /^--(?:no-)?([a-z-]+)=(.*)$/.exec(arg);
    if (m && names.has(m[1]) && !['true', 'false'].includes(m[2])) {
      problems.push(`${arg.split('=')[0]}: takes no value (or =true / =false), got ${JSON.stringify(m[2])}`);
    }
  }
  if (problems.length) throw new UserError('invalid configuration: nothing was written', problems);
}

/**
 * Refuse an empty value for a flag that takes one (`--llm ''`, `--client-framework=`, `--video`
 * with nothing after it): yargs reads each as an empty string, which would otherwise mean "not
 * given" or "none" and be quietly dropped (a typo would silently change the project).
 *
 * @param argv parsed arguments
 * @throws UserError (exit 2) naming every such flag
 */
export function checkEmptyValues(argv: ParsedArgs): void {
  const problems: string[] = [];
  const blank = (v: unknown): boolean => typeof v === 'string' && v.trim() === '';
  for (const o of CONFIG_OPTIONS) {
    if (o.type === 'boolean') continue;
    const v = argv[o.flag];
    if (blank(v) || (Array.isArray(v) && v.some(blank))) {
      problems.push(`--${o.flag}: empty value: give a value (${o.valueHint ?? 'see --help'}), or leave --${o.flag} out`);
    }
  }
  if (problems.length) throw new UserError('invalid configuration: nothing was written', problems);
}

/** Names (`n`, `name`, `output`...) of the flags of `pipecat init` that take a value. */
function valueFlagNames(): Set<string> {
  return new Set(['output', 'o', 'config', 'c', ...flagNames('value')]);
}

/**
 * Refuse a flag that takes a value followed by a word starting with `-` (`-n -dash`): yargs would
 * give the flag an empty value and read the word as more flags (`-dash` is `-d -a -s -h`: help,
 * exit 0). Checked in the command's builder, before yargs acts on any flag (so `-h` hidden in a value
 * never prints help instead of the error). A lone `-`
 * (stdin for `--config`) is a value.
 *
 * @param rawArgs the command line after the executable (`init …`)
 * @param extra names of the command's own value flags besides the configuration's (`add-transport`)
 * @throws UserError (exit 2) naming the flag and the word
 */
export function checkDashValues(rawArgs: readonly string[], extra: readonly string[] = []): void {
  const names = valueFlagNames();
  for (const n of extra) names.add(n);
  for (let i = 0; i < rawArgs.length - 1; i++) {
    const a = rawArgs[i];
    if (a === '--') break;
    const m = /^--?([a-z][a-z-]*)$/.exec(a);
    const next = rawArgs[i + 1];
    if (m && names.has(m[1]) && /^-./.test(next) && next !== '--') {
      throw new UserError(`${a} needs a value, but the next word ${JSON.stringify(next)} starts with "-" and would be read as flags`, [
        `to give a value that starts with "-", write ${a}=${next}`,
      ]);
    }
  }
}
