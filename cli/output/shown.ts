/**
 * A tag for a line of a cloud command that quotes values from outside this program (a name, id,
 * region or status from the platform, a name from `pcc-deploy.toml`): every interpolated value is
 * put in with `visibleField` (`generators/app/output/terminal-safe.ts`), so a line feed, a tab or
 * an escape in it is shown as `\uXXXX` and cannot break the line, forge one of ours, or reach the
 * terminal. The literal parts, ours, are kept as written (a final `\n` included).
 *
 * Use it only for lines whose interpolations are plain values: a value that is itself our own
 * coloured or multi-line text would be escaped too.
 *
 * @example io.err(shown`no sessions of agent ${name}; start one with: pipecat cloud agent start ${name}\n`)
 */
import { visibleField } from '../../generators/app/output/terminal-safe.js';

/**
 * The template with each value made visible by `visibleField`.
 *
 * @param parts the literal parts of the template
 * @param values the interpolated values (strings or numbers; anything else through `String`)
 */
export function shown(parts: TemplateStringsArray, ...values: unknown[]): string {
  let out = parts[0];
  for (let i = 0; i < values.length; i++) out += visibleField(String(values[i])) + parts[i + 1];
  return out;
}
