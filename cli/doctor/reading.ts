/**
 * `pipecat doctor`'s door to the one reader of the server code (`generators/app/code/`): the
 * reading (`readServerCode`), its facts (`codeFacts`), and what pipecat-ai provides
 * (`pipecatData`, the shipped `python/pipecat-data.json`), in the shape the checks ask it.
 */
import type { CodeFacts, CodeReading, PipecatData } from '../../generators/app/code/types.js';
import type { HeadStart } from '../../generators/app/code/python.js';

/** What pipecat-ai provides, and the names distributions are imported by. */
export interface ProvidedData {
  /** pipecat-ai's own dependencies (normalised distribution names). */
  readonly coreDeps: readonly string[];
  /** The extras pipecat-ai declares. */
  readonly extras: readonly string[];
  /** The extras an extra of pipecat-ai installs through its own self-references, transitively (`tavus` → `daily`). */
  includes(extra: string): readonly string[];
  /** The distributions an extra of pipecat-ai brings (empty for an unknown extra). */
  extraDeps(extra: string): readonly string[];
  /** The extras a pipecat module needs (empty: none). */
  moduleExtras(module: string): readonly string[];
  /** The modules a distribution is imported by (dotted for namespace packages; else its name with `-` as `_`). */
  importNames(dist: string): readonly string[];
}

/** A project's code as the reader sees it. */
interface CodeRead {
  reading: CodeReading;
  facts: CodeFacts;
  data: ProvidedData;
}

/**
 * Import names of the distributions the generator adds beside pipecat-ai (catalogue `packages`,
 * `generators/app/render/context.ts`) whose import name is not their name with `-` as `_`; pipecat's
 * data covers only pipecat-ai's own dependencies.
 */
const KNOWN_IMPORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  'pipecat-ai-whisker': ['pipecat_whisker'],
  'python-multipart': ['python_multipart', 'multipart'],
};

/**
 * {@link ProvidedData} over the shipped pipecat data.
 *
 * @param d pipecat's data (`pipecatData()`)
 */
function providedData(d: PipecatData): ProvidedData {
  return {
    coreDeps: d.core,
    extras: Object.keys(d.extras),
    includes: (extra) => {
      const found = new Set<string>();
      const walk = (e: string): void => {
        for (const inner of d.extraIncludes?.[e] ?? []) {
          if (found.has(inner) || inner === extra) continue;
          found.add(inner);
          walk(inner);
        }
      };
      walk(extra);
      return [...found];
    },
    extraDeps: (extra) => d.extras[extra] ?? [],
    moduleExtras: (module) => d.moduleExtras[module] ?? [],
    importNames: (dist) => d.importNames[dist] ?? KNOWN_IMPORT_NAMES[dist] ?? [dist.replace(/-/g, '_')],
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
export async function readCode(where: {
  root: string;
  serverDir: string;
  transports?: readonly string[];
  /** Contents to read in place of the files on disk, by project-relative path (`--fix`'s repaired code). */
  files?: Readonly<Record<string, string>>;
  /** The reader started at the binary's entry (`cli/doctor/head-start.ts`), if any. */
  headStart?: HeadStart;
}): Promise<CodeRead> {
  const { readServerCode, pipecatData } = await import('../../generators/app/code/reader.js');
  // Python starts first: its start-up (a pyenv shim alone takes a third of a second) runs while
  // this process loads the facts' modules and pipecat's data.
  const reading = readServerCode({ root: where.root, serverDir: where.serverDir, files: where.files, headStart: where.headStart });
  reading.catch(() => undefined);
  const { codeFacts } = await import('../../generators/app/code/facts.js');
  const data = pipecatData();
  const facts = codeFacts(await reading, { transports: where.transports, data });
  return { reading: facts.reading, facts, data: providedData(data) };
}
