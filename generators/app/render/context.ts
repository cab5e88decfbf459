/**
 * The template context: everything the templates need, computed once from a resolved
 * configuration and the catalogue. Templates hold no vendor lists and no feature logic beyond
 * `if` on these named predicates.
 *
 * Sources: catalogue-facts §2–§4 (pipeline, runner, transports), §10 (env vars), §11 (features),
 * §12 (extras).
 */
import { findService, findTransport } from '../catalogue/catalogue.js';
import type {
  EnvVarDefinition,
  LocalModel,
  ServiceDefinition,
  ServiceRole,
  TransportDefinition,
  TransportParamsDefinition,
} from '../catalogue/types.js';
import { CONFIG_OPTIONS, type FeatureServerParts } from '../config/options.js';
import { deriveValues, type DerivedValues } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';

/**
 * Minimum pipecat-ai release the generated code is written for: 1.8 added
 * `ProcessorUnusablePolicy`, which every generated worker sets (the API index describes pipecat's
 * HEAD `acead05`, 1.7.1.dev771, what 1.8.0 released). No upper bound: users get the newest release.
 */
export const PIPECAT_FLOOR = '1.8.0';
/** pipecat-ai-whisker 2.x has the WhiskerServer API used for observability (catalogue-facts §11.1). */
export const WHISKER_REQUIREMENT = 'pipecat-ai-whisker>=2.0.1';
/**
 * The Ollama model pipecat's eval harness judges `eval:` criteria with when a scenario names no
 * judge: pipecat 1.8 changed it from `gemma2:9b` (pipecat/evals/services.py
 * `DEFAULT_OLLAMA_JUDGE_MODEL`; changelog/5243.changed.md). The eval starters and the README tell
 * users to `ollama pull` it.
 */
export const EVAL_JUDGE_MODEL = 'gemma4:12b';
/**
 * pipecatcloud for cloud projects. A runtime dependency: dailyco/pipecat-base's session server
 * imports it, and the image's `uv sync` removes whatever pyproject.toml does not list. 1.0 is the
 * first release whose commands live only under `pipecat cloud` (pipecat-ai's CLI mounts them; the
 * standalone command is gone), the commands the README gives; it also carries what earlier releases
 * added and the steps rely on: Cloud Build with `deploy --yes` (0.3.0), `.dockerignore` patterns with
 * a trailing slash honoured in cloud builds (0.6.0), session types built on pipecat-ai 1.x (0.5.0).
 */
export const PIPECATCLOUD_REQUIREMENT = 'pipecatcloud>=1.0.0';

/** Kind of session the bot can be asked to run. */
export type CallKind = 'web' | 'phone' | 'dialout';

/** One group of lines in `.env.example`. */
export interface EnvGroup {
  title: string;
  vars: EnvVarDefinition[];
}

/** A chosen service with its role. */
export interface ChosenService {
  role: ServiceRole;
  def: ServiceDefinition;
}

/**
 * One entry of the `transport_params` dict the bot passes to `create_transport`: the runner's
 * key and its params, merged over the chosen transports that share the key (video settings go in
 * when any of them carries video).
 */
export interface RunnerEntry {
  /** `create_transport` key, the dev runner's `-t` value (`daily`, `webrtc`, `twilio`...). */
  key: string;
  /** A params class: a transport's, or a feature's (`FeatureServerParts.runnerEntry`). */
  className: TransportParamsDefinition['className'] | (string & {});
  /** Further `name=value` keyword arguments (see {@link TransportParamsDefinition}). */
  args: readonly string[];
  comment?: string;
  /** Video settings go in (some transport with this key carries video). */
  video: boolean;
}

/**
 * What the generated bot names when one of its services can no longer do its job (pipecat 1.8's
 * `FrameProcessor.is_usable`, changelog 5242): the Python variable that holds the service in
 * `run_bot`, the service's name, and the environment variables to check, from its catalogue entry.
 */
export interface ServiceCheck {
  /** Python variable holding the service in `run_bot`: `stt`, `llm`, `tts` or `video` (a realtime service is `llm`). */
  variable: 'stt' | 'llm' | 'tts' | 'video';
  /** The service's label with its role, e.g. `Cartesia TTS`, `OpenAI Realtime`. */
  name: string;
  /** Variables the bot cannot run without (`required` in the catalogue): always named. */
  required: string[];
  /** Optional variables (a model, a voice): named only when set, as a wrong value may be the cause. */
  optional: string[];
}

