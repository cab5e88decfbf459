/**
 * Run the generator once, through yeoman-environment, for our CLI: `pipecat init` with flags, a
 * config file or the wizard all come here (one environment, one run: prompting, configuring,
 * writing, end).
 *
 * Imported lazily by `pipecat init` (Yeoman costs most of a second to import). The generator
 * class is registered directly (no lookup: a lookup spawns `npm root -g`).
 */
import { Console } from 'node:console';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { packageRoot } from './paths.js';
import type { InitRequest } from './init/init-plan.js';
import type { Staging } from './staging/staging.js';
import { writeStderr } from './output/sinks.js';

let runs = 0;

/**
 * Count one Yeoman environment run; with `PIPECAT_DEBUG_RUNS` set, say so on stderr
 * (`pipecat: debug: generator run N`), so a test can count the runs of one command.
 */
function countRun(): void {
  runs += 1;
  if (process.env.PIPECAT_DEBUG_RUNS) writeStderr(`pipecat: debug: generator run ${runs}\n`);
}

/**
 * Yeoman's line before it rethrows a task's error ("✖ An error occured while running
 * pipecat:app#writing"): our CLI prints the error itself, in one line.
 */
const YEOMAN_TASK_ERROR = /^\S*\s*An error occured while running \S+\s*$/; // tested without colour codes

/**
 * Output options of Yeoman's TerminalAdapter that send every log line (its console and its
 * `log.write`, which the `create …` lines use) to `sink`, but Yeoman's task-error line.
 */
function sinkOutput(sink: (text: string) => void): { stderr: Writable; console: Console } {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = chunk.toString();
      if (!YEOMAN_TASK_ERROR.test(stripVTControlCharacters(text))) sink(text);
      done();
    },
  });
  return { stderr: stream, console: new Console(stream, stream) };
}

/**
 * How many generator runs this process started (see {@link runPipecatGenerator}).
 *
 * @returns the count since the process started
 */
export function generatorRunCount(): number {
  return runs;
}

/** Inputs of {@link runPipecatGenerator}. */
export interface GeneratorRun {
  /** What to create (flags, config file layer, destination, wizard, dry run; its plan when made). */
  request?: InitRequest;
  /**
   * The prompt adapter for the wizard (Yeoman's `InputOutputAdapter`; ours is
   * `cli/prompts-adapter.ts`), wrapped in Yeoman's QueuedAdapter. Omit it when nothing is asked.
   */
  adapter?: unknown;
  /** Where results go: the `--dry-run` JSON and the next steps (our CLI: stdout). */
  out: (text: string) => void;
  /** Where notes go, e.g. kept agent guides (our CLI: stderr). */
  note: (text: string) => void;
}

/**
 * Run the `pipecat:app` generator once: ask what is missing, resolve and plan (unless the request
 * holds its plan already), write into a staging folder and commit it (or, with `--dry-run`, print
 * the plan). The phases call the init core (`./init/core.ts`).
 *
 * @param run request, prompt adapter, output sinks
 * @throws ConfigError or DestinationError (exit 2); StagingError (exit 2) when the file system
 *   refuses; an error with exitCode 130 when the wizard is cancelled or declined. A project
 *   being staged is removed again before the error is thrown.
 */
export async function runPipecatGenerator(run: GeneratorRun): Promise<void> {
  const [{ createEnv }, { default: PipecatGenerator }] = await Promise.all([import('yeoman-environment'), import('./index.js')]);
  // yeoman-environment has imported @yeoman/adapter already: this import costs nothing more.
  const { QueuedAdapter } = await import('@yeoman/adapter');
  // The wizard's adapter asks and logs on the terminal; without it Yeoman's log (the `create …`
  // lines) goes to the `note` sink.
  const adapter = run.adapter ? new QueuedAdapter({ adapter: run.adapter as never }) : new QueuedAdapter(sinkOutput(run.note) as never);
  const cwd = run.request?.cwd ?? process.cwd();
  const env = createEnv({ cwd, logCwd: cwd, skipInstall: true, skipCache: true, force: true, adapter } as never);
  // `resolved` names the module `yo` finds (the bundle's chunks live elsewhere: not import.meta.url).
  env.register(PipecatGenerator as never, {
    namespace: 'pipecat:app',
    resolved: join(packageRoot(), 'dist', 'generators', 'app', 'index.js'),
  });
  const stagings: Staging[] = [];
  countRun();
  try {
    await env.run(['pipecat:app'], {
      request: run.request,
      out: run.out,
      note: run.note,
      onStaging: (s: Staging) => stagings.push(s),
      skipInstall: true,
      skipCache: true,
    } as never);
  } catch (err) {
    for (const s of stagings) s.abort();
    throw err;
  }
}
