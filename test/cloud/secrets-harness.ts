/**
 * Shared harness of the `pipecat cloud secrets` end-to-end suites.
 *
 * - {@link SecretsHarness.run} runs the REAL built binary (`node dist/cli/main.js cloud secrets ...`)
 *   against a REAL emulator on 127.0.0.1 (random port), with `PIPECAT_API_HOST`, `PIPECAT_TOKEN`,
 *   `PIPECAT_ORG`, `HOME` and `PIPECAT_CONFIG_PATH` pointing at temp dirs.
 * - Every run goes through the leak guard: stdout and stderr are appended to the suite's transcript
 *   and checked at once against every secret value the suite registered ({@link SecretsHarness.secret}),
 *   whole and, for generated tokens, any {@link WINDOW}-character piece of them. Each suite ends with
 *   {@link SecretsHarness.assertNoLeaks} over the whole transcript.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from '../helpers/cli.js';
import { cleanEnv, spawnEmulator } from './helpers.js';

// The repository root and the built CLI, found from the helpers' own place rather than the working
// directory (a yeoman-test run that fails in the same worker can leave that elsewhere).
export { BIN, ROOT };

/** Length of the pieces of generated secrets that must not appear either ("not even in part"). */
export const WINDOW = 6;

/** Output of one CLI run. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  args: string[];
}

/** A leak found in some output. */
export interface Leak {
  /** Which registered secret (by its label, never the value). */
  label: string;
  /** `whole` or `piece`. */
  kind: 'whole' | 'piece';
  /** Command whose output leaked. */
  command: string;
}

/** Letters that never occur in hex, JSON keywords aside: generated secrets use only these. */
const ALPHABET = 'ghjkmnpqrstvwxzGHJKMNPQRSTVWXZ';

/**
 * Finds registered secrets in a text.
 *
 * @param text output to check
 * @param secrets registered secrets: `value`, whether pieces are checked too, and a label
 * @param command the command line, for the report
 * @returns every leak found (empty when clean)
 */
export function findLeaks(text: string, secrets: readonly { value: string; pieces: boolean; label: string }[], command: string): Leak[] {
  const leaks: Leak[] = [];
  for (const s of secrets) {
    if (s.value.length > 0 && text.includes(s.value)) {
      leaks.push({ label: s.label, kind: 'whole', command });
      continue;
    }
    if (s.pieces) {
      for (let i = 0; i + WINDOW <= s.value.length; i++) {
        if (text.includes(s.value.slice(i, i + WINDOW))) {
          leaks.push({ label: s.label, kind: 'piece', command });
          break;
        }
      }
    }
  }
  return leaks;
}

/** Options of {@link SecretsHarness.run}. */
export interface RunOptions {
  /** Text written to the child's stdin (otherwise stdin is closed at once). */
  stdin?: string;
  /** Extra or overriding environment variables (`undefined` removes one). */
  env?: Record<string, string | undefined>;
  /** Working directory (default: the harness temp dir). */
  cwd?: string;
}

/** Emulator handle as returned by `startEmulator`. */
export interface EmulatorHandle {
  url: string;
  token: string;
  org: string;
  close(): Promise<void>;
}

/**
 * One suite's harness: temp dirs, emulator, secret registry, transcript.
 */
export class SecretsHarness {
  readonly transcript: string[] = [];
  private readonly secrets: { value: string; pieces: boolean; label: string }[] = [];
  dir = '';
  emulator!: EmulatorHandle;

  /**
   * Creates the temp dir and starts the emulator.
   *
   * @param start starts the emulator (the suite passes `startEmulator` with its options)
   */
  async setUp(start: () => Promise<EmulatorHandle>): Promise<void> {
    this.dir = await mkdtemp(join(tmpdir(), 'pipecat-secrets-test-'));
    this.emulator = await start();
    this.register(this.emulator.token, 'emulator token', false);
  }

