/**
 * Test helpers for the cloud tests: temp dirs, running the built `pipecat` binary, and starting
 * the emulator binary as a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built binary. */
export const BIN = join(ROOT, 'dist', 'cli', 'main.js');

/** Make a temp dir; remove it with {@link cleanup}. */
export async function tempDir(prefix = 'pipecat-cloud-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Remove temp dirs. */
export async function cleanup(...dirs: string[]): Promise<void> {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
}

/** Result of {@link runCli}. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * An environment for the binary with no inherited Pipecat settings: HOME points at `home`.
 *
 * @param home temp HOME
 * @param extra variables to add
 */
export function cleanEnv(home: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('PIPECAT_') || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  env.HOME = home;
  env.NO_COLOR = '1';
  env.PIPECAT_RETRY_BASE_MS = '5';
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Run `node dist/cli/main.js ...args` with stdin piped (`input`, or empty) and wait for it, in
 * `cwd` when given.
 */
export function runCli(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; cwd?: string },
): Promise<CliResult> {
  return new Promise((resolveP, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: opts.env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveP({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** A running emulator child process. */
export interface EmulatorProcess {
  child: ChildProcess;
  url: string;
  token: string;
  org: string;
  stderr: () => string;
  /** Send a signal and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Start `pipecat cloud emulator --port 0 ...args` and wait for the lines it prints.
 */
export function spawnEmulator(args: string[], env: NodeJS.ProcessEnv): Promise<EmulatorProcess> {
  return new Promise((resolveP, reject) => {
    const child = spawn(process.execPath, [BIN, 'cloud', 'emulator', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`emulator did not start: ${err}`));
    }, 15_000);
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const host = /^PIPECAT_API_HOST=(.+)$/m.exec(out)?.[1];
      const token = /^PIPECAT_TOKEN=(.+)$/m.exec(out)?.[1];
      const org = /^PIPECAT_ORG=(.+)$/m.exec(out)?.[1];
      if (host && token && org) {
        clearTimeout(timer);
        resolveP({
          child,
          url: host,
          token,
          org,
          stderr: () => err,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}: ${err}`));
    });
  });
}
