/**
 * The emulator's agents (`services`): create and update with the platform's checks, details as
 * the platform reports them, listings, deletion and logs. Paths and shapes: see `deploy.ts`.
 */
import { randomUUID } from 'node:crypto';
import { buildStatus, requestRegion, intParam } from './deploy-builds.js';
import {
  PLATFORM_AGENT_NAME_RE,
  bad,
  DeployHttpError,
  iso,
  SESSION_DURATION,
  type AgentConfig,
  type DeployRequest,
  type DeployStore,
  type StoredAgent,
  type StoredDeployment,
} from './deploy-types.js';
import { own } from './http.js';

const lastDeployment = (a: StoredAgent) => a.deployments[a.deployments.length - 1];

/** Details of an agent as the platform reports them (REST reference `ServiceDetailsResponse`). */
function details(store: DeployStore, a: StoredAgent) {
  const { ctx } = store;
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
      // Not in the REST reference (it redacts the image of a build deploy instead): the emulator
      // names the build so that `pipecat cloud promote` can be tested (docs/deploy.md, "promote").
      ...(d.buildId ? { buildId: d.buildId } : {}),
      manifest: { apiVersion: 'pipecatcloud.daily.co/v1', kind: 'PCService', metadata: { name: a.name, namespace: ctx.org }, spec },
      serviceId: a.id,
      createdAt: iso(d.createdAt),
      updatedAt: iso(d.createdAt),
    },
    errors: [],
  };
}

/** The problems of a create/update body's own fields (image or build, region, scaling, duration). */
function shapeProblems(body: Record<string, unknown>, existing: StoredAgent | undefined, region: string): string[] {
  const problems: string[] = [];
  if (body.image !== undefined && typeof body.image !== 'string') problems.push('image must be a string');
  if (body.buildId !== undefined && typeof body.buildId !== 'string') problems.push('buildId must be a string');
  if (body.image && body.buildId) problems.push("Cannot specify both 'image' and 'buildId'");
  if (!body.image && !body.buildId) problems.push("Either 'image' or 'buildId' is required");
  if (typeof body.image === 'string' && body.image && !body.image.includes(':'))
    problems.push('Image must include a tag e.g. my-image:latest');
  if (existing && region !== existing.region)
    problems.push(`Agent '${String(body.serviceName)}' exists in region '${existing.region}'. Cannot change region to '${region}'.`);
  const sc = body.autoScaling as { minAgents?: unknown; maxAgents?: unknown } | undefined;
  if (sc !== undefined && (typeof sc !== 'object' || sc === null)) problems.push('autoScaling must be an object');
  const min = sc?.minAgents;
  const max = sc?.maxAgents;
  if (min !== undefined && (!Number.isInteger(min) || (min as number) < 0)) problems.push('autoScaling.minAgents must be an integer >= 0');
  if (max !== undefined && (!Number.isInteger(max) || (max as number) < 1)) problems.push('autoScaling.maxAgents must be an integer >= 1');
  if (Number.isInteger(min) && Number.isInteger(max) && (max as number) < (min as number))
    problems.push('autoScaling.maxAgents must be greater than or equal to minAgents');
  const msd = body.maxSessionDuration;
  if (msd !== undefined && (!Number.isInteger(msd) || (msd as number) < SESSION_DURATION.min || (msd as number) > SESSION_DURATION.max))
    problems.push(`maxSessionDuration must be between ${SESSION_DURATION.min} and ${SESSION_DURATION.max} seconds`);
  return problems;
}

/**
 * Checks what a create/update body refers to: its secret set (a ready regular set in the agent's
 * region), image pull secret and build (successful, same region).
 *
 * @throws DeployHttpError 404, 400 or 409 naming the first problem
 */
function checkReferences(store: DeployStore, body: Record<string, unknown>, region: string): void {
  const { ctx } = store;
  if (typeof body.secretSet === 'string' && body.secretSet) {
    const s = ctx.secretSet(body.secretSet);
    if (!s || s.type !== 'secret') throw new DeployHttpError(404, 'NOT_FOUND', `Secret set '${body.secretSet}' not found`);
    if (s.region !== region) throw bad(`Secret set '${body.secretSet}' is in region '${s.region}', not in the agent's region '${region}'`);
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
    const b = own(store.builds(), body.buildId);
    if (!b) throw new DeployHttpError(404, 'NOT_FOUND', `Build '${body.buildId}' not found`);
    if (buildStatus(b) !== 'success') throw bad(`Build '${body.buildId}' is not successful (status: ${buildStatus(b)})`);
    if (b.region !== region) throw bad(`Build '${body.buildId}' was built in region '${b.region}', not in '${region}'`);
  }
}

