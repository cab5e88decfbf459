/**
 * The update core's front: one update of a project as a plain function call, with its one dialog
 * (a conflict's choice, the removals' consent) and its one report. `pipecat update`
 * (`cli/commands/update.ts`) and `yo pipecat` inside a project (`yo.ts`, from the generator's
 * configuring phase) both call {@link updateProject}; each gives only its host: how to ask one
 * question (the CLI's `prompts` select on stderr, or Yeoman's adapter, Inquirer's `list` under
 * `yo`) and where text goes. No Yeoman module is imported here or below (updating is not in the
 * Yeoman design; test/yeoman-free.test.ts).
 *
 * One core both front ends call, so `pipecat update` and `yo pipecat` in a project ask and report
 * alike (docs/updating.md).
 */
import { relative } from 'node:path';
import { conflictDialog, consentDialog, type UpdateAsk } from './dialog.js';
import { whereMarkers } from './markers.js';
import { planDocument, planLines } from './plan-text.js';
import { summaryLines } from './report.js';
import { runUpdate, UPDATE_EXIT, type UpdateRequest } from './update.js';
import { visibleField } from '../output/terminal-safe.js';

export type { UpdateAsk, UpdateChoice, UpdateQuestion } from './dialog.js';

/** Where an update talks to the user. */
interface UpdateHost {
  /** Ask a question; absent when nobody can answer (no terminal): then conflicts and removals needing consent stop the update. */
  ask?: UpdateAsk;
  /** Results: the `--dry-run` plan (for people, or JSON) and the summary (the CLI: stdout). Text ends with a newline. */
  out: (text: string) => void;
  /** Notes, the dialog's context lines and diffs (the CLI: stderr). Text ends with a newline. */
  err: (text: string) => void;
}

/** Inputs of {@link updateProject}: the update's request without its dialog, plus where paths are shown from. */
interface UpdateCommand extends Omit<UpdateRequest, 'choose' | 'consent' | 'note'> {
  /** Folder the project's path is shown relative to (the summary's headline). */
  cwd: string;
  /** With `dryRun`: the plan as JSON (`--json`) instead of for people. */
  json?: boolean;
}

/**
 * Update a project (`runUpdate`) with the one dialog and print the one report: the dropped
 * recorded values and conflict markers left from an earlier update, then the `--dry-run` plan
 * (`plan-text.ts`: for people, or JSON) or the summary (`report.ts`).
 *
 * @param cmd project, flags, mode
 * @param host where to ask and print
 * @returns the exit code: 0, or {@link UPDATE_EXIT}.markers when conflict markers were written
 * @throws as {@link runUpdate} does (exit 1, 2, 3, 130 …; nothing changed), and the host's cancel error
 */
export async function updateProject(cmd: UpdateCommand, host: UpdateHost): Promise<number> {
  const { cwd, json, ...request } = cmd;
  const outcome = await runUpdate({
    ...request,
    choose: host.ask ? conflictDialog(host.err, host.ask) : undefined,
    consent: host.ask ? consentDialog(host.err, host.ask) : undefined,
    note: (line) => host.err(`${line}\n`),
  });
  for (const d of outcome.dropped) host.err(`note: dropped the recorded ${d}\n`);
  // The folder as the user named it, every control made visible (it goes into the report's lines).
  const shownRoot = visibleField(relative(cwd, cmd.root) || '.');
  if (!outcome.applied) {
    host.out(json ? JSON.stringify(planDocument(outcome), null, 2) + '\n' : planLines(outcome, shownRoot).join('\n') + '\n');
    return 0;
  }
  for (const m of outcome.leftover)
    host.err(
      `warning: ${whereMarkers(m)}: conflict markers from an earlier update are still in the file (this update left it as it was)\n`,
    );
  host.out(summaryLines(outcome, shownRoot).join('\n') + '\n');
  return outcome.marked.length ? UPDATE_EXIT.markers : 0;
}
