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
export const MINE_LABEL = 'yours';
/** Label of the generated side in conflict markers. */
export const NEW_LABEL = 'pipecat update';

/** Result of {@link merge3}. */
export interface MergeOutcome {
  /** True when both sides changed the same lines differently. */
  conflict: boolean;
  /** The merged text; with conflict markers around each conflicting region when `conflict`. */
  text: string;
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
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A side of a conflict as marker-ready text (a last line without newline gets one). */
function block(ls: readonly string[]): string {
  const t = ls.join('');
  return t === '' || t.endsWith('\n') ? t : `${t}\n`;
}

/** The marker block for one conflicting region. */
function markers(mine: readonly string[], theirs: readonly string[]): string {
  return `<<<<<<< ${MINE_LABEL}\n${block(mine)}=======\n${block(theirs)}>>>>>>> ${NEW_LABEL}\n`;
}

/**
 * Three-way merge of one text file (node-diff3's `diff3Merge`, line by line): the user's edits and
 * ours are both kept when they touch different lines; identical changes on both sides are not a
 * conflict; changes to the same (or adjacent) lines are.
 *
 * @param mine the file as it is in the project
 * @param base the file as we generated it last time
 * @param theirs the file as we generate it now
 * @returns the merged text and whether it holds conflicts (marked)
 */
export function merge3(mine: string, base: string, theirs: string): MergeOutcome {
  const regions = diff3Merge(lines(mine), lines(base), lines(theirs), { excludeFalseConflicts: true });
  let conflict = false;
  let text = '';
  for (const r of regions) {
    if (r.ok) text += r.ok.join('');
    else if (r.conflict) {
      conflict = true;
      text += markers(r.conflict.a, r.conflict.b);
    }
  }
  return { conflict, text };
}

/**
 * Conflict markers for a file without a base (a project generated before bases were recorded):
 * the lines both versions share stay as they are, each differing stretch is marked
 * (node-diff3's `diffComm`, a two-way comparison).
 *
 * @param mine the file as it is in the project
 * @param theirs the file as we generate it now
 * @returns the text with markers (equal inputs come back unchanged)
 */
export function markTwoWay(mine: string, theirs: string): string {
  let text = '';
  for (const part of diffComm(lines(mine), lines(theirs))) {
    if (part.common) text += part.common.join('');
    else text += markers(part.buffer1 ?? [], part.buffer2 ?? []);
  }
  return text;
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
