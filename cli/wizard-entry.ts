/**
 * Entry point of the interactive `pipecat init` wizard (issue 4). Until the wizard lands, a
 * terminal session gets the same exit-2 message as a session without one.
 */
import type { ConfigLayer } from '../generators/app/config/resolve.js';
import { UserError } from './errors.js';
import type { InitArgs } from './commands/init.js';

/**
 * Run the wizard for the answers the flags do not give, then write the project.
 *
 * @param argv parsed `init` arguments
 * @param flags configuration values given as flags
 * @throws UserError (exit 2) while the wizard is not available
 */
export async function runWizard(argv: InitArgs, flags: ConfigLayer): Promise<void> {
  void argv;
  void flags;
  throw new UserError('the interactive wizard is not available yet: pass --name (and the other options) or --config <file>', [
    'see `pipecat init --help` and `pipecat init --list-options`',
  ]);
}
