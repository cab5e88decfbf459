/**
 * Shell completion of option values: after `--stt`, `--llm`, `--tts`, `--realtime`,
 * `--video`, `-t`/`--transport` (and `update`'s `--add-transport`/`--remove-transport`) the ids of
 * the catalogue, not the flags. yargs completes commands and flags (`cli/main.ts`); this answers
 * first when the word being completed is such a value. Loaded only while completing.
 *
 * The words are those the completion scripts pass to `pipecat --get-yargs-completions` (yargs'
 * scripts): bash passes `COMP_WORDS`, where `--stt=deep` is three words (`=` breaks words in bash),
 * zsh passes `words`, where it is one.
 */
import { TRANSPORTS, TRANSPORT_FAMILIES } from '../generators/app/catalogue/catalogue.js';
import { OPTION_FLAGS } from '../generators/app/config/flags.js';
import { selectableServiceIds } from '../generators/app/config/schema.js';

/** What `--transport` takes: every transport id, its vendor aliases, and the PSTN/SIP family names. */
function transportValues(): string[] {
  const all = [...TRANSPORTS.flatMap((t) => [t.id, ...t.aliases]), ...TRANSPORT_FAMILIES.flatMap((f) => [f.id, ...f.aliases])];
  return [...new Set(all)];
}

/**
 * The flags whose values are completed (`--stt`, `-t`, …) and their values, from the options
 * table and the catalogue.
 */
function valueFlags(): Map<string, () => string[]> {
  const flags = new Map<string, () => string[]>();
  for (const f of OPTION_FLAGS) {
    const role = f.option.role;
    const values = role ? () => selectableServiceIds(role) : f.option.key === 'transports' ? transportValues : undefined;
    if (!values) continue;
    for (const name of [`--${f.flag}`, ...f.aliases.map((a) => (a.length === 1 ? `-${a}` : `--${a}`))]) flags.set(name, values);
  }
  for (const name of ['--add-transport', '--remove-transport']) flags.set(name, transportValues);
  return flags;
}

/**
 * The completions of the last word when it is the value of a flag of {@link valueFlags}, else
 * undefined (yargs completes commands and flags).
 *
 * @param words the words after `--get-yargs-completions`, the last being the one completed (may be empty)
 * @returns candidates starting with what is typed: bare ids after `--stt ` or bash's `--stt=`,
 *   `--stt=<id>` for zsh's one-word `--stt=deep`
 */
export function valueCompletions(words: readonly string[]): string[] | undefined {
  if (words.length === 0) return undefined;
  const flags = valueFlags();
  const current = words[words.length - 1];
  const prev = words[words.length - 2];
  const joined = /^(--?[a-z][a-z-]*)=(.*)$/.exec(current);
  if (joined && flags.has(joined[1])) {
    return flags.get(joined[1])!()
      .filter((v) => v.startsWith(joined[2]))
      .map((v) => `${joined[1]}=${v}`);
  }
  const flag = prev === '=' ? words[words.length - 3] : prev;
  const values = flag === undefined ? undefined : flags.get(flag);
  if (!values || current.startsWith('-')) return undefined;
  return values().filter((v) => v.startsWith(current));
}
