/**
 * `pipecat doctor`'s door to the one reader of the server code (`generators/app/code/`): the
 * reading, its facts, and the data on what pipecat-ai provides, in the shapes the checks use.
 */
import type { CodeFacts, CodeReading } from '../../generators/app/code/types.js';

/** What pipecat-ai provides, and the names distributions are imported by. */
export interface ProvidedData {
  /** pipecat-ai's own dependencies (distribution names). */
  readonly coreDeps: readonly string[];
  /** The extras pipecat-ai declares. */
  readonly extras: readonly string[];
  /** The distributions an extra of pipecat-ai brings. */
  extraDeps(extra: string): readonly string[];
  /** The extras a pipecat module needs (empty: none). */
  moduleExtras(module: string): readonly string[];
  /** The top-level modules a distribution is imported by (the data's, else its normalised name). */
  importNames(dist: string): readonly string[];
}

/** A project's code as the reader sees it. */
export interface CodeRead {
  reading: CodeReading;
  facts: CodeFacts;
  data: ProvidedData;
}

/**
 * Read a project's server code.
 *
 * @param where the project root and its server folder (project-relative)
 * @throws PythonNotFoundError (exit 2) when no Python can run the reader
 */
export async function readCode(where: { root: string; serverDir: string }): Promise<CodeRead> {
  void where;
  throw new Error('the server-code reader is not in this build yet');
}
