/**
 * The one redaction of secret values in text that leaves the process (stdout, stderr, `--verbose`
 * debug lines, error messages, `--json` documents).
 *
 * A server may echo a value back in an error body, and not only verbatim: cut to a prefix or a
 * suffix, as any fragment, JSON-escaped (`\"`, `\n`, `\u00e9`), URL-encoded (`%2B`, `+` for a space)
 * or in base64 (of the whole value or of a part starting anywhere). So each value is indexed as the
 * set of its 4-character windows ({@link FRAGMENT_LENGTH}) in every one of those encodings
 * ({@link textForms}, {@link base64Forms}), and {@link Redactor.redact} replaces every run of text covered by such
 * windows with `[redacted]`.
 *
 * Bounds: values shorter than {@link REDACT_MIN_LENGTH} are not indexed (they would match too
 * much). Whole values are indexed up to {@link FRAGMENT_INDEX_BUDGET} windows in all (smallest values
 * first); a value past the budget is indexed by its first and last {@link EDGE_LENGTH} characters
 * (what a server truncating an echo shows most often), so the index stays a few tens of MB at
 * most; {@link Redactor.complete} then turns false and callers drop foreign text instead of
 * redacting it (a value of megabytes holds nearly every 4-character string of its alphabet, so
 * no fragment rule could tell its pieces from other text). Over-redaction (a 4-character word of
 * ours that happens to occur in a value) is accepted. Everything the process prints passes
 * {@link redactOutput}, which looks for base64 forms by {@link OUTPUT_BASE64_FRAGMENT} characters
 * (chance 4-character base64 windows would garble fingerprints); server text is redacted at 4 in
 * every form where it is shown.
 *
 * Why every encoding: a server's error body may quote a value JSON-escaped, URL-encoded or in base64
 * as easily as verbatim (the emulator's `echo` fault plays such a server, docs/cloud-emulator.md).
 */

/** Values shorter than this many characters are not redacted (they match too much). */
export const REDACT_MIN_LENGTH = 4;

/** Length of the windows looked for: any fragment this long of a value's encodings is redacted. */
const FRAGMENT_LENGTH = 4;

/**
 * Fragment length of a value's base64 forms looked for in everything the process prints
 * ({@link redactOutput}). Base64 spreads evenly over 64 characters, so its 4-character windows
 * occur by chance in our own text (a fingerprint's `sha256:`, hex digits, ids) and would garble it;
 * text that came from the server is redacted at {@link FRAGMENT_LENGTH} in every form by the
 * commands that show it (`secrets set`'s per-key results), before it reaches the output.
 */
const OUTPUT_BASE64_FRAGMENT = 8;

/** Fragment length looked for of an API token (see {@link Redactor.add}). */
export const TOKEN_FRAGMENT_LENGTH = 8;

/** Most windows indexed for whole values; past it, a value is indexed by its edges only. */
const FRAGMENT_INDEX_BUDGET = 600_000;

/** Characters at each end of a value indexed when the value is past {@link FRAGMENT_INDEX_BUDGET}. */
const EDGE_LENGTH = 256;

/** What replaces a redacted run of text. */
const REDACTED = '[redacted]';

