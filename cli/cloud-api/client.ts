/**
 * Typed client of the Pipecat Cloud REST API, one method per endpoint: {@link CloudClient}. Its
 * methods come in groups, one module each, on top of the HTTP mechanics of `ApiRequester`
 * (`requester.ts`: timeouts, retries, redirects; `http.ts`: bounded reads, error bodies, retry
 * decisions):
 * - `organization-endpoints.ts`: secret sets and image pull secrets, regions, properties, the
 *   token's organisations and user, public API keys;
 * - here: agents (`services`), their sessions, deployments and logs, the public start, and Cloud
 *   Builds (the shapes in `deploy-types.ts` and `session-types.ts`).
 * The upload of a build context to the storage's presigned URL is no API request (no bearer
 * token): `upload.ts`.
 *
 * Source: the official CLI pipecatcloud (daily-co/pipecat-cloud `src/pipecatcloud/api.py`, paths in
 * `config.py`) and docs.pipecat.ai's REST reference (build-upload-url, build-create, agent-create,
 * agent-get). Built on node-fetch 3 (imported lazily on the first request). Facts: docs/deploy.md,
 * docs/cloud-emulator.md.
 *
 * The client never prints, prompts or exits: it returns typed data or throws (`errors.ts`)
 * - `ApiError` when the platform answered with an error status (`exitCode` 4 for 401, else 1);
 * - `HostUnreachableError` when no answer came back (refused, DNS, TLS, reset, timeout).
 */
import type { AgentDetails, AgentSummary, Build, BuildQuery, CreatedBuild, DeployPayload, LogLine, UploadTarget } from './deploy-types.js';
import { ApiError, isOrganizationMissing } from './errors.js';
import { apiPath, compact, retryRateLimited } from './http.js';
import { OrganizationEndpoints } from './organization-endpoints.js';
import type { AgentDeployment, AgentSession, SessionList, StartAnswer, StartRequest } from './session-types.js';

export type { CloudClientOptions } from './requester.js';

/**
 * Client of the Pipecat Cloud REST API: one method per endpoint, on top of
 * `ApiRequester.request`. One instance per token and base URL; methods are safe to call
 * concurrently. `org` parameters are organisation names (as in `GET /v1/organizations`).
 */
export class CloudClient extends OrganizationEndpoints {
  /**
   * `POST /v1/public/{agent}/start` with a public API key as the bearer (not the client's token),
   * as the official CLI's `agent start` does (pipecatcloud `api.py` `_start_agent`). Sent once:
   * a start is not repeated (it would start a second session).
   *
   * @param publicKey the organisation's public API key (`pk_...`)
   * @returns the session id, and the Daily room and its meeting token with `createDailyRoom`
   * @throws ApiError 401 for a key the platform refuses, 404 for an unknown agent
   */
  async startSession(agent: string, publicKey: string, body: StartRequest): Promise<StartAnswer> {
    return this.request<StartAnswer>({ method: 'POST', path: apiPath`/v1/public/${agent}/start`, body, bearer: publicKey });
  }

