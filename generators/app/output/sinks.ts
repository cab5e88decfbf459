/**
 * The process's two streams as text sinks: the only places in `cli/` and `generators/` that write
 * to `process.stdout` or `process.stderr` (the lint rule `no-restricted-properties` in
 * `eslint.config.js` and test/output-sinks.test.ts keep it so). Every text passes
 * {@link terminalText} on its way out: secret values redacted (`./redact.ts`), then every
 * control character made visible (`./terminal-safe.ts`), our own colour sequences kept only while
 * colours are wanted. A value from outside this program is still put into its line with
 * `visibleField` (or `visibleLines`) first: this is the backstop, not the rule for values.
 */
import { Writable } from 'node:stream';
import { redactOutput } from './redact.js';
import { visibleControls, visibleField, visibleLines } from './terminal-safe.js';

/**
 * Whether this process may write colour sequences: not when `NO_COLOR` is set and not empty
 * (no-color.org) or `FORCE_COLOR` is `0`/`false` (what `cli/output/no-color.ts` turns `NO_COLOR`
 * into, and what chalk, kleur and picocolors read).
 *
 * @param env the environment (default `process.env`)
 */
function coloursWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
}

/** A colour sequence (SGR) as a library writes it: escape, `[`, parameters, `m`. */
const LIBRARY_SGR = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- the escape byte is what is matched

/**
 * Text as it may reach a terminal: secrets redacted, controls made visible; line feeds, tabs and
 * CRLF kept; a colour sequence (SGR) kept only while {@link coloursWanted}, so with `NO_COLOR` no
 * escape byte at all leaves the process through a sink.
 *
 * @param text anything about to be written to stdout or stderr
 * @param env the environment (default `process.env`)
 */
export function terminalText(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const redacted = redactOutput(text);
  return coloursWanted(env) ? visibleControls(redacted) : visibleLines(redacted, '');
}

/**
 * Write to stdout through {@link terminalText}: data (JSON documents, listings, next steps).
 *
 * @param text the text, with its own line breaks
 */
export function writeStdout(text: string): void {
  process.stdout.write(terminalText(text));
}

/**
 * Write to stderr through {@link terminalText}: everything for people.
 *
 * @param text the text, with its own line breaks
 */
export function writeStderr(text: string): void {
  process.stderr.write(terminalText(text));
}

/**
 * Show the cursor again on a terminal stdout (a prompt may have hidden it before a signal stopped
 * the process): the one control sequence of our own written outside the colours.
 */
export function showCursor(): void {
  if (process.stdout.isTTY) process.stdout.write('\x1b[?25h');
}

/**
 * One line of text for a library that draws it on the terminal itself (ora's spinner): secrets
 * redacted and every control made visible, line feed and escape included (ora counts the rows
 * its line takes to redraw it; a line feed would break that, an escape could do anything).
 *
 * @param text the line, without colour
 */
export function drawnLine(text: string): string {
  return visibleField(redactOutput(text));
}

/**
 * A stream for a library that logs through a stream of its own (Yeoman's adapter and its
 * console): each chunk written to it passes {@link terminalText} and goes on to `to`. The
 * library's own colour sequences are dropped when colours are not wanted (`NO_COLOR`): Yeoman's
 * logger colours its `create` lines whatever `NO_COLOR` says, and shown as `\u001b[32m` text they
 * would garble every line.
 *
 * @param to where the made-safe text goes (a terminal stream, or a text sink)
 */
export function sinkStream(to: NodeJS.WritableStream | ((text: string) => void)): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const raw = chunk.toString();
      const text = terminalText(coloursWanted() ? raw : raw.replace(LIBRARY_SGR, ''));
      if (typeof to === 'function') {
        to(text);
        done();
      } else to.write(text, () => done());
    },
  });
}
