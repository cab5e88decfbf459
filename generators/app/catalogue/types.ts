/**
 * Shapes of the catalogue: every transport and AI service the generator knows, as data.
 *
 * Source of the facts: pipecat-ai/pipecat 1.8.0 (commit acead05), the files each entry's `record`
 * names, checked against its API index (`PIPECAT_INDEX`, scripts/shared-paths.ts) by
 * test/catalogue.test.ts. Nothing outside the catalogue
 * lists vendors: flags, schema, wizard choices, `--list-options`, templates and docs derive from it.
 */

/** Role of an AI service in the pipeline; also the suffix of its id (`deepgram_stt`). */
export type ServiceRole = 'stt' | 'llm' | 'tts' | 'realtime' | 'video';

/** An environment variable the generated server reads (or that pipecat reads for it). */
export interface EnvVarDefinition {
  /** `UPPER_SNAKE` name, following the naming rules E1–E4 of docs/generated-project.md. */
  readonly name: string;
  /** One-line comment written above it in `.env.example`. */
  readonly description: string;
  /**
   * True when the bot cannot complete a call without it: read through `required(...)`, or read by
   * pipecat itself where a missing value makes the session fail (the Twilio, Telnyx and Plivo
   * serializers that `create_transport` builds with hang-up on refuse to start without credentials).
   */
  readonly required: boolean;
  /**
   * Placeholder written in `.env.example` (never a real secret); empty when omitted. An optional
   * variable's line is written commented out (`# NAME=example`) with `(optional)` closing its
   * description, as pipecat's own template (cli/templates/server/env.example.jinja2) writes optional
   * ones: `cp .env.example .env` plus the required keys is then a `.env` that
   * `pipecat cloud secrets set --file .env` accepts (it refuses empty values).
   */
  readonly example?: string;
  /**
   * How to write a value that is not a plain token in `.env` (e.g. a JSON document): lines of prose,
   * written as comments above the variable in `.env.example` and as a paragraph of the README's
   * set-up section. Omitted for plain keys, ids and names.
   */
  readonly format?: readonly string[];
  /**
   * A variable the runner or the platform sets (e.g. `ENV`), documented for users but not meant to
   * be set in a `.env` that is pushed to the cloud: written commented out like an optional one, but
   * its description is marked neither `(required)` nor `(optional)`, and `pipecat update` does not
   * ask for it.
   */
  readonly commented?: boolean;
}

/** `from <module> import <names>` in the generated Python. */
export interface PythonImport {
  /** Absolute pipecat module, e.g. `pipecat.services.deepgram.stt`. */
  readonly from: string;
  readonly names: readonly string[];
}

/**
 * At which sample rate(s) a TTS vendor really delivers audio, as pipecat's own service code shows.
 *
 * Three kinds of entry:
 * - **fixed** (`fixed: true`, exactly one rate): the vendor always sends that rate, whatever pipecat
 *   asks. pipecat labels the audio frames with the service's `sample_rate`, so the bot must make
 *   that equal the vendor's rate (`sample_rate=<rate>` in the constructor) unless the class already
 *   defaults to it; `source` says which (some classes reject an explicit `sample_rate=`).
 * - **listed** (`fixed: false`): pipecat passes the pipeline's output rate (or the constructor's
 *   `sample_rate=`) to the vendor, and the vendor honours any rate in `rates`; a rate outside the list
 *   fails, falls back to another rate, or is untested (see `source`).
 * - **any rate** (`fixed: false`, `rates` exactly `ANY_SAMPLE_RATES` from `./tts.ts`): any
 *   common rate works: pipecat resamples the vendor's native audio to the requested rate, or
 *   forwards the requested rate to a vendor that synthesises at it and sets no limit of its own.
 *   `source` says which and, when pipecat resamples, names the native rate the vendor really sends.
 */
