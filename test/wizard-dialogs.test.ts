/**
 * The CLI's dialogs for the wizard's rows, driven key by key through streams (the tmux tests in
 * test/e2e/wizard-tty.test.ts do the same on a real terminal): Ctrl-U/K/W edit typed text instead
 * of inserting a control character, and a refused list answer keeps the question open with the
 * reason beside it, never a tick.
 */
import { describe, expect, test } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { PromptsAdapter } from '../cli/prompts-adapter.js';
import type { QuestionRow } from '../generators/app/wizard/row.js';

/** An adapter on streams; `keys` types into it one chunk at a time, `screen` is what it drew. */
function dialog(): { adapter: PromptsAdapter; keys: (...chunks: string[]) => Promise<void>; screen: () => string } {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let drawn = '';
  stdout.on('data', (d: Buffer) => (drawn += d.toString()));
  const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 10));
  return {
    adapter: new PromptsAdapter({ stdin, stdout }),
    keys: async (...chunks) => {
      for (const c of chunks) {
        await tick();
        stdin.write(c);
      }
      await tick();
    },
    screen: () => drawn,
  };
}

const CTRL_U = '\u0015';
const CTRL_K = '\u000b';
const CTRL_W = '\u0017';
const LEFT = '\u001b[D';

describe('typed text', () => {
  test.each([
    ['Ctrl-U clears before the cursor', ['first-try', CTRL_U, 'good-name'], 'good-name'],
    ['Ctrl-W removes the word before the cursor (as a shell: the space stays)', ['good-name extra', CTRL_W], 'good-name '],
    ['Ctrl-K removes after the cursor', ['good-nameXY', LEFT, LEFT, CTRL_K], 'good-name'],
    ['another control character is dropped', ['good', '\u0002', '-name'], 'good-name'],
  ])('%s', async (_title, chunks, expected) => {
    const { adapter, keys } = dialog();
    const row: QuestionRow = { kind: 'text', name: 'project_name', message: 'Project name', default: 'pipecat-bot' };
    const answer = adapter.prompt(row);
    await keys(...chunks, '\r');
    expect(await answer).toEqual({ project_name: expected });
  });
});

describe('a refused list answer', () => {
  test('stays open with the reason beside the question, no tick, until an answer is accepted', async () => {
    const { adapter, keys, screen } = dialog();
    const row: QuestionRow = {
      kind: 'multiselect',
      name: 'transports',
      message: 'Transports',
      choices: [
        { title: 'Daily PSTN', value: 'daily_pstn' },
        { title: 'Twilio + Daily SIP', value: 'twilio_daily_sip' },
      ],
      default: [],
      validate: (v) =>
        Array.isArray(v) && v.length === 2 ? 'one Daily call flow per project: daily_pstn_dialin and twilio_daily_sip_dialin' : true,
    };
    const answer = adapter.prompt(row);
    await keys(' ', '\u001b[B', ' ', '\r');
    expect(screen()).toContain('✖ one Daily call flow per project: daily_pstn_dialin and twilio_daily_sip_dialin');
    expect(screen()).not.toContain('✔');
    await keys(' ', '\r'); // the second one off again
    expect(await answer).toEqual({ transports: ['daily_pstn'] });
    expect(screen()).toContain('✔');
  });
});
