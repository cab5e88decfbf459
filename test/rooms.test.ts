/**
 * Short rooms (issue 25): no TypeScript source under cli/, generators/, scripts/ or bench/ is over
 * 400 lines (catalogue data in generators/app/catalogue/ excepted), and no named function in them
 * is over 80 lines. A function is a function declaration, a method, a constructor, an accessor, or
 * an arrow function / function expression bound to a name (a variable, a property, a class field);
 * its length runs from its first token (after its TSDoc) to its closing brace, both lines counted,
 * as TypeScript's own parser (`ts.createSourceFile`) places them. Errors are recognised with
 * `instanceof`: no `.name` is compared with an `...Error` string. No function in cli/ takes more
 * than 4 positional parameters (a longer list is an options object). No yargs builder's type is
 * forced with `as unknown as Argv` in cli/ or generators/ (a command is a definition whose flags
 * type themselves, `cli/commands/cloud/define.ts`). No class in cli/ extends Yeoman's
 * `TerminalAdapter` (an adapter implements its `InputOutputAdapter` by composition).
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './helpers/cli.js';
import { sources } from './helpers/sources.js';

/** Most lines a source file may have. */
const MAX_FILE_LINES = 400;
/** Most lines a named function may span. */
const MAX_FUNCTION_LINES = 80;
/** The folders the rule covers, relative to the repository root. */
const ROOMS = ['cli', 'generators', 'scripts', 'bench'];
/** Data, not code: the catalogue's one row per vendor may run long. */
const EXEMPT = /^generators\/app\/catalogue\//;

/**
 * Files allowed over a limit while a split is under way (empty since issue 25 landed). The test
 * skips and prints them; every entry must still be over a limit (a file that has come within both
 * is reported), so the list only shrinks.
 */
const PENDING: readonly string[] = [];

/** A finding: what is too long, where, and by how much. */
interface Overrun {
  /** Path relative to the repository root, `/`-separated. */
  file: string;
  /** `file` for the whole file, else the function's name. */
  what: string;
  /** 1-based line where it starts. */
  line: number;
  /** Its length in lines. */
  lines: number;
}

/** The name a function-like node is known by, or `undefined` for an anonymous callback. */
function functionName(node: ts.Node, sf: ts.SourceFile): string | undefined {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
    return node.name?.getText(sf) ?? 'default';
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    const p = node.parent;
    if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) {
      return p.name.getText(sf);
    }
    if (ts.isFunctionExpression(node) && node.name) return node.name.getText(sf);
  }
  return undefined;
}

/**
 * The overruns of one source text: the file itself when over `MAX_FILE_LINES`, and each named
 * function over `MAX_FUNCTION_LINES`.
 *
 * @param file path shown in findings
 * @param text the TypeScript source
 */