interface OutputSampleRates {
  /** Sample rates in Hz the vendor can deliver, ascending; exactly one when `fixed`. */
  readonly rates: readonly number[];
  /**
   * True when the vendor always sends the single rate in `rates` whatever pipecat asks for (pipecat
   * must be told that rate); false when pipecat passes the requested rate on and the vendor honours
   * any rate in `rates`.
   */
  readonly fixed: boolean;
  /**
   * Where the fact comes from: first the pipecat file relative to pipecat-ai's `src/`
   * (e.g. `pipecat/services/openai/tts.py`), then the constant, function or table it follows
   * (e.g. `OPENAI_SAMPLE_RATE`), then a short explanation. test/catalogue-rates.test.ts checks the
   * file exists and mentions that name.
   */
  readonly source: string;
}

/**
 * The one input rate an STT service declares to its vendor or model, whatever the pipeline's input
 * rate: the pipecat class hands a constant to `STTService`'s `sample_rate` (e.g. Moonshine's 16000),
 * and pipecat's STT services forward input frames without resampling. The generated bot therefore
 * runs the pipeline's input at this rate, so the transport (or a phone serializer, from the call's
 * 8 kHz) resamples the user's audio to it.
 */
interface InputSampleRate {
  /** Sample rate in Hz. */
  readonly rate: number;
  /**
   * Where the fact comes from, in the form of {@link OutputSampleRates.source}: the pipecat file
   * relative to pipecat-ai's `src/`, the constant it follows, then a short explanation.
   * test/catalogue-rates.test.ts checks the file exists and mentions that name.
   */
  readonly source: string;
}

/**
 * Where the runtime tier (docs/runtime-tier.md) answers for a catalogue entry:
 * - `vendor-protocol`: a stand-in speaks the vendor's HTTP or WebSocket protocol, so pipecat's
 *   service and the vendor SDK run unpatched;
 * - `sdk-call`: a stand-in answers the vendor SDK's call (e.g. `standins/daily`, `standins/riva`);
 * - `service-interface`: `test/runtime/python/rt/services.py` patches the pipecat service's own
 *   method (`run_stt`, the `LLMContextFrame`, `run_tts`, a realtime answer);
 * - `pipecat`: a feature made of pipecat's own processors, which run unpatched.
 */
export type RuntimeLayer = 'vendor-protocol' | 'sdk-call' | 'service-interface' | 'pipecat';

/** One place where the generated code differs from the pipecat code it follows. */
export interface Deviation {
  /** What differs, naming the parameter, variable or handler. */
  readonly what: string;
  /** Why the generated code differs (a fact about pipecat, the vendor or the platform). */
  readonly why: string;
  /**
   * Set when the difference has no good reason yet: what should change (usually in templates/).
   * docs/deviations.md lists these under "To fix".
   */
  readonly fix?: string;
  /**
   * The parameters of the record's {@link ExampleRecord} this deviation explains, as
   * `<scope>.<name>` (e.g. `daily.video_out_bitrate`, `service.api_key`): a generated bot whose
   * parameter differs from the example's needs one deviation naming it
   * (test/avatar-examples.test.ts).
   */
  readonly params?: readonly string[];
}

/**
 * One parameter a pipecat example sets, as the example writes it. `scope` says where: a key of
 * its `transport_params` dict (`daily`, `webrtc`: the params class's keyword arguments),
 * `pipeline` (`PipelineParams(...)`), `service` (the service's constructor) or `handler` (a call
 * the example makes on the transport in an event handler, e.g. `update_publishing`).
 */
export interface ExampleParam {
  readonly scope: 'daily' | 'webrtc' | 'pipeline' | 'service' | 'handler';
  /** The keyword (`video_out_width`), or the method for `handler`. */
  readonly name: string;
  /** The value as Python's `ast.unparse` writes it (`1280`, `True`, `os.environ['TAVUS_API_KEY']`). */
  readonly value: string;
}

/**
 * The pipecat example an entry follows parameter by parameter: the file in pipecat-ai/pipecat at
 * the commit pipecat 1.8.0 was released from, and every parameter it sets in the scopes of
 * {@link ExampleParam} (its `eval` transport entry is left out: the eval feature has its own record).
 * test/avatar-examples.test.ts compares a generated bot with it and, given a pipecat checkout
 * (`PIPECAT_REPO`), the example file with it.
 */
