/**
 * Naming rules for secret sets and secret keys, checked before any request is sent.
 *
 * Sources: issue 6 (set names: lowercase letters, digits and hyphens, 3–63 characters, starting and
 * ending with a letter or digit; keys are environment variable names) and
 * ../shared/design/cloud-api.md (the server accepts a lowercase DNS-1123 subdomain).
 */
import { distance } from 'fastest-levenshtein';

/** Set names we create: lowercase letters, digits and hyphens, alphanumeric at both ends. */
export const SET_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Shortest and longest set name we create, in characters. */
export const SET_NAME_MIN = 3;
/** @see SET_NAME_MIN */
export const SET_NAME_MAX = 63;

/** Environment variable names: what a secret key must be to reach the agent's environment. */
export const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Human description of {@link SET_NAME_PATTERN}, used in every error about a set name. */
export const SET_NAME_RULE =
  'set names are 3-63 characters: lowercase letters, digits and hyphens, starting and ending with a letter or digit';

/** Human description of {@link KEY_PATTERN}. */
export const KEY_RULE =
  'keys are environment variable names: letters, digits and underscores, not starting with a digit ([A-Za-z_][A-Za-z0-9_]*)';

/**
 * Problem with a set name we are about to create or write to, or `undefined` when it is valid.
 *
 * @param name the set name as given on the command line
 * @returns one line naming the value and the rule, or undefined
 */
export function setNameProblem(name: string): string | undefined {
  if (name.length < SET_NAME_MIN || name.length > SET_NAME_MAX || !SET_NAME_PATTERN.test(name)) {
    return `invalid set name ${JSON.stringify(name)}: ${SET_NAME_RULE}`;
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

/**
 * Problem with a secret key, or `undefined` when it is a valid environment variable name.
 *
 * @param key the key
 * @param where where it came from, e.g. `.env:3` or `argument 2`; prefixed to the message
 */
export function keyProblem(key: string, where?: string): string | undefined {
  if (KEY_PATTERN.test(key)) return undefined;
  const prefix = where ? `${where}: ` : '';
  const shown = key === '' ? 'empty key' : `invalid key ${JSON.stringify(key)}`;
  return `${prefix}${shown}: ${KEY_RULE}`;
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