/** Base64 (standard and URL-safe, without padding) of `bytes` starting at each of 3 byte offsets. */
function base64Forms(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: string[] = [];
  for (let off = 0; off < 3 && off < bytes.length; off++) {
    const b64 = bytes.subarray(off).toString('base64').replace(/=+$/, '');
    out.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/**
 * The encodings of a value a server may echo in readable text: the value itself, JSON-escaped (with
 * and without escaping of non-ASCII), URL-encoded (`encodeURIComponent`, and form encoding with `+`
 * for a space); with {@link base64Forms} (base64 / base64url from each of the first three byte
 * offsets, so a base64 fragment of any part of the value is among the windows), every form indexed.
 *
 * @param value a secret value
 * @returns distinct strings, the value first
 */
function textForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const jsonAscii = json.replace(/[\u0080-\uffff]/g, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
  const url = encodeURIComponent(value);
  const form = url.replace(/%20/g, '+');
  return [...new Set([value, json, jsonAscii, url, form, url.toLowerCase()])];
}

/**
 * An index of secret values and the redaction of text against it.
 */
export class Redactor {
  /** Indexed windows by their length. */
  private readonly windows = new Map<number, Set<string>>();
  private budget = FRAGMENT_INDEX_BUDGET;
  private readonly seen = new Set<string>();
  private partial = 0;

  /**
   * @param values secret values to index now (more with {@link Redactor.add})
   * @param base64Fragment least fragment length looked for of the base64 forms (default
   *   {@link FRAGMENT_LENGTH}; the process-wide output redaction uses {@link OUTPUT_BASE64_FRAGMENT})
   */
  constructor(
    values: Iterable<string> = [],
    private readonly base64Fragment = FRAGMENT_LENGTH,
  ) {
    this.add(values);
  }

  /**
   * True when every value is indexed whole. When false, some value is indexed by its edges only, so
   * a fragment from its middle would pass: text from elsewhere (a server's message) should then
   * not be shown at all.
   */
  get complete(): boolean {
    return this.partial === 0;
  }

  /** True when no value is indexed (redaction is then the identity). */
  get empty(): boolean {
    return this.windows.size === 0;
  }

  /**
   * Indexes more values (smallest first, so the whole-value budget covers as many as it can).
   *
   * @param values secret values; shorter than {@link REDACT_MIN_LENGTH} ones are skipped
   * @param fragment the fragment length looked for (default {@link FRAGMENT_LENGTH}); an API token,
   *   which no server echoes in part, uses {@link TOKEN_FRAGMENT_LENGTH} so that 4-character
   *   coincidences with names in long listings are not redacted
   */
  add(values: Iterable<string>, fragment = FRAGMENT_LENGTH): void {
    const fresh = [...new Set(values)]
      .filter((v) => v.length >= REDACT_MIN_LENGTH && !this.seen.has(v))
      .sort((a, b) => a.length - b.length);
    for (const v of fresh) {
      this.seen.add(v);
      const size = Math.min(fragment, v.length);
      // Each form is a few times the value's length; 12 forms at most.
      const cost = v.length * 12;
      if (cost <= this.budget) {
        this.budget -= cost;
        this.indexValue(v, size);
      } else {
        this.partial++;
        this.indexValue(v.slice(0, EDGE_LENGTH), size);
        this.indexValue(v.slice(-EDGE_LENGTH), size);
      }
    }
  }

  private indexValue(value: string, size: number): void {
    this.index(textForms(value), size);
    this.index(base64Forms(value), Math.max(size, this.base64Fragment));
  }

  private index(forms: readonly string[], size: number): void {
    let set = this.windows.get(size);
    if (!set) this.windows.set(size, (set = new Set()));
    for (const f of forms) for (let i = 0; i + size <= f.length; i++) set.add(f.slice(i, i + size));
  }

  /**
   * Replaces every run of `text` covered by indexed windows with {@link REDACTED}.
   *
   * @param text text about to be shown
   * @returns the text with no indexed fragment (of {@link FRAGMENT_LENGTH} characters, or the
   *   length a value was added with) of any encoding of a value
   */
  redact(text: string): string {
    if (this.windows.size === 0) return text;
    let covered: Uint8Array | undefined;
    for (const [size, set] of this.windows) {
      for (let i = 0; i + size <= text.length; i++) {
        if (!set.has(text.slice(i, i + size))) continue;
        covered ??= new Uint8Array(text.length);
        covered.fill(1, i, i + size);
      }
    }
    if (!covered) return text;
    let out = '';
    for (let i = 0; i < text.length;) {
      if (!covered[i]) {
        const start = i;
        while (i < text.length && !covered[i]) i++;
        out += text.slice(start, i);
      } else {
        while (i < text.length && covered[i]) i++;
        out += REDACTED;
      }
    }
    return out;
  }
}

/**
 * Redacts `values` from `text` (every encoding and fragment, see {@link Redactor}).
 *
 * @param text text about to be shown
 * @param values secret values in play
 */
export function redactValues(text: string, values: Iterable<string>): string {
  return new Redactor(values).redact(text);
}

/** The process's secrets in play, redacted from every output by {@link redactOutput}. */
const inPlay = new Redactor([], OUTPUT_BASE64_FRAGMENT);

/**
 * Registers secret values read by this process (values to upload, a token, registry credentials):
 * from now on {@link redactOutput} removes them from everything printed.
 *
 * @param values the values
 * @param fragment fragment length looked for (see {@link Redactor.add})
 */
export function registerSecrets(values: Iterable<string>, fragment = FRAGMENT_LENGTH): void {
  inPlay.add(values, fragment);
}

/**
 * The secret part of an API token: without its public type prefix (`pcc_pat_` for a personal
 * access token, as docs/cloud-auth.md shows; `pcc_pat_emulator_` for the emulator's), which would
 * otherwise redact ordinary words of the output such as the emulator's organisation name.
 *
 * @param token the token as used in the `Authorization` header
 */
export function tokenSecretPart(token: string): string {
  const rest = token.replace(/^pcc_pat_(emulator_)?/, '');
  return rest.length >= REDACT_MIN_LENGTH ? rest : token;
}

/**
 * Redacts every registered secret from text about to leave the process: the process's sinks
 * (`./sinks.ts`) call it on every write to stdout and stderr.
 *
 * @param text stdout or stderr text
 */
export function redactOutput(text: string): string {
  return inPlay.empty ? text : inPlay.redact(text);
}
