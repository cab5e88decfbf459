/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Start URL of the bot: the local runner's /start or Pipecat Cloud's public start endpoint. */
  readonly VITE_BOT_START_URL?: string;
  /** Pipecat Cloud public API key (ends up in the browser bundle). */
  readonly VITE_BOT_START_PUBLIC_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
