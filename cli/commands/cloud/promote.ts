/**
 * `pipecat cloud promote <environment> [agent-name]`: move environment E's current build to
 * production without rebuilding. Environment E of agent A is the agent `A-E`
 * (`cli/deploy/environments.ts`); production is A itself (docs.pipecat.ai
 * pipecat-cloud/fundamentals/projects-and-environments: "an environment is promoted onto the
 * project, which is production").
 *
 * Steps: read `A-E` and the Cloud Build its deployment runs; run the deploy preflight against
 * production (A's region and secret set: `--secrets`, else `secret_set` in `pcc-deploy.toml`, else
 * `A-secrets`; never the environment's set); confirm; deploy A with that build id, the path of
 * `pipecat cloud deploy --build-id` (`deploy-inputs.ts`, `deploy-progress.ts`): no build, no
 * upload. Production's other settings (scaling, profile, Krisp) come from `pcc-deploy.toml`, as for
 * a deploy.
 *
 * Exit codes: 0 production is ready on the build; 1 the environment's agent is missing, reports no
 * build id (an image deploy: the platform gives none), or the deployment failed or did not become
 * ready; 2 bad arguments, preflight problems (nothing changed), or a confirmation needed without a
 * terminal; 4 not logged in; 130/143 interrupted (the deployment goes on). Guide: docs/deploy.md.
 */
import type { AgentDetails } from '../../cloud-api/deploy-types.js';
import { PRODUCTION, environmentNames, environmentProblem } from '../../deploy/environments.js';
import { CancelledError, OperationFailedError, UserError } from '../../errors.js';
import { success } from '../../output/colors.js';
import type { CloudArgs, CloudIO } from './common.js';
import type { CloudCommandDefinition, Emit, Resolved } from './define.js';
import { DEPLOY_EPILOGUE } from './deploy.js';
import { deployPayload, readDeployInputs, runPreflight, type DeployArgs, type DeployInputs, type DeployRun } from './deploy-inputs.js';
import { platformWarning, pollTuning, sendDeploy, waitReady } from './deploy-progress.js';
import { shown } from '../../output/shown.js';

/** Parsed options of `pipecat cloud promote`. */
interface PromoteArgs extends CloudArgs {
  environment: string;
  'agent-name'?: string;
  secrets?: string;
  'config-file'?: string;
  yes?: boolean;
  force?: boolean;
  preflight?: boolean;
}

/**
 * The Cloud Build an agent's current deployment runs, where a platform that reports it puts it
 * (`deployment.buildId`, or `buildId` in the deployment's manifest spec); undefined when the
 * details name none (an image deploy; the REST reference documents no build id on an agent).
 *
 * @param a the agent's details (`GET .../services/{name}`)
 */
function deployedBuildId(a: AgentDetails): string | undefined {
  return a.deployment?.buildId ?? a.deployment?.manifest?.spec?.buildId ?? undefined;
}

/** The production inputs: the deploy's, with production's set and the build instead of an image. */
async function productionInputs(io: CloudIO, argv: PromoteArgs): Promise<{ inputs: DeployInputs; source: string; dargs: DeployArgs }> {
  const env = argv.environment;
  const problem = environmentProblem(env);
  if (problem) throw new UserError(problem.replace('--env', 'the environment'));
  if (env === PRODUCTION) throw new UserError('promote moves an environment onto production: name an environment other than production');
  const dargs: DeployArgs = { ...argv, image: undefined, 'build-id': undefined, env: undefined };
  const read = await readDeployInputs(io, dargs);
  const source = environmentNames({ agentName: read.name, env, fromCommandLine: { agentName: true } }).agentName as string;
  if (source === read.name) throw new UserError(shown`agent ${read.name} is environment ${env} itself: name the production agent`);
  const secretSet = read.secretSet ?? `${read.name}-secrets`;
  const inputs: DeployInputs = { ...read, image: undefined, buildId: undefined, cloudBuild: false, secretSet };
  return { inputs, source, dargs };
}

/**
 * Runs `pipecat cloud promote`.
 *
 * @param emit prints the `--json` document (once)
 */
