/**
 * Building blocks of the deviation records (`record` on every catalogue entry and feature row; see
 * `DeviationRecord` in ./types.ts): the registry path, where the runtime tier answers each role,
 * and the deviations that recur across services, each with the reason it is kept.
 *
 * Paths are relative to the pipecat-ai-1.8.0-dev folder. The registry is pipecat's own scaffolder's
 * table of service constructions (`SERVICE_CONFIGS` in `src/pipecat/cli/registry/_configs.py`,
 * generated from `service_metadata.py`), which `pipecat init` of pipecat-ai 1.8 writes into `bot.py`.
 */
import type { Change18, Deviation, DeviationRecord, ExampleParam, ExampleRecord } from './types.js';

/** pipecat's scaffolder registry: `SERVICE_CONFIGS` maps a service key to its construction code. */
export const REGISTRY = 'src/pipecat/cli/registry/_configs.py';

/** pipecat's scaffolder templates of the generated server (`bot_cascade.py.jinja2`, macros, server files). */
export const TEMPLATES = 'src/pipecat/cli/templates/server';

/**
 * A citation of one `SERVICE_CONFIGS` entry.
 *
 * @param key the registry key, e.g. `deepgram_stt` (pipecat's key for Ultravox is `ultravox`)
 * @returns `src/pipecat/cli/registry/_configs.py#<key>`
 */
export function reg(key: string): string {
  return `${REGISTRY}#${key}`;
}

/** The pipecat-ai/pipecat commit pipecat 1.8.0 was released from (its examples are read there). */
const PIPECAT_RELEASE_COMMIT = 'acead0507d7de44e216d24533964106ca1d1d044';

/**
 * An {@link ExampleRecord} of a pipecat example at {@link PIPECAT_RELEASE_COMMIT}, written as its
 * scopes: `{ daily: { video_out_width: '1280' }, service: { ... } }`.
 *
 * @param file the example's path in the pipecat repository
 * @param scopes per scope, each keyword and its value as `ast.unparse` writes it
 * @returns the record, its parameters in scope then keyword order
 */
export function example(file: string, scopes: Partial<Record<ExampleParam['scope'], Record<string, string>>>): ExampleRecord {
  const params = Object.entries(scopes).flatMap(([scope, kw]) =>
    Object.entries(kw).map(([name, value]) => ({ scope: scope as ExampleParam['scope'], name, value })),
  );
  return { file, commit: PIPECAT_RELEASE_COMMIT, params };
}

/**
 * A deviation that explains some parameters of the entry's example.
 *
 * @param d the deviation
 * @param params the example's parameters it explains, `<scope>.<name>`
 */
export function about(d: Deviation, ...params: string[]): Deviation {
  return { ...d, params };
}

/** Where the runtime tier answers each kind of service on main today (docs/runtime-tier.md). */
export const RT = {
  stt: {
    layer: 'service-interface',
    where:
      'test/runtime/python/rt/services.py Script._patch_stt: run_stt yields the transcript; the vendor SDK is a recording fake (standins/_autofake.py)',
  },
  sttTurns: {
    layer: 'service-interface',
    where:
      "test/runtime/python/rt/services.py VENDOR_HELLO and VENDOR_TURN: the vendor's connect and turn messages go to the service's own _handle_message",
  },
  sttHello: {
    layer: 'service-interface',
    where:
      "test/runtime/python/rt/services.py VENDOR_HELLO (the vendor's first message to the service's _handle_message), then Script._patch_stt",
  },
  riva: {
    layer: 'sdk-call',
    where: 'test/runtime/python/standins/riva (VENDOR_STREAM in rt/services.py): the streaming recognizer hears the audio pipecat streams',
  },
  llm: {
    layer: 'service-interface',
    where:
      "test/runtime/python/rt/services.py Script._patch_llm: the LLMContextFrame is answered before pipecat's provider adapter converts the context",
  },
  tts: {
    layer: 'service-interface',
    where:
      'test/runtime/python/rt/services.py Script._patch_tts: run_tts returns audio at the rate of the outputSampleRates fact, labelled with the service rate',
  },
  fluxTts: {
    layer: 'service-interface',
    where:
      "test/runtime/python/standins/_vendors/deepgram_flux_tts.py (VENDOR_TRANSPORT in rt/services.py): Flux's /v2/speak turn behind _transport_send_json, answered through the service's own _handle_audio and _handle_message",
  },
  nimSageMakerTts: {
    layer: 'service-interface',
    where:
      'test/runtime/python/rt/services.py Script._patch_tts (run_tts), with the NIM realtime events of standins/_vendors/nvidia_nim_tts.py behind SageMakerBidiClient (VENDOR_TRANSPORT): the input_text.done an interruption waits for is answered',
  },
  realtime: {
    layer: 'service-interface',
    where:
      'test/runtime/python/rt/services.py Script._patch_realtime: answers and user transcripts are pushed whatever the session config requests',
  },
  ultravox: {
    layer: 'vendor-protocol',
    where:
      'test/runtime/python/rt/services.py UltravoxCall (VENDOR_SERVER) through standins/websockets; call API in standins/_vendors/ultravox.py',
  },
} as const satisfies Record<string, DeviationRecord['runtime']>;

