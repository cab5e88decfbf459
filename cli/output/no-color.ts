/**
 * `NO_COLOR` (https://no-color.org) for every colour library the CLI loads, applied once at start.
 *
 * picocolors (our own messages and tables) honours `NO_COLOR` by itself, but the libraries that
 * draw on a terminal for us do not: `prompts` 2.4 colours questions through kleur 3, which reads
 * only `FORCE_COLOR`/`NODE_DISABLE_COLORS`, and ora's spinner and Yeoman's log lines use chalk 5,
 * which reads only `FORCE_COLOR`. Both read the environment when they are first imported, so this
 * module is imported first by `cli/main.ts` (before anything that could load them) and turns a
 * non-empty `NO_COLOR` into `FORCE_COLOR=0`, the switch all of them understand. Child processes
 * (npm, uv) inherit both variables, which is what a user who asked for no colour expects.
 *
 * Importing it has this one effect; it exports {@link noColorRequested} for tests and callers.
 */

/**
 * Whether the environment asks for no colour: `NO_COLOR` present and not empty (no-color.org).
 *
 * @param env environment to read (default `process.env`)
 */
function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NO_COLOR !== undefined && env.NO_COLOR !== '';
}

if (noColorRequested()) process.env.FORCE_COLOR = '0';
