/**
 * The `pipecat` Yeoman generator (`yo pipecat`, and every `pipecat init` that writes a project): a
 * thin host whose phases call the init core (`./init/core.ts`) or, inside a generated project, the
 * update core (`./update/yo.ts`), each once. Every front end hands it the same request: our CLI an
 * {@link InitRequest} (option `request`), `yo pipecat` its options, made into one (`yoRequest`).
 * What differs between runs is data of that request (whether the wizard asks, whether the front
 * end planned already, `--dry-run`, `--coding-agent`), not a path of the host. Its modes:
 *
 * | mode | runs when | prompting | configuring | writing | end |
 * | --- | --- | --- | --- | --- | --- |
 * | create | `pipecat init` (flags, config file, wizard, in place, `--coding-agent`); `yo pipecat` outside a project | the wizard, when the request asks (`req.wizard`) | the plan, once (`planOnce`: the front end's when it made one); `--dry-run` prints it and stops | the file table into a staging folder through mem-fs (`stagePlan`) | the commit, the install offer's install, the next steps |
 * | update | `yo pipecat` inside a generated project | the wizard with the recorded answers as defaults, when on a terminal and not `--dry-run` | `pipecat update`'s core (`updateFromYo`), its conflict questions asked on a terminal | — | — |
 *
 * Under the `yo` command line itself (`./init/yo-host.ts`) a cancel or a known error ends the
 * process with our exit codes; embedded (our CLI, yeoman-test) the error is thrown to the caller.
 * `pipecat init --dry-run` and bad input end in our CLI before Yeoman loads (it plans first).
 */
