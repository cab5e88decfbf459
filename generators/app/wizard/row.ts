/**
 * One wizard question as a row of data, in no prompt library's shape: each host renders it once
 * into its own (`inquirer.ts` for Inquirer under `yo` and yeoman-test; `cli/prompts-adapter.ts`
 * for the `prompts` dialogs of `pipecat init`). Nothing converts a rendered question back.
 *
 * Why: prompting asks only what is missing, from one question row rendered once into the host's
 * shape, so `yo pipecat` and `pipecat init` ask the same questions; the fields are what both Inquirer 13 (`input`, `confirm`, `select`,
 * `checkbox`, `search`) and prompts 2.4 (`text`, `confirm`, `select`, `multiselect`,
 * `autocomplete`) can show.
 */

/** What kind of answer a row asks for. */
type QuestionKind = 'text' | 'confirm' | 'select' | 'multiselect' | 'search';

/** One choice of a list row. */
export interface RowChoice {
  /** What the list shows. */
  readonly title: string;
  /** The answer when chosen (an id of the catalogue, a boolean, …). */
  readonly value: unknown;
  /** A second line shown for the highlighted choice. */
  readonly description?: string;
}

/** A wizard question: what to ask, its choices and default, and how an answer is checked. */
export interface QuestionRow {
  readonly kind: QuestionKind;
  /** The answer's name: the config key, or `bot_client`, `customize_features`, `generate`, `install`. */
  readonly name: string;
  readonly message: string;
  /**
   * The answer Enter takes: the text (`text`), a boolean (`confirm`), the value of a choice
   * (`select`, `search`) or the values of the selected choices (`multiselect`).
   */
  readonly default?: unknown;
  readonly choices?: readonly RowChoice[];
  /** A short line on how to answer (e.g. `space selects, enter confirms`). */
  readonly hint?: string;
  /** `search`: the choices matching what was typed, best first. */
  readonly search?: (term: string, choices: readonly RowChoice[]) => RowChoice[];
  /** `text`: the answer kept for a typed text (e.g. trimmed). */
  readonly filter?: (text: string) => unknown;
  /**
   * `true` when an answer (after `filter`; for `multiselect` the list of chosen values) is
   * acceptable, else the reason shown while the question stays open.
   */
  readonly validate?: (value: unknown) => true | string;
  /** How many choices a list shows at once. */
  readonly pageSize?: number;
}

/**
 * Whether a question handed to a prompt adapter is a row (rows have `kind`; Inquirer's questions
 * have `type`).
 *
 * @param q a question as `this.prompt()` passes it on
 */
export function isQuestionRow(q: unknown): q is QuestionRow {
  return (
    !!q && typeof q === 'object' && typeof (q as { kind?: unknown }).kind === 'string' && typeof (q as { name?: unknown }).name === 'string'
  );
}

/**
 * The property a prompt adapter sets to `true` when it renders rows itself (our CLI's): the
 * generator then hands it rows, and Inquirer-shaped questions to every other adapter.
 */
export const RENDERS_ROWS = 'rendersQuestionRows';
