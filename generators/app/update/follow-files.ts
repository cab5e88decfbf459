/**
 * The two project files that follow the server code once an update's conflicts are settled
 * (`follow-code.ts`): `server/.env.example` (a line for each variable the code reads, none for a
 * variable no code reads) and the pipecat-ai extras in `server/pyproject.toml` (the extras the
 * code's imports and transports need, no other). Text edits that keep every other line as it is:
 * the user's own comments, order and additions stay.
 *
 * Neither file is Python: `.env.example` is read line by line as dotenv (`KEY=value`, `# KEY=` for
 * an optional one, as `_env.example.ejs` writes it), `pyproject.toml` with smol-toml (the one
 * requirement string is then replaced in place, comments kept).
 *
 * Why: a key or an extra the kept code still needs must never be dropped by an update.
 */
import { parse } from 'smol-toml';
import { ALL_SERVICES } from '../catalogue/catalogue.js';
import { TRANSPORTS } from '../catalogue/transports.js';
import type { EnvVarDefinition } from '../catalogue/types.js';
import { minimalExtras } from '../code/facts.js';
import { pipecatData } from '../code/reader.js';
import type { CodeFacts, NeededVar } from '../code/types.js';

/** A dotenv line declaring a key, set (`KEY=`, `export KEY=`) or commented out (`# KEY=`). */
const KEY_LINE = /^\s*(?:#\s*)?(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/;
/** A group header of a generated `.env.example` (`# --- Text-to-speech: Cartesia`). */
const HEADER = /^# --- /;

/** The catalogue's definition of a variable (its description and example), when a service or transport declares it. */
function catalogued(name: string): EnvVarDefinition | undefined {
  for (const d of [...TRANSPORTS, ...ALL_SERVICES]) {
    const v = d.env.find((e) => e.name === name);
    if (v) return v;
  }
  return undefined;
}

/** Keys a `.env.example` declares, set or commented out, in file order. */
function declaredKeys(text: string): string[] {
  const keys: string[] = [];
  for (const line of text.split('\n')) {
    const m = KEY_LINE.exec(line);
    if (m && !keys.includes(m[1])) keys.push(m[1]);
  }
  return keys;
}

/** The lines of one variable added for the code: its description with the mark, then the line itself. */
function linesFor(v: NeededVar): string[] {
  const def = catalogued(v.name);
  const where = v.at ? `read at ${v.at.path}:${v.at.line}` : v.readBy ? `read by pipecat for ${v.readBy}` : 'read by the code';
  const mark =
    v.need === 'required' ? ' (required)' : v.need === 'local-only' ? ' (local runner only: Pipecat Cloud supplies it)' : ' (optional)';
  const example = def?.example ?? '';
  return [
    ...(def?.format ?? []).map((l) => `# ${l}`),
    `# ${def?.description ?? where}${mark}`,
    `${v.need === 'optional' ? '# ' : ''}${v.name}=${example}`,
  ];
}

/** Remove the lines declaring `gone` keys, each with the comment lines right above it; then empty group headers. */
function withoutKeys(lines: string[], gone: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const m = KEY_LINE.exec(line);
    if (!m || !gone.has(m[1])) {
      out.push(line);
      continue;
    }
    // Its description (and format) lines: comments that are neither a key, a header nor blank.
    while (out.length && /^\s*#/.test(out[out.length - 1]) && !KEY_LINE.test(out[out.length - 1]) && !HEADER.test(out[out.length - 1]))
      out.pop();
  }
  // A group header left with no key under it goes, with the blank line before it.
  return out
    .filter((line, i) => {
      if (!HEADER.test(line)) return true;
      for (let j = i + 1; j < out.length && !HEADER.test(out[j]); j++) if (out[j].trim() !== '') return true;
      return false;
    })
    .filter((line, i, all) => !(line.trim() === '' && (i === all.length - 1 || all[i + 1].trim() === '') && i > 0));
}

/** What {@link followEnvExample} changed. */
interface EnvFollowed {
  text: string;
  added: string[];
  removed: string[];
}

/**
 * `.env.example` as the code needs it: a line (with its mark and the catalogue's description when
 * known) for each variable the code reads that has none, added in a group at the end; the lines of
 * the catalogue's variables no code reads removed (with their comments, and a group header left
 * empty), while a line the user added for a variable of their own stays. Variables
 * the runner or the platform sets are never added.
 *
 * @param text the file as the update leaves it
 * @param facts what the settled server code needs
 * @param partial true when a server file could not be read (markers, a syntax error): nothing is removed
 */
export function followEnvExample(text: string, facts: CodeFacts, partial: boolean): EnvFollowed {
  const declared = declaredKeys(text);
  const read = new Set(facts.env.map((v) => v.name));
  const missing = facts.env.filter((v) => v.need !== 'runner-set' && !declared.includes(v.name));
  // Only the generator's own variables go: a line the user wrote for a variable no code reads is
  // theirs (an update never loses an edit; `pipecat doctor` reports it instead).
  const removed = partial ? [] : declared.filter((k) => !read.has(k) && catalogued(k) !== undefined);
  if (!missing.length && !removed.length) return { text, added: [], removed: [] };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (removed.length) lines = withoutKeys(lines, new Set(removed));
  if (missing.length) lines.push('', '# --- Read by the server code', ...missing.flatMap(linesFor));
  return { text: lines.join(eol) + eol, added: missing.map((v) => v.name), removed };
}

/** Every extra `extra` installs through pipecat-ai's self-references, transitively. */
function included(extra: string, includes: Readonly<Record<string, readonly string[]>>): string[] {
  const out = new Set<string>();
  const walk = (e: string): void => {
    for (const inner of includes[e] ?? []) {
      if (out.has(inner)) continue;
      out.add(inner);
      walk(inner);
    }
  };
  walk(extra);
  return [...out];
}

/** A pipecat-ai requirement: the name, its extras and the rest (`>=1.8.0`, markers). */
const PIPECAT_REQ = /^pipecat-ai\s*(?:\[([^\]]*)\])?(.*)$/s;

