/**
 * Control characters made visible before text reaches a terminal: what the cloud commands print
 * carries text this program did not write (names, ids, messages and log lines from the platform,
 * values from the environment and from files), and a raw escape in it could clear the screen,
 * rewrite a line or write the user's clipboard (OSC 52).
 *
 * Applied at the cloud commands' sinks and to the error line of every command, beside the
 * redaction (`cli/secrets/redact.ts`), so no command has to remember it. Made visible as `\uXXXX`:
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
