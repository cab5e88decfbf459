/**
 * The options of `pipecat init` (one row per option, so a new row is a new flag here without code): its yargs builder, the flags
 * layer read back from the parsed arguments, and the `--list-options` document. The configuration
 * options come from the options table (`generators/app/config/options.ts`) and the ids from the
 * catalogue; `init.ts` holds the handler.
 */
import type { Argv } from 'yargs';
import { SEED_TRANSPORT_IDS, TRANSPORTS, transportName } from '../../generators/app/catalogue/catalogue.js';
import { PRESETS } from '../../generators/app/catalogue/presets.js';
import { flagsLayer as layerOfFlags, yargsOptions } from '../../generators/app/config/flags.js';
import type { ConfigLayer } from '../../generators/app/config/resolve.js';
import type { CommandContext } from './context.js';
import { ROLE_OF_KEY, optionFor } from '../../generators/app/config/options.js';
import { selectableServiceIds } from '../../generators/app/config/schema.js';
import { checkDashValues } from './value-checks.js';

/** Parsed arguments of `pipecat init` (config options are read by their flag names). */
export interface InitArgs extends Pick<CommandContext, 'usageProblems'> {
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
  /** `--yes`/`-y`: skip the wizard's final confirmation. */
  yes?: boolean;
  [flag: string]: unknown;
}

/**
 * The JSON printed by `--list-options`: the spec's exact shape, ids only, selectable entries only.
 *
 * @returns `{ bot_type, transports: { web, telephony }, stt, llm, tts, realtime, video }`
 */
export function listOptions(): Record<string, unknown> {
  return {
    bot_type: [...(optionFor('bot_type').choices ?? [])],
    transports: {
      web: TRANSPORTS.filter((t) => t.kind === 'web').map((t) => t.id),
      telephony: TRANSPORTS.filter((t) => t.kind === 'telephony').map((t) => t.id),
    },
    // One list per service row of the options table, named by its role: stt, llm, tts, realtime, video.
    ...Object.fromEntries(Object.values(ROLE_OF_KEY).map((role) => [role, selectableServiceIds(role)])),
  };
}

/**
 * What `init --list-options` prints: {@link listOptions} as JSON, two-space indented, with a final
 * newline. The build writes it to `dist/cli/list-options.json` for the entry's fast path (cli/entry.ts).
 */
export function listOptionsJson(): string {
  return JSON.stringify(listOptions(), null, 2) + '\n';
}

/**
 * The flags layer: only options given on the command line (yargs leaves absent ones undefined).
 *
 * @param argv parsed arguments
 */
export function initArgvLayer(argv: InitArgs): ConfigLayer {
  return layerOfFlags((name) => argv[name]);
}

/**
 * The yargs builder of `pipecat init`: its own options, then one flag per options-table row.
 *
 * @param yargs the command's yargs instance
 */
export function builder(yargs: Argv): Argv {
  // Before yargs acts on any flag: `-n -dash` must not turn into `-n '' -d -a -s -h` (help).
  const raw = process.argv.slice(2); // as processInitIO's rawArgs (yargs/helpers here would move yargs out of the entry bundle)
  if (raw[0] === 'init') checkDashValues(raw.slice(1));
  let y = yargs
    .usage(
      '$0 init [DIRECTORY] [options]\n\nScaffold a Pipecat bot project: into DIRECTORY itself (created when missing; its name is the default --name), or into --output/--name. The interactive wizard asks what flags and --config do not give (needs a terminal).',
    )
    .positional('directory', {
      type: 'string',
      describe: 'Folder to write the project into (e.g. `.`); may already hold .git, AGENTS.md, editor settings',
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      describe: 'Folder to create the project in (default: current directory)',
      group: 'Input and output:',
    })
    .option('config', {
      alias: 'c',
      type: 'string',
      describe: 'JSON config file (keys: docs/configuration.md), `-` for stdin, at most 1 MiB; flags override it',
      group: 'Input and output:',
    })
    .option('dry-run', {
      type: 'boolean',
      describe: 'Print the resolved configuration as JSON and write nothing',
      group: 'Input and output:',
    })
    .option('list-options', {
      type: 'boolean',
      describe: 'Print every valid bot type, transport and service id as JSON',
      group: 'Input and output:',
    })
    .option('overwrite-guide', {
      type: 'boolean',
      describe: 'Replace existing AGENTS.md, CLAUDE.md and GETTING_STARTED.md with ours (default: keep them)',
      group: 'Input and output:',
    })
    .option('yes', {
      alias: 'y',
      type: 'boolean',
      describe:
        "Do not ask the wizard's final confirmation nor offer to install the dependencies (init asks nothing else; it never overwrites)",
      group: 'Input and output:',
    })
    .option('coding-agent', {
      type: 'boolean',
      describe: 'Build with a coding agent: write only AGENTS.md, CLAUDE.md and GETTING_STARTED.md, no bot',
      group: 'Input and output:',
    });
  for (const [flag, spec] of yargsOptions((o) =>
    o.type === 'boolean' ? (o.default ? ` (default: on; --no-${o.flag} turns it off)` : ' (default: off)') : '',
  ))
    y = y.option(flag, spec);
  return y
    .example('$0 init --list-options', 'list transport and service ids')
    .example(
      '$0 init -n my-bot -b web -t smallwebrtc -m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts',
      'a web bot with SmallWebRTC',
    )
    .example('$0 init -c pipecat.json --no-recording', 'from a config file, overriding one key')
    .example(
      'mkdir my-bot && cd my-bot && $0 init . -t daily -m realtime --realtime openai_realtime',
      'in place: the project is the current directory, named my-bot',
    )
    .example(PRESETS.map((p): [string, string] => [`$0 init ${p.word}`, `${p.summary} in ./${p.values.project_name}`]))
    .example('$0 init my-bot --coding-agent', 'agent guides only: your coding agent scaffolds and builds the bot')
    .epilogue(
      `Transports (--transport, id and what it is): ${TRANSPORTS.map(transportName).join(', ')}; ` +
        `the earlier ids (${Object.keys(SEED_TRANSPORT_IDS).slice(0, 3).join(', ')} …) still work. Services: \`pipecat init --list-options\`.\n\n` +
        'Exit codes: 0 success, 1 failed (nothing left behind), 2 invalid input, or a destination that cannot take the project ' +
        '(nothing written), 129 stopped by SIGHUP, ' +
        '130 cancelled (Ctrl-C, SIGINT), 143 stopped by SIGTERM (nothing written). Every code: docs/exit-codes.md',
    );
}
