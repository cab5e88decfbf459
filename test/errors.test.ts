/**
 * How `cli/errors.ts` prints what reaches the top of the binary: a file-system refusal from the
 * user's machine is one line naming the path (exit 1), a bug keeps its stack trace (issue 23).
 */
import { describe, expect, test } from '@jest/globals';
import { ExitCode, UserError, exitCodeFor, formatError } from '../cli/errors.js';

/** An error as `node:fs` throws it. */
function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: something, ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

describe('formatError', () => {
  test.each([
    ['EACCES', 'open', 'error: cannot read /home/me/.yo-rc-global.json: permission denied'],
    ['ELOOP', 'mkdir', 'error: cannot access /home/me/.yo-rc-global.json: too many levels of symbolic links (a link loop)'],
    ['ENOSPC', 'write', 'error: cannot access /home/me/.yo-rc-global.json: no space left on the device'],
  ])('a %s from the file system is one line naming the path, exit 1, no stack', (code, syscall, line) => {
    const err = fsError(code, syscall, '/home/me/.yo-rc-global.json');
    expect({ text: formatError(err), exit: exitCodeFor(err) }).toEqual({ text: line, exit: ExitCode.failed });
  });

  test('a bug (an ENOENT, a TypeError) keeps "internal error" and its stack', () => {
    for (const err of [fsError('ENOENT', 'open', '/x'), new TypeError('x is undefined')]) {
      expect(formatError(err)).toMatch(/^internal error \(please report it\): \w*Error: [^\n]+\n\s+at /);
    }
  });

  test('a user error keeps its own message and code', () => {
    const err = new UserError('--llm: empty value', ['one']);
    expect({ text: formatError(err), exit: exitCodeFor(err) }).toEqual({ text: 'error: --llm: empty value\n  - one', exit: 2 });
  });
});
