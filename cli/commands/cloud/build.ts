/**
 * `pipecat cloud build list | status <build-id> | logs <build-id>`: the Cloud Builds that
 * `pipecat cloud deploy` starts when it is given no image.
 *
 * Follows the official CLI (pipecatcloud `cli/commands/build.py`; docs.pipecat.ai
 * `api-reference/cli/cloud/build`): `list` with `--limit/-n` (1-100, default 10), `--status/-s` and
 * `--region/-r`, newest first, "Showing N of M"; `status` with the build's fields and what to run
 * next; `logs` with `--limit/-n` (1-10000, default 500), oldest first, each line after its time when
 * the platform sends one. Ours: bad flags, an unknown region and an organisation the token does not
 * have exit 2; a build that does not exist exits 1 (the official CLI means to, and exits 0);
 * `--output plain|json`. Guide: docs/cloud-organizations.md.
 */
import type { Options, PositionalOptions } from 'yargs';
import type { Build, BuildStatus } from '../../cloud-api/deploy-types.js';
import { ApiError } from '../../cloud-api/errors.js';
import { OperationFailedError, UserError } from '../../errors.js';
import { renderPairs, renderTable } from '../../output/table.js';
import type { CloudArgs, CloudIO, Session } from './common.js';
import type { CloudGroupDefinition, Emit, Resolved } from './define.js';
import { visibleField, visibleLines } from '../../../generators/app/output/terminal-safe.js';

/** Build statuses `--status` takes (pipecatcloud `_utils/build_utils.py` `BuildStatus`). */
const BUILD_STATUSES: readonly BuildStatus[] = ['pending', 'building', 'success', 'failed', 'timeout'];

/** Parsed options of the build commands. */
interface BuildArgs extends CloudArgs {
  'build-id'?: string;
  limit?: number;
  status?: BuildStatus;
  region?: string;
}

/**
 * A build's duration as the official CLI writes it: `45s`, `2m 5s`, `1h 3m`; empty when unknown.
 *
 * @param seconds whole seconds, or null/undefined
 */
function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}

/** A size as the official CLI writes it: `512 B`, `1.5 KB`, `50.0 MB` (pipecatcloud `format_size`). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * `--limit` checked against its bounds.
 *
 * @throws UserError (exit 2) naming `--limit`
 */
function checkedLimit(v: number | undefined, dflt: number, max: number): number {
  const limit = v ?? dflt;
  if (!Number.isInteger(limit) || limit < 1 || limit > max)
    throw new UserError(`--limit must be a whole number from 1 to ${max} (got ${String(v)})`);
  return limit;
}

async function list(io: CloudIO, argv: Resolved<BuildArgs>, emit: Emit): Promise<void> {
  const limit = checkedLimit(argv.limit, 10, 100);
  const s = await io.openSession(argv);
  if (argv.region !== undefined) {
    const codes = (await s.client.regions(s.org)).map((r) => r.code);
    if (!codes.includes(argv.region))
      throw new UserError(`--region ${visibleField(argv.region)} is not a region of ${visibleField(s.org)}`, [
        `regions: ${codes.map(visibleField).join(', ')}`,
      ]);
  }
  const page = await s.client.buildPage(s.org, { status: argv.status, region: argv.region, limit });
  emit({ ok: true, organization: s.org, builds: page.builds, total: page.total });
  if (argv.json) return;
  const filters = [argv.status && `status ${visibleField(argv.status)}`, argv.region && `region ${visibleField(argv.region)}`]
    .filter(Boolean)
    .join(', ');
  if (!page.builds.length) {
    io.err(`no builds in ${visibleField(s.org)}${filters ? ` (${filters})` : ''}\n`);
    return;
  }
  const rows = page.builds.map((b) => [b.id, b.status, b.region, formatDuration(b.buildDurationSeconds), b.createdAt ?? '']);
  io.out(renderTable(['build id', 'status', 'region', 'duration', 'created'], rows, argv.output) + '\n');
  const shown = page.total > page.builds.length ? `${page.builds.length} of ${page.total}` : `${page.builds.length}`;
  io.err(`showing ${shown} builds${filters ? ` (${filters})` : ''}; details: pipecat cloud build status <build-id>\n`);
}

/**
 * Runs a request about one build, turning a 404 into "not found" (exit 1) when the organisation
 * is the token's (when it is not, the error goes on to the unknown-organisation rule that every
 * cloud command runs under, `./known-org.ts`); a 400 (the platform refuses the ID) into a
 * UserError naming the argument (exit 2).
 */
async function aboutBuild<T>(s: Session, id: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.status === 400)
      throw new UserError(`build-id ${visibleField(id)}: the platform refused it: ${err.apiMessage}`);
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const orgs = await s.client.organizations().catch(() => undefined);
    if (orgs && !orgs.some((o) => o.name === s.org)) throw err;
    throw new OperationFailedError(`build ${visibleField(id)} not found in ${visibleField(s.org)}`, [
      'list the builds with: pipecat cloud build list',
    ]);
  }
}

