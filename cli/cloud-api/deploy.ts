/**
 * The agents (`services`) and Cloud Builds endpoints of the Pipecat Cloud REST API, on top of
 * {@link CloudClient.request} (timeouts, retries, typed errors), plus the multipart upload of a
 * build context to the presigned URL the platform hands out.
 *
 * Source: the official CLI pipecatcloud (daily-co/pipecat-cloud `src/pipecatcloud/api.py` and
 * `config.py`: paths below `/v1/organizations/{org}`, payload names; `_utils/build_utils.py`: the
 * upload form) and docs.pipecat.ai's REST reference (build-upload-url, build-create, agent-create,
 * agent-get). Facts and their sources: docs/deploy.md.
 */
import type { CloudClient } from './client.js';
import { apiPath } from './http.js';
import { ApiError, UploadError, isOrganizationMissing } from './errors.js';

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

/** Drops undefined values, recursively (the official CLI sends no null fields). */
function compact<T>(v: T): T {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = compact(x);
  return out as T;
}

/**
 * Send a non-idempotent request again when the platform answers 429: a rate-limited request was
 * not processed, so repeating it is safe. Waits `Retry-After` (at most 30 s; default 1 s).
 *
 * @param attempts at most this many attempts (default 4)
 */
export async function retryRateLimited<T>(send: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429 || attempt >= attempts || (err.retryAfterMs ?? 0) > 30_000) throw err;
      await new Promise((r) => setTimeout(r, err.retryAfterMs ?? 1000));
    }
  }
}

/** `POST .../builds/upload-url`: where to upload a build context (repeated on 429 only). */
export function requestUploadUrl(c: CloudClient, org: string, region?: string): Promise<UploadTarget> {
  return retryRateLimited(() =>
    c.request<UploadTarget>({ method: 'POST', path: apiPath`/v1/organizations/${org}/builds/upload-url`, body: compact({ region }) }),
  );
}

/**
 * `POST .../builds`: build an uploaded context, or get the cached successful build of the same
 * context hash, region and Dockerfile path (`cached: true`, HTTP 200).
 */
export function createBuild(
  c: CloudClient,
  org: string,
  p: { uploadId: string; region?: string; dockerfilePath: string },
): Promise<{ build: Build; contextHash?: string; cached?: boolean }> {
  return retryRateLimited(() => c.request({ method: 'POST', path: apiPath`/v1/organizations/${org}/builds`, body: compact(p) }));
}

/** `GET .../builds?contextHash&region&status&limit`: builds matching the filters, newest first. */
export async function listBuilds(
  c: CloudClient,
  org: string,
  q: { contextHash?: string; region?: string; status?: BuildStatus; limit?: number },
): Promise<Build[]> {
  return (await buildPage(c, org, q)).builds;
}

/**
 * {@link listBuilds} with the count of every build that matches (`total`, the official `build list`'s
 * "Showing N of M"; the length of `builds` when the answer has none).
 */
export async function buildPage(
  c: CloudClient,
  org: string,
  q: { contextHash?: string; region?: string; status?: BuildStatus; limit?: number },
): Promise<{ builds: Build[]; total: number }> {
  const r = await c.request<{ builds?: Build[]; total?: number }>({
    method: 'GET',
    path: apiPath`/v1/organizations/${org}/builds`,
    query: { contextHash: q.contextHash, region: q.region, status: q.status, limit: q.limit === undefined ? undefined : String(q.limit) },
  });
  const builds = r.builds ?? [];
  return { builds, total: typeof r.total === 'number' ? r.total : builds.length };
}

/** `GET .../builds/{id}`. @throws ApiError 404 when it does not exist */
export async function getBuild(c: CloudClient, org: string, id: string): Promise<Build> {
  const r = await c.request<{ build?: Build } & Partial<Build>>({ method: 'GET', path: apiPath`/v1/organizations/${org}/builds/${id}` });
  return (r.build ?? r) as Build;
}

/** `GET .../builds/{id}/logs?limit`: the build's log lines as text, oldest first. */
export async function buildLogs(c: CloudClient, org: string, id: string, limit = 500): Promise<string[]> {
  return (await buildLogEntries(c, org, id, limit)).map((l) => l.message);
}

/**
 * `GET .../builds/{id}/logs?limit`: the build's log lines, oldest first, each as `{message, timestamp?}`:
 * the REST reference sends strings, and the official `build logs` also reads `{message|log, timestamp}`
 * objects (pipecatcloud `cli/commands/build.py`).
 *
 * @throws ApiError 404 when the build does not exist
 */
export async function buildLogEntries(
  c: CloudClient,
  org: string,
  id: string,
  limit = 500,
): Promise<{ message: string; timestamp?: string }[]> {
  const r = await c.request<{ logs?: (LogLine | string)[] }>({
    method: 'GET',
    path: apiPath`/v1/organizations/${org}/builds/${id}/logs`,
    query: { limit: String(limit) },
  });
  return (r.logs ?? []).map((l) =>
    typeof l === 'string'
      ? { message: l }
      : { message: l.message ?? l.log ?? JSON.stringify(l), ...(l.timestamp ? { timestamp: l.timestamp } : {}) },
  );
}

