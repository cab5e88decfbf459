/**
 * Test helpers: run the real built `pipecat` binary and inspect real files.
 *
 * Tests call `npm run build` first (the `test` script does), so `dist/cli/main.js` is the binary
 * users get.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiIndexPath, checkServerPath, sharedAvailable } from './shared.js';

/** Repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built binary. */
export const BIN = join(ROOT, 'dist', 'cli', 'main.js');

/** Cascade services most tests use: `-m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts`. */
export const CASCADE_ARGS = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts'];
/** A minimal web bot: SmallWebRTC and {@link CASCADE_ARGS}. */
export const WEB_ARGS = ['-b', 'web', '-t', 'smallwebrtc', ...CASCADE_ARGS];
/**
 * A web project (without its `--name`) whose choices differ from the wizard's built-in defaults
 * wherever they can (no client, two transports, AssemblyAI + Anthropic, recording on, local only):
 * a question that ignored a recorded answer and took its default would show.
 */
export const AWAY_FROM_DEFAULTS_ARGS = (
  '-b web --client-framework none -t smallwebrtc -t daily -m cascade ' +
  '--stt assemblyai_stt --llm anthropic_llm --tts cartesia_tts --recording --no-deploy-to-cloud'
).split(' ');

/** Result of one run of the binary. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options for {@link runCli}. */
export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  input?: string;
  /** Another copy of the binary to run instead of the repository's build. */
  bin?: string;
}

/**
 * The environment of a process a test starts (the binary, `yo`, a shell in tmux): this one's, with
 * no colours, no update notifier and without jest's `NODE_OPTIONS`; `extra` adds variables, and
 * removes those it maps to `undefined`.
 */
