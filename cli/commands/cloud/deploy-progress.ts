/**
 * The waiting parts of `pipecat cloud deploy` (see `deploy.ts`): the Cloud Build flow (pack, reuse,
 * upload, build, poll), sending the create/update with recovery of a lost answer, and polling the
 * agent until its deployment is ready. A signal stops the waiting, never the platform's work.
 * Source: pipecatcloud `cli/commands/deploy.py`; guide: docs/deploy.md.
 */
import type { AgentDetails, Build, CreatedBuild, DeployPayload, UploadTarget } from '../../cloud-api/deploy-types.js';
import { uploadContext } from '../../cloud-api/upload.js';
import { outcomeUnknown } from '../../cloud-api/http.js';
import { InterruptedError, OperationFailedError } from '../../errors.js';
import { pauseUnlessStopped, type InterruptWatch } from '../../interrupts.js';
import type { DeployInputs, DeployRun } from './deploy-inputs.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';

/**
 * Polling: first interval and ceiling in ms, and how long to wait for a build or a deployment
 * (`PIPECAT_POLL_MS`, `PIPECAT_BUILD_WAIT_S`, `PIPECAT_DEPLOY_WAIT_S`).
 */
export function pollTuning(env: NodeJS.ProcessEnv) {
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  const first = num(env.PIPECAT_POLL_MS, 1000);
  return {
    first,
    max: Math.max(first, first * 5),
    buildWaitMs: num(env.PIPECAT_BUILD_WAIT_S, 900) * 1000,
    readyWaitMs: num(env.PIPECAT_DEPLOY_WAIT_S, 600) * 1000,
  };
}

/** The polling settings of {@link pollTuning}. */
export type Tune = ReturnType<typeof pollTuning>;

/** A deploy run while it waits on the platform: its polling settings and the signals it stops on. */
export interface WaitingRun extends DeployRun {
  tune: Tune;
  watch: InterruptWatch;
}

/**
 * Pack, reuse or upload, build, and wait for the build; returns the build to deploy.
 *
 * @param i the inputs: the context folder, the Dockerfile and `[build] exclude_patterns`
 */
export async function cloudBuildFlow(
  run: WaitingRun,
  i: Pick<DeployInputs, 'contextDir' | 'dockerfile' | 'config'>,
): Promise<{ id: string; cached: boolean; reused: boolean }> {
  const { io, argv, client, org, region, say } = run;
  const dockerfile = i.dockerfile;
  const { packContext } = await import('../../deploy/context.js');
  const ctx = await packContext(i.contextDir, { dockerfile, extraExcludes: i.config.build.exclude_patterns });
  say(
    `build context: ${ctx.files.length} files, ${ctx.tarball.length} bytes gzipped, hash ${ctx.contextHash} (${ctx.rules === 'dockerignore' ? '.dockerignore' : 'default exclusions'})`,
  );
  if (ctx.withheld.length) say(`never sent (dotenv files): ${ctx.withheld.map(visibleField).join(', ')}`);
  const cached = await client.listBuilds(org, { contextHash: ctx.contextHash, region, status: 'success', limit: 1 });
  if (cached.length) {
    say(`reusing build ${cached[0].id}: a successful build of the same context exists (cached; nothing uploaded)`);
    return { id: cached[0].id, cached: true, reused: true };
  }
  const spinner = await io.startSpinner(`Uploading the build context (${ctx.tarball.length} bytes)`, { json: argv.json });
  let created: CreatedBuild;
  let target: UploadTarget;
  try {
    target = await client.requestUploadUrl(org, region);
    await uploadContext(target, ctx.tarball);
  } finally {
    spinner.stop(); // before any line: a line written under a running spinner stays on its row
  }
  say('uploaded the build context');
  const bspin = await io.startSpinner('Starting the build', { json: argv.json });
  try {
    created = await client.createBuild(org, { uploadId: target.uploadId, region, dockerfilePath: dockerfile });
  } finally {
    bspin.stop();
  }
  const id = created.build.id;
  if (created.cached) {
    say(`reusing build ${id}: the platform found a cached build of this context`);
    return { id, cached: true, reused: false };
  }
  say(`build ${id} started`);
  const build = await waitForBuild(run, created.build);
  say(`build ${id} succeeded${build.buildDurationSeconds ? ` in ${build.buildDurationSeconds} s` : ''}`);
  return { id, cached: false, reused: false };
}

/**
 * Polls a build until it ends; a failure prints the end of its log.
 *
 * @throws InterruptedError on a signal (the build goes on); OperationFailedError when it fails or
 *   does not finish within `PIPECAT_BUILD_WAIT_S`
 */
async function waitForBuild(run: WaitingRun, first: Build): Promise<Build> {
  const { io, argv, client, org, tune, watch, say } = run;
  const id = first.id;
  const started = Date.now();
  let interval = tune.first;
  let last: string | undefined = first.status;
  const bspin = await io.startSpinner(`Building image (build ${id}: ${last})`, { json: argv.json });
  let build = first;
  try {
    while (!['success', 'failed', 'timeout'].includes(build.status)) {
      const sig = await pauseUnlessStopped(interval, watch);
      if (sig)
        throw new InterruptedError(sig, `stopped waiting for build ${id}: the build goes on on Pipecat Cloud, nothing was deployed`, [
          `deploy it when done with: pipecat cloud deploy --build-id ${id}`,
        ]);
      interval = Math.min(tune.max, Math.round(interval * 1.5));
      if (Date.now() - started > tune.buildWaitMs)
        throw new OperationFailedError(
          `build ${id} did not finish within ${Math.round(tune.buildWaitMs / 1000)} s (status: ${build.status}); nothing was deployed`,
        );
      build = await client.getBuild(org, id);
      if (build.status !== last) {
        last = build.status;
        bspin.update(`Building image (build ${id}: ${last})`);
        if (!bspin.animated) say(`build ${id}: ${last}`);
      }
    }
  } finally {
    bspin.stop();
  }
  if (build.status !== 'success') {
    const logs = await client.buildLogs(org, id, 500).catch(() => [] as string[]);
    const tail = logs.slice(-20);
    throw new OperationFailedError(`build ${id} ${build.status}: ${build.errorMessage ?? 'no error message'}; nothing was deployed`, [
      ...(tail.length ? ['last lines of the build log:', ...tail.map((l) => `  ${l}`)] : ['the build has no log lines']),
    ]);
  }
  return build;
}

