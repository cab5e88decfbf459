/**
 * `npm run bench`: the start-up, init, update, wizard, secrets, install and test-tier targets,
 * measured in one run on this machine.
 *
 * Every row is a median over several runs of a real process, interleaved round by round so a
 * change of load hits every row alike, and is compared with bare `node -e 0` measured in the same
 * rounds:
 * - `--help`, `--version`, `init --list-options` (wall time of the process);
 * - a full non-interactive `init` (the Yeoman generator writes a cascade web bot);
 * - a `pipecat update` of a generated project that is already current (update runs no
 *   Yeoman; no target, compare with an earlier run);
 * - `pipecat doctor` of that project (healthy: it reads the code with Python once), against the full
 *   `init` that made it (at most 1.5×: checking a project should cost no more than making it);
 * - the wizard: time from starting `pipecat init` in a tmux pane until the bytes of its first
 *   question ("Project name") reach the pane (read through `tmux pipe-pane`);
 * - `secrets set` with 200 keys from a dotenv file as a process, against the local emulator (in
 *   this process) with 20 ms latency per answer, against a baseline (`bench/put-baseline.ts`: a
 *   plain Node process sending one PUT per key serially) (no CPU row: the wall time is what a user waits for);
 * - the install: `npm pack` of this checkout, then a cold `npm install <tarball>` into
 *   an empty folder with a fresh npm cache, against `npm install create-vite` done the same way
 *   (wall time, installed size: the bytes of the files under node_modules, packages installed);
 *   it needs the npm registry and says why it is skipped when `npm ping` cannot reach it;
 * - with `--tests`: the wall time of the fast test tier (`jest`, as `npm test` runs it, without the
 *   build and typecheck steps), against 180 s (stretch 90 s).
 *
 * Beside each ratio it prints its required and stretch targets and whether they are met.
 * A benchmark, not a timed test: it never fails on a missed target (exit 0 unless a measurement
 * itself fails).
 *
 * Usage: `npm run bench` (builds first), or `node dist/bench/run.js [options]` after `npm run build`:
 * - `--quick`: one run per row and 20 keys (a smoke run; test/bench.test.ts uses it);
 * - `--runs N`: runs per row (default 9 for start-up rows, 5 for init and the wizard, 3 for secrets);
 * - `--keys N`: keys of the `secrets set` rows (default 200);
 * - `--tests`: also time the fast test tier (minutes; run it on an idle machine);
 * - `--no-wizard`, `--no-secrets`, `--no-install`: leave those rows out.
 * The binary measured is the package's `bin.pipecat` entry (what users run). How each row is
 * measured: bench/measure.ts; the rows and their targets: bench/rows.ts.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../cli/emulator/server.js';
import { childEnv, coldInstall, median, registryProblem, ROOT, timeNode, TmuxTimer, type InstallRun } from './measure.js';
import { installRows, render, secretsRows, testsRow, timingRows, type InstallMedians, type Row } from './rows.js';

const BASELINE = join(ROOT, 'dist', 'bench', 'put-baseline.js');

/** Options read from the command line. */
interface BenchOptions {
  quick: boolean;
  runs?: number;
  keys: number;
  tests: boolean;
  wizard: boolean;
  secrets: boolean;
  install: boolean;
}

/**
 * Read the options (see this file's comment).
 *
 * @throws Error naming an unknown option, or one whose number is not a positive whole number
 */
