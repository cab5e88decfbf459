/**
 * The credentials file is the user's own: a file, or the link leading to it, that another user owns
 * is not used (exit 2, naming the file, the owner and what to do; root may use any), run as another
 * user through `setpriv`; and a too-open file is tightened only through the opened descriptor of a
 * file that is not a link (a link's target is named in a warning, never changed).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { binForOtherUsers } from '../helpers/cli.js';
import { cleanEnv, cleanup, runCli, tempDir } from './helpers.js';

const OTHER = 12345;
const asRoot = process.getuid?.() === 0;
const canSwitch = asRoot && spawnSync('setpriv', ['--version']).status === 0;

let emu: RunningEmulator;
let dir: string;
/** The binary as the other user runs it: a copy it can reach (this checkout may be in a 0700 folder). */
let otherBin: string;
let otherBinDir: string;
beforeAll(async () => {
  emu = await startEmulator({ org: 'acme', token: 'pcc_pat_emulator_Ow7vT9kWz3mR8pLj' });
  otherBinDir = await tempDir('pipecat-cred-owner-bin-');
  if (canSwitch) otherBin = binForOtherUsers(otherBinDir);
});
afterAll(async () => {
  await emu.close();
  await cleanup(otherBinDir);
});
beforeEach(async () => {
  dir = await tempDir('pipecat-cred-owner-');
  chmodSync(dir, 0o755);
});
afterEach(async () => {
  await cleanup(dir);
});

const toml = () => `token = "${emu.token}"\norg = "acme"\n`;

/** `pipecat cloud auth whoami` as `uid` (through `setpriv`), with the credentials file at `path`. */
function whoamiAs(uid: number, path: string): Promise<{ code: number | null; stderr: string }> {
  const home = join(dir, `home-${uid}`);
  mkdirSync(home, { recursive: true });
  chownSync(home, uid, uid);
  const env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_CONFIG_PATH: path });
  const args = ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', process.execPath, otherBin, 'cloud', 'auth', 'whoami'];
  return new Promise((resolveP, reject) => {
    // Asynchronous: the emulator answers from this process.
    const child = spawn('setpriv', args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveP({ code, stderr });
    });
  });
}

(canSwitch ? describe : describe.skip)('as another user (setpriv)', () => {
  test('a file of its own is used; a file of another user (root here) is not, naming it, the owner and what to do', async () => {
    const mine = join(dir, 'mine.toml');
    writeFileSync(mine, toml(), { mode: 0o600 });
    chownSync(mine, OTHER, OTHER);
    expect((await whoamiAs(OTHER, mine)).code).toBe(0);

    const roots = join(dir, 'roots.toml');
    writeFileSync(roots, toml(), { mode: 0o644 });
    const r = await whoamiAs(OTHER, roots);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `the Pipecat Cloud credentials file ${roots} is not used: it belongs to another user (uid 0; you are uid ${OTHER})`,
    );
    expect(r.stderr).toContain('PIPECAT_CONFIG_PATH');
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).not.toContain(emu.token);
  });

  test('a link of its own to a file of another user, and a link of another user to its file, are not used', async () => {
    const roots = join(dir, 'roots.toml');
    writeFileSync(roots, toml(), { mode: 0o644 });
    const myLink = join(dir, 'my-link.toml');
    symlinkSync(roots, myLink);
    spawnSync('chown', ['-h', `${OTHER}:${OTHER}`, myLink]);
    expect(lstatSync(myLink).uid).toBe(OTHER);
    const a = await whoamiAs(OTHER, myLink);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain(`${myLink} is not used: the file the link leads to belongs to another user (uid 0`);

    const mine = join(dir, 'mine.toml');
    writeFileSync(mine, toml(), { mode: 0o600 });
    chownSync(mine, OTHER, OTHER);
    const rootLink = join(dir, 'root-link.toml');
    symlinkSync(mine, rootLink);
    const b = await whoamiAs(OTHER, rootLink);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(`${rootLink} is not used: the link belongs to another user (uid 0`);
  });

  test('root may use a file of another user', async () => {
    const theirs = join(dir, 'theirs.toml');
    writeFileSync(theirs, toml(), { mode: 0o600 });
    chownSync(theirs, OTHER, OTHER);
    const r = await runCli(['cloud', 'auth', 'whoami'], { env: cleanEnv(dir, { PIPECAT_API_HOST: emu.url, PIPECAT_CONFIG_PATH: theirs }) });
    expect(r.code).toBe(0);
  });
});

describe('tightening', () => {
  test('a too-open file behind a link is named, never changed; the link is never followed by chmod', async () => {
    const target = join(dir, 'target.toml');
    writeFileSync(target, toml(), { mode: 0o644 });
    chmodSync(target, 0o644);
    const link = join(dir, 'link.toml');
    symlinkSync(target, link);
    const r = await runCli(['cloud', 'auth', 'whoami'], { env: cleanEnv(dir, { PIPECAT_API_HOST: emu.url, PIPECAT_CONFIG_PATH: link }) });
    expect(r.code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(r.stderr).toContain(
      `warning: ${target} (the credentials file ${link} leads to it) is readable by others (mode 0644); run chmod 600 on it`,
    );
  });

  test('a too-open file of ours (not a link) is tightened to 0600 with a warning', async () => {
    const file = join(dir, 'open.toml');
    writeFileSync(file, toml());
    chmodSync(file, 0o664);
    const r = await runCli(['cloud', 'auth', 'whoami'], { env: cleanEnv(dir, { PIPECAT_API_HOST: emu.url, PIPECAT_CONFIG_PATH: file }) });
    expect(r.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(r.stderr).toContain(`warning: ${file} was readable by others (mode 0664); changed it to 0600`);
  });

  test('a named pipe as the credentials file is refused at once, naming its type', async () => {
    const fifo = join(dir, 'fifo.toml');
    spawnSync('mkfifo', [fifo]);
    const r = await runCli(['cloud', 'auth', 'whoami'], {
      env: cleanEnv(dir, { PIPECAT_API_HOST: emu.url, PIPECAT_CONFIG_PATH: fifo }),
      timeoutMs: 10_000,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the Pipecat Cloud credentials file ${fifo} is a named pipe, not a file`);
  });
});
