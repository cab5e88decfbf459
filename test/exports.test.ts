/**
 * What a module exports, and what it keeps, read with TypeScript's own parser
 * (`ts.createSourceFile`) over every source under cli/, generators/, scripts/ and bench/:
 *
 * - one definition per exported name: no two source modules export a declaration of the same name
 *   (re-exports aside), so a reader who finds it finds the one;
 * - no export only its own file uses: every exported name is imported by another source module or
 *   by a test (static imports, re-exports, `import type`, `import()` destructured or read as
 *   `(await import(…)).name`), entry points aside ({@link ENTRY_POINTS});
 * - no module-level mutable state in cli/ or generators/: no top-level `let` or `var` (but a memo: a
 *   `let` only ever assigned with `??=`, a value computed once from constants that every caller sees
 *   the same, such as a schema built on first use), and no
 *   top-level `const` holding something that any module mutates (`push`, `set`, `add`, `delete`,
 *   `clear`, `splice`…, assignment to one of its properties or elements, `delete`,
 *   `Object.assign`), except the process-wide objects of {@link PROCESS_WIDE}.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './helpers/cli.js';
import { sources } from './helpers/sources.js';

/** The folders of the product's own modules. */
const SOURCE_FOLDERS = ['cli', 'generators', 'scripts', 'bench'];

/** The folders where module-level mutable state is refused. */
const STATE_FOLDERS = ['cli', 'generators'];

/**
 * Exports nothing of ours imports, because something else loads them: `yo` loads the generator's
 * default export, `npm run docs`, `npm run bench` and the scripts run their files.
 */
const ENTRY_POINTS: readonly string[] = ['generators/app/index.ts default'];

/**
 * Top-level objects that stand for something the process has once, and that every module reaches
 * without a parameter, each with the reason it is not passed down.
 */
const PROCESS_WIDE: Readonly<Record<string, string>> = {
  // Every write to stdout or stderr, from any module of the front end or the generator, passes the
  // sinks, which redact the secrets this process read: the registry is the process's, like its streams.
  'generators/app/output/redact.ts inPlay': 'the secrets redacted from every write to the process streams',
  // Signal handlers belong to the process: the fallback that stops it and the watches that hold it off.
  'cli/interrupts.ts activeWatches': "the process's SIGINT/SIGTERM/SIGHUP handlers holding off the stop fallback",
  'cli/interrupts.ts stopContext': "what the process's stop fallback prints when a signal ends it",
  // The `exit` hook is the process's: it aborts every staging still open when the process ends.
  'generators/app/staging/recovery.ts warned': 'the staging folders this process already named in a warning (once per process)',
  // PIPECAT_DEBUG_RUNS's counts are of the process (test/init-steps.test.ts, test/init-handler.test.ts read them).
  'generators/app/run.ts runs': 'how many generator runs this process started',
  'generators/app/init/init-plan.ts stepCounts': 'how many resolves and plans this process made',
  'generators/app/staging/staging.ts openStagings': "the stagings the process's exit hook aborts",
  'generators/app/staging/staging.ts exitHookInstalled': "whether the process's exit hook is installed (once)",
};

/** A module read once: its path relative to the root and its syntax tree. */
interface Module {
  file: string;
  sf: ts.SourceFile;
}

