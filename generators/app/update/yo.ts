/**
 * `yo pipecat` inside a generated project: Yeoman's convention is that a generator run in a
 * project reuses its local `.yo-rc.json`. Ours then does not start a new project inside the old
 * one: on a terminal the generator asks the wizard's questions with the recorded answers as their
 * defaults (`WizardOptions.defaults`; the options given skip their questions), without one the
 * recorded configuration answers everything; the options or the confirmed answers change it, and
 * the run goes through the same update path as `pipecat update` (`update.ts`): plan, three-way
 * merge, conflicts, all-or-nothing apply, the same report.
 *
 * Source: issue 15 ("`yo pipecat` follows Yeoman's convention").
 */
import { relative } from 'node:path';
import type { ConfigLayer } from '../config/resolve.js';
import { summaryLines } from './report.js';
import { findProjectRoot, planDocument, runUpdate, UPDATE_EXIT, type Choice } from './update.js';
import type { FilePlan } from './plan.js';
import { describeConflict } from './plan.js';
import { unifiedDiff } from './merge.js';

/**
 * The generated project holding `dir` (its root has our `.yo-rc.json`), or undefined.
 *
 * @param dir the generator's destination root
 */
export function localProject(dir: string): string | undefined {
  try {
    return findProjectRoot(undefined, dir);
  } catch {
    return undefined;
  }
}

/** A question in Yeoman's (inquirer's) shape, answered through the generator's `prompt`. */
export type YoAsk = (question: {
  type: 'list';
  name: string;
  message: string;
  choices: { name: string; value: string }[];
}) => Promise<string>;

/** Inputs of {@link updateFromYo}. */
export interface YoUpdateOptions {
  /** Absolute project folder. */
  root: string;
  /** Options given to `yo pipecat`, by config key. */
  flags: ConfigLayer;
  /** `--add-transport` / `--remove-transport`. */
  add?: string[];
  remove?: string[];
  /** `--conflict-markers`. */
  conflictMarkers?: boolean;
  /** `--dry-run`: print the plan only. */
  dryRun?: boolean;
  /** `--remove-unused`: consent in advance to the removals that need it. */
  removeUnused?: boolean;
  /** Ask a question (present when a terminal is available). */
  ask?: YoAsk;
  /** Print a block of text (the generator's `log`). */
  log: (text: string) => void;
  /** Folder the paths are shown relative to. */
  cwd: string;
}

/**
 * Run the update for `yo pipecat` in a project.
 *
 * @param opts project, options, collaborators
 * @returns the exit code: 0, or {@link UPDATE_EXIT}.markers when markers were written
 * @throws as `runUpdate` does (exit 2 for bad options, 3 for conflicts without a terminal, 130 when aborted)
 */
export async function updateFromYo(opts: YoUpdateOptions): Promise<number> {
  const ask = opts.ask;
  const choose = ask
    ? async (file: FilePlan, i: number, total: number): Promise<Choice> => {
        const c = file.conflict!;
        for (;;) {
          const pick = await ask({
            type: 'list',
            name: 'choice',
            message: `Conflict ${i + 1} of ${total}: ${describeConflict(file)}`,
            choices: [
              { name: 'keep mine', value: 'mine' },
              { name: c.theirs === null ? 'take the removal' : 'take new', value: 'new' },
              ...(c.markers !== null ? [{ name: 'write conflict markers', value: 'markers' }] : []),
              ...(c.kind === 'too-large' ? [] : [{ name: 'show the diff', value: 'diff' }]),
              { name: 'abort', value: 'abort' },
            ],
          });
          if (pick !== 'diff') return pick as Choice;
          opts.log(unifiedDiff(file.path, c.mine?.toString('utf8') ?? '', c.theirs?.toString('utf8') ?? ''));
        }
      }
    : undefined;
  const outcome = await runUpdate({
    root: opts.root,
    flags: opts.flags,
    add: opts.add,
    remove: opts.remove,
    dryRun: opts.dryRun,
    conflictMarkers: opts.conflictMarkers,
    choose,
    removeUnused: opts.removeUnused,
    consent: ask
      ? async (req) => {
          const n = req.files.length;
          opts.log(req.files.map((f) => `  ${f.path}: ${f.why}`).join('\n'));
          const folders = req.folders.length ? `, ${req.folders.map((f) => `all of ${f}/`).join(' and ')}` : '';
          return (await ask({
            type: 'list',
            name: 'removal',
            message: `The update would remove ${n} unedited generated file${n > 1 ? 's' : ''}${folders} (listed above). Remove them?`,
            choices: [
              { name: 'keep them (they become yours)', value: 'keep' },
              { name: 'remove them', value: 'remove' },
              { name: 'abort', value: 'abort' },
            ],
          })) as 'remove' | 'keep' | 'abort';
        }
      : undefined,
    note: (line) => opts.log(line),
  });
  for (const d of outcome.dropped) opts.log(`note: dropped the recorded ${d}`);
  if (!outcome.applied) {
    opts.log(JSON.stringify(planDocument(outcome), null, 2));
    return 0;
  }
  opts.log(summaryLines(outcome, relative(opts.cwd, opts.root) || '.').join('\n'));
  return outcome.marked.length ? UPDATE_EXIT.markers : 0;
}
