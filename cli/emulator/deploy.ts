/**
 * Agents (`services`) and Cloud Builds of the Pipecat Cloud emulator: the endpoints
 * `pipecat cloud deploy` and `pipecat cloud agent ...` use, answering as the platform does.
 *
 * Source of the shapes: the official CLI pipecatcloud (daily-co/pipecat-cloud, `src/pipecatcloud/api.py`:
 * services and builds paths, payloads; `cli/commands/deploy.py`: how answers are read) and
 * docs.pipecat.ai's REST reference (build-upload-url, build-create, agent-create). See docs/deploy.md
 * for the facts and docs/cloud-emulator.md for what the emulator serves and decides.
 *
 * Paths, below `/v1/organizations/{org}`:
 * - `POST builds/upload-url` → `{uploadId, uploadUrl, uploadFields, expiresAt}`; the upload URL is
 *   this emulator's `/_uploads` (loopback), which takes the multipart form POST S3 takes and keeps
 *   the tarball (204, as S3 answers).
 * - `POST builds` `{uploadId, dockerfilePath?, region?}` → 201 `{build, contextHash, cached:false}`,
 *   or 200 `{..., cached:true}` for a successful build of the same context hash, region and
 *   Dockerfile path. A build is `pending`, then `building`, then `success` (or `failed` with an
 *   `errorMessage` and logs when the context has no Dockerfile at `dockerfilePath`).
 * - `GET builds[?contextHash&region&status&limit]`, `GET builds/{id}`, `GET builds/{id}/logs`.
 * - `GET services[?region]`, `POST services` (create), `PUT services` (update, name in the body),
 *   `GET services/{name}` (`{"body": details}`, as the official CLI reads it), `DELETE services/{name}`,
 *   `GET services/{name}/logs[?limit&deploymentId&sessionId]`.
 *
 * Every operation mutates state synchronously; statuses move with time (computed when read), so
 * nothing runs in the background.
 */
import { createHash, randomUUID } from 'node:crypto';

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
}

/** An error answer: status, platform code and message. */
export class DeployHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const bad = (m: string) => new DeployHttpError(400, 'GENERIC_BAD_REQUEST', m);
const iso = (ms: number) => new Date(ms).toISOString();
/** Agent names: a DNS-1123 label (Kubernetes service names), which the platform uses as the service name. */
export const AGENT_NAME_RE = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
/** Limits of the platform's session duration in seconds (pipecatcloud `DeployConfigParams`). */
export const SESSION_DURATION = { min: 60, max: 14400 } as const;

/** A pending upload: created by `upload-url`, filled by the multipart POST. */
interface Upload {
  org: string;
  key: string;
  expiresAt: number;
  region: string;
  tarball?: Buffer;
}

/**
 * The agents and builds endpoints.
 *
 * @param ctx the emulator's organisation, regions, state and timings
 */
