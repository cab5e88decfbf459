/**
 * The shapes the emulator's sessions, public start and public API keys share (`sessions.ts`,
 * `session-logs.ts`, `api-keys.ts`), in a module that imports nothing, so the emulator's context
 * (`http.ts`) and state (`state.ts`) can name them without an import cycle. Sources: `sessions.ts`.
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

/** Kinds of session fault (admin `POST /_emulator/sessions/faults`). */
export const SESSION_FAULT_KINDS = ['crash', 'never-starts'] as const;

/** A session fault: applies to the next `count` sessions started (of `agent`, when given). */
export interface SessionFault {
  kind: (typeof SESSION_FAULT_KINDS)[number];
  /** Only sessions of this agent. */
  agent?: string;
  /** How many sessions; default 1. */
  count?: number;
  /** For `crash`: the module the traceback cannot import; default `pipecat.services.foo`. */
  module?: string;
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

/** One line a session wrote. */
export interface SessionLogLine {
  /** Epoch ms (lines of one event are a millisecond apart, so their order survives sorting). */
  at: number;
  log: string;
  sessionId: string;
  deploymentId: string;
}

/** A request to `/v1/public/...`, as the public start reads it. */
export interface PublicStartRequest {
  /** The request's `Authorization` header (`''` when absent). */
  authorization: string;
  method: string;
  /** The path's segments, starting with `v1`. */
  segs: string[];
  /** The request body, as received. */
  text: string;
}

/** The sessions endpoints, as the emulator's handler and admin endpoint use them. */
export interface SessionsApi {
  /** `POST /v1/public/{agent}/start`, authorised by a public key. */
  publicStart(req: PublicStartRequest): [number, unknown];
  /**
   * Answer a request below `/v1/organizations/{org}/` when it is a sessions, deployments or API
   * keys path; undefined for any other path.
   *
   * @throws HttpError for an error answer
   */
  handle(method: string, rest: string[], query: URLSearchParams, body: unknown): [number, unknown] | undefined;
  /** The log lines every session of `agent` has written so far (oldest first). */
  logLines(agent: string): SessionLogLine[];
  /** Queue session faults; returns what is wrong with them, or undefined when queued. */
  queueFaults(specs: unknown): string | undefined;
  /** Drop the queued session faults. */
  clearFaults(): void;
}
