/**
 * `pipecat cloud deploy [agent-name] [image]`: create or update a Pipecat Cloud agent from
 * `pcc-deploy.toml` and flags, building the image with Cloud Build when no image is given, and
 * wait until the deployment is ready.
 *
 * Follows the official CLI (pipecatcloud `cli/commands/deploy.py`: names, arguments, flags, the
 * config file, flags beating the file, the Cloud Build flow with its cache); adds a preflight
 * (`cli/deploy/preflight.ts`) before anything is created, exit codes that say what happened, and
 * progress that suits a terminal (a spinner) or a log (one line per state change). Guide and
 * sources: docs/deploy.md.
 *
 * Exit codes: 0 ready; 1 the build or the deployment failed, or did not become ready in time, or
 * the platform could not be reached (the message says what state the agent is in); 2 bad flags or
 * config, preflight problems (nothing created), or a confirmation needed without a terminal;
 * 4 not logged in; 130/143 interrupted (the deployment continues on the platform).
 */
import { resolve } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { CloudClient } from '../../cloud-api/client.js';
import * as api from '../../cloud-api/deploy.js';
import { CancelledError, InterruptedError, OperationFailedError, UserError, type StopSignal } from '../../errors.js';
import type { InterruptWatch } from '../../interrupts.js';
import { success } from '../../output/colors.js';
import { cloudOptions, processCloudIO, type CloudArgs, type CloudIO } from './common.js';
import { runSecretsCommand } from './secrets/shared.js';

/** Parsed options of `pipecat cloud deploy`. */
export interface DeployArgs extends CloudArgs {
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
  output?: 'text' | 'json';
}

/** Epilogue of `deploy --help` and `agent --help`. */
export const DEPLOY_EPILOGUE =
  "Exit codes: 0 ready; 1 the build or deployment failed or did not become ready (the message says the agent's state); " +
  '2 bad flags or pcc-deploy.toml, preflight problems (nothing was created), or a confirmation needed without a terminal (pass --yes); ' +
  '4 not logged in; 130/143 interrupted (the deployment goes on). Guide: docs/deploy.md';

/** Adds `--output json` (official) next to `--json` (this tool's); both mean JSON on stdout. */
export function outputOption<T>(y: Argv<T>): Argv<T & { output?: 'text' | 'json' }> {
  return y.option('output', {
    type: 'string',
    choices: ['text', 'json'],
    requiresArg: true,
    describe: 'Output format (json: one document on stdout; same as --json)',
  }) as Argv<T & { output?: 'text' | 'json' }>;
}

/** The `pipecat cloud deploy` command of the binary. */
export const deployCommand: CommandModule<object, DeployArgs> = {
  command: 'deploy [agent-name] [image]',
  describe: 'Deploy an agent to Pipecat Cloud (Cloud Build when no image is given), after a preflight',
  builder: (y: Argv) =>
    outputOption(cloudOptions(y))
      .positional('agent-name', { type: 'string', describe: "Agent name, e.g. 'my-agent' (default: agent_name in pcc-deploy.toml)" })
      .positional('image', {
        type: 'string',
        describe: "Image with a tag, e.g. 'my-image:latest' (default: image in pcc-deploy.toml, else Cloud Build)",
      })
      .option('config-file', {
        type: 'string',
        requiresArg: true,
        describe: 'Deploy config file (default: PIPECAT_DEPLOY_CONFIG_PATH or pcc-deploy.toml)',
      })
      .option('credentials', { alias: 'c', type: 'string', describe: 'Image pull secret for a private image (--no-credentials: none)' })
      .option('min-agents', { type: 'number', requiresArg: true, describe: 'Minimum number of agents kept warm' })
      .option('max-agents', { type: 'number', requiresArg: true, describe: 'Maximum number of agents' })
      .option('secrets', { alias: 's', type: 'string', requiresArg: true, describe: 'Secret set the agent reads' })
      .option('region', { alias: 'r', type: 'string', requiresArg: true, describe: 'Region (default: the organisation default)' })
      .option('enable-krisp', { type: 'boolean', describe: '[deprecated] Krisp; use --krisp-viva-audio-filter' })
      .option('krisp-viva-audio-filter', {
        type: 'string',
        choices: ['tel', 'pro'],
        requiresArg: true,
        describe: 'Krisp VIVA audio filter model',
      })
      .option('profile', { alias: 'p', type: 'string', requiresArg: true, describe: 'Agent profile, e.g. agent-1x' })
      .option('max-session-duration', { type: 'number', requiresArg: true, describe: 'Maximum session duration in seconds (60-14400)' })
      .option('force', {
        alias: 'f',
        type: 'boolean',
        describe: 'Deploy even when the configuration is unchanged (also skips confirmations)',
      })
      .option('yes', { alias: ['y', 'skip'], type: 'boolean', describe: 'Do not ask for confirmation (CI)' })
      .option('build-dir', {
        alias: 'd',
        type: 'string',
        requiresArg: true,
        describe: 'Cloud Build context folder (default: [build] context_dir or .)',
      })
      .option('dockerfile', { type: 'string', requiresArg: true, describe: 'Dockerfile path inside the context (default: Dockerfile)' })
      .option('build-id', { alias: 'b', type: 'string', requiresArg: true, describe: 'Deploy an existing Cloud Build' })
      .option('preflight', {
        type: 'boolean',
        default: true,
        describe: 'Check secrets, region, pull secret, name and Dockerfile first (--no-preflight skips)',
      })
      .example('$0 cloud deploy --yes', 'build this folder with Cloud Build and deploy it as pcc-deploy.toml says')
      .example('$0 cloud deploy my-agent me/my-agent:0.1 -c my-agent-pull -s my-agent-secrets', 'deploy your own image')
      .epilogue(DEPLOY_EPILOGUE) as unknown as Argv<DeployArgs>,
  handler: deployHandler(processCloudIO),
};

