/**
 * The emulator's Cloud Builds: the upload URL and the multipart upload it takes, builds decided
 * from the uploaded context, their views, listings and logs. Paths and shapes: see `deploy.ts`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { bad, DeployHttpError, iso, type DeployRequest, type DeployStore, type StoredBuild } from './deploy-types.js';
import { own } from './http.js';

/** A build's status at `now`: it moves with time (`pending`, `building`, then `success` or `failed`). */
export const buildStatus = (b: StoredBuild, now = Date.now()) =>
  now < b.startsAt ? 'pending' : now < b.endsAt ? 'building' : b.errorMessage ? 'failed' : 'success';

/** A build as the platform reports it (REST reference, build-get). */
function buildView(store: DeployStore, b: StoredBuild) {
  const { org } = store.ctx;
  const status = buildStatus(b);
  const done = status === 'success' || status === 'failed';
  return {
    id: b.id,
    organizationId: org,
    status,
    region: b.region,
    contextHash: b.contextHash,
    dockerfilePath: b.dockerfilePath,
    imageUri: status === 'success' ? `registry.emulator.local/pipecat-cloud/${org}:${b.contextHash}` : null,
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
}

/**
 * A request's `region`, checked: undefined when absent.
 *
 * @throws DeployHttpError 400 naming the valid regions
 */
export function requestRegion(store: DeployStore, r: unknown): string | undefined {
  if (r === undefined || r === null) return undefined;
  if (typeof r !== 'string' || !store.ctx.regions.includes(r))
    throw bad(`Invalid region '${String(r)}'. Valid regions: ${store.ctx.regions.join(', ')}`);
  return r;
}

/** `POST builds/upload-url`: an upload id and this emulator's `/_uploads` with S3-like form fields. */
function uploadUrl(store: DeployStore, body: Record<string, unknown>): [number, unknown] {
  const { ctx } = store;
  const region = requestRegion(store, body.region) ?? ctx.defaultRegion;
  const uploadId = randomUUID();
  const key = `${ctx.org}/${uploadId}.tar.gz`;
  const expiresAt = Date.now() + 15 * 60_000;
  store.uploads.set(uploadId, { org: ctx.org, key, expiresAt, region });
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
export async function receiveUpload(store: DeployStore, form: FormData): Promise<[number, string]> {
  const key = form.get('key');
  const file = form.get('file');
  const s3Error = (code: string, msg: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${msg}</Message></Error>`;
  if (typeof key !== 'string') return [400, s3Error('InvalidArgument', "Bucket POST must contain a field named 'key'.")];
  const upload = [...store.uploads.values()].find((u) => u.key === key);
  if (!upload || Date.now() > upload.expiresAt)
    return [403, s3Error('AccessDenied', 'Invalid according to Policy: Policy Condition failed')];
  if (!file || typeof file === 'string') return [400, s3Error('InvalidArgument', 'POST requires exactly one file upload per request.')];
  upload.tarball = Buffer.from(await (file as Blob).arrayBuffer());
  return [204, ''];
}

/**
 * A build's outcome, decided from its context's entry names: the error message when the context
 * is not a tar or lacks the Dockerfile, and the log lines a docker build would print.
 */
function buildOutcome(
  id: string,
  tarball: Buffer,
  entries: string[] | undefined,
  wanted: string,
): { errorMessage: string | undefined; logs: string[] } {
  const logs = [`[build ${id.slice(0, 8)}] context: ${(entries ?? []).length} files, ${tarball.length} bytes`];
  if (entries === undefined) {
    logs.push('ERROR: failed to read the build context: not a gzipped tar archive');
    return { errorMessage: 'Build context is not a gzipped tar archive', logs };
  }
  if (!entries.includes(wanted)) {
    logs.push(
      '#1 [internal] load build definition from ' + wanted,
      `#1 ERROR: failed to read dockerfile: open ${wanted}: no such file or directory`,
      `ERROR: failed to solve: failed to read dockerfile: open ${wanted}: no such file or directory`,
    );
    return { errorMessage: `Docker build failed: Dockerfile '${wanted}' not found in the build context`, logs };
  }
  logs.push(
    `#1 [internal] load build definition from ${wanted}`,
    '#2 [internal] load .dockerignore',
    '#3 COPY . .',
    '#4 exporting to image',
    '#4 DONE',
  );
  return { errorMessage: undefined, logs };
}

/** `POST builds`: decides the build's outcome from the uploaded context (or answers a cached build). */
async function createBuild(store: DeployStore, body: Record<string, unknown>): Promise<[number, unknown]> {
  if (typeof body.uploadId !== 'string' || !body.uploadId) throw bad('uploadId is required');
  const dockerfilePath = body.dockerfilePath === undefined ? 'Dockerfile' : body.dockerfilePath;
  if (typeof dockerfilePath !== 'string' || !dockerfilePath) throw bad('dockerfilePath must be a non-empty string');
  const upload = store.uploads.get(body.uploadId);
  if (!upload) throw new DeployHttpError(404, 'NOT_FOUND', `Upload '${body.uploadId}' not found`);
  if (!upload.tarball) throw bad(`No build context was uploaded for upload '${body.uploadId}'`);
  const region = requestRegion(store, body.region) ?? upload.region;
  const tarball = upload.tarball;
  const contextHash = createHash('md5').update(tarball).digest('hex').slice(0, 16);
  const now = Date.now();
  const cached = Object.values(store.builds())
    .filter((b) => b.contextHash === contextHash && b.region === region && b.dockerfilePath === dockerfilePath)
    .find((b) => buildStatus(b, now) === 'success');
  if (cached) return [200, { build: buildView(store, cached), contextHash, cached: true }];
  let entries: string[] | undefined;
  try {
    entries = (await store.ctx.listTar(tarball)).map((e) => e.replace(/^\.\//, ''));
  } catch {
    entries = undefined;
  }
  const id = randomUUID();
  const b: StoredBuild = {
    id,
    region,
    contextHash,
    dockerfilePath,
    contextSizeBytes: tarball.length,
    createdAt: now,
    startsAt: now + Math.round(store.ctx.buildMs / 3),
    endsAt: now + store.ctx.buildMs,
    ...buildOutcome(id, tarball, entries, dockerfilePath.replace(/^\.\//, '')),
  };
  store.builds()[id] = b;
  store.uploads.delete(body.uploadId);
  return [201, { build: buildView(store, b), contextHash, cached: false }];
}

/**
 * A positive integer query parameter, or `dflt` when absent.
 *
 * @throws DeployHttpError 400 when it is not a positive integer
 */
export function intParam(query: URLSearchParams, name: string, dflt: number, range: { min?: number; max?: number } = {}): number {
  const v = query.get(name);
  if (v === null) return dflt;
  const { min = 1, max = Number.MAX_SAFE_INTEGER } = range;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw bad(
      min === 1 && max === Number.MAX_SAFE_INTEGER ? `${name} must be a positive integer` : `${name} must be between ${min} and ${max}`,
    );
  return Number(v);
}

/** A build id as the platform makes them (a UUID; REST reference build-get, `buildId` format `uuid`). */
const BUILD_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET builds[?contextHash&region&status&limit&offset]`: newest first; `limit` 1-100 (default 20),
 * as the REST reference's build-list bounds it.
 */
function listBuilds(store: DeployStore, query: URLSearchParams): [number, unknown] {
  const limit = intParam(query, 'limit', 20, { max: 100 });
  const offset = intParam(query, 'offset', 0, { min: 0 });
  const list = Object.values(store.builds())
    .filter((b) => !query.get('contextHash') || b.contextHash === query.get('contextHash'))
    .filter((b) => !query.get('region') || b.region === query.get('region'))
    .filter((b) => !query.get('status') || buildStatus(b) === query.get('status'))
    .sort((a, b) => b.createdAt - a.createdAt);
  return [200, { builds: list.slice(offset, offset + limit).map((b) => buildView(store, b)), total: list.length, limit, offset }];
}

/**
 * Answers `builds/...` (below the organisation): upload URL, create, list, one build, its logs.
 *
 * @param req the method, the path segments after the organisation (starting with `builds`), the
 *   query and the body
 * @throws DeployHttpError for an error answer
 */
export async function handleBuilds(store: DeployStore, req: DeployRequest): Promise<[number, unknown]> {
  const { method, rest, query, body } = req;
  const notAllowed = () => new DeployHttpError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  if (rest.length === 2 && rest[1] === 'upload-url') {
    if (method !== 'POST') throw notAllowed();
    return uploadUrl(store, body());
  }
  if (rest.length === 1) {
    if (method === 'POST') return createBuild(store, body());
    if (method !== 'GET') throw notAllowed();
    return listBuilds(store, query);
  }
  if (!BUILD_ID_RE.test(rest[1])) throw bad(`Invalid build ID '${rest[1]}': a build ID is a UUID`);
  const b = own(store.builds(), rest[1]);
  if (!b) throw new DeployHttpError(404, 'NOT_FOUND', 'Build not found');
  if (method !== 'GET') throw notAllowed();
  if (rest.length === 2) return [200, { build: buildView(store, b) }];
  if (rest.length === 3 && rest[2] === 'logs') {
    const status = buildStatus(b);
    const shown = status === 'pending' ? [] : status === 'building' ? b.logs.slice(0, 2) : b.logs;
    return [200, { logs: shown.slice(-intParam(query, 'limit', 500, { max: 10_000 })) }];
  }
  throw new DeployHttpError(404, 'NOT_FOUND', 'Not found');
}
