/**
 * "Did you mean …?": the one rule for suggesting a valid spelling, used for commands and flags
 * (`cli/suggest.ts`) and for catalogue ids and option values (`config/schema.ts`), so both suggest
 * alike.
 *
 * The distance is Levenshtein's (the `fastest-levenshtein` package).
 */
import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `input`, when it is close enough to be a typo: at most 2 edits, and at
 * most 1 for inputs shorter than 4 characters (so `x` suggests nothing), compared case-insensitively. A
 * candidate that starts with the input (an unfinished word) also counts.
 *
 * @param input what the user typed, e.g. `deepgrm_stt`
 * @param candidates the valid spellings
 * @returns the suggestion, or undefined when none is close
 */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  if (needle.length < 2) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(needle, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = needle.length >= 4 ? 2 : 1;
  if (best !== undefined && bestDistance <= limit) return best;
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(needle) && needle.length >= 3);
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
