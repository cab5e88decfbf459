/**
 * The resolved project configuration (`ProjectConfig`, computed from the options table in
 * `./options.ts`) and the names of some of its value types.
 */
import type { ProjectConfig } from './options.js';

export type { ProjectConfig } from './options.js';

/** Kind of bot: browser/app clients over WebRTC, or phone calls (the `bot_type` row's choices). */
export type BotType = ProjectConfig['bot_type'];

/** Pipeline mode: STT → LLM → TTS, or one speech-to-speech (realtime) service. */
export type PipelineMode = ProjectConfig['mode'];

/** Client framework (a `CLIENT_KINDS` framework, open data), `none` for server only; null for telephony bots. */
export type ClientFramework = ProjectConfig['client_framework'];

/** Dev server/bundler of the client, for frameworks with several (`CLIENT_KINDS`). */
export type ClientServer = ProjectConfig['client_server'];

/** Call direction for Daily PSTN and Twilio + Daily SIP transports. */
export type DialMode = NonNullable<ProjectConfig['daily_pstn_mode']>;