/**
 * A chosen service whose model runs in the agent, with what the Dockerfile needs to fetch its
 * weights at build time (see {@link LocalModel}).
 */
export interface LocalModelStep {
  /** The service's label, e.g. `Whisper (Local)`. */
  label: string;
  model: LocalModel;
  /**
   * `localModel.chosenBy`: the Dockerfile declares each as a build argument, so
   * `docker build --build-arg NAME=value` fetches the model the bot will load.
   */
  args: string[];
  /**
   * One line of Python for `python -c`, in single quotes in the Dockerfile (so it holds none):
   * the entry's imports, `os`, `present` as bot.py defines it, and the entry's own `construct`
   * expression, so the image downloads exactly what bot.py constructs.
   */
  fetch: string;
}

/**
 * Seconds the worker waits for its processors to set up when a model runs in the agent (pipecat's
 * `setup_timeout_secs`, 20 by default, changelog 5316): the model loads when the service is
 * constructed, but on the smallest profile that runs it the CPU is still busy with it (page cache,
 * first inference sessions) while the transport and the remote services connect.
 */
export const LOCAL_MODEL_SETUP_TIMEOUT_SECS = 60;

/** Named predicates and values for the templates. */
export interface TemplateContext {
  config: ProjectConfig;
  derived: DerivedValues;
  /** Human label of the pipeline, e.g. `Deepgram → OpenAI → Cartesia`. */
  pipelineLabel: string;
  transports: TransportDefinition[];
  services: Partial<Record<ServiceRole, ServiceDefinition>>;
  chosen: ChosenService[];
  is: {
    web: boolean;
    telephony: boolean;
    cascade: boolean;
    realtime: boolean;
    cloud: boolean;
    krisp: boolean;
    recording: boolean;
    transcription: boolean;
    observability: boolean;
    videoIn: boolean;
    videoOut: boolean;
    avatar: boolean;
    needsSession: boolean;
    /** Some transport goes through `create_transport` (dev runner / Pipecat Cloud sessions). */
    runner: boolean;
    /** A phone call over a provider's media-stream WebSocket (Twilio, Telnyx, Plivo, Exotel). */
    phoneWebsocket: boolean;
    /** A phone call into a Daily room over Daily's own numbers (the runner's dial-in webhook). */
    pstnDialin: boolean;
    /** A Daily call set up by the generated server.py (PSTN dial-out, Twilio + Daily SIP). */
    callServer: boolean;
    /** A phone call forwarded over SIP into a Daily room (Twilio + Daily SIP dial-in). */
    sipDialin: boolean;
    /** The bot places calls. */
    dialout: boolean;
    /** The bot places calls through a SIP domain (Twilio + Daily SIP dial-out). */
    sipDialout: boolean;
    /** A browser session (`call: 'web'`). */
    webTransport: boolean;
    /** pipecat's eval transport (`-t eval`): an RTVI client session, like a browser's. */
    eval: boolean;
    /** A browser session over the runner's plain WebSocket (`/ws-client`), a `WebSocketRunnerArguments` too. */
    webWebsocket: boolean;
  };
  /** Entries of `create_transport`'s params dict, in order of the chosen transports. */
  runnerEntries: RunnerEntry[];
  /**
   * Python test that `runner_args` is a phone media stream: `isinstance(runner_args,
   * WebSocketRunnerArguments)`, narrowed by `transport_type` when a browser WebSocket session
   * arrives with the same class.
   */
  phoneStreamTest: string;
  /** Kinds of session bot() may run (an eval session is a `web` one: an RTVI client). */
  callKinds: CallKind[];
  /**
   * Pipeline output rates (Hz) for cascade bots: `phone` for phone media streams (whose wire is
   * 8 kHz) and `web` for every other session, each the rate the TTS vendor really delivers when
   * asked for 8000 or 24000 Hz ({@link ttsDeliveredRate}); the transport converts it for the wire.
   */
  outRates: { phone: number; web: number };
  /**
   * The bot's video output size in pixels: the avatar's own frame size when the catalogue gives
   * one (`videoOutSize`, e.g. Simli's square face), else 1024x576 (16:9).
   */
  videoOut: { width: number; height: number };
  /**
   * Pipeline input rates (Hz) for cascade bots: `phone` for phone media streams and `web` for every
   * other session. The STT's fixed input rate when its class has one (the catalogue's
   * `inputSampleRate`), else 8000 on phone media streams (their wire rate) and pipecat's 16000
   * default otherwise; the transport or serializer resamples the user's audio to it.
   */
  inRates: { phone: number; web: number };
  envGroups: EnvGroup[];
  /** One entry per chosen service, in pipeline order (see {@link ServiceCheck}). */
  serviceChecks: ServiceCheck[];
  /** Chosen services whose model runs in the agent, in pipeline order. */
  localModels: LocalModelStep[];
  /**
   * Pipecat Cloud profile in pcc-deploy.toml: `agent-1x` for audio, `agent-2x` with video, and at
   * least the largest `localModel.profile` of the chosen services.
   */
  agentProfile: 'agent-1x' | 'agent-2x' | 'agent-3x';
  /** {@link LOCAL_MODEL_SETUP_TIMEOUT_SECS}, for the worker of a bot with local models. */
  localSetupTimeoutSecs: number;
  /** Sorted pipecat-ai extras. */
  extras: string[];
  /** Other runtime requirements (PyPI). */
  packages: string[];
  /**
   * Requirements of the `dev` dependency group beyond ruff (local tools the image goes without):
   * the features' dev extras, and pipecat-ai's `cli` extra for cloud projects (`uv run pipecat cloud …`).
   */
  devPackages: string[];
  requiresPython: string;
  pipecatRequirement: string;
  /** {@link EVAL_JUDGE_MODEL}: the Ollama model pipecat's eval harness judges with by default. */
  evalJudgeModel: string;
  /** {@link PIPECATCLOUD_REQUIREMENT}. */
  pipecatcloudRequirement: string;
  /** Indent every non-empty line of `text` by `n` spaces (first line included). */
  indent: (text: string, n: number) => string;
}

