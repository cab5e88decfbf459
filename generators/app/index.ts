/**
 * The `pipecat` Yeoman generator (`yo pipecat`, and every `pipecat init` that writes a project).
 * Its phases are thin calls into the init core (`./init/core.ts`), each once:
 * - prompting: the wizard asks what the flags and config file do not give (nothing in a
 *   non-interactive run, which never loads a prompt module of ours);
 * - configuring: resolve and plan (`planRequest`), unless our CLI handed its plan over; with
 *   `--dry-run` the plan is printed and nothing is written;
 * - writing: the file table, rendered in memory and written through mem-fs into a staging folder
 *   (`stagePlan`);
 * - end: the staging folder is committed into place and the next steps are printed (`commitPlan`,
 *   `nextStepsText`).
 *
 * Inside a generated project `yo pipecat` updates it instead (`./update/yo.ts`, the update core).
 * Front ends: our CLI passes an {@link InitRequest} (`request`), its plan when nothing is asked
 * (`plan`) and its output sinks; under `yo pipecat` the request is built from the options.
 */
import { dirname } from 'node:path';
import Generator from 'yeoman-generator';
import { OPTION_FLAGS } from './config/flags.js';
import type { ConfigLayer } from './config/resolve.js';
import type { ProjectConfig } from './config/types.js';
import { askProject, commitPlan, dryRunText, nextStepsText, planRequest, stagePlan } from './init/core.js';
import type { InitPlan, InitRequest } from './init/init-plan.js';
import { BASE_DIR, writeBase } from './update/base.js';
import { checkCwdYoRc, checkYoRcAt } from './update/guard.js';
import type { Staging } from './staging/staging.js';
import { endUnderYo, escCancels, givenLayer, isCancel, rootHomeProblem, runByYo, sinkYoLog, yoRequest } from './init/yo-host.js';
import { toInquirer } from './wizard/inquirer.js';
import { installDependencies } from './wizard/install.js';
import { RENDERS_ROWS } from './wizard/row.js';
import { askWizard, type AskFunction } from './wizard/wizard.js';
import { writeStderr } from './output/sinks.js';

/** Options the generator accepts (all `pipecat init` options, plus internal ones from our CLI). */
interface PipecatGeneratorOptions {
  /** Our CLI's request (flags and config file already read); absent under `yo pipecat`. */
  request?: InitRequest;
  /** Our CLI's plan of the request, made before Yeoman started (no wizard): not made again. */
  plan?: InitPlan;
  /** Where results go: the `--dry-run` JSON and the next steps (default: the Yeoman log). */
  out?: (text: string) => void;
  /** Where notes go, e.g. which agent guides were kept (default: the Yeoman log). */
  note?: (text: string) => void;
  /** Receives the staging handle when writing starts (the runner aborts it if the run fails). */
  onStaging?: (staging: Staging) => void;
  /** `yo pipecat`: folder the project is created in (default: the current directory). */
  output?: string;
  /** `yo pipecat`: JSON config file. */
  config?: string;
  /**
   * Whether stdin and stdout are a terminal (default: detected). Inside a generated project the
   * wizard is asked, with the recorded answers as defaults, only on a terminal; tests set it.
   */
  terminal?: boolean;
  [key: string]: unknown;
}

/** Generator class registered as namespace `pipecat:app`. */
export default class PipecatGenerator extends Generator {
  /** The configuration being generated (set in prompting or configuring). */
  projectConfig?: ProjectConfig;
  /** The plan (set in configuring). */
  private plan?: InitPlan;
  /** The staging of the project (set in writing). */
  private staging?: Staging;
  /** Set by `--dry-run`: the plan was printed, nothing is written. */
  private planOnly = false;
  private _cachedRequest?: InitRequest;
  private get _opts(): PipecatGeneratorOptions {
    return this.options as unknown as PipecatGeneratorOptions;
  }
  /** `yo pipecat` inside a generated project: its root; the run updates it (`update/yo.ts`). */
  private updateRoot?: string;
  /**
   * `yo pipecat` inside a generated project on a terminal: the confirmed wizard's given values and
   * answers, applied by the update over the recorded configuration (instead of the options alone).
   */
  private updateAnswers?: ConfigLayer;
  /** The wizard's install offer was accepted: install once the project is in place (end). */
  private install = false;

