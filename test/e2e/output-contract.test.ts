/**
 * The output contract of every `pipecat cloud` command (docs.pipecat.ai "Output Modes and Exit
 * Codes"; `cli/output/mode.ts`), table-driven from the command definitions (`CLOUD_COMMANDS`):
 * each leaf but `emulator` runs against the emulator with json mode asked four ways (`--output
 * json` before and after the sub-command, `--json`, `PIPECAT_OUTPUT=json`) and stdout must parse as
 * exactly one JSON document, whatever the exit code; in `plain` mode, with colour forced on, neither
 * stream carries an escape byte. Without a terminal, a leaf that would prompt exits 2 with its JSON
 * error document. A leaf whose required argument has no sample value below fails the table check,
 * so a new command cannot slip past the contract.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type EmulatorProcess } from '../cloud/helpers.js';
import { argsOf, CLOUD_LEAVES as LEAVES, writeSampleProject } from '../helpers/cloud-leaves.js';

let home: string;
let work: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;

/** Runs the binary in the project folder with the emulator's credentials. */
const run = (args: string[], extra: Record<string, string> = {}) =>
  runCli(['cloud', ...args], { env: { ...env, ...extra }, timeoutMs: 30_000, cwd: work });

/** Whether stdout is exactly one JSON document. */
function oneDocument(stdout: string): boolean {
  try {
    JSON.parse(stdout);
    return stdout.trim() !== '';
  } catch {
    return false;
  }
}

beforeAll(async () => {
  home = await tempDir('pipecat-contract-home-');
  work = await tempDir('pipecat-contract-work-');
  env = cleanEnv(home);
  emu = await spawnEmulator(['--build-ms', '50', '--deploy-ms', '50'], env);
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org });
  // A small Cloud Build project, deployed once, so that most leaves find what they read.
  await writeSampleProject(work);
  expect((await run(['secrets', 'set', 'voice-bot-secrets', 'OPENAI_API_KEY=sk-contract', '--skip'])).code).toBe(0);
  const d = await run(['deploy', '--yes', '--no-preflight']);
  expect(d.code).toBe(0);
}, 120_000);

afterAll(async () => {
  await emu?.stop();
  await cleanup(home, work);
});

describe('the output contract of every cloud command', () => {
  test('every leaf has sample arguments (a new command must add its own)', () => {
    expect(LEAVES.filter((l) => argsOf(l) === undefined).map((l) => l.words)).toEqual([]);
    expect(LEAVES.length).toBeGreaterThanOrEqual(12);
  });

  const placements: [string, (a: string[]) => [string[], Record<string, string>]][] = [
    ['--output json before the sub-command', (a) => [['--output', 'json', ...a], {}]],
    ['--output=json after the sub-command', (a) => [[...a, '--output=json'], {}]],
    ['--json', (a) => [[...a, '--json'], {}]],
    ['PIPECAT_OUTPUT=json', (a) => [a, { PIPECAT_OUTPUT: 'json' }]],
  ];

  test.each(LEAVES.map((l) => [l.words, l] as const))('%s: json mode prints one document; plain has no escape', async (_w, leaf) => {
    const args = argsOf(leaf)!;
    let succeeded = 0;
    for (const [how, place] of placements) {
      const [a, extra] = place(args);
      const r = await run(a, extra);
      if (!oneDocument(r.stdout))
        throw new Error(
          `${how}: stdout of \`pipecat cloud ${a.join(' ')}\` (exit ${r.code}) is not one JSON document:\n${r.stdout}\n--- stderr:\n${r.stderr}`,
        );
      const doc = JSON.parse(r.stdout) as { ok?: boolean; error?: { exitCode?: number } };
      if (r.code === 0) succeeded++;
      else expect(doc.error?.exitCode).toBe(r.code);
    }
    // The four placements are one mode: they end alike.
    expect([0, placements.length]).toContain(succeeded);
    const plain = await run([...args, '--output', 'plain'], { FORCE_COLOR: '1', NO_COLOR: '' });
    expect({ stdout: plain.stdout.includes('\x1b'), stderr: plain.stderr.includes('\x1b') }).toEqual({ stdout: false, stderr: false });
  });

  test('colour is forced on in the plain runs (the escape check can fail)', async () => {
    const rich = await run(['secrets', 'list'], { FORCE_COLOR: '1', NO_COLOR: '' });
    expect(rich.code).toBe(0);
    expect(rich.stdout + rich.stderr).toContain('\x1b[');
  });

  test('an unknown mode is exit 2 naming the valid ones; the flag wins over the variable', async () => {
    const bad = await run(['agent', 'list', '--output', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('rich, plain, json');
    const badEnv = await run(['agent', 'list'], { PIPECAT_OUTPUT: 'yaml' });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toContain('PIPECAT_OUTPUT=yaml');
    const flagWins = await run(['agent', 'list', '--output', 'plain'], { PIPECAT_OUTPUT: 'json' });
    expect(flagWins.code).toBe(0);
    expect(oneDocument(flagWins.stdout)).toBe(false);
    expect(flagWins.stdout.split('\n')[0]).toContain('\t');
  });

  test('a usage error in json mode is a JSON document too', async () => {
    const r = await run(['agent', 'lst'], { PIPECAT_OUTPUT: 'json' });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { exitCode: 2 } });
  });

  test('a prompt needed without a terminal: exit 2 with a JSON error document', async () => {
    const r = await run(['agent', 'delete', 'voice-bot', '--output', 'json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { exitCode: 2 } });
    expect((await run(['agent', 'status', 'voice-bot'])).code).toBe(0);
  });

  test("an official command left to pipecat's CLI says so", async () => {
    for (const words of [
      ['github', 'connect'],
      ['spend-limit', 'show'],
      ['docker', 'build-push'],
      ['project', 'init'],
    ]) {
      const r = await run(words);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`a command of pipecat's own CLI: \`uv run pipecat cloud ${words.join(' ')}\``);
      expect(r.stderr).not.toMatch(/did you mean/i);
    }
  });
});