import { dirname } from 'node:path';
import Generator from 'yeoman-generator';
import { OPTION_FLAGS } from './config/flags.js';
import type { ConfigLayer } from './config/resolve.js';
import type { ProjectConfig } from './config/types.js';
import { askProject, commitPlan, dryRunText, isProject, nextStepsText, planOnce, stagePlan } from './init/core.js';
import type { CorePlan, InitRequest } from './init/init-plan.js';
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
  /** Our CLI's request (flags and config file already read, its plan when nothing is asked); absent under `yo pipecat`. */
  request?: InitRequest;
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
  private plan?: CorePlan;
  /** The staging of the project (set in writing). */
  private staging?: Staging;
  /** Set by `--dry-run`: the plan was printed, nothing is written. */
  private planOnly = false;
  private _cachedRequest?: InitRequest;
  private get _opts(): PipecatGeneratorOptions {
    return this.options as unknown as PipecatGeneratorOptions;
  }
  /**
   * `yo pipecat` inside a generated project (the update mode): its root, and the values the update
   * applies over the recorded configuration (the options, or the confirmed wizard's answers, which
   * hold the transport additions and removals).
   */
  private update?: { root: string; flags: ConfigLayer; add: string[]; remove: string[] };
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
   * Ask what the run needs: in the create mode the wizard when the request asks for it (every
   * missing answer, a summary, the confirmation); in the update mode the values the update applies
   * (`_askUpdate`). Each question is a row (`wizard/row.ts`) rendered once into the host's shape:
   * Inquirer's under `yo` and yeoman-test (answers by name, `wizard/inquirer.ts`), the CLI's own
   * dialog under `pipecat init` (`_askQuestion`).
   *
   * @throws ConfigError (exit 2) for invalid options; WizardCancelledError (exit 130) when declined
   */
  async prompting(): Promise<void> {
    // `yo pipecat` inside a generated project reuses its .yo-rc.json instead of nesting a new
    // project in it (Yeoman's convention): the run updates that project.
    if (!this._opts.request && this._opts.output === undefined) {
      const { localProject } = await import('./update/yo.js');
      const root = localProject(this.destinationRoot());
      if (root) {
        this.update = await this._askUpdate(root);
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
   * The update mode's values: the options given (`--add-transport`/`--remove-transport` apart);
   * on a terminal, unless `--dry-run`, the wizard first, with the project's recorded configuration
   * (`.yo-rc.json`) as every question's default: the options given skip their questions (the
   * transport additions and removals give the transports), the project's name is fixed, and the
   * summary shows what the update will write (the answers resolved over the recorded configuration,
   * `update/config.ts`); its confirmed answers are then the values, the transports among them.
   *
   * @param root the project's root
   * @throws NotAProjectError / ConfigError / UpdateFlagError (exit 2) before any question;
   *   WizardCancelledError (exit 130) when the summary is declined; under `yo` these end the process
   */
  private async _askUpdate(root: string): Promise<NonNullable<PipecatGenerator['update']>> {
    const given = { root, flags: this._givenLayer(), add: this._listOption('add-transport'), remove: this._listOption('remove-transport') };
    if (!this._terminal() || this._opts['dry-run'] === true) return given;
    const [{ readRecorded }, { resolveUpdateConfig, updatedTransports }] = await Promise.all([
      import('./update/update.js'),
      import('./update/config.js'),
    ]);
    const stopEsc = runByYo() ? escCancels(this.env) : () => undefined;
    try {
      const recorded = readRecorded(root);
      const current = Array.isArray(recorded.transports) ? (recorded.transports as string[]) : [];
      const transports = updatedTransports(current, { recorded, ...given });
      const { layer } = await askWizard({
        given: { project_name: recorded.project_name, ...given.flags, ...(transports ? { transports } : {}) },
        defaults: recorded,
        output: dirname(root),
        target: () => root,
        resolve: (answers) => resolveUpdateConfig({ recorded, flags: answers }).config,
        yes: this._request().yes,
        ask: this._askQuestion,
        log: (text) => this.log(text),
      });
      return { root, flags: layer, add: [], remove: [] };
    } catch (err) {
      endUnderYo(err, 'cancelled: nothing was changed');
    } finally {
      stopEsc();
    }
  }

  /**
   * The create mode: the plan, once (the front end's when it made one, `planOnce`); with
   * `--dry-run` it is printed and nothing is written. The update mode: the update.
   *
   * @throws ConfigError or DestinationError (exit 2); nothing is written
   */
  async configuring(): Promise<void> {
    if (this.update) {
      this.planOnly = true;
      await this._updateProject(this.update);
      return;
    }
    const req = this._request();
    this.plan = planOnce(req, this.projectConfig);
    if (req.dryRun) {
      this.planOnly = true;
      this._out(dryRunText(this.plan));
    }
  }

  /**
   * `yo pipecat` in a generated project: `pipecat update`'s path (`update/yo.ts`), with conflicts
   * asked through the environment's adapter on a terminal. Under `yo`, a known error ends the
   * process with its own exit code (2, 3, 130) instead of yo's banner and exit 1.
   *
   * @param update the project and the values to apply (`_askUpdate`)
   */
  private async _updateProject(update: NonNullable<PipecatGenerator['update']>): Promise<void> {
    const { updateFromYo } = await import('./update/yo.js');
    try {
      const code = await updateFromYo({
        ...update,
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
      beside: isProject(this.plan!) ? writeBase : undefined,
    });
  }

  /** Commit the staging folder into place (keeping existing agent guides) and print the next steps. */
  async end(): Promise<void> {
    if (this.planOnly || !this.staging) return;
    const plan = this.plan!;
    // One line for the base copies (`writeBase`), after Yeoman's `create …` lines for the project's
    // files and in their format: queued on the same adapter (behind the queued log lines), and
    // awaited so it comes before the next steps.
    if (isProject(plan))
      await this.env.adapter.queue((a) => {
        a.log.create(`${BASE_DIR}/ (a copy of each file: what \`pipecat update\` merges your edits against)`);
      });
    commitPlan(plan, this.staging, this._request(), this._opts.note ?? ((text) => this.log(text.trimEnd())));
    const target = plan.dest.target;
    const installed = this.install
      ? await installDependencies(target, (text) => (this._opts.note ? this._opts.note(`${text}\n`) : this.log(text)))
      : [];
    this._out(nextStepsText(plan, this._request(), installed));
  }
}
