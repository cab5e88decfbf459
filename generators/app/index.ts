/**
 * The `pipecat` Yeoman generator (`yo pipecat`, and `pipecat init` through our CLI).
 *
 * Phases: prompting (wizard for missing answers; skipped when a resolved configuration is passed)
 * → configuring (one resolver: flags + config file) → writing (the file table, rendered in
 * memory, written through mem-fs into a staging folder) → end (the staging folder is renamed to
 * `<output>/<name>`, so the project appears whole or not at all).
 */
import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Generator from 'yeoman-generator';
import { CONFIG_OPTIONS } from './config/options.js';
import { readConfigFile, resolveConfig, type ConfigLayer } from './config/resolve.js';
import type { ProjectConfig } from './config/types.js';
import { renderProject } from './render.js';

/** Options the generator accepts (all `pipecat init` options, plus internal ones from our CLI). */
export interface PipecatGeneratorOptions {
  /** A configuration already resolved by the CLI (skips prompting and resolving). */
  resolvedConfig?: ProjectConfig;
  /** Absolute folder to write into; the caller renames it into place (our CLI's staging). */
  stagingDir?: string;
  /** Folder the project is created in (default: the current directory). */
  output?: string;
  /** JSON config file. */
  config?: string;
  [key: string]: unknown;
}

/** Generator class registered as namespace `pipecat:app`. */
export default class PipecatGenerator extends Generator {
  /** The configuration being generated (set in prompting/configuring). */
  projectConfig?: ProjectConfig;
  private staging?: string;
  private get opts(): PipecatGeneratorOptions {
    return this.options as unknown as PipecatGeneratorOptions;
  }
  private finalDir?: string;

  constructor(args: string[], options: ConstructorParameters<typeof Generator>[1]) {
    // Our projects install nothing at generation time (uv and npm run later, by the user).
    super(args, options, { customInstallTask: true });
    for (const o of CONFIG_OPTIONS) {
      this.option(o.flag, {
        type: o.type === 'boolean' ? Boolean : o.type === 'array' ? Array : String,
        description: o.describe,
        alias: o.short,
      });
    }
    this.option('output', { type: String, alias: 'o', description: 'Folder to create the project in (default: current directory)' });
    this.option('config', { type: String, alias: 'c', description: 'JSON config file (see docs/configuration.md)' });
  }

  /** Resolve the configuration: from our CLI as is, else from `yo pipecat` flags and --config. */
  configuring(): void {
    if (this.opts.resolvedConfig) {
      this.projectConfig = this.opts.resolvedConfig;
      return;
    }
    const flags: ConfigLayer = {};
    for (const o of CONFIG_OPTIONS) {
      const v = this.opts[o.flag];
      if (v !== undefined) flags[o.key] = v;
    }
    const config = typeof this.opts.config === 'string' ? readConfigFile(this.opts.config) : undefined;
    this.projectConfig = resolveConfig({ config, flags });
  }

  /** Render the file table and write it into the staging folder. */
  writing(): void {
    const config = this.projectConfig!;
    if (this.opts.stagingDir) {
      this.staging = this.opts.stagingDir;
    } else {
      const output = resolve(this.destinationRoot(), typeof this.opts.output === 'string' ? this.opts.output : '.');
      this.finalDir = join(output, config.project_name);
      if (existsSync(this.finalDir)) throw new Error(`${this.finalDir} already exists`);
      this.staging = join(output, `.${config.project_name}.pipecat-${process.pid}`);
    }
    for (const f of renderProject(config)) {
      this.fs.write(join(this.staging, f.path), f.contents);
    }
  }

  /** Move the staging folder into place (only when the generator staged it itself). */
  end(): void {
    if (this.finalDir && this.staging && existsSync(this.staging)) {
      renameSync(this.staging, this.finalDir);
      this.log.info(`Created ${basename(this.finalDir)} in ${dirname(this.finalDir)}`);
    }
  }
}