export function childEnv(extra?: RunOptions['env']): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', NO_UPDATE_NOTIFIER: '1' };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the binary
  for (const [k, v] of Object.entries(extra ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Run `pipecat <args>` synchronously (stdin is empty unless `input` is given: never a TTY).
 *
 * @param args command-line arguments
 * @param opts working directory, environment, stdin
 */
export function runCli(args: string[], opts: RunOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [opts.bin ?? BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: childEnv(opts.env),
    input: opts.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Run `pipecat <args>` asynchronously (for running several generations in parallel).
 *
 * @param args command-line arguments
 * @param opts working directory and environment
 */
export function runCliAsync(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [opts.bin ?? BIN, ...args],
      { cwd: opts.cwd ?? ROOT, env: childEnv(opts.env), encoding: 'utf8', timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

/**
 * Map over items with at most `limit` running at once.
 *
 * @param items inputs
 * @param limit concurrency
 * @param fn async work per item
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  });
  await Promise.all(workers);
  return results;
}

/** A fresh temporary directory; remove it with {@link removeDir}. */
export function makeTempDir(prefix = 'pipecat-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A copy of the built binary that another user can run, for tests that run it as `nobody` or
 * another uid: the files the package ships that the binary reads (package.json, `dist/cli`,
 * `dist/generators/app/index.js`, `dist/vendor`, `templates`, `python`) copied into `dir`, which
 * is made traversable by others (mode 0755). The checkout itself may sit where no other user can
 * reach it (a clone under `/root`, or in any folder of mode 0700).
 *
 * @param dir an empty folder (created when missing), e.g. under the test's temp folder
 * @returns the copy's `dist/cli/main.js`
 */
export function binForOtherUsers(dir: string): string {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  for (const path of ['package.json', 'dist/cli', 'dist/generators/app/index.js', 'dist/vendor', 'templates', 'python'])
    cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  return join(dir, 'dist', 'cli', 'main.js');
}

/** Remove a directory tree. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Every file under `dir` (relative paths, sorted), with contents.
 *
 * @param dir directory to read
 * @param encoding `utf8` (default) or `base64` to compare bytes exactly
 */
export function readTree(dir: string, encoding: 'utf8' | 'base64' = 'utf8'): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p).toString(encoding);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Every file under `dir` with its bytes (base64), by relative path: for byte-for-byte comparisons. */
export function readBytes(dir: string): Record<string, string> {
  return readTree(dir, 'base64');
}

/**
 * Create a folder the user `yo` runs as can write: `yo` started as root switches to uid 1000
 * (downgrade-root), so when the tests run as root the folder is given to that user.
 *
 * @param path folder to create (parents included)
 * @returns the same path
 */
export function userDir(path: string): string {
  mkdirSync(path, { recursive: true });
  if (process.getuid?.() === 0) chownSync(path, 1000, 1000);
  return path;
}

/**
 * Whether {@link checkServers} can run: check_server.py, the pipecat API index it reads, python3
 * and pyflakes (CI has all four; see test/helpers/shared.ts for the variables). Call it when the
 * test file loads and choose `test` or `test.skip`: when something is missing it prints the group's
 * one skip line.
 *
 * @param what the group of checker tests (named in the skip line)
 */
export function checkerAvailable(what: string): boolean {
  return sharedAvailable(what, 'checkServer', 'apiIndex');
}

/** One project's checker summary. */
export interface CheckSummary {
  project: string;
  error: number;
  warning: number;
  unknown: number;
  findings: { check: string; severity: string; message: string; file?: string; line?: number }[];
}

/**
 * Checker findings the generated projects show on purpose, each with its reason. {@link checkServers}
 * drops them (and lowers the counts), so every other warning still fails a test.
 */
export const ACCEPTED_FINDINGS: readonly { check: string; message: RegExp; reason: string }[] = [
  {
    check: 'pcc',
    message: /^pcc-deploy\.toml has no image \(deploy then needs --image or a cloud build\)$/,
    reason:
      'pipecat 1.7.0 writes pcc-deploy.toml without `image` so `pcc deploy` builds the image on Pipecat Cloud (Cloud Build); the README shows how to add `image` for a self-pushed image (issue 12)',
  },
];

/** Whether a finding is one of {@link ACCEPTED_FINDINGS}. */
export function acceptedFinding(f: { check: string; message: string }): boolean {
  return ACCEPTED_FINDINGS.some((a) => a.check === f.check && a.message.test(f.message));
}

/**
 * Run check_server.py ({@link checkServerPath}) over many projects in one Python process (its own
 * `run_checks`, loaded once) against the API index ({@link apiIndexPath}), and return each
 * project's counts and findings, without the {@link ACCEPTED_FINDINGS}. Only when {@link checkerAvailable}.
 *
 * @param projects project directories
 */
export function checkServers(projects: string[]): CheckSummary[] {
  const checker = checkServerPath();
  const index = apiIndexPath();
  if (!checker || !index)
    throw new Error('checkServers: check_server.py or the pipecat API index is missing (guard with checkerAvailable)');
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(dirname(checker))})
import check_server as cs
api, source = cs.load_api(${JSON.stringify(index)})
out = []
for p in sys.argv[1:]:
    rep = cs.run_checks(p, api)
    out.append({"project": p, "error": rep.count("error"), "warning": rep.count("warning"),
                "unknown": rep.count("unknown"),
                "findings": [f for f in rep.findings if f["severity"] in ("error", "warning", "unknown")]})
print(json.dumps(out))
`;
  const r = spawnSync('python3', ['-c', script, ...projects], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`check_server failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as CheckSummary[]).map((summary) => {
    const accepted = summary.findings.filter(acceptedFinding);
    const findings = summary.findings.filter((f) => !acceptedFinding(f));
    const count = (sev: string) => accepted.filter((f) => f.severity === sev).length;
    return {
      ...summary,
      findings,
      error: summary.error - count('error'),
      warning: summary.warning - count('warning'),
      unknown: summary.unknown - count('unknown'),
    };
  });
}

/**
 * mulberry32: a small seeded PRNG, so a fuzz draws the same cases and kill points on every run.
 *
 * @param seed any 32-bit integer
 * @returns a function giving numbers in [0, 1)
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
