/**
 * A question row rendered into Inquirer's shape, the shape Yeoman's adapters take under `yo`
 * (Inquirer 13 through @yeoman/adapter 4) and under yeoman-test (`TestAdapter`, answers by
 * question name).
 *
 * Source: Inquirer 13 question fields (`name`, `message`, `default`, `choices` with
 * `name`/`value`/`description`/`checked`, `validate`, `filter`, `source` for `search`, `pageSize`).
 */
import type { QuestionRow, RowChoice } from './row.js';

/** A choice in Inquirer's shape. */
interface InquirerChoice {
  name: string;
  value: unknown;
  description?: string;
  checked?: boolean;
}

/** A question in Inquirer's shape. */
interface InquirerQuestion {
  type: 'input' | 'confirm' | 'select' | 'checkbox' | 'search';
  name: string;
  message: string;
  default?: unknown;
  choices?: InquirerChoice[];
  /** `search` only: the choices matching what was typed. */
  source?: (term: string | undefined) => Promise<InquirerChoice[]>;
  validate?: (value: unknown) => true | string;
  filter?: (value: unknown) => unknown;
  pageSize?: number;
}

function choice(c: RowChoice, checked?: boolean): InquirerChoice {
  return { name: c.title, value: c.value, ...(c.description ? { description: c.description } : {}), ...(checked ? { checked } : {}) };
}

/** Inquirer's checkbox hands `validate` the selected choice objects; rows validate values. */
function values(v: unknown): unknown {
  return Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && 'value' in x ? (x as { value: unknown }).value : x)) : v;
}

/**
 * The Inquirer question of a row.
 *
 * @param row the question row
 * @returns the question for `this.prompt()` under `yo` and yeoman-test
 */
export function toInquirer(row: QuestionRow): InquirerQuestion {
  const base = { name: row.name, message: row.message };
  const all = row.choices ?? [];
  const pageSize = row.pageSize ?? Math.max(all.length, 7);
  const validate = row.validate;
  switch (row.kind) {
    case 'text': {
      const filter = row.filter;
      return {
        ...base,
        type: 'input',
        default: row.default,
        ...(validate ? { validate: (v: unknown) => validate(filter && typeof v === 'string' ? filter(v) : v) } : {}),
        ...(filter ? { filter: (v: unknown) => (typeof v === 'string' ? filter(v) : v) } : {}),
      };
    }
    case 'confirm':
      return { ...base, type: 'confirm', default: row.default === true };
    case 'select':
      return { ...base, type: 'select', choices: all.map((c) => choice(c)), default: row.default, pageSize };
    case 'multiselect': {
      const selected = Array.isArray(row.default) ? (row.default as unknown[]) : [];
      return {
        ...base,
        type: 'checkbox',
        choices: all.map((c) => choice(c, selected.includes(c.value))),
        default: selected,
        pageSize,
        ...(validate ? { validate: (v: unknown) => validate(values(v)) } : {}),
      };
    }
    case 'search': {
      const search = row.search;
      return {
        ...base,
        type: 'search',
        default: row.default,
        source: (term) => Promise.resolve((search && term ? search(term, all) : all).map((c) => choice(c))),
        pageSize: row.pageSize ?? 10,
        ...(validate ? { validate } : {}),
      };
    }
  }
}