/**
 * Where the runtime tier answers the vendors it plays at their edge (docs/runtime-tier.md, "Stand-ins"):
 * one row per stand-in, named by the catalogue entries that use it. test/runtime/sessions.test.ts checks
 * that every entry's layer is the one its sessions were answered at.
 */
export const EDGE_RT = {
  openaiChat: {
    layer: 'sdk-call',
    where:
      "test/runtime/python/standins/openai (VENDOR_SDK BaseOpenAILLMService): chat.completions.create(stream=True) answered with chunks shaped like the SDK's, after the request's messages are checked",
  },
  whisperApi: {
    layer: 'sdk-call',
    where:
      'test/runtime/python/standins/openai (VENDOR_SDK BaseWhisperSTTService): audio.transcriptions.create reads the WAV pipecat recorded and transcribes only speech in it',
  },
  openaiResponses: {
    layer: 'vendor-protocol',
    where:
      'test/runtime/python/standins/_vendors/openai_responses.py (VENDOR_SERVER): response.create checked, streaming events through response.completed',
  },
  openaiSpeech: {
    layer: 'sdk-call',
    where: "test/runtime/python/standins/openai (VENDOR_SDK): audio.speech.with_streaming_response.create, PCM at OpenAI's fixed 24 kHz",
  },
  openaiRealtime: {
    layer: 'vendor-protocol',
    where:
      'test/runtime/python/standins/_vendors/openai_realtime.py (VENDOR_SERVER): the GA protocol; session.update honoured, input transcription only when the session asks for it',
  },
  deepgramListen: {
    layer: 'sdk-call',
    where:
      'test/runtime/python/standins/deepgram (VENDOR_SDK DeepgramSTTService): listen.v1.connect, results on its endpointing or Finalize for speech it heard',
  },
  cartesiaStt: {
    layer: 'vendor-protocol',
    where:
      'test/runtime/python/standins/_vendors/cartesia_stt.py (VENDOR_SERVER): /stt/websocket, finalize answered with a final transcript for speech it heard',
  },
  cartesiaTts: {
    layer: 'vendor-protocol',
    where: 'test/runtime/python/standins/_vendors/cartesia.py (VENDOR_SERVER): audio at output_format.sample_rate, timestamps, done',
  },
  deepgramSpeak: {
    layer: 'vendor-protocol',
    where:
      'test/runtime/python/standins/_vendors/deepgram_tts.py (VENDOR_SERVER): /v1/speak, Speak/Flush/Clear, audio at the sample_rate the query names',
  },
  elevenlabsTts: {
    layer: 'vendor-protocol',
    where:
      'test/runtime/python/standins/_vendors/elevenlabs.py (VENDOR_SERVER): multi-stream-input, audio at the output_format rate, alignment, isFinal',
  },
  anthropic: {
    layer: 'sdk-call',
    where:
      'test/runtime/python/standins/anthropic (VENDOR_SDK AnthropicLLMService): beta.messages.create(stream=True), Messages API events',
  },
  bedrock: {
    layer: 'sdk-call',
    where:
      "test/runtime/python/standins/aiobotocore (VENDOR_SDK AWSBedrockLLMService): converse_stream, signed only with credentials, the conversation's roles and content blocks checked",
  },
  gemini: {
    layer: 'sdk-call',
    where: 'test/runtime/python/standins/google/genai (VENDOR_SDK GoogleLLMService): aio.models.generate_content_stream',
  },
  geminiLive: {
    layer: 'sdk-call',
    where:
      "test/runtime/python/standins/google/genai/live.py (VENDOR_SDK GeminiLiveLLMService): aio.live.connect, transcriptions only when the config asks, 24 kHz audio or text as the config's modality says",
  },
  rivaTts: {
    layer: 'sdk-call',
    where:
      "test/runtime/python/standins/riva/client/tts.py (VENDOR_SDK NvidiaTTSService): stub.SynthesizeOnline, the hosted API's auth metadata checked, PCM at sample_rate_hz",
  },
  googleTts: {
    layer: 'sdk-call',
    where:
      'test/runtime/python/standins/google/cloud/texttospeech_v1 (VENDOR_SDK GoogleTTSService): streaming_synthesize, PCM at the sample_rate_hertz asked for; credentials from standins/google/auth',
  },
  googleStt: {
    layer: 'sdk-call',
    where:
      'test/runtime/python/standins/google/cloud/speech_v2 (VENDOR_SDK GoogleSTTService): streaming_recognize, the recognizer path and decoding config checked; credentials from standins/google/auth',
  },
} as const satisfies Record<string, DeviationRecord['runtime']>;

