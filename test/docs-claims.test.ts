/**
 * The claims of CONTRIBUTING.md and docs/*.md that a test can hold:
 * - CONTRIBUTING's unit table (`| unit | holds | imports |`) is the graph of `generators/app` collapsed
 *   to its top-level entries (a file `x.ts` is unit `x`, a folder `f/` is unit `f`, as
 *   test/import-cycles.test.ts collapses it): the same units, each with exactly the units it
 *   imports, each importing only units listed below it, and the sentence before the table counts them;
 * - every path of this repository they cite in backticks exists: a path whose first segment is a
 *   top-level folder of the repository (`cli/errors.ts`, `test/docs.test.ts`), and in CONTRIBUTING
 *   also a path given relative to the unit it describes (`config/flags.ts`, `wizard/`): some
 *   tracked file or folder ends with it.
 *
 * Both read the documents and the tree as they are, so a moved module, a new unit or a renamed file
 * fails here until the text says so.
 */
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sources } from './helpers/sources.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const APP = join(ROOT, 'generators', 'app');

/** Unit → the units it imports (sorted), for `generators/app` collapsed to its top-level entries. */
function unitGraph(): Map<string, string[]> {
  const unitOf = (f: string): string => relative(APP, f).split(/[\\/]/)[0].replace(/\.ts$/, '');
  const graph = new Map<string, Set<string>>();
  for (const f of sources(APP)) {
    const from = unitOf(f);
    const to = graph.get(from) ?? new Set<string>();
    graph.set(from, to);
    for (const { fileName } of ts.preProcessFile(readFileSync(f, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(f), fileName.replace(/\.js$/, '.ts'));
      if (!existsSync(target) || relative(APP, target).startsWith('..')) continue;
      if (unitOf(target) !== from) to.add(unitOf(target));
    }
  }
  return new Map([...graph].map(([u, s]) => [u, [...s].sort()]));
}

/** One row of the unit table. */
interface UnitRow {
  unit: string;
  imports: string[];
}

/** The unit table of `text` (CONTRIBUTING.md), in its order, and the count its lead sentence gives. */
function unitTable(text: string): { rows: UnitRow[]; counted: string | undefined } {
  const lines = text.split('\n');
  const head = lines.findIndex((l) => /^\|\s*unit\s*\|\s*holds\s*\|\s*imports\s*\|/.test(l));
  if (head < 0) return { rows: [], counted: undefined };
  const rows: UnitRow[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const unit = /^`([^`]+)`$/.exec(cells[0])?.[1].replace(/\/$/, '').replace(/\.ts$/, '') ?? cells[0];
    const last = cells[cells.length - 1];
    rows.push({
      unit,
      imports:
        last === '—' || last === ''
          ? []
          : last
              .split(',')
              .map((s) => s.trim())
              .sort(),
    });
  }
  const before = lines.slice(Math.max(0, head - 4), head).join(' ');
  return { rows, counted: /has (\w+) top-level units/.exec(before)?.[1] };
}

const NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** What the table gets wrong against `graph`, one line each (empty when it is right). */
function tableProblems(rows: UnitRow[], counted: string | undefined, graph: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const listed = rows.map((r) => r.unit);
  for (const u of graph.keys()) if (!listed.includes(u)) problems.push(`unit ${u} (generators/app) has no row`);
  rows.forEach((r, i) => {
    const real = graph.get(r.unit);
    if (!real) return problems.push(`row ${r.unit}: no such unit in generators/app`);
    if (real.join(', ') !== r.imports.join(', '))
      problems.push(`row ${r.unit}: imports ${real.join(', ') || '—'}, the table says ${r.imports.join(', ') || '—'}`);
    const above = real.filter((u) => listed.indexOf(u) >= 0 && listed.indexOf(u) <= i);
    if (above.length) problems.push(`row ${r.unit}: imports ${above.join(', ')}, listed above it`);
  });
  if (counted !== NUMBERS[rows.length]) problems.push(`the text counts "${counted}" units, the table has ${rows.length}`);
  return problems;
}

/** Tracked files and their folders (with a trailing `/`), relative to the root. */
function trackedPaths(): Set<string> {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const all = new Set(files);
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) all.add(`${parts.slice(0, i).join('/')}/`);
  }
  return all;
}

/** A path-shaped span: names joined by `/`, no placeholder, glob or space. */
const PATH = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;
/** The top-level folders of the repository whose paths a document can cite (build output and dependencies left out). */
const TOP = readdirSync(ROOT).filter((n) => statSync(join(ROOT, n)).isDirectory() && !['node_modules', 'dist', '.git'].includes(n));
/** Folders of pipecat-ai/pipecat cited by docs under the same first name as one of ours (its deprecation registry). */
const FOREIGN = ['scripts/deprecations/'];

/**
 * The backticked paths of a document that do not exist, as `doc: path`.
 *
 * @param doc the document's path relative to the root (`CONTRIBUTING.md`, `docs/deploy.md`)
 * @param text its text
 * @param tracked {@link trackedPaths}
 */
function missingPaths(doc: string, text: string, tracked: Set<string>): string[] {
  const missing: string[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const span = m[1].replace(/:\d+(-\d+)?$/, '').replace(/#.*$/, '');
    // `dist/` is build output, there only after `npm run build`.
    if (!PATH.test(span) || span.startsWith('dist/') || FOREIGN.some((f) => span.startsWith(f))) continue;
    const first = span.split('/')[0];
    if (span.includes('/') && TOP.includes(first)) {
      if (!existsSync(join(ROOT, span))) missing.push(`${doc}: ${span}`);
    } else if (doc === 'CONTRIBUTING.md' && !span.startsWith('.') && (span.includes('/') || span.endsWith('.ts'))) {
      if (![...tracked].some((p) => p === span || p.endsWith(`/${span}`))) missing.push(`${doc}: ${span}`);
    }
  }
  return missing;
}

describe("CONTRIBUTING's unit table", () => {
  const graph = unitGraph();

  test('the checks see a wrong import, a missing row, a row listed too low and a wrong count', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', []],
      ['c', []],
    ]);
    const rows = [
      { unit: 'b', imports: [] },
      { unit: 'a', imports: ['c'] },
    ];
    expect(tableProblems(rows, 'three', g)).toEqual([
      'unit c (generators/app) has no row',
      'row a: imports b, the table says c',
      'row a: imports b, listed above it',
      'the text counts "three" units, the table has 2',
    ]);
  });

  test('is the import graph of generators/app collapsed to its units', () => {
    const { rows, counted } = unitTable(readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8'));
    expect(graph.get('index')?.length).toBeGreaterThan(2); // the scanner sees imports
    expect(rows.length).toBeGreaterThan(5);
    expect(tableProblems(rows, counted, graph)).toEqual([]);
  });
});

describe('paths cited in CONTRIBUTING.md and docs/*.md', () => {
  const tracked = trackedPaths();

  test('a cited path that is not there is found, rooted or relative', () => {
    expect(missingPaths('CONTRIBUTING.md', '`cli/no-such.ts`, `config/no-such.ts`, `config/flags.ts`, `--flag`, `a b`', tracked)).toEqual([
      'CONTRIBUTING.md: cli/no-such.ts',
      'CONTRIBUTING.md: config/no-such.ts',
    ]);
    expect(missingPaths('docs/x.md', '`test/no-such.test.ts` `src/pipecat/x.py` `server/bot.py`', tracked)).toEqual([
      'docs/x.md: test/no-such.test.ts',
    ]);
  });

  test('exist', () => {
    const docs = [
      'CONTRIBUTING.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    expect(docs.length).toBeGreaterThan(10);
    const missing = docs.flatMap((d) => missingPaths(d, readFileSync(join(ROOT, d), 'utf8'), tracked));
    expect(missing).toEqual([]);
  });
});
