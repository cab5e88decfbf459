/**
 * `pipecat init`: scaffold a Pipecat bot project from flags, a JSON config file, or the wizard.
 *
 * Flags and config keys come from one table (`generators/app/config/options.ts`); values are
 * resolved by the one resolver (`generators/app/config/resolve.ts`); files come from the file
 * table through the Yeoman generator, written into a staging folder that is renamed into place
 * (the project appears whole or not at all). `--help`, `--list-options` and `--dry-run` never load
 * Yeoman.
 *
 * Exit codes: 0 written (or dry run / list printed), 2 invalid input (nothing written),
 * 1 unexpected failure while writing (nothing left behind), 130 interrupted.
 */
import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import { CONFIG_OPTIONS } from '../../generators/app/config/options.js';
import { deriveValues, readConfigFile, resolveConfig, type ConfigLayer } from '../../generators/app/config/resolve.js';
import { selectableServiceIds } from '../../generators/app/config/schema.js';
import { destinationProblem, inPlaceProblem } from '../../generators/app/destination.js';
import { beginStaging, sweepBeside, type Staging } from '../../generators/app/staging.js';
import { GUIDE_FILES } from '../../generators/app/files.js';
import { nextSteps } from '../../generators/app/next-steps.js';
import { schemaProblem } from '../../generators/app/wizard/questions.js';
import type { ProjectConfig } from '../../generators/app/config/types.js';
import { UserError, pendingUsageProblems } from '../errors.js';
import { ConfigError } from '../../generators/app/config/resolve.js';

/** Parsed arguments of `pipecat init` (config options are read by their flag names). */
export interface InitArgs {
  /** `pipecat init [directory]`: write the project into this folder itself (in-place init). */
  directory?: string;
  /** Replace existing agent guides (`AGENTS.md`, `CLAUDE.md`, `GETTING_STARTED.md`). */
  'overwrite-guide'?: boolean;
  /** Write only the agent guides and `GETTING_STARTED.md` (build the bot with a coding agent). */
  'coding-agent'?: boolean;
  output?: string;
  config?: string;
  'dry-run'?: boolean;
  'list-options'?: boolean;
  [flag: string]: unknown;
}

/**
 * The JSON printed by `--list-options`: the spec's exact shape, ids only, selectable entries only.
 *
 * @returns `{ bot_type, transports: { web, telephony }, stt, llm, tts, realtime, video }`
 */
export function listOptions(): Record<string, unknown> {
  return {
    bot_type: ['web', 'telephony'],
    transports: {
      web: TRANSPORTS.filter((t) => t.kind === 'web').map((t) => t.id),
      telephony: TRANSPORTS.filter((t) => t.kind === 'telephony').map((t) => t.id),
    },
    stt: selectableServiceIds('stt'),
    llm: selectableServiceIds('llm'),
    tts: selectableServiceIds('tts'),
    realtime: selectableServiceIds('realtime'),
    video: selectableServiceIds('video'),
  };
}

/**
 * The flags layer: only options given on the command line (yargs leaves absent ones undefined).
 *
 * @param argv parsed arguments
 */
export function flagsLayer(argv: InitArgs): ConfigLayer {
  const layer: ConfigLayer = {};
  for (const o of CONFIG_OPTIONS) {
    const v = argv[o.flag];
    if (v !== undefined) layer[o.key] = v;
  }
  return layer;
}

/**
 * Refuse `--flag=value` for a boolean option when the value is not `true` or `false` (yargs would
 * quietly read `--recording=maybe` as false).
 *
 * @param rawArgs the command line as typed (after the executable)
 * @throws UserError (exit 2) naming every such flag
 */
export function checkBooleanValues(rawArgs: readonly string[]): void {
  const names = new Set(CONFIG_OPTIONS.filter((o) => o.type === 'boolean').flatMap((o) => [o.flag, ...(o.flagAliases ?? [])]));
  const problems: string[] = [];
  for (const arg of rawArgs) {
    const m = /^--(?:no-)?([a-z-]+)=(.*)$/.exec(arg);
    if (m && names.has(m[1]) && !['true', 'false'].includes(m[2])) {
      problems.push(`${arg.split('=')[0]}: takes no value (or =true / =false), got ${JSON.stringify(m[2])}`);
    }
  }
  if (problems.length) throw new UserError('invalid configuration: nothing was written', problems);
}