/**
 * Indent a block of text.
 *
 * @param text lines to indent
 * @param n number of spaces
 */
export function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text
    .split('\n')
    .map((l) => (l.trim() ? pad + l : ''))
    .join('\n');
}

/** Phone media streams carry 8 kHz audio; pipecat's default pipeline output is 24 kHz. */
export const PHONE_RATE = 8000;
export const WEB_OUT_RATE = 24000;
/** pipecat's default pipeline input rate (`PipelineParams.audio_in_sample_rate`). */
export const WEB_IN_RATE = 16000;

/**
 * The rate (Hz) a TTS vendor delivers when pipecat asks for `requested` Hz, from the catalogue's
 * `outputSampleRates` fact: a fixed-rate vendor's one rate; else `requested` when the vendor can
 * send it; else the smallest supported rate above it (the largest when none is above).
 *
 * Running the pipeline's output at this rate keeps every TTS frame labelled with the rate of its
 * bytes (pipecat's services label audio with the pipeline rate; OpenAI TTS and Gemini TTS send
 * 24 kHz whatever they are asked); the output transport resamples to the wire.
 *
 * @param tts the TTS entry, or undefined (realtime bots): `requested` is returned
 * @param requested the rate the pipeline would otherwise use, in Hz
 */
export function ttsDeliveredRate(tts: ServiceDefinition | undefined, requested: number): number {
  const fact = tts?.outputSampleRates;
  if (!fact) return requested;
  if (fact.fixed || fact.rates.includes(requested)) return fact.fixed ? fact.rates[0] : requested;
  return fact.rates.find((r) => r > requested) ?? fact.rates[fact.rates.length - 1];
}

/**
 * The server parts of the yes/no features that are on, in options-table order.
 *
 * @param config a resolved configuration
 */
