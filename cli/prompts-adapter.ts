/**
 * A Yeoman prompt adapter that draws questions with the `prompts` library, so `pipecat init`'s
 * wizard looks like the rest of our CLI (searchable lists, the same keys) while `yo` keeps
 * inquirer and yeoman-test keeps its TestAdapter.
 *
 * It implements the adapter interface of @yeoman/adapter 4 (`InputOutputAdapter`: `log`,
 * `prompt`, `close`, `abort`, `signal`) by extending its `TerminalAdapter` and replacing
 * `prompt()`. Questions made by the wizard carry their original `prompts` shape
 * (`PROMPTS_QUESTION`, see generators/app/wizard/convert.ts), which is asked as is; other
 * Inquirer-shaped questions are mapped to the nearest `prompts` type.
 *
 * Rules: prompts are drawn on stderr (stdout stays for data such as `--dry-run`); Ctrl-C or Esc
 * throws {@link CancelledError} (exit 130); an answer refused by the question's `validate` is
 * explained and asked again (for every type, including lists `prompts` does not validate).
 */
import type { Readable, Writable } from 'node:stream';
import { TerminalAdapter } from '@yeoman/adapter';
import prompts, { type Choice, type PromptObject } from 'prompts';
import { PROMPTS_QUESTION } from '../generators/app/wizard/convert.js';
import type { WizardQuestion } from '../generators/app/wizard/questions.js';
import { CancelledError } from './errors.js';

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
  [PROMPTS_QUESTION]?: WizardQuestion;
}

/** Streams of the adapter (defaults: process.stdin, process.stderr). */
export interface PromptsAdapterIO {
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * The `prompts` shape of an Inquirer question made elsewhere (a fallback: the wizard's own
 * questions carry their original).
 *
 * @param q the Inquirer-shaped question
 */
export function fromInquirer(q: InquirerQuestion): WizardQuestion {
  const choices: Choice[] = (q.choices ?? []).map((c) =>
    typeof c === 'string'
      ? { title: c, value: c }
      : {
          title: c.name ?? String(c.value),
          value: 'value' in c ? c.value : c.name,
          ...(c.description ? { description: c.description } : {}),
          ...(c.checked ? { selected: true } : {}),
        },
  );
  const message = q.message ?? q.name;
  switch (q.type) {
    case 'confirm':
      return { type: 'confirm', name: q.name, message, initial: q.default === true };
    case 'list':
    case 'select':
    case 'rawlist':
    case 'expand':
      return {
        type: 'select',
        name: q.name,
        message,
        choices,
        initial: Math.max(
          0,
          choices.findIndex((c) => c.value === q.default),
        ),
      };
    case 'checkbox':
      return { type: 'multiselect', name: q.name, message, choices, instructions: false };
    case 'search':
      return { type: 'autocomplete', name: q.name, message, choices };
    default:
      return { type: 'text', name: q.name, message, initial: typeof q.default === 'string' ? q.default : undefined };
  }
}

/**
 * The question asked again after a refused answer, starting from that answer (the same
 * selection, or the same text) instead of the defaults.
 *
 * @param q the question
 * @param value the refused answer
 */
export function withPrevious(q: WizardQuestion, value: unknown): WizardQuestion {
  if (q.type === 'multiselect' && Array.isArray(value))
    return { ...q, choices: (q.choices ?? []).map((c) => ({ ...c, selected: value.includes(c.value) })) };
  if (q.type === 'select')
    return {
      ...q,
      initial: Math.max(
        0,
        (q.choices ?? []).findIndex((c) => c.value === value),
      ),
    };
  if (q.type === 'autocomplete' || q.type === 'text') return { ...q, initial: value as string };
  return q;
}

/** The parts of prompts' autocomplete element that {@link firstMatchOnInput} touches. */
interface AutocompleteElement {
  input: string;
  select: number;
  value: unknown;
  suggestions: { value: unknown }[];
  completing: unknown;
  lastInput?: string;
}

/**
 * `onRender` hook of autocomplete questions: when the typed text changes, put the cursor on the
 * best match (prompts keeps the previous index, which may point at another entry after filtering).
 * Called by prompts with the element as `this`.
 */
function firstMatchOnInput(this: AutocompleteElement): void {
  if (this.completing || this.lastInput === this.input) return;
  if (this.lastInput !== undefined && this.suggestions.length > 0) {
    this.select = 0;
    this.value = this.suggestions[0].value;
  }
  // A search that matches nothing answers nothing (prompts would keep the previous entry).
  if (this.suggestions.length === 0) this.value = NO_MATCH;
  this.lastInput = this.input;
}

/** The answer of an autocomplete question whose search matched no entry: it is asked again. */
export const NO_MATCH = '\u0000pipecat:no-match';

/** Yeoman adapter asking with `prompts`. */
export class PromptsAdapter extends TerminalAdapter {
  private readonly input: Readable;
  private readonly output: Writable;