export function createDeployApi(ctx: DeployContext) {
  const uploads = new Map<string, Upload>();
  const agents = () => (ctx.state().agents ??= {});
  const builds = () => (ctx.state().builds ??= {});

  const buildStatus = (b: StoredBuild, now = Date.now()) =>
    now < b.startsAt ? 'pending' : now < b.endsAt ? 'building' : b.errorMessage ? 'failed' : 'success';

  const buildView = (b: StoredBuild) => {
    const status = buildStatus(b);
    const done = status === 'success' || status === 'failed';
    return {
      id: b.id,
      organizationId: ctx.org,
      status,
      region: b.region,
      contextHash: b.contextHash,
      dockerfilePath: b.dockerfilePath,
      imageUri: status === 'success' ? `registry.emulator.local/pipecat-cloud/${ctx.org}:${b.contextHash}` : null,
      logsUrl: null,
      errorMessage: status === 'failed' ? b.errorMessage : null,
      contextSizeBytes: b.contextSizeBytes,
      imageSizeBytes: status === 'success' ? 50 * 1024 * 1024 : null,
      buildDurationSeconds: done ? Math.max(1, Math.round((b.endsAt - b.startsAt) / 1000)) : null,
      startedAt: status === 'pending' ? null : iso(b.startsAt),
      completedAt: done ? iso(b.endsAt) : null,
      createdAt: iso(b.createdAt),
      updatedAt: iso(done ? b.endsAt : status === 'building' ? b.startsAt : b.createdAt),
    };
  };

  const checkRegion = (r: unknown): string | undefined => {
    if (r === undefined || r === null) return undefined;
    if (typeof r !== 'string' || !ctx.regions.includes(r))
      throw bad(`Invalid region '${String(r)}'. Valid regions: ${ctx.regions.join(', ')}`);
    return r;
  };

  /** `POST builds/upload-url`. */
  function uploadUrl(body: Record<string, unknown>): [number, unknown] {
    const region = checkRegion(body.region) ?? ctx.defaultRegion;
    const uploadId = randomUUID();
    const key = `${ctx.org}/${uploadId}.tar.gz`;
    const expiresAt = Date.now() + 15 * 60_000;
    uploads.set(uploadId, { org: ctx.org, key, expiresAt, region });
    return [
      200,
      {
        uploadId,
        uploadUrl: `${ctx.baseUrl()}/_uploads`,
        uploadFields: { key, 'Content-Type': 'application/gzip', Policy: Buffer.from(key).toString('base64') },
        expiresAt: iso(expiresAt),
      },
    ];
  }

  /**
   * The multipart form POST to the upload URL (S3's presigned POST): fields first, then `file`.
   *
   * @returns status and an S3-like XML error body, or 204 with no body
   */
  async function receiveUpload(form: FormData): Promise<[number, string]> {
    const key = form.get('key');
    const file = form.get('file');
    const s3Error = (code: string, msg: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${msg}</Message></Error>`;
    if (typeof key !== 'string') return [400, s3Error('InvalidArgument', "Bucket POST must contain a field named 'key'.")];
    const upload = [...uploads.values()].find((u) => u.key === key);
    if (!upload || Date.now() > upload.expiresAt)
      return [403, s3Error('AccessDenied', 'Invalid according to Policy: Policy Condition failed')];
    if (!file || typeof file === 'string') return [400, s3Error('InvalidArgument', 'POST requires exactly one file upload per request.')];
    upload.tarball = Buffer.from(await (file as Blob).arrayBuffer());
    return [204, ''];
  }

  /** `POST builds`: decides the build's outcome from the uploaded context. */
  async function createBuild(body: Record<string, unknown>): Promise<[number, unknown]> {
    if (typeof body.uploadId !== 'string' || !body.uploadId) throw bad('uploadId is required');
    const dockerfilePath = body.dockerfilePath === undefined ? 'Dockerfile' : body.dockerfilePath;
    if (typeof dockerfilePath !== 'string' || !dockerfilePath) throw bad('dockerfilePath must be a non-empty string');
    const upload = uploads.get(body.uploadId);
    if (!upload) throw new DeployHttpError(404, 'NOT_FOUND', `Upload '${body.uploadId}' not found`);
    if (!upload.tarball) throw bad(`No build context was uploaded for upload '${body.uploadId}'`);
    const region = checkRegion(body.region) ?? upload.region;
    const tarball = upload.tarball;
    const contextHash = createHash('md5').update(tarball).digest('hex').slice(0, 16);
    const now = Date.now();
    const cached = Object.values(builds())
      .filter((b) => b.contextHash === contextHash && b.region === region && b.dockerfilePath === dockerfilePath)
      .find((b) => buildStatus(b, now) === 'success');
    if (cached) return [200, { build: buildView(cached), contextHash, cached: true }];
    let entries: string[] = [];
    let unreadable = false;
    try {
      entries = (await ctx.listTar(tarball)).map((e) => e.replace(/^\.\//, ''));
    } catch {
      unreadable = true;
    }
    const wanted = dockerfilePath.replace(/^\.\//, '');
    const id = randomUUID();
    const logs = [`[build ${id.slice(0, 8)}] context: ${entries.length} files, ${tarball.length} bytes`];
    let errorMessage: string | undefined;
    if (unreadable) {
      errorMessage = 'Build context is not a gzipped tar archive';
      logs.push('ERROR: failed to read the build context: not a gzipped tar archive');
    } else if (!entries.includes(wanted)) {
      errorMessage = `Docker build failed: Dockerfile '${wanted}' not found in the build context`;
      logs.push(
        '#1 [internal] load build definition from ' + wanted,
        `#1 ERROR: failed to read dockerfile: open ${wanted}: no such file or directory`,
        `ERROR: failed to solve: failed to read dockerfile: open ${wanted}: no such file or directory`,
      );
    } else {
      logs.push(
        `#1 [internal] load build definition from ${wanted}`,
        '#2 [internal] load .dockerignore',
        '#3 COPY . .',
        '#4 exporting to image',
        '#4 DONE',
      );
    }
    const b: StoredBuild = {
      id,
      region,
      contextHash,
      dockerfilePath,
      contextSizeBytes: tarball.length,
      createdAt: now,
      startsAt: now + Math.round(ctx.buildMs / 3),
      endsAt: now + ctx.buildMs,
      errorMessage,
      logs,
    };
    builds()[id] = b;
    uploads.delete(body.uploadId);
    return [201, { build: buildView(b), contextHash, cached: false }];
  }

  // --- agents

  const lastDeployment = (a: StoredAgent) => a.deployments[a.deployments.length - 1];

  /** Details of an agent as the platform reports them (REST reference `ServiceDetailsResponse`). */
  function details(a: StoredAgent) {
    const now = Date.now();
    const d = lastDeployment(a);
    const ready = now >= d.readyAt;
    const previousReady = a.deployments.length > 1;
    const reconciled = now >= d.createdAt + Math.round(ctx.deployMs / 2) || ready;
    const available = ready || previousReady;
    const spec: Record<string, unknown> = {
      image: d.image,
      autoScaling: { minReplicas: a.config.autoScaling?.minAgents ?? 0, maxReplicas: a.config.autoScaling?.maxAgents ?? 50 },
      envFromSecretNames: a.config.secretSet ? [a.config.secretSet] : [],
    };
    if (a.config.imagePullSecretSet) spec.imagePullSecretName = a.config.imagePullSecretSet;
    if (a.config.maxSessionDuration !== undefined) spec.maxSessionDurationSeconds = a.config.maxSessionDuration;
    return {
      name: a.name,
      id: a.id,
      region: a.region,
      ready,
      available,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
      desiredDeploymentId: d.id,
      activeDeploymentId: d.id,
      reconciledDeploymentId: reconciled ? d.id : null,
      activeDeploymentReady: ready,
      autoScaling: { minReplicas: a.config.autoScaling?.minAgents ?? 0, maxReplicas: a.config.autoScaling?.maxAgents ?? 50 },
      activeSessionCount: 0,
      agentProfile: a.config.agentProfile ?? 'agent-1x',
      krispViva: { audioFilter: a.config.krispViva?.audioFilter ?? null },
      conditions: [
        { type: 'Ready', status: ready ? 'True' : 'False' },
        { type: 'Progressing', status: ready ? 'False' : 'True' },
        { type: 'Degraded', status: 'False' },
      ],
      deployment: {
        id: d.id,
        manifest: {
          apiVersion: 'pipecatcloud.daily.co/v1',
          kind: 'PCService',
          metadata: { name: a.name, namespace: ctx.org },
          spec,
        },
        serviceId: a.id,
        createdAt: iso(d.createdAt),
        updatedAt: iso(d.createdAt),
      },
      errors: [],
    };
  }

  /** Validate a create/update body; returns the configuration and region. */
  function validate(body: Record<string, unknown>, existing: StoredAgent | undefined): { config: AgentConfig; region: string } {
    const name = body.serviceName;
    const problems: string[] = [];
    if (body.image !== undefined && typeof body.image !== 'string') problems.push('image must be a string');
    if (body.buildId !== undefined && typeof body.buildId !== 'string') problems.push('buildId must be a string');
    if (body.image && body.buildId) problems.push("Cannot specify both 'image' and 'buildId'");
    if (!body.image && !body.buildId) problems.push("Either 'image' or 'buildId' is required");
    if (typeof body.image === 'string' && body.image && !body.image.includes(':'))
      problems.push('Image must include a tag e.g. my-image:latest');
    const region = checkRegion(body.region) ?? existing?.region ?? ctx.defaultRegion;
    if (existing && region !== existing.region)
      problems.push(`Agent '${String(name)}' exists in region '${existing.region}'. Cannot change region to '${region}'.`);
    const sc = body.autoScaling as { minAgents?: unknown; maxAgents?: unknown } | undefined;
    if (sc !== undefined && (typeof sc !== 'object' || sc === null)) problems.push('autoScaling must be an object');
    const min = sc?.minAgents;
    const max = sc?.maxAgents;
    if (min !== undefined && (!Number.isInteger(min) || (min as number) < 0))
      problems.push('autoScaling.minAgents must be an integer >= 0');
    if (max !== undefined && (!Number.isInteger(max) || (max as number) < 1))
      problems.push('autoScaling.maxAgents must be an integer >= 1');
    if (Number.isInteger(min) && Number.isInteger(max) && (max as number) < (min as number))
      problems.push('autoScaling.maxAgents must be greater than or equal to minAgents');
    const msd = body.maxSessionDuration;
    if (msd !== undefined && (!Number.isInteger(msd) || (msd as number) < SESSION_DURATION.min || (msd as number) > SESSION_DURATION.max))
      problems.push(`maxSessionDuration must be between ${SESSION_DURATION.min} and ${SESSION_DURATION.max} seconds`);
    if (problems.length) throw bad(problems.join('; '));
    if (typeof body.secretSet === 'string' && body.secretSet) {
      const s = ctx.secretSet(body.secretSet);
      if (!s || s.type !== 'secret') throw new DeployHttpError(404, 'NOT_FOUND', `Secret set '${body.secretSet}' not found`);
      if (s.region !== region)
        throw bad(`Secret set '${body.secretSet}' is in region '${s.region}', not in the agent's region '${region}'`);
      if (s.status !== 'ready')
        throw new DeployHttpError(409, 'CONFLICT', `Secret set '${body.secretSet}' is not ready (status: ${s.status})`);
    }
    if (typeof body.imagePullSecretSet === 'string' && body.imagePullSecretSet) {
      const s = ctx.secretSet(body.imagePullSecretSet);
      if (!s || s.type !== 'imagePullSecret')
        throw new DeployHttpError(404, 'NOT_FOUND', `Image pull secret '${body.imagePullSecretSet}' not found`);
      if (s.region !== region) throw bad(`Image pull secret '${body.imagePullSecretSet}' is in region '${s.region}', not in '${region}'`);
    }
    if (typeof body.buildId === 'string' && body.buildId) {
      const b = Object.prototype.hasOwnProperty.call(builds(), body.buildId) ? builds()[body.buildId] : undefined;
      if (!b) throw new DeployHttpError(404, 'NOT_FOUND', `Build '${body.buildId}' not found`);
      if (buildStatus(b) !== 'success') throw bad(`Build '${body.buildId}' is not successful (status: ${buildStatus(b)})`);
      if (b.region !== region) throw bad(`Build '${body.buildId}' was built in region '${b.region}', not in '${region}'`);
    }
    const pick = <K extends keyof AgentConfig>(k: K) => (body[k] === undefined ? undefined : (body[k] as AgentConfig[K]));
    const config: AgentConfig = {
      image: pick('image'),
      buildId: pick('buildId'),
      secretSet: pick('secretSet'),
      imagePullSecretSet: pick('imagePullSecretSet'),
      autoScaling: pick('autoScaling'),
      agentProfile: pick('agentProfile'),
      enableKrisp: pick('enableKrisp'),
      krispViva: pick('krispViva'),
      websocketAuth: pick('websocketAuth'),
      maxSessionDuration: pick('maxSessionDuration'),
    };
    for (const k of Object.keys(config) as (keyof AgentConfig)[]) if (config[k] === undefined) delete config[k];
    return { config, region };
  }

  const newDeployment = (config: AgentConfig): StoredDeployment => {
    const now = Date.now();
    const b = config.buildId ? builds()[config.buildId] : undefined;
    return {
      id: randomUUID(),
      createdAt: now,
      readyAt: now + ctx.deployMs,
      image: b ? `registry.emulator.local/pipecat-cloud/${ctx.org}:${b.contextHash}` : (config.image ?? ''),
      buildId: config.buildId,
    };
  };

  function deploy(method: 'POST' | 'PUT', body: Record<string, unknown>): [number, unknown] {
    const name = body.serviceName;
    if (typeof name !== 'string' || !name) throw bad('serviceName is required');
    if (!AGENT_NAME_RE.test(name) || name.length > 63)
      throw bad(
        `Invalid agent name '${name}': use at most 63 lowercase letters, digits or '-', starting with a letter and ending with a letter or digit`,
      );
    const existing = Object.prototype.hasOwnProperty.call(agents(), name) ? agents()[name] : undefined;
    if (method === 'POST' && existing) throw new DeployHttpError(409, 'CONFLICT', `Agent '${name}' already exists`);
    if (method === 'PUT' && !existing) throw new DeployHttpError(404, 'NOT_FOUND', `Agent '${name}' not found`);
    const { config, region } = validate(body, existing);
    const now = Date.now();
    if (!existing) {
      const a: StoredAgent = {
        id: randomUUID(),
        name,
        region,
        createdAt: now,
        updatedAt: now,
        config,
        deployments: [newDeployment(config)],
      };
      agents()[name] = a;
      return [200, details(a)];
    }
    if (JSON.stringify(existing.config) === JSON.stringify(config) && body.forceRedeploy !== true) {
      return [
        200,
        { ...details(existing), warning: 'Configuration unchanged: no new deployment was created (use forceRedeploy to redeploy)' },
      ];
    }
    existing.config = config;
    existing.updatedAt = now;
    existing.deployments.push(newDeployment(config));
    if (existing.deployments.length > 10) existing.deployments.splice(0, existing.deployments.length - 10);
    return [200, details(existing)];
  }

  /** The agent's log lines, newest first; `deploymentId` keeps one deployment's, `sessionId` a session's (the emulator runs none). */
  function agentLogs(a: StoredAgent, limit: number, q: { deploymentId?: string | null; sessionId?: string | null } = {}): unknown {
    const now = Date.now();
    const lines: { timestamp: string; log: string }[] = [];
    if (q.sessionId) return { logs: [] };
    for (const d of a.deployments) {
      if (q.deploymentId && d.id !== q.deploymentId) continue;
      lines.push({ timestamp: iso(d.createdAt), log: `INFO deployment ${d.id} created: image ${d.image}` });
      if (now >= d.createdAt + Math.round(ctx.deployMs / 2))
        lines.push({ timestamp: iso(d.createdAt + Math.round(ctx.deployMs / 2)), log: `INFO pulling image ${d.image}` });
      if (now >= d.readyAt) lines.push({ timestamp: iso(d.readyAt), log: `INFO deployment ${d.id} ready: waiting for sessions` });
    }
    return { logs: lines.reverse().slice(0, limit) };
  }

  const intParam = (query: URLSearchParams, name: string, dflt: number) => {
    const v = query.get(name);
    if (v === null) return dflt;
    if (!/^\d+$/.test(v) || Number(v) < 1) throw bad(`${name} must be a positive integer`);
    return Number(v);
  };

  /**
   * Answer a request below `/v1/organizations/{org}/` when it is a builds or services path.
   *
   * @param rest path segments after the organisation, e.g. `['services', 'my-agent']`
   * @returns the answer, or undefined when the path is not one of these endpoints
   * @throws DeployHttpError for an error answer
   */
  async function handle(method: string, rest: string[], query: URLSearchParams, raw: unknown): Promise<[number, unknown] | undefined> {
    if (rest[0] !== 'builds' && rest[0] !== 'services') return undefined;
    const notAllowed = () => new DeployHttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    const body = (): Record<string, unknown> => {
      if (raw === undefined) return {};
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad('Request body must be a JSON object');
      return raw as Record<string, unknown>;
    };
    if (rest[0] === 'builds') {
      if (rest.length === 2 && rest[1] === 'upload-url') {
        if (method !== 'POST') throw notAllowed();
        return uploadUrl(body());
      }
      if (rest.length === 1) {
        if (method === 'POST') return createBuild(body());
        if (method !== 'GET') throw notAllowed();
        const limit = intParam(query, 'limit', 20);
        const list = Object.values(builds())
          .filter((b) => !query.get('contextHash') || b.contextHash === query.get('contextHash'))
          .filter((b) => !query.get('region') || b.region === query.get('region'))
          .filter((b) => !query.get('status') || buildStatus(b) === query.get('status'))
          .sort((a, b) => b.createdAt - a.createdAt);
        return [200, { builds: list.slice(0, limit).map(buildView), total: list.length, limit, offset: 0 }];
      }
      const b = Object.prototype.hasOwnProperty.call(builds(), rest[1]) ? builds()[rest[1]] : undefined;
      if (!b) throw new DeployHttpError(404, 'NOT_FOUND', 'Build not found');
      if (method !== 'GET') throw notAllowed();
      if (rest.length === 2) return [200, { build: buildView(b) }];
      if (rest.length === 3 && rest[2] === 'logs') {
        const status = buildStatus(b);
        const shown = status === 'pending' ? [] : status === 'building' ? b.logs.slice(0, 2) : b.logs;
        return [200, { logs: shown.slice(-intParam(query, 'limit', 500)).map((message) => ({ timestamp: iso(b.startsAt), message })) }];
      }
      throw new DeployHttpError(404, 'NOT_FOUND', 'Not found');
    }
    // services
    if (rest.length === 1) {
      if (method === 'POST' || method === 'PUT') return deploy(method, body());
      if (method !== 'GET') throw notAllowed();
      const region = query.get('region');
      const services = Object.values(agents())
        .filter((a) => !region || a.region === region)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((a) => {
          const d = details(a);
          return {
            name: a.name,
            id: a.id,
            region: a.region,
            ready: d.ready,
            activeDeploymentId: d.activeDeploymentId,
            createdAt: d.createdAt,
            updatedAt: d.updatedAt,
          };
        });
      return [200, { services }];
    }
    const a = Object.prototype.hasOwnProperty.call(agents(), rest[1]) ? agents()[rest[1]] : undefined;
    if (rest.length === 2) {
      if (method === 'GET') {
        if (!a) throw new DeployHttpError(404, 'NOT_FOUND', `Agent '${rest[1]}' not found`);
        return [200, { body: details(a) }];
      }
      if (method === 'DELETE') {
        if (!a) throw new DeployHttpError(404, 'NOT_FOUND', `Agent '${rest[1]}' not found`);
        delete agents()[rest[1]];
        return [200, { status: 'OK' }];
      }
      throw notAllowed();
    }
    if (rest.length === 3 && rest[2] === 'logs') {
      if (method !== 'GET') throw notAllowed();
      if (!a) throw new DeployHttpError(404, 'NOT_FOUND', `Agent '${rest[1]}' not found`);
      return [
        200,
        agentLogs(a, intParam(query, 'limit', 100), { deploymentId: query.get('deploymentId'), sessionId: query.get('sessionId') }),
      ];
    }
    throw new DeployHttpError(404, 'NOT_FOUND', 'Not found');
  }

  /** The tarball kept for an upload or build context (admin endpoint; tests inspect what was sent). */
  const uploadedTarball = (uploadId: string) => uploads.get(uploadId)?.tarball;
  /** Every tarball received so far, by upload id (kept until a build uses it). */
  const received = new Map<string, Buffer>();

  return {
    handle,
    receiveUpload: async (form: FormData) => {
      const r = await receiveUpload(form);
      if (r[0] === 204) {
        const u = [...uploads.entries()].find(([, x]) => x.key === form.get('key'));
        if (u?.[1].tarball) received.set(u[0], u[1].tarball);
      }
      return r;
    },
    uploadedTarball: (uploadId: string) => uploadedTarball(uploadId) ?? received.get(uploadId),
    /** Upload ids received, oldest first. */
    receivedUploads: () => [...received.keys()],
  };
}
