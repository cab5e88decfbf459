/**
 * Whether a destination can take a new project: shared by `pipecat init` (flags, config file and
 * wizard), the wizard's name step and `yo pipecat`, so every path refuses the same folders with
 * the same words.
 *
 * Source: issue 2 ("an existing non-empty `<output>/<name>` is refused (exit 2) and left
 * untouched").
 */
import { existsSync, readdirSync, statSync } from 'node:fs';

/**
 * Why `<output>/<name>` cannot take the project, or null when it can (the output folder is
 * missing or a folder, and the project folder is missing or an empty folder).
 *
 * @param output absolute output folder
 * @param target absolute project folder (`<output>/<name>`)
 * @returns one line naming the path and what to change, or null
 */
export function destinationProblem(output: string, target: string): string | null {
  if (existsSync(output) && !statSync(output).isDirectory()) {
    return `--output ${output} is not a directory`;
  }
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) return `${target} exists and is not a directory: choose another --name or --output`;
    if (readdirSync(target).length > 0) {
      return `${target} already exists and is not empty: choose another --name or --output (nothing was written)`;
    }
  }
  return null;
}

/** A destination that cannot take the project (exit code 2, like a usage error). */
export class DestinationError extends Error {
  readonly exitCode = 2;

  /** @param message the line from {@link destinationProblem} */
  constructor(message: string) {
    super(message);
    this.name = 'DestinationError';
  }
}
