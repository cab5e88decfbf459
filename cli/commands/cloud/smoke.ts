/**
 * The smoke session: after a deployment is ready, start one session of the agent in a Daily room,
 * follow it (the sessions endpoint: `botStartSeconds`, `endedAt`, `completionStatus`) and its log
 * lines (`sessionId` filter) until its bot has run a few seconds without an error, or a Python
 * traceback or error line appears, or the time is up; then stop it. A failure is exit 1 with the
 * log's last lines and the command that puts the previous build back.
 *
 * `pipecat cloud agent smoke [agent-name]` runs it alone; `pipecat cloud deploy --smoke` runs it
 * after the deployment is ready, and before deploying refuses (exit 2) a bot whose transports take
 * no Daily room (the project's `.yo-rc.json`, one level above `pcc-deploy.toml`'s folder), and
 * finds the public key (as `agent start` does), so nothing is deployed that cannot be smoked.
 *
 * Ours alone (the official CLI has no smoke session); it is built from the official `agent start`
 * (`createDailyRoom`), `agent sessions --id` and `agent logs --session-id` calls. Guide:
 * docs/sessions.md ("Smoke session").
 */
import { existsSync } from 'node:fs';
import { FileReadError, readRegularText } from '../../../generators/app/files/regular-file.js';
import { dirname, join, resolve } from 'node:path';
import type { CloudClient } from '../../cloud-api/client.js';
import type { Build } from '../../cloud-api/deploy-types.js';
import type { AgentSession } from '../../cloud-api/session-types.js';
import { InterruptedError, OperationFailedError, UserError } from '../../errors.js';
import { pauseUnlessStopped, type InterruptWatch } from '../../interrupts.js';
import type { CloudIO, Session } from './common.js';
import { isErrorStatus } from './agent-sessions.js';
import { chooseStartKey, describeKey, type ChosenKey } from './public-key.js';
import { shown } from '../../output/shown.js';

/** The smoke flags (`deploy --smoke --smoke-timeout S`; `agent smoke --smoke-timeout S`). */
export interface SmokeArgs {
  smoke?: boolean;
  'smoke-timeout'?: number;
}

/** Default time a smoke session has to reach a running bot, in seconds. */
export const SMOKE_TIMEOUT_S = 120;

/** Flags `deploy` adds for the smoke session. */
export const SMOKE_OPTIONS = {
  smoke: {
    type: 'boolean',
    describe: 'Once ready, start one session in a Daily room and check its bot runs (exit 1 with its traceback if not)',
  },
  'smoke-timeout': {
    type: 'number',
    requiresArg: true,
    describe: `Seconds the smoke session has to reach a running bot (default ${SMOKE_TIMEOUT_S})`,
  },
} as const;

/** What a smoke session found. */
export interface SmokeReport {
  passed: boolean;
  sessionId: string;
  /** One line: why it passed or failed. */
  reason: string;
  botStartSeconds: number | null;
  completionStatus: string | null;
  /** The session log's last lines (a traceback's, when there is one), oldest first. */
  logTail: string[];
}

/**
 * Polling (`PIPECAT_POLL_MS`, default 1000) and how long the bot must run without an error to pass
 * (`PIPECAT_SMOKE_RUN_MS`, default 5000), in ms.
 */
function smokeTuning(env: NodeJS.ProcessEnv): { pollMs: number; runMs: number } {
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return { pollMs: Math.max(10, num(env.PIPECAT_POLL_MS, 1000)), runMs: num(env.PIPECAT_SMOKE_RUN_MS, 5000) };
}

/** `--smoke-timeout` in ms. @throws UserError (exit 2) naming the flag for a value that is not a whole number of seconds >= 1 */
export function smokeTimeoutMs(argv: SmokeArgs): number {
  const s = argv['smoke-timeout'] ?? SMOKE_TIMEOUT_S;
  if (!Number.isInteger(s) || s < 1)
    throw new UserError(shown`--smoke-timeout must be a whole number of seconds >= 1 (got ${String(argv['smoke-timeout'])})`);
  return s * 1000;
}

/**
 * The transports of the project the deploy config belongs to, from its `.yo-rc.json` (one level
 * above the config file's folder, as `pipecat init` lays out `server/`, else in that folder).
 *
 * @returns the file and its transport ids, or undefined when there is no such file
 */
async function projectTransports(configPath: string): Promise<{ file: string; transports: string[] } | undefined> {
  const dir = dirname(resolve(configPath));
  const file = [join(dir, '..', '.yo-rc.json'), join(dir, '.yo-rc.json')].find((f) => existsSync(f));
  if (!file) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readRegularText(file));
  } catch (err) {
    if (err instanceof FileReadError) throw err;
    throw new UserError(shown`${file} is not valid JSON: ${(err as Error).message} (--smoke reads the bot's transports from it)`);
  }
  const t = (data as { 'generator-pipecat'?: { transports?: unknown } })?.['generator-pipecat']?.transports;
  return { file, transports: Array.isArray(t) ? t.map(String) : [] };
}

