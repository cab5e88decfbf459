/**
 * `pipecat cloud agent start [agent-name] | sessions [agent-name] | stop [agent-name] | deployments
 * <agent-name>`: start a session of a deployed agent with a public API key, follow its sessions,
 * stop one, and list its deployments.
 *
 * Follows the official CLI (pipecatcloud `cli/commands/agent.py` `start`, `sessions`, `stop`,
 * `deployments`: names, arguments, `--api-key/-k`, `--data/-d`, `--use-daily/-D`,
 * `--daily-properties/-p`, `--force/-f`, `--id/-i`, `--session-id/-s`, `--config-file`, the agent
 * name from `pcc-deploy.toml`, the health check before a start, the room URL and token printed
 * after it) and its REST calls (`api.py`). Differences: `start` asks only at a terminal (without
 * one it just starts), finds the organisation's only public key by itself, and never prints a
 * key's value; bad JSON is exit 2 naming the flag; `--output json|plain`. Guide: docs/sessions.md.
 */
import type { PositionalOptions } from 'yargs';
import { ApiError } from '../../cloud-api/errors.js';
import type { CloudClient } from '../../cloud-api/client.js';
import type { AgentSession, StartAnswer, StartRequest } from '../../cloud-api/session-types.js';
import { CancelledError, OperationFailedError, UserError } from '../../errors.js';
import { success } from '../../output/colors.js';
import { renderTable } from '../../output/table.js';
import type { OutputMode } from '../../output/mode.js';
import type { CloudArgs, CloudIO } from './common.js';
import type { CloudCommandDefinition, Emit, Resolved } from './define.js';
import { chooseStartKey, describeKey, type ChosenKey } from './public-key.js';
import { shown } from '../../output/shown.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';

/** Parsed options of the session commands. */
export interface SessionArgs extends CloudArgs {
  'agent-name'?: string;
  'config-file'?: string;
  'api-key'?: string;
  data?: string;
  'use-daily'?: boolean;
  'daily-properties'?: string;
  force?: boolean;
  id?: string;
  'session-id'?: string;
}

/** Exit codes and the guide, for `--help`. */
const SESSIONS_EPILOGUE =
  'Exit codes: 0 done; 1 the agent, session or a usable public key was not found, or the platform refused; ' +
  '2 bad arguments (JSON of --data/--daily-properties, no agent name), or a confirmation needed without a terminal; 4 not logged in; ' +
  '130 cancelled (a declined confirmation, Ctrl-C); 143 stopped by SIGTERM. Guide: docs/sessions.md';

/**
 * Parses a JSON object flag.
 *
 * @throws UserError (exit 2) naming the flag when the text is not JSON or not an object
 */
function jsonObjectFlag(flag: string, text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new UserError(shown`${flag} is not valid JSON: ${(err as Error).message}`, [`e.g. ${flag} '{"key": "value"}'`]);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UserError(shown`${flag} must be a JSON object, e.g. '{"key": "value"}'`);
  return v as Record<string, unknown>;
}

/**
 * The agent a command is about: the argument, else `agent_name` of `--config-file`,
 * `PIPECAT_DEPLOY_CONFIG_PATH` or `pcc-deploy.toml` (read only when needed, or when
 * `--config-file` is given, which must then exist).
 *
 * @throws UserError (exit 2) when there is no name, or the config file is malformed
 */
export async function agentNameOf(io: CloudIO, argv: { 'agent-name'?: string; 'config-file'?: string }): Promise<string> {
  if (argv['agent-name'] && !argv['config-file']) return argv['agent-name'];
  const { readDeployConfig, DEPLOY_CONFIG_FILE } = await import('../../deploy/config.js');
  const path = argv['config-file'] ?? io.env.PIPECAT_DEPLOY_CONFIG_PATH ?? DEPLOY_CONFIG_FILE;
  const { config, found } = await readDeployConfig(path, !!argv['config-file']);
  const name = argv['agent-name'] ?? config.agent_name;
  if (!name)
    throw new UserError(
      shown`no agent name: pass it as the first argument or set agent_name in ${visibleField(path)}${found ? '' : ' (not found)'}`,
    );
  return name;
}

/** `key: value` rows: aligned in `rich`, tab-separated in `plain`. */
function keyValues(rows: readonly (readonly [string, string])[], mode: OutputMode): string {
  return (
    rows.map(([k, v]) => (mode === 'plain' ? `${k}\t${visibleField(v)}` : `${(k + ':').padEnd(15)}${visibleField(v)}`)).join('\n') + '\n'
  );
}

