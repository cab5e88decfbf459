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
 *
 * The steps: `deploy-inputs.ts` (inputs, preflight, confirmation, body) and `deploy-progress.ts`
 * (Cloud Build, sending, waiting until ready).
 */
import { success } from '../../output/colors.js';
import { environmentOptionSpec } from '../../deploy/environments.js';
import type { CloudIO } from './common.js';
import { confirmDeploy, deployPayload, readDeployInputs, runPreflight, type DeployArgs, type DeployRun } from './deploy-inputs.js';
import { cloudBuildFlow, packAndReport, platformWarning, pollTuning, sendDeploy, waitReady, type WaitingRun } from './deploy-progress.js';
import type { CloudCommandDefinition, Emit, Resolved } from './define.js';
import { SMOKE_OPTIONS, smokeBeforeDeploy, smokeDeployment, type SmokeArgs } from './smoke-command.js';
import { shown } from '../../output/shown.js';

export type { DeployArgs } from './deploy-inputs.js';

/** Epilogue of `deploy --help` and `agent --help`. */
export const DEPLOY_EPILOGUE =
  "Exit codes: 0 ready; 1 the build or deployment failed or did not become ready (the message says the agent's state), or the --smoke session failed; " +
  '2 bad flags or pcc-deploy.toml, preflight problems (nothing was created), or a confirmation needed without a terminal (pass --yes); ' +
  '4 not logged in; 130/143 interrupted (the deployment goes on). Guide: docs/deploy.md';

/**
 * Runs `pipecat cloud deploy`: inputs, preflight, confirmation, Cloud Build (when no image is
 * given), create or update, and the wait until the deployment is ready.
 *
 * @param emit prints the `--json` document (once)
 */
async function deploy(io: CloudIO, argv: Resolved<DeployArgs>, emit: Emit): Promise<void> {
  const say = (line: string) => void (!argv.json && io.err(line + '\n'));
  const inputs = await readDeployInputs(io, argv);
  const { name, cloudBuild, config: c } = inputs;
  inputs.notes.forEach(say);
  const session = await io.openSession(argv);
  const { client, org } = session;
  const smokeKey = (argv as SmokeArgs).smoke ? await smokeBeforeDeploy(io, argv, session) : undefined;
  const existing = await client.getAgent(org, name);
  // Without a region from the flag or the file, an existing agent stays where it is (else the default).
  const region = argv.region ?? c.region ?? existing?.region ?? (await client.organizationProperties(org)).defaultRegion;
  const run: DeployRun = { io, argv, client, org, region, say };
  if (argv.preflight !== false) await runPreflight(run, existing, inputs);
  // Packed before the question, so that the folder and its count are printed with --yes too.
  const packed = cloudBuild ? await packAndReport(run, inputs) : undefined;
  await confirmDeploy(io, argv, inputs, { org, region, existing, files: packed?.summary.files });
  const watch = io.watchInterrupts();
  const waiting: WaitingRun = { ...run, tune: pollTuning(io.env), watch };
  try {
    const build = packed ? await cloudBuildFlow(waiting, inputs, packed.ctx) : undefined;
    const result = await sendDeploy(run, deployPayload(argv, inputs, region, build?.id), existing);
    if (result.warning) say(shown`warning: ${platformWarning(result.warning)}`);
    const action = existing ? (result.warning ? 'unchanged' : 'updated') : 'created';
    say(
      shown`${action === 'created' ? 'created' : action === 'updated' ? 'updated' : 'kept'} agent ${name}; waiting for the deployment to be ready`,
    );
    const ready = await waitReady(waiting, name);
    const deploymentId = ready.desiredDeploymentId ?? ready.activeDeploymentId;
    const smoke = smokeKey && (await smokeDeployment(io, argv, { client, org, name, key: smokeKey, deploymentId, emit }));
    emit({
      ok: true,
      organization: org,
      ...(inputs.names.environment !== undefined ? { environment: inputs.names.environment } : {}),
      agent: name,
      region: ready.region,
      action,
      build: build
        ? { id: build.id, cached: build.cached || build.reused }
        : inputs.buildId
          ? { id: inputs.buildId, cached: true }
          : undefined,
      image: cloudBuild ? undefined : inputs.image,
      context: packed?.summary,
      deploymentId: ready.activeDeploymentId ?? ready.desiredDeploymentId,
      ready: true,
      smoke,
    });
    if (!argv.json)
      io.err(success(shown`agent ${name} is ready (${org}, ${ready.region}); status: pipecat cloud agent status ${name}`) + '\n');
  } finally {
    watch.dispose();
  }
}

