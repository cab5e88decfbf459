/**
 * The questions `pipecat update` asks on a terminal (and `yo pipecat` inside a project, through
 * the same {@link UpdateAsk}): how to settle each conflicting file, part by part when the user
 * wants, and whether to make the removals that need consent.
 *
 * A conflicting file whose line merge has conflicting parts offers: keep mine (the file as it is),
 * take new (the new lines in the conflicting parts only: the user's other edits and the update's
 * other changes are both kept), write conflict markers, choose part by part (yours / new / both
 * with markers for each part, its lines shown first), show the conflicting parts (only those, as
 * small diffs), replace the whole file (every edit in it lost), or abort.
 *
 * Per-part choices, so one conflicting part does not cost the user every other edit in the file
 * (docs/updating.md).
 */
import { partDiff, unifiedDiff, type PartChoice } from './merge.js';
import { describeConflict, partCount, type FilePlan } from './plan.js';
import type { ConflictChoice, ConsentRequest, UpdateRequest } from './update.js';

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

/** Where the dialog prints its context lines and diffs (the CLI: stderr). Text ends with a newline. */
type DialogSink = (text: string) => void;

/** What the file-level question of a conflict can answer. */
type FilePick = 'mine' | 'new' | 'markers' | 'parts' | 'diff' | 'replace' | 'abort';

/** The file-level choices for a conflict with `n` conflicting parts (0: it can only be settled as a whole). */
function fileChoices(file: FilePlan, n: number): UpdateChoice<FilePick>[] {
  const c = file.conflict!;
  const abort: UpdateChoice<FilePick> = { title: 'abort', value: 'abort', description: 'stop: nothing is changed' };
  if (n === 0) {
    const removal = c.theirs === null;
    return [
      { title: 'keep mine', value: 'mine', description: removal ? 'keep your file (it becomes yours alone)' : 'leave your file as it is' },
      {
        title: removal ? 'take the removal' : 'take new',
        value: 'new',
        description: removal ? 'remove the file' : 'replace your file with the new version (your edits are lost)',
      },
      // A file too long to merge is too long to diff in reasonable time.
      ...(c.kind === 'too-large'
        ? []
        : [{ title: 'show the diff', value: 'diff' as FilePick, description: 'from your file to the new version' }]),
      abort,
    ];
  }
  const them = n > 1 ? `the ${n} conflicting parts` : 'the conflicting part';
  return [
    { title: 'keep mine', value: 'mine', description: "leave your file as it is (none of the update's changes to it)" },
    { title: 'take new', value: 'new', description: `the new lines in ${them}; your other edits and the update's other changes stay` },
    { title: 'write conflict markers', value: 'markers', description: `both versions of ${them}, to edit by hand` },
    { title: 'choose part by part', value: 'parts', description: `yours, new or both for each of ${them}` },
    { title: 'show the conflicting parts', value: 'diff', description: 'your lines (-) and the new ones (+), with context' },
    ...(c.kind === 'overlap'
      ? [
          {
            title: 'replace the whole file',
            value: 'replace' as FilePick,
            description: 'the new version as generated: all your edits in it are lost',
          },
        ]
      : []),
    abort,
  ];
}

/** Every conflicting part of a file as a small diff. */
function allParts(file: FilePlan, n: number): string {
  const segments = file.conflict!.segments!;
  return Array.from({ length: n }, (_, i) => `${file.path}, part ${i + 1} of ${n}:\n${partDiff(segments, i)}`).join('');
}

/**
 * Ask about each conflicting part of a file in turn, its lines shown first.
 *
 * @returns one choice per part, or `abort`
 */
async function partDialog(err: DialogSink, ask: UpdateAsk, file: FilePlan, n: number): Promise<PartChoice[] | 'abort'> {
  const picks: PartChoice[] = [];
  for (let i = 0; i < n; i++) {
    err(`\n${file.path}, part ${i + 1} of ${n}:\n${partDiff(file.conflict!.segments!, i)}`);
    const pick = await ask<PartChoice | 'abort'>({
      name: 'choice',
      message: `${file.path}, part ${i + 1} of ${n}:`,
      choices: [
        { title: 'keep yours', value: 'mine', description: 'your lines (-)' },
        { title: 'take new', value: 'new', description: 'the new lines (+)' },
        { title: 'both, with conflict markers', value: 'markers', description: 'to edit by hand' },
        { title: 'abort', value: 'abort', description: 'stop: nothing is changed' },
      ],
    });
    if (pick === 'abort') return 'abort';
    picks.push(pick);
  }
  return picks;
}

/**
 * The conflict dialog: the conflict's headline, then the file-level choices ({@link fileChoices});
 * "show …" prints and asks again, "choose part by part" asks once per part.
 *
 * @param err where context lines and diffs go
 * @param ask the host's question
 * @returns the `choose` collaborator of `runUpdate`
 */
export function conflictDialog(err: DialogSink, ask: UpdateAsk): NonNullable<UpdateRequest['choose']> {
  return async (file: FilePlan, index: number, total: number): Promise<ConflictChoice> => {
    const c = file.conflict!;
    const n = partCount(file);
    const count = n ? ` (${n} conflicting part${n > 1 ? 's' : ''}${c.kind === 'overlap' ? '; your other edits merge' : ''})` : '';
    err(`\nConflict ${index + 1} of ${total}: ${describeConflict(file)}${count}\n`);
    const choices = fileChoices(file, n);
    for (;;) {
      const pick = await ask<FilePick>({ name: 'choice', message: `${file.path}:`, choices });
      if (pick === 'diff')
        err(n ? allParts(file, n) : unifiedDiff(file.path, c.mine?.toString('utf8') ?? '', c.theirs?.toString('utf8') ?? ''));
      else if (pick === 'parts') return partDialog(err, ask, file, n);
      else return pick;
    }
  };
}

/**
 * The consent dialog for removals that need it (the consent rule, docs/updating.md): the files
 * are listed first, then keep / remove / abort.
 *
 * @param err where the list goes
 * @param ask the host's question
 * @returns the `consent` collaborator of `runUpdate`
 */
export function consentDialog(err: DialogSink, ask: UpdateAsk): NonNullable<UpdateRequest['consent']> {
  return async (req: ConsentRequest) => {
    const n = req.files.length;
    const folders = req.folders.length ? `, ${req.folders.map((f) => `all of ${f}/`).join(' and ')}` : '';
    const because = req.folders.length ? (req.because ?? []).map((d) => `(the new configuration drops the recorded ${d})\n`).join('') : '';
    err(
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