export function featureServerParts(config: ProjectConfig): FeatureServerParts[] {
  return CONFIG_OPTIONS.flatMap((o) => (o.feature?.server && config[o.key] === true ? [o.feature.server] : []));
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
  const services: Partial<Record<ServiceRole, ServiceDefinition>> = {};
  const chosen: ChosenService[] = [];
  const keys: [ServiceRole, string | null][] = [
    ['stt', config.stt_service],
    ['llm', config.llm_service],
    ['tts', config.tts_service],
    ['realtime', config.realtime_service],
    ['video', config.video_service],
  ];
  for (const [role, id] of keys) {
    if (!id) continue;
    const def = findService(id);
    if (!def) throw new Error(`unknown ${role} service ${id}`);
    services[role] = def;
    chosen.push({ role, def });
  }
  const web = config.bot_type === 'web';
  const phoneWebsocket = transports.some((t) => t.call === 'phone' && t.runnerArgs === 'WebSocketRunnerArguments');
  const webWebsocket = transports.some((t) => t.call === 'web' && t.runnerArgs === 'WebSocketRunnerArguments');
  const webTransport = transports.some((t) => t.call === 'web');
  const pstnDialin = transports.some((t) => t.dialMode === 'dial-in' && t.dialVia === 'pstn');
  const sipDialin = transports.some((t) => t.dialMode === 'dial-in' && t.dialVia === 'sip');
  const dialout = transports.some((t) => t.call === 'dialout');
  const callServer = transports.some((t) => t.flow === 'daily-server');
  const runnerEntries: RunnerEntry[] = [];
  for (const t of transports) {
    if (t.flow !== 'runner' || !t.params) continue;
    const known = runnerEntries.find((e) => e.key === t.runnerTransport);
    if (known) known.video ||= t.params.video;
    else
      runnerEntries.push({
        key: t.runnerTransport,
        className: t.params.className,
        args: t.params.args ?? [],
        comment: t.params.comment,
        video: t.params.video,
      });
  }
  // Features that are on add their runner entries (e.g. `-t eval`) after the transports'.
  const features = featureServerParts(config);
  for (const e of features.flatMap((f) => (f.runnerEntry ? [f.runnerEntry] : []))) {
    runnerEntries.push({ key: e.key, className: e.className, args: [], comment: e.comment, video: false });
  }
  const callKinds: CallKind[] = [];
  if (webTransport || features.some((f) => f.runnerEntry?.call === 'web')) callKinds.push('web');
  if (phoneWebsocket || pstnDialin || sipDialin) callKinds.push('phone');
  if (dialout) callKinds.push('dialout');
  const phoneStreamTest = webWebsocket
    ? 'isinstance(runner_args, WebSocketRunnerArguments) and runner_args.transport_type != "websocket"'
    : 'isinstance(runner_args, WebSocketRunnerArguments)';

  const is: TemplateContext['is'] = {
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
    runner: runnerEntries.length > 0,
    phoneWebsocket,
    pstnDialin,
    callServer,
    sipDialin,
    dialout,
    sipDialout: transports.some((t) => t.call === 'dialout' && t.dialVia === 'sip'),
    webTransport,
    eval: config.enable_eval,
    webWebsocket,
  };

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
  const requiresPython = chosen.some((c) => c.def.requiresPython === '3.12') ? '>=3.12' : '>=3.11';

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
    outRates: { phone: ttsDeliveredRate(services.tts, PHONE_RATE), web: ttsDeliveredRate(services.tts, WEB_OUT_RATE) },
    videoOut: { width: services.video?.videoOutSize?.[0] ?? 1024, height: services.video?.videoOutSize?.[1] ?? 576 },
    inRates: { phone: services.stt?.inputSampleRate?.rate ?? PHONE_RATE, web: services.stt?.inputSampleRate?.rate ?? WEB_IN_RATE },
    envGroups: envGroups(transports, chosen, is),
    serviceChecks: chosen.map(serviceCheck),
    localModels,
    localSetupTimeoutSecs: LOCAL_MODEL_SETUP_TIMEOUT_SECS,
    agentProfile: (['agent-1x', 'agent-2x', 'agent-3x'] as const)[
      Math.max(is.videoIn || is.videoOut ? 1 : 0, ...localModels.map((l) => (l.model.profile === 'agent-3x' ? 2 : 1)))
    ],
    extras: [...extras].sort(),
    packages: [...packages].sort(),
    // pipecat-ai's `cli` extra makes the venv's `pipecat` command work (`uv run pipecat cloud …`
    // mounts pipecatcloud's commands); without it that command prints an install hint.
    devPackages: [...features.flatMap((f) => f.devExtras ?? []), ...(is.cloud ? ['cli'] : [])].map(
      (extra) => `pipecat-ai[${extra}]>=${PIPECAT_FLOOR}`,
    ),
    requiresPython,
    pipecatRequirement: `pipecat-ai[${[...extras].sort().join(',')}]>=${PIPECAT_FLOOR}`,
    evalJudgeModel: EVAL_JUDGE_MODEL,
    pipecatcloudRequirement: PIPECATCLOUD_REQUIREMENT,
    indent,
  };
}

/**
 * The Dockerfile's build-time fetch of a local model (see {@link LocalModelStep}).
 *
 * @param def the service entry
 * @param model its `localModel` fact
 * @throws Error when the construction uses a name only `run_bot` defines, or holds a single quote
 */
