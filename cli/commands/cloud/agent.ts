/**
 * `pipecat cloud agent list | status <agent-name> | logs <agent-name> | delete <agent-name>`: see
 * an organisation's agents and why a deployment did not become ready.
 *
 * Follows the official CLI (pipecatcloud `cli/commands/agent.py`: names, arguments, `--region/-r`
 * of list, `--limit/-n` and `--deployment/-d` of logs, `--force/-f` of delete); adds `--json` and
 * `--output json`, and exit codes that say what happened (the official CLI exits 0 when an agent is
 * not found). Guide: docs/deploy.md.
 */
import type { Options, PositionalOptions } from 'yargs';
import type { LogLine } from '../../cloud-api/deploy-types.js';
import { isOrganizationMissing } from '../../cloud-api/errors.js';
import { environmentLine, environmentNames, environmentOptionSpec, type EnvironmentArgs } from '../../deploy/environments.js';
import { CancelledError, OperationFailedError, UserError } from '../../errors.js';
import { success } from '../../output/colors.js';
import { renderTable } from '../../output/table.js';
import type { CloudArgs, CloudIO } from './common.js';
import type { CloudCommandDefinition, CloudGroupDefinition, Emit, Resolved } from './define.js';
import { DEPLOY_EPILOGUE } from './deploy.js';
import { SESSION_COMMANDS } from './agent-sessions.js';
import { officialOnlyRow } from './official-commands.js';
import { SMOKE_COMMAND } from './smoke-command.js';
import { deploymentState } from './deploy-progress.js';
import { visibleField, visibleLines } from '../../../generators/app/output/terminal-safe.js';

/** Parsed options of the agent commands. */
interface AgentArgs extends CloudArgs, EnvironmentArgs {
  'agent-name'?: string;
  region?: string;
  limit?: number;
  deployment?: string;
  'session-id'?: string;
  level?: LogLevel;
  format?: 'TEXT' | 'JSON';
  force?: boolean;
  yes?: boolean;
}

/**
 * The agent a status/logs/delete addresses: the argument; with `--env E`, environment E of the
 * argument, or of `pcc-deploy.toml`'s `agent_name` (`cli/deploy/environments.ts`). Prints which
 * (not with `--json`).
 *
 * @throws UserError (exit 2) when no agent is named, or `--env` is not an environment name
 */
async function agentName(io: CloudIO, argv: Resolved<AgentArgs>): Promise<string> {
  const given = argv['agent-name'];
  if (argv.env === undefined) {
    if (!given) throw new UserError('name the agent (e.g. pipecat cloud agent status my-agent), or give --env E for an environment');
    return given;
  }
  const { configuredNames } = await import('../../deploy/project.js');
  const base = given ?? (await configuredNames(process.cwd())).agentName;
  const names = environmentNames({ agentName: base, env: argv.env, fromCommandLine: { agentName: given !== undefined } });
  if (!names.agentName)
    throw new UserError(
      `--env ${argv.env}: no agent name: pass the agent's name, or run in your project's server/ folder (agent_name in pcc-deploy.toml)`,
    );
  if (!argv.json) io.err(environmentLine(names, { agent: true }) + '\n');
  return names.agentName;
}

/** The `environment` field of a `--json` document: present with `--env`. */
const envField = (argv: AgentArgs) => (argv.env !== undefined ? { environment: argv.env } : {});

async function list(io: CloudIO, argv: Resolved<AgentArgs>, emit: Emit): Promise<void> {
  const { client, org } = await io.openSession(argv);
  if (argv.region !== undefined) {
    const codes = (await client.regions(org)).map((r) => r.code);
    if (!codes.includes(argv.region))
      throw new UserError(
        `--region ${visibleField(argv.region)} is not a region of ${visibleField(org)} (${codes.map(visibleField).join(', ')})`,
      );
  }
  const agents = await client.listAgents(org, argv.region);
  emit({ ok: true, organization: org, agents });
  if (argv.json) return;
  if (!agents.length) {
    io.err(
      `no agents in ${visibleField(org)}${argv.region ? ` (${visibleField(argv.region)})` : ''}; deploy one with: pipecat cloud deploy\n`,
    );
    return;
  }
  io.out(
    renderTable(
      ['name', 'region', 'ready', 'active deployment', 'updated'],
      agents.map((a) => [
        a.name,
        a.region,
        a.ready === undefined ? '' : a.ready ? 'yes' : 'no',
        a.activeDeploymentId ?? '',
        a.updatedAt ?? '',
      ]),
      argv.output,
    ) + '\n',
  );
}

