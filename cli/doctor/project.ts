/**
 * What `pipecat doctor` reads once: where the project is, its server folder, `.yo-rc.json`, the
 * reading of its server code and what follows from it, and the text of the files the checks compare
 * with the code. Every check module (`cli/doctor/*.ts`) receives this {@link DoctorProject} and
 * reads nothing else from disk.
 *
 * The project is found as `pipecat update` finds it (`generators/app/update/update.ts`
 * `findProjectRoot`, Yeoman's rule), then, for a project we did not generate, the nearest folder
 * holding `pcc-deploy.toml` or a `pyproject.toml` that depends on pipecat-ai (issue: "a project,
 * generated or not"). `.env` is read only to know which keys are present and which are empty: its
 * values are dropped at once and never kept nor printed.
 */
import { existsSync, lstatSync, statSync } from 'node:fs';
import { FileReadError, readRegularTextIfExists } from '../../generators/app/files/regular-file.js';
import { dirname, join, resolve } from 'node:path';
import { currentTransportName } from '../../generators/app/catalogue/transports.js';
import { YO_RC_FILE, YO_RC_NAMESPACE } from '../../generators/app/config/yo-rc.js';
import type { CodeFacts, CodeReading } from '../../generators/app/code/types.js';
import type { HeadStart } from '../../generators/app/code/python.js';
import { DEPLOY_CONFIG_FILE } from '../deploy/config.js';
import { SERVER_FOLDER } from '../deploy/project.js';
import { UserError } from '../errors.js';
import { scanDotenv } from '../secrets/dotenv.js';
import { readCode, type ProvidedData } from './reading.js';

/** The files of the server folder the checks read, by their name there. */
export const SERVER_FILES = {
  envExample: '.env.example',
  env: '.env',
  pyproject: 'pyproject.toml',
  deployConfig: DEPLOY_CONFIG_FILE,
  dockerfile: 'Dockerfile',
  dockerignore: '.dockerignore',
} as const;

/** Which keys a `.env` holds, and which of them are empty: names only, never values. */
interface DotenvKeys {
  readonly present: ReadonlySet<string>;
  readonly empty: ReadonlySet<string>;
  /** 1-based line of each key's (last) entry. */
  readonly lines: ReadonlyMap<string, number>;
}

/** Everything the checks need about one project, read once. */
export interface DoctorProject {
  /** Absolute project root (the folder holding `.yo-rc.json`, or the server folder of a project we did not generate). */
  readonly root: string;
  /** Project-relative server folder (`server`), or `''` when the server is the root. */
  readonly serverDir: string;
  /** The configuration under `generator-pipecat` in `.yo-rc.json`, when the project is ours. */
  readonly config?: Readonly<Record<string, unknown>>;
  readonly reading: CodeReading;
  readonly facts: CodeFacts;
  /** pipecat-ai's own dependencies and extras, and the names packages are imported by. */
  readonly data: ProvidedData;
  /** Text of each server file by its key in {@link SERVER_FILES} (absent: no such file); `.env` is never here. */
  readonly text: Readonly<Partial<Record<Exclude<keyof typeof SERVER_FILES, 'env'>, string>>>;
  /** `.env`'s keys, when the server folder has one. */
  readonly dotenv?: DotenvKeys;
  /** Text of `client/package.json`, when the project has a client. */
  readonly clientPackage?: string;
}

/**
 * The project-relative path of a file of the server folder.
 *
 * @param p the project
 * @param name the file's name in the server folder (`.env.example`)
 */
export function serverPath(p: Pick<DoctorProject, 'serverDir'>, name: string): string {
  return p.serverDir ? `${p.serverDir}/${name}` : name;
}

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * A file's text (the one reader of user-named files: a FIFO, device or folder, or a file over
 * 64 MiB, ends the doctor with exit 2 naming it), or undefined when it is missing or unreadable.
 */
function readText(path: string): string | undefined {
  try {
    return readRegularTextIfExists(path);
  } catch (err) {
    if (err instanceof FileReadError) throw err;
    return undefined;
  }
}

