/**
 * The resolved project configuration: what `pipecat init` generates from.
 *
 * Keys are the JSON config file's keys (snake_case, as the Python `pipecat-cli` spells them), so a
 * `--dry-run` output can be fed back through `--config`. Every id is canonical (aliases resolved,
 * PSTN/SIP transports resolved with their mode). Produced only by `resolveConfig()` in
 * `./resolve.ts`, which validates it with the joi schema in `./schema.ts`.
 */

import type { ClientKindFramework, ClientKindServer } from '../catalogue/client-kinds.js';

/** Kind of bot: browser/app clients over WebRTC, or phone calls. */
export type BotType = 'web' | 'telephony';

/** Pipeline mode: STT → LLM → TTS, or one speech-to-speech (realtime) service. */
export type PipelineMode = 'cascade' | 'realtime';

/** Client framework (a `CLIENT_KINDS` framework); `none` means server only. */
export type ClientFramework = ClientKindFramework | 'none';

/** Dev server/bundler of the client, for frameworks with several (`CLIENT_KINDS`). */
export type ClientServer = ClientKindServer;

/** Call direction for Daily PSTN and Twilio + Daily SIP transports. */
export type DialMode = 'dial-in' | 'dial-out';

/** A fully resolved, validated project configuration. */
export interface ProjectConfig {
  /** Directory name of the project, also the Pipecat Cloud agent name. */
  project_name: string;
  bot_type: BotType;
  /** Canonical transport ids, resolved (e.g. `daily_pstn_dialin`), in the order given. */
  transports: string[];
  mode: PipelineMode;
  /** Cascade only: ids ending in `_stt`, `_llm`, `_tts`; null in realtime mode. */
  stt_service: string | null;
  llm_service: string | null;
  tts_service: string | null;
  /** Realtime only: id ending in `_realtime`; null in cascade mode. */
  realtime_service: string | null;
  /** Web only: video avatar service id ending in `_video`, or null. */
  video_service: string | null;
  /** Web only: the client to generate (`none` = server only); null for telephony bots. */
  client_framework: ClientFramework | null;
  /** Web with a client of a framework with several servers only (React: `vite` or `nextjs`); null otherwise. */
  client_server: ClientServer | null;
  /** Set exactly when a Daily PSTN transport is chosen. */
  daily_pstn_mode: DialMode | null;
  /** Set exactly when a Twilio + Daily SIP transport is chosen. */
  twilio_daily_sip_mode: DialMode | null;
  recording: boolean;
  transcription: boolean;
  /** Web only: the bot receives the user's camera. */
  video_input: boolean;
  /** Web only: the bot sends video (implied by a video avatar service). */
  video_output: boolean;
  deploy_to_cloud: boolean;
  /** Krisp VIVA noise cancellation; needs `deploy_to_cloud`. */
  enable_noisecancel: boolean;
  enable_observability: boolean;
  /** pipecat's eval transport (`-t eval`) and starter scenarios for `pipecat eval run`. */
  enable_eval: boolean;
}
