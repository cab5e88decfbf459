/**
 * `.env.example` as generated projects write it (templates/server/_env.example.ejs): each variable
 * is one `NAME=` line (uncommented: required, the preflight and `secrets set` take it) or one
 * `# NAME=` line (commented: optional, or set by the runner), under its comment lines, the last of
 * which closes with `(required)` or `(optional)` (a variable the runner sets has neither). Groups
 * start with a `# --- Title` line. This module reads that layout and makes the line edits
 * `pipecat doctor --fix` needs; every other byte of the file stays as it was.
 */
import type { EnvNeed } from '../../generators/app/code/types.js';

/** One variable declared in `.env.example`. */
interface ExampleEntry {
  readonly name: string;
  /** 1-based line of `NAME=` / `# NAME=`. */
  readonly line: number;
  readonly commented: boolean;
  /** The mark closing its comment lines, if any. */
  readonly mark?: 'required' | 'optional';
  /** 1-based first line of its own comment lines (= {@link line} when it has none). */
  readonly from: number;
}

const ENTRY = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;
const COMMENTED_ENTRY = /^\s*#\s?(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/;
const GROUP = /^\s*#\s*---/;

/** The file's lines (CRLF kept out; a BOM dropped). */
function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/);
}

function entryAt(line: string): { name: string; commented: boolean } | undefined {
  const m = ENTRY.exec(line);
  if (m) return { name: m[1], commented: false };
  const c = COMMENTED_ENTRY.exec(line);
  return c ? { name: c[1], commented: true } : undefined;
}

/**
 * The variables a `.env.example` declares, in file order (a name declared twice appears twice).
 *
 * @param text the file's text
 */
export function readEnvExample(text: string): ExampleEntry[] {
  const lines = linesOf(text);
  const out: ExampleEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const e = entryAt(lines[i]);
    if (!e) continue;
    let from = i;
    while (from > 0 && /^\s*#/.test(lines[from - 1]) && !entryAt(lines[from - 1]) && !GROUP.test(lines[from - 1])) from--;
    const comments = lines.slice(from, i).join('\n');
    const marks = [...comments.matchAll(/\((required|optional)\)/g)];
    const mark = marks.length ? (marks[marks.length - 1][1] as 'required' | 'optional') : undefined;
    out.push({ name: e.name, line: i + 1, commented: e.commented, mark, from: from + 1 });
  }
  return out;
}

/** How a variable of each need is written: commented or not, and its mark (undefined: none, or either). */
function expectedForm(need: EnvNeed): { commented: boolean; mark?: 'required' | 'optional' } {
  if (need === 'required' || need === 'local-only') return { commented: false, mark: 'required' };
  if (need === 'optional') return { commented: true, mark: 'optional' };
  return { commented: true };
}

/** What is wrong with an entry for a variable of `need`, in words, or undefined when it is as expected. */
export function formProblem(entry: ExampleEntry, need: EnvNeed): string | undefined {
  const want = expectedForm(need);
  const what = need === 'local-only' ? 'required for local runs' : need === 'runner-set' ? 'set by the runner' : need;
  if (entry.commented !== want.commented)
    return want.commented
      ? `is written uncommented (a key deploys require) but the code reads it as ${what}: comment it out (# ${entry.name}=)`
      : `is commented out but the code needs it (${what}): uncomment it`;
  if (want.mark && entry.mark !== want.mark)
    return `is marked ${entry.mark ? `(${entry.mark})` : 'neither (required) nor (optional)'} but the code reads it as ${what}: mark it (${want.mark})`;
  if (!want.mark && entry.mark === 'required') return `is marked (required) but ${what}: drop the mark`;
  return undefined;
}

function joinLike(text: string, lines: string[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  return bom + lines.join(eol);
}

/**
 * The text with the variable's first entry rewritten to the form of `need`: commented or not, and
 * its mark set on its last comment line (added when it has none; a comment line `comment` is added
 * when it has no comment lines).
 */
export function withForm(text: string, name: string, need: EnvNeed, comment: string): string {
  const entry = readEnvExample(text).find((e) => e.name === name);
  if (!entry) return text;
  const lines = linesOf(text);
  const want = expectedForm(need);
  const i = entry.line - 1;
  const body = lines[i].replace(/^\s*#\s?/, '').replace(/^\s+/, '');
  lines[i] = want.commented ? `# ${body}` : body;
  const markText = want.mark ? ` (${want.mark})` : '';
  if (entry.from === entry.line) {
    lines.splice(i, 0, `# ${comment}${markText}`);
  } else {
    const last = i - 1;
    const line = lines[last];
    if (/\((required|optional)\)/.test(line)) lines[last] = line.replace(/ ?\((required|optional)\)/, markText);
    else if (want.mark) lines[last] = `${line.replace(/\s+$/, '')}${markText}`;
  }
  return joinLike(text, lines);
}

/**
 * The text with a variable's declaration added at the end: its comment line (closing with its mark)
 * and `NAME=` or `# NAME=`, after a blank line.
 */
export function withEntry(text: string, name: string, need: EnvNeed, comment: string): string {
  const want = expectedForm(need);
  const block = [`# ${comment}${want.mark ? ` (${want.mark})` : ''}`, `${want.commented ? '# ' : ''}${name}=`];
  const lines = text === '' ? [] : linesOf(text);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const out = lines.length ? [...lines, '', ...block, ''] : [...block, ''];
  return joinLike(text, out);
}

/**
 * The text without every declaration of `name` and its own comment lines; a `# ---` group line left
 * with no variable under it goes too (with the blank line before it).
 */
export function withoutEntry(text: string, name: string): string {
  const lines = linesOf(text);
  const drop = new Set<number>();
  for (const e of readEnvExample(text)) if (e.name === name) for (let l = e.from; l <= e.line; l++) drop.add(l - 1);
  let kept = lines.map((l, i) => (drop.has(i) ? undefined : l));
  // A group heading with nothing left under it (blank, another heading or the end follows).
  for (let i = 0; i < kept.length; i++) {
    if (kept[i] === undefined || !GROUP.test(kept[i] as string)) continue;
    let j = i + 1;
    while (j < kept.length && kept[j] === undefined) j++;
    const next = kept[j];
    const emptied = [...drop].some((d) => d > i && d < j);
    if (emptied && (next === undefined || next.trim() === '' || GROUP.test(next))) {
      kept[i] = undefined;
      if (i > 0 && kept[i - 1] !== undefined && (kept[i - 1] as string).trim() === '') kept[i - 1] = undefined;
    }
  }
  kept = kept.filter((l) => l !== undefined);
  return joinLike(text, kept as string[]);
}
