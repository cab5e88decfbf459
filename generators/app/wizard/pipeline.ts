/**
 * The pipeline questions: one `mode` question whose first choices take the services shown
 * (Enter: the suggested cascade, Deepgram → OpenAI → Cartesia), and one searchable list per
 * service for the "choosing each service" choices.
 *
 * Answer names (yeoman-test's `withAnswers`): `mode` is `cascade` or `realtime` to be asked each
 * service (`stt_service`, `llm_service`, `tts_service` / `realtime_service`), or
 * `suggested-cascade` / `suggested-realtime` to take the services the choice shows.
 *
 * Source: pipecat's wizard (`src/pipecat/cli/prompts/questions.py`) asks the mode, then each
 * service; the default path stays at most 9 prompts (test/wizard.test.ts).
 */
import { findService, SERVICES_BY_ROLE } from '../catalogue/catalogue.js';
import type { ServiceRole } from '../catalogue/types.js';
import type { ConfigKey } from '../config/options.js';
import type { ConfigLayer } from '../config/resolve.js';
import type { RowChoice } from './row.js';
import { WIZARD_DEFAULTS, currentValue, defaultFor, isGiven, isKnown, lower, oneOf, type WizardState, type WizardStep } from './state.js';

type Mode = 'cascade' | 'realtime';
type Role = 'stt' | 'llm' | 'tts' | 'realtime';

/** The services of each mode, in the order they are asked. */
const ROLES: Record<Mode, readonly Role[]> = { cascade: ['stt', 'llm', 'tts'], realtime: ['realtime'] };

const SERVICES: Record<Role, { key: ConfigKey; message: string }> = {
  stt: { key: 'stt_service', message: 'Speech-to-text (STT) service' },
  llm: { key: 'llm_service', message: 'LLM service' },
  tts: { key: 'tts_service', message: 'Text-to-speech (TTS) service' },
  realtime: { key: 'realtime_service', message: 'Speech-to-speech (realtime) service' },
};

/** The `mode` answer that takes the services shown. */
const SUGGESTED = 'suggested-';

/**
 * Choices of one service role: every selectable (not deprecated) catalogue entry, titled with the
 * vendor's name.
 *
 * @param role service role
 */
export function serviceChoices(role: ServiceRole): RowChoice[] {
  return SERVICES_BY_ROLE[role].filter((s) => !s.deprecated).map((s) => ({ title: s.label, value: s.id }));
}

/**
 * Search filter: choices whose title or id contains every typed word (case-insensitive); an exact
 * title or id first, then titles starting with the text, each in catalogue order.
 *
 * @param input what the user typed
 * @param choices the full list
 */
export function suggestChoices(input: string, choices: readonly RowChoice[]): RowChoice[] {
  const typed = input.trim().toLowerCase();
  const words = typed.split(/\s+/).filter(Boolean);
  const rank = (c: RowChoice): number => {
    const title = c.title.toLowerCase();
    if (title === typed || String(c.value) === typed) return 0;
    return title.startsWith(typed) ? 1 : 2;
  };
  const matches = choices.filter((c) => words.every((w) => `${c.title} ${String(c.value)}`.toLowerCase().includes(w)));
  return matches.sort((a, b) => rank(a) - rank(b)); // stable: catalogue order within a rank
}

/** The service a role takes without being asked: the given one, else the default (recorded or built in). */
function shownService(s: WizardState, role: Role): string {
  const { key } = SERVICES[role];
  const given = lower(currentValue(s, key));
  if (typeof given === 'string') return given;
  return defaultFor(s, key, WIZARD_DEFAULTS[key as keyof typeof WIZARD_DEFAULTS] as string, oneOf<string>(serviceChoices(role)));
}

/** The roles of a mode still open (neither given nor answered). */
function openRoles(s: WizardState, mode: Mode): Role[] {
  return ROLES[mode].filter((r) => !isKnown(s, SERVICES[r].key));
}

/** The modes the question offers: the given one, else both. */
function modes(s: WizardState): Mode[] {
  const given = lower(s.given.mode);
  return given === 'cascade' || given === 'realtime' ? [given] : ['cascade', 'realtime'];
}

/** The `mode` question's choices: per mode, the services shown, then (when one is open) choosing each. */
function modeChoices(s: WizardState): RowChoice[] {
  return modes(s).flatMap((mode) => {
    const names = ROLES[mode].map((r) => findService(shownService(s, r))?.label ?? shownService(s, r)).join(' → ');
    const title = mode === 'cascade' ? 'Cascade' : 'Realtime';
    const shown: RowChoice = { title: `${title}: ${names}`, value: `${SUGGESTED}${mode}` };
    if (openRoles(s, mode).length === 0) return [shown];
    const each = mode === 'cascade' ? 'choosing the STT, LLM and TTS services' : 'choosing the speech-to-speech service';
    return [shown, { title: `${title}, ${each}`, value: mode }];
  });
}

/** The pipeline mode, with the services shown (Enter) or asked one by one. */
const modeStep: WizardStep = {
  name: 'mode',
  keys: ['mode', 'stt_service', 'llm_service', 'tts_service', 'realtime_service'],
  // With the mode given, asked only while one of its services is open.
  applies: (s) => !('mode' in s.answers) && (!isGiven(s, 'mode') || modes(s).some((m) => openRoles(s, m).length > 0)),
  question: (s) => {
    const choices = modeChoices(s);
    const recorded = lower(s.defaults?.mode);
    const preferred = `${SUGGESTED}${recorded === 'realtime' ? 'realtime' : WIZARD_DEFAULTS.mode}`;
    return {
      kind: 'select',
      name: 'mode',
      message: 'Pipeline',
      choices,
      default: choices.some((c) => c.value === preferred) ? preferred : choices[0]?.value,
    };
  },
  toLayer: (answer, s) => {
    const value = String(answer);
    const mode = (value.startsWith(SUGGESTED) ? value.slice(SUGGESTED.length) : value) as Mode;
    const out: ConfigLayer = isGiven(s, 'mode') ? {} : { mode };
    if (value.startsWith(SUGGESTED) && ROLES[mode]) for (const r of openRoles(s, mode)) out[SERVICES[r].key] = shownService(s, r);
    return out;
  },
};

/** One AI service (searchable by typing), when the mode's services are chosen one by one. */
function serviceStep(role: Role): WizardStep {
  const { key, message } = SERVICES[role];
  const mode: Mode = role === 'realtime' ? 'realtime' : 'cascade';
  return {
    name: key,
    keys: [key],
    applies: (s) => !isKnown(s, key) && lower(currentValue(s, 'mode')) === mode,
    question: (s) => ({
      kind: 'search',
      name: key,
      message: `${message} (type to search)`,
      choices: serviceChoices(role),
      default: shownService(s, role),
      search: suggestChoices,
      pageSize: 10,
    }),
    toLayer: (answer) => ({ [key]: answer }),
  };
}

/** The pipeline's steps, in the order they are asked. */
export const PIPELINE_STEPS: readonly WizardStep[] = [modeStep, ...(['stt', 'llm', 'tts', 'realtime'] as const).map(serviceStep)];
