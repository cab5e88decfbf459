/**
 * `pipecat doctor`'s door to the one reader of the server code (`generators/app/code/`): the
 * reading (`readServerCode`), its facts (`codeFacts`), and what pipecat-ai provides
 * (`pipecatData`, the shipped `python/pipecat-data.json`), in the shape the checks ask it.
 */
import type { CodeFacts, CodeReading, PipecatData } from '../../generators/app/code/types.js';

/** What pipecat-ai provides, and the names distributions are imported by. */
export interface ProvidedData {
  /** pipecat-ai's own dependencies (normalised distribution names). */
  readonly coreDeps: readonly string[];
  /** The extras pipecat-ai declares. */
  readonly extras: readonly string[];
  /** The distributions an extra of pipecat-ai brings (empty for an unknown extra). */
  extraDeps(extra: string): readonly string[];
  /** The extras a pipecat module needs (empty: none). */
  moduleExtras(module: string): readonly string[];
  /** The modules a distribution is imported by (dotted for namespace packages; else its name with `-` as `_`). */
  importNames(dist: string): readonly string[];
}

/** A project's code as the reader sees it. */
export interface CodeRead {
  reading: CodeReading;
  facts: CodeFacts;
  data: ProvidedData;
}

/**
 * {@link ProvidedData} over the shipped pipecat data.
 *
 * @param d pipecat's data (`pipecatData()`)
 */
export function providedData(d: PipecatData): ProvidedData {
  return {
    coreDeps: d.core,
    extras: Object.keys(d.extras),
    extraDeps: (extra) => d.extras[extra] ?? [],
    moduleExtras: (module) => d.moduleExtras[module] ?? [],
    importNames: (dist) => d.importNames[dist] ?? [dist.replace(/-/g, '_')],
  };
}

/**
 * Read a project's server code, and what follows from it.
 *
 * @param where the project root, its server folder (project-relative, `''` for the root), and the
 *   transports `.yo-rc.json` records (to choose among transports sharing a runner key)
 * @throws PythonNotFoundError (exit 2) when no Python can run the reader; CodeReadError (exit 1)
 *   when the reader fails
 */
export async function readCode(where: { root: string; serverDir: string; transports?: readonly string[] }): Promise<CodeRead> {
  const [{ readServerCode, pipecatData }, { codeFacts }] = await Promise.all([
    import('../../generators/app/code/reader.js'),
    import('../../generators/app/code/facts.js'),
  ]);
  const data = pipecatData();
  const reading = await readServerCode({ root: where.root, serverDir: where.serverDir });
  const facts = codeFacts(reading, { transports: where.transports, data });
  return { reading, facts, data: providedData(data) };
}