  /**
   * `GET /v1/organizations/{org}/services/{agent}/sessions`: the agent's sessions, newest first.
   *
   * @param q.limit at most this many (the platform's default is 10); q.status `active`, `ended` or `all`
   * @throws ApiError 404 when the agent does not exist
   */
  async sessions(org: string, agent: string, q: { limit?: number; status?: string } = {}): Promise<SessionList> {
    const r = await this.request<Partial<SessionList>>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/services/${agent}/sessions`,
      query: { limit: q.limit === undefined ? undefined : String(q.limit), status: q.status },
    });
    return { sessions: r.sessions ?? [], total_count: r.total_count };
  }

  /** `GET .../services/{agent}/sessions/{id}`: one session. @throws ApiError 404 when the agent or session does not exist */
  async session(org: string, agent: string, id: string): Promise<AgentSession> {
    return this.request<AgentSession>({ method: 'GET', path: apiPath`/v1/organizations/${org}/services/${agent}/sessions/${id}` });
  }

  /** `DELETE .../services/{agent}/sessions/{id}`: stop an active session. @throws ApiError 404 when not found */
  async stopSession(org: string, agent: string, id: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/services/${agent}/sessions/${id}` });
  }

  /** `GET .../services/{agent}/deployments`: the agent's deployments. @throws ApiError 404 when the agent does not exist */
  async deployments(org: string, agent: string): Promise<AgentDeployment[]> {
    const r = await this.request<{ deployments?: AgentDeployment[] }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/services/${agent}/deployments`,
    });
    return r.deployments ?? [];
  }

  /**
   * `GET .../services/{name}`: the agent's details, or undefined when there is none (404). The
   * official CLI reads the details from a `body` field; a flat answer (the REST reference's
   * `/v1/agents/{name}`) is taken too. A 404 that names the organisation is thrown: the
   * organisation, not the agent, is missing.
   */
  async getAgent(org: string, name: string): Promise<AgentDetails | undefined> {
    try {
      const r = await this.request<{ body?: AgentDetails } & Partial<AgentDetails>>({
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
  async listAgents(org: string, region?: string): Promise<AgentSummary[]> {
    const r = await this.request<{ services?: AgentSummary[] }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/services`,
      query: { region },
    });
    return r.services ?? [];
  }

  /**
   * `POST .../services`: create an agent, as the official CLI does. Repeated on 429 only: a lost
   * answer is resolved by reading the agent.
   */
  createAgent(org: string, payload: DeployPayload): Promise<AgentDetails> {
    return this.sendAgent('POST', org, payload);
  }

  /**
   * `PUT .../services` (the name in the body's `serviceName`): update an agent, as the official CLI
   * does. Repeated on 429 only: a lost answer is resolved by reading the agent.
   */
  updateAgent(org: string, payload: DeployPayload): Promise<AgentDetails> {
    return this.sendAgent('PUT', org, payload);
  }

  /** The create or update of an agent: sent once, again only on 429; undefined fields left out. */
  private sendAgent(method: 'POST' | 'PUT', org: string, payload: DeployPayload): Promise<AgentDetails> {
    return retryRateLimited(() =>
      this.request<AgentDetails>({ method, path: apiPath`/v1/organizations/${org}/services`, body: compact(payload), idempotent: false }),
    );
  }

  /** `DELETE .../services/{name}`. @throws ApiError 404 when it does not exist */
  async deleteAgent(org: string, name: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/services/${name}` });
  }

  /**
   * `GET .../services/{name}/logs?limit[&deploymentId][&sessionId]`: newest first, as the platform
   * sends them (pipecatcloud `api.py`).
   */
  async agentLogs(org: string, name: string, q: { limit: number; deploymentId?: string; sessionId?: string }): Promise<LogLine[]> {
    const r = await this.request<{ logs?: LogLine[] }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/services/${name}/logs`,
      query: { limit: String(q.limit), deploymentId: q.deploymentId, sessionId: q.sessionId },
    });
    return r.logs ?? [];
  }

  /** `POST .../builds/upload-url`: where to upload a build context (`upload.ts`; repeated on 429 only). */
  requestUploadUrl(org: string, region?: string): Promise<UploadTarget> {
    return retryRateLimited(() =>
      this.request<UploadTarget>({ method: 'POST', path: apiPath`/v1/organizations/${org}/builds/upload-url`, body: compact({ region }) }),
    );
  }

  /**
   * `POST .../builds`: build an uploaded context, or get the cached successful build of the same
   * context hash, region and Dockerfile path (`cached: true`, HTTP 200). Repeated on 429 only.
   */
  createBuild(org: string, p: { uploadId: string; region?: string; dockerfilePath: string }): Promise<CreatedBuild> {
    return retryRateLimited(() =>
      this.request<CreatedBuild>({ method: 'POST', path: apiPath`/v1/organizations/${org}/builds`, body: compact(p) }),
    );
  }

  /** `GET .../builds?contextHash&region&status&limit`: builds matching the filters, newest first. */
  async listBuilds(org: string, q: BuildQuery): Promise<Build[]> {
    return (await this.buildPage(org, q)).builds;
  }

  /**
   * {@link listBuilds} with the count of every build that matches (`total`, the official `build
   * list`'s "Showing N of M"; the length of `builds` when the answer has none).
   */
  async buildPage(org: string, q: BuildQuery): Promise<{ builds: Build[]; total: number }> {
    const r = await this.request<{ builds?: Build[]; total?: number }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/builds`,
      query: { contextHash: q.contextHash, region: q.region, status: q.status, limit: q.limit === undefined ? undefined : String(q.limit) },
    });
    const builds = r.builds ?? [];
    return { builds, total: typeof r.total === 'number' ? r.total : builds.length };
  }

  /** `GET .../builds/{id}`. @throws ApiError 404 when it does not exist */
  async getBuild(org: string, id: string): Promise<Build> {
    const r = await this.request<{ build?: Build } & Partial<Build>>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/builds/${id}`,
    });
    return (r.build ?? r) as Build;
  }

  /** `GET .../builds/{id}/logs?limit`: the build's log lines as text, oldest first. */
  async buildLogs(org: string, id: string, limit = 500): Promise<string[]> {
    return (await this.buildLogEntries(org, id, limit)).map((l) => l.message);
  }

  /**
   * `GET .../builds/{id}/logs?limit`: the build's log lines, oldest first, each as `{message,
   * timestamp?}`: the REST reference sends strings, and the official `build logs` also reads
   * `{message|log, timestamp}` objects (pipecatcloud `cli/commands/build.py`).
   *
   * @throws ApiError 404 when the build does not exist
   */
  async buildLogEntries(org: string, id: string, limit = 500): Promise<{ message: string; timestamp?: string }[]> {
    const r = await this.request<{ logs?: (LogLine | string)[] }>({
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
}
