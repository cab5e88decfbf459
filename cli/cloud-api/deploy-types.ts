/**
 * Shapes of the agents (`services`) and Cloud Builds endpoints of the Pipecat Cloud REST API, as
 * `CloudClient` (`client.ts`) returns and sends them. Field names are the platform's.
 *
 * Source: the official CLI pipecatcloud (daily-co/pipecat-cloud `src/pipecatcloud/api.py`: payload
 * names) and docs.pipecat.ai's REST reference (`Build`, `ServiceDetailsResponse`, build-upload-url,
 * agent-create). Facts and their sources: docs/deploy.md.
 */
/** Build statuses; `success`, `failed` and `timeout` are final. */
export type BuildStatus = 'pending' | 'building' | 'success' | 'failed' | 'timeout';

/** A Cloud Build as the platform reports it (the fields we read). */
export interface Build {
  id: string;
  status: BuildStatus;
  region: string;
  contextHash: string;
  dockerfilePath: string;
  errorMessage?: string | null;
  buildDurationSeconds?: number | null;
  createdAt?: string;
  startedAt?: string | null;
  completedAt?: string | null;
  /** Bytes of the uploaded context and of the built image (REST reference `Build`). */
  contextSizeBytes?: number | null;
  imageSizeBytes?: number | null;
  /** The built image, once `success`. */
  imageUri?: string | null;
}

/** `POST .../builds/upload-url` answer. */
export interface UploadTarget {
  uploadId: string;
  uploadUrl: string;
  /** Form fields to send before the file (S3 presigned POST; order kept). */
  uploadFields: Record<string, string>;
  expiresAt?: string;
}

/** Agent details (`GET .../services/{name}`; REST reference `ServiceDetailsResponse`), fields we read. */
export interface AgentDetails {
  name: string;
  region: string;
  ready: boolean;
  available?: boolean;
  createdAt?: string;
  updatedAt?: string;
  desiredDeploymentId?: string | null;
  activeDeploymentId?: string | null;
  reconciledDeploymentId?: string | null;
  activeDeploymentReady?: boolean;
  activeSessionCount?: number;
  autoScaling?: { minReplicas?: number; maxReplicas?: number };
  agentProfile?: string;
  conditions?: { type: string; status: string; reason?: string; message?: string }[];
  deployment?: {
    id?: string;
    /**
     * The Cloud Build the deployment runs. Not in the REST reference's `ServiceDetailsResponse`
     * (whose `spec.image` is "redacted when deployed via a build"): read where a platform that
     * reports it would put it, here or in `manifest.spec`; see `promote` (docs/deploy.md).
     */
    buildId?: string | null;
    manifest?: { spec?: { image?: string; maxSessionDurationSeconds?: number; buildId?: string | null; envFromSecretNames?: string[] } };
  };
  errors?: { code?: string; message?: string; error?: string }[];
  /** Set by an update that changed nothing (no new deployment). */
  warning?: string;
}

/** One entry of `GET .../services`. */
export interface AgentSummary {
  name: string;
  region: string;
  id?: string;
  ready?: boolean;
  activeDeploymentId?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

/** The create/update body (platform names; undefined fields are left out). */
export interface DeployPayload {
  serviceName: string;
  image?: string;
  buildId?: string;
  imagePullSecretSet?: string;
  secretSet?: string;
  region?: string;
  autoScaling?: { minAgents?: number; maxAgents?: number };
  enableKrisp?: boolean;
  agentProfile?: string;
  krispViva?: { audioFilter?: string };
  forceRedeploy?: boolean;
  websocketAuth?: string;
  maxSessionDuration?: number;
}

/** One log line of an agent (`{log, timestamp}`) or a build (`{message, timestamp}` or a string). */
export interface LogLine {
  timestamp?: string;
  log?: string;
  message?: string;
}

/** Filters of `GET .../builds` (all optional; `limit` at most 100). */
export interface BuildQuery {
  contextHash?: string;
  region?: string;
  status?: BuildStatus;
  limit?: number;
}

/** `POST .../builds` answer: the build, and whether it is a cached build of the same context. */
export interface CreatedBuild {
  build: Build;
  contextHash?: string;
  cached?: boolean;
}
