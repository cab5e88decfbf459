/**
 * Run the Yeoman generator in-process with yeoman-test, as `yo pipecat` would, with answers given
 * by question name (`withAnswers`).
 */
import { join } from 'node:path';
import helpers from 'yeoman-test';
import PipecatGenerator from '../../generators/app/index.js';
import { ROOT } from './cli.js';

/**
 * Start a yeoman-test run of the `pipecat:app` generator.
 *
 * @param options generator options, by `yo pipecat` flag name (e.g. `{ 'bot-type': 'web' }`)
 * @param answers wizard answers, by question name (config keys, `bot_client`, `generate`)
 * @returns the yeoman-test run context (await it; call `cleanup()` on the result)
 */
export function runGenerator(options: Record<string, unknown>, answers: Record<string, unknown>) {
  return helpers
    .run(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: join(ROOT, 'generators', 'app', 'index.ts') })
    .withOptions({ skipInstall: true, ...options } as never)
    .withAnswers(answers);
}

/** The error a generator run fails with, as our code throws it. */
export type GeneratorFailure = Error & { exitCode?: number; problems?: string[] };

/**
 * Await a run that must fail, hand its error to `check`, and remove the run's temporary folder.
 *
 * @param ctx a run started with {@link runGenerator}
 * @param check assertions on the error (the run's target folder is still there)
 * @throws the assertion error when the run succeeds or `check` fails
 */
export async function expectGeneratorFailure(
  ctx: ReturnType<typeof runGenerator>,
  check: (error: GeneratorFailure) => void,
): Promise<void> {
  let error: GeneratorFailure | undefined;
  try {
    await ctx;
  } catch (err) {
    error = err as GeneratorFailure;
  }
  try {
    if (!error) throw new Error('the generator run was expected to fail, but it succeeded');
    check(error);
  } finally {
    ctx.cleanupTemporaryDir();
  }
}