/** Where a project goes: `<output>/<name>`, or a folder given as `pipecat init DIR` (in place). */
export interface Destination {
  /** Absolute project folder. */
  target: string;
  /** `pipecat init DIR`: the files go into `target` itself, which may hold other files. */
  inPlace: boolean;
}

/**
 * The destination of a run, from `DIRECTORY` or `--output` and the project name.
 *
 * @param argv parsed arguments
 * @param projectName the resolved project name
 */
export function destinationOf(argv: InitArgs, projectName: string): Destination {
  if (typeof argv.directory === 'string' && argv.directory !== '') return { target: resolve(argv.directory), inPlace: true };
  const output = resolve(typeof argv.output === 'string' && argv.output !== '' ? argv.output : '.');
  return { target: join(output, projectName), inPlace: false };
}

/**
 * For `pipecat init DIR`: refuse DIR with `--output`, and give the project name from the folder's
 * name when `--name` (or the config file) does not.
 *
 * @param argv parsed arguments
 * @param flags the flags layer; gains `project_name` when it is derived
 * @param configName `project_name` of the config file, if any
 * @throws UserError (exit 2) naming `--output` or `--name`
 */
export function applyDirectory(argv: InitArgs, flags: ConfigLayer, configName: unknown): void {
  if (argv.directory === undefined) return;
  if (typeof argv.directory !== 'string' || argv.directory === '') throw new UserError('DIRECTORY must be a folder path (e.g. `pipecat init .` or `pipecat init my-bot`)');
  if (typeof argv.output === 'string') {
    throw new UserError(`DIRECTORY (${argv.directory}) and --output both say where the project goes: give one`, [
      `pipecat init ${argv.directory} …  writes into ${argv.directory} itself`,
      '--output DIR --name NAME    writes into DIR/NAME',
    ]);
  }
  if (flags.project_name !== undefined || configName !== undefined) return;
  const name = basename(resolve(argv.directory));
  const bad = schemaProblem('project_name', name);
  if (bad) throw new UserError(`--name: the directory's name ${JSON.stringify(name)} is not a valid project name (${bad}): pass --name`);
  flags.project_name = name;
}

/**
 * Refuse a destination that cannot take the project: for `<output>/<name>`, an `<output>` that is
 * a file or a `<name>` folder that is not empty; in place, a generated project or entries the
 * project would write (rules in `generators/app/destination.ts`).
 *
 * @param dest where the project goes
 * @param planned the project's relative file paths
 * @param guides agent guides that already exist in place (kept, or replaced with --overwrite-guide)
 * @throws UserError (exit 2); nothing is touched
 */
function checkDestination(dest: Destination, planned: readonly string[], guides: readonly string[]): void {
  const problem = dest.inPlace ? inPlaceProblem(dest.target, planned, guides) : destinationProblem(resolve(dest.target, '..'), dest.target);
  if (problem) throw new UserError(problem);
}

/**
 * The `--dry-run` document: the configuration (same keys as the config file, canonical ids) and,
 * under `derived`, what would be written. Feeding it back through `--config` gives the same
 * configuration (`derived` is ignored on input).
 *
 * @param config resolved configuration
 * @param target absolute project folder
 */
async function dryRunDocument(config: ProjectConfig, target: string): Promise<Record<string, unknown>> {
  const [{ buildContext }, { planFiles }] = await Promise.all([import('../../generators/app/context.js'), import('../../generators/app/files.js')]);
  const ctx = buildContext(config);
  return {
    ...config,
    derived: {
      ...deriveValues(config),
      output_dir: target,
      python: ctx.requiresPython,
      pipecat_requirement: ctx.pipecatRequirement,
      env_vars: ctx.envGroups.flatMap((g) => g.vars.filter((v) => !v.commented).map((v) => v.name)),
      files: planFiles(ctx).map((f) => f.to),
    },
  };
}

/**
 * Generate the project into a staging folder and commit it into place
 * (`generators/app/staging.ts`: created parents, in-place moves, signal cleanup, SIGKILL leftovers).
 *
 * @param config resolved configuration
 * @param dest where the project goes
 * @throws whatever generating throws, after undoing everything
 */