/** Reason shared by the `required(...)` credentials. */
const REQUIRED_WHY =
  'a missing value stops bot() at its start with a message naming the variable; passed as None the service fails at its first request (and since 1.8 becomes unusable while the call stays open), and OpenAI-compatible clients would read OPENAI_API_KEY instead (rule E4, docs/generated-project.md)';

/** Common deviations, each with the reason it is kept. */
export const D = {
  /**
   * Credentials or ids read through `required(...)` where the registry passes `os.getenv(...)`.
   *
   * @param names the variables
   */
  required(...names: string[]): Deviation {
    return {
      what: `${names.map((n) => `\`${n}\``).join(', ')} read through \`required(...)\` (registry: \`os.getenv\`)`,
      why: REQUIRED_WHY,
    };
  },
  /**
   * A tunable read from a per-service variable where the registry reads a vendor-wide one.
   *
   * @param field the parameter, e.g. `settings.model`
   * @param ours our variable
   * @param theirs the registry's variable
   */
  renamed(field: string, ours: string, theirs: string): Deviation {
    return {
      what: `\`${field}\` from \`${ours}\` (registry: \`${theirs}\`)`,
      why: 'per-service name (rule E2, docs/generated-project.md): a vendor-wide name is shared by several services that can meet in one project, and a reused .env would carry the wrong value',
    };
  },
  /**
   * An optional field passed only when its variable is set.
   *
   * @param field the parameter
   * @param env the variable
   */
  present(field: string, env: string): Deviation {
    return {
      what: `\`${field}\` only when \`${env}\` is set (\`present(...)\`)`,
      why: "an unset optional variable keeps pipecat's default rather than passing None or an empty string (rule E4)",
    };
  },
  /**
   * A parameter the registry does not expose, read from a variable.
   *
   * @param field the parameter
   * @param env the variable
   */
  added(field: string, env: string): Deviation {
    return {
      what: `\`${field}\` from \`${env}\`, which the registry does not set`,
      why: "lets a deployment choose it in .env without editing bot.py; unset keeps pipecat's default (present(...))",
    };
  },
  /**
   * A voice with a fallback where the class has no default voice.
   *
   * @param env the variable
   * @param value the fallback voice
   */
  voiceFallback(env: string, value: string): Deviation {
    return {
      what: `\`settings.voice\` falls back to \`${value}\` when \`${env}\` is unset`,
      why: 'the class has no default voice: without one the vendor rejects the request, so the generated bot names a known voice and the variable stays optional',
    };
  },
  /** The system prompt comes from bot.py's `SYSTEM_INSTRUCTION`. */
  /** Gemini Live on a call the bot places: the context, with no message to answer, when the callee answers. */
  dialoutContext: {
    what: 'on a call the bot places, an `LLMRunFrame` when the callee answers (registry: none)',
    why: "Gemini Live drops user audio until the pipeline's context reaches it (llm.py `_ready_for_realtime_input`, set in `_create_initial_response`), and on dial-out nothing sent it: the callee's hello went unheard and the bot never spoke. The context then holds no message (the system instruction goes to the session), so Gemini starts no answer and the callee still speaks first",
  } as Deviation,
  systemInstruction: {
    what: '`settings.system_instruction=SYSTEM_INSTRUCTION` (registry: a literal prompt per service)',
    why: "one prompt per bot, defined once at the top of bot.py and worded for the call kind ('phone call' on telephony bots)",
  } as Deviation,
  /** Local-model services: the weights are fetched when the image is built, not inside bot(). */
  localModelAtBuild: {
    what: "the Dockerfile constructs the service once at image build time (the entry's own construct expression; the variables that choose the model are build arguments), and the worker gets setup_timeout_secs=60 (registry: neither; the default is 20 s)",
    why: 'pipecat downloads the weights the first time the class is constructed, inside bot(), blocking the event loop on the smallest Cloud profile; built into the image, a session only loads them. The 60 s is a margin for loading on a cold agent (localModel in the entry gives sizes and the profile)',
  } as Deviation,
  /** Removed: the weights downloaded inside bot(). */
  localModelInBot: {
    what: 'the model was downloaded on first use, inside bot(), as the registry does',
    why: 'pipecat 1.8 tears a session down when setup takes over 20 s (changelog/5316.added.md), and a download inside bot() blocks the event loop on the smallest Cloud profile',
  } as Deviation,
  /** The Google Cloud services' key JSON, read from its own variable (a Pipecat Cloud image holds no key file). */
  googleCredentials: {
    what: '`credentials=required(os.getenv("GOOGLE_CREDENTIALS"))` (registry: `credentials=os.getenv("GOOGLE_APPLICATION_CREDENTIALS")`)',
    why: "the same key JSON the registry passes, under its own name: google-auth and gcloud read GOOGLE_APPLICATION_CREDENTIALS as a key-file path, so JSON there breaks every other Google tool in the environment; required because the class cannot authenticate without it on Pipecat Cloud. Its .env form (one line, unquoted) is the one npm dotenv, python-dotenv and pipecatcloud's file reader read to the same bytes (GOOGLE_CREDENTIALS in catalogue/env.ts)",
  } as Deviation,
  /** Removed for 1.8 / Pipecat Cloud: the key-file path through Application Default Credentials. */
  googleAdc: {
    what: 'no `credentials=`: the class authenticated with Application Default Credentials, from the key file GOOGLE_APPLICATION_CREDENTIALS named',
    why: 'on Pipecat Cloud the key file is not in the image, so bot() raised "No valid credentials provided"; the key JSON now comes from the secret set through GOOGLE_CREDENTIALS',
  } as Deviation,
  /** Removed: Gemini TTS's Cloud TTS backend through Application Default Credentials. */
  googleAdcGemini: {
    what: 'without GOOGLE_API_KEY, Cloud TTS authenticated with Application Default Credentials (a key-file path)',
    why: 'on Pipecat Cloud the key file is not in the image; the key JSON now comes from GOOGLE_CREDENTIALS',
  } as Deviation,
  /**
   * An AWS region with a per-service override (rule E3).
   *
   * @param field the parameter
   * @param env the per-service variable
   */
  awsRegion(field: string, env: string): Deviation {
    return {
      what: `\`${field}\` from \`${env}\`, else \`AWS_REGION\` (required)`,
      why: 'rule E3 (docs/generated-project.md): AWS services and models are region-bound and may live in different regions; AWS_REGION is the shared default',
    };
  },
};

