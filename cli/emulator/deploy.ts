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
 *
 * This module routes; the answers are in `deploy-builds.ts` and `deploy-agents.ts`, the shapes in
 * `deploy-types.ts`.
 */
import { handleServices } from './deploy-agents.js';
import { handleBuilds, receiveUpload } from './deploy-builds.js';
import { bad, type DeployApi, type DeployContext, type DeployStore, type Upload } from './deploy-types.js';

export {
  PLATFORM_AGENT_NAME_RE,
  DeployHttpError,
  SESSION_DURATION,
  type AgentConfig,
  type DeployApi,
  type DeployContext,
  type DeployState,
  type StoredAgent,
  type StoredBuild,
  type StoredDeployment,
} from './deploy-types.js';

/**
 * The agents and builds endpoints.
 *
 * @param ctx the emulator's organisation, regions, state and timings
 */
export function createDeployApi(ctx: DeployContext): DeployApi {
  const store: DeployStore = {
    ctx,
    uploads: new Map<string, Upload>(),
    agents: () => (ctx.state().agents ??= {}),
    builds: () => (ctx.state().builds ??= {}),
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
    const body = (): Record<string, unknown> => {
      if (raw === undefined) return {};
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad('Request body must be a JSON object');
      return raw as Record<string, unknown>;
    };
    const req = { method, rest, query, body };
    return rest[0] === 'builds' ? handleBuilds(store, req) : handleServices(store, req);
  }

  /** The tarball kept for an upload or build context (admin endpoint; tests inspect what was sent). */
  const uploadedTarball = (uploadId: string) => store.uploads.get(uploadId)?.tarball;
  /** Every tarball received so far, by upload id (kept until a build uses it). */
  const received = new Map<string, Buffer>();

  return {
    handle,
    receiveUpload: async (form: FormData) => {
      const r = await receiveUpload(store, form);
      if (r[0] === 204) {
        const u = [...store.uploads.entries()].find(([, x]) => x.key === form.get('key'));
        if (u?.[1].tarball) received.set(u[0], u[1].tarball);
      }
      return r;
    },
    uploadedTarball: (uploadId: string) => uploadedTarball(uploadId) ?? received.get(uploadId),
    /** Upload ids received, oldest first. */
    receivedUploads: () => [...received.keys()],
  };
}
