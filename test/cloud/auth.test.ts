/**
 * `pipecat cloud auth login|logout|whoami` through the real binary, against the real emulator,
 * with HOME and PIPECAT_CONFIG_PATH pointing at temp dirs.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';
import { BIN } from '../helpers/cli.js';
import { toolAvailable } from '../helpers/shared.js';

let emu: RunningEmulator;
let home: string;
const file = () => join(home, '.config', 'pipecatcloud', 'pipecatcloud.toml');
const env = (extra: Record<string, string | undefined> = {}) => cleanEnv(home, { PIPECAT_API_HOST: emu.url, ...extra });

beforeAll(async () => {
  emu = await startEmulator({ org: 'acme', token: 'pcc_pat_emulator_Qx7vT9kWz3mR8pLj' });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  home = await tempDir('pipecat-auth-');
});
afterEach(async () => {
  await cleanup(home);
});

describe('login', () => {
  test('reads the token from stdin, checks it, stores token + org (dir 0700, file 0600), never prints it', async () => {
    const r = await runCli(['cloud', 'auth', 'login'], { env: env(), input: `${emu.token}\n` });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Logged in to Pipecat Cloud as developer@emulator.local, organisation acme');
    expect(r.stderr + r.stdout).not.toContain(emu.token);
    expect(parse(await readFile(file(), 'utf8'))).toEqual({ token: emu.token, org: 'acme' });
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, '.config', 'pipecatcloud'))).mode & 0o777).toBe(0o700);
  });

  test('keeps other keys and tables, drops the old refresh token, tightens an open file with a warning', async () => {
    await mkdir(join(home, '.config', 'pipecatcloud'), { recursive: true });
    await writeFile(file(), 'token = "old"\nrefresh_token = "r"\ntoken_expires_at = 1\nextra = "keep"\n\n[acme]\nagent = "my-agent"\n');
    await chmod(file(), 0o644);
    const r = await runCli(['cloud', 'auth', 'login'], { env: env(), input: emu.token });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/readable by others \(mode 0644\); changed it to 0600/);
    expect(parse(await readFile(file(), 'utf8'))).toEqual({ token: emu.token, org: 'acme', extra: 'keep', acme: { agent: 'my-agent' } });
    expect((await stat(file())).mode & 0o777).toBe(0o600);
  });

  test('a rejected token exits 4 and saves nothing', async () => {
    const r = await runCli(['cloud', 'auth', 'login'], { env: env(), input: 'pcc_pat_wrong' });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('rejected this token (401 UNAUTHORIZED)');
    // The hint says what to change, not the command just run (issue 26).
    expect(r.stderr).toContain('create a personal access token in the Pipecat Cloud dashboard');
    expect(r.stderr).not.toContain('run `pipecat cloud auth login`');
    await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('empty stdin, a token on the command line, an unknown --organization: exit 2', async () => {
    const [empty, argv, flag, org] = await Promise.all([
      runCli(['cloud', 'auth', 'login'], { env: env(), input: '' }),
      runCli(['cloud', 'auth', 'login', emu.token], { env: env(), input: '' }),
      runCli(['cloud', 'auth', 'login', '--token', emu.token], { env: env(), input: '' }),
      runCli(['cloud', 'auth', 'login', '-o', 'globex'], { env: env(), input: emu.token }),
    ]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no token on stdin');
    expect(argv.code).toBe(2);
    expect(argv.stderr).toContain('not taken from the command line');
    expect(argv.stderr).not.toContain(emu.token.slice(8));
    expect(flag.code).toBe(2);
    expect(flag.stderr).not.toContain(emu.token.slice(8));
    expect(org.code).toBe(2);
    expect(org.stderr).toContain('--organization globex: this token has no access to it');
    await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('honours PIPECAT_CONFIG_PATH and --api-host', async () => {
    const path = join(home, 'custom', 'creds.toml');
    const r = await runCli(['cloud', 'auth', 'login', '--api-host', emu.url], {
      env: cleanEnv(home, { PIPECAT_CONFIG_PATH: path, PIPECAT_API_HOST: 'http://127.0.0.1:9' }),
      input: emu.token,
    });
    expect(r.code).toBe(0);
    expect(parse(await readFile(path, 'utf8'))).toMatchObject({ token: emu.token, org: 'acme' });
  });

  test('a malformed credentials file: exit 2 naming the file, file untouched', async () => {
    await mkdir(join(home, '.config', 'pipecatcloud'), { recursive: true });
    await writeFile(file(), 'token = \n', { mode: 0o600 });
    const r = await runCli(['cloud', 'auth', 'login'], { env: env(), input: emu.token });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file()}:1 is not valid TOML`);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(await readFile(file(), 'utf8')).toBe('token = \n');
  });

  test('an unreachable API: exit 1 saying the host could not be reached', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const r = await runCli(['cloud', 'auth', 'login'], { env: env({ PIPECAT_API_HOST: `http://127.0.0.1:${port}` }), input: emu.token });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`could not reach Pipecat Cloud at http://127.0.0.1:${port}: connection refused`);
  });
});

describe('whoami and logout', () => {
  const login = () => runCli(['cloud', 'auth', 'login'], { env: env(), input: emu.token });

  test('whoami prints user and organisation, never the token; --json for scripts', async () => {
    expect((await login()).code).toBe(0);
    const r = await runCli(['cloud', 'auth', 'whoami'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/user:\s+developer@emulator\.local \(user_emulator\)/);
    expect(r.stdout).toMatch(/organisation:\s+acme \(from file\)/);
    expect(r.stdout + r.stderr).not.toContain(emu.token);
    const j = await runCli(['cloud', 'auth', 'whoami', '--json'], { env: env() });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual({
      ok: true,
      userId: 'user_emulator',
      emails: ['developer@emulator.local'],
      organization: 'acme',
      organizationSource: 'file',
      tokenSource: 'file',
      credentialsPath: file(),
      apiHost: emu.url,
    });
  });

  test('whoami: PIPECAT_TOKEN without a file; organisation from the API, PIPECAT_ORG, or -o', async () => {
    const [j, e, f] = await Promise.all([
      runCli(['cloud', 'auth', 'whoami', '--json'], { env: env({ PIPECAT_TOKEN: emu.token }) }),
      runCli(['cloud', 'auth', 'whoami', '--json'], { env: env({ PIPECAT_TOKEN: emu.token, PIPECAT_ORG: 'from-env' }) }),
      runCli(['cloud', 'auth', 'whoami', '--json', '-o', 'from-flag'], { env: env({ PIPECAT_TOKEN: emu.token, PIPECAT_ORG: 'from-env' }) }),
    ]);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ tokenSource: 'PIPECAT_TOKEN', organization: 'acme', organizationSource: 'api' });
    expect(JSON.parse(e.stdout)).toMatchObject({ organization: 'from-env', organizationSource: 'PIPECAT_ORG' });
    expect(JSON.parse(f.stdout)).toMatchObject({ organization: 'from-flag', organizationSource: 'flag' });
  });

  test('whoami --verbose prints debug lines on stderr without the token', async () => {
    const r = await runCli(['cloud', 'auth', 'whoami', '--verbose'], { env: env({ PIPECAT_TOKEN: emu.token }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`\\[debug\\] GET ${emu.url}/v1/users -> 200 \\(\\d+ ms\\)`));
    expect(r.stderr).not.toContain(emu.token);
    const d = await runCli(['cloud', 'auth', 'whoami'], { env: env({ PIPECAT_TOKEN: emu.token, PIPECAT_DEBUG: '1' }) });
    expect(d.stderr).toContain('[debug] GET');
  });

  test('not logged in, or a token the API rejects: exit 4 with the login hint', async () => {
    const [none, bad] = await Promise.all([
      runCli(['cloud', 'auth', 'whoami'], { env: env() }),
      runCli(['cloud', 'auth', 'whoami'], { env: env({ PIPECAT_TOKEN: 'pcc_pat_revoked' }) }),
    ]);
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('not logged in');
    expect(none.stderr).toContain('run `pipecat cloud auth login`');
    expect(bad.code).toBe(4);
    expect(bad.stderr).toContain('401');
    expect(bad.stderr).toContain('run `pipecat cloud auth login`');
    expect(bad.stderr).not.toContain('pcc_pat_revoked');
  });

  test('logout removes the token and keeps the rest; whoami then exits 4; a second logout is a no-op', async () => {
    expect((await login()).code).toBe(0);
    const before = await readFile(file(), 'utf8');
    await writeFile(file(), before + '\n[acme]\nagent = "a"\n', { mode: 0o600 });
    const out = await runCli(['cloud', 'auth', 'logout'], { env: env() });
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('Logged out');
    expect(parse(await readFile(file(), 'utf8'))).toEqual({ org: 'acme', acme: { agent: 'a' } });
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect((await runCli(['cloud', 'auth', 'whoami'], { env: env() })).code).toBe(4);
    const again = await runCli(['cloud', 'auth', 'logout'], { env: env() });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Not logged in');
  });
});

describe('login at a terminal', () => {
  const withTmux = toolAvailable('login at a hidden prompt', 'tmux', ['-V']) ? test : test.skip;
  withTmux('asks for the token at a hidden prompt (tmux pseudo-terminal)', async () => {
    const { execFileSync } = await import('node:child_process');
    const session = `pipecat-login-${process.pid}-${Date.now()}`;
    const done = join(home, 'exit-code');
    const e = env();
    const vars = ['HOME', 'PATH', 'PIPECAT_API_HOST', 'NO_COLOR'].map((k) => `${k}='${e[k] ?? ''}'`).join(' ');
    const cmd = `env -i ${vars} TERM=xterm '${process.execPath}' '${BIN}' cloud auth login; echo $? > '${done}'; sleep 5`;
    execFileSync('tmux', ['new-session', '-d', '-s', session, '-x', '120', '-y', '20', cmd]);
    try {
      const capture = () => execFileSync('tmux', ['capture-pane', '-p', '-t', session], { encoding: 'utf8' });
      const waitFor = async (ok: () => boolean, what: string) => {
        for (let i = 0; i < 100; i++) {
          if (ok()) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`timed out waiting for ${what}: ${capture()}`);
      };
      await waitFor(() => capture().includes('personal access token'), 'the prompt');
      execFileSync('tmux', ['send-keys', '-t', session, '-l', emu.token]);
      execFileSync('tmux', ['send-keys', '-t', session, 'Enter']);
      await waitFor(() => {
        try {
          return readFileSync(done, 'utf8').trim() !== '';
        } catch {
          return false;
        }
      }, 'login to finish');
      expect(readFileSync(done, 'utf8').trim()).toBe('0');
      const screen = capture();
      expect(screen).toContain('Logged in to Pipecat Cloud');
      expect(screen).not.toContain(emu.token);
      expect(parse(await readFile(file(), 'utf8'))).toEqual({ token: emu.token, org: 'acme' });
    } finally {
      try {
        execFileSync('tmux', ['kill-session', '-t', session], { stdio: 'ignore' });
      } catch {
        /* already gone */
      }
    }
  });
});