  /** Stops the emulator and removes the temp dir. */
  async tearDown(): Promise<void> {
    await this.emulator?.close();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * Registers a value that must never appear in any output.
   *
   * @param value the secret value
   * @param label how a leak report names it
   * @param pieces also look for any {@link WINDOW}-character piece (for random tokens only)
   */
  register(value: string, label: string, pieces = false): string {
    this.secrets.push({ value, pieces, label });
    return value;
  }

  /**
   * A new random secret value (only letters that are not hex digits), registered with pieces.
   *
   * @param label name in leak reports
   * @param length characters (default 20)
   */
  secret(label = 'generated secret', length = 20): string {
    let v = '';
    for (let i = 0; i < length; i++) v += ALPHABET[randomInt(ALPHABET.length)];
    return this.register(v, label, true);
  }

  /** Environment of a CLI run: the emulator, its token and org, temp HOME and config path. */
  baseEnv(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '',
      HOME: this.dir,
      PIPECAT_CONFIG_PATH: join(this.dir, 'pipecatcloud.toml'),
      PIPECAT_API_HOST: this.emulator.url,
      PIPECAT_TOKEN: this.emulator.token,
      PIPECAT_ORG: this.emulator.org,
      PIPECAT_RETRY_BASE_MS: '5',
      PIPECAT_TIMEOUT_MS: '3000',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      NO_UPDATE_NOTIFIER: '1',
    };
  }