/**
 * The `pipecat cloud deploy` command module with the given collaborators.
 *
 * @param io collaborators, made when the command runs (default: the process's)
 */
export function createDeployCommand(io: () => CloudIO = processCloudIO): CommandModule<object, DeployArgs> {
  return { ...deployCommand, handler: deployHandler(io) };
}

function deployHandler(io: () => CloudIO): CommandModule<object, DeployArgs>['handler'] {
  return (argv: ArgumentsCamelCase<DeployArgs>) => {
    const x = io();
    if (argv.output === 'json') argv.json = true;
    return runSecretsCommand(x.out, argv, (emit) => deploy(x, argv, emit));
  };
}

/** Polling: first interval and ceiling in ms, and how long to wait for a build or a deployment. */
function pollTuning(env: NodeJS.ProcessEnv) {
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  const first = num(env.PIPECAT_POLL_MS, 1000);
  return {
    first,
    max: Math.max(first, first * 5),
    buildWaitMs: num(env.PIPECAT_BUILD_WAIT_S, 900) * 1000,
    readyWaitMs: num(env.PIPECAT_DEPLOY_WAIT_S, 600) * 1000,
  };
}

/**
 * Waits `ms` (a timer that keeps the process alive), or less when a signal arrives; returns the
 * signal then.
 */
async function pause(ms: number, watch: InterruptWatch): Promise<StopSignal | undefined> {
  if (watch.signal) return watch.signal;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms))), watch.first]);
  } finally {
    clearTimeout(timer);
  }
}