function parseOptions(argv: string[]): BenchOptions {
  const o: BenchOptions = { quick: false, keys: 200, tests: false, wizard: true, secrets: true, install: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a positive whole number`);
      return n;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--runs') o.runs = num();
    else if (a === '--keys') o.keys = num();
    else if (a === '--tests') o.tests = true;
    else if (a === '--no-wizard') o.wizard = false;
    else if (a === '--no-secrets') o.secrets = false;
    else if (a === '--no-install') o.install = false;
    else throw new Error(`unknown option ${a} (see bench/run.ts)`);
  }
  if (o.quick && !argv.includes('--keys')) o.keys = 20;
  return o;
}

/** The executable users run: `bin.pipecat` of package.json. */
function binPath(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(ROOT, pkg.bin.pipecat);
}

/** Write a dotenv file of `n` random keys; returns its path. */
function keysFile(dir: string, n: number): string {
  const path = join(dir, `keys-${n}.env`);
  const lines = Array.from({ length: n }, (_, i) => `BENCH_KEY_${i}=${randomBytes(24).toString('base64url')}`);
  writeFileSync(path, lines.join('\n') + '\n', { mode: 0o600 });
  return path;
}

/** Samples by name (`bare`, `help`, `init`, …), one per run. */
type Samples = Record<string, number[]>;

/** The arguments of the measured `init`: a cascade web bot with SmallWebRTC. */
const INIT_ARGS = [
  'init',
  '-m',
  'cascade',
  '--stt',
  'deepgram_stt',
  '--llm',
  'openai_llm',
  '--tts',
  'cartesia_tts',
  '-b',
  'web',
  '-t',
  'smallwebrtc',
];

/**
 * The start-up rows, init, update and the wizard, round by round (a change of load hits each alike).
 *
 * @param tmp the run's scratch folder (projects are generated below it)
 */
async function measureRounds(bin: string, tmp: string, samples: Samples, runs: { startup: number; init: number }, tmux?: TmuxTimer) {
  const add = (k: string, v: number) => (samples[k] ??= []).push(v);
  // The project `pipecat update` finds current in every round.
  await timeNode([bin, ...INIT_ARGS, '--output', tmp, '--name', 'current']);
  const current = join(tmp, 'current');
  for (let r = 0; r < Math.max(runs.startup, runs.init); r++) {
    if (r < runs.startup) {
      add('bare', (await timeNode(['-e', '0'])).ms);
      add('help', (await timeNode([bin, '--help'])).ms);
      add('version', (await timeNode([bin, '--version'])).ms);
      add('list', (await timeNode([bin, 'init', '--list-options'])).ms);
    }
    if (r >= runs.init) continue;
    const out = join(tmp, `init-${r}`);
    mkdirSync(out);
    add('init', (await timeNode([bin, ...INIT_ARGS, '--output', out, '--name', 'x'])).ms);
    add('update', (await timeNode([bin, 'update', current])).ms);
    add('doctor', (await timeNode([bin, 'doctor', current])).ms);
    if (tmux) {
      const wdir = join(tmp, `wizard-${r}`);
      mkdirSync(wdir);
      add('tmux-bare', await tmux.time(`node -e "process.stdout.write('bench' + '-ready')"`, 'bench-ready', wdir));
      add('wizard', await tmux.time(`node ${JSON.stringify(bin)} init`, 'Project name', wdir));
    }
  }
}

/** `secrets set` of `keys` keys against the emulator (20 ms per answer), and the baseline, interleaved. */
async function measureSecrets(bin: string, tmp: string, samples: Samples, keys: number, runs: number): Promise<void> {
  const file = keysFile(tmp, keys);
  const slow = await startEmulator({ port: 0, latencyMs: 20 });
  try {
    const ours = { PIPECAT_API_HOST: slow.url, PIPECAT_TOKEN: slow.token, PIPECAT_ORG: slow.org, HOME: tmp };
    const base = (set: string) => ({
      BENCH_URL: slow.url,
      BENCH_TOKEN: slow.token,
      BENCH_ORG: slow.org,
      BENCH_SET: set,
      BENCH_FILE: file,
      BENCH_REGION: 'us-west',
    });
    for (let r = 0; r < runs; r++) {
      (samples['secrets-ours'] ??= []).push(
        (await timeNode([bin, 'cloud', 'secrets', 'set', `ours-${r}`, '--file', file, '--skip'], { env: ours })).ms,
      );
      (samples['secrets-base'] ??= []).push((await timeNode([BASELINE], { env: base(`base-${r}`) })).ms);
    }
  } finally {
    await slow.close();
  }
}

/** The packed package and create-vite, each installed cold, interleaved; or why not. */
async function measureInstalls(tmp: string, runs: number): Promise<{ ours: InstallMedians; vite: InstallMedians } | { skipped: string }> {
  const problem = registryProblem();
  if (problem) return { skipped: problem };
  const packed = spawnSync('npm', ['pack', '--pack-destination', tmp, '--ignore-scripts', '--json', '--loglevel=error'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: childEnv(),
  });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const tarball = join(tmp, (JSON.parse(packed.stdout) as { filename: string }[])[0].filename);
  const ours: InstallRun[] = [];
  const vite: InstallRun[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      ours.push(await coldInstall(tarball, tmp));
      vite.push(await coldInstall('create-vite', tmp));
    }
  } catch (err) {
    return { skipped: `an install failed: ${err instanceof Error ? err.message.split('\n')[0].slice(0, 120) : String(err)}` };
  }
  const med = (xs: InstallRun[]): InstallMedians => ({
    ms: median(xs.map((x) => x.ms)),
    bytes: median(xs.map((x) => x.bytes)),
    packages: median(xs.map((x) => x.packages)),
  });
  return { ours: med(ours), vite: med(vite) };
}

/** The fast test tier (`jest`, as `npm test` runs it, without build and typecheck): wall ms and jest's summary. */
function measureTests(): { ms: number; summary: string } {
  const started = performance.now();
  const r = spawnSync('npx', ['jest'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  return { ms, summary: `${r.stdout}\n${r.stderr}`.match(/^\d+ passed, \d+ failed.*$/m)?.[0] ?? `exit ${r.status}` };
}

/** The load averages (1, 5, 15 minutes), as printed. */
function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Measure every row asked for, then print the report on stdout. */
async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const bin = binPath();
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` first`);
  const runs = {
    startup: opts.runs ?? (opts.quick ? 1 : 9),
    init: opts.runs ?? (opts.quick ? 1 : 5),
    secrets: opts.runs ?? (opts.quick ? 1 : 3),
    install: opts.runs ?? (opts.quick ? 1 : 3),
  };
  const haveTmux = spawnSync('tmux', ['-V']).status === 0 && spawnSync('mkfifo', ['--version']).status === 0;
  const loadBefore = load();
  const tmp = mkdtempSync(join(tmpdir(), 'pipecat-bench-'));
  const tmux = haveTmux && opts.wizard ? new TmuxTimer(tmp) : undefined;
  const samples: Samples = {};
  try {
    await measureRounds(bin, tmp, samples, runs, tmux);
    if (opts.secrets) await measureSecrets(bin, tmp, samples, opts.keys, runs.secrets);
    const installs = opts.install ? await measureInstalls(tmp, runs.install) : { skipped: '--no-install' };
    const tests = opts.tests ? measureTests() : undefined;
    const m = (k: string) => (samples[k]?.length ? median(samples[k]) : undefined);
    const rows: Row[] = [
      ...timingRows(m, tmux ? 'measured' : opts.wizard ? 'tmux' : 'off'),
      ...(opts.secrets ? secretsRows(m, opts.keys) : []),
      ...installRows(installs),
      ...(tests ? [testsRow(tests.ms, tests.summary)] : []),
    ];
    const counts = `runs: ${runs.startup} start-up, ${runs.init} init/update/wizard${opts.secrets ? `, ${runs.secrets} secrets` : ''}${'skipped' in installs ? '' : `, ${runs.install} installs`}`;
    process.stdout.write(
      [
        `pipecat bench: node ${process.version}, ${availableParallelism()} CPUs, ${counts}`,
        `binary: ${bin.slice(ROOT.length + 1)}; ratios are against bare \`node -e 0\` (secrets: against the baseline; install: create-vite; size, packages, npm test: MB, count, seconds)`,
        `load average before: ${loadBefore}; after: ${load()}`,
        '',
        render(rows),
        '',
      ].join('\n'),
    );
  } finally {
    tmux?.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
