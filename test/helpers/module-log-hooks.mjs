/**
 * Loader hooks of `module-log.mjs` (run in Node's hooks thread): record each loaded module's URL.
 */
import { appendFileSync } from 'node:fs';

let out;

/** @param {{ out: string }} data the log file */
export function initialize(data) {
  out = data.out;
}

/** Record the URL, then load as usual. */
export async function load(url, context, next) {
  if (out && url.startsWith('file:')) appendFileSync(out, `${url}\n`);
  return next(url, context);
}