/**
 * Sends the create (`existing` undefined) or update. When the answer is lost, reads the agent to
 * learn whether the request landed (its deployment changed), and goes on when it did.
 *
 * @param run the client, the organisation and where lines go
 * @throws the 401 as it came; OperationFailedError saying whether the agent changed otherwise
 */
export async function sendDeploy(
  run: Pick<DeployRun, 'client' | 'org' | 'say'>,
  payload: DeployPayload,
  existing: AgentDetails | undefined,
): Promise<AgentDetails> {
  const { client, org, say } = run;
  const name = payload.serviceName;
  const before = existing?.desiredDeploymentId ?? existing?.activeDeploymentId ?? undefined;
  try {
    return await (existing ? client.updateAgent(org, payload) : client.createAgent(org, payload));
  } catch (err) {
    const verb = existing ? 'updating' : 'creating';
    const unchanged = existing ? `agent ${name} is unchanged (deployment ${before ?? 'none'})` : `agent ${name} was not created`;
    if ((err as { exitCode?: number }).exitCode === 4) throw err;
    if (!outcomeUnknown(err)) throw new OperationFailedError(`${verb} agent ${name} failed: ${(err as Error).message}`, [unchanged]);
    // The answer was lost: read the agent to learn whether the request landed.
    let now: AgentDetails | undefined;
    try {
      now = await client.getAgent(org, name);
    } catch (readErr) {
      throw new OperationFailedError(`${verb} agent ${name}: no answer (${(err as Error).message})`, [
        `whether it landed is unknown: reading the agent failed too (${(readErr as Error).message})`,
        `check with: pipecat cloud agent status ${name}`,
      ]);
    }
    const landed = now && (!existing || (now.desiredDeploymentId ?? now.activeDeploymentId) !== before);
    if (!landed)
      throw new OperationFailedError(`${verb} agent ${name} failed: ${(err as Error).message}`, [unchanged, 'run the same command again']);
    say(`the answer to ${existing ? 'the update' : 'the create'} was lost, but the agent shows it landed`);
    return now as AgentDetails;
  }
}

/**
 * The platform's `warning` of an update, worded for this tool: its hint to send `forceRedeploy`
 * (the API field: "use forceRedeploy to redeploy") names the flag that sends it, `--force`
 * (docs.pipecat.ai fundamentals/deploy: "Run `pipecat cloud deploy --force` to force a new version").
 *
 * @param warning the `warning` field as received
 */
export function platformWarning(warning: string): string {
  return warning.replace(/\bforceRedeploy\b/g, '--force');
}

/** A one-line state of an agent's deployment. */
export function deploymentState(a: AgentDetails): string {
  if (a.errors && a.errors.length)
    return `failed: ${a.errors.map((e) => `${e.code ?? ''} ${e.message ?? e.error ?? ''}`.trim()).join('; ')}`;
  if (a.ready && a.available !== false) return 'ready';
  const desired = a.desiredDeploymentId ?? a.activeDeploymentId;
  if (desired && a.reconciledDeploymentId !== desired) return 'pending (waiting for the platform to pick up the deployment)';
  const degraded = a.conditions?.find((x) => x.type === 'Degraded' && x.status === 'True');
  if (degraded) return `degraded${a.available ? ', serving the previous deployment' : ''}: ${degraded.message ?? degraded.reason ?? ''}`;
  return a.available ? 'progressing (the previous deployment serves meanwhile)' : 'progressing';
}

/**
 * Poll the agent until ready; a failure, a timeout or a signal ends it with the agent's state.
 *
 * @param name the agent
 */
export async function waitReady(run: WaitingRun, name: string): Promise<AgentDetails> {
  const { io, argv, client, org, tune, watch, say } = run;
  const started = Date.now();
  let interval = tune.first;
  let last: string | undefined;
  const spinner = await io.startSpinner(`Waiting for agent ${name} to be ready`, { json: argv.json });
  const watchHint = [`watch it with: pipecat cloud agent status ${name}`, `logs: pipecat cloud agent logs ${name}`];
  try {
    for (;;) {
      let a: AgentDetails | undefined;
      try {
        a = await client.getAgent(org, name);
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
        if (!spinner.animated) say(`agent ${name}: ${state}`);
      }
      if (state === 'ready') return a;
      if (state.startsWith('failed'))
        throw new OperationFailedError(`the deployment of agent ${name} failed: ${state.slice(8)}`, watchHint);
      if (Date.now() - started > tune.readyWaitMs)
        throw new OperationFailedError(
          `agent ${name} is not ready after ${Math.round(tune.readyWaitMs / 1000)} s; its state: ${state}`,
          watchHint,
        );
      const sig = await pauseUnlessStopped(interval, watch);
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
