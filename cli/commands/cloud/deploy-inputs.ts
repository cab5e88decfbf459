/**
 * What `pipecat cloud deploy` decides before it creates anything (see `deploy.ts`): the inputs from
 * flags and `pcc-deploy.toml` (flags beat the file, as in the official CLI's `deploy.py`), the
 * preflight, the confirmation and the create/update body. The config reader, the preflight and the
 * context packer are imported when used, so `--help` loads none of them.
 */
import { join, resolve } from 'node:path';
import type { CloudClient } from '../../cloud-api/client.js';
import type { AgentDetails, DeployPayload } from '../../cloud-api/deploy-types.js';
import type { DeployConfig } from '../../deploy/config.js';
import { environmentLine, environmentNames, type EnvironmentArgs, type EnvironmentNames } from '../../deploy/environments.js';
import { CancelledError, UserError } from '../../errors.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';
import type { CloudArgs, CloudIO } from './common.js';
import { shown } from '../../output/shown.js';

/** Parsed options of `pipecat cloud deploy`. */
export interface DeployArgs extends CloudArgs, EnvironmentArgs {
  'agent-name'?: string;
  image?: string;
  'config-file'?: string;
  /** A string, or false for `--no-credentials`. */
  credentials?: string | false;
  'min-agents'?: number;
  'max-agents'?: number;
  secrets?: string;
  region?: string;
  'enable-krisp'?: boolean;
  'krisp-viva-audio-filter'?: string;
  profile?: string;
  'max-session-duration'?: number;
  force?: boolean;
  yes?: boolean;
  'build-dir'?: string;
  dockerfile?: string;
  'build-id'?: string;
  preflight?: boolean;
}

/**
 * One deploy (or promote) once its session and region are known: what its steps (preflight,
 * Cloud Build, sending, waiting) share instead of a long list of parameters.
 */
export interface DeployRun {
  io: CloudIO;
  argv: DeployArgs;
  client: CloudClient;
  /** The organisation, as in API paths. */
  org: string;
  /** The region the agent is (or will be) in. */
  region: string;
  /** Writes a line for people on stderr (nothing in json mode). */
  say: (line: string) => void;
}

/** A deployment's inputs: each flag, else its `pcc-deploy.toml` field, else its default. */
export interface DeployInputs {
  /** The config file read (or looked for). */
  configPath: string;
  /**
   * The absolute folder the deploy works in: the current one, or the project's `server/` when the
   * command runs elsewhere in the project (`cli/deploy/project.ts`); `.env.example` is read there.
   */
  dir: string;
  /** The environment `--env` addresses and where the agent and set names came from. */
  names: EnvironmentNames;
  /** Lines for the user about where the deploy works and what `--env` addresses. */
  notes: string[];
  /** The config file's content (defaults when it was not found). */
  config: DeployConfig;
  name: string;
  image?: string;
  buildId?: string;
  /** Image pull secret set; undefined with `--no-credentials`. */
  imageCredentials?: string;
  secretSet?: string;
  minAgents?: number;
  maxAgents?: number;
  /** Maximum session duration in seconds. */
  maxSessionDuration?: number;
  /**
   * Absolute path of the Cloud Build context folder; for a Cloud Build its real path, checked by
   * `cli/deploy/context-folder.ts` (a folder the deploy file names stays inside the file's folder).
   */
  contextDir: string;
  /** Dockerfile path inside the context (for a Cloud Build: relative to it, `/`-separated, checked). */
  dockerfile: string;
  /** True when neither an image nor a build id is given: the image is built by Cloud Build. */
  cloudBuild: boolean;
}

