/**
 * The prompt adapter of the interactive `pipecat init` wizard: the generator's own
 * questions (`generators/app/wizard/`), asked with `prompts` through {@link PromptsAdapter}.
 *
 * Only a run that asks something imports this module (and with it `prompts` and the adapter); the
 * run itself is the one generator run of `pipecat init` (`generators/app/run.ts`).
 */
import { PromptsAdapter } from './prompts-adapter.js';

/**
 * The wizard's adapter: questions are drawn on stderr like every dialog, or on stdout when only
 * stdout is a terminal; answers are read from stdin.
 *
 * @returns a Yeoman `InputOutputAdapter` built on `prompts`
 */
export function wizardAdapter(): PromptsAdapter {
  const screen = process.stderr.isTTY ? process.stderr : process.stdout;
  return new PromptsAdapter({ stdout: screen });
}
