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

/**
 * A mistake in what the user gave us: a flag, a config key, a file. Exit code 2.
 *
 * `problems` lists every problem found (validation reports all of them at once); each names the
 * flag, config key or `file:line` it is about. `message` is the headline.
 */
export class UserError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];

  /**
   * @param message headline, e.g. `invalid configuration`
   * @param problems one line per problem; empty when the headline says it all
   */
  constructor(message: string, problems: readonly string[] = []) {
    super(message);
    this.name = 'UserError';
    this.problems = problems;
  }
}