async function deploy(io: CloudIO, argv: DeployArgs, emit: (doc: unknown) => void): Promise<void> {
  const { readDeployConfig, DEPLOY_CONFIG_FILE } = await import('../../deploy/config.js');
  const configPath = argv['config-file'] ?? io.env.PIPECAT_DEPLOY_CONFIG_PATH ?? DEPLOY_CONFIG_FILE;
  const { config: c, found } = await readDeployConfig(configPath, !!argv['config-file']);
  // Flags beat the file (the official order: arguments, then the file, then defaults).
  const usage: string[] = [];
  const agentName = argv['agent-name'] ?? c.agent_name;
  const image = argv.image ?? c.image;
  const buildId = argv['build-id'] ?? c.build_id;
  const noCredentials = argv.credentials === false;
  const imageCredentials = noCredentials ? undefined : ((argv.credentials as string | undefined) ?? c.image_credentials);
  const secretSet = argv.secrets ?? c.secret_set;
  const minAgents = argv['min-agents'] ?? c.scaling.min_agents;
  const maxAgents = argv['max-agents'] ?? c.scaling.max_agents;
  const msd = argv['max-session-duration'] ?? c.max_session_duration;
  const contextDir = resolve(argv['build-dir'] ?? c.build.context_dir);
  const dockerfile = argv.dockerfile ?? c.build.dockerfile;
  if (!agentName)
    usage.push(`no agent name: pass it as the first argument or set agent_name in ${configPath}${found ? '' : ' (not found)'}`);
  if (image !== undefined && buildId !== undefined) usage.push('give an image or --build-id/build_id, not both');
  if (minAgents !== undefined && (!Number.isInteger(minAgents) || minAgents < 0)) usage.push('--min-agents must be a whole number >= 0');
  if (maxAgents !== undefined && (!Number.isInteger(maxAgents) || maxAgents < 1)) usage.push('--max-agents must be a whole number >= 1');
  if (minAgents !== undefined && maxAgents !== undefined && maxAgents < minAgents) usage.push('--max-agents must be >= --min-agents');
  if (msd !== undefined && (!Number.isInteger(msd) || msd < 60 || msd > 14400))
    usage.push('--max-session-duration must be between 60 and 14400 seconds');
  if (usage.length) throw new UserError('cannot deploy', usage);
  const name = agentName as string;
  const cloudBuild = image === undefined && buildId === undefined;

  const { client, org } = await io.openSession(argv);
  const existing = await api.getAgent(client, org, name);
  // Without a region from the flag or the file, an existing agent stays where it is (else the default).
  const region = argv.region ?? c.region ?? existing?.region ?? (await client.organizationProperties(org)).defaultRegion;
  const say = (line: string) => void (!argv.json && io.err(line + '\n'));

  if (argv.preflight !== false) {
    const { preflight } = await import('../../deploy/preflight.js');
    const spinner = await io.startSpinner('Preflight: checking secrets, region, pull secret and build context', { json: argv.json });
    let problems: string[];
    try {
      problems = await preflight(client, {
        org,
        agentName: name,
        region,
        secretSet,
        imageCredentials,
        image,
        cloudBuild,
        contextDir,
        dockerfile,
        projectDir: process.cwd(),
        existingRegion: existing?.region,
      });
    } finally {
      spinner.stop();
    }
    if (problems.length)
      throw new UserError(
        `preflight found ${problems.length} problem${problems.length === 1 ? '' : 's'}: nothing was created on Pipecat Cloud (--no-preflight skips these checks)`,
        problems,
      );
    say(`preflight: ok (agent ${name}, ${org}, region ${region}${secretSet ? `, secret set ${secretSet}` : ''})`);
  }

  if (!argv.yes && !argv.force) {
    const what = existing
      ? `Update agent ${name} (${org}, ${existing.region})? Active sessions are not interrupted.`
      : `Create agent ${name} in ${org} (${region})?`;
    const ok = await io.dialogs.confirm(
      `${what} ${cloudBuild ? 'The image is built from ' + contextDir + ' by Cloud Build.' : ''}`.trim(),
      {
        default: true,
        noTty: 'confirmation needed, but no terminal is available to ask: pass --yes (-y) to deploy without asking',
      },
    );
    if (!ok) throw new CancelledError('cancelled: nothing was deployed');
  }

  const tune = pollTuning(io.env);
  const watch = io.watchInterrupts();
  try {
    let build: { id: string; cached: boolean; reused: boolean } | undefined;
    if (cloudBuild)
      build = await cloudBuildFlow(io, argv, client, org, region, contextDir, dockerfile, c.build.exclude_patterns, tune, watch, say);
    const payload: api.DeployPayload = {
      serviceName: name,
      image: cloudBuild ? undefined : image,
      buildId: build?.id ?? buildId,
      imagePullSecretSet: imageCredentials,
      secretSet,
      region,
      autoScaling: minAgents === undefined && maxAgents === undefined ? undefined : { minAgents, maxAgents },
      enableKrisp: argv['enable-krisp'] ?? c.enable_krisp,
      agentProfile: argv.profile ?? c.agent_profile,
      krispViva:
        (argv['krisp-viva-audio-filter'] ?? c.krisp_viva.audio_filter)
          ? { audioFilter: argv['krisp-viva-audio-filter'] ?? c.krisp_viva.audio_filter }
          : undefined,
      forceRedeploy: argv.force ? true : undefined,
      websocketAuth: c.websocket_auth,
      maxSessionDuration: msd,
    };
    const before = existing?.desiredDeploymentId ?? existing?.activeDeploymentId ?? undefined;
    let result: api.AgentDetails;
    try {
      result = await api.deployAgent(client, org, payload, !!existing);
    } catch (err) {
      const verb = existing ? 'updating' : 'creating';
      const unchanged = existing ? `agent ${name} is unchanged (deployment ${before ?? 'none'})` : `agent ${name} was not created`;
      if ((err as { exitCode?: number }).exitCode === 4) throw err;
      if (!api.outcomeUnknown(err)) throw new OperationFailedError(`${verb} agent ${name} failed: ${(err as Error).message}`, [unchanged]);
      // The answer was lost: read the agent to learn whether the request landed.
      let now: api.AgentDetails | undefined;
      try {
        now = await api.getAgent(client, org, name);
      } catch (readErr) {
        throw new OperationFailedError(`${verb} agent ${name}: no answer (${(err as Error).message})`, [
          `whether it landed is unknown: reading the agent failed too (${(readErr as Error).message})`,
          `check with: pipecat cloud agent status ${name}`,
        ]);
      }
      const landed = now && (!existing || (now.desiredDeploymentId ?? now.activeDeploymentId) !== before);
      if (!landed)
        throw new OperationFailedError(`${verb} agent ${name} failed: ${(err as Error).message}`, [
          unchanged,
          'run the same command again',
        ]);
      say(`the answer to ${existing ? 'the update' : 'the create'} was lost, but the agent shows it landed`);
      result = now as api.AgentDetails;
    }
    if (result.warning) say(`warning: ${result.warning}`);
    const action = existing ? (result.warning ? 'unchanged' : 'updated') : 'created';
    say(
      `${action === 'created' ? 'created' : action === 'updated' ? 'updated' : 'kept'} agent ${name}; waiting for the deployment to be ready`,
    );
    const ready = await waitReady(io, argv, client, org, name, tune, watch, say);
    emit({
      ok: true,
      organization: org,
      agent: name,
      region: ready.region,
      action,
      build: build ? { id: build.id, cached: build.cached || build.reused } : buildId ? { id: buildId, cached: true } : undefined,
      image: cloudBuild ? undefined : image,
      deploymentId: ready.activeDeploymentId ?? ready.desiredDeploymentId,
      ready: true,
    });
    if (!argv.json) io.err(success(`agent ${name} is ready (${org}, ${ready.region}); status: pipecat cloud agent status ${name}`) + '\n');
  } finally {
    watch.dispose();
  }
}

