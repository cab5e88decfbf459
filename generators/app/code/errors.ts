/**
 * The errors of reading a project's server code, in a module that imports nothing: a front end
 * recognises them with `instanceof` and maps their `exitCode` (`cli/errors.ts` `exitCodeFor`)
 * without loading the reader.
 */

/**
 * No Python 3.10 or newer to run the reader with: none in the project's `.venv`, nor `python3`,
 * `python` or `py -3` on PATH (`python.ts`). Exit code 2: the user installs one.
 */
export class PythonNotFoundError extends Error {
  readonly exitCode = 2;
  /** What was tried, one line each (`.venv/bin/python: not found`, `python3: Python 3.9.7 is too old` …). */
  readonly problems: readonly string[];

  /** @param tried what was tried and why each failed, one line each */
  constructor(tried: readonly string[]) {
    super('no Python 3.10 or newer found to read the server code: install Python 3.10 or newer (or run `uv sync` in server/)');
    this.name = 'PythonNotFoundError';
    this.problems = tried;
  }
}

/**
 * The reader could not read the code: a file too large or outside the project, the reader crashed,
 * timed out, or printed something that is not its JSON. Exit code 1 (an operation that failed).
 */
export class CodeReadError extends Error {
  readonly exitCode = 1;

  /** @param message one line saying what failed and where */
  constructor(message: string) {
    super(message);
    this.name = 'CodeReadError';
  }
}