async function status(io: CloudIO, argv: Resolved<AgentArgs>, emit: Emit): Promise<void> {
  const name = await agentName(io, argv);
  const { client, org } = await io.openSession(argv);
  const a = await client.getAgent(org, name);
  if (!a) throw new OperationFailedError(`agent ${visibleField(name)} not found in ${visibleField(org)}`);
  const state = deploymentState(a);
  emit({ ok: true, organization: org, ...envField(argv), state, agent: a });
  if (argv.json) return;
  const spec = a.deployment?.manifest?.spec;
  const rows: [string, string][] = [
    ['agent', `${a.name} (${org}, ${a.region})`],
    ['state', state],
    ['image', spec?.image ?? ''],
    ['active deployment', a.activeDeploymentId ?? ''],
    ['profile', a.agentProfile ?? ''],
    ['scaling', a.autoScaling ? `min ${a.autoScaling.minReplicas ?? 0}, max ${a.autoScaling.maxReplicas ?? ''}` : ''],
    ['max session', spec?.maxSessionDurationSeconds !== undefined ? `${spec.maxSessionDurationSeconds} s` : 'default'],
    ['active sessions', String(a.activeSessionCount ?? 0)],
    ['updated', a.updatedAt ?? ''],
  ];
  io.out(
    rows.map(([k, v]) => (argv.output === 'plain' ? `${k}\t${visibleField(v)}` : `${(k + ':').padEnd(20)}${visibleField(v)}`)).join('\n') +
      '\n',
  );
  for (const e of a.errors ?? []) io.out(`error: ${visibleField(e.code ?? '')} ${visibleLines(e.message ?? e.error ?? '')}\n`);
}

/** Log severities of `agent logs --level`, in the order a line is matched against them (pipecatcloud `LogLevel`). */
const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
/** One of {@link LOG_LEVELS}. */
type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The severity of a log line as the official `agent logs` judges it: the first of
 * {@link LOG_LEVELS} whose name the line contains (case-insensitive), else `INFO`
 * (pipecatcloud `cli/commands/agent.py`, `logs`).
 */
export function logSeverity(line: string): LogLevel {
  const upper = line.toUpperCase();
  return LOG_LEVELS.find((l) => upper.includes(l)) ?? 'INFO';
}

async function logs(io: CloudIO, argv: Resolved<AgentArgs>, emit: Emit): Promise<void> {
  const limit = argv.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1) throw new UserError(`--limit must be a whole number >= 1 (got ${String(argv.limit)})`);
  const name = await agentName(io, argv);
  const { client, org } = await io.openSession(argv);
  let lines: LogLine[];
  try {
    lines = await client.agentLogs(org, name, { limit, deploymentId: argv.deployment, sessionId: argv['session-id'] });
  } catch (err) {
    if ((err as { status?: number }).status === 404 && !isOrganizationMissing(err))
      throw new OperationFailedError(`agent ${visibleField(name)} not found in ${visibleField(org)}`);
    throw err;
  }
  const text = (l: LogLine) => l.log ?? l.message ?? '';
  if (argv.level) lines = lines.filter((l) => logSeverity(text(l)) === argv.level);
  emit({ ok: true, organization: org, ...envField(argv), agent: name, ...(argv.level ? { level: argv.level } : {}), logs: lines });
  if (argv.json) return;
  if (!lines.length) io.err(`no logs for agent ${visibleField(name)}${argv.level ? ` at level ${argv.level}` : ''}\n`);
  for (const l of lines)
    io.out(
      argv.format === 'JSON'
        ? JSON.stringify({ timestamp: l.timestamp ?? '', log: text(l) }) + '\n'
        : `${visibleField(l.timestamp ?? '')} ${visibleLines(text(l))}\n`,
    );
}

