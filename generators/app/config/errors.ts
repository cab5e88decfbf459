/**
 * The configuration's error class, in a module that imports nothing, so every front end and the
 * resolver's own modules recognise it with `instanceof` without loading the resolver.
 */

/** A validation failure: every problem, each naming its flag or config key. Exit code 2. */
export class ConfigError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /**
   * @param message headline
   * @param problems one line per problem
   */
  constructor(message: string, problems: readonly string[]) {
    super(message);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
