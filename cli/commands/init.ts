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
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import { clientKindByTemplate } from '../../generators/app/client-kinds.js';
import { CONFIG_OPTIONS } from '../../generators/app/config/options.js';
import { deriveValues, readConfigFile, resolveConfig, type ConfigLayer } from '../../generators/app/config/resolve.js';
import { selectableServiceIds } from '../../generators/app/config/schema.js';
import { destinationProblem } from '../../generators/app/destination.js';
import type { ProjectConfig } from '../../generators/app/config/types.js';
import { CancelledError, UserError } from '../errors.js';

/** Parsed arguments of `pipecat init` (config options are read by their flag names). */
export interface InitArgs {
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

/**
 * Refuse an output that cannot take the project: `<output>` is a file, or `<output>/<name>`
 * exists and is not an empty folder (the rule shared with the wizard and `yo pipecat`).
 *
 * @param output absolute output folder
 * @param target absolute project folder
 * @throws UserError (exit 2); nothing is touched
 */
function checkDestination(output: string, target: string): void {
  const problem = destinationProblem(output, target);
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
 * Generate the project into a staging folder next to the target and rename it into place.
 * On any failure or interruption the staging folder is removed.
 *
 * @param config resolved configuration
 * @param output absolute output folder (created if missing)
 * @param target absolute project folder
 */
async function writeProject(config: ProjectConfig, output: string, target: string): Promise<void> {
  const createdOutput = !existsSync(output);
  mkdirSync(output, { recursive: true });
  const staging = join(output, `.${config.project_name}.pipecat-${process.pid}-${Date.now().toString(36)}`);
  let interrupted = false;
  const onSignal = (): void => {
    interrupted = true;
    rmSync(staging, { recursive: true, force: true });
    if (createdOutput) rmSync(output, { recursive: true, force: true });
    process.stderr.write('cancelled: nothing was written\n');
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { generateInto } = await import('../../generators/app/run.js');
    await generateInto(config, staging);
    if (interrupted) throw new CancelledError();
    if (existsSync(target)) rmSync(target, { recursive: false, force: true });
    if (existsSync(target)) throw new UserError(`${target} appeared while generating; nothing was written`);
    renameSync(staging, target);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (createdOutput) rmSync(output, { recursive: true, force: true });
    throw err;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

/**
 * Short next steps printed after a project is written.
 *
 * @param config the configuration
 * @param target absolute project folder
 */
function nextSteps(config: ProjectConfig, target: string): string {
  const fromCwd = relative(process.cwd(), target);
  const rel = fromCwd === '' ? '.' : fromCwd.startsWith('..') ? target : fromCwd;
  const d = deriveValues(config);
  const lines = [
    `Created ${config.project_name} in ${rel}`,
    '',
    'Next steps:',
    `  cd ${rel}/server`,
    '  cp .env.example .env      # fill in your API keys',
    '  uv sync',
    '  uv run bot.py             # http://localhost:7860',
  ];
  const kind = d.client ? clientKindByTemplate(d.client) : undefined;
  if (kind) lines.push('', `The ${kind.label} client (${kind.template}), in another terminal:`, `  cd ${rel}/client && ${kind.runCommand}`);
  if (config.deploy_to_cloud) lines.push('', 'Deploy to Pipecat Cloud (see README.md):', `  pipecat cloud secrets set ${d.secret_set} --file ${rel}/server/.env`);
  lines.push('', `See ${rel}/README.md for each transport and for deploying.`);
  return lines.join('\n') + '\n';
}

/** Options the command adds besides the configuration options. */
function builder(yargs: Argv): Argv<InitArgs> {
  let y = yargs
    .usage(
      '$0 init [options]\n\nScaffold a Pipecat bot project. Without --name or --config the interactive wizard runs (needs a terminal).',
    )
    .option('output', { alias: 'o', type: 'string', describe: 'Folder to create the project in (default: current directory)', group: 'Input and output:' })
    .option('config', { alias: 'c', type: 'string', describe: 'JSON config file (keys: docs/configuration.md); flags override it', group: 'Input and output:' })
    .option('dry-run', { type: 'boolean', describe: 'Print the resolved configuration as JSON and write nothing', group: 'Input and output:' })
    .option('list-options', { type: 'boolean', describe: 'Print every valid bot type, transport and service id as JSON', group: 'Input and output:' });
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
    .epilogue('Exit codes: 0 success, 1 failed while writing, 2 invalid input (nothing written), 130 cancelled.') as unknown as Argv<InitArgs>;
}

/** The `init` command module. */
export const initCommand: CommandModule<object, InitArgs> = {
  command: 'init',
  describe: 'Scaffold a Pipecat bot project (server, optional web client, cloud deployment)',
  builder,
  handler: async (argv) => {
    if (argv['list-options']) {
      process.stdout.write(JSON.stringify(listOptions(), null, 2) + '\n');
      return;
    }
    checkBooleanValues(process.argv.slice(2));
    if (argv.config === '') throw new UserError('--config needs the path of a JSON config file');
    const flags = flagsLayer(argv);
    if (flags.project_name === undefined && argv.config === undefined) {
      const interactive = process.stdin.isTTY && process.stdout.isTTY;
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
    const configLayer = typeof argv.config === 'string' ? readConfigFile(argv.config) : undefined;
    const config = resolveConfig({ config: configLayer, flags });
    await finishInit(config, argv);
  },
};

/**
 * Check the destination, then print the dry run or write the project and print next steps.
 * Shared by the non-interactive path and the wizard.
 *
 * @param config resolved configuration
 * @param argv parsed arguments (`--output`, `--dry-run`)
 * @throws UserError when the destination cannot take the project
 */
export async function finishInit(config: ProjectConfig, argv: InitArgs): Promise<void> {
  const output = resolve(typeof argv.output === 'string' && argv.output !== '' ? argv.output : '.');
  const target = join(output, config.project_name);
  checkDestination(output, target);
  if (argv['dry-run']) {
    process.stdout.write(JSON.stringify(await dryRunDocument(config, target), null, 2) + '\n');
    return;
  }
  await writeProject(config, output, target);
  process.stdout.write(nextSteps(config, target));
}
