/**
 * The template context: everything the templates need, computed once from a resolved
 * configuration and the catalogue. Templates hold no vendor lists and no feature logic beyond
 * `if` on these named predicates.
 *
 * Sources: pipecat-ai/pipecat 1.8.0 (commit acead05): the pipeline and worker
 * (`src/pipecat/pipeline/`), the runner and transports (`src/pipecat/runner/`), the features' classes
 * each row's `record` names, and the extras of its `pyproject.toml`; variable names:
 * docs/generated-project.md, "Environment variable names".
 */
import { findService, findTransport } from '../catalogue/catalogue.js';
import type { ServiceDefinition, ServiceRole, TransportDefinition } from '../catalogue/types.js';
import { deriveValues } from '../config/derive.js';
import { FEATURE_OPTIONS, ROLE_OF_KEY, type FeatureReadme, type FeatureServerParts, type ProjectConfig } from '../config/options.js';
import type { CallKind, ChosenService, RunnerEntry, TemplateContext } from './context-types.js';
import { pipelineRates, sessionRates } from './rates.js';
import { envGroups, localModelStep, serviceCheck } from './service-parts.js';

export type * from './context-types.js';
export { PHONE_RATE, WEB_IN_RATE, WEB_OUT_RATE, pipelineRates, ttsDeliveredRate, type PipelineRates } from './rates.js';
export { envGroups, localModelStep, serviceCheck } from './service-parts.js';

import { PIPECAT_FLOOR } from '../config/pipecat-version.js';

export { PIPECAT_FLOOR };
/** pipecat-ai-whisker 2.x has the WhiskerServer API used for observability (its PyPI page, 2.0.1). */
const WHISKER_REQUIREMENT = 'pipecat-ai-whisker>=2.0.1';
/**
 * The Ollama model pipecat's eval harness judges `eval:` criteria with when a scenario names no
 * judge: pipecat 1.8 changed it from `gemma2:9b` (pipecat/evals/services.py
 * `DEFAULT_OLLAMA_JUDGE_MODEL`; changelog/5243.changed.md). The eval starters and the README tell
 * users to `ollama pull` it.
 */
const EVAL_JUDGE_MODEL = 'gemma4:12b';
/**
 * pipecatcloud for cloud projects. A runtime dependency: dailyco/pipecat-base's session server
 * imports it, and the image's `uv sync` removes whatever pyproject.toml does not list. 1.0 is the
 * first release whose commands live only under `pipecat cloud` (pipecat-ai's CLI mounts them; the
 * standalone command is gone), the commands the README gives; it also carries what earlier releases
 * added and the steps rely on: Cloud Build with `deploy --yes` (0.3.0), `.dockerignore` patterns with
 * a trailing slash honoured in cloud builds (0.6.0), session types built on pipecat-ai 1.x (0.5.0).
 */
const PIPECATCLOUD_REQUIREMENT = 'pipecatcloud>=1.0.0';

/**
 * Seconds the worker waits for its processors to set up when a model runs in the agent (pipecat's
 * `setup_timeout_secs`, 20 by default, changelog 5316): the model loads when the service is
 * constructed, but on the smallest profile that runs it the CPU is still busy with it (page cache,
 * first inference sessions) while the transport and the remote services connect.
 */
const LOCAL_MODEL_SETUP_TIMEOUT_SECS = 60;

/**
 * Indent a block of text.
 *
 * @param text lines to indent
 * @param n number of spaces
 */
function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text
    .split('\n')
    .map((l) => (l.trim() ? pad + l : ''))
    .join('\n');
}

/**
 * The server parts of the yes/no features that are on, in options-table order.
 *
 * @param config a resolved configuration
 */
export function featureServerParts(config: ProjectConfig): FeatureServerParts[] {
  return FEATURE_OPTIONS.flatMap((o) => (o.feature.server && config[o.key] === true ? [o.feature.server] : []));
}

/**
 * How the README shows the features that are on: their labels in table order, and their bullets
 * (partials) in their own order.
 *
 * @param config a resolved configuration
 */
function featureReadme(config: ProjectConfig): { features: FeatureReadme[]; featureSections: { partial: string }[] } {
  const on = FEATURE_OPTIONS.filter((o) => config[o.key] === true).map((o) => o.feature.readme);
  const featureSections = on
    .flatMap((r) => (r.section ? [r.section] : []))
    .sort((a, b) => a.order - b.order)
    .map((s) => ({ partial: s.partial }));
  return { features: on, featureSections };
}

/**
 * The chosen services, in pipeline order (stt, llm, tts, realtime, video: the options table's
 * service rows), by role and as a list.
 *
 * @param config a resolved configuration
 * @throws Error when an id is not in the catalogue (resolveConfig prevents it)
 */
