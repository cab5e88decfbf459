/**
 * docs/exit-codes.md against the binary: for every row of its table, a representative situation
 * run through the real `pipecat` binary ends with that code, and every row has one (a new code
 * needs a situation here). The table itself is held against `ExitCode` and the `--help` epilogues
 * by test/docs.test.ts; the hostile situations of each code are in test/e2e/cli-attacks.test.ts,
 * test/e2e/fuzz.test.ts and the command tests.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, WEB_ARGS, childEnv, makeTempDir, removeDir, runCli } from '../helpers/cli.js';
import { startEmulatorProcess, type EmulatorHandle } from '../cloud/secrets-harness.js';
import { clearFaults, injectFaults, recordedRequests } from '../../cli/emulator/faults.js';

let tmp: string;
let emulator: EmulatorHandle;
beforeAll(async () => {
  tmp = makeTempDir('pipecat-exit-codes-');
  emulator = await startEmulatorProcess(tmp, []);
});
afterAll(async () => {
  await emulator?.close();
  removeDir(tmp);
});

/** The codes of docs/exit-codes.md's table. */
function documentedCodes(): number[] {
  const text = readFileSync(join(ROOT, 'docs', 'exit-codes.md'), 'utf8');
  return [...text.matchAll(/^\| (\d+) \| `\w+` \|/gm)].map((m) => Number(m[1]));
}

/** The environment of a cloud command against the emulator (`token` overrides its token). */
function cloudEnv(token = emulator.token): Record<string, string | undefined> {
  return {
    HOME: tmp,
    PIPECAT_CONFIG_PATH: join(tmp, 'pipecatcloud.toml'),
    PIPECAT_API_HOST: emulator.url,
    PIPECAT_TOKEN: token,
    PIPECAT_ORG: emulator.org,
    PIPECAT_MAX_ATTEMPTS: '1',
  };
}

/** A generated project whose `server/bot.py` the user edited where `--tts elevenlabs_tts` changes it. */
function editedProject(name: string): string {
  const out = join(tmp, name);
  expect(runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', out]).code).toBe(0);
  const bot = join(out, 'bot', 'server', 'bot.py');
  writeFileSync(bot, readFileSync(bot, 'utf8').replace(/tts = CartesiaTTSService\(/, 'tts = CartesiaTTSService(  # my tweak'));
  return join(out, 'bot');
}

/**
 * `pipecat cloud secrets set <set> A=1 --skip --json` stopped by `signal` while the emulator holds
 * its first read (before any write); returns the exit code (null when killed by the signal).
 */
async function signalBeforeWrites(signal: NodeJS.Signals): Promise<number | null> {
  await clearFaults(emulator.url);
  await injectFaults(emulator.url, { kind: 'stall', method: 'GET', count: 20, stallMs: 10_000 });
  const before = (await recordedRequests(emulator.url)).length;
  const child = spawn(process.execPath, [BIN, 'cloud', 'secrets', 'set', 'codes', 'A=1', '--skip', '--json'], {
    cwd: tmp,
    env: childEnv({ ...cloudEnv(), PIPECAT_TIMEOUT_MS: '60000' }),
    stdio: 'ignore',
  });
  const ended = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const stalled = async () => (await recordedRequests(emulator.url)).slice(before).some((q) => q.outcome === 'stall');
  for (let i = 0; i < 400 && !(await stalled()); i++) await new Promise((r) => setTimeout(r, 25));
  child.kill(signal);
  const code = await ended;
  await clearFaults(emulator.url);
  return code;
}

/** One situation per documented code: what it is, and how it ends (the exit code). */
const SITUATIONS: Record<number, { what: string; run: () => Promise<number | null> }> = {
  0: { what: 'init --list-options', run: async () => runCli(['init', '--list-options']).code },
  1: {
    what: 'secrets list against a host that refuses connections',
    run: async () => runCli(['cloud', 'secrets', 'list'], { env: { ...cloudEnv(), PIPECAT_API_HOST: 'http://127.0.0.1:9' } }).code,
  },
  2: { what: 'init with an unknown flag', run: async () => runCli(['init', '-n', 'x', ...WEB_ARGS, '--bogus']).code },
  3: {
    what: 'update whose change overlaps an edit, without a terminal',
    run: async () => runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: editedProject('conflicts') }).code,
  },
  4: {
    what: 'secrets list with a token the API rejects (401)',
    run: async () => runCli(['cloud', 'secrets', 'list'], { env: cloudEnv('pcc_pat_not_the_emulators_token') }).code,
  },
  5: {
    what: 'update --conflict-markers over an overlapping edit',
    run: async () => runCli(['update', '--tts', 'elevenlabs_tts', '--conflict-markers'], { cwd: editedProject('markers') }).code,
  },
  129: { what: 'SIGHUP before secrets set writes', run: () => signalBeforeWrites('SIGHUP') },
  130: { what: 'SIGINT before secrets set writes', run: () => signalBeforeWrites('SIGINT') },
  143: { what: 'SIGTERM before secrets set writes', run: () => signalBeforeWrites('SIGTERM') },
};