type Tune = ReturnType<typeof pollTuning>;

/** Pack, reuse or upload, build, and wait for the build; returns the build to deploy. */
async function cloudBuildFlow(
  io: CloudIO,
  argv: DeployArgs,
  client: CloudClient,
  org: string,
  region: string,
  contextDir: string,
  dockerfile: string,
  extraExcludes: string[],
  tune: Tune,
  watch: InterruptWatch,
  say: (line: string) => void,
): Promise<{ id: string; cached: boolean; reused: boolean }> {
  const { packContext } = await import('../../deploy/context.js');
  const ctx = await packContext(contextDir, { dockerfile, extraExcludes });
  say(
    `build context: ${ctx.files.length} files, ${ctx.tarball.length} bytes gzipped, hash ${ctx.contextHash} (${ctx.rules === 'dockerignore' ? '.dockerignore' : 'default exclusions'})`,
  );
  if (ctx.withheld.length) say(`never sent (dotenv files): ${ctx.withheld.join(', ')}`);
  const cached = await api.listBuilds(client, org, { contextHash: ctx.contextHash, region, status: 'success', limit: 1 });
  if (cached.length) {
    say(`reusing build ${cached[0].id}: a successful build of the same context exists (cached; nothing uploaded)`);
    return { id: cached[0].id, cached: true, reused: true };
  }
  const spinner = await io.startSpinner(`Uploading the build context (${ctx.tarball.length} bytes)`, { json: argv.json });
  let created: Awaited<ReturnType<typeof api.createBuild>>;
  try {
    const target = await api.requestUploadUrl(client, org, region);
    await api.uploadContext(target, ctx.tarball);
    say('uploaded the build context');
    created = await api.createBuild(client, org, { uploadId: target.uploadId, region, dockerfilePath: dockerfile });
  } finally {
    spinner.stop();
  }
  const id = created.build.id;
  if (created.cached) {
    say(`reusing build ${id}: the platform found a cached build of this context`);
    return { id, cached: true, reused: false };
  }
  say(`build ${id} started`);
  const started = Date.now();
  let interval = tune.first;
  let last: string | undefined = created.build.status;
  const bspin = await io.startSpinner(`Building image (build ${id}: ${last})`, { json: argv.json });
  let build = created.build;
  try {
    while (!['success', 'failed', 'timeout'].includes(build.status)) {
      const sig = await pause(interval, watch);
      if (sig)
        throw new InterruptedError(sig, `stopped waiting for build ${id}: the build goes on on Pipecat Cloud, nothing was deployed`, [
          `deploy it when done with: pipecat cloud deploy --build-id ${id}`,
        ]);
      interval = Math.min(tune.max, Math.round(interval * 1.5));
      if (Date.now() - started > tune.buildWaitMs)
        throw new OperationFailedError(
          `build ${id} did not finish within ${Math.round(tune.buildWaitMs / 1000)} s (status: ${build.status}); nothing was deployed`,
        );
      build = await api.getBuild(client, org, id);
      if (build.status !== last) {
        last = build.status;
        bspin.update(`Building image (build ${id}: ${last})`);
        if (!io.terminal.stderr) say(`build ${id}: ${last}`);
      }
    }
  } finally {
    bspin.stop();
  }
  if (build.status !== 'success') {
    const logs = await api.buildLogs(client, org, id, 500).catch(() => [] as string[]);
    const tail = logs.slice(-20);
    throw new OperationFailedError(`build ${id} ${build.status}: ${build.errorMessage ?? 'no error message'}; nothing was deployed`, [
      ...(tail.length ? ['last lines of the build log:', ...tail.map((l) => `  ${l}`)] : ['the build has no log lines']),
    ]);
  }
  say(`build ${id} succeeded${build.buildDurationSeconds ? ` in ${build.buildDurationSeconds} s` : ''}`);
  return { id, cached: false, reused: false };
}

