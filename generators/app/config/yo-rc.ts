/**
 * `.yo-rc.json`: the generated project remembers how it was made.
 *
 * Yeoman's convention: a project's `.yo-rc.json` holds each generator's settings under the
 * generator's package name. Ours holds the resolved configuration (the config file's keys,
 * canonical ids) and the generator version that wrote it (`generator_version`), so `pipecat init --config <project>/.yo-rc.json` (or the object under the key)
 * regenerates the same project; `readConfigFile` unwraps the namespace.
 */
import type { ProjectConfig } from './types.js';
import { packageInfo } from '../paths.js';

/** File name, at the project root. */
export const YO_RC_FILE = '.yo-rc.json';

/** Key the configuration is stored under: the generator's package name (Yeoman's `rootGeneratorName()`). */
export const YO_RC_NAMESPACE = 'generator-pipecat';

/**
 * Contents of `.yo-rc.json` for a configuration: `{ "generator-pipecat": { ...config, generator_version } }`, two-space
 * JSON with a final newline (keys in the configuration's own order).
 *
 * @param config a resolved configuration
 */
export function yoRcContents(config: ProjectConfig): string {
  return JSON.stringify({ [YO_RC_NAMESPACE]: { ...config, [GENERATOR_VERSION_KEY]: packageInfo().version } }, null, 2) + '\n';
}

/**
 * Key of the generator version inside the namespace (`"generator_version": "0.1.0"`): the version
 * that last wrote the project, so `pipecat update` can migrate ids later. Ignored when the file is
 * read back as a configuration (`OUTPUT_ONLY_KEYS`).
 */
const GENERATOR_VERSION_KEY = 'generator_version';