/** Validate a create/update body; returns the configuration and region. */
function validate(
  store: DeployStore,
  body: Record<string, unknown>,
  existing: StoredAgent | undefined,
): { config: AgentConfig; region: string } {
  const region = requestRegion(store, body.region) ?? existing?.region ?? store.ctx.defaultRegion;
  const problems = shapeProblems(body, existing, region);
  if (problems.length) throw bad(problems.join('; '));
  checkReferences(store, body, region);
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

/** A new deployment of `config`, ready after the emulator's deploy time. */
function newDeployment(store: DeployStore, config: AgentConfig): StoredDeployment {
  const now = Date.now();
  const b = config.buildId ? store.builds()[config.buildId] : undefined;
  return {
    id: randomUUID(),
    createdAt: now,
    readyAt: now + store.ctx.deployMs,
    image: b ? `registry.emulator.local/pipecat-cloud/${store.ctx.org}:${b.contextHash}` : (config.image ?? ''),
    buildId: config.buildId,
  };
}

/**
 * `POST services` (create) or `PUT services` (update, name in the body). An update that changes
 * nothing creates no deployment (a `warning` says so) unless `forceRedeploy`; ten deployments are kept.
 */
function deploy(store: DeployStore, method: 'POST' | 'PUT', body: Record<string, unknown>): [number, unknown] {
  const name = body.serviceName;
  if (typeof name !== 'string' || !name) throw bad('serviceName is required');
  if (!PLATFORM_AGENT_NAME_RE.test(name) || name.length > 63)
    throw bad(
      `Invalid agent name '${name}': use at most 63 lowercase letters, digits or '-', starting with a letter and ending with a letter or digit`,
    );
  const agents = store.agents();
  const existing = own(agents, name);
  if (method === 'POST' && existing) throw new DeployHttpError(409, 'CONFLICT', `Agent '${name}' already exists`);
  if (method === 'PUT' && !existing) throw new DeployHttpError(404, 'NOT_FOUND', `Agent '${name}' not found`);
  const { config, region } = validate(store, body, existing);
  const now = Date.now();
  if (!existing) {
    const a: StoredAgent = {
      id: randomUUID(),
      name,
      region,
      createdAt: now,
      updatedAt: now,
      config,
      deployments: [newDeployment(store, config)],
    };
    agents[name] = a;
    return [200, details(store, a)];
  }
  if (JSON.stringify(existing.config) === JSON.stringify(config) && body.forceRedeploy !== true) {
    return [
      200,
      { ...details(store, existing), warning: 'Configuration unchanged: no new deployment was created (use forceRedeploy to redeploy)' },
    ];
  }
  existing.config = config;
  existing.updatedAt = now;
  existing.deployments.push(newDeployment(store, config));
  if (existing.deployments.length > 10) existing.deployments.splice(0, existing.deployments.length - 10);
  return [200, details(store, existing)];
}

/** The agent's log lines, newest first; `deploymentId` keeps one deployment's, `sessionId` a session's (`sessions.ts` writes them). */
function agentLogs(
  store: DeployStore,
  a: StoredAgent,
  limit: number,
  q: { deploymentId?: string | null; sessionId?: string | null } = {},
): unknown {
  const { deployMs } = store.ctx;
  const now = Date.now();
  const lines: { at: number; log: string }[] = [];
  for (const d of q.sessionId ? [] : a.deployments) {
    if (q.deploymentId && d.id !== q.deploymentId) continue;
    lines.push({ at: d.createdAt, log: `INFO deployment ${d.id} created: image ${d.image}` });
    if (now >= d.createdAt + Math.round(deployMs / 2))
      lines.push({ at: d.createdAt + Math.round(deployMs / 2), log: `INFO pulling image ${d.image}` });
    if (now >= d.readyAt) lines.push({ at: d.readyAt, log: `INFO deployment ${d.id} ready: waiting for sessions` });
  }
  for (const l of store.ctx.sessionLogs?.(a.name) ?? [])
    if ((!q.sessionId || l.sessionId === q.sessionId) && (!q.deploymentId || l.deploymentId === q.deploymentId)) lines.push(l);
  lines.sort((x, y) => x.at - y.at);
  return {
    logs: lines
      .reverse()
      .slice(0, limit)
      .map((l) => ({ timestamp: iso(l.at), log: l.log })),
  };
}

/** `GET services[?region]`: each agent's summary, by name. */
function listServices(store: DeployStore, region: string | null): [number, unknown] {
  const services = Object.values(store.agents())
    .filter((a) => !region || a.region === region)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((a) => {
      const d = details(store, a);
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

/**
 * Answers `services/...` (below the organisation): list, create, update, details, delete, logs.
 *
 * @param req the method, the path segments after the organisation (starting with `services`), the
 *   query and the body
 * @throws DeployHttpError for an error answer
 */
export function handleServices(store: DeployStore, req: DeployRequest): [number, unknown] {
  const { method, rest, query, body } = req;
  const notAllowed = () => new DeployHttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  if (rest.length === 1) {
    if (method === 'POST' || method === 'PUT') return deploy(store, method, body());
    if (method !== 'GET') throw notAllowed();
    return listServices(store, query.get('region'));
  }
  const a = own(store.agents(), rest[1]);
  const notFound = () => new DeployHttpError(404, 'NOT_FOUND', `Agent '${rest[1]}' not found`);
  if (rest.length === 2) {
    if (method === 'GET') {
      if (!a) throw notFound();
      return [200, { body: details(store, a) }];
    }
    if (method === 'DELETE') {
      if (!a) throw notFound();
      delete store.agents()[rest[1]];
      return [200, { status: 'OK' }];
    }
    throw notAllowed();
  }
  if (rest.length === 3 && rest[2] === 'logs') {
    if (method !== 'GET') throw notAllowed();
    if (!a) throw notFound();
    return [
      200,
      agentLogs(store, a, intParam(query, 'limit', 100), { deploymentId: query.get('deploymentId'), sessionId: query.get('sessionId') }),
    ];
  }
  throw new DeployHttpError(404, 'NOT_FOUND', 'Not found');
}