  constructor(args: string[], options: ConstructorParameters<typeof Generator>[1]) {
    // `yo pipecat` in a project whose .yo-rc.json is corrupt (a git merge left markers in it):
    // Yeoman's storage, made in super(), would fail on it with a JSON stack trace.
    // Under our CLI (`pipecat init -o elsewhere` in a folder holding a corrupt one) the same read
    // happens in the Yeoman environment's folder, which is not the destination: say which file.
    const opts = options as { request?: { cwd?: string } } | undefined;
    if (!opts?.request) {
      try {
        checkYoRcAt(process.cwd());
      } catch (err) {
        if (!runByYo()) throw err;
        writeStderr(`error: ${(err as Error).message}\n`);
        process.exit(2);
      }
    } else {
      checkCwdYoRc(opts.request.cwd ?? process.cwd());
    }
    // `yo pipecat` as root: yo switches to the user with uid 1000 (its root check, `downgrade-root`)
    // and keeps HOME, which that user cannot read; Yeoman's global settings there (made in super())
    // would end in yo's stack trace. Say what to do instead, first.
    if (runByYo()) {
      const home = rootHomeProblem();
      if (home) {
        writeStderr(`${home}\n`);
        process.exit(2);
      }
    }
    // Our projects install nothing at generation time (uv and npm run later, by the user).
    super(args, options, { customInstallTask: true });
    // Under `yo`, Yeoman's log is yo's: make it a sink like our CLI's.
    if (runByYo()) (this as { log: unknown }).log = sinkYoLog(this.env);
    for (const f of OPTION_FLAGS) {
      const o = f.option;
      this.option(f.flag, {
        type: o.type === 'boolean' ? Boolean : o.type === 'array' ? Array : String,
        description: o.describe,
        alias: o.short,
      });
    }
    this.option('output', { type: String, alias: 'o', description: 'Folder to create the project in (default: current directory)' });
    this.option('config', { type: String, alias: 'c', description: 'JSON config file (see docs/configuration.md)' });
    // Inside a generated project (`pipecat update`'s options, docs/updating.md).
    this.option('add-transport', { type: Array, description: 'Inside a project: add a transport (repeatable)' });
    this.option('remove-transport', { type: Array, description: 'Inside a project: remove a transport (repeatable)' });
    this.option('conflict-markers', {
      type: Boolean,
      description: 'Inside a project: write conflict markers instead of stopping (exit 5)',
    });
    this.option('dry-run', { type: Boolean, description: 'Print the plan as JSON (in a project: the update plan), change nothing' });
    this.option('remove-unused', {
      type: Boolean,
      description: 'Inside a project, without a terminal: remove the unedited generated files the update asks about',
    });
  }

  /** `yo pipecat`: values given as options (flags), by config key. */
  private _givenLayer(): ConfigLayer {
    return givenLayer(this._opts);
  }

  /** The request of this run: our CLI's, or under `yo pipecat` the one its options make. */
  private _request(): InitRequest {
    this._cachedRequest ??= this._opts.request ?? yoRequest(this._opts, this.destinationRoot());
    return this._cachedRequest;
  }

  /** Whether stdin and stdout are a terminal (the `terminal` option, else detected). */
  private _terminal(): boolean {
    if (typeof this._opts.terminal === 'boolean') return this._opts.terminal;
    return process.stdin.isTTY === true && process.stdout.isTTY === true;
  }

  /** `--add-transport` / `--remove-transport` as lists. */
  private _listOption(name: 'add-transport' | 'remove-transport'): string[] {
    const v = this._opts[name];
    return v === undefined ? [] : [v].flat(Infinity).map(String);
  }

