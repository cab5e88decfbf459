/**
 * What the wizard knows while it runs, the shape of one step, and the helpers every step uses
 * (the value of a key so far, its default, the schema check of one answer).
 *
 * A defaults layer: `yo pipecat` inside a project offers its recorded answers as each question's
 * default (docs/wizard.md).
 */
import { currentTransportName } from '../catalogue/catalogue.js';
import { CONFIG_OPTIONS, type ConfigKey } from '../config/options.js';
import type { ConfigLayer } from '../config/resolve.js';
import { fieldSchema } from '../config/schema.js';
import type { QuestionRow } from './row.js';

/** What the wizard knows while it runs. */
export interface WizardState {
  /** Values given before the wizard (flags of `pipecat init` / options of `yo pipecat`), by config key. */
  readonly given: ConfigLayer;
  /** Values from the answers so far, by config key. */
  readonly answers: ConfigLayer;
  /** Absolute folder the project is created in (the name step checks `<output>/<name>`). */
  readonly output: string;
  /** The absolute project folder of a name (the generator's destination); default `<output>/<name>`. */
  readonly target?: (projectName: string) => string;
  /**
   * Values every question offers as its default (the pre-selected choice, initial value or
   * confirm default) before its built-in one, by config key: under `yo pipecat` inside a project,
   * its recorded configuration. A value no choice of the question matches is ignored.
   */
  readonly defaults?: ConfigLayer;
}

/** One step: a question, when it applies, and which config values its answer sets. */
export interface WizardStep {
  /** Question (and answer) name. */
  readonly name: string;
  /** Config keys the answer may set. */
  readonly keys: readonly ConfigKey[];
  /** True when the step's answer is missing and the step applies to the choices so far. */
  applies(state: WizardState): boolean;
  /** The question, built from the catalogue and the choices so far. */
  question(state: WizardState): QuestionRow;
  /** Config values for an answer (never a key given before the wizard). */
  toLayer(answer: unknown, state: WizardState): ConfigLayer;
  /** Lines printed before the question (e.g. what a gate keeps when declined). */
  intro?(state: WizardState): string;
}

/**
 * Defaults the wizard preselects (Enter accepts them). Ids of the catalogue; test/wizard.test.ts
 * checks each one is selectable.
 */
export const WIZARD_DEFAULTS = {
  project_name: 'pipecat-bot',
  bot_client: 'web-react-vite',
  web_transports: ['smallwebrtc'],
  telephony_transports: ['twilio'],
  mode: 'cascade',
  stt_service: 'deepgram_stt',
  llm_service: 'openai_llm',
  tts_service: 'cartesia_tts',
  realtime_service: 'openai_realtime',
} as const;

/** How each config key is named in wizard messages (the options table's `label`). */
export const KEY_LABELS: Readonly<Record<ConfigKey, string>> = Object.fromEntries(CONFIG_OPTIONS.map((o) => [o.key, o.label])) as Record<
  ConfigKey,
  string
>;

/** A string trimmed and lower-cased; other values as they are. */
export function lower(v: unknown): unknown {
  return typeof v === 'string' ? v.trim().toLowerCase() : v;
}

/**
 * The value of a config key so far: the answer if given, else the value given before the wizard.
 *
 * @param state wizard state
 * @param key config key
 */
export function currentValue(state: WizardState, key: ConfigKey): unknown {
  return key in state.answers ? state.answers[key] : state.given[key];
}

/** True when a value for `key` was given before the wizard (its step is skipped). */
export function isGiven(state: WizardState, key: ConfigKey): boolean {
  return state.given[key] !== undefined;
}

/** True when a value for `key` is given or answered already. */
export function isKnown(state: WizardState, key: ConfigKey): boolean {
  return isGiven(state, key) || key in state.answers;
}

/**
 * The default a question offers for a config key: the value in the wizard's defaults layer
 * ({@link WizardState.defaults}), else `builtIn` (the wizard's own default).
 *
 * @param state wizard state
 * @param key config key the question sets
 * @param builtIn the question's own default
 * @param fits whether the layer's value is usable by the question (e.g. one of its choices)
 */
export function defaultFor<T>(state: WizardState, key: ConfigKey, builtIn: T, fits: (v: unknown) => v is T): T {
  const v = lower(state.defaults?.[key]);
  return fits(v) ? v : builtIn;
}

/** A `fits` test for {@link defaultFor}: one of the choices' values. */
export function oneOf<T = unknown>(choices: readonly { value?: unknown }[]): (v: unknown) => v is T {
  return (v): v is T => choices.some((c) => c.value === v);
}

export const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The bot type chosen so far (lower-case), or undefined. */
export function botType(state: WizardState): unknown {
  return lower(currentValue(state, 'bot_type'));
}

/** Whether the bot is a web bot (so far). */
export const isWeb = (s: WizardState): boolean => botType(s) === 'web';

/** The transports chosen so far, lower-cased, seed ids as today's (ids, aliases or family ids). */
export function chosenTransports(state: WizardState | ConfigLayer): string[] {
  const v = 'given' in state ? currentValue(state as WizardState, 'transports') : (state as ConfigLayer).transports;
  const list = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
  return list.filter((t): t is string => typeof t === 'string').map(currentTransportName);
}

/**
 * The first message of a joi check of one answer against the configuration schema, or null.
 *
 * @param key config key whose schema applies
 * @param value the answer
 */
export function schemaProblem(key: ConfigKey, value: unknown): string | null {
  const { error } = fieldSchema(key).validate(value, { convert: false });
  if (!error) return null;
  const detail = error.details[0];
  return `${KEY_LABELS[key]} ${detail.message.replace(/^"[^"]*" /, '')}`;
}
