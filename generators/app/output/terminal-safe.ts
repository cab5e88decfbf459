/**
 * Control characters made visible before text reaches a terminal: what the cloud commands print
 * carries text this program did not write (names, ids, messages and log lines from the platform,
 * values from the environment and from files), and a raw escape in it could clear the screen,
 * rewrite a line or write the user's clipboard (OSC 52).
 *
 * Three rules, one module (the only place a control character is judged):
 * - {@link visibleField} for one value put into a line: a name, id, region, path, table cell, a
 *   value quoted from a file. Every control is made visible, line feed, tab and escape included.
 * - {@link visibleLines} for text that is lines by nature (a log line, an error body): line feed
 *   and tab kept, CR kept only in CRLF, any escape made visible; following lines are indented.
 * - {@link visibleControls} at every sink (stdout and stderr of every command, beside the
 *   redaction of `./redact.ts`): what is left is made visible, but an escape that starts
 *   a colour sequence is kept, since this program's own colours are written that way. It is the
 *   backstop; text from outside goes through one of the two above before it is coloured. Made visible as `\uXXXX`:
 * C0 controls but line feed and tab, a carriage return not followed by a line feed, DEL, C1
 * (U+0080 to U+009F) and the bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E,
 * U+2066 to U+2069). An escape that starts a colour sequence (SGR, `ESC [ digits ; m`) is kept:
 * this program's own colours are written that way. In a JSON document the replacement is JSON's own
 * escape, so the document stays valid and its values unchanged.
 */

/** Any character this module changes (the fast path: most text has none). */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/; // eslint-disable-line no-control-regex -- control characters are what is matched

/** A colour or style sequence (SGR), the only escape sequence this program writes through the sinks. */
const SGR = /^\x1b\[[0-9;]*m/; // eslint-disable-line no-control-regex -- the escape byte is what is matched

/**
 * Text with its control characters made visible (see the module comment); our colours and line
 * breaks kept.
 *
 * @param text anything about to be written to stdout or stderr
 * @returns the same text when it holds none; otherwise each such character as `\uXXXX`
 */
export function visibleControls(text: string): string {
  if (!CONTROL.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\x1b') {
      const sgr = SGR.exec(text.slice(i, i + 32));
      if (sgr) {
        out += sgr[0];
        i += sgr[0].length - 1;
        continue;
      }
    }
    if (ch === '\r' && text[i + 1] === '\n') out += ch;
    else if (CONTROL.test(ch)) out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/** One code unit as `\uXXXX`. */
function escaped(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Every control character of {@link visibleControls}, plus line feed and tab. */
const FIELD_CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g; // eslint-disable-line no-control-regex -- control characters are what is matched

/**
 * One value from outside this program (a name, id, region, path, table cell, a value quoted from a
 * file) made safe to put into a line: every control character, line feed, tab and escape included,
 * shown as `\uXXXX`.
 *
 * @param text the value as received
 * @returns the same text when it holds none
 */
export function visibleField(text: string): string {
  return text.replace(FIELD_CONTROL, escaped);
}

/** Controls of multi-line text: {@link FIELD_CONTROL} but line feed and tab. */
const LINES_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g; // eslint-disable-line no-control-regex -- control characters are what is matched

/**
 * Text from outside this program that is lines by nature (a log line, an error body) made safe to
 * print: line feeds and tabs kept, a carriage return kept only before a line feed, every other
 * control (an escape included: a colour from outside is not ours) shown as `\uXXXX`; each line
 * after the first starts with `indent`, so it cannot pass for a line of this program's own.
 *
 * @param text the text as received
 * @param indent put before every line but the first (default two spaces; `''` for none)
 */
export function visibleLines(text: string, indent = '  '): string {
  const safe = text.replace(LINES_CONTROL, (ch, at: number) => (ch === '\r' && text[at + 1] === '\n' ? ch : escaped(ch)));
  return indent ? safe.replace(/\n(?=.)/g, `\n${indent}`) : safe;
}