async function remove(io: CloudIO, argv: Resolved<AgentArgs>, emit: Emit): Promise<void> {
  const name = await agentName(io, argv);
  const { client, org } = await io.openSession(argv);
  const a = await client.getAgent(org, name);
  if (!a) throw new OperationFailedError(`agent ${visibleField(name)} not found in ${visibleField(org)}: nothing was deleted`);
  if (!argv.force && !argv.yes) {
    const ok = await io.dialogs.confirm(
      `Delete agent ${visibleField(name)} (${visibleField(org)}, ${visibleField(a.region)})? Active sessions run on until they end.`,
      {
        noTty: 'confirmation needed, but no terminal is available to ask: pass --force (-f) to delete without asking',
      },
    );
    if (!ok) throw new CancelledError('cancelled: nothing was deleted');
  }
  try {
    await client.deleteAgent(org, name);
  } catch (err) {
    if ((err as { status?: number }).status === 404)
      throw new OperationFailedError(`agent ${visibleField(name)} was not found when deleting it: nothing was deleted`);
    throw err;
  }
  emit({ ok: true, organization: org, ...envField(argv), agent: name, deleted: true });
  if (!argv.json) io.err(success(`deleted agent ${visibleField(name)} (${visibleField(org)}, ${visibleField(a.region)})`) + '\n');
}

/** Flags of `agent logs` (the official `agent logs`' names and short forms). */
const LOGS_OPTIONS: Readonly<Record<string, Options>> = {
  limit: { alias: 'n', type: 'number', requiresArg: true, describe: 'Number of lines (default 100)' },
  deployment: { alias: 'd', type: 'string', requiresArg: true, describe: 'Only this deployment' },
  'session-id': { alias: 's', type: 'string', requiresArg: true, describe: 'Only this session' },
  level: {
    alias: 'l',
    type: 'string',
    requiresArg: true,
    choices: LOG_LEVELS,
    coerce: (v: string) => v.toUpperCase(),
    describe: 'Only lines of this severity (judged by the level word a line contains; none: INFO)',
  },
  format: {
    alias: 'f',
    type: 'string',
    requiresArg: true,
    choices: ['TEXT', 'JSON'],
    coerce: (v: string) => v.toUpperCase(),
    describe: 'TEXT (default), or JSON: one {"timestamp","log"} object per line',
  },
};

/** The agent name argument of the agent commands (with `--env`, the base name; it may be left out). */
const AGENT_NAME: Readonly<Record<string, PositionalOptions>> = {
  'agent-name': {
    type: 'string',
    describe: "Agent name, e.g. 'my-agent' (with --env: the base name, default agent_name in pcc-deploy.toml)",
  },
};

/** `--env E` of the agent commands that name one agent. */
const ENV_OPTION: Readonly<Record<string, Options>> = { env: environmentOptionSpec('agent AGENT-E') };

/** An agent must be named, by the argument or through `--env`. */
const nameOrEnv = (argv: AgentArgs): true | string =>
  argv['agent-name'] !== undefined || argv.env !== undefined || 'name the agent, or give --env E';

/** The `cloud agent` commands that read and delete agents (the official `agent list|status|logs|delete`). */
const AGENT_COMMANDS: readonly CloudCommandDefinition<AgentArgs>[] = [
  {
    command: 'list',
    describe: 'List the agents of the organisation',
    official: 'agent list',
    options: { region: { alias: 'r', type: 'string', requiresArg: true, describe: 'Only agents in this region' } },
    epilogue: DEPLOY_EPILOGUE,
    run: list,
  },
  {
    command: 'status [agent-name]',
    describe: "Show an agent's deployment state",
    official: 'agent status',
    positionals: AGENT_NAME,
    options: ENV_OPTION,
    check: nameOrEnv,
    epilogue: DEPLOY_EPILOGUE,
    run: status,
  },
  {
    command: 'logs [agent-name]',
    describe: "Show an agent's logs, newest first",
    official: 'agent logs',
    positionals: AGENT_NAME,
    options: { ...LOGS_OPTIONS, ...ENV_OPTION },
    check: nameOrEnv,
    epilogue: DEPLOY_EPILOGUE,
    run: logs,
  },
  {
    command: 'delete [agent-name]',
    describe: 'Delete an agent (active sessions run on)',
    official: 'agent delete',
    positionals: AGENT_NAME,
    options: {
      force: { alias: 'f', type: 'boolean', describe: 'Do not ask for confirmation' },
      yes: { alias: 'y', type: 'boolean', describe: 'Same as --force' },
      ...ENV_OPTION,
    },
    check: nameOrEnv,
    epilogue: DEPLOY_EPILOGUE,
    run: remove,
  },
];

/** The `cloud agent` group. */
export const AGENT_GROUP: CloudGroupDefinition = {
  command: 'agent <command>',
  describe: 'See, start and delete deployed agents: list, status, logs, delete, start, sessions, stop, deployments, smoke',
  official: 'agent',
  commands: [...AGENT_COMMANDS, ...SESSION_COMMANDS, SMOKE_COMMAND, officialOnlyRow('agent link')],
};