export interface ExampleRecord {
  /** Path in the pipecat repository, e.g. `examples/video-avatar/video-avatar-tavus-video-service.py`. */
  readonly file: string;
  /** The 40-hex commit the parameters were read at. */
  readonly commit: string;
  readonly params: readonly ExampleParam[];
}

/** Something pipecat 1.8 changed (a changelog fragment) that the generated code must follow. */
export interface Change18 {
  /** The fragment, relative to the pipecat-ai-1.8.0-dev folder, e.g. `changelog/5298.fixed.md`. */
  readonly fragment: string;
  /** What it means for the generated code, and whether the code already follows it. */
  readonly follow: string;
}

/**
 * The deviation record of a service, transport or feature: what pipecat code it
 * follows, what was compared, where the runtime tier answers it, and every difference with its reason.
 * Rendered into docs/deviations.md; test/deviations.test.ts checks that every cited path exists in
 * pipecat-ai 1.8.0-dev. Records are kept beside the entries, out of the binary: `<kind>.records.ts`
 * next to each catalogue file (and `config/feature-rows.records.ts`), keyed by entry id
 * (`all-records.ts` gathers them; test/records.test.ts checks that every entry has one).
 */
export interface DeviationRecord {
  /**
   * What the entry follows, as paths relative to the pipecat-ai-1.8.0-dev folder (e.g.
   * `src/pipecat/cli/registry/_configs.py#deepgram_stt`, a template under
   * `src/pipecat/cli/templates/server/`, the class file `src/pipecat/services/deepgram/stt.py#DeepgramSTTService`).
   * `#name` after `_configs.py` is a key of its `SERVICE_CONFIGS`; after any other file, a name the
   * file mentions.
   */
  readonly follows: readonly string[];
  /** Extra, unchecked references: upstream pipecat-ai/pipecat `examples/…` that were the better guide. */
  readonly upstream?: readonly string[];
  /** The pipecat example followed parameter by parameter (avatar services); see {@link ExampleRecord}. */
  readonly example?: ExampleRecord;
  /** The parameters compared, one per item (constructor args, settings, sample rates, params, handlers). */
  readonly compared: readonly string[];
  /** Where the runtime tier answers it, and the stand-in's place (a file under test/runtime/python/). */
  readonly runtime: { readonly layer: RuntimeLayer; readonly where: string };
  /** Every difference from what it follows; empty when there is none. */
  readonly deviations: readonly Deviation[];
  /** What 1.8's changelog fragments changed for this entry. */
  readonly changes18?: readonly Change18[];
  /** Deviations removed for pipecat 1.8: `what` the code did, `why` it no longer does. */
  readonly removed?: readonly Deviation[];
}

/**
 * A service whose model runs inside the agent (Whisper, Moonshine, Kokoro, Piper, Pocket TTS): what
 * it costs, and the facts the Dockerfile and README need. The pipecat class downloads its weights
 * the first time it is constructed; the generated Dockerfile constructs it once at build time, with
 * the entry's own `construct` expression, so the image holds exactly what the bot will load.
 */
export interface LocalModel {
  /** The model the bot loads when its variables are empty: the pipecat class's default, e.g. `Systran/faster-distil-whisper-medium.en`. */
  readonly model: string;
  /**
   * The service's variables that choose what is downloaded (a model or voice name; the entry's
   * `env`), empty when every setting uses the same files: the Dockerfile declares them as build
   * arguments so the image can hold the model a secret set names.
   */
  readonly chosenBy: readonly string[];
  /** Approximate size of the weights the image downloads, e.g. `about 790 MB`. */
  readonly download: string;
  /** Approximate memory the loaded model needs, e.g. `about 1.6 GB`. */
  readonly memory: string;
  /**
   * The smallest Pipecat Cloud agent profile (`agent_profile` in pcc-deploy.toml) that has the
   * memory and CPU to run the model in real time beside the pipeline.
   */
  readonly profile: 'agent-2x' | 'agent-3x';
  /**
   * Where the facts come from: the pipecat file relative to pipecat-ai's `src/` and the function
   * that downloads the weights (test/catalogue-rates.test.ts style: the file exists and names it),
   * then where the weights land and how the sizes were estimated.
   */
  readonly source: string;
}