/** `pipecat cloud deploy [agent-name] [image]` (the official `deploy`). */
export const DEPLOY_COMMAND: CloudCommandDefinition<DeployArgs> = {
  command: 'deploy [agent-name] [image]',
  describe: 'Deploy an agent to Pipecat Cloud (Cloud Build when no image is given), after a preflight',
  official: 'deploy',
  positionals: {
    'agent-name': { type: 'string', describe: "Agent name, e.g. 'my-agent' (default: agent_name in pcc-deploy.toml)" },
    image: { type: 'string', describe: "Image with a tag, e.g. 'my-image:latest' (default: image in pcc-deploy.toml, else Cloud Build)" },
  },
  options: {
    env: environmentOptionSpec(),
    'config-file': {
      type: 'string',
      requiresArg: true,
      describe: 'Deploy config file (default: PIPECAT_DEPLOY_CONFIG_PATH or pcc-deploy.toml)',
    },
    credentials: { alias: 'c', type: 'string', describe: 'Image pull secret for a private image (--no-credentials: none)' },
    'min-agents': { type: 'number', requiresArg: true, describe: 'Minimum number of agents kept warm' },
    'max-agents': { type: 'number', requiresArg: true, describe: 'Maximum number of agents' },
    secrets: { alias: 's', type: 'string', requiresArg: true, describe: 'Secret set the agent reads' },
    region: { alias: 'r', type: 'string', requiresArg: true, describe: 'Region (default: the organisation default)' },
    'enable-krisp': { type: 'boolean', describe: '[deprecated] Krisp; use --krisp-viva-audio-filter' },
    'krisp-viva-audio-filter': { type: 'string', choices: ['tel', 'pro'], requiresArg: true, describe: 'Krisp VIVA audio filter model' },
    profile: { alias: 'p', type: 'string', requiresArg: true, describe: 'Agent profile, e.g. agent-1x' },
    'max-session-duration': { type: 'number', requiresArg: true, describe: 'Maximum session duration in seconds (60-14400)' },
    force: { alias: 'f', type: 'boolean', describe: 'Deploy even when the configuration is unchanged (also skips confirmations)' },
    yes: { alias: ['y', 'skip'], type: 'boolean', describe: 'Do not ask for confirmation (CI)' },
    'build-dir': {
      alias: 'd',
      type: 'string',
      requiresArg: true,
      describe: 'Cloud Build context folder, anywhere (default: [build] context_dir, which must stay in the project, or .)',
    },
    dockerfile: {
      type: 'string',
      requiresArg: true,
      describe: 'Dockerfile path inside the context, a regular file there (default: Dockerfile)',
    },
    'build-id': { alias: 'b', type: 'string', requiresArg: true, describe: 'Deploy an existing Cloud Build' },
    preflight: {
      type: 'boolean',
      default: true,
      describe: 'Check secrets, region, pull secret, name and Dockerfile first (--no-preflight skips)',
    },
    ...SMOKE_OPTIONS,
  },
  examples: [
    ['$0 cloud deploy --yes', 'build this folder with Cloud Build and deploy it as pcc-deploy.toml says'],
    ['$0 cloud deploy --env staging --yes', 'deploy to the agent AGENT-staging with the secret set AGENT-staging-secrets'],
    ['$0 cloud deploy my-agent me/my-agent:0.1 -c my-agent-pull -s my-agent-secrets', 'deploy your own image'],
  ],
  epilogue: DEPLOY_EPILOGUE,
  run: deploy,
};
