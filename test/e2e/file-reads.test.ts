/**
 * Reads that never end: every file `deploy`, `secrets`, `update`, `doctor` and `init --config`
 * read, replaced by a FIFO nobody writes to, a link to `/dev/zero`, a link to `/dev/null` (or
 * `/dev/null` itself where the command line names the file) and a 1 GB sparse file. Each run of
 * the binary must exit 2 within 5 s naming the file, with a peak RSS of at most 300 MB
 * (`/usr/bin/time -f %M`); SIGINT while such a file is read exits 130; a FIFO inside the build
 * context does not stop a deploy (the walk sends only files and links).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BIN, cleanEnv, cleanup, spawnEmulator, tempDir, type EmulatorProcess } from '../cloud/helpers.js';

let home: string;
let work: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;

const SET = 'bot-secrets';
const FILES: Record<string, string> = {
  'pcc-deploy.toml': `agent_name = "bot-a"\nsecret_set = "${SET}"\n`,
  Dockerfile: 'FROM python:3.12-slim\nCOPY . /app\n',
  'bot.py': 'import os\nKEY = os.environ["X"]\n',
};

interface Run {
  code: number | null;
  stderr: string;
  ms: number;
  rssKb: number;
}

/** Run the binary under `/usr/bin/time -f %M` in `cwd`; SIGKILL after 20 s; optional SIGINT after `sigintMs`. */
function run(cwd: string, args: string[], opts: { sigintMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M', process.execPath, BIN, ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (stderr += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    // time(1) passes the signal on to the command it runs only if sent to the process group: send it to node.
    const int =
      opts.sigintMs === undefined ? undefined : setTimeout(() => execFileSync('pkill', ['-INT', '-P', String(child.pid)]), opts.sigintMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      if (int) clearTimeout(int);
      const rss = /PEAK_RSS_KB=(\d+)/.exec(stderr);
      const exit = /Command exited with non-zero status (\d+)/.exec(stderr);
      const signalled = /Command terminated by signal (\d+)/.exec(stderr);
      resolve({
        code: exit ? Number(exit[1]) : signalled ? 128 + Number(signalled[1]) : code,
        stderr,
        ms: Date.now() - started,
        rssKb: rss ? Number(rss[1]) : NaN,
      });
    });
  });
}

/** A fresh project folder holding the base files. */
async function project(name: string): Promise<string> {
  const dir = join(work, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [f, text] of Object.entries(FILES)) await writeFile(join(dir, f), text);
  return dir;
}

type Kind = 'fifo' | 'dev-zero' | 'dev-null' | 'sparse';
const KINDS: Kind[] = ['fifo', 'dev-zero', 'dev-null', 'sparse'];
const KIND_WORDS: Record<Kind, RegExp> = {
  fifo: /named pipe \(FIFO\)/,
  'dev-zero': /character device/,
  'dev-null': /character device/,
  sparse: /larger than \d+(\.\d+)? MiB/,
};

/** Put a hostile `kind` at `path`. */
async function plant(path: string, kind: Kind): Promise<void> {
  await rm(path, { force: true });
  if (kind === 'fifo') execFileSync('mkfifo', [path]);
  else if (kind === 'dev-zero') await symlink('/dev/zero', path);
  else if (kind === 'dev-null') await symlink('/dev/null', path);
  else {
    await writeFile(path, '');
    await truncate(path, 1024 * 1024 * 1024);
  }
}

/** Each file a command reads in the project folder, and the command that reads it. */
const PROJECT_CASES: { file: string; args: string[] }[] = [
  { file: 'pcc-deploy.toml', args: ['cloud', 'deploy', '--yes'] },
  { file: 'Dockerfile', args: ['cloud', 'deploy', '--yes'] },
  { file: '.dockerignore', args: ['cloud', 'deploy', '--yes'] },
  { file: '.env.example', args: ['cloud', 'deploy', '--yes'] },
  { file: '.yo-rc.json', args: ['cloud', 'deploy', '--yes'] },
  { file: 'pyproject.toml', args: ['doctor'] },
  { file: '.env', args: ['doctor'] },
  { file: '.env.example', args: ['doctor'] },
  { file: '.yo-rc.json', args: ['doctor'] },
  { file: '.yo-rc.json', args: ['update', '--yes'] },
  { file: '.env', args: ['cloud', 'secrets', 'set', SET, '--file', '.env', '--yes'] },
  { file: 'deploy.toml', args: ['cloud', 'deploy', '--yes', '--config-file', 'deploy.toml'] },
  { file: 'config.json', args: ['init', '--config', 'config.json', '--dry-run', '-o', 'out'] },
];

