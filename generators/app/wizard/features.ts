/**
 * Deployment and the optional features: where the bot runs, then one gate, "Customize the
 * optional features?", behind which each feature of the options table is asked (in table order,
 * the avatar after video output, Krisp only for the cloud). Declining the gate keeps every
 * feature as the list printed above it shows (off, or under `yo pipecat` in a project, as
 * recorded).
 *
 * Answer names (yeoman-test's `withAnswers`): `deploy_to_cloud`, `customize_features` (true to be
 * asked each feature), then the feature keys and `video_service`.
 *
 * Source: pipecat's wizard (`src/pipecat/cli/prompts/questions.py`, "Feature customization
 * gate": the defaults are listed, then `Customize feature settings?`, default no).
 */
import { CONFIG_OPTIONS, optionFor, type ConfigKey, type OptionDefinition } from '../config/options.js';
import type { ConfigLayer } from '../config/resolve.js';
import { serviceChoices } from './pipeline.js';
import { currentValue, defaultFor, isBoolean, isGiven, isKnown, isWeb, oneOf, type WizardState, type WizardStep } from './state.js';

type AskWhen = NonNullable<NonNullable<OptionDefinition['feature']>['askWhen']> | 'always';

/** When a feature question is asked, by the options table's `feature.askWhen`. */
const ASK_WHEN: Record<AskWhen, (s: WizardState) => boolean> = {
  always: () => true,
  web: isWeb,
  // An avatar given as a flag implies video output: not asked then.
  'video-output': (s) => isWeb(s) && !isGiven(s, 'video_service'),
  cloud: (s) => currentValue(s, 'deploy_to_cloud') !== false,
};

/** Where the bot runs. */
export const deployStep: WizardStep = {
  name: 'deploy_to_cloud',
  keys: ['deploy_to_cloud'],
  applies: (s) => !isKnown(s, 'deploy_to_cloud'),
  question: (s) => ({
    kind: 'select',
    name: 'deploy_to_cloud',
    message: 'Deployment',
    choices: [
      { title: 'Local only', value: false },
      { title: 'Pipecat Cloud (adds Dockerfile and pcc-deploy.toml)', value: true },
    ],
    default: defaultFor(s, 'deploy_to_cloud', true, isBoolean),
  }),
  toLayer: (answer) => ({ deploy_to_cloud: answer }),
};

/** A yes/no feature of the options table; its default (the table's, or recorded) is Enter. */
function featureStep(o: OptionDefinition<ConfigKey>): WizardStep {
  const when = ASK_WHEN[o.feature?.askWhen ?? 'always'];
  return {
    name: o.key,
    keys: [o.key],
    applies: (s) => !isKnown(s, o.key) && when(s),
    question: (s) => ({
      kind: 'confirm',
      name: o.key,
      message: o.feature!.prompt,
      default: defaultFor(s, o.key, o.default === true, isBoolean),
    }),
    toLayer: (answer) => ({ [o.key]: answer }),
  };
}

/** The video avatar service (web bots that send video). */
const videoServiceStep: WizardStep = {
  name: 'video_service',
  keys: ['video_service'],
  applies: (s) => !isKnown(s, 'video_service') && isWeb(s) && currentValue(s, 'video_output') === true,
  question: (s) => {
    const choices = [{ title: 'None (the bot sends its own video frames)', value: 'none' }, ...serviceChoices('video')];
    return {
      kind: 'select',
      name: 'video_service',
      message: 'Video avatar service',
      choices,
      default: defaultFor<unknown>(s, 'video_service', 'none', oneOf(choices)),
    };
  },
  toLayer: (answer) => ({ video_service: answer === 'none' ? null : answer }),
};

/** The feature questions behind the gate, in the options table's order, the avatar after video output. */
export const FEATURE_STEPS: readonly WizardStep[] = CONFIG_OPTIONS.flatMap((o): WizardStep[] => {
  if (!o.feature) return [];
  return o.key === 'video_output' ? [featureStep(o), videoServiceStep] : [featureStep(o)];
});

/**
 * What the feature steps answer when each takes its default (Enter through them): the values the
 * gate keeps when declined, in order (an avatar only after video output is on).
 *
 * @param s wizard state
 */
function keptFeatures(s: WizardState): ConfigLayer {
  let out: ConfigLayer = {};
  for (const step of FEATURE_STEPS) {
    const now: WizardState = { ...s, answers: { ...s.answers, ...out } };
    if (step.applies(now)) out = { ...out, ...step.toLayer(step.question(now).default, now) };
  }
  return out;
}

/** The gate before the feature questions. */
export const featureGateStep: WizardStep = {
  name: 'customize_features',
  keys: FEATURE_STEPS.flatMap((st) => st.keys),
  applies: (s) => FEATURE_STEPS.some((st) => st.applies(s)),
  intro: (s) => {
    const kept = keptFeatures(s);
    const rows = (Object.keys(kept) as ConfigKey[]).map((k) => {
      const v = kept[k];
      const label = k === 'video_service' ? 'video avatar' : (optionFor(k).feature?.summary ?? k);
      return `  ${label.padEnd(26)}${v === true ? 'yes' : v === false || v == null ? 'no' : String(v)}`;
    });
    return ['Optional features (kept as listed unless you customize them):', ...rows].join('\n');
  },
  question: () => ({ kind: 'confirm', name: 'customize_features', message: 'Customize the optional features?', default: false }),
  toLayer: (answer, s) => (answer === true ? {} : keptFeatures(s)),
};
