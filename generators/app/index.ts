/**
 * The `pipecat` Yeoman generator (`yo pipecat`, and `pipecat init` through our CLI).
 *
 * Phases: prompting (wizard for missing answers; skipped when a resolved configuration is passed)
 * → configuring (one resolver: flags + config file) → writing (the file table, rendered in
 * memory, written through mem-fs into a staging folder) → end (the staging folder is committed to
 * `<output>/<name>` by `./staging.ts`, so the project appears whole or not at all).
 */
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Generator from 'yeoman-generator';
import { CONFIG_OPTIONS } from './config/options.js';
import { readConfigFile, resolveConfig, type ConfigLayer } from './config/resolve.js';
import type { ProjectConfig } from './config/types.js';
import { DestinationError, destinationProblem } from './destination.js';
import { nextSteps } from './next-steps.js';
import { renderProject } from './render.js';
import { beginStaging, sweepBeside, type Staging } from './staging.js';
import { toAdapterQuestion } from './wizard/convert.js';
import { runWizard } from './wizard/wizard.js';

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
  /**
   * Our CLI's wizard: receives the resolved configuration after prompting; the generator then
   * writes nothing (`pipecat init` writes it like a non-interactive run).
   */
  onResolved?: (config: ProjectConfig) => void;
  [key: string]: unknown;
}

/** Whether an error means the user cancelled a prompt (Ctrl-C, Esc) or declined the summary. */
function isCancel(err: unknown): boolean {
  const e = err as { name?: string; exitCode?: number } | undefined;
  return !!e && (e.exitCode === 130 || ['ExitPromptError', 'AbortPromptError', 'CancelPromptError', 'AbortError', 'WizardCancelledError'].includes(e.name ?? ''));
}

/**
 * Whether this process is the `yo` command line (its `lib/cli.js`, through a `yo` link): there a
 * cancel ends the process with exit code 130; embedders (yeoman-test, our CLI) get the error.
 */
function runByYo(): boolean {
  try {
    const script = realpathSync(process.argv[1] ?? '');
    return /[\\/]yo[\\/]lib[\\/]cli\.js$/.test(script);
  } catch {
    return false;
  }
}