  /** @param io streams (tests may pass their own) */
  constructor(io: PromptsAdapterIO = {}) {
    const stdin = io.stdin ?? process.stdin;
    const stdout = io.stdout ?? process.stderr;
    super({ stdin: stdin as NodeJS.ReadStream, stdout: stdout as NodeJS.WriteStream, stderr: stdout as NodeJS.WriteStream });
    this.input = stdin;
    this.output = stdout;
    // Yeoman logs "An error occured while running pipecat:app#prompting" before rethrowing; our
    // CLI prints the error itself (one line "cancelled" for Ctrl-C), so that line is dropped.
    const error = this.log.error;
    this.log.error = function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].startsWith('An error occured while running ')) return this;
      return error.apply(this, args as never);
    } as typeof error;
  }

  /**
   * Ask each question whose answer is missing, in order.
   *
   * @param questions one Inquirer-shaped question or a list
   * @param initialAnswers answers already known (their questions are skipped unless `askAnswered`)
   * @returns every answer by question name
   * @throws CancelledError on Ctrl-C or Esc
   */
  override async prompt<A extends Record<string, unknown> = Record<string, unknown>>(
    questions: unknown,
    initialAnswers?: Partial<A>,
  ): Promise<A> {
    const list = (Array.isArray(questions) ? questions : [questions]) as InquirerQuestion[];
    const answers: Record<string, unknown> = { ...(initialAnswers ?? {}) };
    for (const q of list) {
      if (answers[q.name] !== undefined && q.askAnswered !== true) continue;
      if (q.when === false || (typeof q.when === 'function' && !(await q.when(answers)))) continue;
      const question = q[PROMPTS_QUESTION] ?? fromInquirer(q);
      const value = await this.askValid(question, q, answers);
      answers[q.name] = q[PROMPTS_QUESTION] || !q.filter ? value : await q.filter(value, answers);
    }
    return answers as A;
  }

  /** Ask until the question's `validate` accepts the answer. */
  private async askValid(question: WizardQuestion, q: InquirerQuestion, answers: Record<string, unknown>): Promise<unknown> {
    const validate = question.validate ?? (q.validate ? (v: unknown) => q.validate!(v, answers) : undefined);
    // `prompts` validates text input itself (the message shows under the input); lists are checked here.
    const native = question.type === 'text';
    let current = question;
    for (;;) {
      const value = await this.askOnce({ ...current, ...(native && validate ? { validate } : { validate: undefined }) } as WizardQuestion);
      if (value === NO_MATCH) {
        // Keep asking, as yo's prompt does: never take the default for a search that found nothing.
        this.output.write('✖ nothing matches that search: edit it (Backspace) and choose an entry\n');
        continue;
      }
      const verdict = native || !validate ? true : await validate(value);
      if (verdict === true || verdict === undefined) return value;
      this.output.write(`✖ ${typeof verdict === 'string' ? verdict : 'invalid answer'}\n`);
      current = withPrevious(current, value);
    }
  }

  /** One `prompts` call; Ctrl-C and Esc cancel. */
  private async askOnce(question: WizardQuestion): Promise<unknown> {
    let cancelled = false;
    const result = await prompts(
      {
        ...(question as unknown as PromptObject),
        ...(question.type === 'autocomplete' ? { onRender: firstMatchOnInput } : {}),
        name: 'value',
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
