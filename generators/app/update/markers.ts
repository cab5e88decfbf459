/**
 * Conflict markers left in a project's files, found by the next `pipecat update`: a file an earlier
 * update wrote markers into (`--conflict-markers`, or the terminal's choice) and nobody resolved.
 *
 * The rule (docs/updating.md, "Markers left from an earlier update"), as git's "Merging is not
 * possible because you have unmerged files": the update refuses (exit 2, nothing changed) when it
 * would change a file that still holds markers, since merging into an unresolved conflict buries
 * it under a second one; markers in files it leaves as they are are reported (`file:line`) and the
 * update goes on.
 */
import { lstatSync } from 'node:fs';
import { readRegularFile } from '../files/regular-file.js';
import { join } from 'node:path';
import { YO_RC_FILE } from '../config/yo-rc.js';
import { isText } from './merge.js';
import type { FilePlan } from './plan.js';

/** A file holding conflict markers. */
export interface LeftoverMarkers {
  /** Project-relative path. */
  path: string;
  /** The line (1-based) of each conflict's `<<<<<<<`. */
  lines: number[];
}

/**
 * The lines where complete conflicts start: a `<<<<<<<` line, later a `=======` line, later a
 * `>>>>>>>` line (git's layout, ours included; a lone `=======`, a Markdown underline, is not one).
 *
 * @param text a file
 * @returns 1-based line numbers of each conflict's first marker
 */
export function markerLines(text: string): number[] {
  const found: number[] = [];
  let open = 0;
  let middle = false;
  text.split('\n').forEach((line, i) => {
    if (/^<{7}( |$)/.test(line)) [open, middle] = [i + 1, false];
    else if (open && /^={7}$/.test(line.trimEnd())) middle = true;
    else if (open && middle && /^>{7}( |$)/.test(line)) {
      found.push(open);
      open = 0;
    }
  });
  return found;
}

/**
 * The planned files that hold conflict markers (`.yo-rc.json` aside: `readRecorded` refuses it).
 *
 * @param root absolute project folder
 * @param plan the update's plan
 */
export function leftoverMarkers(root: string, plan: readonly FilePlan[]): LeftoverMarkers[] {
  const out: LeftoverMarkers[] = [];
  for (const f of plan) {
    if (f.path === YO_RC_FILE) continue;
    const abs = join(root, ...f.path.split('/'));
    let buf: Buffer;
    try {
      if (!lstatSync(abs).isFile()) continue;
      buf = readRegularFile(abs);
    } catch {
      continue;
    }
    if (!isText(buf)) continue;
    const lines = markerLines(buf.toString('utf8'));
    if (lines.length) out.push({ path: f.path, lines });
  }
  return out;
}

/** Actions that leave a file as it is: markers in such a file are reported, not refused. */
const LEAVES: readonly string[] = ['unchanged', 'keep'];

/**
 * Split leftover markers by the rule: in files the update would change (refused) or not (reported).
 *
 * @param found {@link leftoverMarkers}
 * @param plan the update's plan
 */
export function splitLeftovers(
  found: readonly LeftoverMarkers[],
  plan: readonly FilePlan[],
): { refused: LeftoverMarkers[]; reported: LeftoverMarkers[] } {
  const action = new Map(plan.map((f) => [f.path, f.action]));
  const refused = found.filter((m) => !LEAVES.includes(action.get(m.path) ?? 'unchanged'));
  return { refused, reported: found.filter((m) => !refused.includes(m)) };
}

/** `server/bot.py:74, 120`: a file and its conflicts' first lines. */
export function whereMarkers(m: LeftoverMarkers): string {
  return `${m.path}:${m.lines.join(', ')}`;
}
