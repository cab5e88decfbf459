/**
 * A progress spinner on stderr, via ora 8 (imported lazily).
 *
 * The spinner shows only when stderr is a terminal and the command is not in `--json` mode;
 * otherwise {@link startSpinner} returns a silent stand-in with the same methods, so commands never
 * branch on it.
 */

/** What a command can do with a spinner. */
export interface Spinner {
  /** Change the text shown. */
  update(text: string): void;
  /** Stop with a success mark and a final line (printed on stderr when interactive). */
  succeed(text?: string): void;
  /** Stop with a failure mark. */
  fail(text?: string): void;
  /** Stop and erase the spinner. */
  stop(): void;
}

const silent: Spinner = { update() {}, succeed() {}, fail() {}, stop() {} };

/**
 * Start a spinner on stderr.
 *
 * @param text initial text, e.g. `Uploading 3 secrets`
 * @param opts.json true in `--json` mode (no spinner)
 */
export async function startSpinner(text: string, opts: { json?: boolean } = {}): Promise<Spinner> {
  if (opts.json || !process.stderr.isTTY) return silent;
  const { default: ora } = await import('ora');
  const s = ora({ text, stream: process.stderr }).start();
  return {
    update: (t) => {
      s.text = t;
    },
    succeed: (t) => void s.succeed(t),
    fail: (t) => void s.fail(t),
    stop: () => void s.stop(),
  };
}
