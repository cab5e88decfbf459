/**
 * Shapes of the catalogue: every transport and AI service the generator knows, as data.
 *
 * Source of the facts: ../shared/design/catalogue-facts.md, checked against the pipecat-ai API
 * index (../shared/pipecat-api/index.json) by test/catalogue.test.ts. Nothing outside the catalogue
 * lists vendors: flags, schema, wizard choices, `--list-options`, templates and docs derive from it.
 */

/** Role of an AI service in the pipeline; also the suffix of its id (`deepgram_stt`). */
export type ServiceRole = 'stt' | 'llm' | 'tts' | 'realtime' | 'video';

/** An environment variable the generated server reads (or that pipecat reads for it). */
export interface EnvVarDefinition {
  /** `UPPER_SNAKE` name, following the naming rules E1–E4 of catalogue-facts §10.1. */
  readonly name: string;
  /** One-line comment written above it in `.env.example`. */
  readonly description: string;
  /** True when the bot cannot run without it (it is read through `required(...)`). */
  readonly required: boolean;
  /**
   * Placeholder written in `.env.example` (never a real secret); empty when omitted. For optional
   * tunables the line is written uncommented with an empty value, so users see what they can set.
   */
  readonly example?: string;
  /**
   * Written as a comment in `.env.example`: a variable the runner or the platform sets (e.g. `ENV`),
   * documented for users but not meant to be set in a `.env` that is pushed to the cloud.
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
 * One AI service: STT, LLM, TTS, realtime (speech-to-speech) or video avatar.
 *
 * The construction code is a Python expression (it may span lines) written by the template inside
 * `bot()`. It may use these names, which the template defines:
 * - `os` (imported), `required(os.getenv("NAME"), "NAME")` which returns the value or stops with a
 *   clear message, and `present(**fields)` which drops fields whose value is None or empty, so an
 *   unset optional variable keeps pipecat's default (catalogue-facts §1 item 9, rule E4);
 * - `SYSTEM_INSTRUCTION` (LLM and realtime services: the bot's system prompt);
 * - `session`, an `aiohttp.ClientSession`, when `needsHttpSession` is true;
 * - `Language` from `pipecat.transcriptions.language` if listed in `imports`.
 */
export interface ServiceDefinition {
  /** Canonical id, `<vendor>_<role>`, e.g. `deepgram_stt`. */
  readonly id: string;
  readonly role: ServiceRole;
  /** Vendor/product name shown to users, e.g. `Deepgram`. */
  readonly label: string;
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
}

/** How the generated bot gets a transport at run time. */
export type TransportFlow =
  /** Built by `create_transport(runner_args, params)` from the dev runner / Pipecat Cloud. */
  | 'runner'
  /** A Daily room created by the generated `server.py`, joined by the bot with call details. */
  | 'daily-server';

/** One transport, web or telephony. */
export interface TransportDefinition {
  /** Canonical, resolved id, e.g. `rtc_hosted`, `rtc_hosted_pstn_dialin`, `telco_a`. */
  readonly id: string;
  readonly kind: 'web' | 'telephony';
  readonly label: string;
  /** Vendor names users know, e.g. `daily`, `twilio`, `daily_pstn_dialin`. */
  readonly aliases: readonly string[];
  /** Family id that needs a mode to resolve (`rtc_hosted_pstn`, `telco_a_rtc_hosted_sip`). */
  readonly family?: string;
  /** Mode that resolves `family` to this id. */
  readonly dialMode?: 'dial-in' | 'dial-out';
  /** The dev runner's `-t` value (and `create_transport` key) serving this transport. */
  readonly runnerTransport: 'daily' | 'webrtc' | 'twilio' | 'telnyx' | 'plivo' | 'exotel';
  readonly flow: TransportFlow;
  readonly extras: readonly string[];
  readonly packages?: readonly string[];
  readonly env: readonly EnvVarDefinition[];
}
