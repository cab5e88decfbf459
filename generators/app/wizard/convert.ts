/**
 * Convert a wizard question from the `prompts` library's shape to the shape Yeoman's prompt
 * adapters take (Inquirer 13 through @yeoman/adapter 4: `input`, `confirm`, `select`, `checkbox`,
 * `search`), so `this.prompt()` works under `yo` (inquirer), under yeoman-test (`TestAdapter`,
 * answers by question name) and under our CLI (an adapter built on `prompts`, which reads the
 * original question back from {@link PROMPTS_QUESTION}).
 *
 * Source: Inquirer 13 question fields (`name`, `message`, `default`, `choices` with
 * `name`/`value`/`description`/`checked`, `validate`, `filter`, `source` for `search`, `pageSize`),
 * and prompts 2.4 (`text`, `confirm`, `select` with `initial` as an index, `multiselect` with
 * `selected`, `autocomplete` with `suggest`).
 */
import type { Choice } from 'prompts';
import type { WizardQuestion } from './questions.js';

/** Property of an adapter question that carries the original `prompts` question. */
export const PROMPTS_QUESTION = 'promptsQuestion';

/** A choice in the adapter's shape. */
export interface AdapterChoice {
  name: string;
  value: unknown;
  description?: string;
  checked?: boolean;
  disabled?: boolean | string;
}

/** A question in the adapter's (Inquirer) shape, carrying the original. */
export interface AdapterQuestion {
  type: 'input' | 'confirm' | 'select' | 'checkbox' | 'search';
  name: string;
  message: string;
  default?: unknown;
  choices?: AdapterChoice[];
  /** `search` only: the choices matching what was typed. */
  source?: (term: string | undefined) => Promise<AdapterChoice[]>;
  validate?: (value: unknown) => true | string | Promise<true | string>;
  filter?: (value: unknown) => unknown;
  pageSize?: number;
  /** The question as written (the `prompts` shape). */
  [PROMPTS_QUESTION]: WizardQuestion;
}

function toChoice(c: Choice): AdapterChoice {
  return {
    name: c.title,
    value: c.value,
    ...(c.description ? { description: c.description } : {}),
    ...(c.disabled ? { disabled: true } : {}),
  };
}

/** Inquirer's checkbox hands `validate` the selected choice objects; the wizard validates values. */
function selectedValues(v: unknown): unknown {
  return Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && 'value' in x ? (x as { value: unknown }).value : x)) : v;
}

/**
 * The adapter-shaped question for a wizard question.
 *
 * @param q a question in the `prompts` shape (fields already evaluated)
 * @returns the Inquirer-shaped question, with the original under {@link PROMPTS_QUESTION}
 * @throws Error for a prompt type the wizard does not use (a programming error)
 */
export function toAdapterQuestion(q: WizardQuestion): AdapterQuestion {
  const base = { name: q.name, message: q.message, [PROMPTS_QUESTION]: q };
  const choices = (q.choices ?? []).map(toChoice);
  const format = q.format as ((v: unknown, answers: unknown) => unknown) | undefined;
  const filter = format ? { filter: (v: unknown) => format(v, {}) } : {};
  switch (q.type) {
    case 'text':
      return { ...base, type: 'input', default: q.initial, ...(q.validate ? { validate: q.validate } : {}), ...filter };
    case 'confirm':
      return { ...base, type: 'confirm', default: q.initial === true };
    case 'select': {
      const index = typeof q.initial === 'number' ? q.initial : 0;
      return { ...base, type: 'select', choices, default: choices[index]?.value, pageSize: Math.max(choices.length, 7) };
    }
    case 'multiselect': {
      const checked = (q.choices ?? []).filter((c) => c.selected).map((c) => c.value as unknown);
      const validate = q.validate;
      return {
        ...base,
        type: 'checkbox',
        choices: (q.choices ?? []).map((c) => ({ ...toChoice(c), checked: !!c.selected })),
        default: checked,
        pageSize: Math.max(choices.length, 7),
        ...(validate ? { validate: (v: unknown) => validate(selectedValues(v)) } : {}),
      };
    }
    case 'autocomplete': {
      const all = q.choices ?? [];
      const suggest = q.suggest as unknown as ((input: string, choices: Choice[]) => Promise<Choice[]>) | undefined;
      return {
        ...base,
        type: 'search',
        default: q.initial,
        source: async (term) => (suggest && term ? await suggest(term, all) : all).map(toChoice),
        pageSize: typeof q.limit === 'number' ? q.limit : 10,
        ...(q.validate ? { validate: q.validate } : {}),
      };
    }
    default:
      throw new Error(`wizard: no adapter shape for prompt type ${String((q as { type: unknown }).type)}`);
  }
}