/**
 * One AI service: STT, LLM, TTS, realtime (speech-to-speech) or video avatar.
 *
 * The construction code is a Python expression (it may span lines) written by the template inside
 * `bot()`. It may use these names, which the template defines:
 * - `os` (imported), `required(os.getenv("NAME"), "NAME")` which returns the value or stops with a
 *   clear message, and `present(**fields)` which drops fields whose value is None or empty, so an
 *   unset optional variable keeps pipecat's default (rule E4, docs/generated-project.md);
 * - `SYSTEM_INSTRUCTION` (LLM and realtime services: the bot's system prompt);
 * - `call`, the session's kind: `"web"`, `"phone"` or `"dialout"` (`run_bot`'s argument in the
 *   generated bot.py), for services that behave differently when the bot places the call;
 * - `session`, an `aiohttp.ClientSession`, when `needsHttpSession` is true;
 * - `Language` from `pipecat.transcriptions.language` if listed in `imports`.
 */
export interface ServiceDefinition {
  /** Canonical id, `<vendor>_<role>`, e.g. `deepgram_stt`. */
  readonly id: string;
  readonly role: ServiceRole;
  /** Vendor/product name shown to users, e.g. `Deepgram`. */
  readonly label: string;
  /**
   * This entry is what the vendor's bare name means for its role (`--stt deepgram` →
   * `deepgram_stt`) when the vendor has several entries of that role; the vendor is the first
   * `_`-separated part of the id. A vendor with one entry needs no mark; one with several and no
   * mark makes the bare name an error that lists them (test/catalogue.test.ts).
   */
  readonly vendorDefault?: true;
  /** Other ids accepted on input and normalised to `id` (e.g. the 1.1 tool's `ultravox`). */
  readonly aliases?: readonly string[];
  /** pipecat-ai extras the imports need (each exists in the index). */
  readonly extras: readonly string[];
  /** Other PyPI requirement strings the code imports (e.g. `twilio>=9`). */
  readonly packages?: readonly string[];
  readonly imports: readonly PythonImport[];
  /** Python expression that constructs the service (see the interface comment). */
  readonly construct: string;
  /** Env vars the construction reads, and those pipecat reads itself for this service. */
  readonly env: readonly EnvVarDefinition[];
  /** The construction uses `session` (an aiohttp ClientSession opened around the pipeline). */
  readonly needsHttpSession?: boolean;
  /** Minimum Python version when higher than pipecat-ai's (sagemaker, aws-nova-sonic: 3.12). */
  readonly requiresPython?: '3.12';
  /** Deprecated in pipecat (still offered, flagged in labels and docs). */
  readonly deprecated?: string;
  /** One line shown in docs and the wizard (e.g. "local model, no API key"). */
  readonly note?: string;
  /**
   * Realtime only: the service accepts no user audio until the pipeline's context has reached it
   * (pipecat's GeminiLiveLLMService sets `_ready_for_realtime_input` only in
   * `_create_initial_response`). On a call the bot places, where nothing asks for a greeting, the
   * bot hands the context over (an `LLMRunFrame` with no message added) when the callee answers.
   */
  readonly dialoutContext?: true;
  /** The model runs inside the agent (see {@link LocalModel}); absent for services reached over the network. */
  readonly localModel?: LocalModel;
  /**
   * TTS only, and required for every TTS entry (test/catalogue-rates.test.ts): the sample rate(s)
   * the vendor really delivers, so a test harness can fake the vendor's audio at its true rate and
   * the generated bot can ask for a rate the vendor supports when the pipeline runs at 8 kHz
   * (telephony) or 24 kHz (web). See {@link OutputSampleRates}.
   */
  readonly outputSampleRates?: OutputSampleRates;
  /**
   * Video only: the bot's video output size `[width, height]` in pixels when this avatar is chosen,
   * for an avatar whose frames are not 16:9. pipecat's output transport resizes every frame to
   * `video_out_width` x `video_out_height` without keeping the aspect ratio
   * (`BaseOutputTransport._draw_image`, transports/base_output.py), so a square face sent into the
   * default 1024x576 output is stretched. Absent: the default 16:9 output.
   */
  readonly videoOutSize?: readonly [number, number];
  /**
   * Video only: further keyword arguments, one Python `name=value` each, written into the params of
   * every runner transport that carries the bot's video when this avatar is chosen (e.g. Tavus's
   * `audio_out_auto_silence=False`, as pipecat's Tavus example sets). Absent: none.
   */
  readonly videoOutArgs?: readonly string[];
  /**
   * STT only, and required exactly for the STT entries whose pipecat class fixes its input rate
   * (test/catalogue-rates.test.ts): that rate, which the generated bot gives the pipeline's input.
   * Absent: the service takes the pipeline's input rate (8 kHz on phone media streams, 16 kHz
   * otherwise). See {@link InputSampleRate}.
   */
  readonly inputSampleRate?: InputSampleRate;
}

