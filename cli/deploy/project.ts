/**
 * The generated project around a cloud command: its root (the folder holding `.yo-rc.json`), the
 * `server/` folder `pcc-deploy.toml` lives in, and the keys Pipecat Cloud supplies to the
 * transports the project records. `pipecat cloud deploy` and `pipecat cloud secrets set --file`
 * read them so that they also work from the project root (see docs/deploy.md, "Where it runs").
 *
 * The root is found as `pipecat update` finds it (`generators/app/update/update.ts`
 * `findProjectRoot`, Yeoman's rule): the nearest folder at or above the current one that holds
 * `.yo-rc.json`. Nothing here writes.
 */
import { existsSync, lstatSync } from 'node:fs';
import { FileReadError, readRegularText } from '../../generators/app/files/regular-file.js';
import { dirname, join, resolve } from 'node:path';
import { YO_RC_FILE, YO_RC_NAMESPACE } from '../../generators/app/config/yo-rc.js';
import { DEPLOY_CONFIG_FILE, readDeployConfig } from './config.js';

/** The folder of a generated project that holds `bot.py`, `pcc-deploy.toml` and `.env`. */
export const SERVER_FOLDER = 'server';

/** True when `path` is a regular file (no link followed at the last step). */
function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The nearest folder at or above `from` holding `.yo-rc.json`, or undefined.
 *
 * @param from an absolute or relative folder (resolved against the current folder)
 */
export function nearestProjectRoot(from: string): string | undefined {
  for (let d = resolve(from); ; d = dirname(d)) {
    if (isFile(join(d, YO_RC_FILE))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** Where a deploy works: the folder and whether it is the project's `server/` found from elsewhere. */
interface DeployFolder {
  /** Absolute folder holding `pcc-deploy.toml` (or `cwd` when none was found). */
  dir: string;
  /** True when `dir` is the project's `server/` and not `cwd`. */
  moved: boolean;
  /** True when a `pcc-deploy.toml` is in `dir`. */
  found: boolean;
}

/**
 * The folder a deploy reads `pcc-deploy.toml` from: `cwd` when it holds one; else the `server/`
 * folder of the project `cwd` is in, when that holds one; else `cwd` (`found: false`).
 *
 * @param cwd where the command runs
 */
export function deployFolder(cwd: string): DeployFolder {
  const here = resolve(cwd);
  if (isFile(join(here, DEPLOY_CONFIG_FILE))) return { dir: here, moved: false, found: true };
  const root = nearestProjectRoot(here);
  const server = root === undefined ? undefined : join(root, SERVER_FOLDER);
  if (server !== undefined && server !== here && isFile(join(server, DEPLOY_CONFIG_FILE))) return { dir: server, moved: true, found: true };
  return { dir: here, moved: false, found: false };
}

/**
 * A relative file path the user gave, found in the project's `server/` when it is not in `cwd`
 * (e.g. `--file .env` run from the project root).
 *
 * @param path the path as given (`-` and absolute paths are returned unchanged)
 * @param cwd where the command runs
 * @returns the path to read, and the `server/` folder when it was found there
 */
export function fileInServer(path: string, cwd: string): { path: string; server?: string } {
  if (path === '-' || resolve(path) === path || existsSync(resolve(cwd, path))) return { path };
  const root = nearestProjectRoot(cwd);
  if (root === undefined) return { path };
  const server = join(root, SERVER_FOLDER);
  const inServer = join(server, path);
  if (resolve(cwd) === server || !existsSync(inServer)) return { path };
  return { path: inServer, server };
}

/** What {@link platformSuppliedKeys} found. */
interface SuppliedKeys {
  /** Variable names Pipecat Cloud supplies, in catalogue order, without repeats. */
  keys: string[];
  /** For each, the transports (ids) that make the platform supply it. */
  by: Record<string, string[]>;
}

/**
 * The keys Pipecat Cloud supplies to this project's agent: the `cloudSupplies` of the transports
 * the project's `.yo-rc.json` records (`generators/app/catalogue/transports.ts`; seed ids read as
 * today's), except a key another of those transports needs on the platform (in its `env`, not in
 * its `cloudSupplies`: a Daily dial-out bot places calls with `DAILY_API_KEY` from its secret set). Undefined when `dir` is in no generated project or its `.yo-rc.json` cannot be read:
 * then nothing is left out.
 *
 * @param dir the deploy folder (a project's `server/`, or any folder inside the project)
 */
export async function platformSuppliedKeys(dir: string): Promise<SuppliedKeys | undefined> {
  const root = nearestProjectRoot(dir);
  if (root === undefined) return undefined;
  let transports: unknown;
  try {
    const doc = JSON.parse(readRegularText(join(root, YO_RC_FILE))) as Record<string, { transports?: unknown } | undefined>;
    transports = doc?.[YO_RC_NAMESPACE]?.transports;
  } catch (err) {
    if (err instanceof FileReadError) throw err;
    return undefined;
  }
  if (!Array.isArray(transports)) return undefined;
  const { TRANSPORTS, currentTransportName } = await import('../../generators/app/catalogue/transports.js');
  const ids = transports.filter((t): t is string => typeof t === 'string').map(currentTransportName);
  const by: Record<string, string[]> = {};
  const needed = new Set<string>();
  for (const t of TRANSPORTS) {
    if (!ids.includes(t.id)) continue;
    const supplied: readonly string[] = (t as { cloudSupplies?: readonly string[] }).cloudSupplies ?? [];
    for (const key of supplied) (by[key] ??= []).push(t.id);
    for (const v of t.env) if (!supplied.includes(v.name)) needed.add(v.name);
  }
  // A key another transport of the project reads itself on the platform stays required.
  for (const key of needed) delete by[key];
  return { keys: Object.keys(by), by };
}

/**
 * The names `pcc-deploy.toml` gives (`agent_name`, `secret_set`), read from the {@link deployFolder}
 * of `cwd`; none when no file is found there. For the commands whose `--env` needs the agent's name.
 *
 * @param cwd where the command runs
 * @throws UserError (exit 2) when the file is not valid (as `pipecat cloud deploy` reports it)
 */
export async function configuredNames(cwd: string): Promise<DeployFolder & { agentName?: string; secretSet?: string }> {
  const folder = deployFolder(cwd);
  if (!folder.found) return folder;
  const { config } = await readDeployConfig(join(folder.dir, DEPLOY_CONFIG_FILE));
  return { ...folder, agentName: config.agent_name, secretSet: config.secret_set };
}