/**
 * What 1.8's changelog changed for every generated bot (every service, transport and feature), as
 * opposed to one entry's `changes18`. Rendered at the top of docs/deviations.md.
 */
export const COMMON_CHANGES18: readonly Change18[] = [
  {
    fragment: 'changelog/5242.added.3.md',
    follow:
      'PipelineWorker(processor_unusable_policy=...) defaults to CONTINUE: a service whose key, model or voice is rejected leaves the call open and mute. Every worker must pass ProcessorUnusablePolicy.END and log the variable to check (done: docs/generated-project.md, "Failing loudly").',
  },
  {
    fragment: 'changelog/5242.changed.2.md',
    follow: 'STT and TTS services stop working once unusable instead of retrying; see the policy above.',
  },
  {
    fragment: 'changelog/5393.added.md',
    follow: 'A TTS that answers three contexts with silence (an unknown voice) becomes unusable; the END policy then ends the call.',
  },
  {
    fragment: 'changelog/5316.added.md',
    follow:
      'setup_timeout_secs and start_timeout_secs default to 20 s: services that load local models in bot() need their weights in the image or a longer timeout.',
  },
  {
    fragment: 'changelog/5316.changed.md',
    follow:
      'Pipeline configuration reaches processors through setup(); the generated code reads no StartFrame fields, so nothing to change.',
  },
  {
    fragment: 'changelog/5348.deprecated.md',
    follow: 'Fatal errors are deprecated; the generated code pushes none.',
  },
  {
    fragment: 'changelog/5397.changed.md',
    follow: "pipecat's examples now set processor_unusable_policy=END: the reference the generated workers should follow.",
  },
  {
    fragment: 'changelog/5232.performance.md',
    follow:
      'pyloudnorm is replaced by loudness (a new core dependency): nothing in the generated code, but the runtime tier needs a stand-in for it.',
  },
];

