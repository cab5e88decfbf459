/**
 * How `npm run bench` (bench/run.ts) measures: a real process timed from spawn to exit, a cold
 * `npm install` into an empty folder with a fresh cache, and the time until a text reaches a tmux
 * pane. Each function measures one run; bench/run.ts interleaves them and takes medians.
 */
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file runs from `dist/bench/`). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Environment of every measured process: no colours, no update checks, no Jest flags. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', NO_UPDATE_NOTIFIER: '1', ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

/** Result of one measured process. */
interface ProcessRun {
  /** Wall time from spawn to exit, ms. */
  ms: number;
}

/**
 * Run a process to its end and time it.
 *
 * @param args arguments of `node`
 * @param opts environment additions, working directory, whether to record CPU time
 * @throws Error naming the command and its stderr when it exits non-zero
 */
export async function timeNode(args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}): Promise<ProcessRun> {
  return timeProcess(process.execPath, args, opts);
}

/**
 * Run any executable to its end and time it (wall time).
 *
 * @throws Error naming the command and its stderr when it exits non-zero
 */
async function timeProcess(cmd: string, args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}): Promise<ProcessRun> {
  const env = childEnv(opts.env);
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.trim().slice(0, 500)}`);
  return { ms };
}

/** What one cold install put into its folder. */
export interface InstallRun {
  ms: number;
  /** Bytes of every file under node_modules (symlinks not followed). */
  bytes: number;
  /** Packages installed (entries of node_modules/.package-lock.json). */
  packages: number;
}

/** Bytes of the files below `dir`, symlinks not followed. */
function treeBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += treeBytes(p);
    else if (e.isFile()) total += lstatSync(p).size;
  }
  return total;
}

/**
 * `npm install <spec>` into an empty folder with a fresh npm cache (a first-time user's install).
 *
 * @param spec what to install: a tarball path or a package name
 */
export async function coldInstall(spec: string, tmp: string): Promise<InstallRun> {
  const dir = mkdtempSync(join(tmp, 'install-'));
  const cache = mkdtempSync(join(tmp, 'npm-cache-'));
  writeFileSync(join(dir, 'package.json'), '{}\n');
  const npm = ['install', '--no-audit', '--no-fund', '--no-save', '--ignore-scripts=false', '--loglevel=error', spec];
  const { ms } = await timeProcess('npm', npm, { cwd: dir, env: { npm_config_cache: cache, npm_config_update_notifier: 'false' } });
  const lock = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const run = {
    ms,
    bytes: treeBytes(join(dir, 'node_modules')),
    packages: Object.keys(lock.packages).filter((k) => k.startsWith('node_modules/')).length,
  };
  rmSync(dir, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
  return run;
}

/** Why the registry cannot be used (`npm ping` failed), or undefined when it answers. */
export function registryProblem(): string | undefined {
  const r = spawnSync('npm', ['ping', '--loglevel=error'], { encoding: 'utf8', env: childEnv(), timeout: 20_000 });
  if (r.status === 0) return undefined;
  return (r.stderr || r.error?.message || `npm ping exited ${r.status}`).trim().split('\n')[0].slice(0, 120);
}

/** Median of a non-empty list. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A drawn-out pane in tmux, its own server socket, used to time the wizard's first question. */
export class TmuxTimer {
  private readonly socket: string;
  private n = 0;
  private started = false;

  constructor(private readonly dir: string) {
    this.socket = join(dir, 'tmux.sock');
  }

  private tmux(args: string[]): void {
    const r = spawnSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8', env: childEnv({ TERM: 'xterm' }) });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
  }

  /**
   * Start `command` in a new pane, held at a FIFO gate until `tmux pipe-pane` is attached, then
   * release it and wait until `text` appears in the bytes the pane received.
   *
   * @returns ms from the release of the gate until `text` arrived
   */
  async time(command: string, text: string, cwd: string): Promise<number> {
    const i = ++this.n;
    const gate = join(this.dir, `gate-${i}`);
    const log = join(this.dir, `pane-${i}.log`);
    if (spawnSync('mkfifo', [gate]).status !== 0) throw new Error('mkfifo failed');
    writeFileSync(log, '');
    const name = `w${i}`;
    const script = `read x < ${JSON.stringify(gate)}; ${command}; sleep 60`;
    const args = ['new-session', '-d', '-s', name, '-x', '120', '-y', '40', '-c', cwd, 'sh', '-c', script];
    this.tmux(this.started ? args : ['-f', '/dev/null', ...args]);
    this.started = true;
    this.tmux(['pipe-pane', '-t', name, `cat >> ${JSON.stringify(log)}`]);
    try {
      let done!: (ms: number) => void;
      const arrived = new Promise<number>((r) => (done = r));
      let t0 = 0;
      const check = () => {
        if (t0 && readFileSync(log, 'latin1').includes(text)) done(performance.now() - t0);
      };
      const watcher = watch(log, check);
      const poll = setInterval(check, 25); // in case a change event is missed
      const timeout = setTimeout(() => done(Number.NaN), 30_000);
      writeFileSync(gate, 'go\n'); // blocks until the pane's shell opens the gate
      t0 = performance.now();
      check();
      const ms = await arrived;
      watcher.close();
      clearInterval(poll);
      clearTimeout(timeout);
      if (Number.isNaN(ms)) throw new Error(`"${text}" did not reach the pane in 30 s: ${readFileSync(log, 'latin1').slice(-500)}`);
      return ms;
    } finally {
      this.tmux(['kill-session', '-t', name]);
    }
  }

  /** Stop the tmux server. */
  close(): void {
    if (this.started) spawnSync('tmux', ['-S', this.socket, 'kill-server']);
  }
}
