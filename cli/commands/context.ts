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
}