function overruns(file: string, text: string): Overrun[] {
  const found: Overrun[] = [];
  const fileLines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (fileLines > MAX_FILE_LINES) found.push({ file, what: 'file', line: 1, lines: fileLines });
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    const name = ts.isFunctionLike(node) && 'body' in node && node.body ? functionName(node, sf) : undefined;
    if (name !== undefined) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ file, what: name, line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Most positional parameters a function in cli/ may take (more: an options object). */
const MAX_PARAMETERS = 4;

/**
 * The functions of one source text that take more than `MAX_PARAMETERS` positional parameters:
 * functions of every kind `overruns` measures (declarations, methods, constructors, accessors,
 * arrow functions and function expressions), and anonymous callbacks too, each with a body (an
 * overload or a signature in a type is not a function). A rest parameter counts as one; a `this`
 * parameter (a type annotation, not an argument) does not.
 *
 * @returns `file:line name(n)` per finding, `(anonymous)` for a callback
 */
function longParameterLists(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const n = node.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this')).length;
      if (n > MAX_PARAMETERS) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push(`${file}:${line} ${functionName(node, sf) ?? '(anonymous)'}(${n})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every overrun in the covered folders, by file. */
function repositoryOverruns(): Map<string, Overrun[]> {
  const byFile = new Map<string, Overrun[]>();
  for (const room of ROOMS) {
    for (const abs of sources(join(ROOT, room))) {
      const file = relative(ROOT, abs).split('\\').join('/');
      if (EXEMPT.test(file)) continue;
      const found = overruns(file, readFileSync(abs, 'utf8'));
      if (found.length > 0) byFile.set(file, found);
    }
  }
  return byFile;
}

/**
 * Comparisons of an error's `name` with a string (`e.name === 'ApiError'`): issue 25 wants errors
 * recognised with `instanceof`. Found as `===`/`!==`/`==`/`!=` between a `.name` property access
 * and a string literal ending in `Error`.
 */
function nameComparisons(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const isName = (n: ts.Expression) => ts.isPropertyAccessExpression(n) && n.name.text === 'name';
  const isErrorString = (n: ts.Expression) => ts.isStringLiteralLike(n) && /Error$/.test(n.text);
  const equality = [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ];
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && equality.includes(node.operatorToken.kind)) {
      const { left, right } = node;
      if ((isName(left) && isErrorString(right)) || (isName(right) && isErrorString(left))) {
        found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${node.getText(sf)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * Casts of a value to yargs' `Argv` through `unknown` (`x as unknown as Argv<T>`), which hide
 * whether a builder's flags match the arguments its handler reads. Found as an `as` expression
 * whose type is `Argv` (with or without type arguments) and whose operand is an `as unknown`.
 */
function argvCasts(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isAsExpression(node) &&
      ts.isTypeReferenceNode(node.type) &&
      node.type.typeName.getText(sf) === 'Argv' &&
      ts.isAsExpression(node.expression) &&
      node.expression.type.kind === ts.SyntaxKind.UnknownKeyword
    ) {
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.type.getStart(sf)).line + 1} as unknown as ${node.type.getText(sf)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * Classes that extend @yeoman/adapter's `TerminalAdapter` (imported by name, renamed, or through a
 * namespace import), as `file:line class Name`.
 */
function terminalAdapterSubclasses(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== '@yeoman/adapter') continue;
    const bindings = st.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === 'TerminalAdapter') names.add(el.name.text);
  }
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const base = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
      const hit =
        base !== undefined &&
        ((ts.isIdentifier(base) && names.has(base.text)) ||
          (ts.isPropertyAccessExpression(base) && base.name.text === 'TerminalAdapter' && namespaces.has(base.expression.getText(sf))));
      if (hit)
        found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} class ${node.name?.text ?? '(anonymous)'}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** One line per overrun, for failure messages and the PENDING printout. */
function describeOverrun(o: Overrun): string {
  return o.what === 'file'
    ? `${o.file}: ${o.lines} lines (limit ${MAX_FILE_LINES})`
    : `${o.file}:${o.line} ${o.what}(): ${o.lines} lines (limit ${MAX_FUNCTION_LINES})`;
}

/** `n` lines of TypeScript statements, for the measuring tests. */
const statements = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('short rooms (issue 25)', () => {
  test('the measure counts file lines and named functions of every kind', () => {
    const fileOf = (n: number): string => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};\n`).join('');
    expect(overruns('f.ts', fileOf(400))).toEqual([]);
    expect(overruns('f.ts', fileOf(401))).toEqual([{ file: 'f.ts', what: 'file', line: 1, lines: 401 }]);
    // 78 body lines + the opening and closing lines = 80: allowed; one more is not.
    const kinds = (body: number): string =>
      [
        `/** doc */\nfunction decl() {\n${statements(body)}\n}`,
        `const arrow = () => {\n${statements(body)}\n};`,
        `const expr = function () {\n${statements(body)}\n};`,
        `class K {\n  method() {\n${statements(body)}\n  }\n  field = () => {\n${statements(body)}\n  };\n  constructor() {\n${statements(body)}\n  }\n  get acc() {\n${statements(body)}\n    return 1;\n  }\n}`,
        `const o = { prop: () => {\n${statements(body)}\n} };`,
        `function outer() {\n  const inner = () => {\n${statements(body)}\n  };\n  return inner;\n}`,
      ].join('\n');
    expect(overruns('f.ts', kinds(78)).filter((o) => o.what !== 'file' && o.what !== 'acc' && o.what !== 'outer')).toEqual([]);
    const names = overruns('f.ts', kinds(79))
      .filter((o) => o.what !== 'file')
      .map((o) => `${o.what}:${o.lines}`);
    expect(names).toEqual([
      'decl:81',
      'arrow:81',
      'expr:81',
      'method:81',
      'field:81',
      'constructor:81',
      'acc:82',
      'prop:81',
      'outer:84',
      'inner:81',
    ]);
  });

  test('an anonymous callback is not a named function (it is measured as part of its named parent)', () => {
    expect(overruns('f.ts', `[1].map((x) => {\n${statements(100)}\n});\n`)).toEqual([]);
  });

  test('no source file over 400 lines, no function over 80 (PENDING skipped and printed)', () => {
    const byFile = repositoryOverruns();
    const pending = PENDING.flatMap((f) => byFile.get(f) ?? []);
    if (pending.length > 0) {
      console.log(`PENDING (other engineers' splits, skipped):\n${pending.map(describeOverrun).join('\n')}`);
    }
    const offending = [...byFile.entries()].filter(([f]) => !PENDING.includes(f)).flatMap(([, o]) => o);
    expect(offending.map(describeOverrun)).toEqual([]);
    // A PENDING file that now fits leaves the list (so the list only shrinks).
    expect(PENDING.filter((f) => !byFile.has(f))).toEqual([]);
  });
  test('errors are recognised with instanceof, not by comparing their name with a string', () => {
    expect(
      nameComparisons('f.ts', "if (e.name === 'ApiError') x();\nif ('AbortError' !== err?.name) y();\nif (s.name === 'web') z();"),
    ).toEqual(["f.ts:1 e.name === 'ApiError'", "f.ts:2 'AbortError' !== err?.name"]);
    const found = ROOMS.flatMap((room) =>
      sources(join(ROOT, room)).flatMap((abs) => nameComparisons(relative(ROOT, abs).split('\\').join('/'), readFileSync(abs, 'utf8'))),
    );
    expect(found).toEqual([]);
  });
  test('the parameter measure counts positional parameters of functions of every kind', () => {
    const five = 'a: number, b: number, c: number, d: number, e: number';
    const four = 'a: number, b: number, c: number, d: number';
    const kinds = (params: string): string =>
      [
        `function decl(${params}) {}`,
        `const arrow = (${params}) => 0;`,
        `const expr = function (${params}) {};`,
        `class K {\n  method(${params}) {}\n  field = (${params}) => 0;\n  constructor(${params}) {}\n}`,
        `const o = { prop: (${params}) => 0 };`,
        `[1].map((${params}) => 0);`,
      ].join('\n');
    expect(longParameterLists('f.ts', kinds(four))).toEqual([]);
    expect(longParameterLists('f.ts', kinds(five))).toEqual([
      'f.ts:1 decl(5)',
      'f.ts:2 arrow(5)',
      'f.ts:3 expr(5)',
      'f.ts:5 method(5)',
      'f.ts:6 field(5)',
      'f.ts:7 constructor(5)',
      'f.ts:9 prop(5)',
      'f.ts:10 (anonymous)(5)',
    ]);
    // A rest parameter is one; `this` is none; an overload or a function type has no body.
    const edge = `function r(${four}, ...rest: number[]) {}\nfunction t(this: Window, ${four}) {}\nfunction ov(${five}): void;\ntype F = (${five}) => void;`;
    expect(longParameterLists('f.ts', edge)).toEqual(['f.ts:1 r(5)']);
  });

  test('no function in cli/ takes more than 4 positional parameters', () => {
    const found = sources(join(ROOT, 'cli')).flatMap((abs) =>
      longParameterLists(relative(ROOT, abs).split('\\').join('/'), readFileSync(abs, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  test('no yargs builder is cast with `as unknown as Argv` in cli/ or generators/', () => {
    expect(
      argvCasts(
        'f.ts',
        'const a = y.option() as unknown as Argv<A>;\nconst b = y as unknown as Argv;\nconst c = y as Argv<A>;\nconst d = y as unknown as Other;',
      ),
    ).toEqual(['f.ts:1 as unknown as Argv<A>', 'f.ts:2 as unknown as Argv']);
    const found = ['cli', 'generators'].flatMap((room) =>
      sources(join(ROOT, room)).flatMap((abs) => argvCasts(relative(ROOT, abs).split('\\').join('/'), readFileSync(abs, 'utf8'))),
    );
    expect(found).toEqual([]);
  });

  test("no class in cli/ extends Yeoman's TerminalAdapter (adapters compose it)", () => {
    expect(
      terminalAdapterSubclasses(
        'f.ts',
        [
          "import { TerminalAdapter, QueuedAdapter } from '@yeoman/adapter';",
          "import { TerminalAdapter as T } from '@yeoman/adapter';",
          "import * as y from '@yeoman/adapter';",
          'class A extends TerminalAdapter {}',
          'class B extends T {}',
          'const C = class extends y.TerminalAdapter {};',
          'class D extends QueuedAdapter {}',
          'class E implements TerminalAdapter {}',
        ].join('\n'),
      ),
    ).toEqual(['f.ts:4 class A', 'f.ts:5 class B', 'f.ts:6 class (anonymous)']);
    const found = sources(join(ROOT, 'cli')).flatMap((abs) =>
      terminalAdapterSubclasses(relative(ROOT, abs).split('\\').join('/'), readFileSync(abs, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