/** The `[label, value]` pairs of `build status` (the official panel's fields, present ones only). */
function statusPairs(b: Build): [string, string][] {
  const pairs: [string, string | null | undefined][] = [
    ['build id', b.id],
    ['status', b.status],
    ['region', b.region],
    ['context hash', b.contextHash],
    ['dockerfile', b.dockerfilePath ?? 'Dockerfile'],
    ['created', b.createdAt],
    ['started', b.startedAt],
    ['completed', b.completedAt],
    ['duration', b.buildDurationSeconds ? formatDuration(b.buildDurationSeconds) : undefined],
    ['context size', b.contextSizeBytes ? formatSize(b.contextSizeBytes) : undefined],
    ['image size', b.imageSizeBytes ? formatSize(b.imageSizeBytes) : undefined],
    ['image', b.imageUri],
    ['error', b.errorMessage],
  ];
  return pairs.filter((p): p is [string, string] => typeof p[1] === 'string' && p[1] !== '');
}

async function status(io: CloudIO, argv: Resolved<BuildArgs>, emit: Emit): Promise<void> {
  const id = String(argv['build-id']).trim();
  if (!id) throw new UserError('the build-id argument is empty: give a build ID (see pipecat cloud build list)');
  const s = await io.openSession(argv);
  const b = await aboutBuild(s, id, () => s.client.getBuild(s.org, id));
  emit({ ok: true, organization: s.org, build: b });
  if (argv.json) return;
  io.out(renderPairs(statusPairs(b), argv.output) + '\n');
  if (b.status === 'failed' || b.status === 'timeout') io.err(`full log: pipecat cloud build logs ${visibleField(id)}\n`);
  else if (b.status === 'pending' || b.status === 'building')
    io.err(
      `build in progress; check again: pipecat cloud build status ${visibleField(id)}, or follow its log: pipecat cloud build logs ${visibleField(id)}\n`,
    );
}

async function logs(io: CloudIO, argv: Resolved<BuildArgs>, emit: Emit): Promise<void> {
  const id = String(argv['build-id']).trim();
  if (!id) throw new UserError('the build-id argument is empty: give a build ID (see pipecat cloud build list)');
  const limit = checkedLimit(argv.limit, 500, 10_000);
  const s = await io.openSession(argv);
  const lines = await aboutBuild(s, id, () => s.client.buildLogEntries(s.org, id, limit));
  emit({ ok: true, organization: s.org, build: id, logs: lines });
  if (argv.json) return;
  if (!lines.length)
    io.err(`no logs for build ${visibleField(id)} yet; it may still be starting: pipecat cloud build status ${visibleField(id)}\n`);
  for (const l of lines) io.out(`${l.timestamp ? `${visibleField(l.timestamp)} ` : ''}${visibleLines(l.message)}\n`);
}

/** The build ID argument. */
const BUILD_ID: Readonly<Record<string, PositionalOptions>> = {
  'build-id': { type: 'string', describe: 'Build ID (see `pipecat cloud build list`)', demandOption: true },
};

/** `--limit/-n` with its default and maximum in the description. */
const limitOption = (dflt: number, max: number, what: string): Options => ({
  alias: 'n',
  type: 'number',
  requiresArg: true,
  describe: `Number of ${what} (default ${dflt}, at most ${max})`,
});

/** `--help` epilogue of the build commands: exit codes and guide. */
const BUILD_EPILOGUE =
  'Exit codes: 0 shown (whatever the build status); 1 no such build, or the request failed; 2 bad flags or build ID, ' +
  'an organisation or region the token does not have; 4 not logged in. Guide: docs/cloud-organizations.md';

/** The `cloud build` group (the official `build list|status|logs`). */
export const BUILD_GROUP: CloudGroupDefinition = {
  command: 'build <command>',
  describe: 'See the Cloud Builds of deploys: list, status, logs',
  official: 'build',
  commands: [
    {
      command: 'list',
      describe: 'List recent builds, newest first',
      official: 'build list',
      options: {
        limit: limitOption(10, 100, 'builds'),
        status: { alias: 's', type: 'string', requiresArg: true, choices: BUILD_STATUSES, describe: 'Only builds with this status' },
        region: { alias: 'r', type: 'string', requiresArg: true, describe: 'Only builds in this region' },
      },
      examples: [['$0 cloud build list --status failed', 'the failed builds']],
      epilogue: BUILD_EPILOGUE,
      run: list,
    },
    {
      command: 'status <build-id>',
      describe: "Show a build's status, times, sizes and error",
      official: 'build status',
      positionals: BUILD_ID,
      epilogue: BUILD_EPILOGUE,
      run: status,
    },
    {
      command: 'logs <build-id>',
      describe: "Show a build's log, oldest line first",
      official: 'build logs',
      positionals: BUILD_ID,
      options: { limit: limitOption(500, 10_000, 'log lines') },
      epilogue: BUILD_EPILOGUE,
      run: logs,
    },
  ],
};