async function writeProject(config: ProjectConfig, dest: Destination, guides: GuidePlan): Promise<void> {
  const staging = beginStaging(dest.target);
  try {
    const { generateInto } = await import('../../generators/app/run.js');
    await generateInto(config, staging.dir);
    commitWithGuides(staging, guides);
  } catch (err) {
    staging.abort();
    throw err;
  }
}

/** Agent guides that already exist in an in-place target, and what to do with them. */
export interface GuidePlan {
  /** Top-level guide names present in the target. */
  existing: string[];
  /** `--overwrite-guide`: replace them; else they are kept and the staged copies dropped. */
  overwrite: boolean;
}

/**
 * The guide plan of a destination: which of {@link GUIDE_FILES} exist there.
 *
 * @param dest where the files go
 * @param overwrite whether `--overwrite-guide` was given
 */
function guidePlan(dest: Destination, overwrite: boolean): GuidePlan {
  const existing = GUIDE_FILES.filter((g) => {
    try {
      lstatSync(join(dest.target, g));
      return true;
    } catch {
      return false;
    }
  });
  return { existing: dest.inPlace ? existing : [], overwrite };
}

/**
 * Commit a staging folder, keeping (or, with `--overwrite-guide`, replacing) the guides that
 * exist, and say which were kept.
 */
function commitWithGuides(staging: Staging, guides: GuidePlan): void {
  if (!guides.overwrite) {
    for (const g of guides.existing) rmSync(join(staging.dir, g), { force: true });
  }
  staging.commit(guides.overwrite ? guides.existing : []);
  const kept = guides.overwrite ? [] : guides.existing.filter((g) => GUIDE_FILES.includes(g));
  if (kept.length) process.stderr.write(`kept your ${kept.join(', ')} (--overwrite-guide replaces ${kept.length > 1 ? 'them' : 'it'} with ours)\n`);
}

/**
 * `--coding-agent`: write only the agent guides and GETTING_STARTED.md (the anchor's "build with
 * a coding agent" path): no bot, no service questions.
 *
 * @param dest where the guides go
 * @param name project name shown in the guides
 * @param overwrite `--overwrite-guide`
 */
async function writeGuidesOnly(dest: Destination, name: string, overwrite: boolean, dryRun: boolean): Promise<void> {
  sweepBeside(dest.target);
  const { renderGuidesOnly } = await import('../../generators/app/render.js');
  const files = renderGuidesOnly(name);
  const problem = dest.inPlace ? inPlaceProblem(dest.target, [], []) : destinationProblem(dirname(dest.target), dest.target);
  if (problem && !problem.includes('.yo-rc.json')) throw new UserError(problem);
  const guides = guidePlan({ ...dest, inPlace: true }, overwrite);
  if (dryRun) {
    process.stdout.write(JSON.stringify({ project_name: name, coding_agent: true, derived: { output_dir: dest.target, files: files.map((f) => f.path).filter((p) => overwrite || !guides.existing.includes(p)) } }, null, 2) + '\n');
    return;
  }
  const staging = beginStaging(dest.target);
  try {
    for (const f of files) {
      mkdirSync(dirname(join(staging.dir, f.path)), { recursive: true });
      writeFileSync(join(staging.dir, f.path), f.contents);
    }
    commitWithGuides(staging, guides);
  } catch (err) {
    staging.abort();
    throw err;
  }
  const rel = relative(process.cwd(), dest.target) || '.';
  process.stdout.write(
    [
      `Set up ${name} for building with a coding agent in ${rel === '.' ? 'the current directory' : rel}.`,
      '',
      `Read ${rel === '.' ? '' : `${rel}/`}GETTING_STARTED.md for how to prompt your agent, then open a coding session ${rel === '.' ? 'here' : `in ${rel}`}.`,
      '',
    ].join('\n'),
  );
}

