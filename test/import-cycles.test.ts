/**
 * No import cycles in the CLI and the generator (issue 14: `cli/commands/init.ts` and
 * `cli/wizard-entry.ts` imported each other). The graph is read with TypeScript's own import
 * scanner (`ts.preProcessFile`: static imports, re-exports and `import()` calls), as madge does.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './helpers/cli.js';

/** Every `.ts` file under `dir` (declaration files excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

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

  test('cli/ and generators/ have no import cycle (dynamic imports included)', () => {
    const files = [...sources(join(ROOT, 'cli')), ...sources(join(ROOT, 'generators'))];
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    expect(graph.get(join(ROOT, 'cli', 'commands', 'init.ts'))?.length).toBeGreaterThan(3); // the scanner sees imports
    expect(cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' → '))).toEqual([]);
  });
});
