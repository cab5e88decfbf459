/**
 * The update core's front: one update of a project as a plain function call, with its one dialog
 * (a conflict's choice, the removals' consent) and its one report. `pipecat update`
 * (`cli/commands/update.ts`) and `yo pipecat` inside a project (`yo.ts`, from the generator's
 * configuring phase) both call {@link updateProject}; each gives only its host: how to ask one
 * question (the CLI's `prompts` select on stderr, or Yeoman's adapter, Inquirer's `list` under
 * `yo`) and where text goes. No Yeoman module is imported here or below (updating is not in the
 * Yeoman design; test/yeoman-free.test.ts).
 *
 * Source: issue 15 (the dialog and report), issue 25 ("One update core").
 */
import { relative } from 'node:path';
import { unifiedDiff } from './merge.js';
import { describeConflict, type FilePlan } from './plan.js';
import { summaryLines } from './report.js';
import { planDocument, runUpdate, UPDATE_EXIT, type Choice, type ConsentRequest, type UpdateRequest } from './update.js';

/** One choice of an {@link UpdateAsk} question. */
export interface UpdateChoice<T extends string> {
  /** What the user sees. */
  title: string;
  /** What the question answers. */
  value: T;
  /** One more line about it (shown by hosts that can). */
  description?: string;
}

/** One question of the update's dialog. */
export interface UpdateQuestion<T extends string> {
  /** `choice` (a conflict) or `removal` (the consent): the answer's name where a host keeps answers by name (Yeoman). */
  name: 'choice' | 'removal';
  /** The question. */
  message: string;
  /** In order; the first is the default. */
  choices: UpdateChoice<T>[];
}

/**
 * Ask one question with a fixed list of choices (the host's dialog: `cli/dialogs.ts` `select`,
 * or the generator's `prompt` with a `list` question).
 *
 * @param question name, message, choices
 * @returns the chosen value
 * @throws the host's cancel error (Ctrl-C, Esc): the update stops, nothing is changed
 */
export type UpdateAsk = <T extends string>(question: UpdateQuestion<T>) => Promise<T>;

/** Where an update talks to the user. */
export interface UpdateHost {
  /** Ask a question; absent when nobody can answer (no terminal): then conflicts and removals needing consent stop the update. */
  ask?: UpdateAsk;
  /** Results: the `--dry-run` plan (JSON) and the summary (the CLI: stdout). Text ends with a newline. */
  out: (text: string) => void;
  /** Notes, the dialog's context lines and diffs (the CLI: stderr). Text ends with a newline. */
  err: (text: string) => void;
}

/** Inputs of {@link updateProject}: the update's request without its dialog, plus where paths are shown from. */
export interface UpdateCommand extends Omit<UpdateRequest, 'choose' | 'consent' | 'note'> {
  /** Folder the project's path is shown relative to (the summary's headline). */
  cwd: string;
}

/**
 * The conflict dialog: the conflict's headline, then keep mine / take new / write markers / show
 * the diff (printed, then asked again) / abort.
 *
 * @param host where to ask and print
 * @param ask the host's question
 * @returns the `choose` collaborator of {@link runUpdate}
 */
export function conflictDialog(host: UpdateHost, ask: UpdateAsk): NonNullable<UpdateRequest['choose']> {
  return async (file: FilePlan, index: number, total: number): Promise<Choice> => {
    const c = file.conflict!;
    const removal = c.theirs === null;
    type Pick = Choice | 'diff';
    const choices: UpdateChoice<Pick>[] = [
      { title: 'keep mine', value: 'mine', description: removal ? 'keep your file (it becomes yours alone)' : 'leave your file as it is' },
      {
        title: removal ? 'take the removal' : 'take new',
        value: 'new',
        description: removal ? 'remove the file' : 'replace your file with the new version (your edits are lost)',
      },
      ...(c.markers !== null
        ? [{ title: 'write conflict markers', value: 'markers' as Pick, description: 'both versions in the file, to edit by hand' }]
        : []),
      // A file too long to merge is too long to diff in reasonable time.
      ...(c.kind === 'too-large'
        ? []
        : [{ title: 'show the diff', value: 'diff' as Pick, description: 'from your file to the new version' }]),
      { title: 'abort', value: 'abort', description: 'stop: nothing is changed' },
    ];
    host.err(`\nConflict ${index + 1} of ${total}: ${describeConflict(file)}\n`);
    for (;;) {
      const pick = await ask<Pick>({ name: 'choice', message: `${file.path}:`, choices });
      if (pick !== 'diff') return pick;
      host.err(unifiedDiff(file.path, c.mine?.toString('utf8') ?? '', c.theirs?.toString('utf8') ?? ''));
    }
  };
}

/**
 * The consent dialog for removals that need it (the consent rule, docs/updating.md): the files
 * are listed first, then keep / remove / abort.
 *
 * @param host where to ask and print
 * @param ask the host's question
 * @returns the `consent` collaborator of {@link runUpdate}
 */
export function consentDialog(host: UpdateHost, ask: UpdateAsk): NonNullable<UpdateRequest['consent']> {
  return async (req: ConsentRequest) => {
    const n = req.files.length;
    const folders = req.folders.length ? `, ${req.folders.map((f) => `all of ${f}/`).join(' and ')}` : '';
    const because = req.folders.length ? (req.because ?? []).map((d) => `(the new configuration drops the recorded ${d})\n`).join('') : '';
    host.err(
      `\nThe update would remove ${n} unedited generated file${n > 1 ? 's' : ''}${folders}:\n${because}` +
        `${req.files.map((f) => `  ${f.path}: ${f.why}`).join('\n')}\n`,
    );
    return ask<'remove' | 'keep' | 'abort'>({
      name: 'removal',
      message: 'Remove them?',
      choices: [
        { title: 'keep them', value: 'keep', description: 'leave the files; they become yours (not updated again)' },
        { title: 'remove them', value: 'remove', description: 'none of them was edited' },
        { title: 'abort', value: 'abort', description: 'stop: nothing is changed' },
      ],
    });
  };
}

/**
 * Update a project (`runUpdate`) with the one dialog and print the one report: the dropped
 * recorded values, then the `--dry-run` plan as JSON or the summary (`report.ts`).
 *
 * @param cmd project, flags, mode
 * @param host where to ask and print
 * @returns the exit code: 0, or {@link UPDATE_EXIT}.markers when conflict markers were written
 * @throws as {@link runUpdate} does (exit 1, 2, 3, 130 …; nothing changed), and the host's cancel error
 */
export async function updateProject(cmd: UpdateCommand, host: UpdateHost): Promise<number> {
  const { cwd, ...request } = cmd;
  const outcome = await runUpdate({
    ...request,
    choose: host.ask ? conflictDialog(host, host.ask) : undefined,
    consent: host.ask ? consentDialog(host, host.ask) : undefined,
    note: (line) => host.err(`${line}\n`),
  });
  for (const d of outcome.dropped) host.err(`note: dropped the recorded ${d}\n`);
  if (!outcome.applied) {
    host.out(JSON.stringify(planDocument(outcome), null, 2) + '\n');
    return 0;
  }
  host.out(summaryLines(outcome, relative(cwd, cmd.root) || '.').join('\n') + '\n');
  return outcome.marked.length ? UPDATE_EXIT.markers : 0;
}
