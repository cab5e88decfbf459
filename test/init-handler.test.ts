/**
 * `pipecat init`'s handler in-process, with its collaborators injected (issue 14): output sinks,
 * the terminal, the wizard's prompt adapter (Yeoman's TestAdapter answering by question name) and
 * the real generator runner. The wizard path is one generator run; the flags path asks nothing
 * and never builds a prompt adapter; both write the same bytes.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { TestAdapter } from '@yeoman/adapter/testing';
import { createInitCommand, type InitIO } from '../cli/commands/init.js';
import { generatorRunCount, runPipecatGenerator } from '../generators/app/run.js';
import { makeTempDir, readBytes, removeDir } from './helpers/cli.js';
// Loaded up front: Jest's ESM loader cannot link these graphs when the runner imports them lazily.
import 'yeoman-environment';
import '../generators/app/index.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-handler-');
});
afterAll(() => removeDir(tmp));

const SERVICES = [
  '-b',
  'web',
  '-t',
  'smallwebrtc',
  '--client-framework',
  'none',
  '-m',
  'cascade',
  '--stt',
  'deepgram_stt',
  '--llm',
  'openai_llm',
  '--tts',
  'cartesia_tts',
];

/** Collaborators recording what the handler does. */
function fakeIO(cwd: string, interactive: boolean, answers: Record<string, unknown>, rawArgs: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const adapters: TestAdapter[] = [];
  const io: InitIO = {
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    interactive,
    rawArgs,
    cwd,
    promptAdapter: async () => {
      const adapter = new TestAdapter({ mockedAnswers: answers, throwOnMissingAnswer: false });
      adapters.push(adapter);
      return adapter;
    },
    runGenerator: runPipecatGenerator,
  };
  return { io, out, err, adapters };
}

/** Parse `init <args>` with the real yargs command and run its handler with `io`. */
async function init(args: string[], io: InitIO): Promise<void> {
  await yargs(['init', ...args])
    .command(createInitCommand(() => io))
    .strict()
    .fail((msg, e) => {
      throw e ?? new Error(msg);
    })
    .parseAsync();
}

describe('the init handler with injected collaborators', () => {
  test('the wizard path is one generator run and writes what the flags path writes', async () => {
    const cwd = join(tmp, 'wizard');
    mkdirSync(cwd, { recursive: true });
    const args = ['-o', 'out', ...SERVICES];
    const wizard = fakeIO(cwd, true, { project_name: 'handler-bot', generate: true }, args);
    const before = generatorRunCount();
    await init(args, wizard.io);
    expect(generatorRunCount() - before).toBe(1);
    // Asked through the injected adapter: the name, the features, then the confirmation.
    const asked = wizard.adapters.flatMap((a) => a.calls.map((c) => c.question.name));
    expect(asked[0]).toBe('project_name');
    expect(asked[asked.length - 1]).toBe('generate');
    expect(wizard.out.join('')).toContain('Created handler-bot in out/handler-bot');
    expect(wizard.out.join('')).toContain('cd out/handler-bot/server');

    const flagsArgs = ['-n', 'handler-bot', '-o', 'flags', ...SERVICES];
    const flags = fakeIO(cwd, false, {}, flagsArgs);
    const beforeFlags = generatorRunCount();
    await init(flagsArgs, flags.io);
    expect(generatorRunCount() - beforeFlags).toBe(1);
    expect(flags.adapters).toHaveLength(0); // nothing asked: no prompt adapter was built
    expect(flags.err.join('')).toMatch(/create server\/bot\.py/); // Yeoman's log goes to the injected sink
    expect(flags.out.join('')).toContain('Created handler-bot in flags/handler-bot');
    expect(readBytes(join(cwd, 'out', 'handler-bot'))).toEqual(readBytes(join(cwd, 'flags', 'handler-bot')));
  }, 120_000);

  test('bad input and --dry-run never start the generator; no terminal and no --name is exit 2', async () => {
    const cwd = join(tmp, 'early');
    mkdirSync(cwd, { recursive: true });
    const before = generatorRunCount();
    const dry = fakeIO(cwd, false, {}, []);
    await init(['-n', 'dry-bot', '--dry-run', ...SERVICES], dry.io);
    expect(JSON.parse(dry.out.join(''))).toMatchObject({ project_name: 'dry-bot', derived: { output_dir: join(cwd, 'dry-bot') } });
    const bad = fakeIO(cwd, false, {}, []);
    await expect(init(['-n', 'bad-bot', '-b', 'web', '-t', 'no_such_transport'], bad.io)).rejects.toMatchObject({ exitCode: 2 });
    const noTty = fakeIO(cwd, false, {}, []);
    await expect(init(SERVICES, noTty.io)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('no terminal for the wizard'),
    });
    expect(generatorRunCount()).toBe(before);
    expect([dry, bad, noTty].every((x) => x.adapters.length === 0)).toBe(true);
    expect(existsSync(join(cwd, 'dry-bot'))).toBe(false);
  });

  test('declining the summary is exit 130 and writes nothing', async () => {
    const cwd = join(tmp, 'decline');
    mkdirSync(cwd, { recursive: true });
    const io = fakeIO(cwd, true, { project_name: 'no-bot', generate: false }, []);
    await expect(init(SERVICES, io.io)).rejects.toMatchObject({ exitCode: 130 });
    expect(existsSync(join(cwd, 'no-bot'))).toBe(false);
  }, 60_000);
});