async function promote(io: CloudIO, argv: Resolved<PromoteArgs>, emit: Emit): Promise<void> {
  const say = (line: string) => void (!argv.json && io.err(line + '\n'));
  const env = argv.environment;
  const { inputs, source, dargs } = await productionInputs(io, argv);
  const name = inputs.name;
  inputs.notes.forEach(say);
  const { client, org } = await io.openSession(argv);
  const from = await client.getAgent(org, source);
  if (!from)
    throw new OperationFailedError(shown`environment ${env} of ${name} has no agent: ${source} not found in ${org}: nothing was changed`, [
      shown`deploy it first with: pipecat cloud deploy --env ${env}`,
    ]);
  const buildId = deployedBuildId(from);
  const image = from.deployment?.manifest?.spec?.image;
  if (!buildId)
    throw new OperationFailedError(
      shown`agent ${source} reports no Cloud Build for its deployment${image ? ` (it runs the image ${image})` : ''}: nothing was changed`,
      [
        'promote deploys the build an environment runs; Pipecat Cloud gives no build id for an agent deployed from an image',
        image ? `deploy that image to production with: pipecat cloud deploy ${name} ${image}` : `redeploy ${source} with Cloud Build first`,
      ],
    );
  const existing = await client.getAgent(org, name);
  const region = existing?.region ?? inputs.config.region ?? from.region;
  if (region !== from.region)
    throw new UserError(
      shown`build ${buildId} of ${source} is in region ${from.region}, but ${name} is in ${region}: a build deploys only to its region; nothing was changed`,
    );
  say(shown`promoting environment ${env}: ${source} runs build ${buildId}; deploying it to ${name} with secret set ${inputs.secretSet}`);
  const run: DeployRun = { io, argv: dargs, client, org, region, say };
  if (argv.preflight !== false) await runPreflight(run, existing, inputs);
  if (!argv.yes && !argv.force) {
    const ok = await io.dialogs.confirm(
      shown`Promote ${env}: deploy build ${buildId} (running on ${source}) to ${name} (${org}, ${region}) with secret set ${inputs.secretSet}?`,
      { default: true, noTty: 'confirmation needed, but no terminal is available to ask: pass --yes (-y) to promote without asking' },
    );
    if (!ok) throw new CancelledError('cancelled: nothing was promoted');
  }
  const watch = io.watchInterrupts();
  try {
    const result = await sendDeploy(run, deployPayload(dargs, inputs, region, buildId), existing);
    if (result.warning) say(shown`warning: ${platformWarning(result.warning)}`);
    const action = existing ? (result.warning ? 'unchanged' : 'updated') : 'created';
    say(shown`${action === 'unchanged' ? 'kept' : action} agent ${name}; waiting for the deployment to be ready`);
    const ready = await waitReady({ ...run, tune: pollTuning(io.env), watch }, name);
    emit({
      ok: true,
      organization: org,
      environment: env,
      from: source,
      agent: name,
      region: ready.region,
      secretSet: inputs.secretSet,
      action,
      build: { id: buildId },
      deploymentId: ready.activeDeploymentId ?? ready.desiredDeploymentId,
      ready: true,
    });
    if (!argv.json) io.err(success(shown`promoted ${env}: ${name} runs build ${buildId} and is ready (${org}, ${ready.region})`) + '\n');
  } finally {
    watch.dispose();
  }
}

/** `pipecat cloud promote <environment> [agent-name]` (ours alone: pipecat's CLI has no promote). */
export const PROMOTE_COMMAND: CloudCommandDefinition<PromoteArgs> = {
  command: 'promote <environment> [agent-name]',
  describe: "Deploy an environment's current build to production (the agent itself), without rebuilding",
  official: null,
  positionals: {
    environment: { type: 'string', describe: 'Environment E whose build to promote (its agent is AGENT-E)' },
    'agent-name': { type: 'string', describe: 'The production agent AGENT (default: agent_name in pcc-deploy.toml)' },
  },
  options: {
    secrets: {
      alias: 's',
      type: 'string',
      requiresArg: true,
      describe: "Production's secret set (default: secret_set in pcc-deploy.toml, else AGENT-secrets)",
    },
    'config-file': { type: 'string', requiresArg: true, describe: 'Deploy config file (default: pcc-deploy.toml)' },
    yes: { alias: 'y', type: 'boolean', describe: 'Do not ask for confirmation (CI)' },
    force: { alias: 'f', type: 'boolean', describe: 'Deploy even when production already runs it (also skips confirmations)' },
    preflight: { type: 'boolean', default: true, describe: "Check production's secrets and region first (--no-preflight skips)" },
  },
  examples: [['$0 cloud promote staging --yes', "deploy the build voice-bot-staging runs to voice-bot, with voice-bot's secrets"]],
  epilogue: DEPLOY_EPILOGUE,
  run: promote,
};