/** Parse `text` as the module `file` (relative to the root). */
function parse(file: string, text: string): Module {
  return { file, sf: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
}

/** The modules under `folders`, parsed. */
function modules(folders: readonly string[]): Module[] {
  return folders.flatMap((d) => sources(join(ROOT, d))).map((f) => parse(relative(ROOT, f).split('\\').join('/'), readFileSync(f, 'utf8')));
}

const hasModifier = (n: ts.Node, kind: ts.SyntaxKind): boolean =>
  ((ts.canHaveModifiers(n) ? ts.getModifiers(n) : undefined) ?? []).some((m) => m.kind === kind);

/** `file:line` of a node. */
const at = (m: Module, n: ts.Node): string => `${m.file}:${m.sf.getLineAndCharacterOfPosition(n.getStart(m.sf)).line + 1}`;

/** The names a module declares at its top level, each with its node and whether it is exported. */
function topLevel(m: Module): Map<string, { node: ts.Node; exported: boolean }> {
  const out = new Map<string, { node: ts.Node; exported: boolean }>();
  for (const s of m.sf.statements) {
    const exported = hasModifier(s, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(s, ts.SyntaxKind.DefaultKeyword);
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) out.set(d.name.text, { node: d, exported });
    } else if (
      ts.isFunctionDeclaration(s) ||
      ts.isClassDeclaration(s) ||
      ts.isInterfaceDeclaration(s) ||
      ts.isTypeAliasDeclaration(s) ||
      ts.isEnumDeclaration(s)
    ) {
      if (isDefault) out.set('default', { node: s, exported: true });
      else if (s.name) out.set(s.name.text, { node: s, exported });
    } else if (ts.isExportAssignment(s)) out.set('default', { node: s, exported: true });
  }
  // `export { name }` of a name declared here.
  for (const s of m.sf.statements) {
    if (!ts.isExportDeclaration(s) || s.moduleSpecifier || !s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
    for (const e of s.exportClause.elements) {
      const local = out.get((e.propertyName ?? e.name).text);
      if (local) out.set(e.name.text, { node: local.node, exported: true });
    }
  }
  return out;
}

/** The exported names a module declares itself (re-exports excluded), with their `file:line`. */
function declaredExports(m: Module): Map<string, string> {
  return new Map([...topLevel(m)].filter(([, d]) => d.exported).map(([name, d]) => [name, at(m, d.node)]));
}

/**
 * Every use of another module's export: `module → names used`, `*` for all of them (a namespace
 * passed on whole, `export *`). Unrecognised `import()` shapes are returned as problems.
 *
 * @param m the importing module
 * @param known the modules' paths relative to the root
 */
function importsOf(m: Module, known: ReadonlySet<string>): { uses: Map<string, Set<string>>; problems: string[] } {
  const uses = new Map<string, Set<string>>();
  const problems: string[] = [];
  const target = (spec: string): string | undefined => {
    if (!spec.startsWith('.')) return undefined;
    const p = relative(ROOT, resolve(dirname(join(ROOT, m.file)), spec.replace(/\.js$/, '.ts')))
      .split('\\')
      .join('/');
    return known.has(p) ? p : undefined;
  };
  const use = (to: string, name: string): void => void (uses.get(to) ?? uses.set(to, new Set()).get(to)!).add(name);
  // A name bound to a whole module: the names read from it, or all when it is passed on whole.
  const moduleObject = (to: string, id: string): void => {
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n) && n.text === id) {
        const p = n.parent;
        if (ts.isPropertyAccessExpression(p) && p.expression === n) use(to, p.name.text);
        else if (ts.isQualifiedName(p) && p.left === n) use(to, p.right.text);
        else if (!ts.isNamespaceImport(p) && !ts.isBindingElement(p) && !(ts.isVariableDeclaration(p) && p.name === n)) use(to, '*');
      }
      ts.forEachChild(n, visit);
    };
    visit(m.sf);
  };
  const bound = (to: string, name: ts.BindingName): boolean => {
    if (ts.isObjectBindingPattern(name)) for (const e of name.elements) use(to, (e.propertyName ?? e.name).getText(m.sf));
    else if (ts.isIdentifier(name)) moduleObject(to, name.text);
    else return false;
    return true;
  };
  const dynamic = (call: ts.CallExpression, to: string): void => {
    const p = call.parent;
    if (ts.isAwaitExpression(p)) {
      const q = p.parent;
      if (ts.isVariableDeclaration(q) && bound(to, q.name)) return;
      if (ts.isParenthesizedExpression(q) && ts.isPropertyAccessExpression(q.parent)) return use(to, q.parent.name.text);
    }
    if (ts.isArrayLiteralExpression(p)) {
      // `const [{ a }, { b }] = await Promise.all([import(…), import(…)])`
      let q: ts.Node = p.parent.parent;
      if (ts.isAwaitExpression(q)) q = q.parent;
      const el = ts.isVariableDeclaration(q) && ts.isArrayBindingPattern(q.name) ? q.name.elements[p.elements.indexOf(call)] : undefined;
      if (el && ts.isBindingElement(el) && bound(to, el.name)) return;
    }
    problems.push(`${at(m, call)}: import() whose names cannot be read; destructure it or read one name from it`);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const to = target(n.moduleSpecifier.text);
      const c = n.importClause;
      if (to && c) {
        if (c.name) use(to, 'default');
        const b = c.namedBindings;
        if (b && ts.isNamedImports(b)) for (const e of b.elements) use(to, (e.propertyName ?? e.name).text);
        if (b && ts.isNamespaceImport(b)) moduleObject(to, b.name.text);
      }
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const to = target(n.moduleSpecifier.text);
      if (to && n.exportClause && ts.isNamedExports(n.exportClause))
        for (const e of n.exportClause.elements) use(to, (e.propertyName ?? e.name).text);
      else if (to) use(to, '*');
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      const to = target(n.argument.literal.text);
      if (to) use(to, n.qualifier ? (ts.isIdentifier(n.qualifier) ? n.qualifier.text : n.qualifier.left.getText(m.sf)) : '*');
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = n.arguments[0];
      const to = arg && ts.isStringLiteral(arg) ? target(arg.text) : undefined;
      if (to) dynamic(n, to);
    }
    ts.forEachChild(n, visit);
  };
  visit(m.sf);
  return { uses, problems };
}