/** Problems of the merged inputs' values (names, both image and build, scaling, session duration). */
function inputProblems(i: Omit<DeployInputs, 'name'> & { name?: string }, found: boolean): string[] {
  const usage: string[] = [];
  const { minAgents, maxAgents, maxSessionDuration: msd } = i;
  const env = i.names.environment;
  if (!i.name)
    usage.push(
      `no agent name${env ? ` for --env ${env} (the environment's agent is AGENT-${env})` : ''}: pass it as the first argument or set agent_name in ${i.configPath}` +
        (found ? '' : " (not found: run the deploy in your project's server/ folder, where pipecat init writes pcc-deploy.toml)"),
    );
  if (i.image !== undefined && i.buildId !== undefined) usage.push('give an image or --build-id/build_id, not both');
  if (minAgents !== undefined && (!Number.isInteger(minAgents) || minAgents < 0)) usage.push('--min-agents must be a whole number >= 0');
  if (maxAgents !== undefined && (!Number.isInteger(maxAgents) || maxAgents < 1)) usage.push('--max-agents must be a whole number >= 1');
  if (minAgents !== undefined && maxAgents !== undefined && maxAgents < minAgents) usage.push('--max-agents must be >= --min-agents');
  if (msd !== undefined && (!Number.isInteger(msd) || msd < 60 || msd > 14400))
    usage.push('--max-session-duration must be between 60 and 14400 seconds');
  return usage;
}

/**
 * Reads `pcc-deploy.toml` (or `--config-file`, or `PIPECAT_DEPLOY_CONFIG_PATH`) and merges it with
 * the flags. Flags beat the file (the official order: arguments, then the file, then defaults).
 *
 * @throws UserError (exit 2) listing every problem of the merged inputs
 */
export async function readDeployInputs(io: CloudIO, argv: DeployArgs): Promise<DeployInputs> {
  const { readDeployConfig, DEPLOY_CONFIG_FILE } = await import('../../deploy/config.js');
  const { deployFolder } = await import('../../deploy/project.js');
  const named = argv['config-file'] ?? io.env.PIPECAT_DEPLOY_CONFIG_PATH;
  const folder = named === undefined ? deployFolder(process.cwd()) : { dir: resolve(), moved: false };
  const configPath = named ?? (folder.moved ? join(folder.dir, DEPLOY_CONFIG_FILE) : DEPLOY_CONFIG_FILE);
  const { config: c, found } = await readDeployConfig(configPath, !!argv['config-file']);
  const image = argv.image ?? c.image;
  const buildId = argv['build-id'] ?? c.build_id;
  // Throws a UserError naming --env for a bad environment name.
  const names = environmentNames({
    agentName: argv['agent-name'] ?? c.agent_name,
    secretSet: argv.secrets ?? c.secret_set,
    env: argv.env,
    fromCommandLine: { agentName: argv['agent-name'] !== undefined, secretSet: argv.secrets !== undefined },
  });
  const notes = [
    ...(folder.moved ? [`working in ${folder.dir}: the project's server/ folder, where its pcc-deploy.toml is`] : []),
    ...[environmentLine(names)].filter((l): l is string => l !== undefined),
  ];
  const inputs = {
    configPath,
    dir: folder.dir,
    names,
    notes,
    config: c,
    name: names.agentName,
    image,
    buildId,
    imageCredentials: argv.credentials === false ? undefined : ((argv.credentials as string | undefined) ?? c.image_credentials),
    secretSet: names.secretSet,
    minAgents: argv['min-agents'] ?? c.scaling.min_agents,
    maxAgents: argv['max-agents'] ?? c.scaling.max_agents,
    maxSessionDuration: argv['max-session-duration'] ?? c.max_session_duration,
    contextDir: argv['build-dir'] !== undefined ? resolve(argv['build-dir']) : resolve(folder.dir, c.build.context_dir),
    dockerfile: argv.dockerfile ?? c.build.dockerfile,
    cloudBuild: image === undefined && buildId === undefined,
  };
  const usage = inputProblems(inputs, found);
  // The preflight reports a bad name with its other problems; without it, the name must still be
  // one the platform's URLs can carry, or the request itself fails with a transport error.
  if (argv.preflight === false && inputs.name) {
    const { agentNameProblem } = await import('../../deploy/preflight.js');
    const problem = agentNameProblem(inputs.name);
    if (problem) usage.push(`${problem} (checked with --no-preflight too)`);
  }
  if (usage.length) throw new UserError('cannot deploy', usage);
  if (inputs.cloudBuild) {
    const { chooseBuildContext } = await import('../../deploy/context-folder.js');
    const base = { baseDir: folder.dir, configPath, found, config: c };
    Object.assign(inputs, await chooseBuildContext({ ...base, buildDir: argv['build-dir'], dockerfile: argv.dockerfile }));
  }
  return { ...inputs, name: inputs.name as string };
}

/**
 * The preflight (`cli/deploy/preflight.ts`): secrets, region, pull secret, name and build context
 * checked before anything is created.
 *
 * @param existing the agent as it is now (undefined when it is new)
 * @throws UserError (exit 2) listing the problems found
 */
export async function runPreflight(run: DeployRun, existing: AgentDetails | undefined, i: DeployInputs): Promise<void> {
  const { io, argv, client, org, region, say } = run;
  const { preflight, envExampleKeys } = await import('../../deploy/preflight.js');
  const { platformSuppliedKeys } = await import('../../deploy/project.js');
  const supplied = await platformSuppliedKeys(i.dir);
  const listed = (await envExampleKeys(i.dir)) ?? [];
  for (const [key, transports] of Object.entries(supplied?.by ?? {}))
    if (listed.includes(key))
      say(shown`${key} is not needed in the secret set: Pipecat Cloud supplies it to the ${transports.join(', ')} transport`);
  const spinner = await io.startSpinner('Preflight: checking secrets, region, pull secret and build context', { json: argv.json });
  const waitS = /^\d+$/.test(io.env.PIPECAT_SECRET_WAIT_S ?? '') ? Number(io.env.PIPECAT_SECRET_WAIT_S) : 30;
  let problems: string[];
  try {
    problems = await preflight(client, {
      org,
      agentName: i.name,
      region,
      secretSet: i.secretSet,
      imageCredentials: i.imageCredentials,
      image: i.image,
      cloudBuild: i.cloudBuild,
      contextDir: i.contextDir,
      dockerfile: i.dockerfile,
      projectDir: i.dir,
      suppliedKeys: supplied?.keys,
      existingRegion: existing?.region,
      pendingWaitMs: waitS * 1000,
      onPending: (set) => {
        const text = `secret set ${set} is being provisioned: waiting up to ${waitS} s until it is ready`;
        spinner.update(shown`Preflight: ${text}`);
        if (!spinner.animated) say(text);
      },
    });
  } finally {
    spinner.stop();
  }
  if (problems.length)
    throw new UserError(
      shown`preflight found ${problems.length} problem${problems.length === 1 ? '' : 's'}: nothing was created on Pipecat Cloud (--no-preflight skips these checks)`,
      problems,
    );
  say(shown`preflight: ok (agent ${i.name}, ${org}, region ${region}${i.secretSet ? `, secret set ${i.secretSet}` : ''})`);
}

/**
 * Asks before creating or updating the agent (not with `--yes` or `--force`).
 *
 * @throws CancelledError when declined; UserError when there is no terminal to ask
 */
export async function confirmDeploy(
  io: CloudIO,
  argv: DeployArgs,
  i: DeployInputs,
  where: { org: string; region: string; existing: AgentDetails | undefined; files?: number },
): Promise<void> {
  if (argv.yes || argv.force) return;
  const { org, region, existing, files } = where;
  const what = existing
    ? shown`Update agent ${i.name} (${org}, ${existing.region})? Active sessions are not interrupted.`
    : shown`Create agent ${i.name} in ${org} (${region})?`;
  const ok = await io.dialogs.confirm(
    `${what} ${i.cloudBuild ? `The image is built by Cloud Build from ${visibleField(i.contextDir)}${files === undefined ? '' : ` (${files} file${files === 1 ? '' : 's'} sent)`}.` : ''}`.trim(),
    {
      default: true,
      noTty: 'confirmation needed, but no terminal is available to ask: pass --yes (-y) to deploy without asking',
    },
  );
  if (!ok) throw new CancelledError('cancelled: nothing was deployed');
}

/** The create/update body (platform names; the client drops undefined fields). */
export function deployPayload(argv: DeployArgs, i: DeployInputs, region: string, builtId: string | undefined): DeployPayload {
  const c = i.config;
  const audioFilter = argv['krisp-viva-audio-filter'] ?? c.krisp_viva.audio_filter;
  return {
    serviceName: i.name,
    image: i.cloudBuild ? undefined : i.image,
    buildId: builtId ?? i.buildId,
    imagePullSecretSet: i.imageCredentials,
    secretSet: i.secretSet,
    region,
    autoScaling: i.minAgents === undefined && i.maxAgents === undefined ? undefined : { minAgents: i.minAgents, maxAgents: i.maxAgents },
    enableKrisp: argv['enable-krisp'] ?? c.enable_krisp,
    agentProfile: argv.profile ?? c.agent_profile,
    krispViva: audioFilter ? { audioFilter } : undefined,
    forceRedeploy: argv.force ? true : undefined,
    websocketAuth: c.websocket_auth,
    maxSessionDuration: i.maxSessionDuration,
  };
}
