/**
 * Run the generator through yeoman-environment for our CLI, writing into a staging folder.
 *
 * Imported lazily by `pipecat init` (Yeoman costs most of a second to import). The generator
 * class is registered directly (no lookup: a lookup spawns `npm root -g`).
 */
import type { ConfigLayer } from './config/resolve.js';
import type { ProjectConfig } from './config/types.js';

let runs = 0;

/**
 * Count one Yeoman environment run; with `PIPECAT_DEBUG_RUNS` set, say so on stderr
 * (`pipecat: debug: generator run N`), so a test can count the runs of one command.
 */
function countRun(): void {
  runs += 1;
  if (process.env.PIPECAT_DEBUG_RUNS) process.stderr.write(`pipecat: debug: generator run ${runs}\n`);
}

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
  countRun();
  await env.run(['pipecat:app'], { resolvedConfig: config, stagingDir, skipInstall: true } as never);
}

/** Inputs of {@link promptForConfig}. */
export interface PromptForConfigOptions {
  /** Values given as flags, by config key (their wizard steps are skipped). */
  flags: ConfigLayer;
  /** Absolute folder the project will be created in (the name step checks `<output>/<name>`). */
  output: string;
  /** The prompt adapter (our CLI's, built on `prompts`); wrapped in Yeoman's QueuedAdapter. */
  adapter: unknown;
}

/**
 * Run the generator's wizard (its `prompting` phase) through the given adapter and return the
 * resolved configuration; nothing is written (the caller writes it like a non-interactive run).
 *
 * @param opts flags, output folder, adapter
 * @returns the configuration the user confirmed
 * @throws ConfigError (exit 2) for invalid flags; an error with exitCode 130 when cancelled or declined
 */
export async function promptForConfig(opts: PromptForConfigOptions): Promise<ProjectConfig> {
  const [{ createEnv }, { QueuedAdapter }, { default: PipecatGenerator }, { CONFIG_OPTIONS }] = await Promise.all([
    import('yeoman-environment'),
    import('@yeoman/adapter'),
    import('./index.js'),
    import('./config/options.js'),
  ]);
  const adapter = new QueuedAdapter({ adapter: opts.adapter as never });
  const env = createEnv({ cwd: process.cwd(), skipInstall: true, skipCache: true, adapter } as never);
  env.register(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: new URL('./index.js', import.meta.url).pathname });
  const options: Record<string, unknown> = { output: opts.output, skipInstall: true, skipCache: true };
  for (const o of CONFIG_OPTIONS) if (opts.flags[o.key] !== undefined) options[o.flag] = opts.flags[o.key];
  let resolved: ProjectConfig | undefined;
  options.onResolved = (config: ProjectConfig) => {
    resolved = config;
  };
  countRun();
  await env.run(['pipecat:app'], options as never);
  if (!resolved) throw new Error('the wizard ended without a configuration');
  return resolved;
}
