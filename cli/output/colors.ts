/**
 * Terminal colours for messages, via picocolors (which honours `NO_COLOR`, `FORCE_COLOR` and
 * whether the stream is a terminal).
 *
 * Use `c.red(...)`, `c.green(...)`, `c.bold(...)`... on text written to stderr or to a table.
 * Never colour `--json` output.
 */
import pc from 'picocolors';

/** The picocolors palette (colours switch off by themselves when unsupported or `NO_COLOR` is set). */
export const c = pc;

/** `✔ message`-style success line for stderr. */
export function success(message: string): string {
  return `${pc.green('✔')} ${message}`;
}

/** `warning: message` line for stderr. */
export function warning(message: string): string {
  return `${pc.yellow('warning:')} ${message}`;
}
