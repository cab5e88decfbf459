/**
 * Entry point of the interactive `pipecat init` wizard (issue 4).
 *
 * The questions are the generator's own (`generators/app/wizard/`), asked through Yeoman's
 * environment with {@link PromptsAdapter}; the confirmed configuration is then written exactly
 * like a non-interactive run (`finishInit`: destination check, `--dry-run`, staging folder renamed
 * into place, next steps), so both paths produce the same files.
 */
import { resolve } from 'node:path';
import type { ConfigLayer } from '../generators/app/config/resolve.js';
import { finishInit, type InitArgs } from './commands/init.js';
import { CancelledError } from './errors.js';

/**
 * Run the wizard for the answers the flags do not give, then write the project (or print it with
 * `--dry-run`).
 *
 * @param argv parsed `init` arguments (`--output`, `--dry-run`)
 * @param flags configuration values given as flags (their steps are skipped)
 * @throws ConfigError/UserError (exit 2) for invalid flags or an unusable destination;
 *   CancelledError (exit 130) on Ctrl-C, Esc or a declined confirmation
 */
export async function runWizard(argv: InitArgs, flags: ConfigLayer): Promise<void> {
  const [{ promptForConfig }, { PromptsAdapter }] = await Promise.all([import('../generators/app/run.js'), import('./prompts-adapter.js')]);
  const output = resolve(typeof argv.output === 'string' && argv.output !== '' ? argv.output : '.');
  let config;
  try {
    // Questions are drawn on stderr like every dialog; if only stdout is a terminal, there.
    const screen = process.stderr.isTTY ? process.stderr : process.stdout;
    config = await promptForConfig({ flags, output, adapter: new PromptsAdapter({ stdout: screen }) });
  } catch (err) {
    if (err && typeof err === 'object' && (err as { exitCode?: unknown }).exitCode === 130) throw new CancelledError();
    throw err;
  }
  await finishInit(config, argv);
}
