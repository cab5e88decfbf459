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
