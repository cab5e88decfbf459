/**
 * The shape of the template context (`context.ts` computes it): every value and named predicate
 * a template reads.
 */
import type {
  EnvVarDefinition,
  LocalModel,
  ServiceDefinition,
  ServiceRole,
  TransportDefinition,
  TransportParamsDefinition,
} from '../catalogue/types.js';
import type { DerivedValues } from '../config/derive.js';
import type { FeatureReadme, ProjectConfig } from '../config/options.js';
import type { PipelineRates } from './rates.js';

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
    /** The bot places calls and its realtime service must be handed the context when the callee answers (`dialoutContext`). */
    dialoutContext: boolean;
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
   * Kinds of session that reach `bot()` through `create_transport` (the runner): all of
   * {@link callKinds} when there is one kind; otherwise `web` (a browser or eval client) and `phone`
   * (a media stream or Daily's dial-in webhook) as present. One kind: bot() passes it as is; more:
   * bot() tells them apart at run time.
   */
  runnerCallKinds: CallKind[];
  /** The pipeline's sample rates as bot.py sets them, with their comments (see {@link PipelineRates}). */
  rates: PipelineRates;
  /** The yes/no features that are on, in options-table order: the README's Features row. */
  features: FeatureReadme[];
  /** The README bullets of the features that are on, in their `order` (partials under `templates/project/`). */
  featureSections: { partial: string }[];
  /**
   * Pipeline output rates (Hz) for cascade bots: `phone` for phone media streams (whose wire is
   * 8 kHz) and `web` for every other session, each the rate the TTS vendor really delivers when
   * asked for 8000 or 24000 Hz ({@link ttsDeliveredRate}); the transport converts it for the wire.
   */
  outRates: { phone: number; web: number };
  /**
   * The bot's video output size in pixels: the avatar's own frame size when the catalogue gives
   * one (`videoOutSize`, e.g. Simli's square face), else 1024x576 (16:9); `args`, the avatar's
   * further params (`videoOutArgs`, Python `name=value`), written beside them.
   */
  videoOut: { width: number; height: number; args: readonly string[] };
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