/** The `generator-pipecat` configuration of a folder's `.yo-rc.json`, or undefined when it holds none of ours. */
function ourConfig(dir: string): Record<string, unknown> | undefined {
  const text = readText(join(dir, YO_RC_FILE));
  if (text === undefined) return undefined;
  try {
    const doc = JSON.parse(text) as Record<string, unknown>;
    const c = doc?.[YO_RC_NAMESPACE];
    return c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** True when a `pyproject.toml` lists pipecat-ai among `[project] dependencies` (read with smol-toml). */
async function dependsOnPipecat(dir: string): Promise<boolean> {
  const text = readText(join(dir, 'pyproject.toml'));
  if (text === undefined) return false;
  const { dependencyNames } = await import('./pyproject.js');
  return dependencyNames(text).includes('pipecat-ai');
}

/** Where a project is: its root and server folder, and its `.yo-rc.json` configuration when ours. */
interface ProjectPlace {
  root: string;
  serverDir: string;
  config?: Record<string, unknown>;
}

/**
 * Find the project holding `from`: the nearest folder at or above with our `.yo-rc.json`, else the
 * nearest with `pcc-deploy.toml` or a `pyproject.toml` depending on pipecat-ai (then that folder is
 * the root and the server folder).
 *
 * @param dir the folder given (`[DIR]`), or undefined for `cwd`
 * @param cwd where the command runs
 * @throws UserError (exit 2) when `dir` is not a folder, or no project is found (saying what was looked for)
 */
export async function findDoctorProject(dir: string | undefined, cwd: string): Promise<ProjectPlace> {
  const start = resolve(cwd, dir ?? '.');
  if (!existsSync(start)) throw new UserError(`${start} does not exist (DIR: the project folder, or any folder inside it)`);
  if (!statSync(start).isDirectory()) throw new UserError(`${start} is not a folder (DIR: the project folder, or any folder inside it)`);
  const ups: string[] = [];
  for (let d = start; ; d = dirname(d)) {
    ups.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of ups) {
    const config = ourConfig(d);
    if (config) return { root: d, serverDir: existsSync(join(d, SERVER_FOLDER)) ? SERVER_FOLDER : '', config };
  }
  for (const d of ups) {
    if (isFile(join(d, DEPLOY_CONFIG_FILE)) || (await dependsOnPipecat(d))) return { root: d, serverDir: '' };
  }
  throw new UserError(
    `no Pipecat project in ${start} or above: looked for ${YO_RC_FILE} (a project made by pipecat init), ` +
      `${DEPLOY_CONFIG_FILE}, or a pyproject.toml depending on pipecat-ai`,
  );
}

/** `.env`'s key names, which are empty, and their lines; the values are dropped here. */
function dotenvKeys(text: string): DotenvKeys {
  const { entries } = scanDotenv(text, '.env');
  return {
    present: new Set(entries.map((e) => e.key)),
    empty: new Set(entries.filter((e) => e.value.trim() === '').map((e) => e.key)),
    lines: new Map(entries.map((e) => [e.key, e.line])),
  };
}

/**
 * Read a found project once: the server code (through the one reader), its facts, and the files.
 *
 * @param place what {@link findDoctorProject} found
 * @param files server code to read in place of the files on disk, by project-relative path (the
 *   code as `--fix`'s repairs leave it, before anything is written)
 * @param headStart the reader started at the binary's entry for this place (used only if it matches)
 * @throws PythonNotFoundError (exit 2) when no Python can run the reader
 */
export async function readDoctorProject(
  place: ProjectPlace,
  files?: Readonly<Record<string, string>>,
  headStart?: HeadStart,
): Promise<DoctorProject> {
  const recorded = place.config?.transports;
  const transports = Array.isArray(recorded)
    ? recorded.filter((t): t is string => typeof t === 'string').map(currentTransportName)
    : undefined;
  // Started first: the files below are read while Python starts.
  const code = readCode({ root: place.root, serverDir: place.serverDir, transports, files, headStart });
  code.catch(() => undefined);
  const server = join(place.root, place.serverDir);
  const text: Partial<Record<Exclude<keyof typeof SERVER_FILES, 'env'>, string>> = {};
  for (const [key, name] of Object.entries(SERVER_FILES)) {
    if (key === 'env') continue;
    const t = readText(join(server, name));
    if (t !== undefined) text[key as Exclude<keyof typeof SERVER_FILES, 'env'>] = t;
  }
  const envText = readText(join(server, SERVER_FILES.env));
  const { reading, facts, data } = await code;
  return {
    root: place.root,
    serverDir: place.serverDir,
    config: place.config,
    reading,
    facts,
    data,
    text,
    dotenv: envText === undefined ? undefined : dotenvKeys(envText),
    clientPackage: readText(join(place.root, 'client', 'package.json')),
  };
}
