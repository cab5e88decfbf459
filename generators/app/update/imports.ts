/**
 * The import block of a merged Python file: after `pipecat update` merges a generated `.py` file
 * (cleanly, part by part, or with conflict markers), its import block is computed again from the
 * code the merge kept, with the generator's own function (`render/python-imports.ts`
 * `importBlock`), so the file never uses a name it does not import (a NameError waiting) whichever
 * side of each part was kept.
 *
 * How: each side's import block (the top-level `import`/`from` statements after the module's
 * docstring) is replaced by one placeholder line before merging, so the block itself never
 * conflicts; the merge then puts the block back, computed from the merged code. The names the
 * generator imports are those of `KNOWN_SYMBOLS` and the ones the base and the new version import
 * (the catalogue's service and transport classes); anything else the user imported there is kept,
 * as written, after the computed block.
 *
 * Why: a merge can keep the user's code and take the new version's imports (or the reverse);
 * recomputing the block keeps the merged file importing what it uses (no NameError, no unused import).
 */
import { importBlock, KNOWN_SYMBOLS } from '../render/python-imports.js';
import { lines } from './merge.js';

/** A `from module import names` the generator may write (the catalogue's shape, as `importBlock` takes it). */
type PythonImport = NonNullable<Parameters<typeof importBlock>[1]>[number];

/** The line that stands for the import block while merging (a comment: valid Python if it leaks). */
const IMPORTS_PLACEHOLDER = '# pipecat update: the import block is computed here\n';

/** One import statement of a block. */
interface Statement {
  /** As written, continuation lines and newline included. */
  text: string;
  /** `from M import …` (M) or `import …` (null). */
  module: string | null;
  /** Each imported item as written (`a`, `a as b`, `x.y`) with the name it binds in the module. */
  items: { text: string; binding: string; module: string }[];
}

/** A Python file cut around its import block. */
interface ImportCut {
  /** Everything before the block (header comments, docstring, blank lines). */
  before: string;
  /** Everything after the block's last statement. */
  after: string;
  /** The block's statements and, kept as the user's, its comment lines (`text` only). */
  statements: (Statement | { comment: string })[];
  /** First line of the block (1-based) and how many lines it spans. */
  line: number;
  span: number;
}

const STATEMENT = /^(import|from)\s/;

