/**
 * When the build's rendering of `pipecat --help` (`dist/cli/help.json`, written by
 * scripts/bundle.ts from the yargs program itself) is exactly what yargs would print, so the entry
 * (cli/entry.ts) can print it without loading yargs. yargs' help depends on two things of the
 * process: the wrap width (cli/main.ts: `helpWidth`) and the locale of its messages (yargs
 * `guessLocale`: `LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`, else `en_US`, cut at `.` or `:`;
 * y18n falls back from `en_GB` to `en`, and `C` has no file: English).
 */

/** The widths the build renders `--help` at: a pipe or a 100-column terminal, and any wider one. */
export const PRERENDERED_HELP_WIDTHS = [100, 110] as const;

/**
 * The width yargs wraps help at (`.wrap()` in cli/main.ts): the terminal's columns up to 110, 100
 * when stdout is not a terminal.
 *
 * @param columns `process.stdout.columns` (undefined when stdout is not a terminal)
 */
export function helpWidth(columns: number | undefined): number {
  return Math.min(110, columns || 100);
}

/**
 * Whether yargs prints its messages in English for this environment (the prebuilt help is English).
 *
 * @param env the process's environment
 */
export function englishHelp(env: NodeJS.ProcessEnv): boolean {
  const locale = (env.LC_ALL || env.LC_MESSAGES || env.LANG || env.LANGUAGE || 'en_US').replace(/[.:].*/, '');
  return /^(en(_[A-Za-z]+)?|C|POSIX)$/.test(locale);
}
