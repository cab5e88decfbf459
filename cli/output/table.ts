/**
 * Plain text tables for stdout and stderr: columns padded to their widest cell plus two spaces, a
 * bold header, no borders, no trailing spaces (the layout cli-table3 drew here before, with the
 * same width rule, `string-width`: colours take no room, wide characters two columns).
 *
 * Drawn here rather than with cli-table3, which merged its options into every cell: for the
 * 200-key plan and report of `secrets set` that was a third of the command's CPU time (issue 14,
 * `node --cpu-prof`). Tables are for people; commands that print tables also offer `--json` (see
 * {@link printJson}) for scripts.
 */
import stringWidth from 'string-width';
import pc from 'picocolors';

/**
 * Render rows as a table with a bold header and no borders.
 *
 * @param head column titles
 * @param rows one array of cell texts per row (same length as `head`); a cell is one line
 * @returns the table text without a trailing newline
 */
export function renderTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const lines = [head.map((h) => pc.bold(h)), ...rows.map((r) => r.map(String))];
  const widths: number[] = [];
  const measured = lines.map((cells) =>
    cells.map((cell, i) => {
      const w = stringWidth(cell);
      widths[i] = Math.max(widths[i] ?? 0, w);
      return w;
    }),
  );
  return lines
    .map((cells, l) => cells.map((cell, i) => cell + ' '.repeat(widths[i] + 2 - measured[l][i])).join('').trimEnd())
    .join('\n');
}

/**
 * Print a JSON document on stdout (two-space indent, trailing newline).
 *
 * @param doc any JSON-serialisable value
 */
export function printJson(doc: unknown): void {
  process.stdout.write(JSON.stringify(doc, null, 2) + '\n');
}
