/**
 * A Yeoman prompt adapter that draws questions with the `prompts` library, so `pipecat init`'s
 * wizard looks like the rest of our CLI (searchable lists, the same keys) while `yo` keeps
 * Inquirer and yeoman-test keeps its TestAdapter.
 *
 * It implements the adapter interface of @yeoman/adapter 4 (`InputOutputAdapter`, its
 * `types/adapter.d.ts`: `log`, `prompt`, `close`, `abort`, `signal`) by composition: the log is
 * Yeoman's own (`createLogger`, the one `TerminalAdapter` makes) on our sink, the abort signal its
 * own `AbortController`; nothing of Inquirer is built. It declares {@link RENDERS_ROWS}, so the generator hands it the wizard's question
 * rows (`generators/app/wizard/row.ts`), each rendered here once into a `prompts` question; other
 * (Inquirer-shaped) questions are mapped to the nearest `prompts` type.
 *
 * Rules: prompts are drawn on stderr (stdout stays for data such as `--dry-run`); Ctrl-C or Esc
 * throws {@link CancelledError} (exit 130); an answer refused by the question's `validate` keeps the
 * question open with the reason beside it (no answer line, no tick); Ctrl-U, Ctrl-K and Ctrl-W
 * edit typed text as in a shell (`./line-editing.ts`).
 */
import { Console } from 'node:console';
import type { Readable, Writable } from 'node:stream';
import { createLogger } from '@yeoman/adapter';
import type { InputOutputAdapter } from '@yeoman/adapter/types';
import prompts, { type Choice, type PromptObject } from 'prompts';
import { isQuestionRow, RENDERS_ROWS, type QuestionRow, type RowChoice } from '../generators/app/wizard/row.js';
import { sinkStream } from '../generators/app/output/sinks.js';
import { drawnQuestion } from './dialogs.js';
import { CancelledError } from './errors.js';
import { editLine, type EditableText } from './line-editing.js';

/** An Inquirer-shaped question as Yeoman hands it to the adapter. */
interface InquirerQuestion {
  type?: string;
  name: string;
  message?: string;
  default?: unknown;
  choices?: (string | { name?: string; value?: unknown; description?: string; checked?: boolean })[];
  when?: boolean | ((answers: Record<string, unknown>) => unknown);
  validate?: (value: unknown, answers?: Record<string, unknown>) => unknown;
  filter?: (value: unknown, answers?: Record<string, unknown>) => unknown;
  askAnswered?: boolean;
}

