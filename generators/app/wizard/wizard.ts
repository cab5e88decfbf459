/**
 * The wizard runner: asks the steps of `questions.ts` whose answers are missing, validates every
 * answer with the resolver's own rules, prints a summary, asks for confirmation, and returns the
 * resolved configuration.
 *
 * Answers are a layer like flags (`resolveConfig({ config, flags: { ...flags, ...answers } })`),
 * so the wizard cannot accept a combination that fails later: a typed answer that would make the
 * configuration invalid is refused with the reason (and asked again), and choices that would are
 * not offered. Problems about keys not asked yet are left for their own step.
 *
 * Source: pipecat's wizard (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/cli/prompts/questions.py`);
 * docs/wizard.md.
 */
import { join } from 'node:path';
import { findService, findTransport, TRANSPORT_FAMILIES } from '../catalogue/catalogue.js';
import { findClientKind } from '../catalogue/client-kinds.js';
import { hasClient } from './install.js';
import { CONFIG_OPTIONS, optionFor, optionLabel, type ConfigKey } from '../config/options.js';
import { ConfigError, deriveValues, mergeLayers, normalise, resolveConfig, type ConfigLayer } from '../config/resolve.js';
import { validateConfig, type ConfigProblem } from '../config/schema.js';
import type { ProjectConfig } from '../config/types.js';
import { BOT_CLIENT_CHOICES, CONFIRM_QUESTION, WIZARD_STEPS, confirmQuestion, installQuestion } from './questions.js';
import type { QuestionRow } from './row.js';
import { KEY_LABELS, chosenTransports, schemaProblem, type WizardState, type WizardStep } from './state.js';

/** Ask one question row through the host's prompts (rendered into its shape); resolves to the answer. */
export type AskFunction = (question: QuestionRow) => Promise<unknown>;

/** The user declined the confirmation (or cancelled): nothing is written. Exit code 130. */
export class WizardCancelledError extends Error {
  readonly exitCode = 130;

  constructor() {
    super('cancelled');
    this.name = 'WizardCancelledError';
  }
}

/** Inputs of one wizard run. */
interface WizardOptions {
  /** Values given before the wizard (flags), by config key: their steps are skipped. */
  given: ConfigLayer;
  /** Absolute folder the project is created in. */
  output: string;
  /** Asks a question (through `this.prompt()` and the environment's adapter). */
  ask: AskFunction;
  /** Prints a message for the user (the adapter's log: stderr). */
  log: (text: string) => void;
  /**
   * The absolute project folder of a name, shown in the summary (default `<output>/<name>`; the
   * generator passes its destination, so an in-place run shows its folder).
   */
  target?: (projectName: string) => string;
  /**
   * Each question's default before its built-in one, by config key (see
   * `WizardState.defaults`): `yo pipecat` inside a project passes its recorded configuration, so
   * Enter through every question keeps it.
   */
  defaults?: ConfigLayer;
  /**
   * How the given values and answers resolve into the configuration shown in the summary
   * (default: the one resolver over them alone). An update resolves them over the recorded
   * configuration (`update/config.ts`), so the summary shows what the update writes.
   *
   * @throws ConfigError (exit 2) when they do not resolve
   */
  resolve?: (layer: ConfigLayer) => ProjectConfig;
  /** `--yes`/`-y`: print the summary and go on without asking for confirmation. */
  yes?: boolean;
  /**
   * Offer to install the dependencies after the confirmation (a terminal run without `--yes`);
   * a run without a terminal never offers.
   */
  offerInstall?: boolean;
}

/** The result of {@link askWizard}. */
interface WizardResult {
  /** The confirmed configuration. */
  config: ProjectConfig;
  /** The given values and the answers, by config key (the layer `config` was resolved from). */
  layer: ConfigLayer;
  /** The install offer was accepted: install the dependencies once the project is written. */
  install: boolean;
}