/** Re-throws a 404 of an agent path as "agent not found" (exit 1). */
function agentNotFound(err: unknown, name: string, org: string, what = ''): never {
  if (err instanceof ApiError && err.status === 404) throw new OperationFailedError(what || shown`agent ${name} not found in ${org}`);
  throw err;
}

/** Whether a completion status reports an error (`500`, any 5xx, `HTTP_ERROR`, …). */
export function isErrorStatus(status: string | null | undefined): boolean {
  return !!status && (/^5\d\d$/.test(status) || /ERROR/i.test(status));
}

/** A session's state in words: `starting`, `active`, `error (500)`, `complete (HTTP_COMPLETED)`. */
function sessionState(s: AgentSession): string {
  if (!s.endedAt) return s.botStartSeconds === null || s.botStartSeconds === undefined ? 'starting' : 'active';
  const st = s.completionStatus ?? '';
  return `${isErrorStatus(st) ? 'error' : 'complete'}${st ? ` (${st})` : ''}`;
}

/** A session's length, `1m 5s`, from its creation to its end ('' while active). */
function duration(s: AgentSession): string {
  if (!s.endedAt) return '';
  const secs = Math.max(0, Math.round((Date.parse(s.endedAt) - Date.parse(s.createdAt)) / 1000));
  return secs >= 60 ? `${Math.floor(secs / 60)}m ${secs % 60}s` : `${secs}s`;
}

const botStart = (s: AgentSession) => (s.botStartSeconds === null || s.botStartSeconds === undefined ? '' : `${s.botStartSeconds}s`);
const cold = (s: AgentSession) => (s.coldStart === true ? 'yes' : s.coldStart === false ? 'no' : '');

/** What `agent start` is about to do, for the confirmation. */
function startSummary(name: string, org: string, key: ChosenKey, argv: SessionArgs): string {
  const short = (t: string | undefined) => (t === undefined ? 'none' : t.length > 80 ? t.slice(0, 77) + '...' : t);
  return [
    shown`Start a session of agent ${name} (${org})`,
    `  with:              ${describeKey(key, org)}`,
    `  Daily room:        ${argv['use-daily'] ? 'yes' : 'no'}`,
    `  Daily properties:  ${short(argv['daily-properties'])}`,
    `  data:              ${short(argv.data)}`,
  ].join('\n');
}

/** Sends the start with the public key; a refused key or a missing agent is exit 1 saying which. */
async function sendStart(client: CloudClient, s: { name: string; org: string; key: ChosenKey }, body: StartRequest): Promise<StartAnswer> {
  try {
    return await client.startSession(s.name, s.key.key, body);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401)
      throw new OperationFailedError(
        shown`Pipecat Cloud refused ${describeKey(s.key, s.org)}: it is revoked, or not a public key of ${visibleField(s.org)}`,
        [
          ...(s.key.key.startsWith('pcc_') ? ['it looks like a personal access token: sessions start with a public API key (pk_...)'] : []),
          'see the keys: pipecat cloud organizations keys list',
          'choose another: pipecat cloud organizations keys use <name-or-id>, or pass --api-key',
        ],
      );
    return agentNotFound(err, s.name, s.org);
  }
}

async function start(io: CloudIO, argv: Resolved<SessionArgs>, emit: Emit): Promise<void> {
  const data = jsonObjectFlag('--data', argv.data);
  const props = jsonObjectFlag('--daily-properties', argv['daily-properties']);
  if (props && !argv['use-daily']) io.err('note: --daily-properties is used only with --use-daily (-D); not sent\n');
  const name = await agentNameOf(io, argv);
  const session = await io.openSession(argv);
  const { client, org } = session;
  const key = await chooseStartKey(io, session, argv['api-key']);
  if (!argv.force && io.dialogs.canPrompt()) {
    io.err(startSummary(name, org, key, argv) + '\n');
    if (!(await io.dialogs.confirm('Start this session?', { default: true })))
      throw new CancelledError('cancelled: no session was started');
  }
  const agent = await client.getAgent(org, name);
  if (!agent) throw new OperationFailedError(shown`agent ${name} not found in ${org}: deploy it first (pipecat cloud deploy)`);
  if (!agent.ready) throw new OperationFailedError(shown`agent ${name} is not ready: see pipecat cloud agent status ${name}`);
  const body: StartRequest = {
    createDailyRoom: !!argv['use-daily'],
    ...(argv['use-daily'] && props ? { dailyRoomProperties: props } : {}),
    ...(data ? { body: data } : {}),
  };
  const spinner = await io.startSpinner(shown`Starting a session of ${name}`, { json: argv.json });
  let answer: StartAnswer;
  try {
    answer = await sendStart(client, { name, org, key }, body);
  } finally {
    spinner.stop();
  }
  reportStart(io, argv, emit, { name, org, key, answer });
}

