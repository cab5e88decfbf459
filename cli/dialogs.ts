/**
 * Terminal dialogs for commands: {@link confirm}, {@link text}, {@link password}, {@link select}.
 *
 * A thin wrapper over `prompts` 2.4 (imported lazily) with two rules every command relies on:
 * - No terminal, no prompt: when stdin or the prompt's output stream (stderr) is not a TTY, the
 *   dialog throws a {@link UserError} (exit 2) with the message the caller gives in `noTty`
 *   (e.g. `confirmation needed: pass --yes`), so scripts and CI fail fast instead of hanging.
 * - Ctrl-C or Esc throws {@link CancelledError} (exit 130).
 * - Typed text (text, password) takes Ctrl-U, Ctrl-K and Ctrl-W as a shell does (`./line-editing.ts`).
 *
 * Prompts are drawn on stderr, so stdout stays for data (`pipecat ... --json > out.json` still
 * prompts). Tests can pass `{ stdin, stdout }` streams and `interactive: true` in `io`.
 * See docs/cloud-auth.md ("Dialogs") for use in other commands.
 */
import type { Readable, Writable } from 'node:stream';
import type { PromptObject } from 'prompts';
import { CancelledError, UserError } from './errors.js';
import { editLine, type EditableText } from './line-editing.js';
import { terminalText } from '../generators/app/output/sinks.js';
import { visibleField } from '../generators/app/output/terminal-safe.js';

/** Streams and TTY override used by the dialogs (defaults: process.stdin, process.stderr). */
export interface DialogIO {
  stdin?: Readable;
  stdout?: Writable;
  /** Force interactive (true) or not (false) instead of checking `isTTY`. */
  interactive?: boolean;
}

/** Options common to every dialog. */
export interface DialogOptions {
  /** Message of the UserError thrown when no terminal is available; say which flag to pass. */
  noTty?: string;
  io?: DialogIO;
}

/** One choice of {@link select}. */
export interface Choice<T> {
  title: string;
  value: T;
  description?: string;
}

/**
 * Whether dialogs can be shown: stdin and stderr are both terminals (or `io.interactive`).
 *
 * @param io optional override
 */
export function canPrompt(io: DialogIO = {}): boolean {
  if (io.interactive !== undefined) return io.interactive;
  return !!process.stdin.isTTY && !!process.stderr.isTTY;
}

/** `onRender` of typed dialogs: shell line editing, hooked once (prompts calls it with the element as `this`). */
function lineEditing(this: EditableText & { pipecatHooked?: boolean }): void {
  if (this.pipecatHooked) return;
  this.pipecatHooked = true;
  editLine(this);
}

/**
 * A question as `prompts` may draw it (it writes to the terminal itself): its message, choices'
 * titles and descriptions through the sinks' rule (`terminalText`), a typed default through
 * `visibleField`; values are unchanged.
 *
 * @param asked a `prompts` question
 * @returns a copy, safe to draw
 */
export function drawnQuestion<Q extends object>(asked: Q): Q {
  const question = asked as Record<string, unknown>;
  const out: Record<string, unknown> = { ...question };
  for (const key of ['message', 'hint'] as const) if (typeof question[key] === 'string') out[key] = terminalText(question[key]);
  if (typeof question.initial === 'string') out.initial = visibleField(question.initial);
  if (Array.isArray(question.choices))
    out.choices = (question.choices as Record<string, unknown>[]).map((c) => {
      const drawn = { ...c };
      for (const key of ['title', 'description'] as const) if (typeof c[key] === 'string') drawn[key] = terminalText(c[key]);
      return drawn;
    });
  return out as Q;
}

async function ask<T>(question: Record<string, unknown>, opts: DialogOptions): Promise<T> {
  const io = opts.io ?? {};
  if (!canPrompt(io)) throw new UserError(opts.noTty ?? 'this needs an answer, but no terminal is available to ask it');
  const { default: prompts } = await import('prompts');
  let cancelled = false;
  const typed = question.type === 'text' || question.type === 'invisible';
  const answers = await prompts(
    {
      ...drawnQuestion(question),
      ...(typed ? { onRender: lineEditing } : {}),
      name: 'value',
      stdin: io.stdin ?? process.stdin,
      stdout: io.stdout ?? process.stderr,
    } as PromptObject,
    {
      onCancel: () => {
        cancelled = true;
        return false;
      },
    },
  );
  if (cancelled || !('value' in answers)) throw new CancelledError();
  return answers.value as T;
}

/**
 * Ask a yes/no question.
 *
 * @param message the question, e.g. `Delete secret set "x"?`
 * @param opts.default answer taken on Enter (default false)
 * @throws UserError (`opts.noTty`) without a terminal; CancelledError on Ctrl-C/Esc
 */
export async function confirm(message: string, opts: DialogOptions & { default?: boolean } = {}): Promise<boolean> {
  return ask<boolean>({ type: 'confirm', message, initial: opts.default ?? false }, opts);
}

/**
 * Ask for a line of text.
 *
 * @param opts.default initial value; opts.validate returns true or an error message to show
 * @throws UserError (`opts.noTty`) without a terminal; CancelledError on Ctrl-C/Esc
 */
export async function text(
  message: string,
  opts: DialogOptions & { default?: string; validate?: (value: string) => true | string } = {},
): Promise<string> {
  return ask<string>({ type: 'text', message, initial: opts.default, validate: opts.validate }, opts);
}

/**
 * Ask for a secret (token, password). Nothing is echoed, not even its length.
 *
 * @throws UserError (`opts.noTty`) without a terminal; CancelledError on Ctrl-C/Esc
 */
export async function password(
  message: string,
  opts: DialogOptions & { validate?: (value: string) => true | string } = {},
): Promise<string> {
  return ask<string>({ type: 'invisible', message, validate: opts.validate }, opts);
}

/**
 * Ask to pick one of several choices.
 *
 * @param choices list shown in order; opts.default index of the preselected choice
 * @returns the chosen value
 * @throws UserError (`opts.noTty`) without a terminal; CancelledError on Ctrl-C/Esc
 */
export async function select<T>(
  message: string,
  choices: readonly Choice<T>[],
  opts: DialogOptions & { default?: number } = {},
): Promise<T> {
  return ask<T>({ type: 'select', message, choices: choices.map((c) => ({ ...c })), initial: opts.default ?? 0 }, opts);
}