/**
 * Before deploying or starting: the bot must take a Daily room (a web transport of the catalogue
 * whose runner transport is `daily`), and a public key must be found.
 *
 * @param configPath the deploy config file (its folder locates the project)
 * @returns the key to start the smoke session with
 * @throws UserError (exit 2) for a bot without a Daily transport; OperationFailedError (exit 1)
 *   when no public key can be chosen (see `chooseStartKey`)
 */
export async function smokePrecheck(
  io: CloudIO,
  opts: { configPath: string; session: Pick<Session, 'client' | 'org' | 'credentialsPath'>; apiKey?: string; say: (line: string) => void },
): Promise<ChosenKey> {
  const project = await projectTransports(opts.configPath);
  if (!project) opts.say(shown`smoke: no .yo-rc.json next to ${opts.configPath}: assuming the bot joins a Daily room`);
  else {
    const { TRANSPORTS } = await import('../../../generators/app/catalogue/catalogue.js');
    const daily = project.transports.filter((id) =>
      TRANSPORTS.some((t) => t.id === id && t.kind === 'web' && t.runnerTransport === 'daily'),
    );
    if (!daily.length)
      throw new UserError(
        shown`--smoke cannot start a session of this bot: a smoke session joins a Daily room, and its transports (${project.transports.join(', ') || 'none'}, in ${project.file}) take none`,
        ['deploy without --smoke, then start a session the way its transport does (a phone call, a WebSocket or WebRTC client)'],
      );
  }
  return chooseStartKey(io, opts.session, opts.apiKey);
}

/** Whether a log line reports an error: a traceback, an ERROR/CRITICAL level, an exception line. */
function isErrorLine(line: string): boolean {
  return (
    /^Traceback \(most recent call last\):/.test(line) ||
    /^(ERROR|CRITICAL)\b/.test(line) ||
    /\|\s*(ERROR|CRITICAL)\s*\|/.test(line) ||
    /^[A-Za-z_][\w.]*(Error|Exception): /.test(line)
  );
}

/** The lines to show: from the last traceback (its last 8 lines), else up to the last error line, else the last 5. */
function logTail(lines: readonly string[]): string[] {
  const tb = lines.map((l) => /^Traceback \(most recent call last\):/.test(l)).lastIndexOf(true);
  if (tb >= 0) return lines.slice(tb).slice(-8);
  const err = lines.map(isErrorLine).lastIndexOf(true);
  return err >= 0 ? lines.slice(Math.max(0, err - 7), err + 1) : lines.slice(-5);
}

/** The session's log lines so far, oldest first. */
async function sessionLines(client: CloudClient, org: string, name: string, id: string): Promise<string[]> {
  const lines = await client.agentLogs(org, name, { limit: 200, sessionId: id });
  return lines.map((l) => l.log ?? l.message ?? '').reverse();
}

/** One look at the session: a verdict when it passed or failed, else undefined. */
function verdict(
  s: AgentSession,
  lines: string[],
  runningForMs: number | undefined,
  runMs: number,
): Omit<SmokeReport, 'sessionId'> | undefined {
  const base = { botStartSeconds: s.botStartSeconds ?? null, completionStatus: s.completionStatus ?? null, logTail: logTail(lines) };
  const errorLine = lines.some(isErrorLine);
  if (s.endedAt || errorLine) {
    const how = s.endedAt ? `the session ended (${s.completionStatus ?? 'no completion status'})` : 'the session is still running';
    const what = errorLine ? 'an error appeared in the bot log' : isErrorStatus(s.completionStatus) ? 'the bot crashed' : 'the bot stopped';
    return {
      ...base,
      passed: false,
      reason: `${what} ${s.botStartSeconds === null || s.botStartSeconds === undefined ? 'before it started' : 'after it started'}; ${how}`,
    };
  }
  if (runningForMs !== undefined && runningForMs >= runMs)
    return {
      ...base,
      passed: true,
      reason: `the bot started after ${s.botStartSeconds}s and ran ${Math.round(runningForMs / 1000)} s without an error`,
    };
  return undefined;
}

