/**
 * `pipecat cloud emulator`: run a local emulator of the Pipecat Cloud API until SIGINT/SIGTERM.
 *
 * Prints on stdout the lines a shell can use (`PIPECAT_API_HOST=...`, `PIPECAT_TOKEN=...`,
 * `PIPECAT_ORG=...`), and on stderr one line per API request. See docs/cloud-emulator.md and
 * `cli/emulator/server.ts`.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { processCloudIO, type CloudIO } from './common.js';

const intOption = (name: string, v: number, min = 0) => {
  if (!Number.isInteger(v) || v < min) throw new UserError(`--${name} must be a whole number >= ${min} (got ${String(v)})`);
  return v;
};

/** The non-empty, trimmed items of a comma-separated option value. */
const commaList = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The flags of `pipecat cloud emulator` (none of the cloud commands' own: it talks to no platform,
 * and it is outside the output contract), with its examples.
 *
 * @param y the command's yargs instance
 */
function emulatorOptions(y: Argv<object>) {
  return y
    .option('port', { type: 'number', default: 0, describe: 'TCP port (0 = pick a free one)', requiresArg: true })
    .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on', requiresArg: true })
    .option('data', {
      type: 'string',
      describe: 'JSON file to keep state in across restarts (written atomically, mode 0600)',
      requiresArg: true,
    })
    .option('token', {
      type: 'string',
      describe: "Accepted bearer token (default: the data file's, or a generated one, printed)",
      requiresArg: true,
    })
    .option('org', { type: 'string', describe: 'Organisation name served (default emulator-org)', requiresArg: true })
    .option('orgs', {
      type: 'string',
      describe: "Comma-separated organisations of the token; the first is the key's and printed as PIPECAT_ORG",
      requiresArg: true,
      conflicts: 'org',
    })
    .option('regions', {
      type: 'string',
      default: 'us-west,us-east,eu-central,ap-south',
      describe: 'Comma-separated region codes',
      requiresArg: true,
    })
    .option('default-region', { type: 'string', describe: 'Organisation default region (default us-west)', requiresArg: true })
    .option('provision-ms', {
      type: 'number',
      default: 0,
      describe: 'How long a set stays "pending" after a write, in ms',
      requiresArg: true,
    })
    .option('latency-ms', { type: 'number', default: 0, describe: 'Delay added to every API answer, in ms', requiresArg: true })
    .option('build-ms', { type: 'number', default: 1500, describe: 'How long a Cloud Build takes, in ms', requiresArg: true })
    .option('deploy-ms', {
      type: 'number',
      default: 1000,
      describe: 'How long an agent deployment takes to become ready, in ms',
      requiresArg: true,
    })
    .option('quiet', { type: 'boolean', describe: 'Do not log requests on stderr' })
    .example('$0 cloud emulator --port 4010 --data .pipecat-emulator.json', 'persist state in a file')
    .example('PIPECAT_API_HOST=http://127.0.0.1:4010 PIPECAT_TOKEN=<token> $0 cloud auth whoami', 'use it from another terminal');
}

/**
 * Parsed options of `pipecat cloud emulator`, as yargs types them from {@link emulatorOptions}:
 * `port`, `host`, `regions`, `provision-ms`, `latency-ms`, `build-ms` and `deploy-ms` always set
 * (their defaults), the others when given.
 */
type EmulatorArgs = ReturnType<typeof emulatorOptions> extends Argv<infer T> ? T : never;

/** The `pipecat cloud emulator` command of the binary. */
const emulatorCommand: CommandModule<object, EmulatorArgs> = {
  command: 'emulator',
  describe: 'Run a local emulator of the Pipecat Cloud API (secrets, agents, builds, auth) for offline use and tests',
  builder: emulatorOptions,
  handler: emulatorHandler(processCloudIO),
};

/**
 * The `pipecat cloud emulator` command module with the given collaborators.
 *
 * @param io collaborators, made when the command runs (default: the process's)
 */
export function createEmulatorCommand(io: () => CloudIO = processCloudIO): CommandModule<object, EmulatorArgs> {
  return { ...emulatorCommand, handler: emulatorHandler(io) };
}

/** The handler of `pipecat cloud emulator`, given a maker of its collaborators (called once per run). */
function emulatorHandler(io: () => CloudIO): CommandModule<object, EmulatorArgs>['handler'] {
  return async (argv: ArgumentsCamelCase<EmulatorArgs>) => {
    const x = io();
    const port = intOption('port', argv.port);
    if (port > 65535) throw new UserError(`--port must be between 0 and 65535 (got ${port})`);
    const regions = commaList(argv.regions);
    if (regions.length === 0) throw new UserError('--regions needs at least one region code');
    const defaultRegion = argv['default-region'] ?? (regions.includes('us-west') ? 'us-west' : regions[0]);
    if (!regions.includes(defaultRegion))
      throw new UserError(`--default-region ${defaultRegion} is not one of --regions (${regions.join(', ')})`);
    if (argv.token !== undefined && !argv.token.trim()) throw new UserError('--token must not be empty');
    const orgs = argv.orgs === undefined ? undefined : commaList(argv.orgs);
    if (orgs?.length === 0) throw new UserError('--orgs needs at least one organisation name');
    let emu;
    try {
      // Loaded here: the other cloud commands share this module's chunk and never run a server.
      const { startEmulator } = await import('../../emulator/server.js');
      emu = await startEmulator({
        port,
        host: argv.host,
        dataFile: argv.data,
        token: argv.token,
        org: argv.org,
        orgs,
        regions,
        defaultRegion,
        provisionMs: intOption('provision-ms', argv['provision-ms']),
        latencyMs: intOption('latency-ms', argv['latency-ms']),
        buildMs: intOption('build-ms', argv['build-ms']),
        deployMs: intOption('deploy-ms', argv['deploy-ms']),
        log: argv.quiet ? undefined : (line) => x.err(`${line}\n`),
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EADDRINUSE') throw new UserError(`--port ${port}: the port is already in use on ${argv.host}`);
      if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') throw new UserError(`--host ${argv.host}: cannot listen on this address`);
      if (/emulator data file/.test(e.message) || (argv.data && e.code)) throw new UserError(`--data ${argv.data}: ${e.message}`);
      throw err;
    }
    // Signal handlers first: whoever reads the printed lines may signal us at once.
    // The first signal stops it; the watch is then removed, so a second one kills the process.
    const interrupts = x.watchInterrupts();
    const stopped = interrupts.first.then(async (signal) => {
      x.err(`received ${signal}, stopping the emulator\n`);
      interrupts.dispose();
      await emu.close().catch(() => undefined);
    });
    x.err(
      `Pipecat Cloud emulator listening on ${emu.url} (organisation${emu.orgs.length > 1 ? `s ${emu.orgs.join(', ')}` : ` ${emu.org}`}${argv.data ? `, data in ${argv.data}` : ', in memory'}).\n` +
        `Point the CLI at it with the lines printed on stdout (export them), e.g. PIPECAT_API_HOST=${emu.url} PIPECAT_TOKEN=... pipecat cloud secrets list\n` +
        'Press Ctrl-C to stop.\n',
    );
    x.out(`PIPECAT_API_HOST=${emu.url}\nPIPECAT_TOKEN=${emu.token}\nPIPECAT_ORG=${emu.org}\n`);
    await stopped;
  };
}