/** What {@link followExtras} changed. */
interface ExtrasFollowed {
  text: string;
  added: string[];
  removed: string[];
}

/**
 * `pyproject.toml` with the pipecat-ai extras of `[project] dependencies` the code needs: the
 * extras its imports and transports need added, the ones nothing needs removed (sorted, as
 * `init` writes them). The dependency groups (`pipecat-ai[cli]` for development) are left alone.
 *
 * @param text the file as the update leaves it
 * @param facts what the settled server code needs
 * @param partial true when a server file could not be read: nothing is removed
 * @returns the file unchanged when it does not parse or has no pipecat-ai requirement
 */
export function followExtras(text: string, facts: CodeFacts, partial: boolean): ExtrasFollowed {
  const same = { text, added: [], removed: [] };
  let deps: unknown;
  try {
    deps = (parse(text) as { project?: { dependencies?: unknown } }).project?.dependencies;
  } catch {
    return same;
  }
  if (!Array.isArray(deps)) return same;
  const req = deps.find((d): d is string => typeof d === 'string' && PIPECAT_REQ.test(d));
  if (req === undefined) return same;
  const [, list = '', rest] = PIPECAT_REQ.exec(req) as RegExpExecArray;
  const had = list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const needed = new Set(facts.extras);
  const removed = partial ? [] : had.filter((e) => !needed.has(e));
  const kept = had.filter((e) => !removed.includes(e));
  // What the kept extras install, those pipecat-ai's own extras include (`tavus` installs `daily`) too.
  const data = pipecatData();
  const installed = new Set(minimalExtras(kept, data).flatMap((e) => [e, ...included(e, data.extraIncludes)]));
  // An extra that installs nothing (pipecat's marker extras, `openai = []`) is not worth a change.
  const added = minimalExtras(
    facts.extras.filter((e) => !installed.has(e) && (data.extras[e]?.length ?? 1) > 0),
    data,
  );
  if (!added.length && !removed.length) return same;
  const extras = [...new Set([...kept, ...added])].sort();
  const next = `pipecat-ai${extras.length ? `[${extras.join(',')}]` : ''}${rest}`;
  const at = text.indexOf(JSON.stringify(req));
  if (at < 0) return same;
  return { text: text.slice(0, at) + JSON.stringify(next) + text.slice(at + JSON.stringify(req).length), added, removed };
}
