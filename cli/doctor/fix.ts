/**
 * `pipecat doctor --fix`: the repairs of the findings, composed per file (in finding order: each
 * repair gets the text the previous one left), and written all or nothing through the staging
 * journal, as `pipecat update` writes (`generators/app/update/apply.ts` `applyChanges`: every new
 * file staged first, each change a rename recorded in the journal, undone on a signal or failure).
 * Files no repair touches are not written at all.
 */
import { readRegularText } from '../../generators/app/files/regular-file.js';
import { join } from 'node:path';
import type { Finding, Repair } from './types.js';

/** The new contents of one file. */
interface FileRepair {
  /** Project-relative path. */
  readonly path: string;
  readonly contents: string;
  /** The repairs made to it, in order. */
  readonly repairs: readonly Repair[];
}

/**
 * The files the repairs of `findings` change, with their new contents; a file whose repairs leave it
 * as it was is left out.
 *
 * @param root absolute project root
 * @param findings the findings (those without a repair are skipped)
 */
export function plannedRepairs(root: string, findings: readonly Finding[]): FileRepair[] {
  const byPath = new Map<string, Repair[]>();
  for (const f of findings) if (f.repair) byPath.set(f.repair.path, [...(byPath.get(f.repair.path) ?? []), f.repair]);
  const out: FileRepair[] = [];
  for (const [path, repairs] of byPath) {
    let before = '';
    try {
      before = readRegularText(join(root, ...path.split('/')));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const contents = repairs.reduce((text, r) => r.apply(text), before);
    if (contents !== before) out.push({ path, contents, repairs });
  }
  return out;
}

/**
 * Write the repaired files, all or nothing.
 *
 * @param root absolute project root
 * @param files what {@link plannedRepairs} returned
 * @throws StagingError naming the path when the file system refuses (nothing is left changed)
 */
export async function applyRepairs(root: string, files: readonly FileRepair[]): Promise<void> {
  const { applyChanges } = await import('../../generators/app/update/apply.js');
  await applyChanges(
    root,
    files.map((f) => ({ path: f.path, contents: f.contents })),
  );
}