/** Streams of the adapter (defaults: process.stdin, process.stderr). */
interface PromptsAdapterIO {
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * The row of an Inquirer question made elsewhere (e.g. the update's conflict question under
 * `yo pipecat` in a project), so it is drawn like the wizard's.
 *
 * @param q the Inquirer-shaped question
 */
export function fromInquirer(q: InquirerQuestion): QuestionRow {
  const choices: RowChoice[] = (q.choices ?? []).map((c) =>
    typeof c === 'string'
      ? { title: c, value: c }
      : {
          title: c.name ?? String(c.value),
          value: 'value' in c ? c.value : c.name,
          ...(c.description ? { description: c.description } : {}),
        },
  );
  const base = { name: q.name, message: q.message ?? q.name };
  switch (q.type) {
    case 'confirm':
      return { ...base, kind: 'confirm', default: q.default === true };
    case 'list':
    case 'select':
    case 'rawlist':
    case 'expand':
      return { ...base, kind: 'select', choices, default: q.default };
    case 'checkbox': {
      const checked = (q.choices ?? []).filter((c) => typeof c === 'object' && c.checked).map((c) => (c as { value?: unknown }).value);
      return { ...base, kind: 'multiselect', choices, default: checked };
    }
    case 'search':
      return { ...base, kind: 'search', choices };
    default:
      return { ...base, kind: 'text', default: typeof q.default === 'string' ? q.default : undefined };
  }
}

/** The answer of a search whose text matches no entry: refused, the question stays open. */
const NO_MATCH = '\u0000pipecat:no-match';

/** The parts of a `prompts` element the hooks below touch (`this` in `onRender`). */
interface Element extends EditableText {
  msg: string;
  value: unknown;
  select: number;
  suggestions?: { value: unknown }[];
  completing?: unknown;
  lastInput?: string;
  submit(): void;
  bell(): void;
  render(): void;
  /** Set once the hooks are in place. */
  pipecatHooked?: boolean;
}

/** The answer an element would submit now: the chosen values of a multiselect, else its value. */
function currentAnswer(el: Element, kind: QuestionRow['kind']): unknown {
  if (kind === 'multiselect' && Array.isArray(el.value))
    return (el.value as { selected?: boolean; value: unknown }[]).filter((c) => c.selected).map((c) => c.value);
  return el.value;
}

/**
 * A search element: when the typed text changes, put the cursor on the best match (prompts keeps
 * the previous index, which may point at another entry after filtering); no match answers nothing.
 */
function firstMatchOnInput(el: Element): void {
  if (el.completing || el.lastInput === el.input) return;
  const suggestions = el.suggestions ?? [];
  if (el.lastInput !== undefined && suggestions.length > 0) {
    el.select = 0;
    el.value = suggestions[0].value;
  }
  if (suggestions.length === 0) el.value = NO_MATCH;
  el.lastInput = el.input;
}

/**
 * The `onRender` hook of a rendered row: line editing for typed text, the best match for a search,
 * and a `submit` that checks the answer first: a refused one stays on screen, the reason in red
 * beside the message, and the question stays open.
 */
function hooks(row: QuestionRow, validate: ((v: unknown) => true | string) | undefined) {
  return function (this: Element, color: { red: (s: string) => string }): void {
    if (row.kind === 'search') firstMatchOnInput(this);
    if (this.pipecatHooked) return;
    this.pipecatHooked = true;
    if (row.kind === 'text' || row.kind === 'search') editLine(this);
    if (row.kind === 'text' || row.kind === 'confirm') return; // prompts validates text itself
    const message = this.msg;
    const submit = this.submit.bind(this);
    this.submit = () => {
      const answer = currentAnswer(this, row.kind);
      const verdict = answer === NO_MATCH ? 'nothing matches that search: edit it (Ctrl-U clears it)' : validate ? validate(answer) : true;
      this.msg = verdict === true ? message : `${message} ${color.red(`✖ ${verdict}`)}`;
      if (verdict === true) return submit();
      this.bell();
      this.render();
    };
  };
}

/**
 * The `prompts` question of a row (rendered once; the answer comes back as the row's value).
 *
 * @param row the question row
 */
export function toPrompts(row: QuestionRow): PromptObject {
  const choices: Choice[] = (row.choices ?? []).map((c) => ({
    title: c.title,
    value: c.value,
    ...(c.description ? { description: c.description } : {}),
  }));
  const index = Math.max(
    0,
    choices.findIndex((c) => c.value === row.default),
  );
  const filter = row.filter;
  const validate = row.validate;
  const base = { name: 'value', message: row.message, onRender: hooks(row, validate) } as const;
  switch (row.kind) {
    case 'text':
      return {
        ...base,
        type: 'text',
        initial: row.default as string | undefined,
        ...(filter ? { format: (v: string) => filter(v) } : {}),
        ...(validate ? { validate: (v: string) => validate(filter ? filter(v) : v) } : {}),
      };
    case 'confirm':
      return { ...base, type: 'confirm', initial: row.default === true };
    case 'select':
      return { ...base, type: 'select', choices, initial: index };
    case 'multiselect': {
      const selected = Array.isArray(row.default) ? (row.default as unknown[]) : [];
      return {
        ...base,
        type: 'multiselect',
        choices: choices.map((c) => ({ ...c, selected: selected.includes(c.value) })),
        hint: row.hint,
        instructions: false,
      };
    }
    case 'search': {
      const search = row.search;
      return {
        ...base,
        type: 'autocomplete',
        choices,
        initial: row.default as string,
        limit: row.pageSize ?? 10,
        ...(search
          ? { suggest: (input: string, all: Choice[]) => Promise.resolve(input ? (search(input, all as RowChoice[]) as Choice[]) : all) }
          : {}),
      };
    }
  }
}

/** Yeoman adapter asking with `prompts`. */
export class PromptsAdapter implements InputOutputAdapter {
  /** The generator hands this adapter question rows (see `generators/app/wizard/row.ts`). */
  readonly [RENDERS_ROWS] = true;
  /** Yeoman's log (the wizard's notes and summary, the `create …` lines), on the sink's rule. */
  readonly log: InputOutputAdapter['log'];
  private readonly aborting = new AbortController();
  /** Aborted by {@link abort} or {@link close} (Yeoman's QueuedAdapter passes it on). */
  readonly signal: AbortSignal = this.aborting.signal;
  private readonly input: Readable;
  private readonly output: Writable;

