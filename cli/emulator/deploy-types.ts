/**
 * The shapes, errors and shared state of the emulator's agents and Cloud Builds (`deploy.ts`, which
 * routes; `deploy-builds.ts` and `deploy-agents.ts`, which answer). Sources: see `deploy.ts`.
 */

/** A build as stored. */
export interface StoredBuild {
  id: string;
  region: string;
  contextHash: string;
  dockerfilePath: string;
  contextSizeBytes: number;
  createdAt: number;
  /** Epoch ms when it leaves `pending` for `building`, and when it ends. */
  startsAt: number;
  endsAt: number;
  /** Set when the build fails (decided at creation: the context lacks the Dockerfile). */
  errorMessage?: string;
  logs: string[];
}

/** One deployment (revision) of an agent. */
export interface StoredDeployment {
  id: string;
  createdAt: number;
  /** Epoch ms when the deployment is ready. */
  readyAt: number;
  image: string;
  buildId?: string;
}

/** An agent as stored: its last configuration and its deployments, newest last. */
export interface StoredAgent {
  id: string;
  name: string;
  region: string;
  createdAt: number;
  updatedAt: number;
  /** The configuration fields of the last create/update body (platform names). */
  config: AgentConfig;
  deployments: StoredDeployment[];
}

/** The configuration an agent is deployed with (request body fields, platform names). */
export interface AgentConfig {
  image?: string;
  buildId?: string;
  secretSet?: string;
  imagePullSecretSet?: string;
  autoScaling?: { minAgents?: number; maxAgents?: number };
  agentProfile?: string;
  enableKrisp?: boolean;
  krispViva?: { audioFilter?: string };
  websocketAuth?: string;
  maxSessionDuration?: number;
}

/** The deploy part of an organisation's persisted state (added to `EmulatorData.orgs[org]`). */
export interface DeployState {
  agents?: Record<string, StoredAgent>;
  builds?: Record<string, StoredBuild>;
}

/** What the deploy API needs from the emulator around it. */
export interface DeployContext {
  org: string;
  regions: string[];
  defaultRegion: string;
  /** The organisation's state (agents and builds are added to it). */
  state: () => DeployState;
  /** A secret set's region, type and status, or undefined when it does not exist. */
  secretSet: (name: string) => { type: 'secret' | 'imagePullSecret'; region: string; status: string } | undefined;
  /** Base URL the emulator is reachable at (for the upload URL). */
  baseUrl: () => string;
  /** How long a build stays `pending`, then `building`, in ms. */
  buildMs: number;
  /** How long a deployment takes to become ready, in ms. */
  deployMs: number;
  /** Reads the entry names of a gzipped tar (the uploaded context). */
  listTar: (tarball: Buffer) => Promise<string[]>;
  /** The log lines an agent's sessions wrote so far (`sessions.ts`), merged into its logs. */
  sessionLogs?: (agent: string) => { at: number; log: string; sessionId: string; deploymentId: string }[];
}

/** An error answer: status, platform code and message. */
export class DeployHttpError extends Error {
  /** @param status HTTP status; @param code the platform's code; @param message its `error` text */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A 400 `GENERIC_BAD_REQUEST` answer with this message. */
export const bad = (m: string) => new DeployHttpError(400, 'GENERIC_BAD_REQUEST', m);
/** An epoch-ms time as the platform writes times (ISO 8601, UTC). */
export const iso = (ms: number) => new Date(ms).toISOString();
/** Agent names: a DNS-1123 label (Kubernetes service names), which the platform uses as the service name. */
export const PLATFORM_AGENT_NAME_RE = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
/** Limits of the platform's session duration in seconds (pipecatcloud `DeployConfigParams`). */
export const SESSION_DURATION = { min: 60, max: 14400 } as const;

/** A pending upload: created by `upload-url`, filled by the multipart POST. */
export interface Upload {
  org: string;
  key: string;
  expiresAt: number;
  region: string;
  tarball?: Buffer;
}

/** The state the builds and agents endpoints share: the emulator around them and what it stores. */
export interface DeployStore {
  ctx: DeployContext;
  /** Uploads handed out by `upload-url`, by upload id (dropped when a build uses them). */
  uploads: Map<string, Upload>;
  /** The organisation's agents, by name (created on first use). */
  agents(): Record<string, StoredAgent>;
  /** The organisation's builds, by id (created on first use). */
  builds(): Record<string, StoredBuild>;
}

/** A request to the builds or services endpoints below the organisation, as their handlers read it. */
export interface DeployRequest {
  method: string;
  /** Path segments after the organisation, starting with `builds` or `services`. */
  rest: string[];
  query: URLSearchParams;
  /**
   * The body as an object, read only by the endpoints that take one (an absent body is `{}`).
   *
   * @throws DeployHttpError 400 for a body that is not a JSON object
   */
  body: () => Record<string, unknown>;
}

/** The agents and builds endpoints, as the emulator's server uses them (`createDeployApi`). */
export interface DeployApi {
  /**
   * Answer a request below `/v1/organizations/{org}/` when it is a builds or services path.
   *
   * @param rest path segments after the organisation, e.g. `['services', 'my-agent']`
   * @returns the answer, or undefined when the path is not one of these endpoints
   * @throws DeployHttpError for an error answer
   */
  handle(method: string, rest: string[], query: URLSearchParams, raw: unknown): Promise<[number, unknown] | undefined>;
  /** The multipart POST to the upload URL: 204, or a status with an S3-like XML error body. */
  receiveUpload(form: FormData): Promise<[number, string]>;
  /** The tarball received for an upload id (admin endpoint; tests inspect what was sent). */
  uploadedTarball(uploadId: string): Buffer | undefined;
  /** Upload ids received, oldest first. */
  receivedUploads(): string[];
}