  /**
   * Ask one wizard question row through the environment's adapter, rendered once into its shape:
   * the row itself for an adapter that renders rows (our CLI's), else Inquirer's (`yo`, yeoman-test).
   */
  private readonly _askQuestion: AskFunction = async (row) => {
    const adapter = (this.env.adapter as { actualAdapter?: Record<string, unknown> }).actualAdapter;
    const question = adapter?.[RENDERS_ROWS] === true ? row : toInquirer(row);
    const answers = (await this.prompt(question as never)) as Record<string, unknown>;
    return answers[row.name];
  };

  /** Print a result (stdout in our CLI, Yeoman's log under `yo`). */
  private _out(text: string): void {
    if (this._opts.out) this._opts.out(text);
    else this.log(text.trimEnd());
  }

  /**
   * The wizard: ask every missing answer (a given option skips its step), show a summary
   * and ask for confirmation. Each question is a row (`wizard/row.ts`) rendered once into the
   * host's shape: Inquirer's under `yo` and yeoman-test (answers by name, `wizard/inquirer.ts`), the
   * CLI's own dialog under `pipecat init` (`_askQuestion`).
   *
   * @throws ConfigError (exit 2) for invalid options; WizardCancelledError (exit 130) when declined
   */
  async prompting(): Promise<void> {
    // `yo pipecat` inside a generated project reuses its .yo-rc.json (Yeoman's convention) instead of nesting
    // a new project in it: on a terminal the wizard asks with the recorded answers as defaults;
    // without one (or with --dry-run) the recorded configuration answers everything. Either way
    // the run updates that project.
    if (!this._opts.request && this._opts.output === undefined) {
      const { localProject } = await import('./update/yo.js');
      this.updateRoot = localProject(this.destinationRoot());
      if (this.updateRoot) {
        if (this._terminal() && this._opts['dry-run'] !== true) await this._askUpdate(this.updateRoot);
        return;
      }
    }
    const req = this._request();
    if (!req.wizard) return;
    const stopEsc = this._opts.request || !runByYo() ? () => undefined : escCancels(this.env);
    try {
      const asked = await askProject(req, {
        ask: this._askQuestion,
        log: (text) => this.log(text),
        offerInstall: this._terminal() && !req.dryRun,
      });
      this.projectConfig = asked.config;
      this.install = asked.install;
    } catch (err) {
      // Our CLI maps a cancel to exit 130 itself; under `yo`, Ctrl-C, Esc or a declined summary
      // would otherwise end in yo's error banner and exit 1, a failure where the user chose to stop.
      if (this._opts.request || !isCancel(err) || !runByYo()) throw err;
      // yo sees the prompt's own rejection too and would print its banner and exit 1: end here
      // (nothing is staged while prompting).
      writeStderr('cancelled: nothing was written\n');
      process.exit(130);
    } finally {
      stopEsc();
    }
  }

  /**
   * `yo pipecat` inside a generated project, on a terminal: the wizard, with the project's recorded
   * configuration (`.yo-rc.json`) as every question's default. The options given skip their
   * questions (`--add-transport`/`--remove-transport` give the transports), the project's name is
   * fixed, and the summary shows what the update will write (the answers resolved over the recorded
   * configuration, `update/config.ts`). The confirmed answers go to the update in configuring.
   *
   * @param root the project's root
   * @throws NotAProjectError / ConfigError / UpdateFlagError (exit 2) before any question;
   *   WizardCancelledError (exit 130) when the summary is declined; under `yo` these end the process
   */
  private async _askUpdate(root: string): Promise<void> {
    const [{ readRecorded }, { resolveUpdateConfig, updatedTransports }] = await Promise.all([
      import('./update/update.js'),
      import('./update/config.js'),
    ]);
    const stopEsc = runByYo() ? escCancels(this.env) : () => undefined;
    try {
      const recorded = readRecorded(root);
      const flags = this._givenLayer();
      const current = Array.isArray(recorded.transports) ? (recorded.transports as string[]) : [];
      const transports = updatedTransports(current, {
        recorded,
        flags,
        add: this._listOption('add-transport'),
        remove: this._listOption('remove-transport'),
      });
      const { layer } = await askWizard({
        given: { project_name: recorded.project_name, ...flags, ...(transports ? { transports } : {}) },
        defaults: recorded,
        output: dirname(root),
        target: () => root,
        resolve: (answers) => resolveUpdateConfig({ recorded, flags: answers }).config,
        yes: this._request().yes,
        ask: this._askQuestion,
        log: (text) => this.log(text),
      });
      this.updateAnswers = layer;
    } catch (err) {
      endUnderYo(err, 'cancelled: nothing was changed');
    } finally {
      stopEsc();
    }
  }