  /** @param io streams (tests may pass their own) */
  constructor(io: PromptsAdapterIO = {}) {
    this.input = io.stdin ?? process.stdin;
    this.output = io.stdout ?? process.stderr;
    // `prompts` draws on `output` itself (the question through `drawnQuestion`); Yeoman's log goes
    // through a sink's rule on its way there.
    const sink = sinkStream(this.output) as unknown as NodeJS.WriteStream;
    this.log = createLogger({ stdout: sink, stderr: sink, console: new Console(sink, sink) });
    // Yeoman logs "An error occured while running pipecat:app#prompting" before rethrowing; our
    // CLI prints the error itself (one line "cancelled" for Ctrl-C), so that line is dropped.
    const error = this.log.error;
    this.log.error = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].startsWith('An error occured while running ')) return this;
      return error.apply(this, args as never);
    } as typeof error;
  }

  /** Stop: abort {@link signal} (Yeoman calls it when the run ends). */
  close(): void {
    this.abort();
  }

  /**
   * Abort {@link signal} with a reason.
   *
   * @param reason why (Yeoman's QueuedAdapter passes a cancel on)
   */
  abort(reason?: unknown): void {
    this.aborting.abort(reason);
  }

  /**
   * Ask each question whose answer is missing, in order.
   *
   * @param questions one question (a row, or Inquirer-shaped) or a list
   * @param initialAnswers answers already known (their questions are skipped unless `askAnswered`)
   * @returns every answer by question name
   * @throws CancelledError on Ctrl-C or Esc
   */
  async prompt<A extends Record<string, unknown> = Record<string, unknown>>(questions: unknown, initialAnswers?: Partial<A>): Promise<A> {
    const list = (Array.isArray(questions) ? questions : [questions]) as (QuestionRow | InquirerQuestion)[];
    const answers: Record<string, unknown> = { ...(initialAnswers ?? {}) };
    for (const q of list) {
      if (isQuestionRow(q)) {
        answers[q.name] = await this.askOnce(toPrompts(q));
        continue;
      }
      if (answers[q.name] !== undefined && q.askAnswered !== true) continue;
      if (q.when === false || (typeof q.when === 'function' && !(await q.when(answers)))) continue;
      const own = q.validate;
      const row: QuestionRow = {
        ...fromInquirer(q),
        ...(own ? { validate: (v: unknown) => (own(v, answers) as true | string) ?? true } : {}),
      };
      const value = await this.askOnce(toPrompts(row));
      answers[q.name] = q.filter ? await q.filter(value, answers) : value;
    }
    return answers as A;
  }

  /** One `prompts` call; Ctrl-C and Esc cancel. */
  private async askOnce(question: PromptObject): Promise<unknown> {
    let cancelled = false;
    const result = await prompts(
      {
        ...drawnQuestion(question),
        stdin: this.input,
        stdout: this.output,
        onState: (state: { aborted?: boolean; exited?: boolean }) => {
          if (state.aborted || state.exited) cancelled = true;
        },
      } as PromptObject,
      {
        onCancel: () => {
          cancelled = true;
          return false;
        },
      },
    );
    if (cancelled || !('value' in result)) throw new CancelledError();
    return (result as { value: unknown }).value;
  }
}