/**
 * `GET .../services/{name}`: the agent's details, or undefined when there is none (404). The
 * official CLI reads the details from a `body` field; a flat answer (the REST reference's
 * `/v1/agents/{name}`) is taken too. A 404 that names the organisation is thrown: the organisation,
 * not the agent, is missing.
 */
export async function getAgent(c: CloudClient, org: string, name: string): Promise<AgentDetails | undefined> {
  try {
    const r = await c.request<{ body?: AgentDetails } & Partial<AgentDetails>>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/services/${name}`,
    });
    return (r.body ?? r) as AgentDetails;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && !isOrganizationMissing(err)) return undefined;
    throw err;
  }
}

/** `GET .../services[?region]`: the organisation's agents. */
export async function listAgents(c: CloudClient, org: string, region?: string): Promise<AgentSummary[]> {
  const r = await c.request<{ services?: AgentSummary[] }>({
    method: 'GET',
    path: apiPath`/v1/organizations/${org}/services`,
    query: { region },
  });
  return r.services ?? [];
}

/**
 * Create (`POST .../services`) or update (`PUT .../services`, name in the body) an agent, as the
 * official CLI does. Repeated on 429 only: a lost answer is resolved by reading the agent.
 */
export function deployAgent(c: CloudClient, org: string, payload: DeployPayload, update: boolean): Promise<AgentDetails> {
  return retryRateLimited(() =>
    c.request<AgentDetails>({
      method: update ? 'PUT' : 'POST',
      path: apiPath`/v1/organizations/${org}/services`,
      body: compact(payload),
      idempotent: false,
    }),
  );
}

/** `DELETE .../services/{name}`. @throws ApiError 404 when it does not exist */
export async function deleteAgent(c: CloudClient, org: string, name: string): Promise<void> {
  await c.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/services/${name}` });
}

/** `GET .../services/{name}/logs?limit[&deploymentId][&sessionId]`: newest first, as the platform sends them (pipecatcloud `api.py`). */
export async function agentLogs(
  c: CloudClient,
  org: string,
  name: string,
  q: { limit: number; deploymentId?: string; sessionId?: string },
): Promise<LogLine[]> {
  const r = await c.request<{ logs?: LogLine[] }>({
    method: 'GET',
    path: apiPath`/v1/organizations/${org}/services/${name}/logs`,
    query: { limit: String(q.limit), deploymentId: q.deploymentId, sessionId: q.sessionId },
  });
  return r.logs ?? [];
}

/**
 * Upload a build context with the multipart form POST the presigned URL expects: the given fields
 * first (order kept), `Content-Type: application/gzip` when absent, the file last as `file`
 * (`context.tar.gz`). Multipart body by node-fetch's FormData. Network errors and 5xx answers are
 * retried (the same key is written again).
 *
 * @param attempts at most this many attempts (default 3)
 * @throws {@link UploadError} naming the storage's answer
 */
export async function uploadContext(
  target: UploadTarget,
  tarball: Buffer,
  opts: { attempts?: number; timeoutMs?: number } = {},
): Promise<void> {
  // node-fetch rejects with its own AbortError when the signal fires, before the answer or while
  // its body is read (node-fetch 3 src/index.js `abort`; a DOMException is never thrown).
  const { default: fetch, FormData, Blob, AbortError } = await import('node-fetch');
  const origin = (() => {
    try {
      return new URL(target.uploadUrl).origin;
    } catch {
      throw new UploadError(`the upload URL the platform gave is not a URL: ${target.uploadUrl}`);
    }
  })();
  const attempts = Math.max(1, opts.attempts ?? 3);
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    for (const [k, v] of Object.entries(target.uploadFields ?? {})) form.append(k, v);
    if (!('Content-Type' in (target.uploadFields ?? {}))) form.append('Content-Type', 'application/gzip');
    form.append('file', new Blob([tarball], { type: 'application/gzip' }), 'context.tar.gz');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 120_000);
    let problem: string;
    try {
      const res = await fetch(target.uploadUrl, { method: 'POST', body: form, signal: controller.signal, redirect: 'error' });
      const text = await res.text();
      if (res.status === 200 || res.status === 201 || res.status === 204) return;
      const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
      problem = `${res.status}${code ? ` ${code}` : ''}`;
      if (res.status < 500 || attempt >= attempts) throw new UploadError(`uploading the build context to ${origin} failed: ${problem}`);
    } catch (err) {
      if (err instanceof UploadError) throw err;
      const e = err as Error & { code?: string };
      problem = err instanceof AbortError ? 'no answer before the timeout' : (e.code ?? e.message);
      if (attempt >= attempts) throw new UploadError(`uploading the build context to ${origin} failed: ${problem}`);
    } finally {
      clearTimeout(timer);
    }
    await new Promise((r) => setTimeout(r, 300 * attempt));
  }
}