/** Follows session `id` until a verdict, the deadline or a signal (which throws). */
async function follow(
  io: CloudIO,
  s: { client: CloudClient; org: string; name: string; id: string; timeoutMs: number; say: (line: string) => void },
  watch: InterruptWatch,
): Promise<SmokeReport> {
  const { pollMs, runMs } = smokeTuning(io.env);
  const deadline = Date.now() + s.timeoutMs;
  let runningSince: number | undefined;
  // An error's later lines (the rest of a traceback) may come a moment after its first: wait for
  // them while the session runs, up to two polls (at least a second).
  let errorSeenAt: number | undefined;
  const settleMs = Math.max(1000, 2 * pollMs);
  for (;;) {
    const session = await s.client.session(s.org, s.name, s.id);
    const lines = await sessionLines(s.client, s.org, s.name, s.id);
    if (runningSince === undefined && session.botStartSeconds !== null && session.botStartSeconds !== undefined) {
      runningSince = Date.now();
      s.say(shown`smoke: the bot started after ${session.botStartSeconds}s; watching it for ${Math.round(runMs / 1000)} s`);
    }
    if (lines.some(isErrorLine)) errorSeenAt ??= Date.now();
    const settling = errorSeenAt !== undefined && !session.endedAt && Date.now() - errorSeenAt < settleMs && Date.now() < deadline;
    const v = verdict(session, lines, runningSince === undefined ? undefined : Date.now() - runningSince, runMs);
    if (v && !settling) return { sessionId: s.id, ...v };
    const left = deadline - Date.now();
    if (left <= 0) {
      const reason =
        runningSince === undefined
          ? `no bot started within ${s.timeoutMs / 1000} s`
          : `the bot did not run ${runMs / 1000} s within ${s.timeoutMs / 1000} s`;
      return {
        sessionId: s.id,
        passed: false,
        reason,
        botStartSeconds: session.botStartSeconds ?? null,
        completionStatus: session.completionStatus ?? null,
        logTail: logTail(lines),
      };
    }
    const sig = await pauseUnlessStopped(Math.min(pollMs, left), watch);
    if (sig) throw new InterruptedError(sig, shown`stopped the smoke session ${s.id} of agent ${s.name}`);
  }
}

/**
 * Starts the smoke session, follows it, and stops it (whatever happened, a signal included).
 *
 * @throws ApiError / OperationFailedError when the session cannot be started; InterruptedError on a signal
 */
export async function runSmoke(
  io: CloudIO,
  s: { client: CloudClient; org: string; name: string; key: ChosenKey; timeoutMs: number; say: (line: string) => void },
): Promise<SmokeReport> {
  const { client, org, name, key, say } = s;
  const started = await client.startSession(name, key.key, { createDailyRoom: true });
  const id = started.sessionId;
  if (!id) throw new OperationFailedError(shown`the start of a smoke session of agent ${name} answered no session id`);
  say(
    shown`smoke: started session ${id} of agent ${name}${started.dailyRoom ? ` in ${started.dailyRoom}` : ''} with ${describeKey(key, org)}`,
  );
  const watch = io.watchInterrupts();
  try {
    return await follow(io, { client, org, name, id, timeoutMs: s.timeoutMs, say }, watch);
  } finally {
    watch.dispose();
    const now = await client.session(org, name, id).catch(() => undefined);
    if (now && !now.endedAt) {
      await client.stopSession(org, name, id).then(
        () => say(shown`smoke: stopped session ${id}`),
        (err: Error) => say(shown`smoke: could not stop session ${id} (${err.message}): pipecat cloud agent stop ${name} -s ${id} --force`),
      );
    }
  }
}

/**
 * How to put the previous deployment back: the build it ran (its image matched against the
 * organisation's successful builds' `imageUri`), else its image.
 *
 * @param current the deployment that was smoked (the agent's desired deployment)
 * @returns the restore command and the previous build id, when known
 */
export async function restoreHint(
  client: CloudClient,
  org: string,
  name: string,
  current?: string | null,
): Promise<{ buildId?: string; lines: string[] }> {
  const deployments = (await client.deployments(org, name).catch(() => [])).sort(
    (a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''),
  );
  const at = current ? deployments.findIndex((d) => d.id === current) : 0;
  const previous = deployments[(at < 0 ? 0 : at) + 1];
  if (!previous) return { lines: [`agent ${name} has no earlier deployment to go back to`] };
  const image = previous.manifest?.spec?.image;
  const builds = (await client.listBuilds(org, { status: 'success', limit: 100 }).catch(() => [])) as (Build & {
    imageUri?: string | null;
  })[];
  const build = image ? builds.find((b) => b.imageUri === image) : undefined;
  if (build)
    return {
      buildId: build.id,
      lines: [`previous build: ${build.id}`, `put it back: pipecat cloud deploy ${name} --build-id ${build.id}`],
    };
  if (image)
    return { lines: [`previous deployment: ${previous.id} (image ${image})`, `put it back: pipecat cloud deploy ${name} ${image}`] };
  return { lines: [`previous deployment: ${previous.id}; its build is not known (see pipecat cloud agent deployments ${name})`] };
}

/** The failure of a smoke session: exit 1, with the log's last lines and how to restore. */
export function smokeFailure(name: string, report: SmokeReport, restore: string[]): OperationFailedError {
  return new OperationFailedError(shown`smoke session ${report.sessionId} of agent ${name} failed: ${report.reason}`, [
    ...(report.logTail.length
      ? ['last lines of the session log:', ...report.logTail.map((l) => `  ${l}`)]
      : ['the session wrote no log lines']),
    ...restore,
  ]);
}
