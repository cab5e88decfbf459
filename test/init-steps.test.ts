/**
 * One init core (issue 25): each `pipecat init` resolves its configuration once and plans once,
 * whichever front end and path it takes. `pipecat init` without the wizard plans before loading
 * Yeoman and hands that plan to the generator, which must not make it again.
 *
 * Counted two ways: the binary with `PIPECAT_DEBUG_RUNS` prints `pipecat: debug: resolve N` /
 * `plan N` (and `generator run N`) on stderr; in-process runs (the wizard through an injected
 * adapter, `yo pipecat` through yeoman-test) read `initStepCounts()` before and after.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { TestAdapter } from '@yeoman/adapter/testing';
import { createInitCommand, type InitIO } from '../cli/commands/init.js';
import { initStepCounts } from '../generators/app/init/init-plan.js';
import { runPipecatGenerator } from '../generators/app/run.js';
import { WEB_ARGS, makeTempDir, removeDir, runCli } from './helpers/cli.js';
import { runGenerator } from './helpers/generator.js';
// Loaded up front: Jest's ESM loader cannot link these graphs when the runner imports them lazily.
import 'yeoman-environment';
import '../generators/app/index.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-steps-');
});
afterAll(() => removeDir(tmp));

/** The debug lines of one binary run, counted by step. */
function stepsOf(stderr: string): { resolve: number; plan: number; generator: number } {
  const count = (what: string) => stderr.split('\n').filter((l) => l.startsWith(`pipecat: debug: ${what} `)).length;
  return { resolve: count('resolve'), plan: count('plan'), generator: count('generator run') };
}

/** The resolves and plans an in-process run made. */
async function countedIn(run: () => Promise<unknown>): Promise<{ resolve: number; plan: number }> {
  const before = initStepCounts();
  await run();
  const after = initStepCounts();
  return { resolve: after.resolve - before.resolve, plan: after.plan - before.plan };
}

describe('the binary: one resolve and one plan per pipecat init', () => {
  test.each([
    ['flags', (d: string) => ['init', '-n', 'flags-bot', ...WEB_ARGS, '-o', d], 1],
    ['--config', (d: string) => ['init', '-c', join(d, 'bot.json'), '-o', d], 1],
    ['in place (DIRECTORY)', (d: string) => ['init', join(d, 'here-bot'), ...WEB_ARGS], 1],
    ['--dry-run', (d: string) => ['init', '-n', 'dry-bot', ...WEB_ARGS, '-o', d, '--dry-run'], 0],
    ['--coding-agent', (d: string) => ['init', join(d, 'agent-bot'), '--coding-agent'], 0],
  ])('%s', (name, args, generatorRuns) => {
    const dir = join(tmp, `bin-${name.replace(/\W+/g, '')}`);
    mkdirSync(dir, { recursive: true });
    const config = { project_name: 'config-bot', bot_type: 'web', transports: ['smallwebrtc'], mode: 'cascade' };
    writeFileSync(
      join(dir, 'bot.json'),
      JSON.stringify({ ...config, stt_service: 'deepgram_stt', llm_service: 'openai_llm', tts_service: 'cartesia_tts' }),
    );
    const r = runCli(args(dir), { cwd: dir, env: { PIPECAT_DEBUG_RUNS: '1' } });
    expect({ code: r.code, steps: stepsOf(r.stderr) }).toEqual({ code: 0, steps: { resolve: 1, plan: 1, generator: generatorRuns } });
  });
});

describe('in-process front ends: one resolve and one plan', () => {
  /** `pipecat init <args>` through the real yargs command, with an injected wizard adapter. */
  async function init(args: string[], cwd: string, interactive: boolean, answers: Record<string, unknown>): Promise<TestAdapter[]> {
    const adapters: TestAdapter[] = [];
    const io: InitIO = {
      out: () => undefined,
      err: () => undefined,
      interactive,
      rawArgs: args,
      cwd,
      promptAdapter: async () => {
        const adapter = new TestAdapter({ mockedAnswers: answers, throwOnMissingAnswer: false });
        adapters.push(adapter);
        return adapter;
      },
      runGenerator: runPipecatGenerator,
    };
    await yargs(['init', ...args])
      .command(createInitCommand(() => io))
      .strict()
      .fail((msg, e) => {
        throw e ?? new Error(msg);
      })
      .parseAsync();
    return adapters;
  }

  test('pipecat init, the wizard (an injected adapter answers)', async () => {
    const cwd = join(tmp, 'wizard');
    mkdirSync(cwd, { recursive: true });
    let adapters: TestAdapter[] = [];
    const counted = await countedIn(async () => {
      adapters = await init(['-o', 'out', ...WEB_ARGS], cwd, true, { project_name: 'wiz-bot', generate: true });
    });
    expect({ asked: adapters.length, counted }).toEqual({ asked: 1, counted: { resolve: 1, plan: 1 } });
    expect(existsSync(join(cwd, 'out', 'wiz-bot', 'server', 'bot.py'))).toBe(true);
  }, 60_000);

  test('pipecat init DIRECTORY on a terminal, flags complete: no question, the probe resolve is the one planned', async () => {
    const cwd = join(tmp, 'probe');
    mkdirSync(cwd, { recursive: true });
    let adapters: TestAdapter[] = [];
    const counted = await countedIn(async () => {
      adapters = await init(['probe-bot', ...WEB_ARGS], cwd, true, {});
    });
    expect({ asked: adapters.length, counted }).toEqual({ asked: 0, counted: { resolve: 1, plan: 1 } });
    expect(existsSync(join(cwd, 'probe-bot', 'server', 'bot.py'))).toBe(true);
  }, 60_000);

  test.each([
    [
      'options',
      {
        name: 'yo-opts',
        'bot-type': 'web',
        transport: ['smallwebrtc'],
        mode: 'cascade',
        stt: 'deepgram_stt',
        llm: 'openai_llm',
        tts: 'cartesia_tts',
      },
      {},
    ],
    ['the wizard', {}, { project_name: 'yo-wiz', bot_client: 'web-none', transports: ['smallwebrtc'], generate: true }],
  ])(
    'yo pipecat (yeoman-test), %s',
    async (_name, options, answers) => {
      let dir = '';
      const counted = await countedIn(async () => {
        const ctx = runGenerator(options, answers);
        const result = await ctx;
        dir = ctx.targetDirectory!;
        expect(existsSync(join(dir, String((options as { name?: string }).name ?? 'yo-wiz'), 'server', 'bot.py'))).toBe(true);
        result.cleanup();
      });
      expect(counted).toEqual({ resolve: 1, plan: 1 });
    },
    60_000,
  );
});
