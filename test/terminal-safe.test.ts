/**
 * Control characters from text this program did not write reach the terminal made visible
 * (`generators/app/output/terminal-safe.ts`): the rule itself, and through the binary an organisation name
 * from the environment carrying OSC 52 (clipboard), a screen clear, a bare carriage return, a C1 CSI
 * and a right-to-left override, in rich, plain and json output.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { visibleControls, visibleField, visibleLines } from '../generators/app/output/terminal-safe.js';
import { cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type EmulatorProcess } from './cloud/helpers.js';

/** Hostile text: clipboard write, screen clear, line rewrite, C1 CSI, bidi override, DEL. */
const HOSTILE = 'evil\x1b]52;c;aGk=\x07\x1b[2J\rok\x9b31m\u202egnp\x7f';
/** Raw bytes none of which may reach a terminal. */
const RAW = /[\x07\x7f\x9b\u202e]|\x1b\]|\x1b\[2J|\r(?!\n)/; // eslint-disable-line no-control-regex -- control characters are what is looked for

describe('visibleControls', () => {
  test('makes controls visible, keeps our colours, line feeds, tabs and CRLF', () => {
    expect(visibleControls('a\x1b[1mb\x1b[22m\tc\r\nd\n')).toBe('a\x1b[1mb\x1b[22m\tc\r\nd\n');
    expect(visibleControls('\x1b]52;c;aGk=\x07')).toBe('\\u001b]52;c;aGk=\\u0007');
    expect(visibleControls('x\ry')).toBe('x\\u000dy');
    expect(visibleControls('\x9b31m \u202e \u2066 \x7f \x00')).toBe('\\u009b31m \\u202e \\u2066 \\u007f \\u0000');
    // In a JSON document the replacement is JSON's own escape: same values, still one document.
    const doc = JSON.stringify({ message: HOSTILE });
    expect(JSON.parse(visibleControls(doc))).toEqual({ message: HOSTILE });
    expect(visibleControls(doc)).not.toMatch(RAW);
  });
});

describe('visibleField and visibleLines', () => {
  test('a field keeps no control at all: line feed, tab and any escape (a colour too) made visible', () => {
    expect(visibleField('prod\nregion\t\x1b[31mred\x1b[0m\u202e')).toBe('prod\\u000aregion\\u0009\\u001b[31mred\\u001b[0m\\u202e');
    expect(visibleField('plain-name_1.2')).toBe('plain-name_1.2');
    expect(visibleField(HOSTILE)).not.toMatch(RAW);
  });

  test('lines keep line feeds, tabs and CRLF, escape the rest, and indent every following line', () => {
    expect(visibleLines('one\r\ntwo\rX\n\x1b[31mthree\tfour\n')).toBe('one\r\n  two\\u000dX\n  \\u001b[31mthree\tfour\n');
    expect(visibleLines('a\nb', '')).toBe('a\nb');
    expect(visibleLines(HOSTILE)).not.toMatch(RAW);
  });
});

describe('through the binary', () => {
  let home: string;
  let emu: EmulatorProcess;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    home = await tempDir('pipecat-terminal-safe-');
    emu = await spawnEmulator(['--quiet'], cleanEnv(home));
    env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: HOSTILE });
  });
  afterAll(async () => {
    await emu.stop();
    await cleanup(home);
  });

  test('an organisation name from the environment is shown, never obeyed, in every mode', async () => {
    const runs = await Promise.all(
      [[], ['--output', 'plain'], ['--output', 'json']].map((mode) => runCli(['cloud', 'agent', 'list', ...mode], { env })),
    );
    for (const r of runs) {
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stderr).toContain('evil\\u001b]52;c;aGk=\\u0007\\u001b[2J\\u000dok\\u009b31m\\u202egnp\\u007f');
    }
    // The error message is our sentence quoting the name: in json too it quotes it made visible
    // (docs/cloud-commands.md); data values in a document stay as received.
    expect((JSON.parse(runs[2].stdout) as { error: { message: string } }).error.message).toContain(visibleField(HOSTILE));
  });
});
