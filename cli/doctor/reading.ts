/**
 * `pipecat doctor`'s door to the one reader of the server code (`generators/app/code/`): the
 * reading (`readServerCode`), its facts (`codeFacts`), and what pipecat-ai provides
 * (`pipecatData`, the shipped `python/pipecat-data.json`), in the shape the checks ask it.
 */
import type { CodeFacts, CodeReading, EnvNeed, PipecatData } from '../../generators/app/code/types.js';

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

/**
 * Variables pipecat reads itself when the code imports one of its modules, beyond what the
 * catalogue records per transport and service: the Krisp VIVA filter reads its model path and SDK
 * key when self-hosting (Pipecat Cloud provides both), as `generators/app/render/service-parts.ts`
 * documents them in `.env.example`. By the module imported.
 */
export const PIPECAT_MODULE_READS: Readonly<Record<string, readonly { name: string; need: EnvNeed }[]>> = {
  'pipecat.audio.filters.krisp_viva_filter': [
    { name: 'KRISP_VIVA_FILTER_MODEL_PATH', need: 'runner-set' },
    { name: 'KRISP_VIVA_API_KEY', need: 'runner-set' },
  ],
};

/** The facts with the variables of {@link PIPECAT_MODULE_READS} the code's imports bring (when not read already). */
function withModuleReads(facts: CodeFacts): CodeFacts {
  const env = [...facts.env];
  for (const i of facts.reading.imports)
    for (const v of PIPECAT_MODULE_READS[i.module] ?? [])
      if (!env.some((e) => e.name === v.name)) env.push({ name: v.name, need: v.need, readBy: i.module });
  return env.length === facts.env.length ? facts : { ...facts, env };
}

/** A project's code as the reader sees it. */
export interface CodeRead {
  reading: CodeReading;
  facts: CodeFacts;
  data: ProvidedData;
}

/**
 * Import names of the distributions the generator adds beside pipecat-ai (catalogue `packages`,
 * `generators/app/render/context.ts`) whose import name is not their name with `-` as `_`; pipecat's
 * data covers only pipecat-ai's own dependencies.
 */
export const KNOWN_IMPORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  'pipecat-ai-whisker': ['pipecat_whisker'],
  'python-multipart': ['python_multipart', 'multipart'],
};

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
export async function readCode(where: { root: string; serverDir: string; transports?: readonly string[] }): Promise<CodeRead> {
  const [{ readServerCode, pipecatData }, { codeFacts }] = await Promise.all([
    import('../../generators/app/code/reader.js'),
    import('../../generators/app/code/facts.js'),
  ]);
  const data = pipecatData();
  const reading = await readServerCode({ root: where.root, serverDir: where.serverDir });
  const facts = withModuleReads(codeFacts(reading, { transports: where.transports, data }));
  return { reading, facts, data: providedData(data) };
}
