/**
 * Shell line editing for the text the `prompts` library reads (text questions and the search of
 * a list): Ctrl-U clears before the cursor, Ctrl-K after it, Ctrl-W the word before it. prompts
 * 2.4 maps none of these (its `action()` knows Ctrl-A/E/G/C/D), so it inserted the raw control
 * character into the answer, unseen on screen (Ctrl-U in the name prompt left a
 * `\x15` in the project name). Any other
 * control character is dropped, never inserted.
 *
 * Source: GNU Readline's `unix-line-discard` (C-u), `kill-line` (C-k), `unix-word-rubout` (C-w);
 * prompts 2.4 `lib/elements/text.js` and `autocomplete.js` (`_`, `value`/`input`, `cursor`,
 * `cursorOffset`, `complete`).
 */

/** The parts of a prompts text or autocomplete element the editing touches. */
export interface EditableText {
  /** Autocomplete: the typed search text. */
  input?: string;
  /** Text: the typed answer. */
  value: unknown;
  cursor: number;
  /** Text: the cursor's offset from the end of the line (0 or negative). */
  cursorOffset?: number;
  /** Text: true while the default is shown in grey in place of a typed value. */
  placeholder?: boolean;
  red?: boolean;
  /** Inserts a typed character (prompts calls it for keys its `action()` does not map). */
  _?: (c: string, key: { ctrl?: boolean; name?: string } | undefined) => void;
  /** Autocomplete: recompute the suggestions. */
  complete?: (cb: () => void) => void;
  render(): void;
}

type Edit = (before: string, after: string) => [string, string];

/** The edits by the letter pressed with Ctrl. */
const EDITS: Readonly<Record<string, Edit>> = {
  u: (_before, after) => ['', after],
  k: (before) => [before, ''],
  w: (before, after) => [before.replace(/\S*\s*$/, ''), after],
};

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Apply one edit to an element's line and redraw it. */
function apply(el: EditableText, edit: Edit): void {
  const search = typeof el.input === 'string';
  const text = search ? (el.input as string) : el.placeholder ? '' : String(el.value ?? '');
  const at = el.placeholder ? 0 : Math.min(el.cursor, text.length);
  const [before, after] = edit(text.slice(0, at), text.slice(at));
  const line = before + after;
  el.cursor = before.length;
  if (search) {
    el.input = line;
    el.complete?.(() => el.render());
  } else {
    el.value = line;
    el.cursorOffset = line === '' ? 0 : before.length - line.length;
    el.red = false;
  }
  el.render();
}

/**
 * Give a prompts text or autocomplete element shell line editing (call once, from its `onRender`).
 *
 * @param el the element (`this` in prompts' `onRender`)
 */
export function editLine(el: EditableText): void {
  const insert = el._?.bind(el);
  if (!insert) return;
  el._ = (c, key) => {
    const edit = key?.ctrl && key.name ? EDITS[key.name] : undefined;
    if (edit) return apply(el, edit);
    if (typeof c === 'string' && CONTROL.test(c)) return;
    insert(c, key);
  };
}