/** Config keys whose answers are booleans or single ids, checked with the field schema. */
const SCHEMA_CHECKED = new Set<ConfigKey>([
  'project_name',
  'mode',
  'stt_service',
  'llm_service',
  'tts_service',
  'realtime_service',
  'daily_pstn_mode',
  'twilio_daily_sip_mode',
  ...CONFIG_OPTIONS.filter((o) => o.type === 'boolean').map((o) => o.key),
]);

/**
 * Problems of a layer that concern the given keys, found by the resolver's own steps (merge,
 * normalise, joi schema, cross-field rules).
 *
 * @param layer values by config key
 * @param known keys whose problems count (the others are not asked yet)
 */
function problemsOfKnownKeys(layer: ConfigLayer, known: ReadonlySet<ConfigKey>): ConfigProblem[] {
  const { merged, sources } = mergeLayers({ flags: layer });
  const problems: ConfigProblem[] = [];
  const normalised = normalise(merged, problems, sources);
  problems.push(...validateConfig(normalised));
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.key}\u0000${p.message}`;
    if (!known.has(p.key) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Problems a candidate answer would cause, with everything known so far. A PSTN/SIP family whose
 * direction is not asked yet counts as dial-in (both directions follow the same rules).
 *
 * @param state wizard state
 * @param candidate config values of the candidate answer
 */
function candidateProblems(state: WizardState, candidate: ConfigLayer): ConfigProblem[] {
  const layer: ConfigLayer = { ...state.given, ...state.answers, ...candidate };
  const known = new Set<ConfigKey>([...keysOf(state.given), ...keysOf(state.answers), ...keysOf(candidate)]);
  const transports = chosenTransports(layer);
  for (const fam of TRANSPORT_FAMILIES) {
    if (layer[fam.modeKey] == null && transports.some((t) => t === fam.id || fam.aliases.includes(t))) layer[fam.modeKey] = 'dial-in';
  }
  return problemsOfKnownKeys(layer, known);
}

function keysOf(layer: ConfigLayer): ConfigKey[] {
  return (Object.keys(layer) as ConfigKey[]).filter((k) => layer[k] !== undefined);
}

/** One line for a problem found while the wizard runs. */
function describe(p: ConfigProblem): string {
  return `${KEY_LABELS[p.key]}: ${p.message}`;
}

/**
 * Validate one answer of a step: the field schema for single values, then the cross-field rules.
 *
 * @returns `true`, or the reason shown to the user
 */
function validateAnswer(step: WizardStep, state: WizardState, answer: unknown): true | string {
  const candidate = step.toLayer(answer, state);
  for (const [key, value] of Object.entries(candidate) as [ConfigKey, unknown][]) {
    if (SCHEMA_CHECKED.has(key)) {
      const bad = schemaProblem(key, value);
      if (bad) return bad;
    }
  }
  if (step.name === 'transports' && Array.isArray(answer) && answer.length === 0) return 'choose at least one transport (space selects)';
  const problems = candidateProblems(state, candidate);
  return problems.length ? problems.map(describe).join('; ') : true;
}

/**
 * Refuse flags that are wrong on their own before asking anything (e.g. an unknown `--stt` id).
 *
 * @throws ConfigError (exit 2) naming each flag
 */
function checkGiven(given: ConfigLayer): void {
  const problems = problemsOfKnownKeys(given, new Set(keysOf(given)));
  if (problems.length) {
    throw new ConfigError(
      'invalid configuration: nothing was written',
      problems.map((p) => `${optionLabel(optionFor(p.key), 'flag')}: ${p.message}`),
    );
  }
}

/**
 * The question of a step, with choices that would make the configuration invalid removed and
 * answers validated by the resolver's rules.
 *
 * @returns the question, or `{ only }` when a single choice remains (taken without asking), or
 *   null when none remains (the final resolution reports why)
 */
function buildQuestion(step: WizardStep, state: WizardState): QuestionRow | { only: unknown } | null {
  const q = step.question(state);
  if (q.kind === 'select' && q.choices) {
    const valid = q.choices.filter((c) => validateAnswer(step, state, c.value) === true);
    if (valid.length === 0) return null;
    if (valid.length === 1) return { only: valid[0].value };
    return { ...q, choices: valid, default: valid.some((c) => c.value === q.default) ? q.default : valid[0].value };
  }
  const own = q.validate;
  return {
    ...q,
    validate: (value: unknown) => {
      const first = own ? own(value) : true;
      return first === true ? validateAnswer(step, state, value) : first;
    },
  };
}

/**
 * The summary printed before the confirmation.
 *
 * @param config the resolved configuration
 * @param target absolute project folder
 * @returns lines of text (no trailing newline)
 */
function summaryText(config: ProjectConfig, target: string): string {
  const d = deriveValues(config);
  const label = (id: string | null): string => (id ? (findService(id)?.label ?? id) : '');
  const botChoice =
    config.bot_type === 'telephony'
      ? 'telephony'
      : (findClientKind(config.client_framework, config.client_server)?.wizard.value ?? 'web-none');
  const bot = BOT_CLIENT_CHOICES.find((c) => c.value === botChoice)?.title ?? config.bot_type;
  const pipeline =
    config.mode === 'cascade'
      ? `cascade: ${label(config.stt_service)} → ${label(config.llm_service)} → ${label(config.tts_service)}`
      : `realtime: ${label(config.realtime_service)}`;
  // Every feature that is on, as the options table names it; the avatar after video output.
  const features = CONFIG_OPTIONS.flatMap((o) => {
    const on = o.feature && config[o.key] === true ? [o.feature.summary] : [];
    return o.key === 'video_output' && config.video_service ? [...on, `avatar: ${label(config.video_service)}`] : on;
  });
  const rows: [string, string][] = [
    ['Project', `${config.project_name}  (${target})`],
    ['Bot', bot],
    ['Transports', config.transports.map((t) => findTransport(t)?.label ?? t).join(', ')],
    ['Pipeline', pipeline],
    ['Features', features.length ? features.join(', ') : 'none'],
    ['Deployment', config.deploy_to_cloud ? `Pipecat Cloud, agent ${d.agent_name}, secret set ${d.secret_set}` : 'local only'],
  ];
  return ['', 'Summary', ...rows.map(([k, v]) => `  ${k.padEnd(12)}${v}`), ''].join('\n');
}

/**
 * Run the wizard: ask each missing answer in order, show the summary, ask for confirmation, then
 * (when `offerInstall`) offer to install the dependencies.
 *
 * @param opts given values, output folder, how to resolve, ask and log
 * @returns the resolved configuration (flags and answers through the one resolver), the layer of
 *   given values and answers it was resolved from (an update applies it over the recorded
 *   configuration), and whether the install offer was accepted
 * @throws ConfigError (exit 2) when the given flags are invalid on their own;
 *   WizardCancelledError (exit 130) when the confirmation is declined; whatever `ask` throws
 *   on Ctrl-C/Esc
 */
export async function askWizard(opts: WizardOptions): Promise<WizardResult> {
  checkGiven(opts.given);
  const answers: ConfigLayer = {};
  const state: WizardState = { given: opts.given, answers, output: opts.output, target: opts.target, defaults: opts.defaults };
  for (const step of WIZARD_STEPS) {
    if (!step.applies(state)) continue;
    const q = buildQuestion(step, state);
    if (q === null) continue;
    if (!('only' in q) && step.intro) opts.log(step.intro(state));
    const answer = 'only' in q ? q.only : await opts.ask(q);
    Object.assign(answers, step.toLayer(answer, state));
  }
  const layer: ConfigLayer = { ...opts.given, ...answers };
  const config = opts.resolve ? opts.resolve(layer) : resolveConfig({ flags: layer });
  opts.log(summaryText(config, opts.target ? opts.target(config.project_name) : join(opts.output, config.project_name)));
  if (opts.yes) return { config, layer, install: false };
  const ok = await opts.ask(confirmQuestion());
  if (ok !== true) throw new WizardCancelledError();
  const install = opts.offerInstall === true && (await opts.ask(installQuestion(hasClient(config)))) === true;
  return { config, layer, install };
}

export { CONFIRM_QUESTION };