/** How the generated bot gets a transport at run time. */
type TransportFlow =
  /** Built by `create_transport(runner_args, params)` from the dev runner / Pipecat Cloud. */
  | 'runner'
  /** A Daily room created by the generated `server.py`, joined by the bot with call details. */
  | 'daily-server';

/**
 * The params factory a transport puts into `create_transport(runner_args, transport_params)`
 * (`pipecat.runner.utils`): `"<runnerTransport>": lambda: <className>(audio_in_enabled=True,
 * audio_out_enabled=True, [audio_in_filter=...,] [video settings,] <args>)`.
 */
export interface TransportParamsDefinition {
  /** pipecat params class, e.g. `DailyParams`, `TransportParams` or `FastAPIWebsocketParams` (open: a new transport may bring its own). */
  readonly className: string;
  /** Further keyword arguments, one Python `name=value` each, written after the audio and video ones. */
  readonly args?: readonly string[];
  /** One comment line written above the entry (without `# `). */
  readonly comment?: string;
  /** The transport carries the user's camera and the bot's video: video settings go into its params. */
  readonly video: boolean;
}

/** How a web client reaches this transport: the `@pipecat-ai/*` npm package and its class. */
export interface ClientTransportDefinition {
  /** The voice UI kit's `transportType` (`PipecatAppBase`), e.g. `daily`, `smallwebrtc`, `websocket` (open data). */
  readonly type: string;
  /** npm package of the client transport, pinned in `templates/client/versions.json`. */
  readonly packageName: string;
  /** Class the package exports. */
  readonly className: string;
  /**
   * The runner's `POST /start` does not start the session: it answers with the URL of a WebSocket
   * (`wsUrl`, plus a one-time `token` when the runner requires one) that the client then opens, as
   * `pipecat.runner.run` does for `transport: "websocket"`. The client turns that answer into the
   * transport's connect parameters instead of passing it through.
   */
  readonly connectsToWsUrl?: boolean;
  /**
   * The fields of the runner's `POST /start` body beside `transport` (which is always the entry's
   * `runnerTransport`), as JSON: pipecat.runner.run reads `createDailyRoom`, `dailyRoomProperties`
   * and `body` for Daily, `enableDefaultIceServers` and `body` for SmallWebRTC, nothing else for
   * its WebSocket. The web clients send exactly this; Pipecat Cloud's public start endpoint reads
   * the same body.
   */
  readonly startBody: Readonly<Record<string, JsonValue>>;
  /**
   * A dotted path into {@link startBody} set to `true` when the bot receives no camera, e.g.
   * Daily's `dailyRoomProperties.start_video_off` (the room starts with video off).
   */
  readonly cameraOffField?: string;
  /**
   * The package exports `WavMediaManager` (getUserMedia and Web Audio) and the transport takes it as
   * `mediaManager`: its constructor arguments (recorder chunk size in samples, rate in Hz), as the
   * transport's default device manager gets them. Without it the transport's own (Daily's) device
   * manager loads Daily's call machine from Daily's servers.
   */
  readonly wavMediaManager?: readonly number[];
  /**
   * The SDK posts its WebRTC offer (and ICE candidates) next to the start URL, to
   * `<start URL without /start>/sessions/<sessionId>/api/offer`: a client that proxies the start
   * request must proxy those too.
   */
  readonly offersAtSessions?: boolean;
}