/** A one-line state of an agent's deployment. */
export function deploymentState(a: api.AgentDetails): string {
  if (a.errors && a.errors.length)
    return `failed: ${a.errors.map((e) => `${e.code ?? ''} ${e.message ?? e.error ?? ''}`.trim()).join('; ')}`;
  if (a.ready && a.available !== false) return 'ready';
  const desired = a.desiredDeploymentId ?? a.activeDeploymentId;
  if (desired && a.reconciledDeploymentId !== desired) return 'pending (waiting for the platform to pick up the deployment)';
  const degraded = a.conditions?.find((x) => x.type === 'Degraded' && x.status === 'True');
  if (degraded) return `degraded${a.available ? ', serving the previous deployment' : ''}: ${degraded.message ?? degraded.reason ?? ''}`;
  return a.available ? 'progressing (the previous deployment serves meanwhile)' : 'progressing';
}

/** Poll the agent until ready; a failure, a timeout or a signal ends it with the agent's state. */
async function waitReady(
  io: CloudIO,
  argv: DeployArgs,
  client: CloudClient,
  org: string,
  name: string,
  tune: Tune,
  watch: InterruptWatch,
  say: (line: string) => void,
): Promise<api.AgentDetails> {
  const started = Date.now();
  let interval = tune.first;
  let last: string | undefined;
  const spinner = await io.startSpinner(`Waiting for agent ${name} to be ready`, { json: argv.json });
  const watchHint = [`watch it with: pipecat cloud agent status ${name}`, `logs: pipecat cloud agent logs ${name}`];
  try {
    for (;;) {
      let a: api.AgentDetails | undefined;
      try {
        a = await api.getAgent(client, org, name);
      } catch (err) {
        throw new OperationFailedError(`agent ${name} was deployed, but its state could not be read: ${(err as Error).message}`, [
          `last state seen: ${last ?? 'unknown'}`,
          ...watchHint,
        ]);
      }
      if (!a) throw new OperationFailedError(`agent ${name} disappeared while deploying (deleted meanwhile?)`);
      const state = deploymentState(a);
      if (state !== last) {
        last = state;
        spinner.update(`Agent ${name}: ${state}`);
        if (!io.terminal.stderr) say(`agent ${name}: ${state}`);
      }
      if (state === 'ready') return a;
      if (state.startsWith('failed'))
        throw new OperationFailedError(`the deployment of agent ${name} failed: ${state.slice(8)}`, watchHint);
      if (Date.now() - started > tune.readyWaitMs)
        throw new OperationFailedError(
          `agent ${name} is not ready after ${Math.round(tune.readyWaitMs / 1000)} s; its state: ${state}`,
          watchHint,
        );
      const sig = await pause(interval, watch);
      if (sig)
        throw new InterruptedError(
          sig,
          `stopped waiting: the deployment of agent ${name} goes on on Pipecat Cloud (state: ${state})`,
          watchHint,
        );
      interval = Math.min(tune.max, Math.round(interval * 1.5));
    }
  } finally {
    spinner.stop();
  }
}
