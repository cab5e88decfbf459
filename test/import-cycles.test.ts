/**
 * No import cycles in the CLI and the generator (issue 14: `cli/commands/init.ts` and
 * `cli/wizard-entry.ts` imported each other). The graph is read with TypeScript's own import
 * scanner (`ts.preProcessFile`: static imports, re-exports and `import()` calls), as madge does.
 *
 * Issue 25's shape of `generators/app`: its top-level entries (a folder counts as one unit, as
 * madge's or dependency-cruiser's collapse does) number at most 14, their imports form at most 6
 * levels (the longest chain of units, leaves being level 1) and no cycle (no import points back up).
 *
 * One arrow down between the repository's top-level folders ({@link ALLOWED}): the generator imports
 * none of the others, the front end imports the generator only, scripts and the bench may import
 * both, tests anything; every folder holding TypeScript is named there, and no file anywhere is in a
 * cycle.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './helpers/cli.js';
import { sources } from './helpers/sources.js';

/**
 * The top-level folders each top-level folder's files may import from (besides their own). A new
 * folder holding TypeScript must be added here: its direction is a decision, not a default.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  generators: [],
  cli: ['generators'],
  scripts: ['cli', 'generators'],
  bench: ['cli', 'generators', 'scripts'],
  test: ['cli', 'generators', 'scripts', 'bench'],
  // The client apps the generator copies into projects: they import their own packages only.
  templates: [],
};

/** Local imports of a source file, as absolute `.ts` paths. */
function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')))
    .filter((p) => existsSync(p));
}

/**
 * The import cycles of a graph, each as a list of files from its first member back to it.
 *
 * @param graph file → files it imports
 */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') found.push([...stack.slice(stack.indexOf(g)), g]);
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}

/** The top-level folder of a path under the repository root (`cli` for `cli/main.ts`). */
function topFolder(file: string): string {
  return relative(ROOT, file).split(/[\\/]/)[0];
}

/**
 * The imports that run against {@link ALLOWED}, each as `from → to (from may import: …)`.
 *
 * @param graph file → files it imports (absolute paths under the repository root)
 * @param allowed top-level folder → the folders it may import from
 */
function wrongArrows(graph: Map<string, string[]>, allowed: Readonly<Record<string, readonly string[]>>): string[] {
  const found: string[] = [];
  for (const [f, imports] of graph) {
    const from = topFolder(f);
    for (const g of imports) {
      const to = topFolder(g);
      if (to === from || allowed[from]?.includes(to)) continue;
      found.push(`${relative(ROOT, f)} → ${relative(ROOT, g)} (${from}/ may import: ${allowed[from]?.join(', ') || 'nothing of ours'})`);
    }
  }
  return found;
}

/**
 * The graph of `generators/app` collapsed to its top-level entries: file `x.ts` is unit `x`, a
 * folder `f/` is unit `f`; imports inside a unit and imports from outside `generators/app` drop out.
 *
 * @param app absolute folder of the generator
 * @returns unit → units it imports
 */
function collapsedGraph(app: string): Map<string, string[]> {
  const unitOf = (f: string) => relative(app, f).split('/')[0].replace(/\.ts$/, '');
  const graph = new Map<string, Set<string>>();
  for (const f of sources(app)) {
    const from = unitOf(f);
    const to = graph.get(from) ?? new Set<string>();
    graph.set(from, to);
    for (const g of localImports(f)) if (!relative(app, g).startsWith('..') && unitOf(g) !== from) to.add(unitOf(g));
  }
  return new Map([...graph].map(([u, s]) => [u, [...s].sort()]));
}

/**
 * The number of levels of an acyclic graph: the most nodes on one import chain (a leaf is 1).
 *
 * @param graph node → nodes it imports (must be acyclic)
 */
function levels(graph: Map<string, string[]>): number {
  const memo = new Map<string, number>();
  const depth = (n: string): number => memo.get(n) ?? memo.set(n, 1 + Math.max(0, ...(graph.get(n) ?? []).map(depth))).get(n)!;
  return Math.max(0, ...[...graph.keys()].map(depth));
}

describe('import graph', () => {
  test('the cycle finder finds a cycle (a → b → a) and a self-import', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['c']],
        ]),
      ),
    ).toEqual([
      ['a', 'b', 'a'],
      ['c', 'c'],
    ]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  test('no import cycle in any top-level folder (dynamic imports included)', () => {
    const files = Object.keys(ALLOWED).flatMap((d) => sources(join(ROOT, d)));
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    expect(graph.get(join(ROOT, 'cli', 'commands', 'init.ts'))?.length).toBeGreaterThan(3); // the scanner sees imports
    expect(cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' → '))).toEqual([]);
  });

  test('every top-level folder holding TypeScript has its allowed directions', () => {
    const folders = readdirSync(ROOT).filter(
      (d) =>
        !d.startsWith('.') &&
        !['node_modules', 'dist'].includes(d) &&
        statSync(join(ROOT, d)).isDirectory() &&
        sources(join(ROOT, d)).length > 0,
    );
    expect(folders.filter((d) => !(d in ALLOWED))).toEqual([]);
  });

  test('imports between top-level folders run one way: generators/ imports no other folder', () => {
    const files = Object.keys(ALLOWED).flatMap((d) => sources(join(ROOT, d)));
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    // The check itself: an arrow from generators/ up into cli/ is named with its file.
    const planted = new Map([[join(ROOT, 'generators', 'app', 'x.ts'), [join(ROOT, 'cli', 'errors.ts')]]]);
    expect(wrongArrows(planted, ALLOWED)).toEqual(['generators/app/x.ts → cli/errors.ts (generators/ may import: nothing of ours)']);
    expect(wrongArrows(graph, ALLOWED)).toEqual([]);
  });

  test('the level count is the longest chain', () => {
    expect(
      levels(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
          ['d', []],
        ]),
      ),
    ).toBe(3);
  });

  test('generators/app: at most 14 top-level entries, 6 levels, no cycle between them', () => {
    const graph = collapsedGraph(join(ROOT, 'generators', 'app'));
    expect(graph.get('index')).toEqual(expect.arrayContaining(['init', 'staging', 'wizard'])); // the collapse sees imports
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
    expect({ entries: graph.size <= 14, levels: levels(graph) <= 6 }).toEqual({ entries: true, levels: true });
  });
});