/** Method names of arrays, maps and sets that change them. */
const MUTATORS = new Set([
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
  'set',
  'add',
  'delete',
  'clear',
]);

/** The identifier an access chain starts from (`a` of `a.b[c].d`). */
function chainRoot(e: ts.Expression): ts.Identifier | undefined {
  while (
    ts.isPropertyAccessExpression(e) ||
    ts.isElementAccessExpression(e) ||
    ts.isParenthesizedExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return ts.isIdentifier(e) ? e : undefined;
}

/** The identifiers a module mutates through (the roots of what it changes in place). */
function mutatedRoots(m: Module): Set<string> {
  const out = new Set<string>();
  const isAssignment = (k: ts.SyntaxKind) => k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;
  const isAccess = (e: ts.Expression) => ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e);
  const visit = (n: ts.Node): void => {
    let changed: ts.Expression | undefined;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && MUTATORS.has(n.expression.name.text))
      changed = n.expression.expression;
    else if (ts.isCallExpression(n) && n.expression.getText(m.sf) === 'Object.assign') changed = n.arguments[0];
    else if (ts.isBinaryExpression(n) && isAssignment(n.operatorToken.kind) && isAccess(n.left)) changed = n.left;
    else if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && isAccess(n.operand)) {
      if (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken) changed = n.operand;
    } else if (ts.isDeleteExpression(n)) changed = n.expression;
    const root = changed && chainRoot(changed);
    if (root) out.add(root.text);
    ts.forEachChild(n, visit);
  };
  visit(m.sf);
  return out;
}

/** The names a module assigns only with `??=` (memos), and at least once. */
function memoNames(m: Module): Set<string> {
  const memo = new Set<string>();
  const other = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (
      ts.isBinaryExpression(n) &&
      ts.isIdentifier(n.left) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    )
      (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken ? memo : other).add(n.left.text);
    else if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && ts.isIdentifier(n.operand)) other.add(n.operand.text);
    ts.forEachChild(n, visit);
  };
  visit(m.sf);
  for (const s of m.sf.statements)
    if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) if (d.initializer) other.add(d.name.getText(m.sf));
  return new Set([...memo].filter((n) => !other.has(n)));
}

/**
 * The module-level state of `mods`: `file name` of each top-level `let`/`var`, and of each
 * top-level `const` that its own module, or a module importing it by name, mutates.
 */
function moduleState(mods: readonly Module[]): Map<string, string> {
  const found = new Map<string, string>();
  const known = new Set(mods.map((m) => m.file));
  const mutatedElsewhere = new Set<string>();
  for (const m of mods) {
    const roots = mutatedRoots(m);
    for (const s of m.sf.statements) {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || !s.importClause?.namedBindings) continue;
      const b = s.importClause.namedBindings;
      const to = relative(ROOT, resolve(dirname(join(ROOT, m.file)), s.moduleSpecifier.text.replace(/\.js$/, '.ts')))
        .split('\\')
        .join('/');
      if (known.has(to) && ts.isNamedImports(b))
        for (const e of b.elements) if (roots.has(e.name.text)) mutatedElsewhere.add(`${to} ${(e.propertyName ?? e.name).text}`);
    }
  }
  for (const m of mods) {
    const roots = mutatedRoots(m);
    const memos = memoNames(m);
    for (const s of m.sf.statements) {
      if (!ts.isVariableStatement(s)) continue;
      const isConst = (s.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const d of s.declarationList.declarations) {
        const name = d.name.getText(m.sf);
        const key = `${m.file} ${name}`;
        if (!isConst && !memos.has(name)) found.set(key, `${at(m, d)}: top-level let ${name}`);
        else if (roots.has(name) || mutatedElsewhere.has(key)) found.set(key, `${at(m, d)}: top-level const ${name} is changed in place`);
      }
    }
  }
  return found;
}

