/**
 * Naming rules for secret sets and secret keys, checked before any request is sent.
 *
 * Sources: issue 6 (set names: lowercase letters, digits and hyphens, 3–63 characters, starting and
 * ending with a letter or digit; keys are environment variable names) and
 * ../shared/design/cloud-api.md (the server accepts a lowercase DNS-1123 subdomain).
 */

/** Set names we create: lowercase letters, digits and hyphens, alphanumeric at both ends. */
export const SET_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Shortest and longest set name we create, in characters. */
export const SET_NAME_MIN = 3;
/** @see SET_NAME_MIN */
export const SET_NAME_MAX = 63;

/** The server's own rule (DNS-1123 subdomain): names of sets that may already exist. */
export const EXISTING_SET_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

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
 * Problem with the name of a set we only read or delete (it may have been created by another tool
 * under the server's wider DNS-1123 rule), or `undefined` when it is acceptable.
 *
 * @param name the set name as given on the command line
 */
export function existingSetNameProblem(name: string): string | undefined {
  if (name.length < 1 || name.length > 253 || !EXISTING_SET_NAME_PATTERN.test(name)) {
    return `invalid set name ${JSON.stringify(name)}: set names are lowercase letters, digits, hyphens and dots, starting and ending with a letter or digit`;
  }
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
