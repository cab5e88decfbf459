/**
 * Line-based merging of one file for `pipecat update`, with node-diff3 (three-way merge) and jsdiff
 * (`diff`, the unified diff shown on a terminal).
 *
 * Conflict markers follow git's layout, so editors highlight them:
 *
 * ```
 * <<<<<<< yours
 * …the user's lines…
 * =======
 * …the newly generated lines…
 * >>>>>>> pipecat update
 * ```
 */
import { createTwoFilesPatch } from 'diff';
import { diff3Merge, diffComm } from 'node-diff3';

/** Label of the user's side in conflict markers. */
const MINE_LABEL = 'yours';
/** Label of the generated side in conflict markers. */
const NEW_LABEL = 'pipecat update';

/**
 * One stretch of a merged file: lines both sides agree on (`ok`), or a conflicting part: the user's
 * lines and the new ones for the same stretch. `line` is the part's first line in the user's file
 * (1-based), `context` is not stored: the neighbouring `ok` stretches are.
 */
export type Segment = { ok: string } | { mine: string; theirs: string; line: number };

/** How one conflicting part is settled: the user's lines, the new ones, or both between markers. */
export type PartChoice = 'mine' | 'new' | 'markers';

/** Result of {@link merge3}. */
interface MergeOutcome {
  /** True when both sides changed the same lines differently. */
  conflict: boolean;
  /** The merged text; with conflict markers around each conflicting region when `conflict`. */
  text: string;
  /** The merge as stretches; the conflicting ones are the parts a user can settle one by one. */
  segments: Segment[];
}

/**
 * Whether bytes are text we can merge line by line: valid UTF-8 without NUL bytes.
 *
 * @param buf file contents
 */
export function isText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  return Buffer.from(buf.toString('utf8'), 'utf8').equals(buf);
}

/** Lines of a text, each keeping its line ending, so joining them gives the text back. */
export function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A side of a conflict as marker-ready text (a last line without newline gets one). */
function block(t: string): string {
  return t === '' || t.endsWith('\n') ? t : `${t}\n`;
}

/** The marker block for one conflicting part. */
function markers(mine: string, theirs: string): string {
  return `<<<<<<< ${MINE_LABEL}\n${block(mine)}=======\n${block(theirs)}>>>>>>> ${NEW_LABEL}\n`;
}

/** The conflicting parts of a merge, in order. */
export function parts(segments: readonly Segment[]): Extract<Segment, { mine: string }>[] {
  return segments.filter((s): s is Extract<Segment, { mine: string }> => 'mine' in s);
}

/**
 * The text of a merge once each conflicting part is settled.
 *
 * @param segments the merge ({@link merge3}, {@link twoWay})
 * @param choice one choice for every part, or one per part in order (missing ones: markers)
 * @returns the text; markers (git's layout) around each part settled with `markers`
 */
export function assemble(segments: readonly Segment[], choice: PartChoice | readonly PartChoice[]): string {
  let text = '';
  let i = 0;
  for (const s of segments) {
    if ('ok' in s) {
      text += s.ok;
      continue;
    }
    const c = typeof choice === 'string' ? choice : (choice[i] ?? 'markers');
    i++;
    text += c === 'mine' ? s.mine : c === 'new' ? s.theirs : markers(s.mine, s.theirs);
  }
  return text;
}

/** Stretches from a list of regions, neighbouring `ok` ones joined; `line` counts the user's lines. */
function segmentsOf(regions: readonly ({ ok: string[] } | { mine: string[]; theirs: string[] })[]): Segment[] {
  const out: Segment[] = [];
  let line = 1;
  for (const r of regions) {
    if ('ok' in r) {
      const last = out[out.length - 1];
      if (last && 'ok' in last) last.ok += r.ok.join('');
      else out.push({ ok: r.ok.join('') });
    } else out.push({ mine: r.mine.join(''), theirs: r.theirs.join(''), line });
    line += 'ok' in r ? r.ok.length : r.mine.length;
  }
  return out;
}

/**
 * Three-way merge of one text file (node-diff3's `diff3Merge`, line by line): the user's edits and
 * ours are both kept when they touch different lines; identical changes on both sides are not a
 * conflict; changes to the same (or adjacent) lines are.
 *
 * @param mine the file as it is in the project
 * @param base the file as we generated it last time
 * @param theirs the file as we generate it now
 * @returns the merged text (markers around each conflicting part), whether it conflicts, the segments
 */
export function merge3(mine: string, base: string, theirs: string): MergeOutcome {
  const regions = diff3Merge(lines(mine), lines(base), lines(theirs), { excludeFalseConflicts: true }).map((r) =>
    r.ok ? { ok: r.ok } : { mine: r.conflict?.a ?? [], theirs: r.conflict?.b ?? [] },
  );
  const segments = segmentsOf(regions);
  return { conflict: parts(segments).length > 0, text: assemble(segments, 'markers'), segments };
}

/**
 * The two-way comparison of a file without a base (a project generated before bases were
 * recorded): the lines both versions share are `ok`, each differing stretch is a conflicting part
 * (node-diff3's `diffComm`).
 *
 * @param mine the file as it is in the project
 * @param theirs the file as we generate it now
 */
export function twoWay(mine: string, theirs: string): Segment[] {
  return segmentsOf(
    diffComm(lines(mine), lines(theirs)).map((p) => (p.common ? { ok: p.common } : { mine: p.buffer1 ?? [], theirs: p.buffer2 ?? [] })),
  );
}

/**
 * One conflicting part as a small unified diff for the terminal: up to `context` agreed lines
 * before and after, the user's lines (`-`) and the new ones (`+`).
 *
 * @param segments the merge
 * @param index which part (0-based)
 * @param context agreed lines shown on each side
 */
export function partDiff(segments: readonly Segment[], index: number, context = 3): string {
  const at = segments.indexOf(parts(segments)[index]);
  const part = segments[at] as Extract<Segment, { mine: string }>;
  const before = segments[at - 1];
  const after = segments[at + 1];
  const prefix = (t: string, p: string): string =>
    lines(t)
      .map((l) => `${p}${block(l)}`)
      .join('');
  const head = before && 'ok' in before ? lines(before.ok).slice(-context).join('') : '';
  const tail = after && 'ok' in after ? lines(after.ok).slice(0, context).join('') : '';
  const first = part.line - lines(head).length;
  return `@@ your line ${part.line}${first < part.line ? ` (context from line ${first})` : ''} @@\n${prefix(head, ' ')}${prefix(part.mine, '-')}${prefix(part.theirs, '+')}${prefix(tail, ' ')}`;
}

/**
 * A unified diff from the user's file to the new version (jsdiff's `createTwoFilesPatch`), for the
 * terminal's "show the diff" choice.
 *
 * @param path project-relative path, shown in the header
 * @param mine the user's file (empty when missing)
 * @param theirs the new version (empty when the update removes the file)
 */
export function unifiedDiff(path: string, mine: string, theirs: string): string {
  return createTwoFilesPatch(`${path} (yours)`, `${path} (new)`, mine, theirs, undefined, undefined, { context: 3 });
}
