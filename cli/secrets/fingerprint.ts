/**
 * How a secret value may be shown: never itself, only its length and a short SHA-256 fingerprint.
 *
 * Source: the developers' guide ("show length + short SHA-256 fingerprint when a user must
 * recognise one") and issue 6.
 */
import { createHash } from 'node:crypto';

/** Hex digits of the SHA-256 digest shown in a fingerprint (8 hex digits = 32 bits). */
export const FINGERPRINT_HEX_DIGITS = 8;

/**
 * Short fingerprint of a value: `sha256:` and the first {@link FINGERPRINT_HEX_DIGITS} hex digits
 * of the SHA-256 of its UTF-8 bytes. Users can compare it with
 * `printf %s "$VALUE" | sha256sum | cut -c1-8`.
 *
 * @param value the secret value
 * @returns e.g. `sha256:9f86d081`
 */
export function fingerprint(value: string): string {
  return 'sha256:' + createHash('sha256').update(value, 'utf8').digest('hex').slice(0, FINGERPRINT_HEX_DIGITS);
}

/**
 * Length of a value in characters (Unicode code points), as shown in plans and JSON.
 *
 * @param value the secret value
 */
export function valueLength(value: string): number {
  return [...value].length;
}

/** Values shorter than this are not searched for by {@link redactValues} (they match too much). */
export const REDACT_MIN_LENGTH = 4;

/**
 * Defence in depth for text that came from elsewhere (an API error message): replaces every
 * occurrence of any of the given secret values with `[redacted]`.
 *
 * @param text text about to be shown
 * @param values secret values in play
 * @returns the text without any of the values of {@link REDACT_MIN_LENGTH} or more characters
 */
export function redactValues(text: string, values: Iterable<string>): string {
  let out = text;
  const sorted = [...new Set(values)].filter((v) => v.length >= REDACT_MIN_LENGTH).sort((a, b) => b.length - a.length);
  for (const v of sorted) out = out.split(v).join('[redacted]');
  return out;
}