/** Generator class registered as namespace `pipecat:app`. */
export default class PipecatGenerator extends Generator {
  /** The configuration being generated (set in prompting/configuring). */
  projectConfig?: ProjectConfig;
  private staging?: string;
  /** The staging handle when the generator stages and commits itself (`yo pipecat`). */
  private stagingHandle?: Staging;
  private get opts(): PipecatGeneratorOptions {
    return this.options as unknown as PipecatGeneratorOptions;
  }
  private finalDir?: string;
  /** Set when our CLI's wizard only wanted the configuration (see `onResolved`). */
  private resolvedOnly = false;
  /** `yo pipecat` inside a generated project: its root; the run updates it (`update/yo.ts`). */
  private updateRoot?: string;

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
    // Inside a generated project (issue 15, `pipecat update`'s options).
    this.option('add-transport', { type: Array, description: 'Inside a project: add a transport (repeatable)' });
    this.option('remove-transport', { type: Array, description: 'Inside a project: remove a transport (repeatable)' });
    this.option('conflict-markers', { type: Boolean, description: 'Inside a project: write conflict markers instead of stopping (exit 5)' });
    this.option('dry-run', { type: Boolean, description: 'Inside a project: print the update plan as JSON, change nothing' });
  }

  /** Values given as options (flags), by config key. */
  private givenLayer(): ConfigLayer {
    const flags: ConfigLayer = {};
    for (const o of CONFIG_OPTIONS) {
      const v = [o.flag, ...(o.flagAliases ?? [])].map((f) => this.opts[f]).find((x) => x !== undefined);
      // Yeoman parses an `Array` option with `Array(value)`, which nests a list given as a list.
      if (v !== undefined) flags[o.key] = Array.isArray(v) ? v.flat(Infinity) : v;
    }
    return flags;
  }

  /** Absolute folder the project is created in (`--output`, default the destination root). */
  private outputDir(): string {
    return resolve(this.destinationRoot(), typeof this.opts.output === 'string' && this.opts.output !== '' ? this.opts.output : '.');
  }

  /**
   * The wizard (issue 4): without `--name` and `--config`, ask every missing answer (a given
   * option skips its step), show a summary and ask for confirmation. Questions are written in the
   * `prompts` shape and converted for the environment's adapter (`yo`: inquirer; yeoman-test:
   * answers by name; our CLI: an adapter built on `prompts`).
   *
   * @throws ConfigError (exit 2) for invalid options; WizardCancelledError (exit 130) when declined
   */
  async prompting(): Promise<void> {
    if (this.opts.resolvedConfig) return;
    // Inside a generated project, its .yo-rc.json answers everything: update it (issue 15).
    if (!this.opts.onResolved && !this.opts.stagingDir && this.opts.output === undefined) {
      const { localProject } = await import('./update/yo.js');
      this.updateRoot = localProject(this.destinationRoot());
      if (this.updateRoot) return;
    }
    const given = this.givenLayer();
    if (given.project_name !== undefined || typeof this.opts.config === 'string') return;
    try {
      this.projectConfig = await runWizard({
        given,
        output: this.outputDir(),
        ask: async (question) => {
          const answers = (await this.prompt(toAdapterQuestion(question) as never)) as Record<string, unknown>;
          return answers[question.name];
        },
        log: (text) => this.log(text),
      });
    } catch (err) {
      // Our CLI maps a cancel to exit 130 itself; under `yo`, Ctrl-C, Esc or a declined summary
      // would otherwise end in yo's error banner and exit 1 (issue 13).
      if (this.opts.onResolved || !isCancel(err) || !runByYo()) throw err;
      // yo sees the prompt's own rejection too and would print its banner and exit 1: end here
      // (nothing is staged while prompting).
      process.stderr.write('cancelled: nothing was written\n');
      process.exit(130);
    }
  }

  /** Resolve the configuration: from our CLI as is, from the wizard, else from `yo pipecat` flags and --config. */
  async configuring(): Promise<void> {
    if (this.updateRoot) {
      this.resolvedOnly = true;
      await this._updateProject(this.updateRoot);
      return;
    }
    if (this.opts.resolvedConfig) {
      this.projectConfig = this.opts.resolvedConfig;
      return;
    }
    if (!this.projectConfig) {
      const config = typeof this.opts.config === 'string' ? readConfigFile(this.opts.config) : undefined;
      this.projectConfig = resolveConfig({ config, flags: this.givenLayer() });
    }
    if (this.opts.onResolved) {
      this.resolvedOnly = true;
      this.opts.onResolved(this.projectConfig);
      return;
    }
    if (!this.opts.stagingDir) {
      const output = this.outputDir();
      sweepBeside(join(output, this.projectConfig.project_name));
      const problem = destinationProblem(output, join(output, this.projectConfig.project_name));
      if (problem) throw new DestinationError(problem);
    }
  }

  /**
   * `yo pipecat` in a generated project: `pipecat update`'s path (`update/yo.ts`), with conflicts
   * asked through the environment's adapter on a terminal. Under `yo`, a known error ends the
   * process with its own exit code (2, 3, 130) instead of yo's banner and exit 1.
   */
  private async _updateProject(root: string): Promise<void> {
    const { updateFromYo } = await import('./update/yo.js');
    const list = (v: unknown): string[] => (v === undefined ? [] : [v].flat(Infinity).map(String));
    try {
      const code = await updateFromYo({
        root,
        flags: this.givenLayer(),
        add: list(this.opts['add-transport']),
        remove: list(this.opts['remove-transport']),
        conflictMarkers: this.opts['conflict-markers'] === true,
        dryRun: this.opts['dry-run'] === true,
        ask: process.stdin.isTTY ? async (q) => ((await this.prompt(q as never)) as Record<string, string>)[q.name] : undefined,
        log: (text) => this.log(text),
        cwd: this.env.cwd ?? process.cwd(),
      });
      if (code) process.exitCode = code;
    } catch (err) {
      const e = err as { exitCode?: unknown; message?: string; problems?: readonly string[] };
      if (!runByYo() || typeof e.exitCode !== 'number') throw err;
      process.stderr.write([`error: ${e.message}`, ...(e.problems ?? []).map((p) => `  - ${p}`)].join('\n') + '\n');
      process.exit(e.exitCode);
    }
  }

  /** Render the file table and write it into the staging folder. */
  writing(): void {
    if (this.resolvedOnly) return;
    const config = this.projectConfig!;
    if (this.opts.stagingDir) {
      this.staging = this.opts.stagingDir;
    } else {
      const output = this.outputDir();
      this.finalDir = join(output, config.project_name);
      this.stagingHandle = beginStaging(this.finalDir);
      this.staging = this.stagingHandle.dir;
      // The `create …` lines name the project's paths (`server/bot.py`), not the staging folder's.
      const env = this.env as unknown as { logCwd?: string; conflicterOptions?: { cwd?: string } };
      env.logCwd = this.staging;
      if (env.conflicterOptions) env.conflicterOptions.cwd = this.staging;
    }
    for (const f of renderProject(config)) {
      this.fs.write(join(this.staging, f.path), f.contents);
    }
  }

  /** Commit the staging folder into place (only when the generator staged it itself). */
  end(): void {
    if (this.finalDir && this.stagingHandle) {
      this.stagingHandle.commit();
      this.log(nextSteps(this.projectConfig!, this.finalDir, this.env.cwd ?? process.cwd()).trimEnd());
    }
  }
}
