/**
 * `yo pipecat` inside a generated project: Yeoman's convention is that a generator run in a
 * project reuses its local `.yo-rc.json`. Ours then does not start a new project inside the old
 * one: on a terminal the generator asks the wizard's questions with the recorded answers as their
 * defaults (`WizardOptions.defaults`; the options given skip their questions), without one the
 * recorded configuration answers everything; the options or the confirmed answers change it, and
 * the run goes through the same update core as `pipecat update` (`session.ts`): plan, three-way
 * merge, the one conflict dialog, all-or-nothing apply, the one report.
 *
 * Source: Yeoman's convention that a generator run again in its project reads `.yo-rc.json`
 * (yeoman.io, authoring/storage).
 */
import type { ConfigLayer } from '../config/resolve.js';
import { updateProject, type UpdateAsk } from './session.js';
import { findProjectRoot } from './update.js';

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
type YoAsk = (question: {
  type: 'list';
  name: string;
  message: string;
  choices: { name: string; value: string; description?: string }[];
}) => Promise<string>;

/** Inputs of {@link updateFromYo}. */
interface YoUpdateOptions {
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
 * Run the update for `yo pipecat` in a project: the same {@link updateProject} as `pipecat update`
 * (one dialog, one report), asking through the generator's `prompt` and printing through its log.
 *
 * @param opts project, options, collaborators
 * @returns the exit code: 0, or `UPDATE_EXIT.markers` when markers were written
 * @throws as `runUpdate` does (exit 2 for bad options, 3 for conflicts without a terminal, 130 when aborted)
 */
export async function updateFromYo(opts: YoUpdateOptions): Promise<number> {
  const yoAsk = opts.ask;
  const ask: UpdateAsk | undefined = yoAsk
    ? async (q) =>
        (await yoAsk({
          type: 'list',
          name: q.name,
          message: q.message,
          choices: q.choices.map((c) => ({ name: c.title, value: c.value, ...(c.description ? { description: c.description } : {}) })),
        })) as (typeof q.choices)[number]['value']
    : undefined;
  const log = (text: string): void => opts.log(text.replace(/\n$/, ''));
  return updateProject(
    {
      root: opts.root,
      flags: opts.flags,
      add: opts.add,
      remove: opts.remove,
      dryRun: opts.dryRun,
      conflictMarkers: opts.conflictMarkers,
      removeUnused: opts.removeUnused,
      cwd: opts.cwd,
      // `yo pipecat --dry-run` prints the plan as JSON (its option's documented output).
      json: true,
    },
    { ask, out: log, err: log },
  );
}
