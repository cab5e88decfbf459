/**
 * Naming rules for secret sets and secret keys, checked before any request is sent.
 *
 * Set names we create: lowercase letters, digits and hyphens, 3–63 characters, starting and ending
 * with a letter or digit: one label of the lowercase DNS-1123 subdomain the server accepts (its
 * refusal is quoted in docs/cloud-emulator.md), where the official CLI's `validate_secret_name`
 * (daily-co/pipecat-cloud `src/pipecatcloud/cli/commands/secrets.py`) lets through uppercase and
 * underscores. Keys are environment variable names: each key becomes one in the agent's environment.
 */
import { distance } from 'fastest-levenshtein';

/** Set names we create: lowercase letters, digits and hyphens, alphanumeric at both ends. */
const SET_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Shortest and longest set name we create, in characters. */
const SET_NAME_MIN = 3;
/** @see SET_NAME_MIN */
const SET_NAME_MAX = 63;

/** Environment variable names: what a secret key must be to reach the agent's environment. */
const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Human description of {@link SET_NAME_PATTERN}, used in every error about a set name. */
const SET_NAME_RULE = 'set names are 3-63 characters: lowercase letters, digits and hyphens, starting and ending with a letter or digit';

/** Human description of {@link KEY_PATTERN}. */
const KEY_RULE = 'keys are environment variable names: letters, digits and underscores, not starting with a digit ([A-Za-z_][A-Za-z0-9_]*)';

/**
 * Problem with a set name we are about to create or write to, or `undefined` when it is valid.
 *
 * @param name the set name as given on the command line
 * @returns one line naming the value and the rule, or undefined
 */
export function setNameProblem(name: string): string | undefined {
  if (name.length < SET_NAME_MIN || name.length > SET_NAME_MAX || !SET_NAME_PATTERN.test(name)) {
    // A name is shown only when it reads as a mistyped name, never when it may be a pasted secret.
    const shown =
      name.length <= SET_NAME_MAX && /^[A-Za-z0-9._-]*$/.test(name) && keyLooksLikeValue(name, '') === undefined
        ? JSON.stringify(name)
        : `(${name.length} characters, not shown)`;
    return `invalid set name ${shown}: ${SET_NAME_RULE}`;
  }
  return undefined;
}

/**
 * Problem with the name of a set, or a key, that a command only reads or removes, or `undefined`
 * when it can be looked up.
 *
 * Our naming rules ({@link setNameProblem}, {@link keyProblem}) apply only to what we create: sets
 * and keys written by other tools (the official CLI accepts keys such as `lower-key`, and the
 * server's own rule for set names is wider than ours) must stay readable and removable. So any
 * name is accepted here except those that cannot be one path segment of a request: the empty
 * string, `.` and `..`. Whether the name exists is then the server's answer, reported by name.
 *
 * @param value the set name or key as given on the command line
 * @param what how the value is named in the message, e.g. `set name` or `key`
 * @returns one line naming the value, or undefined
 */
export function lookupNameProblem(value: string, what: string): string | undefined {
  if (value === '') return `the ${what} is empty`;
  if (value === '.' || value === '..') return `invalid ${what} ${JSON.stringify(value)}: it cannot be part of a request path`;
  return undefined;
}

/** Longest key accepted, in characters: a longer "key" is text pasted by mistake (a token, a PEM line). */
const KEY_MAX = 64;

/**
 * Why a key that passes {@link KEY_PATTERN} looks like a secret value rather than a name, or
 * `undefined` when it looks like a name. Such a key comes from a value pasted where a `KEY=value`
 * belongs: the last base64 line of an unquoted PEM in a `.env` (`MIIB...AQAB=`, so `=` splits it
 * into a "key" and an empty value), a base64 token with padding given as an argument
 * (`dGVzdA==`), a long token on a line of its own.
 *
 * Rules: longer than {@link KEY_MAX} characters; `+` or `/` (base64, never in a name); the text
 * after the `=` is only more `=` (base64 padding); or the value is empty and the key reads as
 * base64 (16 or more letters and digits mixing lower case, upper case and digits, no `_`).
 *
 * @param key the text before the first `=`
 * @param rawValue the text after it, as given (undefined when unknown)
 */
export function keyLooksLikeValue(key: string, rawValue?: string): string | undefined {
  if (key.length > KEY_MAX) return `longer than ${KEY_MAX} characters`;
  if (/[+/]/.test(key)) return 'it holds + or /, as base64 does';
  if (rawValue !== undefined && /^=+\s*$/.test(rawValue)) return 'it ends in base64 padding (=)';
  if (
    rawValue !== undefined &&
    rawValue.trim() === '' &&
    key.length >= 16 &&
    /[a-z]/.test(key) &&
    /[A-Z]/.test(key) &&
    /\d/.test(key) &&
    !key.includes('_')
  )
    return 'it reads as base64 text followed by padding (=)';
  return undefined;
}

/**
 * Problem with a secret key, or `undefined` when it is a valid environment variable name that does
 * not look like a value ({@link keyLooksLikeValue}).
 *
 * The key's text is never part of the message: a text that fails the rule may be a
 * secret pasted in the wrong place. The message says where it is and how long it is.
 *
 * @param key the key
 * @param where where it came from, e.g. `.env:3` or `argument 2`; prefixed to the message
 * @param rawValue the text after the key's `=`, for the padding rule of {@link keyLooksLikeValue}
 */
export function keyProblem(key: string, where?: string, rawValue?: string): string | undefined {
  const prefix = where ? `${where}: ` : '';
  if (key === '') return `${prefix}empty key: ${KEY_RULE}`;
  const looks = keyLooksLikeValue(key, rawValue);
  if (looks) {
    return `${prefix}this looks like a secret value, not a key (${key.length} characters before "=", ${looks}); it is not shown and nothing was sent: write KEY=value, and quote multi-line values ("...")`;
  }
  if (KEY_PATTERN.test(key)) return undefined;
  return `${prefix}invalid key (${key.length} characters, not shown): ${KEY_RULE}`;
}

/**
 * The listed name closest to a name that was not found, for a "did you mean" line: the same name
 * in another case, else the nearest by edit distance (fastest-levenshtein) within a third of its
 * length.
 *
 * @param wanted the name given
 * @param names the names the server lists
 * @returns the suggestion, or undefined when nothing is close
 */
export function closest(wanted: string, names: readonly string[]): string | undefined {
  const sameCase = names.find((n) => n.toLowerCase() === wanted.toLowerCase());
  if (sameCase) return sameCase;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(wanted.length / 3)) + 1;
  for (const n of names) {
    const d = distance(wanted.toLowerCase(), n.toLowerCase());
    if (d < bestDistance) {
      best = n;
      bestDistance = d;
    }
  }
  return best;
}