/** Options the command adds besides the configuration options. */
function builder(yargs: Argv): Argv<InitArgs> {
  let y = yargs
    .usage(
      '$0 init [DIRECTORY] [options]\n\nScaffold a Pipecat bot project: into DIRECTORY itself (created when missing; its name is the default --name), or into --output/--name. The interactive wizard asks what flags and --config do not give (needs a terminal).',
    )
    .positional('directory', { type: 'string', describe: 'Folder to write the project into (e.g. `.`); may already hold .git, AGENTS.md, editor settings' })
    .option('output', { alias: 'o', type: 'string', describe: 'Folder to create the project in (default: current directory)', group: 'Input and output:' })
    .option('config', { alias: 'c', type: 'string', describe: 'JSON config file (keys: docs/configuration.md), `-` for stdin, at most 1 MiB; flags override it', group: 'Input and output:' })
    .option('dry-run', { type: 'boolean', describe: 'Print the resolved configuration as JSON and write nothing', group: 'Input and output:' })
    .option('list-options', { type: 'boolean', describe: 'Print every valid bot type, transport and service id as JSON', group: 'Input and output:' })
    .option('overwrite-guide', { type: 'boolean', describe: 'Replace existing AGENTS.md, CLAUDE.md and GETTING_STARTED.md with ours (default: keep them)', group: 'Input and output:' })
    .option('coding-agent', { type: 'boolean', describe: 'Build with a coding agent: write only AGENTS.md, CLAUDE.md and GETTING_STARTED.md, no bot', group: 'Input and output:' });
  for (const o of CONFIG_OPTIONS) {
    y = y.option(o.flag, {
      type: o.type,
      alias: [...(o.short ? [o.short] : []), ...(o.flagAliases ?? [])],
      describe: o.describe + (o.type === 'boolean' ? (o.default ? ` (default: on; --no-${o.flag} turns it off)` : ' (default: off)') : ''),
      group: o.type === 'boolean' ? 'Features:' : 'Project:',
      ...(o.type === 'array' ? { string: true } : {}),
    });
  }
  return y
    .example('$0 init --list-options', 'list transport and service ids')
    .example(
      '$0 init -n my-bot -b web -t rtc_small -m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts',
      'a web bot with SmallWebRTC',
    )
    .example('$0 init -c pipecat.json --no-recording', 'from a config file, overriding one key')
    .example('mkdir my-bot && cd my-bot && $0 init . -t daily -m realtime --realtime openai_realtime', 'in place: the project is the current directory, named my-bot')
    .example('$0 init quickstart', 'the quickstart bot (SmallWebRTC and Daily; Deepgram, OpenAI, Cartesia) in ./pipecat-quickstart')
    .example('$0 init my-bot --coding-agent', 'agent guides only: your coding agent scaffolds and builds the bot')
    .epilogue(
      `Transports (--transport, id and what it is): ${TRANSPORTS.map((t) => `${t.id} (${t.label})`).join(', ')}; ` +
        'vendor names such as daily, twilio or plivo work too. Services: `pipecat init --list-options`.\n\n' +
        'Exit codes: 0 success, 1 failed while writing, 2 invalid input (nothing written), 130 cancelled.',
    ) as unknown as Argv<InitArgs>;
}

/** The `init` command module. */
export const initCommand: CommandModule<object, InitArgs> = {
  command: 'init [directory]',
  describe: 'Scaffold a Pipecat bot project (server, optional web client, cloud deployment)',
  builder,
  handler: async (argv) => {
    if (argv['list-options']) {
      process.stdout.write(JSON.stringify(listOptions(), null, 2) + '\n');
      return;
    }
    const usage = pendingUsageProblems.splice(0);
    if (usage.length) throw withConfigProblems(usage, argv);
    checkBooleanValues(process.argv.slice(2));
    if (stdinConfig(process.argv.slice(2))) {
      argv.config = '-';
      if (argv.directory === '' || argv.directory === '-') delete argv.directory; // the same lone `-`
    }
    if (argv.config === '') throw new UserError('--config needs the path of a JSON config file');
    const flags = flagsLayer(argv);
    let configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
    if (argv.directory === QUICKSTART_WORD) {
      // `pipecat init quickstart`: the fixed preset, in ./pipecat-quickstart; flags still override.
      if (configLayer) throw new UserError('--config: `pipecat init quickstart` is a fixed preset; drop --config (flags may override single values)');
      argv.directory = QUICKSTART.project_name as string;
      configLayer = { ...QUICKSTART };
    }
    if (argv['coding-agent']) {
      applyDirectory(argv, flags, configLayer?.project_name);
      const name = (flags.project_name ?? configLayer?.project_name) as string | undefined;
      if (typeof name !== 'string') throw new UserError('--coding-agent needs a folder: `pipecat init DIR --coding-agent` (or --name NAME)');
      const bad = schemaProblem('project_name', name);
      if (bad) throw new UserError(`--name: ${bad}`);
      await writeGuidesOnly(destinationOf(argv, name), name, argv['overwrite-guide'] === true, argv['dry-run'] === true);
      return;
    }
    applyDirectory(argv, flags, configLayer?.project_name);
    const interactive = !!(process.stdin.isTTY && process.stdout.isTTY);
    // The wizard asks what is missing: without --name and --config, or in place with values missing.
    const wizard = configLayer === undefined && (flags.project_name === undefined || (argv.directory !== undefined && interactive && !complete(flags)));
    if (wizard) {
      if (interactive) {
        const { runWizard } = await import('../wizard-entry.js');
        await runWizard(argv, flags);
        return;
      }
      throw new UserError('no terminal for the wizard: pass --name (and the other options) or --config <file>', [
        'e.g. pipecat init --name my-bot --bot-type web --transport rtc_small --mode cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts',
        'see `pipecat init --help` and `pipecat init --list-options`',
      ]);
    }
    const config = resolveConfig({ config: configLayer, flags });
    await finishInit(config, argv);
  },
};

