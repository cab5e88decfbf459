/**
 * The wizard's questions, in the `prompts` library's shape, one step per answer, in the order of
 * issue 4: project name; bot type and client; transports (+ the PSTN/SIP dial direction); pipeline
 * mode; AI services; optional features; deployment (+ noise cancellation for the cloud); evals
 * (last, as in pipecat 1.7's wizard).
 *
 * A step is asked only when its answer is missing (a flag given to `pipecat init` or `yo pipecat`
 * skips it). Every choice comes from the catalogue; the runner (`wizard.ts`) drops choices that
 * would make the configuration invalid and validates typed answers with the same schema as the
 * flags. Question names are the answer names yeoman-test's `withAnswers` uses: the config keys,
 * plus `bot_client` (bot type and client in one choice) and `generate` (the final confirmation).
 */
import { dirname, join } from 'node:path';
import type { Choice, PromptObject } from 'prompts';
import { SERVICES_BY_ROLE, TRANSPORTS, TRANSPORT_FAMILIES, currentTransportName } from '../catalogue/catalogue.js';
import type { ServiceRole } from '../catalogue/types.js';
import { CLIENT_KINDS, findClientKind, frameworksWithServerChoice, kindSupports, type ClientKind } from '../catalogue/client-kinds.js';
import { CONFIG_OPTIONS, optionFor, type ConfigKey, type OptionDefinition } from '../config/options.js';
import type { ConfigLayer } from '../config/resolve.js';
import { fieldSchema } from '../config/schema.js';
import { destinationProblem } from '../staging/destination.js';

/** Prompt types the wizard uses (the `prompts` library's names). */
export type WizardQuestionType = 'text' | 'confirm' | 'select' | 'multiselect' | 'autocomplete';

/**
 * One question in the `prompts` library's shape with every field evaluated (no functions of
 * earlier answers: the runner builds each question when its turn comes). For `select`, `initial`
 * is the index of the default choice; for `autocomplete` it is the default value.
 */
export type WizardQuestion = Omit<PromptObject<string>, 'type' | 'name' | 'message' | 'choices' | 'validate'> & {
  type: WizardQuestionType;
  name: string;
  message: string;
  choices?: Choice[];
  /** `true` when the value is acceptable, else the message to show (the question is asked again). */
  validate?: (value: unknown) => true | string;
};

/** What the wizard knows while it runs. */
export interface WizardState {
  /** Values given before the wizard (flags of `pipecat init` / options of `yo pipecat`), by config key. */
  readonly given: ConfigLayer;
  /** Values from the answers so far, by config key. */
  readonly answers: ConfigLayer;
  /** Absolute folder the project is created in (the name step checks `<output>/<name>`). */
  readonly output: string;
  /**
   * The absolute project folder of a name (the generator's destination, `init-plan.ts`); default
   * `<output>/<name>`.
   */
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
  /** Config keys the answer sets. */
  readonly keys: readonly ConfigKey[];
  /** True when the step's answer is missing and the step applies to the choices so far. */
  applies(state: WizardState): boolean;
  /** The question, built from the catalogue and the choices so far. */
  question(state: WizardState): WizardQuestion;
  /** Config values for an answer (never a key given before the wizard). */
  toLayer(answer: unknown, state: WizardState): ConfigLayer;
}

/**
 * Defaults the wizard preselects (shown in each question; Enter accepts them). Ids of the
 * catalogue; test/wizard.test.ts checks each one is selectable.
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

/**
 * The value of a config key so far: the answer if given, else the value given before the wizard.
 *
 * @param state wizard state
 * @param key config key
 */
export function currentValue(state: WizardState, key: ConfigKey): unknown {
  return key in state.answers ? state.answers[key] : state.given[key];
}

/**
 * The default a question offers for a config key: the value in the wizard's defaults layer
 * ({@link WizardState.defaults}), else `builtIn` (the wizard's own default). Every step takes its
 * default through here, so a defaults layer reaches each question the same way.
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

/** The index of the choice whose value is `value`, or `fallback` when none is. */
function indexOf(choices: readonly { value?: unknown }[], value: unknown, fallback: number): number {
  const i = choices.findIndex((c) => c.value === value);
  return i === -1 ? fallback : i;
}

