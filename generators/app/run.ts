/**
 * Run the generator through yeoman-environment for our CLI, writing into a staging folder.
 *
 * Imported lazily by `pipecat init` (Yeoman costs most of a second to import). The generator
 * class is registered directly (no lookup: a lookup spawns `npm root -g`).
 */
import type { ProjectConfig } from './config/types.js';

/**
 * Generate a project into `stagingDir` (which must not exist yet); the caller renames it.
 *
 * @param config resolved configuration
 * @param stagingDir absolute path of the folder to create
 * @throws whatever the generator throws (the caller removes the staging folder)
 */
export async function generateInto(config: ProjectConfig, stagingDir: string): Promise<void> {
  const [{ createEnv }, { default: PipecatGenerator }] = await Promise.all([import('yeoman-environment'), import('./index.js')]);
  const { mkdirSync } = await import('node:fs');
  mkdirSync(stagingDir, { recursive: true });
  const env = createEnv({ cwd: stagingDir, logCwd: stagingDir, skipInstall: true, skipCache: true, force: true });
  env.register(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: new URL('./index.js', import.meta.url).pathname });
  await env.run(['pipecat:app'], { resolvedConfig: config, stagingDir, skipInstall: true } as never);
}