function chooseServices(config: ProjectConfig): { services: Partial<Record<ServiceRole, ServiceDefinition>>; chosen: ChosenService[] } {
  const services: Partial<Record<ServiceRole, ServiceDefinition>> = {};
  const chosen: ChosenService[] = [];
  for (const [key, role] of Object.entries(ROLE_OF_KEY) as [keyof ProjectConfig, ServiceRole][]) {
    const id = config[key];
    if (typeof id !== 'string') continue;
    const def = findService(id);
    if (!def) throw new Error(`unknown ${role} service ${id}`);
    services[role] = def;
    chosen.push({ role, def });
  }
  return { services, chosen };
}

/**
 * The entries of `create_transport`'s params dict: one per runner transport of the chosen
 * transports (video settings when any of them carries video), then the features' (e.g. `-t eval`).
 *
 * @param transports the chosen transports
 * @param features the server parts of the features that are on
 */
function runnerEntriesOf(transports: readonly TransportDefinition[], features: readonly FeatureServerParts[]): RunnerEntry[] {
  const entries: RunnerEntry[] = [];
  for (const t of transports) {
    if (t.flow !== 'runner' || !t.params) continue;
    const known = entries.find((e) => e.key === t.runnerTransport);
    if (known) known.video ||= t.params.video;
    else
      entries.push({
        key: t.runnerTransport,
        className: t.params.className,
        args: t.params.args ?? [],
        comment: t.params.comment,
        video: t.params.video,
      });
  }
  for (const e of features.flatMap((f) => (f.runnerEntry ? [f.runnerEntry] : []))) {
    entries.push({ key: e.key, className: e.className, args: [], comment: e.comment, video: false });
  }
  return entries;
}

/**
 * The session predicates of the chosen transports (which kinds of call `bot()` receives and how).
 *
 * @param transports the chosen transports
 */
function sessionFacts(transports: readonly TransportDefinition[]) {
  const some = (p: (t: TransportDefinition) => boolean): boolean => transports.some(p);
  return {
    phoneWebsocket: some((t) => t.call === 'phone' && t.runnerArgs === 'WebSocketRunnerArguments'),
    webWebsocket: some((t) => t.call === 'web' && t.runnerArgs === 'WebSocketRunnerArguments'),
    webTransport: some((t) => t.call === 'web'),
    pstnDialin: some((t) => t.dialMode === 'dial-in' && t.dialVia === 'pstn'),
    sipDialin: some((t) => t.dialMode === 'dial-in' && t.dialVia === 'sip'),
    dialout: some((t) => t.call === 'dialout'),
    sipDialout: some((t) => t.call === 'dialout' && t.dialVia === 'sip'),
    callServer: some((t) => t.flow === 'daily-server'),
  };
}

/**
 * The named predicates of the templates (`is.*`).
 *
 * @param config a resolved configuration
 * @param facts the transports' session predicates
 * @param chosen the chosen services
 * @param runner whether some transport or feature goes through `create_transport`
 */
function predicates(
  config: ProjectConfig,
  facts: ReturnType<typeof sessionFacts>,
  chosen: ChosenService[],
  runner: boolean,
): TemplateContext['is'] {
  const web = config.bot_type === 'web';
  return {
    web,
    telephony: !web,
    cascade: config.mode === 'cascade',
    realtime: config.mode === 'realtime',
    cloud: config.deploy_to_cloud,
    krisp: config.enable_noisecancel,
    recording: config.recording,
    transcription: config.transcription,
    observability: config.enable_observability,
    videoIn: config.video_input,
    videoOut: config.video_output || config.video_service != null,
    avatar: config.video_service != null,
    needsSession: chosen.some((c) => c.def.needsHttpSession),
    runner,
    phoneWebsocket: facts.phoneWebsocket,
    pstnDialin: facts.pstnDialin,
    callServer: facts.callServer,
    sipDialin: facts.sipDialin,
    dialout: facts.dialout,
    sipDialout: facts.sipDialout,
    dialoutContext: facts.dialout && chosen.some((c) => c.def.dialoutContext),
    webTransport: facts.webTransport,
    eval: config.enable_eval,
    webWebsocket: facts.webWebsocket,
  };
}

/**
 * The Python requirements: pipecat-ai extras of the transports (and their video extras when video
 * flows) and services, other packages, the Python floor and the dev group.
 *
 * @param parts the chosen transports and services, and the predicates
 * @param features the server parts of the features that are on
 * @param floor the lowest pipecat-ai release required (`pipecat_version`, else {@link PIPECAT_FLOOR})
 */
