/**
 * Every output path goes through the sinks (`generators/app/output/sinks.ts`): no source under
 * cli/ or generators/ but the sink module writes to `process.stdout` or `process.stderr` or calls
 * `console.*` (found with TypeScript's own parser), and the lint rule that says so while editing
 * (`no-restricted-syntax` in eslint.config.js) is on for those folders and off for the sink.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { drawnQuestion } from '../cli/dialogs.js';
import { ownCell, renderPairs, renderTable } from '../cli/output/table.js';
import { drawnLine, sinkStream, terminalText } from '../generators/app/output/sinks.js';
import { ROOT } from './helpers/cli.js';
import { HOSTILE, RAW, SHOWN } from './helpers/hostile.js';
import { sources } from './helpers/sources.js';

/** The modules allowed to write to the process's streams (each says why in eslint.config.js). */
const SINKS: readonly string[] = ['generators/app/output/sinks.ts', 'cli/entry.ts'];

/** `process.stdout` or `process.stderr` (also `process?.stderr`, `process['stderr']`). */
function processStream(node: ts.Node): boolean {
  const inner = ts.isPropertyAccessExpression(node)
    ? node.name.text
    : ts.isElementAccessExpression(node)
      ? node.argumentExpression.getText()
      : '';
  const object = ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) ? node.expression : undefined;
  return !!object && ts.isIdentifier(object) && object.text === 'process' && /^['"]?(stdout|stderr)['"]?$/.test(inner);
}

/** `file:line what` for each raw write of a source: `process.stdout.write`, `process.stderr.write`, `console.*`. */
function rawWrites(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  if (!/console|stdout|stderr/.test(text)) return []; // neither name: nothing to parse
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : node.argumentExpression.getText().replace(/['"]/g, '');
      if (name === 'write' && processStream(node.expression)) at(node, node.getText(sf));
      if (ts.isIdentifier(node.expression) && node.expression.text === 'console') at(node, node.getText(sf));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('output sinks', () => {
  test('no source in cli/ or generators/ writes to the process streams but the sink module', () => {
    const files = ['cli', 'generators'].flatMap((d) => sources(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    const raw = files.filter((f) => !SINKS.includes(relative(ROOT, f))).flatMap(rawWrites);
    expect(raw).toEqual([]);
    // The sink itself is found by the same scan (the scan sees writes at all).
    expect(rawWrites(join(ROOT, SINKS[0])).length).toBeGreaterThan(0);
  });

  test('the lint rule is on in cli/ and generators/, off in the sink module', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: ROOT });
    const rule = async (file: string) =>
      ((await eslint.calculateConfigForFile(join(ROOT, file))) as { rules: Record<string, unknown> }).rules['no-restricted-syntax'];
    for (const file of ['cli/main.ts', 'cli/commands/cloud/deploy.ts', 'generators/app/index.ts', 'generators/app/staging/staging.ts']) {
      expect(JSON.stringify(await rule(file))).toContain('object.property.name=/^(stdout|stderr)$/');
    }
    expect(await rule(SINKS[0])).toBeUndefined();
  });
});

describe('what libraries draw, and the rule itself', () => {
  test('table cells and pairs: every cell made visible (a line feed too), our own coloured cell kept', () => {
    const table = renderTable(['name', 'state'], [[`${HOSTILE}\nrow`, ownCell('\x1b[32mok\x1b[39m')]], 'plain');
    expect(table).toBe(`name\tstate\n${SHOWN}\\u000arow\t\x1b[32mok\x1b[39m`);
    // Rich mode: the header is ours (bold when colours are on, e.g. under CI=true); the cell is not.
    expect(renderTable(['name'], [[HOSTILE]]).replace(/\x1b\[(1|22)m/g, '')).not.toMatch(RAW); // eslint-disable-line no-control-regex -- our own bold is what is removed
    expect(renderPairs([['agent', HOSTILE]])).toBe(`agent: ${SHOWN}`);
  });

  test('a prompt question and a spinner line: shown made visible, values unchanged', () => {
    const q = drawnQuestion({ type: 'select', message: `Delete ${HOSTILE}?`, choices: [{ title: HOSTILE, value: HOSTILE }] });
    expect(q.message).toBe(`Delete ${SHOWN}?`);
    expect(q.choices).toEqual([{ title: SHOWN, value: HOSTILE }]);
    expect(drawnLine(`Reading ${HOSTILE}\n`)).toBe(`Reading ${SHOWN}\\u000a`);
  });

  test('the sinks keep colour only while colours are wanted', () => {
    const coloured = '\x1b[1mbold\x1b[22m\n';
    expect(terminalText(coloured, {})).toBe(coloured);
    expect(terminalText(coloured, { NO_COLOR: '1' })).toBe('\\u001b[1mbold\\u001b[22m\n');
    expect(terminalText(`${HOSTILE}\r\n`, { FORCE_COLOR: '0' })).toBe(`${SHOWN}\r\n`);
  });

  test("a library's stream: its colours dropped under NO_COLOR (not shown as text), other controls still shown", async () => {
    const through = async (chunk: string): Promise<string> => {
      let got = '';
      const stream = sinkStream((text) => (got += text));
      await new Promise<void>((done) => stream.write(chunk, () => done()));
      return got;
    };
    // Yeoman's logger colours its create lines whatever NO_COLOR says (@yeoman/adapter createLogger).
    const line = '\x1b[32m   create\x1b[39m server/bot.py\n';
    const saved = process.env.NO_COLOR;
    try {
      process.env.NO_COLOR = '1';
      expect(await through(line)).toBe('   create server/bot.py\n');
      expect(await through(`${HOSTILE}\n`)).toBe(`${SHOWN}\n`);
      delete process.env.NO_COLOR;
      expect(await through(line)).toBe(line);
    } finally {
      if (saved === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = saved;
    }
  });
});
