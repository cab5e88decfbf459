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
import type { PackedContext } from '../../deploy/context.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';
import type { DeployInputs, DeployRun } from './deploy-inputs.js';
import { shown } from '../../output/shown.js';

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
type Tune = ReturnType<typeof pollTuning>;

/** A deploy run while it waits on the platform: its polling settings and the signals it stops on. */
export interface WaitingRun extends DeployRun {
  tune: Tune;
  watch: InterruptWatch;
}

/**
 * A path for the build context's lines: controls made visible (`visibleField`), and the invisible
 * characters the dotenv rule ignores (U+200B to U+200D, U+2060, U+FEFF) too, so that two withheld
 * names never look the same.
 */
function shownPath(p: string): string {
  return visibleField(p).replace(/[\u200b-\u200d\u2060\ufeff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The build context as the `--json` document of a deploy shows it. */
interface ContextSummary {
  /** Absolute real path of the context folder. */
  folder: string;
  /** Number of files sent, and their size in bytes (before gzip). */
  files: number;
  bytes: number;
  /** Size of the gzipped archive in bytes, and its context hash. */
  gzippedBytes: number;
  hash: string;
  /** Which rules chose the files: `dockerignore` or the official `defaults`. */
  rules: PackedContext['rules'];
  /** Dotenv files (and look-alikes) in the folder that were left out, relative paths. */
  withheld: string[];
}

/**
 * Packs the build context and says what will be sent, on every deploy that builds (with `--yes`
 * too, where no question names the folder): `build context: FOLDER (N files, SIZE; RULES) …`, and
 * `never sent (dotenv files): …` naming each file withheld. Paths are shown through `visibleField`.
 *
 * @param i the inputs: the context folder, the Dockerfile and `[build] exclude_patterns`
 * @throws UserError as `packContext` (too large, nothing to send, unreadable folder)
 */
export async function packAndReport(
  run: Pick<DeployRun, 'say'>,
  i: Pick<DeployInputs, 'contextDir' | 'dockerfile' | 'config'>,
): Promise<{ ctx: PackedContext; summary: ContextSummary }> {
  const { packContext } = await import('../../deploy/context.js');
  const { formatSize } = await import('./build.js');
  const ctx = await packContext(i.contextDir, { dockerfile: i.dockerfile, extraExcludes: i.config.build.exclude_patterns });
  const n = ctx.files.length;
  run.say(
    `build context: ${shownPath(i.contextDir)} (${n} file${n === 1 ? '' : 's'}, ${formatSize(ctx.totalBytes)}; ${ctx.rules === 'dockerignore' ? '.dockerignore' : 'default exclusions'}), ${formatSize(ctx.tarball.length)} gzipped, hash ${ctx.contextHash}`,
  );
  if (ctx.withheld.length) run.say(`never sent (dotenv files): ${ctx.withheld.map(shownPath).join(', ')}`);
  const summary = { folder: i.contextDir, files: n, bytes: ctx.totalBytes, gzippedBytes: ctx.tarball.length, hash: ctx.contextHash };
  return { ctx, summary: { ...summary, rules: ctx.rules, withheld: ctx.withheld } };
}

/**
 * Reuse or upload the packed context, build, and wait for the build; returns the build to deploy.
 *
 * @param i the Dockerfile the platform builds from
 * @param ctx the context {@link packAndReport} packed
 */
export async function cloudBuildFlow(
  run: WaitingRun,
  i: Pick<DeployInputs, 'dockerfile'>,
  ctx: PackedContext,
): Promise<{ id: string; cached: boolean; reused: boolean }> {
  const { io, argv, client, org, region, say } = run;
  const dockerfile = i.dockerfile;
  const cached = await client.listBuilds(org, { contextHash: ctx.contextHash, region, status: 'success', limit: 1 });
  if (cached.length) {
    say(shown`reusing build ${cached[0].id}: a successful build of the same context exists (cached; nothing uploaded)`);
    return { id: cached[0].id, cached: true, reused: true };
  }
  const spinner = await io.startSpinner(shown`Uploading the build context (${ctx.tarball.length} bytes)`, { json: argv.json });
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
    say(shown`reusing build ${id}: the platform found a cached build of this context`);
    return { id, cached: true, reused: false };
  }
  say(shown`build ${id} started`);
  const build = await waitForBuild(run, created.build);
  say(shown`build ${id} succeeded${build.buildDurationSeconds ? ` in ${build.buildDurationSeconds} s` : ''}`);
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
  const bspin = await io.startSpinner(shown`Building image (build ${id}: ${last})`, { json: argv.json });
  let build = first;
  try {
    while (!['success', 'failed', 'timeout'].includes(build.status)) {
      const sig = await pauseUnlessStopped(interval, watch);
      if (sig)
        throw new InterruptedError(sig, shown`stopped waiting for build ${id}: the build goes on on Pipecat Cloud, nothing was deployed`, [
          shown`deploy it when done with: pipecat cloud deploy --build-id ${id}`,
        ]);
      interval = Math.min(tune.max, Math.round(interval * 1.5));
      if (Date.now() - started > tune.buildWaitMs)
        throw new OperationFailedError(
          shown`build ${id} did not finish within ${Math.round(tune.buildWaitMs / 1000)} s (status: ${build.status}); nothing was deployed`,
        );
      build = await client.getBuild(org, id);
      if (build.status !== last) {
        last = build.status;
        bspin.update(shown`Building image (build ${id}: ${last})`);
        if (!bspin.animated) say(shown`build ${id}: ${last}`);
      }
    }
  } finally {
    bspin.stop();
  }
  if (build.status !== 'success') {
    const logs = await client.buildLogs(org, id, 500).catch(() => [] as string[]);
    const tail = logs.slice(-20);
    throw new OperationFailedError(shown`build ${id} ${build.status}: ${build.errorMessage ?? 'no error message'}; nothing was deployed`, [
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
    if (!outcomeUnknown(err)) throw new OperationFailedError(shown`${verb} agent ${name} failed: ${(err as Error).message}`, [unchanged]);
    // The answer was lost: read the agent to learn whether the request landed.
    let now: AgentDetails | undefined;
    try {
      now = await client.getAgent(org, name);
    } catch (readErr) {
      throw new OperationFailedError(shown`${verb} agent ${name}: no answer (${(err as Error).message})`, [
        shown`whether it landed is unknown: reading the agent failed too (${(readErr as Error).message})`,
        shown`check with: pipecat cloud agent status ${name}`,
      ]);
    }
    const landed = now && (!existing || (now.desiredDeploymentId ?? now.activeDeploymentId) !== before);
    if (!landed)
      throw new OperationFailedError(shown`${verb} agent ${name} failed: ${(err as Error).message}`, [
        unchanged,
        'run the same command again',
      ]);
    say(shown`the answer to ${existing ? 'the update' : 'the create'} was lost, but the agent shows it landed`);
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
  const spinner = await io.startSpinner(shown`Waiting for agent ${name} to be ready`, { json: argv.json });
  const watchHint = [`watch it with: pipecat cloud agent status ${name}`, `logs: pipecat cloud agent logs ${name}`];
  try {
    for (;;) {
      let a: AgentDetails | undefined;
      try {
        a = await client.getAgent(org, name);
      } catch (err) {
        throw new OperationFailedError(shown`agent ${name} was deployed, but its state could not be read: ${(err as Error).message}`, [
          shown`last state seen: ${last ?? 'unknown'}`,
          ...watchHint,
        ]);
      }
      if (!a) throw new OperationFailedError(shown`agent ${name} disappeared while deploying (deleted meanwhile?)`);
      const state = deploymentState(a);
      if (state !== last) {
        last = state;
        spinner.update(shown`Agent ${name}: ${state}`);
        if (!spinner.animated) say(shown`agent ${name}: ${state}`);
      }
      if (state === 'ready') return a;
      if (state.startsWith('failed'))
        throw new OperationFailedError(shown`the deployment of agent ${name} failed: ${state.slice(8)}`, watchHint);
      if (Date.now() - started > tune.readyWaitMs)
        throw new OperationFailedError(
          shown`agent ${name} is not ready after ${Math.round(tune.readyWaitMs / 1000)} s; its state: ${state}`,
          watchHint,
        );
      const sig = await pauseUnlessStopped(interval, watch);
      if (sig)
        throw new InterruptedError(
          sig,
          shown`stopped waiting: the deployment of agent ${name} goes on on Pipecat Cloud (state: ${state})`,
          watchHint,
        );
      interval = Math.min(tune.max, Math.round(interval * 1.5));
    }
  } finally {
    spinner.stop();
  }
}
