/**
 * `pcc-deploy.toml`: the deploy configuration of a project, read as the official CLI reads it
 * (pipecatcloud `_utils/deploy_utils.py` `load_deploy_config_file`; see docs/deploy.md), parsed with
 * smol-toml, every problem reported at once as `file: key: problem` (exit 2).
 *
 * Keys: `agent_name`, `image`, `build_id`, `image_credentials`, `secret_set`, `region`,
 * `enable_krisp`, `agent_profile`, `websocket_auth`, `max_session_duration`, and the tables
 * `[scaling]` (`min_agents`, `max_agents`; deprecated `min_instances`, `max_instances`),
 * `[krisp_viva]` (`audio_filter`), `[build]` (`context_dir`, `dockerfile`, `[build.exclude]`
 * `patterns`) and `[docker]` (read, unused by deploy). Any other top-level key is an error, as it
 * is for the official reader.
 */
import { FileReadError, readRegularText } from '../../generators/app/files/regular-file.js';
import { UserError } from '../errors.js';

/** The file name the official CLI reads in the current folder. */
export const DEPLOY_CONFIG_FILE = 'pcc-deploy.toml';

/** Krisp VIVA audio filter models (pipecatcloud `constants.KRISP_VIVA_MODELS`). */
const KRISP_VIVA_MODELS = ['tel', 'pro'] as const;

/** A deploy configuration: the file's values, then flags on top (snake_case as in the file). */
export interface DeployConfig {
  agent_name?: string;
  image?: string;
  build_id?: string;
  image_credentials?: string;
  secret_set?: string;
  region?: string;
  enable_krisp?: boolean;
  agent_profile?: string;
  websocket_auth?: string;
  max_session_duration?: number;
  scaling: { min_agents?: number; max_agents?: number };
  krisp_viva: { audio_filter?: string };
  build: { context_dir: string; dockerfile: string; exclude_patterns: string[] };
  docker: Record<string, unknown>;
  /**
   * The `[build]` keys that name a folder or file, when the file sets them: the 1-based line that
   * sets each (undefined when it cannot be told, e.g. a multi-line inline table). The deploy
   * refuses such a value that leads out of the file's folder (`cli/deploy/context-folder.ts`).
   */
  at?: Partial<Record<BuildPathKey, { line?: number }>>;
}

/** The `pcc-deploy.toml` keys that name a path of the build (dotted, as the messages name them). */
export type BuildPathKey = 'build.context_dir' | 'build.dockerfile';

/**
 * The line of each {@link BuildPathKey} in a TOML text: under a `[build]` header, as a dotted key
 * (`build.context_dir = …`), or in an inline `build = { … }` on one line.
 */
