/**
 * `pipecat doctor`'s deploy checks, offline: what `pipecat cloud deploy` would refuse in
 * `pcc-deploy.toml`, the Dockerfile and `.dockerignore` before any request, by the deploy's own
 * rules (`cli/deploy/config.ts` `readDeployConfig`, `cli/deploy/preflight.ts` `agentNameProblem`,
 * `cli/deploy/context.ts` `isDotenvFile` and its `.dockerignore` matcher), and a `.dockerignore`
 * that would send `.env` to a `docker build`. Only for a project with a `pcc-deploy.toml`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readDeployConfig, type DeployConfig } from '../deploy/config.js';
import { dockerignoreRules, isDotenvFile } from '../deploy/context.js';
import { agentNameProblem } from '../deploy/preflight.js';
import { UserError } from '../errors.js';
import type { Finding } from './types.js';
import { SERVER_FILES, serverPath, type DoctorProject } from './project.js';

/** The lines `--fix` adds to a `.dockerignore` that would send `.env` (as generated projects have them). */
const ENV_IGNORES = ['.env', '.env.*', '!.env.example'];

/** `deploy-config`: the file's problems as `pipecat cloud deploy` words them, or its configuration. */
async function readConfig(p: DoctorProject, file: string): Promise<{ config?: DeployConfig; findings: Finding[] }> {
  try {
    return { config: (await readDeployConfig(join(p.root, file), true)).config, findings: [] };
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    const lines = err.problems.length ? err.problems : [err.message];
    return {
      findings: lines.map((problem) => {
        const at = /:(\d+):\d+: /.exec(problem);
        return {
          check: 'deploy-config',
          message: problem.replace(`${join(p.root, file)}`, file),
          where: { path: file, line: at ? Number(at[1]) : undefined },
          fix: `correct ${file} (see docs/deploy.md for its keys)`,
        };
      }),
    };
  }
}

/** The 1-based line of a top-level `key = ` of a TOML text, or undefined. */
function keyLine(text: string | undefined, key: string): number | undefined {
  const i = (text ?? '').split('\n').findIndex((l) => new RegExp(`^\\s*${key}\\s*=`).test(l));
  return i < 0 ? undefined : i + 1;
}

/** `agent-name`: no name, or one the platform refuses. */
function agentFindings(p: DoctorProject, c: DeployConfig, file: string): Finding[] {
  if (c.agent_name === undefined)
    return [
      {
        check: 'agent-name',
        message: `${file} has no agent_name: pipecat cloud deploy needs the agent's name`,
        where: { path: file },
        fix: `add agent_name = "my-bot" to ${file}`,
      },
    ];
  const problem = agentNameProblem(c.agent_name);
  const where = { path: file, line: keyLine(p.text.deployConfig, 'agent_name') };
  return problem ? [{ check: 'agent-name', message: `${file}: ${problem}`, where, fix: `rename it in ${file}` }] : [];
}

/** `dockerfile-missing`: a Cloud Build (no image, no build id) without its Dockerfile in the build context. */
function dockerfileFindings(p: DoctorProject, c: DeployConfig, file: string): Finding[] {
  if (c.image !== undefined || c.build_id !== undefined) return [];
  const server = join(p.root, p.serverDir);
  const where = serverPath(p, join(c.build.context_dir, c.build.dockerfile).replace(/\\/g, '/'));
  if (isDotenvFile(c.build.dockerfile))
    return [
      {
        check: 'dockerfile-missing',
        message: `the Dockerfile path ${c.build.dockerfile} names a dotenv file`,
        where: { path: file },
        fix: `name the Dockerfile in [build] dockerfile of ${file}`,
      },
    ];
  if (existsSync(join(server, c.build.context_dir, c.build.dockerfile))) return [];
  return [
    {
      check: 'dockerfile-missing',
      message: `no Dockerfile at ${where}: Pipecat Cloud builds the image from it (${file} names no image)`,
      where: { path: where },
      fix: `add ${where}, or set image = "registry/name:tag" in ${file}`,
    },
  ];
}