/** Prints a started session: its id, and with Daily the room, its meeting token and the join URL. */
function reportStart(
  io: CloudIO,
  argv: Resolved<SessionArgs>,
  emit: Emit,
  r: { name: string; org: string; key: ChosenKey; answer: StartAnswer },
): void {
  const { name, org, key, answer } = r;
  const join = answer.dailyRoom ? `${answer.dailyRoom}${answer.dailyToken ? `?t=${answer.dailyToken}` : ''}` : undefined;
  emit({
    ok: true,
    organization: org,
    agent: name,
    sessionId: answer.sessionId ?? null,
    publicKey: { name: key.name, source: key.source },
    daily: answer.dailyRoom ? { room: answer.dailyRoom, token: answer.dailyToken ?? null, joinUrl: join } : null,
  });
  if (argv.json) return;
  io.err(success(`${shown`started a session of agent ${name} (${org}) with`} ${describeKey(key, org)}`) + '\n');
  const rows: [string, string][] = [['session', answer.sessionId ?? '']];
  if (answer.dailyRoom) rows.push(['daily room', answer.dailyRoom], ['daily token', answer.dailyToken ?? ''], ['join', join ?? '']);
  io.out(keyValues(rows, argv.output));
  if (answer.sessionId)
    io.err(
      shown`follow it: pipecat cloud agent sessions ${name} --id ${answer.sessionId}; logs: pipecat cloud agent logs ${name} -s ${answer.sessionId}; ` +
        shown`stop: pipecat cloud agent stop ${name} -s ${answer.sessionId} --force\n`,
    );
}

async function sessions(io: CloudIO, argv: Resolved<SessionArgs>, emit: Emit): Promise<void> {
  const name = await agentNameOf(io, argv);
  const { client, org } = await io.openSession(argv);
  if (argv.id) {
    const s = await client
      .session(org, name, argv.id)
      .catch((e) => agentNotFound(e, name, org, shown`session ${argv.id} not found for agent ${name} in ${org}`));
    emit({ ok: true, organization: org, agent: name, session: s });
    if (argv.json) return;
    const rows: [string, string][] = [
      ['session', s.sessionId],
      ['state', sessionState(s)],
      ['created', s.createdAt],
      ['ended', s.endedAt ?? ''],
      ['duration', duration(s)],
      ['bot start', botStart(s)],
      ['cold start', cold(s)],
      ['deployment', s.deploymentId ?? ''],
    ];
    io.out(keyValues(rows, argv.output));
    return;
  }
  const list = await client.sessions(org, name).catch((e) => agentNotFound(e, name, org));
  emit({ ok: true, organization: org, agent: name, total: list.total_count ?? list.sessions.length, sessions: list.sessions });
  if (argv.json) return;
  if (!list.sessions.length) {
    io.err(shown`no sessions of agent ${name}; start one with: pipecat cloud agent start ${name}\n`);
    return;
  }
  io.out(
    renderTable(
      ['session', 'created', 'ended', 'duration', 'state', 'bot start', 'cold start'],
      list.sessions.map((s) => [s.sessionId, s.createdAt, s.endedAt ?? '', duration(s), sessionState(s), botStart(s), cold(s)]),
      argv.output,
    ) + '\n',
  );
  if ((list.total_count ?? 0) > list.sessions.length) io.err(shown`the ${list.sessions.length} newest of ${list.total_count} sessions\n`);
}

async function stop(io: CloudIO, argv: Resolved<SessionArgs>, emit: Emit): Promise<void> {
  const name = await agentNameOf(io, argv);
  const id = String(argv['session-id']);
  const { client, org } = await io.openSession(argv);
  const s = await client
    .session(org, name, id)
    .catch((e) => agentNotFound(e, name, org, shown`session ${id} not found for agent ${name} in ${org}`));
  if (s.endedAt) {
    emit({
      ok: true,
      organization: org,
      agent: name,
      sessionId: id,
      stopped: false,
      endedAt: s.endedAt,
      completionStatus: s.completionStatus ?? null,
    });
    if (!argv.json) io.err(shown`session ${id} had already ended at ${s.endedAt} (${sessionState(s)}); nothing to stop\n`);
    return;
  }
  if (!argv.force) {
    const ok = await io.dialogs.confirm(shown`Stop session ${id} of agent ${name} (${org})? Whoever is in it is disconnected.`, {
      noTty: 'confirmation needed, but no terminal is available to ask: pass --force (-f) to stop without asking',
    });
    if (!ok) throw new CancelledError('cancelled: the session goes on');
  }
  await client
    .stopSession(org, name, id)
    .catch((e) => agentNotFound(e, name, org, shown`session ${id} of agent ${name} was not found when stopping it`));
  emit({ ok: true, organization: org, agent: name, sessionId: id, stopped: true });
  if (!argv.json) io.err(success(shown`stopped session ${id} of agent ${name}`) + '\n');
}

