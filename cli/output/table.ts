/**
 * Plain text tables for stdout, via cli-table3.
 *
 * Tables are for people; commands that print tables also offer `--json` (see {@link printJson})
 * for scripts.
 */
import Table from 'cli-table3';
import pc from 'picocolors';

/**
 * Render rows as a table with a bold header and no outer borders.
 *
 * @param head column titles
 * @param rows one array of cell texts per row (same length as `head`)
 * @returns the table text without a trailing newline
 */
export function renderTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const t = new Table({
    head: head.map((h) => pc.bold(h)),
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '',
      right: '', 'right-mid': '', middle: '',
    },
  });
  for (const r of rows) t.push(r.map(String));
  return t.toString().split('\n').map((l) => l.trimEnd()).join('\n');
}

/**
 * Print a JSON document on stdout (two-space indent, trailing newline).
 *
 * @param doc any JSON-serialisable value
 */
export function printJson(doc: unknown): void {
  process.stdout.write(JSON.stringify(doc, null, 2) + '\n');
}
