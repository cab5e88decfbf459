/**
 * Hostile text for the terminal tests: what a file name, a config value or a server's answer may
 * carry to take over a terminal, and how to look for any of it in what the binary printed.
 */
import { expect } from '@jest/globals';

/** Screen clear, clipboard write (OSC 52), bare CR, C1 CSI, right-to-left override: a file name can hold each. */
export const HOSTILE = 'ev\x1b[2Jil\x1b]52;c;aGk=\x07x\ry\x9bz\u202e';

/** How a terminal must show {@link HOSTILE} (as `visibleField` writes it). */
export const SHOWN = 'ev\\u001b[2Jil\\u001b]52;c;aGk=\\u0007x\\u000dy\\u009bz\\u202e';

/** Any control character a terminal would act on (C0 but line feed and tab, CR not before LF, DEL, C1, bidi), the escape byte included. */
export const RAW = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/; // eslint-disable-line no-control-regex -- control characters are what is looked for

/** Our colour sequences (SGR), the only escapes allowed while colours are on. */
export const SGR = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- the escape byte is what is matched

/**
 * What the binary printed holds no raw control character: none at all, or with `colours` none but
 * colour sequences; and no stack trace.
 *
 * @param r both streams of one run
 * @param colours true when colours were forced on
 */
export function expectNoRaw(r: { stdout: string; stderr: string }, colours = false): void {
  const all = r.stdout + r.stderr;
  expect(colours ? all.replace(SGR, '') : all).not.toMatch(RAW);
  expect(all).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // no stack trace
}

/** TOML's basic string of `text`, every control as `\uXXXX` (TOML allows no raw control in a string). */
export function tomlString(text: string): string {
  return `"${text.replace(/[\x00-\x1f\x7f-\x9f\u202e"\\]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`; // eslint-disable-line no-control-regex -- control characters are what is escaped
}
