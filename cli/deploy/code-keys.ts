/**
 * The keys a deployed bot needs from its secret set, read from the server code (the one reader,
 * `generators/app/code/reader.ts`, Python's `ast`), not from `.env.example`: a variable the code
 * (or pipecat for its transports and services) requires, except those only the local runner needs
 * (Pipecat Cloud supplies them) and those the runner or the platform sets. A server file that
 * still holds conflict markers or does not parse is a problem of its own (`file:line`): the code
 * that would be deployed cannot run.
 * `.env.example` is not the source because an update or a hand edit can leave it out of step
 * with the code, and a deploy that passes its preflight must not fail at the first session.
 */
import { FileReadError, readRegularText } from '../../generators/app/files/regular-file.js';
import { join, relative } from 'node:path';
import { YO_RC_FILE, YO_RC_NAMESPACE } from '../../generators/app/config/yo-rc.js';
import { nearestProjectRoot } from './project.js';

/** What the code says the secret set must hold. */
export interface CodeKeys {
  /** Keys the deployed bot requires, in first-read order; empty when there is no server code. */
  required: string[];
  /** One line per server file that cannot be deployed: conflict markers or a syntax error, `file:line`. */
  problems: string[];
}

/** The transports `.yo-rc.json` records (so the variables pipecat reads for them count), or none. */
function recordedTransports(root: string): string[] | undefined {
  try {
    const doc = JSON.parse(readRegularText(join(root, YO_RC_FILE))) as Record<string, { transports?: unknown } | undefined>;
    const t = doc?.[YO_RC_NAMESPACE]?.transports;
    return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : undefined;
  } catch (err) {
    if (err instanceof FileReadError) throw err;
    return undefined;
  }
}

/**
 * Read the deploy folder's server code.
 *
 * @param dir the deploy folder (a generated project's `server/`, or a folder holding `pcc-deploy.toml`)
 * @returns the keys the secret set must hold and the files that cannot be deployed
 * @throws PythonNotFoundError (exit 2) when no Python can read the code; CodeReadError (exit 1)
 *   when the reader fails
 */
export async function codeKeys(dir: string): Promise<CodeKeys> {
  const root = nearestProjectRoot(dir) ?? dir;
  const serverDir = relative(root, dir) || '.';
  const [{ readServerCode }, { codeFacts }, { currentTransportName }] = await Promise.all([
    import('../../generators/app/code/reader.js'),
    import('../../generators/app/code/facts.js'),
    import('../../generators/app/catalogue/catalogue.js'),
  ]);
  const reading = await readServerCode({ root, serverDir });
  const problems: string[] = [];
  for (const f of reading.files) {
    if (f.markers?.length)
      problems.push(`${f.path}:${f.markers[0]}: conflict markers (<<<<<<< … >>>>>>>) not resolved: resolve them before deploying`);
    else if (f.error) problems.push(`${f.path}:${f.error.line}: does not parse (${f.error.message})`);
  }
  const transports = recordedTransports(root)?.map(currentTransportName);
  const facts = codeFacts(reading, transports ? { transports } : {});
  return { required: facts.env.filter((v) => v.need === 'required').map((v) => v.name), problems };
}
