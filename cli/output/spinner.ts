/**
 * A progress spinner on stderr, via ora 8 (imported lazily). Its text is drawn through
 * `drawnLine` (`generators/app/output/sinks.ts`): secrets redacted, every control made visible.
 *
 * The spinner shows only when stderr is a terminal that reports a width (some pseudo-terminals,
 * e.g. under `script`, report 0 columns), the environment is not a CI run or a dumb terminal, and
 * the command is not in `--json` mode; otherwise {@link startSpinner} returns a silent stand-in with
 * the same methods and `animated: false`, and a command that reports progress prints one line per
 * change instead.
 *
 * Why `CI` and `TERM=dumb` count: ora itself (through is-interactive) refuses to animate there and
 * prints the first text once; a command that took "stderr is a terminal" to mean "the spinner shows
 * the changes" then showed none of them.
 *
 * Why the width matters: ora redraws its line by counting how many terminal rows the text takes
 * (`width / columns`); with 0 columns that count is infinite and clearing the line never ends, so
 * every command with a spinner would hang there.
 */
import { drawnLine } from '../../generators/app/output/sinks.js';

/** What a command can do with a spinner. */
export interface Spinner {
  /** True when the spinner redraws its line; false for the silent stand-in (print lines instead). */
  readonly animated: boolean;
  /** Change the text shown. */
  update(text: string): void;
  /** Stop with a success mark and a final line (printed on stderr when interactive). */
  succeed(text?: string): void;
  /** Stop with a failure mark. */
  fail(text?: string): void;
  /** Stop and erase the spinner. */
  stop(): void;
}

const silent: Spinner = { animated: false, update() {}, succeed() {}, fail() {}, stop() {} };

/**
 * Whether a stream can show an animated spinner: a terminal with a known, positive width, outside
 * a CI run (`CI` set, to anything) and not `TERM=dumb` (is-interactive's rule, which ora follows).
 *
 * @param stream the stream the spinner would draw on (stderr)
 * @param env the environment (`process.env`)
 */
export function canAnimate(stream: { isTTY?: boolean; columns?: number }, env: NodeJS.ProcessEnv = process.env): boolean {
  if ('CI' in env || env.TERM === 'dumb') return false;
  return !!stream.isTTY && Number.isFinite(stream.columns) && (stream.columns ?? 0) > 0;
}

/**
 * Start a spinner on stderr.
 *
 * @param text initial text, e.g. `Uploading 3 secrets`
 * @param opts.json true in `--json` mode (no spinner)
 */
export async function startSpinner(text: string, opts: { json?: boolean } = {}): Promise<Spinner> {
  if (opts.json || !canAnimate(process.stderr)) return silent;
  const { default: ora } = await import('ora');
  // ora writes to the stream itself: every text it draws is made safe here (`drawnLine`).
  const s = ora({ text: drawnLine(text), stream: process.stderr, isEnabled: true }).start(); // canAnimate decided
  return {
    animated: true,
    update: (t) => {
      s.text = drawnLine(t);
    },
    succeed: (t) => void s.succeed(t === undefined ? t : drawnLine(t)),
    fail: (t) => void s.fail(t === undefined ? t : drawnLine(t)),
    stop: () => void s.stop(),
  };
}
