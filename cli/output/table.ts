/**
 * Plain text tables for stdout and stderr, via text-table: columns left-aligned and separated by
 * two spaces, a bold header, no borders, no trailing spaces. Cell widths are measured with
 * string-width, so colour codes take no room and wide characters two columns.
 *
 * text-table rather than cli-table3 (which drew the same layout here before, byte for byte): cli-table3
 * builds an options object per cell, which for the 200-key plan of `secrets set` cost ≈ 100 ms of
 * CPU per table against ≈ 10 ms (issue 14, `npm run bench`). Tables are for people; commands that
 * print tables also offer `--json` (see {@link printJson}) for scripts.
 */
import textTable from 'text-table';
import stringWidth from 'string-width';
import pc from 'picocolors';
import type { OutputMode } from './mode.js';

/**
 * Render rows as a table with a bold header and no borders; in `plain` mode as tab-separated lines
 * (the header first, no colour, cells never shortened), as the official CLI's plain output is.
 *
 * @param head column titles
 * @param rows one array of cell texts per row (same length as `head`); a cell is one line
 * @param mode the output mode (`cli/output/mode.ts`; default `rich`)
 * @returns the table text without a trailing newline
 */
export function renderTable(head: readonly string[], rows: readonly (readonly (string | number)[])[], mode: OutputMode = 'rich'): string {
  if (mode === 'plain') return [head, ...rows].map((r) => r.map(String).join('\t')).join('\n');
  const lines = [head.map((h) => pc.bold(h)), ...rows.map((r) => r.map(String))];
  return textTable(lines, { hsep: '  ', stringLength: stringWidth })
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

/**
 * Print a JSON document (two-space indent, trailing newline).
 *
 * @param doc any JSON-serialisable value
 * @param out where the text goes (default: stdout)
 */
export function printJson(doc: unknown, out: (text: string) => void = (text) => void process.stdout.write(text)): void {
  out(JSON.stringify(doc, null, 2) + '\n');
}

/**
 * Render `[label, value]` pairs, one a line: `label:` padded to a column in `rich` mode, `label<TAB>value`
 * in `plain` mode (as `renderTable`'s plain rows), for a command that shows one thing (a build, a setting).
 *
 * @param pairs the labels and values, in order; a value is one line
 * @param mode the output mode (default `rich`)
 * @returns the lines without a trailing newline
 */
export function renderPairs(pairs: readonly (readonly [string, string])[], mode: OutputMode = 'rich'): string {
  if (mode === 'plain') return pairs.map(([k, v]) => `${k}\t${v}`).join('\n');
  const width = Math.max(0, ...pairs.map(([k]) => k.length)) + 2;
  return pairs.map(([k, v]) => `${(k + ':').padEnd(width)}${v}`.trimEnd()).join('\n');
}