/** The items of an import statement: `from M import (a, b as c)` or `import x.y, z as w`. */
function parseStatement(text: string): Statement {
  const flat = text.replace(/#[^\n]*/g, '').replace(/[()\\\n]/g, ' ');
  const from = /^from\s+(\S+)\s+import\s+(.*)$/.exec(flat.trim());
  const list = (from ? from[2] : flat.trim().replace(/^import\s+/, ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const items = list.map((item) => {
    const [name, alias] = item.split(/\s+as\s+/);
    if (from) return { text: item, binding: alias ?? name, module: from[1] };
    return { text: item, binding: alias ?? name.split('.')[0], module: name };
  });
  return { text, module: from ? from[1] : null, items };
}

/** Index of the first line after the module's header comments and docstring. */
function afterHeader(ls: readonly string[]): number {
  let i = 0;
  const skipBlank = (): void => {
    while (i < ls.length && /^(#.*)?$/.test(ls[i].trim())) i++;
  };
  skipBlank();
  const quote = /^[rRuU]?("""|''')/.exec(ls[i] ?? '');
  if (quote) {
    const q = quote[1];
    const rest = ls[i].slice(ls[i].indexOf(q) + 3);
    if (!rest.includes(q)) for (i++; i < ls.length && !ls[i].includes(q); i++);
    i++;
  } else if (/^[rRuU]?["']/.test(ls[i] ?? '')) i++;
  skipBlank();
  return i;
}

/**
 * Cut a Python file around its import block.
 *
 * @param text the file
 * @returns the cut, or null when the file has no top-level import block after its docstring
 */
function cutImports(text: string): ImportCut | null {
  const ls = lines(text);
  const start = afterHeader(ls);
  if (!STATEMENT.test(ls[start] ?? '')) return null;
  const statements: ImportCut['statements'] = [];
  let end = start;
  for (let i = start; i < ls.length;) {
    const line = ls[i];
    if (STATEMENT.test(line)) {
      // A parenthesised list runs to its `)`; a backslash continues the line.
      const paren = line.includes('(') && !line.includes(')');
      let j = i;
      let text = line;
      while (j + 1 < ls.length && (paren ? !ls[j].includes(')') : /\\\s*$/.test(ls[j]))) text += ls[++j];
      statements.push(parseStatement(text));
      i = end = j + 1;
    } else if (/^#/.test(line)) {
      statements.push({ comment: line });
      i++;
    } else if (/^\s*$/.test(line)) i++;
    else break;
  }
  // Comments after the last statement belong to the code below.
  while (statements.length && 'comment' in statements[statements.length - 1]) statements.pop();
  return {
    before: ls.slice(0, start).join(''),
    after: ls.slice(end).join(''),
    statements,
    line: start + 1,
    span: end - start,
  };
}

/** The generator's names for a file: `KNOWN_SYMBOLS` and every `from` import of the generated versions. */
function generatorNames(generated: readonly ImportCut[]): { extras: PythonImport[]; ours: (module: string, binding: string) => boolean } {
  const known = new Set(KNOWN_SYMBOLS.map((s) => `${s.module} ${s.name}`));
  const extras: PythonImport[] = [];
  for (const cut of generated)
    for (const s of cut.statements) {
      if (!('items' in s) || s.module === null) continue;
      for (const it of s.items) {
        const key = `${it.module} ${it.binding}`;
        if (known.has(key)) continue;
        known.add(key);
        extras.push({ from: it.module, names: [it.binding] });
      }
    }
  return { extras, ours: (module, binding) => known.has(`${module} ${binding}`) };
}

/**
 * The user's own lines of a block: comments, and the statements' items the generator does not
 * import; `from __future__` statements apart (Python wants them first).
 */
function userLines(
  cut: ImportCut,
  ours: (module: string, binding: string) => boolean,
): { future: string; text: string; bindings: string[] } {
  let text = '';
  let future = '';
  const bindings: string[] = [];
  for (const s of cut.statements) {
    if ('comment' in s) {
      text += s.comment;
      continue;
    }
    if (s.module === '__future__') {
      future += s.text.endsWith('\n') ? s.text : `${s.text}\n`;
      continue;
    }
    const mine = s.items.filter((it) => !ours(it.module, it.binding));
    if (!mine.length) continue;
    bindings.push(...mine.map((it) => it.binding));
    if (mine.length === s.items.length) text += s.text.endsWith('\n') ? s.text : `${s.text}\n`;
    else text += `${s.module === null ? '' : `from ${s.module} `}import ${mine.map((it) => it.text).join(', ')}\n`;
  }
  return { future, text, bindings };
}

/** The sides of a merge with their import blocks replaced by {@link IMPORTS_PLACEHOLDER}, and how to finish it. */
interface ImportMerge {
  mine: string;
  base: string | null;
  theirs: string;
  /** Put the computed import block (and the user's own imports) in place of the placeholder. */
  finish: (merged: string) => string;
  /** A line number of the placeholder version of the user's file, as a line of the real file. */
  line: (n: number) => number;
}

/**
 * Prepare a merge of a Python file whose import block is computed (every generated `.py` file).
 *
 * @param mine the user's file
 * @param base the last generated version, or null (a project without a base)
 * @param theirs the new version
 * @returns null when a side has no import block to cut (then the file is merged as plain text)
 */
export function prepareImports(mine: string, base: string | null, theirs: string): ImportMerge | null {
  const [m, b, t] = [cutImports(mine), base === null ? null : cutImports(base), cutImports(theirs)];
  if (!m || !t || (base !== null && !b)) return null;
  const { extras, ours } = generatorNames(b ? [t, b] : [t]);
  const user = userLines(m, ours);
  const sided = (c: ImportCut): string => c.before + IMPORTS_PLACEHOLDER + c.after;
  return {
    mine: sided(m),
    base: b ? sided(b) : null,
    theirs: sided(t),
    line: (n) => (n > m.line ? n + m.span - 1 : n),
    finish: (merged) => {
      const at = merged.indexOf(IMPORTS_PLACEHOLDER);
      if (at === -1) return merged;
      const before = merged.slice(0, at);
      // Both sides of a conflicting part may hold the placeholder: the block goes at the first.
      const after = merged
        .slice(at + IMPORTS_PLACEHOLDER.length)
        .split(IMPORTS_PLACEHOLDER)
        .join('');
      // The user's own bindings count as defined, so the block does not import them again.
      const code = before + after + user.bindings.map((n) => `\n${n} = None`).join('');
      const block = importBlock(code, extras);
      const parts = [user.future, block && `${block}\n`, user.text].filter(Boolean);
      return before + parts.join('\n') + after;
    },
  };
}