/**
 * `build-context-outside`: a `[build] context_dir` leading out of the deploy file's folder, or a
 * Dockerfile outside the context or not a regular file: what `pipecat cloud deploy` refuses
 * (`cli/deploy/context-folder.ts`), as deploy words it.
 */
async function contextFindings(p: DoctorProject, c: DeployConfig, file: string): Promise<Finding[]> {
  if (c.image !== undefined || c.build_id !== undefined) return [];
  const { chooseBuildContext } = await import('../deploy/context-folder.js');
  const configPath = join(p.root, file);
  try {
    await chooseBuildContext({ baseDir: join(p.root, p.serverDir), configPath, found: true, config: c });
    return [];
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    const key = /\[build\] (context_dir|dockerfile)/.exec(err.message)?.[1] as 'context_dir' | 'dockerfile' | undefined;
    return [
      {
        check: 'build-context-outside',
        message: err.message.split(configPath).join(file),
        where: { path: file, line: key ? c.at?.[`build.${key}`]?.line : undefined },
        fix: `name a folder inside the project in ${file}, or pass the folder to pipecat cloud deploy --build-dir`,
      },
    ];
  }
}

/** `dockerignore-env`: `.env` not excluded by the build context's `.dockerignore` (or no `.dockerignore` beside a Dockerfile). */
async function dockerignoreFindings(p: DoctorProject, c: DeployConfig): Promise<Finding[]> {
  if (c.build.context_dir !== '.' || p.text.dockerfile === undefined) return [];
  const file = serverPath(p, SERVER_FILES.dockerignore);
  const text = p.text.dockerignore;
  if (text !== undefined && (await dockerignoreRules(text)).m.ignores('.env')) return [];
  const eol = text?.includes('\r\n') ? '\r\n' : '\n';
  return [
    {
      check: 'dockerignore-env',
      message:
        text === undefined
          ? `there is no ${file}: docker build sends .env (your secrets) into the image`
          : `${file} does not exclude .env: docker build would send your secrets into the image`,
      where: { path: file },
      fix: `add ${ENV_IGNORES.join(', ')} to ${file} (pipecat doctor --fix does)`,
      repair: {
        path: file,
        describe: `add ${ENV_IGNORES.join(' ')} to ${file}`,
        apply: (t) => `${t}${t === '' || t.endsWith('\n') ? '' : eol}${ENV_IGNORES.join(eol)}${eol}`,
      },
    },
  ];
}

/** `secret-set-unnamed`: the deployed bot needs keys but no secret set is named. */
function secretSetFindings(p: DoctorProject, c: DeployConfig, file: string): Finding[] {
  if (c.secret_set !== undefined) return [];
  const needed = p.facts.env.filter((v) => v.need === 'required').map((v) => v.name);
  if (!needed.length) return [];
  return [
    {
      check: 'secret-set-unnamed',
      message: `${file} names no secret_set, but the deployed bot needs ${needed.join(', ')}`,
      where: { path: file },
      fix: `create one (pipecat cloud secrets set my-bot-secrets --file .env) and add secret_set = "my-bot-secrets" to ${file}`,
    },
  ];
}

/**
 * The offline deploy checks of a project with a `pcc-deploy.toml`.
 *
 * @param p the project
 * @returns findings `deploy-config`, `agent-name`, `build-context-outside`, `dockerfile-missing`, `dockerignore-env`, `secret-set-unnamed`
 */
export async function deployChecks(p: DoctorProject): Promise<Finding[]> {
  if (p.text.deployConfig === undefined) return [];
  const file = serverPath(p, SERVER_FILES.deployConfig);
  const { config, findings } = await readConfig(p, file);
  if (!config) return findings;
  return [
    ...agentFindings(p, config, file),
    ...(await contextFindings(p, config, file)),
    ...dockerfileFindings(p, config, file),
    ...(await dockerignoreFindings(p, config)),
    ...secretSetFindings(p, config, file),
  ];
}
