/**
 * `.yo-rc.json`: the generated project remembers how it was made.
 *
 * Yeoman's convention: a project's `.yo-rc.json` holds each generator's settings under the
 * generator's package name. Ours holds the resolved configuration (the config file's keys,
 * canonical ids), so `pipecat init --config <project>/.yo-rc.json` (or the object under the key)
 * regenerates the same project; `readConfigFile` unwraps the namespace.
 */
import type { ProjectConfig } from './config/types.js';

/** File name, at the project root. */
export const YO_RC_FILE = '.yo-rc.json';

/** Key the configuration is stored under: the generator's package name (Yeoman's `rootGeneratorName()`). */
export const YO_RC_NAMESPACE = 'generator-pipecat';

/**
 * Contents of `.yo-rc.json` for a configuration: `{ "generator-pipecat": { ...config } }`, two-space
 * JSON with a final newline (keys in the configuration's own order).
 *
 * @param config a resolved configuration
 */
export function yoRcContents(config: ProjectConfig): string {
  return JSON.stringify({ [YO_RC_NAMESPACE]: config }, null, 2) + '\n';
}
