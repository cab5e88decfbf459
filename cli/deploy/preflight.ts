/**
 * The deploy preflight: every check that can tell before anything is created on Pipecat Cloud that
 * a deploy would fail, run with read-only requests, all problems reported at once (none
 * of the official tools does this), so a deploy that would fail stops before it uploads or creates
 * anything. `pipecat cloud deploy --no-preflight` skips it.
 *
 * Checks: the agent name is a DNS label; the region exists (and is an existing agent's); the secret set exists in the deploy
 * region, is `ready` (a set still `pending` after a write is waited for, briefly), and holds every
 * key the server code requires (`code-keys.ts`: read with the one reader, not from `.env.example`),
 * except those Pipecat Cloud supplies to the project's transports (names only; values are never
 * read); no server file holds conflict markers or fails to parse; the image pull secret named by `image_credentials` exists in the region (the list
 * endpoint: pull secrets cannot be read by name); for a Cloud Build, the Dockerfile is in the
 * build context; an image has a tag.
 */
import { FileReadError, readRegularFile, readRegularTextIfExists } from '../../generators/app/files/regular-file.js';
import { join } from 'node:path';
import type { CloudClient } from '../cloud-api/client.js';
import type { Region, SecretSetSummary } from '../cloud-api/types.js';
import { SET_STATUS_MEANING } from '../secrets/status.js';
import { waitForSet } from '../secrets/wait.js';
import { CodeReadError, PythonNotFoundError } from '../../generators/app/code/errors.js';
import { codeKeys, type CodeKeys } from './code-keys.js';
import { isDotenvFile } from './context.js';
import { shown } from '../output/shown.js';
import { visibleField } from '../../generators/app/output/terminal-safe.js';

/** Agent names: a DNS-1123 label of at most 63 characters (the platform's service names). */
const AGENT_NAME_RE = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** The problem with an agent name, or undefined when it is a valid DNS label. */
export function agentNameProblem(name: string): string | undefined {
  if (name.length > 63 || !AGENT_NAME_RE.test(name))
    return `agent name "${visibleField(name)}" is not a DNS label: use at most 63 lowercase letters, digits and '-', starting with a letter and ending with a letter or digit`;
  return undefined;
}

/**
 * The keys a project's `.env.example` sets: its lines that are not commented out (`KEY=` or
 * `export KEY=`). Generated projects comment out the optional ones. The deploy's note on keys
 * Pipecat Cloud supplies reads it; what the secret set must hold comes from the code (`code-keys.ts`).
 *
 * @returns key names in file order, or undefined when there is no `.env.example`
 */
export async function envExampleKeys(dir: string): Promise<string[] | undefined> {
  const text = readRegularTextIfExists(join(dir, '.env.example'));
  if (text === undefined) return undefined;
  const keys: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
    if (m && !keys.includes(m[1])) keys.push(m[1]);
  }
  return keys;
}

/** What the preflight checks. */
interface PreflightInput {
  org: string;
  agentName: string;
  /** Deploy region (the flag, the file, or the organisation default). */
  region: string;
  secretSet?: string;
  imageCredentials?: string;
  image?: string;
  /** True when the image comes from a Cloud Build (no image, no build id). */
  cloudBuild: boolean;
  /** The build context folder and Dockerfile path inside it. */
  contextDir: string;
  dockerfile: string;
  /** The deploy folder, whose server code says which keys are required (`code-keys.ts`). */
  projectDir: string;
  /**
   * Keys Pipecat Cloud supplies to the agent (`cli/deploy/project.ts` `platformSuppliedKeys`): left
   * out of the keys the code requires.
   */
  suppliedKeys?: readonly string[];
  /** Region of the agent when it exists already (an agent cannot change region). */
  existingRegion?: string;
  /**
   * How long to wait for a set that is `pending` (being provisioned after a write) to become
   * `ready` before judging it, in ms (default 0: judged as it is).
   */
  pendingWaitMs?: number;
  /** Called once when the preflight starts waiting for a pending set. */
  onPending?: (set: string) => void;
}