  /**
   * Resolve the configuration (the wizard's, else the one resolver over config file and flags)
   * and plan the run: the project folder and its check. With `--dry-run`, print the plan. Inside
   * a generated project under `yo pipecat`, update it instead (`update/yo.ts`).
   *
   * @throws ConfigError or DestinationError (exit 2); nothing is written
   */
  async configuring(): Promise<void> {
    if (this.updateRoot) {
      this.planOnly = true;
      await this._updateProject(this.updateRoot);
      return;
    }
    const req = this._request();
    this.plan =
      this._opts.plan ?? planRequest(req, this.projectConfig, typeof this._opts.config === 'string' ? this._opts.config : undefined);
    if (req.dryRun) {
      this.planOnly = true;
      this._out(dryRunText(this.plan));
    }
  }

  /**
   * `yo pipecat` in a generated project: `pipecat update`'s path (`update/yo.ts`), with conflicts
   * asked through the environment's adapter on a terminal. Under `yo`, a known error ends the
   * process with its own exit code (2, 3, 130) instead of yo's banner and exit 1.
   */
  private async _updateProject(root: string): Promise<void> {
    const { updateFromYo } = await import('./update/yo.js');
    // The wizard's answers already hold the transport additions and removals.
    const answered = this.updateAnswers;
    try {
      const code = await updateFromYo({
        root,
        flags: answered ?? this._givenLayer(),
        add: answered ? [] : this._listOption('add-transport'),
        remove: answered ? [] : this._listOption('remove-transport'),
        conflictMarkers: this._opts['conflict-markers'] === true,
        dryRun: this._opts['dry-run'] === true,
        removeUnused: this._opts['remove-unused'] === true,
        ask: this._terminal() ? async (q) => ((await this.prompt(q as never)) as Record<string, string>)[q.name] : undefined,
        log: (text) => this.log(text),
        cwd: this.env.cwd ?? process.cwd(),
      });
      if (code) process.exitCode = code;
    } catch (err) {
      endUnderYo(err);
    }
  }

  /**
   * Render the file table and write it through mem-fs into a new staging folder (without the
   * user's guides an in-place run keeps), and the base copies beside it (`writeBase`).
   */
  writing(): void {
    if (this.planOnly) return;
    this.staging = stagePlan(this.plan!, {
      onStaging: (staging) => {
        this._opts.onStaging?.(staging);
        // The `create …` lines name the project's paths (`server/bot.py`), not the staging folder's.
        const env = this.env as unknown as { logCwd?: string; conflicterOptions?: { cwd?: string } };
        env.logCwd = staging.dir;
        if (env.conflicterOptions) env.conflicterOptions.cwd = staging.dir;
      },
      write: (path, contents) => this.fs.write(path, contents),
      beside: writeBase,
    });
  }

  /** Commit the staging folder into place (keeping existing agent guides) and print the next steps. */
  async end(): Promise<void> {
    if (this.planOnly || !this.staging) return;
    // One line for the base copies (`writeBase`), after Yeoman's `create …` lines for the project's
    // files and in their format: queued on the same adapter (behind the queued log lines), and
    // awaited so it comes before the next steps.
    await this.env.adapter.queue((a) => {
      a.log.create(`${BASE_DIR}/ (a copy of each file: what \`pipecat update\` merges your edits against)`);
    });
    commitPlan(this.plan!, this.staging, this._request(), this._opts.note ?? ((text) => this.log(text.trimEnd())));
    const target = this.plan!.dest.target;
    const installed = this.install
      ? await installDependencies(target, (text) => (this._opts.note ? this._opts.note(`${text}\n`) : this.log(text)))
      : [];
    this._out(nextStepsText(this.plan!, this._request(), installed));
  }
}
