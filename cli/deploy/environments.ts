/**
 * Environments of an agent (`--env E`): the one rule every cloud command that takes `--env`
 * applies to find the agent and the secret set it addresses (see docs/deploy.md, "Environments").
 *
 * The rule follows docs.pipecat.ai: an environment is an agent of its own, with its own secrets
 * (pipecat-cloud/fundamentals/projects-and-environments: "Each environment is an agent of its own,
 * with its own branch, secrets, scaling and sessions"); environment `pr-7` of `my-bot` is the agent
 * `my-bot-pr-7`, and an agent's own name works where the project's does
 * (api-reference/cli/cloud/project: "`project status my-bot-pr-7` addresses the same preview as
 * `--env pr-7`"); `production` is the project itself and is no environment name of its own.
 *
 * So, for the base agent `A` and the environment `E`:
 * - the agent is `A-E` (a name that already ends in `-E` is that agent and stays as it is). An agent
 *   name argument is the base `A`, as the docs' `project status my-bot --env staging` takes its
 *   argument: `agent delete my-bot --env staging` deletes `my-bot-staging`, never production;
 * - its secret set is `A-E-secrets`, never production's set: a `secret_set` read from
 *   `pcc-deploy.toml` belongs to production and is ignored; `--secrets/-s` or a set name given on
 *   the command line is used as given;
 * - `E` = `production` addresses `A` and its own set, as if `--env` were not given.
 */
import type { Options } from 'yargs';
import { UserError } from '../errors.js';
import { setNameProblem } from '../secrets/rules.js';
import { agentNameProblem } from './preflight.js';

/** The environment that is the project itself (docs: reserved, "the same as naming the project"). */
export const PRODUCTION = 'production';

/** An environment name: a DNS-label fragment (lowercase letters, digits, `-` inside). */
const ENV_RE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Parsed value of {@link environmentOptionSpec}. */
export interface EnvironmentArgs {
  env?: string;
}

/**
 * The yargs option `--env E` (for a command definition's `options`).
 *
 * @param what what the environment selects, for `--help`
 */
export function environmentOptionSpec(what = 'agent AGENT-E and its secret set AGENT-E-secrets'): Options {
  return { type: 'string', requiresArg: true, describe: `Environment E of the agent: the ${what} (production: the agent itself)` };
}

/**
 * The check (a command definition's `check`) of a command whose argument `name` may be left out
 * with `--env` (the environment names it): without either, yargs' usage error (exit 2) with the
 * command's usage line.
 *
 * @param name the positional argument
 * @param message what to say, e.g. `name the agent`
 * @returns true, or the usage error's message
 */
export function nameOrEnvironment(name: string, message: string): (argv: EnvironmentArgs) => true | string {
  return (a) => (a as Record<string, unknown>)[name] !== undefined || a.env !== undefined || `${message}, or give --env E`;
}

/**
 * The problem with an environment name, or undefined when it is one.
 *
 * @param env the `--env` value as given
 */
export function environmentProblem(env: string): string | undefined {
  if (!ENV_RE.test(env) || env.length > 62)
    return `--env ${JSON.stringify(env)} is not an environment name: use lowercase letters, digits and '-' (not first or last), e.g. staging or pr-7`;
  return undefined;
}

/** What {@link environmentNames} maps: the names known so far and which came from the command line. */
interface EnvironmentInput {
  /** The agent name: the command line's (an argument), else `pcc-deploy.toml`'s `agent_name`. */
  agentName?: string;
  /** The secret set: `--secrets/-s` or a set name argument, else `pcc-deploy.toml`'s `secret_set`. */
  secretSet?: string;
  /** The `--env` value, when given. */
  env?: string;
  /** Which of the names were given on the command line (they win over a derived name). */
  fromCommandLine: { agentName?: boolean; secretSet?: boolean };
}

/** The names a command uses. */
export interface EnvironmentNames {
  /** The environment addressed (`production` included), or undefined without `--env`. */
  environment?: string;
  /** The agent to address, or undefined when no name is known. */
  agentName?: string;
  /** The secret set to use, or undefined when none is known (and none can be derived). */
  secretSet?: string;
  /** True when the agent name, or the set name, is the environment's derived one. */
  derived: { agentName: boolean; secretSet: boolean };
  /** True when the secret set is the one named on the command line. */
  setFromCommandLine: boolean;
}

/**
 * The agent and secret set an `--env` addresses: `A-E` and `A-E-secrets` for the base agent `A`
 * (see the module comment); names given on the command line win, except that an agent name
 * argument is the base `A` unless it already ends in `-E`. Without `--env`, the names as given.
 *
 * @throws UserError (exit 2) naming `--env` when `E` is not an environment name, or when `A-E` is
 *   not a DNS label of at most 63 characters, or `A-E-secrets` not a valid set name (and no set was
 *   named)
 */
export function environmentNames(i: EnvironmentInput): EnvironmentNames {
  const setFromCommandLine = !!i.fromCommandLine.secretSet && i.secretSet !== undefined;
  const asGiven = { agentName: i.agentName, secretSet: i.secretSet, derived: { agentName: false, secretSet: false }, setFromCommandLine };
  if (i.env === undefined) return asGiven;
  const problem = environmentProblem(i.env);
  if (problem) throw new UserError(problem);
  if (i.env === PRODUCTION) return { environment: PRODUCTION, ...asGiven };
  const base = i.agentName;
  if (base === undefined) {
    const secretSet = setFromCommandLine ? i.secretSet : undefined;
    return { environment: i.env, agentName: undefined, secretSet, derived: { agentName: false, secretSet: false }, setFromCommandLine };
  }
  const suffix = `-${i.env}`;
  const agentName = base.endsWith(suffix) && base.length > suffix.length ? base : base + suffix;
  const nameProblem = agentNameProblem(agentName);
  if (nameProblem) throw new UserError(`--env ${i.env}: environment ${i.env} of ${base} would be the agent ${agentName}: ${nameProblem}`);
  if (setFromCommandLine)
    return {
      environment: i.env,
      agentName,
      secretSet: i.secretSet,
      derived: { agentName: agentName !== base, secretSet: false },
      setFromCommandLine,
    };
  const secretSet = `${agentName}-secrets`;
  const setProblem = setNameProblem(secretSet);
  if (setProblem)
    throw new UserError(
      `--env ${i.env}: the secret set of ${agentName} would be ${secretSet}: ${setProblem}; name a set with --secrets/-s`,
    );
  return { environment: i.env, agentName, secretSet, derived: { agentName: agentName !== base, secretSet: true }, setFromCommandLine };
}

/**
 * The line a command prints about what an `--env` addresses, e.g. `environment staging: agent
 * my-bot-staging, secret set my-bot-staging-secrets`; undefined without `--env`.
 *
 * @param n the names of {@link environmentNames}
 * @param parts which names the command uses (default both)
 */
export function environmentLine(
  n: EnvironmentNames,
  parts: { agent?: boolean; set?: boolean } = { agent: true, set: true },
): string | undefined {
  if (n.environment === undefined) return undefined;
  const what: string[] = [];
  if (parts.agent && n.agentName) what.push(`agent ${n.agentName}`);
  if (parts.set && n.secretSet)
    what.push(
      `secret set ${n.secretSet}${n.setFromCommandLine ? ' (named on the command line)' : n.derived.secretSet ? '' : ' (pcc-deploy.toml)'}`,
    );
  if (parts.set && !n.secretSet && parts.agent) what.push('no secret set');
  return `environment ${n.environment}${n.environment === PRODUCTION ? ' (the agent itself)' : ''}: ${what.join(', ')}`;
}