/** A `fits` test for {@link defaultFor}: one of the choices' values. */
function oneOf<T = unknown>(choices: readonly { value?: unknown }[]): (v: unknown) => v is T {
  return (v): v is T => choices.some((c) => c.value === v);
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** True when a value for `key` was given before the wizard (its step is skipped). */
function isGiven(state: WizardState, key: ConfigKey): boolean {
  return state.given[key] !== undefined;
}

function lower(v: unknown): unknown {
  return typeof v === 'string' ? v.trim().toLowerCase() : v;
}

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

/** The bot type chosen so far (lower-case), or undefined. */
function botType(state: WizardState): unknown {
  return lower(currentValue(state, 'bot_type'));
}

/** Step 1: the project name, validated as the flag is, and `<output>/<name>` must be free. */
const nameStep: WizardStep = {
  name: 'project_name',
  keys: ['project_name'],
  applies: (s) => !isGiven(s, 'project_name'),
  question: (s) => ({
    type: 'text',
    name: 'project_name',
    message: 'Project name',
    initial: defaultFor(s, 'project_name', WIZARD_DEFAULTS.project_name as string, isString),
    format: (v: unknown) => (typeof v === 'string' ? v.trim() : v),
    validate: (v) => {
      const name = typeof v === 'string' ? v.trim() : v;
      const bad = schemaProblem('project_name', name);
      if (bad) return bad;
      const target = s.target ? s.target(name as string) : join(s.output, name as string);
      return destinationProblem(dirname(target), target) ?? true;
    },
  }),
  toLayer: (answer) => ({ project_name: typeof answer === 'string' ? answer.trim() : answer }),
};

/** The choices of step 2, with the config values each one sets. */
export const BOT_CLIENT_CHOICES: readonly { value: string; title: string; description: string; layer: ConfigLayer }[] = [
  {
    value: 'telephony',
    title: 'Phone bot (telephony)',
    description: 'callers reach the bot over a phone number',
    layer: { bot_type: 'telephony' },
  },
  // One choice per client kind; `client_server` only for frameworks that have several.
  ...CLIENT_KINDS.map((k) => ({
    ...k.wizard,
    layer: {
      bot_type: 'web',
      client_framework: k.framework,
      ...(frameworksWithServerChoice().includes(k.framework) ? { client_server: k.server } : {}),
    },
  })),
  {
    value: 'web-none',
    title: 'Web bot, mobile app or no client (server only)',
    description: 'connect your own app with a Pipecat client SDK',
    layer: { bot_type: 'web', client_framework: 'none' },
  },
];

/** Choices of step 2 that agree with the bot type and client options given before the wizard. */
function botClientChoices(state: WizardState): typeof BOT_CLIENT_CHOICES {
  return BOT_CLIENT_CHOICES.filter((c) =>
    (['bot_type', 'client_framework', 'client_server'] as const).every((k) => {
      const given = lower(state.given[k]);
      if (given === undefined) return true;
      const own = c.layer[k];
      if (own !== undefined) return given === own;
      // A telephony bot has no client; a non-React client has no server choice.
      return k === 'client_framework' ? given === 'none' && c.value === 'telephony' : false;
    }),
  );
}

/**
 * The step-2 choice the defaults layer makes (bot type, client framework and server together), or
 * undefined when it holds no bot type.
 */
function defaultBotClient(s: WizardState): string | undefined {
  const d: WizardState = { given: s.defaults ?? {}, answers: {}, output: s.output };
  const type = botType(d);
  if (type === 'telephony') return 'telephony';
  if (type !== 'web') return undefined;
  return findClientKind(lower(currentValue(d, 'client_framework')), lower(currentValue(d, 'client_server')))?.wizard.value ?? 'web-none';
}

/** Step 2: bot type and client in one choice. */
const botClientStep: WizardStep = {
  name: 'bot_client',
  keys: ['bot_type', 'client_framework', 'client_server'],
  // Always offered; flags narrow the choices, and a single remaining choice is taken without asking.
  applies: () => true,
  question: (s) => {
    const choices = botClientChoices(s);
    const initial = Math.max(0, indexOf(choices, defaultBotClient(s), indexOf(choices, WIZARD_DEFAULTS.bot_client, 0)));
    return {
      type: 'select',
      name: 'bot_client',
      message: 'Bot type and client',
      choices: choices.map((c) => ({ title: c.title, value: c.value, description: c.description })),
      initial,
    };
  },
  toLayer: (answer, s) => {
    const choice = BOT_CLIENT_CHOICES.find((c) => c.value === answer);
    if (!choice) return { bot_type: answer };
    const out: ConfigLayer = {};
    for (const [k, v] of Object.entries(choice.layer) as [ConfigKey, unknown][]) if (!isGiven(s, k)) out[k] = v;
    return out;
  },
};

/**
 * Transport choices for a bot type: telephony bots get the telephony transports (each PSTN/SIP
 * family as one entry, its direction asked next) and then the web transports for local testing;
 * web bots get the web transports.
 *
 * @param type `web` or `telephony`
 */
export function transportChoices(type: unknown): Choice[] {
  const out: Choice[] = [];
  const families = new Set<string>();
  const kinds = type === 'telephony' ? (['telephony', 'web'] as const) : (['web'] as const);
  for (const kind of kinds) {
    for (const t of TRANSPORTS) {
      if (t.kind !== kind) continue;
      const familyId = 'family' in t ? t.family : undefined;
      if (familyId) {
        if (families.has(familyId)) continue;
        families.add(familyId);
        const fam = TRANSPORT_FAMILIES.find((f) => f.id === familyId)!;
        out.push({ title: fam.label, value: fam.id, description: 'dial-in or dial-out (asked next)' });
      } else {
        const local = type === 'telephony' && kind === 'web';
        out.push({ title: local ? `${t.label}, for local testing in a browser` : t.label, value: t.id });
      }
    }
  }
  return out;
}

/** The client kind chosen so far (web bots), or undefined. */
function chosenClientKind(s: WizardState): ClientKind | undefined {
  return botType(s) === 'web'
    ? findClientKind(lower(currentValue(s, 'client_framework')), lower(currentValue(s, 'client_server')))
    : undefined;
}

/**
 * The web transports a client connects over (catalogue ids), or undefined when it takes every
 * web transport.
 */
function clientOnlyTransports(kind: ClientKind | undefined): string[] | undefined {
  if (!kind) return undefined;
  const web = TRANSPORTS.filter((t) => t.kind === 'web');
  const usable = web.filter((t) => kindSupports(kind, t.runnerTransport)).map((t) => t.id);
  return usable.length < web.length ? usable : undefined;
}

/** The transport choice of a transport id: its family for a PSTN/SIP id (the direction is its own question). */
function transportChoiceOf(id: unknown): string {
  const t = TRANSPORTS.find((x) => x.id === id);
  return t && 'family' in t && t.family ? t.family : String(id);
}

/**
 * The chosen transports in the defaults layer's order (the first one is the runner's default
 * transport), the others after them as chosen: the checkbox lists them in catalogue order, and
 * keeping every default must keep the recorded list as it was.
 */
function inDefaultOrder(answer: unknown, s: WizardState): unknown {
  const order = s.defaults?.transports;
  if (!Array.isArray(answer) || !Array.isArray(order)) return answer;
  const rank = (t: unknown): number => {
    const i = order.findIndex((d) => transportChoiceOf(d) === t);
    return i === -1 ? order.length : i;
  };
  return [...(answer as unknown[])].sort((a, b) => rank(a) - rank(b));
}

/** Step 3: the transports (several allowed); a client that needs one of them (mobile: Daily) gets it. */
const transportsStep: WizardStep = {
  name: 'transports',
  keys: ['transports'],
  applies: (s) => !isGiven(s, 'transports'),
  question: (s) => {
    const type = botType(s);
    const kind = chosenClientKind(s);
    const only = clientOnlyTransports(kind);
    const choices = transportChoices(type);
    const builtIn: readonly string[] =
      only ?? (type === 'telephony' ? WIZARD_DEFAULTS.telephony_transports : WIZARD_DEFAULTS.web_transports);
    // The defaults layer's transports, each PSTN/SIP id as its family's choice; kept when at least
    // one of them is offered here.
    const offered = (v: unknown): v is readonly string[] =>
      Array.isArray(v) && v.some((t) => choices.some((c) => c.value === transportChoiceOf(t)));
    const preselect = defaultFor(s, 'transports', builtIn, offered).map(transportChoiceOf);
    const needs = only && kind ? ` (the ${kind.label} client connects over ${only.join(' or ')}: it is added if left out)` : '';
    return {
      type: 'multiselect',
      name: 'transports',
      message: type === 'telephony' ? 'Transports (phone providers; a WebRTC one lets you test in a browser)' : `Transports${needs}`,
      choices: choices.map((c) => ({ ...c, selected: preselect.includes(c.value as string) })),
      hint: 'space selects, enter confirms',
      instructions: false,
      min: 1,
    };
  },
  toLayer: (answer, s) => {
    const ordered = inDefaultOrder(answer, s);
    const only = clientOnlyTransports(chosenClientKind(s));
    if (!only || !Array.isArray(ordered) || ordered.length === 0) return { transports: ordered };
    const chosen = ordered.map((t) => lower(t));
    return { transports: chosen.some((t) => only.includes(t as string)) ? ordered : [...ordered, only[0]] };
  },
};

/** Step 3, follow-up: the dial direction of a PSTN or SIP family chosen above. */
function dialModeStep(familyId: string): WizardStep {
  const fam = TRANSPORT_FAMILIES.find((f) => f.id === familyId)!;
  return {
    name: fam.modeKey,
    keys: [fam.modeKey],
    applies: (s) => !isGiven(s, fam.modeKey) && chosenTransports(s).some((t) => t === fam.id || fam.aliases.includes(t)),
    question: (s) => {
      const choices = [
        { title: 'Dial-in (people call the bot)', value: 'dial-in' },
        { title: 'Dial-out (the bot calls a number)', value: 'dial-out' },
      ];
      return {
        type: 'select',
        name: fam.modeKey,
        message: `${fam.label}: call direction`,
        choices,
        initial: indexOf(choices, defaultFor<unknown>(s, fam.modeKey, 'dial-in', oneOf(choices)), 0),
      };
    },
    toLayer: (answer) => ({ [fam.modeKey]: answer }),
  };
}

/** Step 4: the pipeline mode. */
const modeStep: WizardStep = {
  name: 'mode',
  keys: ['mode'],
  applies: (s) => !isGiven(s, 'mode'),
  question: (s) => {
    const choices = [
      { title: 'Cascade (STT → LLM → TTS)', value: 'cascade' },
      { title: 'Realtime (speech-to-speech)', value: 'realtime' },
    ];
    return {
      type: 'select',
      name: 'mode',
      message: 'Pipeline mode',
      choices,
      initial: indexOf(choices, defaultFor<unknown>(s, 'mode', WIZARD_DEFAULTS.mode, oneOf(choices)), 0),
    };
  },
  toLayer: (answer) => ({ mode: answer }),
};

const SERVICE_MESSAGES: Record<'stt' | 'llm' | 'tts' | 'realtime', { key: ConfigKey; message: string; mode: 'cascade' | 'realtime' }> = {
  stt: { key: 'stt_service', message: 'Speech-to-text (STT) service', mode: 'cascade' },
  llm: { key: 'llm_service', message: 'LLM service', mode: 'cascade' },
  tts: { key: 'tts_service', message: 'Text-to-speech (TTS) service', mode: 'cascade' },
  realtime: { key: 'realtime_service', message: 'Speech-to-speech (realtime) service', mode: 'realtime' },
};

/**
 * Choices of one service role: every selectable (not deprecated) catalogue entry, titled with the
 * vendor's name (the catalogue's notes stay in docs/: one line per entry keeps the list readable).
 *
 * @param role service role
 */
export function serviceChoices(role: ServiceRole): Choice[] {
  return SERVICES_BY_ROLE[role].filter((s) => !s.deprecated).map((s) => ({ title: s.label, value: s.id }));
}

/**
 * Autocomplete filter: choices whose title or id contains every typed word (case-insensitive);
 * an exact title or id first, then titles starting with the text, each in catalogue order.
 *
 * @param input what the user typed
 * @param choices the full list
 */
export function suggestChoices(input: string, choices: Choice[]): Promise<Choice[]> {
  const typed = input.trim().toLowerCase();
  const words = typed.split(/\s+/).filter(Boolean);
  const rank = (c: Choice): number => {
    const title = c.title.toLowerCase();
    if (title === typed || String(c.value) === typed) return 0;
    if (title.startsWith(typed)) return 1;
    return 2;
  };
  const matches = choices.filter((c) => words.every((w) => `${c.title} ${String(c.value)}`.toLowerCase().includes(w)));
  // Best matches first (exact, then prefix), catalogue order within each rank (sort is stable).
  return Promise.resolve(matches.sort((a, b) => rank(a) - rank(b)));
}

/** Step 5: one AI service (searchable by typing). */
function serviceStep(role: 'stt' | 'llm' | 'tts' | 'realtime'): WizardStep {
  const { key, message, mode } = SERVICE_MESSAGES[role];
  return {
    name: key,
    keys: [key],
    applies: (s) => !isGiven(s, key) && lower(currentValue(s, 'mode')) === mode,
    question: (s) => {
      const choices = serviceChoices(role);
      const builtIn = WIZARD_DEFAULTS[key as keyof typeof WIZARD_DEFAULTS] as string;
      return {
        type: 'autocomplete',
        name: key,
        message: `${message} (type to search)`,
        choices,
        initial: defaultFor(s, key, builtIn, oneOf<string>(choices)),
        suggest: suggestChoices as unknown as PromptObject['suggest'],
        limit: 10,
      };
    },
    toLayer: (answer) => ({ [key]: answer }),
  };
}

/** A yes/no feature question; the default (from the options table) is shown as (y/N). */
function featureStep(key: ConfigKey, message: string, when: (s: WizardState) => boolean = () => true): WizardStep {
  return {
    name: key,
    keys: [key],
    applies: (s) => !isGiven(s, key) && when(s),
    question: (s) => ({ type: 'confirm', name: key, message, initial: defaultFor(s, key, optionFor(key).default === true, isBoolean) }),
    toLayer: (answer) => ({ [key]: answer }),
  };
}

const isWeb = (s: WizardState): boolean => botType(s) === 'web';

/** When a feature question is asked, by the options table's `feature.askWhen`. */
const ASK_WHEN: Record<NonNullable<NonNullable<OptionDefinition['feature']>['askWhen']> | 'always', (s: WizardState) => boolean> = {
  always: () => true,
  web: isWeb,
  // An avatar given as a flag implies video output: not asked then.
  'video-output': (s) => isWeb(s) && !isGiven(s, 'video_service'),
  cloud: (s) => currentValue(s, 'deploy_to_cloud') !== false,
};

/** Step 6: the video avatar service (web bots that send video). */
const videoServiceStep: WizardStep = {
  name: 'video_service',
  keys: ['video_service'],
  applies: (s) => !isGiven(s, 'video_service') && isWeb(s) && currentValue(s, 'video_output') === true,
  question: (s) => {
    const choices = [{ title: 'None (the bot sends its own video frames)', value: 'none' }, ...serviceChoices('video')];
    return {
      type: 'select',
      name: 'video_service',
      message: 'Video avatar service',
      choices,
      initial: indexOf(choices, defaultFor<unknown>(s, 'video_service', 'none', oneOf(choices)), 0),
    };
  },
  toLayer: (answer) => ({ video_service: answer === 'none' ? null : answer }),
};

/** Step 7: where the bot runs. */
const deployStep: WizardStep = {
  name: 'deploy_to_cloud',
  keys: ['deploy_to_cloud'],
  applies: (s) => !isGiven(s, 'deploy_to_cloud'),
  question: (s) => ({
    type: 'select',
    name: 'deploy_to_cloud',
    message: 'Deployment',
    choices: [
      { title: 'Local only', value: false },
      { title: 'Pipecat Cloud (adds Dockerfile and pcc-deploy.toml)', value: true },
    ],
    initial: defaultFor(s, 'deploy_to_cloud', true, isBoolean) ? 1 : 0,
  }),
  toLayer: (answer) => ({ deploy_to_cloud: answer }),
};

/** Every step, in the order they are asked. */
export const WIZARD_STEPS: readonly WizardStep[] = [
  nameStep,
  botClientStep,
  transportsStep,
  ...TRANSPORT_FAMILIES.map((f) => dialModeStep(f.id)),
  modeStep,
  serviceStep('stt'),
  serviceStep('llm'),
  serviceStep('tts'),
  serviceStep('realtime'),
  // The feature questions in the options table's order, with the avatar after video output and
  // the deployment choice in its place.
  ...CONFIG_OPTIONS.flatMap((o): WizardStep[] => {
    if (o.key === 'deploy_to_cloud') return [deployStep];
    if (!o.feature) return [];
    const step = featureStep(o.key, o.feature.prompt, ASK_WHEN[o.feature.askWhen ?? 'always']);
    return o.key === 'video_output' ? [step, videoServiceStep] : [step];
  }),
];

/** Name of the final confirmation question (answer `false` cancels: nothing is written). */
export const CONFIRM_QUESTION = 'generate';

/**
 * The final confirmation, asked after the summary.
 *
 * @returns a `confirm` question named {@link CONFIRM_QUESTION}, default yes
 */
export function confirmQuestion(): WizardQuestion {
  return { type: 'confirm', name: CONFIRM_QUESTION, message: 'Generate this project?', initial: true };
}