function buildKeyLines(text: string): Partial<Record<BuildPathKey, number>> {
  const found: Partial<Record<BuildPathKey, number>> = {};
  let table = '';
  const bare = (k: string) => k.replace(/["'\s]/g, '');
  text.split('\n').forEach((line, i) => {
    const header = /^\s*\[\[?([^\]]+)\]/.exec(line);
    if (header) return void (table = bare(header[1]));
    const kv = /^\s*([^=#]+?)\s*=(.*)$/.exec(line);
    if (!kv) return;
    const key = [table, bare(kv[1])].filter(Boolean).join('.');
    for (const k of ['build.context_dir', 'build.dockerfile'] as const)
      if (found[k] === undefined && (key === k || (key === 'build' && new RegExp(`\\b${k.slice(6)}\\s*=`).test(kv[2])))) found[k] = i + 1;
  });
  return found;
}

/** An empty configuration with the official defaults (`[build]`: context `.`, `Dockerfile`). */
function emptyConfig(): DeployConfig {
  return { scaling: {}, krisp_viva: {}, build: { context_dir: '.', dockerfile: 'Dockerfile', exclude_patterns: [] }, docker: {} };
}

const STRING_KEYS = [
  'agent_name',
  'image',
  'build_id',
  'image_credentials',
  'secret_set',
  'region',
  'agent_profile',
  'websocket_auth',
] as const;
const TABLES = ['scaling', 'krisp_viva', 'build', 'docker'] as const;

/** Problem-collecting readers of TOML values: each returns the value, or records why not. */
function checker(path: string, problems: string[]) {
  const where = (k: string) => `${path}: ${k}`;
  return {
    problems,
    where,
    str(v: unknown, k: string): string | undefined {
      if (typeof v === 'string') return v;
      problems.push(`${where(k)}: must be a string`);
      return undefined;
    },
    int(v: unknown, k: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
      const n = typeof v === 'bigint' ? Number(v) : v;
      if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max) return n;
      problems.push(`${where(k)}: must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` between ${min} and ${max}` : ` >= ${min}`}`);
      return undefined;
    },
    table(v: unknown, k: string): Record<string, unknown> {
      if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) return v as Record<string, unknown>;
      problems.push(`${where(k)}: must be a table ([${k}])`);
      return {};
    },
  };
}

type Checker = ReturnType<typeof checker>;

/** The top-level keys (strings, `enable_krisp`, `max_session_duration`); tables are read apart. */
function readTopLevel(raw: Record<string, unknown>, c: DeployConfig, ck: Checker): void {
  for (const [k, v] of Object.entries(raw)) {
    if ((STRING_KEYS as readonly string[]).includes(k)) {
      (c as unknown as Record<string, unknown>)[k] = ck.str(v, k);
    } else if (k === 'enable_krisp') {
      if (typeof v === 'boolean') c.enable_krisp = v;
      else ck.problems.push(`${ck.where(k)}: must be true or false`);
    } else if (k === 'max_session_duration') {
      c.max_session_duration = ck.int(v, k, 60, 14400);
    } else if (!(TABLES as readonly string[]).includes(k)) {
      ck.problems.push(
        `${ck.where(k)}: unexpected key (known: ${[...STRING_KEYS, 'enable_krisp', 'max_session_duration', ...TABLES].join(', ')})`,
      );
    }
  }
}

/** `[scaling]` (with the official `min_instances`/`max_instances` spellings) and `[krisp_viva]`. */
function readScalingAndKrisp(raw: Record<string, unknown>, c: DeployConfig, ck: Checker): void {
  if (raw.scaling !== undefined) {
    for (const [k, v] of Object.entries(ck.table(raw.scaling, 'scaling'))) {
      const key = k === 'min_instances' ? 'min_agents' : k === 'max_instances' ? 'max_agents' : k;
      if (key === 'min_agents') c.scaling.min_agents = ck.int(v, `scaling.${k}`, 0);
      else if (key === 'max_agents') c.scaling.max_agents = ck.int(v, `scaling.${k}`, 1);
      else ck.problems.push(`${ck.where(`scaling.${k}`)}: unexpected key (known: min_agents, max_agents)`);
    }
  }
  if (raw.krisp_viva !== undefined) {
    for (const [k, v] of Object.entries(ck.table(raw.krisp_viva, 'krisp_viva'))) {
      if (k !== 'audio_filter') ck.problems.push(`${ck.where(`krisp_viva.${k}`)}: unexpected key (known: audio_filter)`);
      else {
        const f = ck.str(v, 'krisp_viva.audio_filter');
        if (f !== undefined && !(KRISP_VIVA_MODELS as readonly string[]).includes(f))
          ck.problems.push(`${ck.where('krisp_viva.audio_filter')}: must be one of ${KRISP_VIVA_MODELS.join(', ')} (got "${f}")`);
        else c.krisp_viva.audio_filter = f;
      }
    }
  }
}

/** `[build]` (context folder, Dockerfile, `[build.exclude] patterns`) and `[docker]`. */
function readBuildAndDocker(raw: Record<string, unknown>, c: DeployConfig, ck: Checker): void {
  if (raw.build !== undefined) {
    for (const [k, v] of Object.entries(ck.table(raw.build, 'build'))) {
      if (k === 'context_dir') c.build.context_dir = ck.str(v, 'build.context_dir') ?? '.';
      else if (k === 'dockerfile') c.build.dockerfile = ck.str(v, 'build.dockerfile') ?? 'Dockerfile';
      if (k === 'context_dir' || k === 'dockerfile') c.at = { ...c.at, [`build.${k}`]: {} };
      else if (k === 'exclude') {
        const p = ck.table(v, 'build.exclude').patterns;
        if (p !== undefined && !(Array.isArray(p) && p.every((x) => typeof x === 'string')))
          ck.problems.push(`${ck.where('build.exclude.patterns')}: must be a list of strings`);
        else c.build.exclude_patterns = (p as string[] | undefined) ?? [];
      } else ck.problems.push(`${ck.where(`build.${k}`)}: unexpected key (known: context_dir, dockerfile, exclude)`);
    }
  }
  if (raw.docker !== undefined) c.docker = ck.table(raw.docker, 'docker');
}

/**
 * Read a deploy configuration file.
 *
 * @param path the file (`--config-file`, `PIPECAT_DEPLOY_CONFIG_PATH`, else `pcc-deploy.toml`)
 * @param required true when the user named the file (a missing one is then an error)
 * @returns the configuration, or an empty one when the file does not exist and was not required
 * @throws UserError (exit 2) listing every problem as `path: key: problem`, or `path:line:col` for TOML syntax
 */
export async function readDeployConfig(path: string, required = false): Promise<{ config: DeployConfig; found: boolean }> {
  let text: string;
  try {
    text = readRegularText(path, { label: `the deploy config ${path}` });
  } catch (err) {
    if (err instanceof FileReadError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !required) return { config: emptyConfig(), found: false };
    throw new UserError(`cannot read the deploy config ${path}: ${(err as Error).message}`);
  }
  const { parse, TomlError } = await import('smol-toml');
  let raw: Record<string, unknown>;
  try {
    raw = parse(text) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof TomlError) throw new UserError(`${path}:${err.line}:${err.column}: not valid TOML: ${err.message.split('\n')[0]}`);
    throw err;
  }
  const ck = checker(path, []);
  const c = emptyConfig();
  readTopLevel(raw, c, ck);
  readScalingAndKrisp(raw, c, ck);
  readBuildAndDocker(raw, c, ck);
  const problems = ck.problems;
  const { min_agents: min, max_agents: max } = c.scaling;
  if (min !== undefined && max !== undefined && max < min)
    problems.push(`${ck.where('scaling.max_agents')}: must be >= min_agents (${min})`);
  if (c.image !== undefined && c.build_id !== undefined) problems.push(`${path}: give image or build_id, not both`);
  if (c.image !== undefined && !c.image.includes(':')) problems.push(`${ck.where('image')}: must include a tag, e.g. my-image:latest`);
  if (problems.length) throw new UserError(`invalid deploy config ${path}`, problems);
  if (c.at) {
    const lines = buildKeyLines(text);
    for (const k of Object.keys(c.at) as BuildPathKey[]) c.at[k] = { line: lines[k] };
  }
  return { config: c, found: true };
}
