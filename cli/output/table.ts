/**
 * Plain text tables for stdout and stderr, via text-table: columns left-aligned and separated by
 * two spaces, a bold header, no borders, no trailing spaces. Cell widths are measured with
 * string-width, so colour codes take no room and wide characters two columns.
 *
 * text-table rather than cli-table3 (which drew the same layout here before, byte for byte): cli-table3
 * builds an options object per cell, which for the 200-key plan of `secrets set` cost ≈ 100 ms of
 * CPU per table against ≈ 10 ms (`npm run bench`). Tables are for people; commands that
 * print tables also offer `--json` (`--output json`) for scripts.
 */
import textTable from 'text-table';
import stringWidth from 'string-width';
import pc from 'picocolors';
import type { OutputMode } from './mode.js';
import { visibleField } from '../../generators/app/output/terminal-safe.js';

/**
 * A cell this program wrote itself, coloured (`c.green('add')`): the table leaves it as it is.
 * Its maker puts any value from outside into it with `visibleField` first.
 */
export interface OwnCell {
  readonly own: string;
}

/** A table cell: text or a number (made safe by the table), or an {@link OwnCell}. */
type Cell = string | number | OwnCell;

/**
 * A cell of our own words and colours, left as it is by {@link renderTable}.
 *
 * @param text the cell, e.g. `c.green('written')`; a value from outside in it already passed `visibleField`
 */
export function ownCell(text: string): OwnCell {
  return { own: text };
}

/** The text of a cell: a value with every control made visible (a line feed or escape included), or our own cell. */
function cellText(cell: Cell): string {
  return typeof cell === 'object' ? cell.own : visibleField(String(cell));
}

/**
 * Render rows as a table with a bold header and no borders; in `plain` mode as tab-separated lines
 * (the header first, no colour, cells never shortened), as the official CLI's plain output is.
 * Every cell but an {@link OwnCell} passes `visibleField` (`generators/app/output/terminal-safe.ts`):
 * a name from the platform or a file cannot break the row, rewrite the line or reach the terminal
 * as an escape; the header's bold is applied after.
 *
 * @param head column titles
 * @param rows one array of cells per row (same length as `head`); a cell is one line
 * @param mode the output mode (`cli/output/mode.ts`; default `rich`)
 * @returns the table text without a trailing newline
 */
export function renderTable(head: readonly string[], rows: readonly (readonly Cell[])[], mode: OutputMode = 'rich'): string {
  if (mode === 'plain') return [head, ...rows].map((r) => r.map(cellText).join('\t')).join('\n');
  const lines = [head.map((h) => pc.bold(visibleField(h))), ...rows.map((r) => r.map(cellText))];
  return textTable(lines, { hsep: '  ', stringLength: stringWidth })
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

/**
 * Render `[label, value]` pairs, one a line (a value made safe as a table cell is): `label:` padded to a column in `rich` mode, `label<TAB>value`
 * in `plain` mode (as `renderTable`'s plain rows), for a command that shows one thing (a build, a setting).
 *
 * @param pairs the labels and values, in order; a value is one line
 * @param mode the output mode (default `rich`)
 * @returns the lines without a trailing newline
 */
export function renderPairs(pairs: readonly (readonly [string, Cell])[], mode: OutputMode = 'rich'): string {
  if (mode === 'plain') return pairs.map(([k, v]) => `${k}\t${cellText(v)}`).join('\n');
  const width = Math.max(0, ...pairs.map(([k]) => k.length)) + 2;
  return pairs.map(([k, v]) => `${(k + ':').padEnd(width)}${cellText(v)}`.trimEnd()).join('\n');
}
