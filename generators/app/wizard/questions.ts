/**
 * The wizard's questions, one step per answer, as rows (`row.ts`) each host renders once: the
 * project name; bot type and client; transports (+ the PSTN/SIP dial direction); the pipeline
 * (`pipeline.ts`: suggested services, or each one); deployment and the optional features behind
 * one gate (`features.ts`); then the summary's confirmation and, on a terminal, the install offer.
 *
 * A step is asked only when its answer is missing (a flag given to `pipecat init` or `yo pipecat`
 * skips it). Every choice comes from the catalogue; the runner (`wizard.ts`) drops choices that
 * would make the configuration invalid and validates typed answers with the same schema as the
 * flags. Question names are the answer names yeoman-test's `withAnswers` uses: the config keys,
 * plus `bot_client` (bot type and client in one choice), `customize_features` (the gate),
 * `generate` (the final confirmation) and `install`.
 *
 * Default path (Enter at every prompt): name, bot and client, transports, pipeline, deployment,
 * the feature gate, the confirmation, the install offer: 8 prompts (test/wizard.test.ts holds it to at most 9).
 */
import { dirname, join } from 'node:path';
import { TRANSPORTS, TRANSPORT_FAMILIES } from '../catalogue/catalogue.js';
import { installLine } from '../catalogue/install-commands.js';
import { CLIENT_KINDS, findClientKind, frameworksWithServerChoice, kindSupports, type ClientKind } from '../catalogue/client-kinds.js';
import type { ConfigKey } from '../config/options.js';
import type { ConfigLayer } from '../config/resolve.js';
import { destinationProblem } from '../staging/destination.js';
import { deployStep, featureGateStep, FEATURE_STEPS } from './features.js';
import { PIPELINE_STEPS } from './pipeline.js';
import type { QuestionRow, RowChoice } from './row.js';
import {
  WIZARD_DEFAULTS,
  botType,
  chosenTransports,
  currentValue,
  defaultFor,
  isGiven,
  isString,
  lower,
  oneOf,
  schemaProblem,
  type WizardState,
  type WizardStep,
} from './state.js';

export { KEY_LABELS, WIZARD_DEFAULTS, chosenTransports, currentValue, defaultFor, schemaProblem } from './state.js';
export type { WizardState, WizardStep } from './state.js';
export { serviceChoices, suggestChoices } from './pipeline.js';

/** the project name, validated as the flag is, and `<output>/<name>` must be free. */
const nameStep: WizardStep = {
  name: 'project_name',
  keys: ['project_name'],
  applies: (s) => !isGiven(s, 'project_name'),
  question: (s) => ({
    kind: 'text',
    name: 'project_name',
    message: 'Project name',
    default: defaultFor(s, 'project_name', WIZARD_DEFAULTS.project_name as string, isString),
    filter: (text) => text.trim(),
    validate: (name) => {
      const bad = schemaProblem('project_name', name);
      if (bad) return bad;
      const target = s.target ? s.target(name as string) : join(s.output, name as string);
      return destinationProblem(dirname(target), target) ?? true;
    },
  }),
  toLayer: (answer) => ({ project_name: typeof answer === 'string' ? answer.trim() : answer }),
};

/** The choices of the bot and client question, with the config values each one sets. */
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

/** Choices of the bot and client question that agree with the bot type and client options given before the wizard. */
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
 * The bot and client choice the defaults layer makes (bot type, client framework and server together), or
 * undefined when it holds no bot type.
 */
function defaultBotClient(s: WizardState): string | undefined {
  const d: WizardState = { given: s.defaults ?? {}, answers: {}, output: s.output };
  const type = botType(d);
  if (type === 'telephony') return 'telephony';
  if (type !== 'web') return undefined;
  return findClientKind(lower(currentValue(d, 'client_framework')), lower(currentValue(d, 'client_server')))?.wizard.value ?? 'web-none';
}

/** Bot type and client in one choice. */
const botClientStep: WizardStep = {
  name: 'bot_client',
  keys: ['bot_type', 'client_framework', 'client_server'],
  // Always offered; flags narrow the choices, and a single remaining choice is taken without asking.
  applies: () => true,
  question: (s) => {
    const choices = botClientChoices(s).map((c): RowChoice => ({ title: c.title, value: c.value, description: c.description }));
    const fits = oneOf<string>(choices);
    const recorded = defaultBotClient(s);
    return {
      kind: 'select',
      name: 'bot_client',
      message: 'Bot type and client',
      choices,
      default: fits(recorded) ? recorded : fits(WIZARD_DEFAULTS.bot_client) ? WIZARD_DEFAULTS.bot_client : choices[0]?.value,
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
export function transportChoices(type: unknown): RowChoice[] {
  const out: RowChoice[] = [];
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

/** The transports (several allowed); a client that needs one of them (mobile: Daily) gets it. */
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
      kind: 'multiselect',
      name: 'transports',
      message: type === 'telephony' ? 'Transports (phone providers; a WebRTC one lets you test in a browser)' : `Transports${needs}`,
      choices,
      default: choices.map((c) => c.value).filter((v) => preselect.includes(v as string)),
      hint: 'space selects, enter confirms',
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

/** After the transports: the dial direction of a PSTN or SIP family chosen above. */
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
        kind: 'select',
        name: fam.modeKey,
        message: `${fam.label}: call direction`,
        choices,
        default: defaultFor<unknown>(s, fam.modeKey, 'dial-in', oneOf(choices)),
      };
    },
    toLayer: (answer) => ({ [fam.modeKey]: answer }),
  };
}

/** Every step, in the order they are asked. */
export const WIZARD_STEPS: readonly WizardStep[] = [
  nameStep,
  botClientStep,
  transportsStep,
  ...TRANSPORT_FAMILIES.map((f) => dialModeStep(f.id)),
  ...PIPELINE_STEPS,
  deployStep,
  featureGateStep,
  ...FEATURE_STEPS,
];

/** Name of the final confirmation question (answer `false` cancels: nothing is written). */
export const CONFIRM_QUESTION = 'generate';

/**
 * The final confirmation, asked after the summary.
 *
 * @returns a `confirm` row named {@link CONFIRM_QUESTION}, default yes
 */
export function confirmQuestion(): QuestionRow {
  return { kind: 'confirm', name: CONFIRM_QUESTION, message: 'Generate this project?', default: true };
}

/** Name of the install offer (asked on a terminal only, after the confirmation). */
const INSTALL_QUESTION = 'install';

/**
 * The install offer: the server's dependencies with `uv sync` in `server/`, and the client's
 * with `npm install` in `client/` when the project has a client (`wizard/install.ts` runs them).
 *
 * @param withClient whether the project has a client with its own dependencies
 * @returns a `confirm` row named {@link INSTALL_QUESTION}, default yes (as create-vite's offer)
 */
export function installQuestion(withClient: boolean): QuestionRow {
  const what = (withClient ? (['server', 'client'] as const) : (['server'] as const))
    .map((f) => `\`${installLine(f)}\` in ${f}/`)
    .join(', ');
  return { kind: 'confirm', name: INSTALL_QUESTION, message: `Install the dependencies now? (${what})`, default: true };
}