/**
 * The record of what every generated bot shares, whatever its services, transports and features:
 * the pipeline, the worker and the runner around them (templates/server/bot.py.ejs and its
 * partials) against pipecat's scaffolder (`bot_cascade.py.jinja2`, `bot_realtime.py.jinja2`).
 */
export const BOT_RECORD: DeviationRecord = {
  follows: [
    `${TEMPLATES}/bot_cascade.py.jinja2`,
    `${TEMPLATES}/bot_realtime.py.jinja2`,
    `${TEMPLATES}/_blocks/run_bot_logic_cascade.jinja2#WorkerRunner`,
    `${TEMPLATES}/_macros/helper_functions.jinja2#setup_context`,
    'src/pipecat/pipeline/worker.py#processor_unusable_policy',
    'src/pipecat/runner/types.py#pipeline_idle_timeout_secs',
  ],
  compared: [
    'LLMContext and LLMContextAggregatorPair(user_params=LLMUserAggregatorParams(vad_analyzer=SileroVADAnalyzer()))',
    'PipelineWorker(params=PipelineParams(enable_metrics, enable_usage_metrics), idle_timeout_secs, processor_unusable_policy)',
    'WorkerRunner(handle_sigint)',
    'the greeting message',
  ],
  runtime: { layer: 'pipecat', where: "test/runtime/python/rt/main.py runs bot(runner_args) on pipecat's own pipeline, worker and runner" },
  deviations: [
    {
      what: '`WorkerRunner(handle_sigint=runner_args.handle_sigint)` (registry: `handle_sigint=False`)',
      why: 'the runner arguments say whether this process owns SIGINT (RunnerArguments.handle_sigint, runner/types.py): False under the development runner and Pipecat Cloud, which handle it themselves',
    },
    {
      what: '`idle_timeout_secs=runner_args.pipeline_idle_timeout_secs` (registry: the worker default)',
      why: 'the runner arguments carry the session idle timeout the platform chose (RunnerArguments.pipeline_idle_timeout_secs, default 300 s)',
    },
    {
      what: '`processor_unusable_policy=ProcessorUnusablePolicy.END` and an `on_pipeline_error` handler that logs, once per service, "<label> can no longer do its job (<error>): check <variables>" (registry: neither)',
      why: "every 1.8 example sets END (changelog 5397); the registry's default CONTINUE keeps a call with a rejected key connected and mute until the idle timeout. The names and variables come from the catalogue (serviceChecks in generators/app/render/context.ts)",
    },
    {
      what: 'the greeting asks "Say hello and briefly introduce yourself." (registry: "Start by concisely introducing yourself.")',
      why: 'same request; the bot speaks first on web and phone calls and waits for the callee on dial-out, where the registry sends no greeting either',
    },
  ],
  removed: [
    {
      what: 'no `processor_unusable_policy`: the 1.8 default CONTINUE',
      why: 'a processor that hits a permanent error (a rejected key, an unknown voice) becomes unusable in 1.8, and with CONTINUE the call stayed connected and mute until the 300 s idle timeout (changelog 5242, 5348)',
    },
  ],
};
