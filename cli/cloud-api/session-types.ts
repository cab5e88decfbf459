/**
 * Shapes of the sessions, deployments, public start and public API keys endpoints of the Pipecat
 * Cloud REST API, as the official CLI sends and reads them and as the REST reference documents
 * them. Field names are the platform's (camelCase on the wire, `total_count` as sent).
 *
 * Sources: pipecatcloud `api.py` (`_start_agent`: the start body; `_api_key_create`: the create
 * body), `cli/commands/agent.py` (`sessions`, `start`, `deployments`: the fields read),
 * `cli/commands/organizations.py` (`keys`: `public[]` with `id`, `key`, `metadata.name`,
 * `createdAt`, `revoked`); docs.pipecat.ai REST reference (`openapi.json`: `StartRequest`,
 * `StartResponse`, `SessionResponse`, the sessions list, `StopResponse`).
 */

/** Body of `POST /v1/public/{agent}/start` (REST reference `StartRequest`; what the official CLI sends). */
export interface StartRequest {
  /** Create a Daily room for the session (`--use-daily`). */
  createDailyRoom: boolean;
  /** Daily room properties (`--daily-properties`); sent only with `createDailyRoom`. */
  dailyRoomProperties?: Record<string, unknown>;
  /** Data for the bot (`--data`): the `body` of the session arguments the bot receives. */
  body?: unknown;
}

/** Answer of the public start (REST reference `StartResponse`): the fields we read. */
export interface StartAnswer {
  /** The session's id. */
  sessionId?: string;
  /** URL of the created Daily room (with `createDailyRoom`). */
  dailyRoom?: string;
  /** Meeting token to join that room (with `createDailyRoom`): for the user, printed as the official CLI does. */
  dailyToken?: string;
}

/**
 * One session of an agent (REST reference `SessionResponse` and the sessions list's items). A
 * session is active while `endedAt` is null; `botStartSeconds` is null until the bot started.
 */
export interface AgentSession {
  sessionId: string;
  serviceId?: string;
  organizationId?: string;
  deploymentId?: string;
  /** ISO 8601 times. */
  createdAt: string;
  updatedAt?: string;
  endedAt?: string | null;
  /** Whole seconds from the start request to the bot's start; null until it started. */
  botStartSeconds?: number | null;
  coldStart?: boolean | null;
  /** `HTTP_COMPLETED`, `HTTP_ERROR`, `WS_CONNECTION_CLOSED`, an HTTP status such as `500`, …; null while active. */
  completionStatus?: string | null;
  resourceMetrics?: Record<string, unknown> | null;
  meetingIds?: { participantId?: string; meetingId?: string }[];
}

/** Answer of `GET .../services/{agent}/sessions`. */
export interface SessionList {
  sessions: AgentSession[];
  /** Sessions matching the query (the list holds at most `limit` of them). */
  total_count?: number;
}

/** One deployment (revision) of an agent, as `GET .../services/{agent}/deployments` lists it. */
export interface AgentDeployment {
  id: string;
  serviceId?: string;
  manifest?: { spec?: { image?: string; dailyNodeType?: string; [k: string]: unknown } };
  createdAt?: string;
  updatedAt?: string;
}

/** A public API key of an organisation (`GET .../apiKeys` `public[]`; the create answer). */
export interface PublicApiKey {
  id: string;
  /** The key itself (`pk_...`): a secret we print only when `keys create` made it. */
  key: string;
  metadata: { name: string };
  createdAt?: string;
  revoked?: boolean;
}
