/**
 * Settling an update's conflicts: by the user's choice per file or per part (a terminal, through
 * `dialog.ts`), or by one policy for every conflicting part (`--conflicts yours|new|markers`,
 * `--conflict-markers`), or not at all (no terminal, no policy: exit 3, nothing changed).
 *
 * A conflict that parts cannot express (a removal of an edited file, a file the user deleted,
 * binary, too long) keeps the user's file under every policy: no flag removes or overwrites an
 * edited file as a whole (the consent rule, docs/updating.md); only a terminal choice does.
 *
 * Per-part choices, so one conflicting part does not cost the user every other edit in the file
 * (docs/updating.md).
 */
import { UpdateAbortedError, UpdateConflictsError } from './errors.js';
import type { PartChoice } from './merge.js';
import { describeConflict, partCount, settle, type FilePlan, type Resolution } from './plan.js';

/** One way for every conflicting part, given in advance: the user's lines, the new ones, or both between markers. */
export type ConflictPolicy = 'mine' | 'new' | 'markers';

/** The policies by their flag values (`--conflicts yours|new|markers`). */
export const CONFLICT_POLICIES: Readonly<Record<string, ConflictPolicy>> = { yours: 'mine', new: 'new', markers: 'markers' };

/** Ask how to settle one conflicting file (`index` of `total`); `abort` stops the update. */
export type ChooseConflict = (file: FilePlan, index: number, total: number) => Promise<Resolution | 'abort'>;

/** What settling records for the summary (fields of `UpdateOutcome`). */
export interface SettledConflicts {
  /** Files that got conflict markers. */
  marked: string[];
  /** Conflicting files kept as the user had them. */
  kept: string[];
  /** How each other settled conflict was settled, in words for the summary (`new in 2 conflicting parts`). */
  settledAs: Record<string, string>;
}

/** The summary's words for a settled file. */
function settledWords(how: Resolution, n: number): string {
  const parts = `${n} conflicting part${n > 1 ? 's' : ''}`;
  if (how === 'replace') return 'replaced by the new version';
  if (how === 'new') return n ? `new lines in ${parts}` : 'took the new version';
  if (!Array.isArray(how)) return '';
  const count = (c: string): number => how.filter((h) => h === c).length;
  if (count('mine') === n) return `your lines in ${parts}`;
  if (count('new') === n) return `new lines in ${parts}`;
  return `part by part: ${count('mine')} yours, ${count('new')} new, ${count('markers')} with markers`;
}

/**
 * Settle every conflict of a plan (each file's `result` is set).
 *
 * @param plan the planned files
 * @param out where to record what was settled how
 * @param how a policy for every conflict, the user's choice per file, or nothing (no terminal)
 * @throws UpdateConflictsError (exit 3) when there are conflicts and no way to settle them;
 *   UpdateAbortedError (exit 130) when the user chooses abort
 */
export async function settleConflicts(
  plan: readonly FilePlan[],
  out: SettledConflicts,
  how: ConflictPolicy | ChooseConflict | undefined,
): Promise<void> {
  const conflicts = plan.filter((f) => f.action === 'conflict');
  if (!conflicts.length) return;
  if (how === undefined) throw new UpdateConflictsError(conflicts.map(describeConflict));
  for (const [i, f] of conflicts.entries()) {
    const n = partCount(f);
    let choice: Resolution | 'abort';
    if (typeof how === 'function') choice = await how(f, i, conflicts.length);
    // Without parts, a policy keeps the user's file; with parts, it answers each part.
    else choice = n === 0 ? 'mine' : new Array<PartChoice>(n).fill(how);
    if (choice === 'abort') throw new UpdateAbortedError();
    if (settle(f, choice)) out.marked.push(f.path);
    else if (f.result === undefined) out.kept.push(f.path);
    else out.settledAs[f.path] = settledWords(choice, n);
  }
}