  /**
   * Runs `node dist/cli/main.js cloud secrets <args>` and checks its output for leaks.
   *
   * @param args arguments after `cloud secrets`
   * @throws Error naming the leaked secret's label (never the value) when any output leaks
   */
  async run(args: string[], opts: RunOptions = {}): Promise<RunResult> {
    const env: Record<string, string> = { ...this.baseEnv() };
    for (const [k, v] of Object.entries(opts.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const full = ['cloud', 'secrets', ...args];
    const result = await new Promise<RunResult>((resolveRun, reject) => {
      const child = spawn(process.execPath, [BIN, ...full], { cwd: opts.cwd ?? this.dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code, signal) => resolveRun({ code: code ?? (signal ? 128 : -1), stdout, stderr, args: full }));
      child.stdin.on('error', () => undefined);
      child.stdin.end(opts.stdin ?? '');
    });
    // The command line itself may hold test secrets (KEY=value pairs): only its verb is named.
    const command = `pipecat cloud secrets ${args[0] ?? ''} (run ${this.transcript.length + 1})`;
    this.transcript.push(`$ ${command}\n${result.stdout}\n${result.stderr}`);
    const leaks = findLeaks(result.stdout + '\n' + result.stderr, this.secrets, command);
    if (leaks.length > 0) {
      throw new Error(`secret leaked in output: ${leaks.map((l) => `${l.label} (${l.kind}) in ${l.command}`).join('; ')}`);
    }
    return result;
  }

  /**
   * Runs `node dist/cli/main.js <args>` (the whole command line, not only `cloud secrets ...`) in a
   * pseudo-terminal through util-linux `script`, whose size is set with `stty` first: stdin, stdout
   * and stderr are all that terminal. Output (both streams, as the terminal shows them) goes
   * through the leak guard like {@link run}.
   *
   * @param args arguments after the binary
   * @param opts `columns` of the terminal (0 = a terminal that reports no width), `env`, `input`
   *   written once `waitFor` matches the output so far, `timeoutMs` after which the child is killed
   *   (the result then has `timedOut`)
   */
  async runInTerminal(
    args: string[],
    opts: { columns: number; env?: Record<string, string | undefined>; waitFor?: RegExp; input?: string; timeoutMs?: number; cwd?: string },
  ): Promise<{ code: number | null; output: string; timedOut: boolean }> {
    const env: Record<string, string> = { ...this.baseEnv(), TERM: 'xterm-256color' };
    for (const [k, v] of Object.entries(opts.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const inner = `stty cols ${opts.columns} rows 24; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
    const result = await new Promise<{ code: number | null; output: string; timedOut: boolean }>((resolveRun, reject) => {
      const child = spawn('script', ['-qec', inner, '/dev/null'], { cwd: opts.cwd ?? this.dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      let sent = false;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, opts.timeoutMs ?? 20_000);
      const onData = (d: string) => {
        if (output.length < 1_000_000) output += d;
        if (!sent && opts.input !== undefined && opts.waitFor?.test(output)) {
          sent = true;
          child.stdin.write(opts.input);
        }
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.stderr.setEncoding('utf8').on('data', onData);
      child.stdin.on('error', () => undefined);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolveRun({ code, output, timedOut });
      });
      if (opts.input === undefined) child.stdin.end();
    });
    const command = `pipecat ${args.slice(0, 3).join(' ')} in a terminal (run ${this.transcript.length + 1})`;
    this.transcript.push(`$ ${command}\n${result.output}`);
    const leaks = findLeaks(result.output, this.secrets, command);
    if (leaks.length > 0)
      throw new Error(`secret leaked in output: ${leaks.map((l) => `${l.label} (${l.kind}) in ${l.command}`).join('; ')}`);
    return result;
  }

  /**
   * Checks the whole transcript of the suite against every registered secret.
   *
   * @returns number of runs checked
   * @throws Error naming leaked labels
   */
  assertNoLeaks(): number {
    const leaks = findLeaks(this.transcript.join('\n'), this.secrets, 'this suite');
    if (leaks.length > 0) throw new Error(`secrets leaked: ${leaks.map((l) => `${l.label} (${l.kind})`).join(', ')}`);
    return this.transcript.length;
  }
}

/** One entry of `keys` in the `--json` report of `secrets set` (the fields tests read). */
export interface JsonKeyReport {
  key: string;
  source?: string;
  action?: 'add' | 'overwrite';
  status?: string;
  error?: string;
  outcomeUnknown?: boolean;
  httpStatus?: number;
}

/** One entry of `sets` in the `--json` document of `secrets list` (the fields tests read). */
export interface JsonSetSummary {
  name: string;
  type?: string;
  region?: string;
  status?: string;
  errorMessage?: string;
}

/**
 * Parses the single JSON document a `--json` run must print on stdout.
 *
 * @returns the document, untyped: each command prints its own shape, and a test reads the fields it
 *   asserts (a missing one fails that assertion)
 * @throws Error when stdout is not exactly one JSON document
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of five commands with different shapes; see @returns
export function parseJsonOutput(r: RunResult): any {
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new Error(`stdout of ${r.args.join(' ')} is not one JSON document (exit ${r.code}):\n${r.stdout}\n--- stderr:\n${r.stderr}`);
  }
}

/**
 * Asserts an exit code, showing the run's stderr when it differs (the leak guard has already
 * checked that output).
 */
export function expectExit(r: RunResult, code: number): void {
  if (r.code !== code) {
    throw new Error(
      `expected exit ${code}, got ${r.code} for ${r.args.slice(0, 3).join(' ')}\n--- stdout:\n${r.stdout}\n--- stderr:\n${r.stderr}`,
    );
  }
}

/**
 * Starts the real emulator binary (`pipecat cloud emulator --port 0 --quiet ...args`) as a child
 * process on 127.0.0.1 and returns a handle whose `close()` stops it with SIGTERM.
 *
 * @param home temp HOME for the child
 * @param args further emulator options (`--data`, `--provision-ms`, `--token`...)
 */
export async function startEmulatorProcess(home: string, args: string[]): Promise<EmulatorHandle> {
  const p = await spawnEmulator(['--quiet', ...args], cleanEnv(home));
  return {
    url: p.url,
    token: p.token,
    org: p.org,
    close: async () => {
      await p.stop('SIGTERM');
    },
  };
}

/**
 * Re-reads `probe` every 20 ms until `ok` holds for its value, `stop()` turns true (e.g. the run
 * being watched has ended), or `timeoutMs` (default 30 s) has passed, and returns the last value.
 * For waiting on the emulator without assuming how fast the machine is: the timeout only bounds a
 * broken run, and the caller asserts on what this returns.
 */
export async function pollUntil<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  opts: { stop?: () => boolean; timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const value = await probe();
    if (ok(value) || opts.stop?.() || Date.now() >= deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Starts `h.run(args)` and reports whether it has ended yet: for tests that act on the emulator
 * while the CLI is still running (e.g. change a set's status during `--wait`).
 */
export function startRun(h: SecretsHarness, args: string[], opts: RunOptions = {}): { result: Promise<RunResult>; ended: () => boolean } {
  let ended = false;
  const result = h.run(args, opts);
  result.then(
    () => (ended = true),
    () => (ended = true),
  );
  return { result, ended: () => ended };
}
