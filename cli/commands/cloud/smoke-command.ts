/**
 * `pipecat cloud agent smoke [agent-name]`, and the two steps `pipecat cloud deploy --smoke` adds
 * (`smokeBeforeDeploy`, `smokeAfterDeploy`): the smoke session of `smoke.ts` around a deployment.
 * Ours alone (the official CLI has no smoke session). Guide: docs/sessions.md ("Smoke session").
 */
import { DEPLOY_CONFIG_FILE } from '../../deploy/config.js';
import { OperationFailedError } from '../../errors.js';
import { success } from '../../output/colors.js';
import { agentNameOf, type SessionArgs } from './agent-sessions.js';
import type { CloudIO, Session } from './common.js';
import type { CloudCommandDefinition, Emit, Resolved } from './define.js';
import type { ChosenKey } from './public-key.js';
import {
  SMOKE_OPTIONS,
  SMOKE_TIMEOUT_S,
  restoreHint,
  runSmoke,
  smokeFailure,
  smokePrecheck,
  smokeTimeoutMs,
  type SmokeArgs,
  type SmokeReport,
} from './smoke.js';
import { shown } from '../../output/shown.js';

export { SMOKE_OPTIONS, type SmokeArgs } from './smoke.js';

/** The deploy config file a command reads (`--config-file`, `PIPECAT_DEPLOY_CONFIG_PATH`, `pcc-deploy.toml`). */
const configPathOf = (io: CloudIO, argv: { 'config-file'?: string }) =>
  argv['config-file'] ?? io.env.PIPECAT_DEPLOY_CONFIG_PATH ?? DEPLOY_CONFIG_FILE;

/**
 * Runs the smoke session of a ready deployment; a failure prints (json: emits) the report with the
 * command that puts the previous build back, and throws.
 *
 * @param s.deploymentId the deployment smoked (its predecessor is the one to go back to)
 * @throws OperationFailedError (exit 1) when the smoke session fails; InterruptedError on a signal
 */
export async function smokeDeployment(
  io: CloudIO,
  argv: Resolved<SmokeArgs & { 'config-file'?: string }>,
  s: { client: Session['client']; org: string; name: string; key: ChosenKey; deploymentId?: string | null; emit?: Emit },
): Promise<SmokeReport> {
  const say = (line: string) => void (!argv.json && io.err(line + '\n'));
  const report = await runSmoke(io, { client: s.client, org: s.org, name: s.name, key: s.key, timeoutMs: smokeTimeoutMs(argv), say });
  if (report.passed) {
    say(success(shown`smoke session passed: ${report.reason}`));
    return report;
  }
  const restore = await restoreHint(s.client, s.org, s.name, s.deploymentId);
  const err = smokeFailure(s.name, report, restore.lines);
  s.emit?.({
    ok: false,
    organization: s.org,
    agent: s.name,
    smoke: report,
    previousBuildId: restore.buildId ?? null,
    restore: restore.lines,
    error: { message: err.message, exitCode: 1 },
  });
  throw err;
}

/**
 * `deploy --smoke`, before anything is deployed: the bot must take a Daily room and a public key
 * must be found (exit 2 / exit 1 otherwise); `--smoke-timeout` is checked.
 *
 * @returns the key the smoke session will start with
 */
export async function smokeBeforeDeploy(
  io: CloudIO,
  argv: Resolved<SmokeArgs & { 'config-file'?: string }>,
  session: Session,
): Promise<ChosenKey> {
  smokeTimeoutMs(argv);
  const say = (line: string) => void (!argv.json && io.err(line + '\n'));
  return smokePrecheck(io, { configPath: configPathOf(io, argv), session, say });
}

/** Handler of `pipecat cloud agent smoke`. */
async function smoke(io: CloudIO, argv: Resolved<SessionArgs & SmokeArgs>, emit: Emit): Promise<void> {
  smokeTimeoutMs(argv);
  const name = await agentNameOf(io, argv);
  const session = await io.openSession(argv);
  const { client, org } = session;
  const say = (line: string) => void (!argv.json && io.err(line + '\n'));
  const key = await smokePrecheck(io, { configPath: configPathOf(io, argv), session, apiKey: argv['api-key'], say });
  const agent = await client.getAgent(org, name);
  if (!agent) throw new OperationFailedError(shown`agent ${name} not found in ${org}: deploy it first (pipecat cloud deploy --smoke)`);
  if (!agent.ready) throw new OperationFailedError(shown`agent ${name} is not ready: see pipecat cloud agent status ${name}`);
  const report = await smokeDeployment(io, argv, {
    client,
    org,
    name,
    key,
    deploymentId: agent.desiredDeploymentId ?? agent.activeDeploymentId,
    emit,
  });
  emit({ ok: true, organization: org, agent: name, smoke: report });
}

/** `pipecat cloud agent smoke [agent-name]`. */
export const SMOKE_COMMAND: CloudCommandDefinition<SessionArgs & SmokeArgs> = {
  command: 'smoke [agent-name]',
  describe: 'Start one session in a Daily room, check its bot runs without an error, stop it',
  official: null,
  positionals: { 'agent-name': { type: 'string', describe: 'Agent name (default: agent_name in pcc-deploy.toml)' } },
  options: {
    'smoke-timeout': SMOKE_OPTIONS['smoke-timeout'],
    'api-key': { alias: 'k', type: 'string', requiresArg: true, describe: 'Public API key (default: as agent start chooses it)' },
    'config-file': {
      type: 'string',
      requiresArg: true,
      describe: 'Deploy config file (default: PIPECAT_DEPLOY_CONFIG_PATH or pcc-deploy.toml)',
    },
  },
  examples: [['$0 cloud agent smoke my-agent --smoke-timeout 60', 'check a deployed agent answers a session']],
  epilogue:
    `Exit codes: 0 the bot ran 5 s without an error; 1 it crashed, logged an error, or did not start within --smoke-timeout (default ${SMOKE_TIMEOUT_S} s), ` +
    'with the log tail and the command that restores the previous build; 2 a bot without a Daily transport, bad flags; 4 not logged in; ' +
    '130 interrupted (the session is stopped); 143 stopped by SIGTERM. Guide: docs/sessions.md',
  run: smoke,
};