/**
 * The error for a command line with unknown flags or stray words: those problems, and every problem
 * the rest of the configuration has, in one report; nothing is written (issue 13).
 *
 * @param usage lines from the yargs failure handler (`cli/suggest.ts`)
 * @param argv parsed arguments
 */
function withConfigProblems(usage: string[], argv: InitArgs): UserError {
  const problems = [...usage];
  try {
    const configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
    const flags = flagsLayer(argv);
    resolveConfig({ config: configLayer, flags });
  } catch (err) {
    if (err instanceof ConfigError) problems.push(...err.problems);
    else if (err instanceof UserError) problems.push(err.message, ...err.problems);
  }
  return new UserError('invalid command line: nothing was written', problems);
}

/** `pipecat init quickstart` (the anchor's spelling): this word as DIRECTORY selects {@link QUICKSTART}. */
export const QUICKSTART_WORD = 'quickstart';

/**
 * The quickstart preset, as pipecat 1.7.0's `pipecat init quickstart` sets it (`scaffold.py`,
 * `scaffold_quickstart`): a web bot on SmallWebRTC and Daily, Deepgram → OpenAI (Responses API) →
 * Cartesia, deployable to Pipecat Cloud, in `./pipecat-quickstart`.
 */
export const QUICKSTART: ConfigLayer = {
  project_name: 'pipecat-quickstart',
  bot_type: 'web',
  transports: ['rtc_small', 'rtc_hosted'],
  mode: 'cascade',
  stt_service: 'deepgram_stt',
  llm_service: 'openai_responses_llm',
  tts_service: 'cartesia_tts',
  deploy_to_cloud: true,
};

/** Whether the command line says `--config -` (yargs reads a lone `-` as an empty value). */
function stdinConfig(rawArgs: readonly string[]): boolean {
  return rawArgs.some((a, i) => (a === '--config' || a === '-c') && rawArgs[i + 1] === '-') || rawArgs.includes('--config=-');
}

/** Whether flags alone resolve to a configuration (nothing left for the wizard to ask). */
function complete(flags: ConfigLayer): boolean {
  try {
    resolveConfig({ flags });
    return true;
  } catch {
    return false;
  }
}

/**
 * Check the destination, then print the dry run or write the project and print next steps.
 * Shared by the non-interactive path and the wizard.
 *
 * @param config resolved configuration
 * @param argv parsed arguments (`--output`, `--dry-run`)
 * @throws UserError when the destination cannot take the project
 */
export async function finishInit(config: ProjectConfig, argv: InitArgs): Promise<void> {
  const dest = destinationOf(argv, config.project_name);
  sweepBeside(dest.target); // what a killed run left must not look like the user's files
  const [{ buildContext }, { planFiles }] = await Promise.all([import('../../generators/app/context.js'), import('../../generators/app/files.js')]);
  const guides = guidePlan(dest, argv['overwrite-guide'] === true);
  checkDestination(dest, planFiles(buildContext(config)).map((f) => f.to), guides.existing);
  if (argv['dry-run']) {
    process.stdout.write(JSON.stringify(await dryRunDocument(config, dest.target), null, 2) + '\n');
    return;
  }
  await writeProject(config, dest, guides);
  process.stdout.write(nextSteps(config, dest.target));
}