async function deployments(io: CloudIO, argv: Resolved<SessionArgs>, emit: Emit): Promise<void> {
  const name = String(argv['agent-name']);
  const { client, org } = await io.openSession(argv);
  const list = await client.deployments(org, name).catch((e) => agentNotFound(e, name, org));
  emit({ ok: true, organization: org, agent: name, deployments: list });
  if (argv.json) return;
  if (!list.length) {
    io.err(shown`agent ${name} has no deployments\n`);
    return;
  }
  const nodeType = list.some((d) => d.manifest?.spec?.dailyNodeType);
  const head = ['id', ...(nodeType ? ['node type'] : []), 'image', 'created', 'updated'];
  const rows = list.map((d) => [
    d.id,
    ...(nodeType ? [d.manifest?.spec?.dailyNodeType ?? ''] : []),
    d.manifest?.spec?.image ?? '',
    d.createdAt ?? '',
    d.updatedAt ?? '',
  ]);
  io.out(renderTable(head, rows, argv.output) + '\n');
}

/** The optional agent name argument (default: `agent_name` of the deploy config). */
const AGENT_NAME_OPTIONAL: Readonly<Record<string, PositionalOptions>> = {
  'agent-name': { type: 'string', describe: "Agent name, e.g. 'my-agent' (default: agent_name in pcc-deploy.toml)" },
};

const CONFIG_FILE = {
  'config-file': {
    type: 'string',
    requiresArg: true,
    describe: 'Deploy config file for the agent name (default: PIPECAT_DEPLOY_CONFIG_PATH or pcc-deploy.toml)',
  },
} as const;

/** The `cloud agent` commands about sessions (the official `agent start|stop|sessions|deployments`). */
export const SESSION_COMMANDS: readonly CloudCommandDefinition<SessionArgs>[] = [
  {
    command: 'start [agent-name]',
    describe: 'Start a session of an agent with a public API key (asks first only at a terminal)',
    official: 'agent start',
    positionals: AGENT_NAME_OPTIONAL,
    options: {
      'api-key': {
        alias: 'k',
        type: 'string',
        requiresArg: true,
        describe: 'Public API key (default: the one `organizations keys use` set, else the only one)',
      },
      data: { alias: 'd', type: 'string', requiresArg: true, describe: 'JSON object passed to the bot as its body' },
      'use-daily': { alias: 'D', type: 'boolean', describe: 'Create a Daily room for the session (prints its URL and meeting token)' },
      'daily-properties': {
        alias: 'p',
        type: 'string',
        requiresArg: true,
        describe: 'JSON object of Daily room properties (with --use-daily)',
      },
      force: { alias: 'f', type: 'boolean', describe: 'Do not ask for confirmation' },
      ...CONFIG_FILE,
    },
    examples: [
      ['$0 cloud agent start my-agent -D', 'start a session in a Daily room and print the link to join'],
      [`$0 cloud agent start my-agent --data '{"persona":"pirate"}'`, 'pass data to the bot'],
    ],
    epilogue: SESSIONS_EPILOGUE,
    run: start,
  },
  {
    command: 'sessions [agent-name]',
    describe: "List an agent's sessions, newest first (--id: one session)",
    official: 'agent sessions',
    positionals: AGENT_NAME_OPTIONAL,
    options: { id: { alias: 'i', type: 'string', requiresArg: true, describe: "One session's details" }, ...CONFIG_FILE },
    epilogue: SESSIONS_EPILOGUE,
    run: sessions,
  },
  {
    command: 'stop [agent-name]',
    describe: 'Stop an active session',
    official: 'agent stop',
    positionals: AGENT_NAME_OPTIONAL,
    options: {
      'session-id': { alias: 's', type: 'string', requiresArg: true, demandOption: true, describe: 'The session to stop' },
      force: { alias: 'f', type: 'boolean', describe: 'Do not ask for confirmation' },
      ...CONFIG_FILE,
    },
    epilogue: SESSIONS_EPILOGUE,
    run: stop,
  },
  {
    command: 'deployments <agent-name>',
    describe: "List an agent's deployments, newest first",
    official: 'agent deployments',
    positionals: { 'agent-name': { type: 'string', describe: "Agent name, e.g. 'my-agent'", demandOption: true } },
    epilogue: SESSIONS_EPILOGUE,
    run: deployments,
  },
];