/** A JSON value, as a start request body holds them. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One transport, web or telephony. */
export interface TransportDefinition {
  /** Canonical, resolved id, e.g. `daily`, `daily_pstn_dialin`, `twilio`. */
  readonly id: string;
  readonly kind: 'web' | 'telephony';
  readonly label: string;
  /** Vendor names users know, e.g. `daily`, `twilio`, `daily_pstn_dialin`. */
  readonly aliases: readonly string[];
  /** Family id that needs a mode to resolve (`daily_pstn`, `twilio_daily_sip`). */
  readonly family?: string;
  /** Mode that resolves `family` to this id. */
  readonly dialMode?: 'dial-in' | 'dial-out';
  /**
   * How a call reaches the Daily room of a dial-in/dial-out transport: Daily's own phone numbers
   * (`pstn`) or a SIP address on a Twilio SIP domain (`sip`).
   */
  readonly dialVia?: 'pstn' | 'sip';
  /** The dev runner's `-t` value (and `create_transport` key) serving this transport, e.g. `daily`, `webrtc`, `twilio` (open data). */
  readonly runnerTransport: string;
  /**
   * The `pipecat.runner.types` class the runner hands `bot()` for this transport. A plain
   * WebSocket client and a phone media stream both arrive as `WebSocketRunnerArguments`; the
   * runner sets its `transport_type` to `"websocket"` for the plain one (`/ws-client`). Calls set
   * up by the generated `server.py` start the bot through the runner's `POST /start` without a
   * room (the call details ride in `body`), which yields the base `RunnerArguments`.
   */
  readonly runnerArgs: string;
  /** Kind of session it carries: a browser (`web`), a phone call in (`phone`), or a call the bot places (`dialout`). */
  readonly call: 'web' | 'phone' | 'dialout';
  readonly flow: TransportFlow;
  /** What the bot passes to `create_transport` for it (flow `runner` only). */
  readonly params?: TransportParamsDefinition;
  /**
   * The browser package that serves it (web transports only): a web client offers the transport
   * through it. A web transport without one is served by the bot alone; a client shows it as
   * such, with {@link reach}.
   */
  readonly client?: ClientTransportDefinition;
  /**
   * How people reach it without this project's client (plain text, one phrase), for a client that
   * does not offer it: "served by the bot, not by this client: use <reach>". Absent: the
   * development runner's `uv run bot.py -t <runnerTransport>`.
   */
  readonly reach?: string;
  readonly extras: readonly string[];
  /** Extras added when the project sends or receives video (e.g. SmallWebRTC's `webrtc-video`). */
  readonly videoExtras?: readonly string[];
  readonly packages?: readonly string[];
  /** Python imports its params need beyond the template's known names (e.g. a serializer). */
  readonly imports?: readonly PythonImport[];
  readonly env: readonly EnvVarDefinition[];
  /**
   * Names of {@link env} that Pipecat Cloud supplies to an agent deployed with this transport, so
   * its secret set need not hold them: `pipecat cloud deploy`'s preflight leaves them out of the
   * keys `.env.example` requires. Daily (WebRTC): the platform creates each session's room with the
   * organization's integrated Daily API key and hands the bot the room URL and token
   * (docs.pipecat.ai pipecat-cloud/guides/daily-webrtc, "Using an Integrated Daily API Key");
   * Daily PSTN dial-in: the platform's dial-in webhook creates the room and starts the agent with
   * `daily_api_key` in the body (pipecat-cloud/guides/telephony/daily-dial-in). Absent: none.
   */
  readonly cloudSupplies?: readonly string[];
  /**
   * README partials, relative to `templates/project/`: `local` (section 2, how to run it on this
   * machine; rendered with `t`, the transport) and, for telephony, `cloud` (section 3, how calls
   * reach the agent deployed on Pipecat Cloud).
   */
  readonly readme: { readonly local: string; readonly cloud?: string };
}
