/**
 * When a spinner animates (`cli/output/spinner.ts`): only on a terminal with a width, outside a CI
 * run and a dumb terminal, the rule ora follows itself; a command prints lines otherwise.
 */
import { describe, expect, test } from '@jest/globals';
import { canAnimate } from '../cli/output/spinner.js';

describe('canAnimate', () => {
  const tty = { isTTY: true, columns: 80 };
  test('a terminal with a width animates', () => {
    expect(canAnimate(tty, { TERM: 'xterm' })).toBe(true);
  });
  test('not in a CI run (CI set to anything, even empty), not on a dumb terminal', () => {
    expect(canAnimate(tty, { TERM: 'xterm', CI: 'true' })).toBe(false);
    expect(canAnimate(tty, { TERM: 'xterm', CI: '' })).toBe(false);
    expect(canAnimate(tty, { TERM: 'dumb' })).toBe(false);
  });
  test('not without a terminal, nor on one that reports 0 columns', () => {
    expect(canAnimate({ isTTY: false, columns: 80 }, {})).toBe(false);
    expect(canAnimate({ isTTY: true, columns: 0 }, {})).toBe(false);
    expect(canAnimate({ isTTY: true }, {})).toBe(false);
  });
});