/** An empty folder below the suite's temp dir. */
function emptyFolder(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A folder holding only a Dockerfile (a Cloud Build context with nothing else). */
function dockerfileFolder(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'Dockerfile'), 'FROM dailyco/pipecat-base:latest\n');
  return dir;
}

/**
 * `cloud deploy` and `cloud agent` situations (issue 24), each with the code docs/exit-codes.md
 * gives it: usage and a prompt without a terminal are 2, as pipecatcloud >= 1.1 reports them.
 */
const CLOUD_DEPLOY_SITUATIONS: { what: string; code: number; run: () => Promise<number | null> }[] = [
  {
    what: 'deploy with an unknown flag',
    code: 2,
    run: async () => runCli(['cloud', 'deploy', 'a-bot', '--bogus'], { env: cloudEnv() }).code,
  },
  {
    what: 'deploy without --yes and without a terminal',
    code: 2,
    run: async () =>
      runCli(['cloud', 'deploy', 'a-bot', 'img:1', '--no-preflight'], { env: cloudEnv(), cwd: dockerfileFolder('no-tty') }).code,
  },
  {
    what: 'deploy whose preflight finds a problem (no Dockerfile)',
    code: 2,
    run: async () => runCli(['cloud', 'deploy', 'a-bot', '--yes'], { env: cloudEnv(), cwd: emptyFolder('no-dockerfile') }).code,
  },
  {
    what: 'agent delete without --force and without a terminal',
    code: 2,
    run: async () => {
      const cwd = dockerfileFolder('to-delete');
      expect(
        runCli(['cloud', 'deploy', 'del-bot', 'img:1', '--yes', '--no-preflight'], { env: { ...cloudEnv(), PIPECAT_POLL_MS: '100' }, cwd })
          .code,
      ).toBe(0);
      return runCli(['cloud', 'agent', 'delete', 'del-bot'], { env: cloudEnv() }).code;
    },
  },
  {
    what: 'agent status of no such agent',
    code: 1,
    run: async () => runCli(['cloud', 'agent', 'status', 'no-bot'], { env: cloudEnv() }).code,
  },
  {
    what: 'deploy with a token the API rejects (401)',
    code: 4,
    run: async () =>
      runCli(['cloud', 'deploy', 'a-bot', 'img:1', '--yes'], {
        env: cloudEnv('pcc_pat_not_the_emulators_token'),
        cwd: dockerfileFolder('rejected'),
      }).code,
  },
];

describe('docs/exit-codes.md against the binary', () => {
  test('every documented code has a situation here, and every situation a documented code', () => {
    expect(Object.keys(SITUATIONS).map(Number)).toEqual(documentedCodes());
  });

  test.each(documentedCodes().map((code) => [code, SITUATIONS[code]?.what ?? '(no situation)'] as const))(
    'exit %i: %s',
    async (code) => {
      expect(await SITUATIONS[code].run()).toBe(code);
    },
    60_000,
  );

  test.each(CLOUD_DEPLOY_SITUATIONS.map((x) => [x.code, x.what, x] as const))(
    'exit %i: %s',
    async (code, _what, x) => {
      expect(documentedCodes()).toContain(code);
      expect(await x.run()).toBe(code);
    },
    60_000,
  );
});