const peaks: number[] = [];
const times: number[] = [];

beforeAll(async () => {
  home = await tempDir('pipecat-reads-home-');
  work = await tempDir('pipecat-reads-');
  emu = await spawnEmulator([], cleanEnv(home));
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org });
  const dir = await project('setup');
  const r = await run(dir, ['cloud', 'secrets', 'set', SET, 'X=1', '--yes']);
  expect(r.code).toBe(0);
}, 60_000);

afterAll(async () => {
  process.stderr.write(`file-reads: ${times.length} hostile runs, slowest ${Math.max(...times)} ms, peak RSS ${Math.max(...peaks)} KB\n`);
  await emu?.stop();
  await cleanup(home, work);
});

describe.each(PROJECT_CASES)('$args.0 $args.1 reading $file', ({ file, args }) => {
  test.each(KINDS)(
    '%s: exit 2 naming the file within 5 s, peak RSS <= 300 MB',
    async (kind) => {
      const dir = await project(`${args.slice(0, 2).join('-')}-${file}-${kind}`);
      await plant(join(dir, file), kind);
      const r = await run(dir, args);
      peaks.push(r.rssKb);
      times.push(r.ms);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toMatch(KIND_WORDS[kind]);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(r.code).toBe(2);
      expect(r.ms).toBeLessThan(5_000);
      expect(r.rssKb).toBeLessThanOrEqual(300 * 1024);
    },
    30_000,
  );
});

describe('files named on the command line as /dev/null itself', () => {
  test.each([
    ['cloud', 'deploy', '--yes', '--config-file', '/dev/null'],
    ['cloud', 'secrets', 'set', SET, '--file', '/dev/null', '--yes'],
    ['init', '--config', '/dev/null', '--dry-run', '-o', 'out'],
  ])(
    '%s %s … /dev/null: exit 2 naming it',
    async (...args) => {
      const dir = await project(`devnull-${args[1]}`);
      const r = await run(dir, args);
      expect(r.stderr).toContain('/dev/null');
      expect(r.stderr).toMatch(/character device/);
      expect(r.code).toBe(2);
      expect(r.ms).toBeLessThan(5_000);
    },
    30_000,
  );
});

describe('SIGINT while a large file is read', () => {
  // A 48 MiB file (under the 64 MiB bound, so it is read whole): SIGINT 300 ms in ends the run with 130.
  test.each(['pcc-deploy.toml', '.env.example', '.dockerignore'])(
    '%s: exit 130',
    async (file) => {
      const dir = await project(`sigint-${file}`);
      const line = file === 'pcc-deploy.toml' ? '# padding\n' : '# padding line\n';
      const big = line.repeat(Math.floor((48 * 1024 * 1024) / line.length));
      await writeFile(join(dir, file), file === 'pcc-deploy.toml' ? FILES['pcc-deploy.toml'] + big : big);
      const r = await run(dir, ['cloud', 'deploy', '--yes'], { sigintMs: 300 });
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(130);
      expect(r.ms).toBeLessThan(5_000);
    },
    30_000,
  );
});

describe('a FIFO inside the build context', () => {
  test('is not packed and does not stop the deploy', async () => {
    const dir = await project('fifo-in-context');
    execFileSync('mkfifo', [join(dir, 'inner.fifo')]);
    const r = await run(dir, ['cloud', 'deploy', '--yes', '--json']);
    expect(r.ms).toBeLessThan(15_000);
    expect(r.stderr).not.toContain('inner.fifo');
    expect(r.code).toBe(0);
  }, 30_000);
});