/** The problems of the secret set (`p.secretSet`): existence, type, region, readiness, keys. */
async function secretSetProblems(
  client: CloudClient,
  p: PreflightInput,
  sets: SecretSetSummary[],
  required: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  const name = p.secretSet as string;
  const found = sets.find((s) => s.name === name);
  if (!found) {
    const inRegion = sets.filter((s) => s.type === 'secret' && s.region === p.region).map((s) => s.name);
    return [
      shown`secret set "${name}" does not exist in ${p.org}${inRegion.length ? ` (sets in ${p.region}: ${inRegion.join(', ')})` : ''}; create it with \`pipecat cloud secrets set ${name} --file .env --region ${p.region}\``,
    ];
  }
  if (found.type !== 'secret') return [shown`"${name}" is an image pull secret, not a secret set (secret_set / --secrets)`];
  if (found.region !== p.region)
    problems.push(
      shown`secret set "${name}" is in region ${found.region}, not in the deploy region ${p.region} (an agent reads only sets of its region)`,
    );
  let { status, errorMessage } = found;
  if (status === 'pending' && (p.pendingWaitMs ?? 0) > 0) {
    p.onPending?.(name);
    ({ status, errorMessage } = await waitForSet(() => client.getSecretSet(p.org, name), { timeoutMs: p.pendingWaitMs as number }).then(
      (w) => (w.status === 'timeout' ? { status: 'pending', errorMessage: undefined } : w),
    ));
  }
  if (status !== 'ready')
    problems.push(
      shown`secret set "${name}" is ${status ?? 'of no reported status'}${errorMessage ? ` (${errorMessage})` : ''}, not ready${
        typeof status === 'string' && SET_STATUS_MEANING[status] ? `: ${SET_STATUS_MEANING[status]}` : ''
      }`,
    );
  if (required.length && found.region === p.region) {
    const detail = await client.getSecretSet(p.org, name);
    const have = new Set(detail.secrets.map((s) => s.fieldName));
    const missing = required.filter((k) => !have.has(k));
    if (missing.length)
      problems.push(
        shown`secret set "${name}" lacks ${missing.length === 1 ? 'a key' : 'keys'} the server code requires: ${missing.join(', ')} (add with \`pipecat cloud secrets set ${name} --file .env\`)`,
      );
  }
  return problems;
}

/** The problems of the build source: the pull secret, the image's tag, the Dockerfile of a Cloud Build. */
async function sourceProblems(p: PreflightInput, sets: SecretSetSummary[]): Promise<string[]> {
  const problems: string[] = [];
  if (p.imageCredentials) {
    const found = sets.find((s) => s.name === p.imageCredentials);
    if (!found || found.type !== 'imagePullSecret')
      problems.push(
        shown`image pull secret "${p.imageCredentials}" (image_credentials / --credentials) does not exist in ${p.org}; create it with \`pipecat cloud secrets image-pull-secret ${p.imageCredentials} <registry>\``,
      );
    else if (found.region !== p.region)
      problems.push(shown`image pull secret "${p.imageCredentials}" is in region ${found.region}, not in the deploy region ${p.region}`);
  }
  if (p.image !== undefined && !p.image.includes(':')) problems.push(shown`image "${p.image}" has no tag (e.g. ${p.image}:latest)`);
  if (p.cloudBuild) {
    if (isDotenvFile(p.dockerfile)) problems.push(shown`the Dockerfile path ${p.dockerfile} names a dotenv file`);
    try {
      // The Dockerfile is small: only its kind and size matter here, its bytes go in the context.
      readRegularFile(join(p.contextDir, p.dockerfile), {
        label: `the Dockerfile ${join(p.contextDir, p.dockerfile)}`,
        limit: 16 * 1024 * 1024,
      });
    } catch (err) {
      if (err instanceof FileReadError) throw err;
      problems.push(
        shown`no Dockerfile at ${join(p.contextDir, p.dockerfile)}: Cloud Build needs one in the build context ([build] dockerfile, --dockerfile)`,
      );
    }
  }
  return problems;
}

/**
 * The server code's part of the preflight ({@link codeKeys}); without a Python to read it, a problem
 * saying what to install (`--no-preflight` skips the whole preflight).
 */
async function codeProblems(dir: string): Promise<CodeKeys> {
  try {
    return await codeKeys(dir);
  } catch (err) {
    if (err instanceof PythonNotFoundError || err instanceof CodeReadError)
      return { required: [], problems: [`cannot read the server code to tell which keys it needs: ${err.message}`] };
    throw err;
  }
}

/**
 * Run the preflight.
 *
 * @returns one line per problem (empty when the deploy may go ahead)
 * @throws ApiError/HostUnreachableError when a read fails for another reason than "not found"
 */
export async function preflight(client: CloudClient, p: PreflightInput): Promise<string[]> {
  const problems: string[] = [];
  const nameProblem = agentNameProblem(p.agentName);
  if (nameProblem) problems.push(nameProblem);
  const [regions, sets]: [Region[], SecretSetSummary[]] = await Promise.all([client.regions(p.org), client.listSecretSets(p.org)]);
  const codes = regions.map((r) => r.code);
  if (!codes.includes(p.region)) problems.push(shown`region "${p.region}" does not exist (regions of ${p.org}: ${codes.join(', ')})`);
  if (p.existingRegion !== undefined && p.existingRegion !== p.region)
    problems.push(
      shown`agent "${p.agentName}" exists in region ${p.existingRegion} and cannot move to ${p.region}: deploy it to ${p.existingRegion}, or delete it first`,
    );
  const supplied = new Set(p.suppliedKeys ?? []);
  const code = await codeProblems(p.projectDir);
  problems.push(...code.problems);
  const required = code.required.filter((k) => !supplied.has(k));
  if (p.secretSet) problems.push(...(await secretSetProblems(client, p, sets, required)));
  else if (required.length)
    problems.push(
      shown`no secret set (secret_set in pcc-deploy.toml, or -s/--secrets) but the server code requires: ${required.join(', ')}`,
    );
  problems.push(...(await sourceProblems(p, sets)));
  return problems;
}