export function localModelStep(def: ServiceDefinition, model: LocalModel): LocalModelStep {
  const construct = def.construct
    .split('\n')
    .map((l) => l.trim())
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/,? \)/g, ')');
  if (/\b(required|session|call|SYSTEM_INSTRUCTION)\b/.test(construct) || construct.includes("'"))
    throw new Error(`${def.id}: its construction cannot run at image build time: ${construct}`);
  const imports = def.imports.map((i) => `from ${i.from} import ${i.names.join(', ')}`);
  const fetch = ['import os', 'present = lambda **fields: {k: v for k, v in fields.items() if v}', ...imports, construct].join('; ');
  const unknown = model.chosenBy.filter((name) => !construct.includes(`"${name}"`));
  if (unknown.length)
    throw new Error(`${def.id}: localModel.chosenBy names variables its construction does not read: ${unknown.join(', ')}`);
  return { label: def.label, model, args: [...model.chosenBy], fetch };
}

/** Word added after a service's label to say its role, unless the label already says it. */
const ROLE_WORDS: Record<ServiceRole, string> = { stt: 'STT', llm: 'LLM', tts: 'TTS', realtime: 'Realtime', video: 'avatar' };

/**
 * The {@link ServiceCheck} of a chosen service: its variable in `run_bot`, its name with its role
 * (`Cartesia TTS`; `OpenAI Realtime` unchanged) and its variables, those the bot or pipecat reads
 * for it (the entry's `env`) except the ones the runner or platform sets (`commented`).
 *
 * @param c a chosen service
 */
export function serviceCheck(c: ChosenService): ServiceCheck {
  const word = ROLE_WORDS[c.role];
  const name = c.def.label.toLowerCase().includes(word.toLowerCase()) ? c.def.label : `${c.def.label} ${word}`;
  const env = c.def.env.filter((v) => !v.commented);
  return {
    variable: c.role === 'realtime' ? 'llm' : c.role,
    name,
    required: env.filter((v) => v.required).map((v) => v.name),
    optional: env.filter((v) => !v.required).map((v) => v.name),
  };
}

const ROLE_TITLES: Record<ServiceRole, string> = {
  stt: 'Speech-to-text',
  llm: 'LLM',
  tts: 'Text-to-speech',
  realtime: 'Speech-to-speech (realtime)',
  video: 'Video avatar',
};

/**
 * `.env.example` groups: one per transport group and service, each variable once (the first
 * group that needs it keeps it), then features.
 */
function envGroups(transports: TransportDefinition[], chosen: ChosenService[], is: TemplateContext['is']): EnvGroup[] {
  const seen = new Map<string, EnvVarDefinition>();
  const groups: EnvGroup[] = [];
  const add = (title: string, vars: readonly EnvVarDefinition[]): void => {
    const fresh: EnvVarDefinition[] = [];
    for (const v of vars) {
      const earlier = seen.get(v.name);
      if (earlier) {
        // A variable shared by several services is required when any of them requires it.
        if (v.required && !earlier.required) Object.assign(earlier, { required: true });
        continue;
      }
      const copy = { ...v };
      seen.set(v.name, copy);
      fresh.push(copy);
    }
    if (fresh.length) groups.push({ title, vars: fresh });
  };
  for (const t of transports) add(`Transport: ${t.label}`, t.env);
  for (const c of chosen) add(`${ROLE_TITLES[c.role]}: ${c.def.label}`, c.def.env);
  if (is.krisp) {
    add('Krisp VIVA noise cancellation (Pipecat Cloud provides these; only for self-hosting)', [
      {
        name: 'KRISP_VIVA_FILTER_MODEL_PATH',
        description: 'path of the Krisp VIVA filter model (.kef) when self-hosting',
        required: false,
        commented: true,
      },
      { name: 'KRISP_VIVA_API_KEY', description: 'Krisp VIVA SDK key when self-hosting', required: false, commented: true },
    ]);
  }
  // bot.py reads ENV for Krisp, Whisker and, on cloud projects, the recording's log line.
  if ((is.krisp || is.observability || (is.recording && is.cloud)) && !seen.has('ENV')) {
    add('Runtime', [
      {
        name: 'ENV',
        description: 'set to `local` by the development runner (`uv run bot.py`); leave unset in the cloud',
        required: false,
        example: 'local',
        commented: true,
      },
    ]);
  }
  return groups;
}
