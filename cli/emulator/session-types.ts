/**
 * The stored shapes of the emulator's sessions and public API keys (`./sessions.ts`,
 * `./api-keys.ts`), kept apart so the persisted state (`./state.ts`) can name them without importing
 * the handlers (which import the state's helpers).
 */

/** A session as stored (times in epoch ms). */
export interface StoredSession {
  id: string;
  agent: string;
  agentId: string;
  deploymentId: string;
  createdAt: number;
  /** When the bot starts; null for a bot that never starts (fault `never-starts`). */
  botStartAt: number | null;
  /** When the bot crashes (fault `crash`). */
  crashAt?: number;
  /** The module the crash's traceback cannot import (fault `crash`). */
  missingModule?: string;
  stoppedAt?: number;
  coldStart: boolean;
  /** The Daily room and its meeting token, when the start asked for one. */
  daily?: { room: string; token: string };
  /** Top-level key names of the start's `body` (never its values). */
  bodyKeys: string[];
}

/** What the sessions part adds to an organisation's persisted state. */
export interface SessionState {
  sessions?: Record<string, StoredSession>;
  apiKeys?: Record<string, StoredPublicKey>;
}

/** A public API key as stored. */
export interface StoredPublicKey {
  id: string;
  /** The key (`pk_` and 32 hex digits). */
  key: string;
  name: string;
  /** Epoch ms. */
  createdAt: number;
  revoked: boolean;
}
