/**
 * The path rules that must hold on Windows too, checked here with Node's `path.win32` (and
 * `path.posix` beside it) because this machine runs Linux: drive letters, `\` separators, names
 * compared without case, another drive, UNC shares. The functions take the path implementation
 * (`generators/app/files/within.ts`; a staging journal's refusal), the running platform's by
 * default. The CI runs the whole fast tier on Windows as well (.github/workflows/ci.yml).
 */
import { describe, expect, test } from '@jest/globals';
import { posix, win32 } from 'node:path';
import { isWithin, posixRelative } from '../generators/app/files/within.js';
import { journalRefusal, type StagingJournal } from '../generators/app/staging/journal.js';

const H = 'a'.repeat(64);

describe('isWithin', () => {
  test.each([
    ['C:\\Users\\me\\bot', 'C:\\Users\\me\\bot', true],
    ['C:\\Users\\me\\bot', 'C:\\Users\\me\\bot\\server\\bot.py', true],
    ['C:\\Users\\me\\bot', 'c:\\users\\ME\\Bot\\server', true], // Windows names ignore case
    ['C:\\Users\\me\\bot', 'C:\\Users\\me\\bot\\..cache\\x', true], // a name starting with two dots
    ['C:\\Users\\me\\bot', 'C:\\Users\\me\\bot-old', false],
    ['C:\\Users\\me\\bot', 'C:\\Users\\me', false],
    ['C:\\Users\\me\\bot', 'C:\\Users\\me\\bot\\..\\other', false],
    ['C:\\Users\\me\\bot', 'D:\\Users\\me\\bot\\server', false], // another drive: relative() is absolute
    ['\\\\host\\share\\bot', '\\\\host\\share\\bot\\server', true],
    ['\\\\host\\share\\bot', '\\\\other\\share\\bot\\server', false],
  ])('win32: %s holds %s: %s', (outer, inner, expected) => {
    expect(isWithin(outer, inner, win32)).toBe(expected);
  });

  test.each([
    ['/home/me/bot', '/home/me/bot/server', true],
    ['/home/me/bot', '/home/me/bot/..cache', true],
    ['/home/me/bot', '/home/me/Bot/server', false], // POSIX names keep their case
    ['/home/me/bot', '/home/me/bot-old', false],
    ['/home/me/bot', '/home/me/bot/../other', false],
  ])('posix: %s holds %s: %s', (outer, inner, expected) => {
    expect(isWithin(outer, inner, posix)).toBe(expected);
  });
});

test('posixRelative records `/`-separated paths on Windows as on POSIX', () => {
  expect(posixRelative('C:\\bot\\server', 'C:\\bot\\server\\docker\\Dockerfile', win32)).toBe('docker/Dockerfile');
  expect(posixRelative('C:\\bot', 'C:\\bot\\client\\src\\main.ts', win32)).toBe('client/src/main.ts');
  expect(posixRelative('/bot/server', '/bot/server/docker/Dockerfile', posix)).toBe('docker/Dockerfile');
});

describe('a staging journal on Windows', () => {
  const folder = 'C:\\Users\\me\\bots';
  const dir = `${folder}\\.pipecat-staging-1-a`;
  const ok: StagingJournal = {
    pid: 1,
    host: 'h',
    started: 0,
    target: `${folder}\\my-bot`,
    created: [`${folder}\\my-bot`],
    moved: [
      { path: `${folder}\\my-bot`, sha256: `dir:${H}` },
      { path: `${folder}\\my-bot\\server\\bot.py`, sha256: H },
    ],
    replaced: [{ path: `${folder}\\my-bot\\README.md`, backup: `${dir}\\replaced\\0`, sha256: H }],
    committed: false,
    identity: '1:2',
  };

  test('what a run writes is accepted', () => {
    expect(journalRefusal(folder, dir, ok, win32)).toBeUndefined();
  });

  test('a path on another drive, above the target, relative, or a backup outside the staging folder is refused, by name', () => {
    expect(journalRefusal(folder, dir, { ...ok, target: 'D:\\Users\\me\\bots\\my-bot' }, win32)).toBe(
      `it names D:\\Users\\me\\bots\\my-bot outside ${folder}`,
    );
    const up = `${folder}\\my-bot\\..\\..\\secret.txt`;
    expect(journalRefusal(folder, dir, { ...ok, moved: [{ path: up, sha256: H }] }, win32)).toBe(
      `it names ${up} outside ${folder}\\my-bot`,
    );
    expect(journalRefusal(folder, dir, { ...ok, created: ['my-bot'] }, win32)).toBe(`it names my-bot outside ${folder}`);
    const backup = 'C:\\Windows\\System32\\x';
    expect(journalRefusal(folder, dir, { ...ok, replaced: [{ path: `${folder}\\my-bot\\a`, backup, sha256: H }] }, win32)).toBe(
      `it names ${backup} outside ${dir}`,
    );
  });

  test('the same Windows journal read with POSIX rules is refused (its paths are not absolute there)', () => {
    expect(journalRefusal(folder, dir, ok, posix)).toBe(`it names ${ok.target} outside ${folder}`);
  });
});
