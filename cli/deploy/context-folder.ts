/**
 * Which folder a Cloud Build sends, and which Dockerfile in it: the rules that keep a cloned
 * project's `pcc-deploy.toml` from widening the upload (docs/deploy.md, "Build context").
 *
 * - A `[build] context_dir` from the file that leads out of the folder holding the file (a parent,
 *   an absolute path, or a symbolic link whose target is elsewhere: real paths are compared) is
 *   refused, exit 2, naming the key, its line and the folder it leads to. A folder given on the
 *   command line (`--build-dir`) is the user's choice: taken as given.
 * - The Dockerfile (`--dockerfile` or `[build] dockerfile`) must lie inside the chosen context, real
 *   path inside the context's real path, and be a regular file (a link to one inside is followed);
 *   so a file's `dockerfile` cannot lead out of its folder either, unless `--build-dir` chose a
 *   context elsewhere. A Dockerfile that does not exist is left to the preflight, which names it.
 *
 * The official CLI resolves both against the current folder and builds from wherever they lead,
 * showing the folder only when it asks for confirmation (pipecatcloud `cli/commands/deploy.py`,
 * the Cloud Build flow: `Path(context_dir).resolve()`, `context_dir / dockerfile`, the panel
 * printed `if not auto_yes`).
 */
import { realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isWithin, posixRelative } from '../../generators/app/files/within.js';
import { fileKind } from '../../generators/app/files/regular-file.js';
import { visibleField } from '../../generators/app/output/terminal-safe.js';
import { UserError } from '../errors.js';
import type { BuildPathKey, DeployConfig } from './config.js';

/** What {@link chooseBuildContext} decides from. */
interface ContextRequest {
  /** The folder relative paths of the file resolve against (the deploy folder). */
  baseDir: string;
  /** The deploy config file as the user sees it (named in messages), and whether it was found. */
  configPath: string;
  found: boolean;
  config: DeployConfig;
  /** `--build-dir`, as typed (relative to the current folder). */
  buildDir?: string;
  /** `--dockerfile`, as typed (relative to the context). */
  dockerfile?: string;
}

/** The chosen build context. */
interface ChosenContext {
  /** Absolute real path of the context folder (what is packed and printed). */
  contextDir: string;
  /** The Dockerfile relative to the context, `/`-separated (what the platform is told). */
  dockerfile: string;
}

/** The real path of `p`, or `p` itself when it does not exist (nothing there can be sent). */
async function real(p: string): Promise<string> {
  try {
    return await realpath(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return p;
    throw new UserError(`cannot read ${visibleField(p)}: ${(err as Error).message}`);
  }
}

/** `pcc-deploy.toml:7: [build] context_dir` (the line when it is known). */
function keyName(r: ContextRequest, key: BuildPathKey): string {
  const line = r.config.at?.[key]?.line;
  return `${visibleField(r.configPath)}${line ? `:${line}` : ''}: [build] ${key.slice(6)}`;
}

/** The refusal of a file's key that leads out of the file's folder. */
function outsideError(r: ContextRequest, where: { value: string; target: string; home: string }): UserError {
  return new UserError(
    `${keyName(r, 'build.context_dir')} = "${visibleField(where.value)}" leads to ${visibleField(where.target)}, outside ${visibleField(where.home)} (the folder holding ${visibleField(r.configPath)}): refused, so that a project's deploy file cannot send files from elsewhere`,
    [`to build from there on purpose, give it on the command line: --build-dir accepts a folder outside the project`],
  );
}

/**
 * The context folder and Dockerfile of a Cloud Build, by the rules of the module comment.
 *
 * @returns the context's real path and the Dockerfile relative to it
 * @throws UserError (exit 2) for a file's key leading out of its folder, a Dockerfile outside the
 *   context or one that is not a regular file
 */
export async function chooseBuildContext(r: ContextRequest): Promise<ChosenContext> {
  const c = r.config.build;
  const home = await real(resolve(dirname(resolve(r.configPath))));
  const fromFile = r.found && r.config.at?.['build.context_dir'] !== undefined && r.buildDir === undefined;
  const asGiven = r.buildDir !== undefined ? resolve(r.buildDir) : resolve(r.baseDir, c.context_dir);
  const contextDir = await real(asGiven);
  if (fromFile && !isWithin(home, contextDir)) throw outsideError(r, { value: c.context_dir, target: contextDir, home });
  // Inside the context is inside the file's folder too when the context is the file's choice.
  const dockerfileFromFile = r.dockerfile === undefined && r.config.at?.['build.dockerfile'] !== undefined;
  const given = r.dockerfile ?? c.dockerfile;
  const path = resolve(contextDir, given);
  const target = await real(path);
  const what = dockerfileFromFile ? keyName(r, 'build.dockerfile') : r.dockerfile !== undefined ? '--dockerfile' : 'the Dockerfile';
  // Its kind first: a FIFO or a device is named as such, wherever it lies (stat opens nothing).
  const st = await stat(path).catch(() => undefined);
  if (st && !st.isFile())
    throw new UserError(
      `${what} ${visibleField(given)} (${visibleField(target)}) is ${fileKind(st)}, not a regular file: Cloud Build needs a Dockerfile there`,
    );
  if (!isWithin(contextDir, path) || !isWithin(contextDir, target))
    throw new UserError(
      `${what} ${visibleField(given)} leads to ${visibleField(target)}, outside the build context ${visibleField(contextDir)}: only files in the context are sent, and the Dockerfile must be one of them`,
      [
        'name a Dockerfile inside the build context (--dockerfile is relative to it); to build from another folder on purpose, give it with --build-dir',
      ],
    );
  return { contextDir, dockerfile: posixRelative(contextDir, path) };
}
