/**
 * What the binary's entry (`cli/entry.ts`) prepares before the yargs program loads, handed to
 * the command's handler among its parsed arguments (yargs' parse context: its keys are set on
 * `argv` as given, never parsed from the command line).
 */
import type { HeadStart } from '../../generators/app/code/python.js';

/** The entry's preparations; each is optional (a command run any other way has none). */
export interface CommandContext {
  /** `pipecat doctor`: the server-code reader, already started (`cli/doctor/head-start.ts`). */
  readonly readerHeadStart?: HeadStart;
  /**
   * Command-line problems yargs found (unknown flags, stray words) while the command still runs,
   * one list per parse (`cli/main.ts` fills it): `pipecat init` reports them together with its
   * configuration's problems, before writing anything; every other command is stopped before its
   * handler.
   */
  readonly usageProblems?: readonly string[];
}
