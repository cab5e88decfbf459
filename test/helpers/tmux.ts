/**
 * Drive a command in a real pseudo-terminal with tmux: start it, read the screen, send keys.
 *
 * Each session runs on its own tmux server (a socket in the test's temp dir, no user config), so
 * tests never touch another tmux and {@link TmuxSession.kill} stops only that server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, type RunOptions } from './cli.js';

/** Whether tmux is installed. */
export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

/**
 * The environment of a command in a tmux pane: {@link childEnv} with `TERM=xterm` and without `TMUX`
 * (the test may itself run inside tmux); `extra` as in {@link childEnv}.
 */
export function terminalEnv(extra?: RunOptions['env']): NodeJS.ProcessEnv {
  return childEnv({ TERM: 'xterm', TMUX: undefined, ...extra });
}

/** One command running in a tmux pane. */
export class TmuxSession {
  private readonly socket: string;

  /** @param dir a temp dir for the socket */
  constructor(dir: string) {
    this.socket = join(dir, 'tmux.sock');
  }

  private tmux(args: string[], env?: NodeJS.ProcessEnv): string {
    const r = spawnSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  }

  /**
   * Start `command` (run by `sh -c`) in a new detached session.
   *
   * @param command shell command
   * @param opts working directory, environment, pane size
   */
  start(command: string, opts: { cwd: string; env: NodeJS.ProcessEnv; width?: number; height?: number }): void {
    this.tmux(
      [
        '-f',
        '/dev/null',
        'new-session',
        '-d',
        '-x',
        String(opts.width ?? 140),
        '-y',
        String(opts.height ?? 50),
        '-c',
        opts.cwd,
        'sh',
        '-c',
        command,
      ],
      opts.env,
    );
    this.tmux(['set-option', '-g', 'history-limit', '5000']);
  }

  /**
   * Start `command` like {@link start}, writing its exit code to `exitFile` when it ends (read it
   * with {@link waitForFile}); the pane then stays open so its screen can still be read.
   *
   * @param command shell command
   * @param opts as for {@link start}, and the file that receives the exit code
   */
  run(command: string, opts: { cwd: string; env: NodeJS.ProcessEnv; exitFile: string; width?: number; height?: number }): void {
    this.start(`${command}; echo $? > ${JSON.stringify(opts.exitFile)}; sleep 600`, opts);
  }

  /** The pane's text, scrollback included, wrapped lines joined. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-J', '-S', '-5000']);
  }

  /**
   * Wait until the screen matches.
   *
   * @param pattern text or regular expression
   * @param timeoutMs give up after this long
   * @returns the screen
   * @throws Error with the screen when the time is up
   */
  async waitFor(pattern: string | RegExp, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.screen();
      if (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(pattern)}; screen:\n${text}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Wait until a file exists and return its contents (e.g. the exit code written by the command).
   *
   * @param path file to wait for
   * @param timeoutMs give up after this long
   */
  async waitForFile(path: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(path) || readFileSync(path, 'utf8') === '') {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}; screen:\n${this.screen()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return readFileSync(path, 'utf8');
  }

  /** Send tmux key names (`Enter`, `Up`, `Space`, `C-c`, `Escape`...). */
  keys(...names: string[]): void {
    this.tmux(['send-keys', ...names]);
  }

  /** Type text literally. */
  type(text: string): void {
    this.tmux(['send-keys', '-l', text]);
  }

  /** Stop this session's tmux server. */
  kill(): void {
    spawnSync('tmux', ['-S', this.socket, 'kill-server']);
  }
}
