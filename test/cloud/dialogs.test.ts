/**
 * cli/dialogs.ts: refusal without a terminal (UserError with the caller's message), answers and
 * cancellation through prompts driven by in-memory streams.
 */
import { describe, expect, test } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { confirm, password, select, text } from '../../cli/dialogs.js';
import { CancelledError, UserError } from '../../cli/errors.js';
import { renderTable } from '../../cli/output/table.js';

/** Streams for a dialog, and a function typing keys into it once it is drawn. */
function fakeTerminal() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let shown = '';
  stdout.on('data', (d) => (shown += d));
  const type = (...keys: string[]) => {
    setTimeout(() => {
      for (const k of keys) stdin.write(k);
    }, 20);
  };
  return { io: { stdin, stdout, interactive: true }, type, shown: () => shown };
}

describe('dialogs', () => {
  test("without a terminal every dialog throws a UserError with the caller's message", async () => {
    const io = { interactive: false };
    await expect(confirm('Delete?', { noTty: 'confirmation needed: pass --yes', io })).rejects.toEqual(
      new UserError('confirmation needed: pass --yes'),
    );
    await expect(text('Name?', { noTty: 'pass --name', io })).rejects.toBeInstanceOf(UserError);
    await expect(password('Token?', { noTty: 'pipe it on stdin', io })).rejects.toThrow('pipe it on stdin');
    await expect(select('Pick', [{ title: 'a', value: 1 }], { noTty: 'pass --pick', io })).rejects.toThrow('pass --pick');
  });

  test('answers: confirm, text, select', async () => {
    let t = fakeTerminal();
    t.type('y');
    expect(await confirm('Proceed?', { io: t.io })).toBe(true);
    t = fakeTerminal();
    t.type('\r');
    expect(await confirm('Proceed?', { default: false, io: t.io })).toBe(false);
    t = fakeTerminal();
    t.type('my-bot', '\r');
    expect(await text('Name?', { io: t.io })).toBe('my-bot');
    t = fakeTerminal();
    t.type('\x1b[B', '\r'); // arrow down, Enter
    expect(
      await select(
        'Region',
        [
          { title: 'us-west', value: 'us-west' },
          { title: 'eu-central', value: 'eu-central' },
        ],
        { io: t.io },
      ),
    ).toBe('eu-central');
  });

  test('password echoes nothing of the value', async () => {
    const t = fakeTerminal();
    t.type('pcc_pat_hidden', '\r');
    expect(await password('Token?', { io: t.io })).toBe('pcc_pat_hidden');
    expect(t.shown()).toContain('Token?');
    expect(t.shown()).not.toContain('pcc_pat_hidden');
    expect(t.shown()).not.toContain('*');
  });

  test('Esc and Ctrl-C cancel with CancelledError (exit 130)', async () => {
    let t = fakeTerminal();
    t.type('\x1b');
    const e = await confirm('Proceed?', { io: t.io }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CancelledError);
    expect((e as CancelledError).exitCode).toBe(130);
    t = fakeTerminal();
    t.type('\x03');
    await expect(text('Name?', { io: t.io })).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('output', () => {
  test('renderTable lays out a header and rows in aligned columns', () => {
    const out = stripVTControlCharacters(
      renderTable(
        ['NAME', 'REGION'],
        [
          ['a-set', 'us-west'],
          ['longer-set-name', 'eu-central'],
        ],
      ),
    );
    const lines = out.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^NAME\s+REGION$/);
    expect(lines[2]).toMatch(/^longer-set-name\s+eu-central$/);
    expect(lines[1].indexOf('us-west')).toBe(lines[2].indexOf('eu-central'));
  });
});
