/**
 * How a secret value may be shown: never itself, only its length and a short SHA-256 fingerprint.
 *
 * Why: the official CLI's confirmation shows the first 5 characters of each value (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`); a length and a fingerprint let a user recognise a
 * value without any part of it on screen (docs/secrets.md).
 */
import { createHash } from 'node:crypto';

/** Hex digits of the SHA-256 digest shown in a fingerprint (8 hex digits = 32 bits). */
const FINGERPRINT_HEX_DIGITS = 8;

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

/** The one redaction of values in output lives in `./redact.ts`; re-exported for existing callers. */
export { REDACT_MIN_LENGTH, redactValues } from '../../generators/app/output/redact.js';