describe('exports and module state', () => {
  const mods = modules(SOURCE_FOLDERS);
  const tests = modules(['test']);
  const known = new Set(mods.map((m) => m.file));

  test('an exported name is declared in one module only', () => {
    const declared = new Map<string, string[]>();
    for (const m of mods)
      for (const [name, where] of declaredExports(m)) (declared.get(name) ?? declared.set(name, []).get(name)!).push(where);
    const twice = [...declared]
      .filter(([name, where]) => name !== 'default' && where.length > 1)
      .map(([name, where]) => `${name}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });

  test('the duplicate check sees declared exports, not re-exports', () => {
    const a = parse('cli/a.ts', "export function runUpdate() {}\nimport { x } from './x.js';\nexport { x };");
    const b = parse('generators/b.ts', 'async function runUpdate() {}\nexport { runUpdate };');
    expect([...declaredExports(a).keys()]).toEqual(['runUpdate']);
    expect([...declaredExports(b).keys()]).toEqual(['runUpdate']);
  });

  test('every export is imported by another module or a test (entry points aside)', () => {
    const used = new Map<string, Set<string>>();
    const problems: string[] = [];
    for (const m of [...mods, ...tests]) {
      const r = importsOf(m, known);
      problems.push(...r.problems);
      for (const [to, names] of r.uses) if (to !== m.file) for (const n of names) (used.get(to) ?? used.set(to, new Set()).get(to)!).add(n);
    }
    const unused = mods.flatMap((m) =>
      [...declaredExports(m)]
        .filter(([name]) => !used.get(m.file)?.has(name) && !used.get(m.file)?.has('*') && !ENTRY_POINTS.includes(`${m.file} ${name}`))
        .map(([name, where]) => `${where} ${name}`),
    );
    expect({ problems, unused }).toEqual({ problems: [], unused: [] });
  });

  test('the use finder reads static, type, re-export and import() uses', () => {
    const known = new Set(['cli/x.ts']);
    const m = parse(
      'cli/y.ts',
      [
        "import { a, b as c } from './x.js';",
        "import type { T } from './x.js';",
        "export { d } from './x.js';",
        "const { e } = await import('./x.js');",
        "const f = (await import('./x.js')).f;",
        "const [{ g }] = await Promise.all([import('./x.js')]);",
        "const ns = await import('./x.js'); ns.h();",
        "type U = import('./x.js').I;",
      ].join('\n'),
    );
    expect([...(importsOf(m, known).uses.get('cli/x.ts') ?? [])].sort()).toEqual(['I', 'T', 'a', 'b', 'd', 'e', 'f', 'g', 'h']);
    expect(importsOf(parse('cli/z.ts', "import('./x.js').then(() => 1);"), known).problems).toHaveLength(1);
  });

  test('no module-level mutable state in cli/ or generators/ (the process-wide objects aside)', () => {
    const state = moduleState(modules(STATE_FOLDERS));
    const found = [...state].filter(([key]) => !(key in PROCESS_WIDE)).map(([, what]) => what);
    const stale = Object.keys(PROCESS_WIDE).filter((key) => !state.has(key));
    expect({ found, stale }).toEqual({ found: [], stale: [] });
  });

  test('the state finder sees a let, a list pushed to from another module, a set it adds to, not a memo', () => {
    const state = moduleState([
      parse(
        'cli/errors.ts',
        'export const pending: string[] = [];\nlet runs = 0;\nconst seen = new Set<string>();\nexport function see(s: string) { seen.add(s); }\nlet memo: string | undefined;\nexport const m = () => (memo ??= "x");',
      ),
      parse('cli/main.ts', "import { pending } from './errors.js';\npending.push('x');"),
    ]);
    expect([...state.keys()].sort()).toEqual(['cli/errors.ts pending', 'cli/errors.ts runs', 'cli/errors.ts seen']);
  });
});