function requirements(
  { transports, chosen, is }: { transports: readonly TransportDefinition[]; chosen: readonly ChosenService[]; is: TemplateContext['is'] },
  features: readonly FeatureServerParts[],
  floor: string,
): Pick<TemplateContext, 'extras' | 'packages' | 'devPackages' | 'requiresPython' | 'pipecatRequirement'> {
  const extras = new Set<string>(['runner']);
  const packages = new Set<string>();
  for (const t of transports) {
    t.extras.forEach((e) => extras.add(e));
    (t.packages ?? []).forEach((p) => packages.add(p));
  }
  if (is.videoIn || is.videoOut) transports.forEach((t) => (t.videoExtras ?? []).forEach((e) => extras.add(e)));
  for (const c of chosen) {
    c.def.extras.forEach((e) => extras.add(e));
    (c.def.packages ?? []).forEach((p) => packages.add(p));
  }
  if (is.observability) packages.add(WHISKER_REQUIREMENT);
  if (is.sipDialin) packages.add('python-multipart>=0.0.9');
  const sorted = [...extras].sort();
  return {
    extras: sorted,
    packages: [...packages].sort(),
    // pipecat-ai's `cli` extra makes the venv's `pipecat` command work (`uv run pipecat cloud …`
    // mounts pipecatcloud's commands); without it that command prints an install hint.
    devPackages: [...features.flatMap((f) => f.devExtras ?? []), ...(is.cloud ? ['cli'] : [])].map(
      (extra) => `pipecat-ai[${extra}]>=${floor}`,
    ),
    requiresPython: chosen.some((c) => c.def.requiresPython === '3.12') ? '>=3.12' : '>=3.11',
    pipecatRequirement: `pipecat-ai[${sorted.join(',')}]>=${floor}`,
  };
}

/**
 * Build the template context.
 *
 * @param config a resolved configuration
 * @throws Error when the configuration names an id the catalogue lacks (resolveConfig prevents it)
 */
export function buildContext(config: ProjectConfig): TemplateContext {
  const transports = config.transports.map((id) => {
    const t = findTransport(id);
    if (!t) throw new Error(`unknown transport ${id}`);
    return t;
  });
  const { services, chosen } = chooseServices(config);
  const facts = sessionFacts(transports);
  // Features that are on add their runner entries (e.g. `-t eval`) after the transports'.
  const features = featureServerParts(config);
  const runnerEntries = runnerEntriesOf(transports, features);
  const callKinds: CallKind[] = [];
  if (facts.webTransport || features.some((f) => f.runnerEntry?.call === 'web')) callKinds.push('web');
  if (facts.phoneWebsocket || facts.pstnDialin || facts.sipDialin) callKinds.push('phone');
  if (facts.dialout) callKinds.push('dialout');
  const phoneStreamTest = facts.webWebsocket
    ? 'isinstance(runner_args, WebSocketRunnerArguments) and runner_args.transport_type != "websocket"'
    : 'isinstance(runner_args, WebSocketRunnerArguments)';
  const is = predicates(config, facts, chosen, runnerEntries.length > 0);
  const runnerCallKinds: CallKind[] =
    callKinds.length === 1
      ? callKinds
      : [...(is.webTransport || is.eval ? ['web' as const] : []), ...(is.phoneWebsocket || is.pstnDialin ? ['phone' as const] : [])];
  const labels = chosen.filter((c) => c.role !== 'video').map((c) => c.def.label);
  const localModels = chosen.flatMap((c) => (c.def.localModel ? [localModelStep(c.def, c.def.localModel)] : []));
  return {
    config,
    derived: deriveValues(config),
    pipelineLabel: labels.join(' → '),
    transports,
    services,
    chosen,
    is,
    runnerEntries,
    phoneStreamTest,
    callKinds,
    runnerCallKinds,
    ...sessionRates(services),
    rates: pipelineRates({ services, is, callKindCount: callKinds.length, phoneStreamTest }),
    ...featureReadme(config),
    videoOut: {
      width: services.video?.videoOutSize?.[0] ?? 1024,
      height: services.video?.videoOutSize?.[1] ?? 576,
      args: services.video?.videoOutArgs ?? [],
    },
    envGroups: envGroups(transports, chosen, is),
    serviceChecks: chosen.map(serviceCheck),
    localModels,
    localSetupTimeoutSecs: LOCAL_MODEL_SETUP_TIMEOUT_SECS,
    agentProfile: (['agent-1x', 'agent-2x', 'agent-3x'] as const)[
      Math.max(is.videoIn || is.videoOut ? 1 : 0, ...localModels.map((l) => (l.model.profile === 'agent-3x' ? 2 : 1)))
    ],
    ...requirements({ transports, chosen, is }, features, config.pipecat_version ?? PIPECAT_FLOOR),
    evalJudgeModel: EVAL_JUDGE_MODEL,
    pipecatcloudRequirement: PIPECATCLOUD_REQUIREMENT,
    indent,
  };
}
