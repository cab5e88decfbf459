/**
 * Messages of issue 26, through the real binary: each names what to give, the cause comes first,
 * near misses get a did-you-mean, and `--yes`/`-y` is taken wherever a confirmation can be skipped.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { CASCADE_ARGS, makeTempDir, removeDir, runCli } from './helpers/cli.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-messages-');
});
afterAll(() => removeDir(tmp));

/** Run and expect exit 2, nothing on stdout, no stack trace; return stderr. */
function refused(args: string[]): string {
  const r = runCli(args, { cwd: tmp });
  expect({ args, code: r.code, stdout: r.stdout, trace: /\n\s+at /.test(r.stderr) }).toEqual({ args, code: 2, stdout: '', trace: false });
  return r.stderr;
}

describe('init: what is missing', () => {
  test('without transports: the transport ids by kind from the catalogue, no --bot-type line', () => {
    const err = refused(['init', '-n', 'foo']);
    expect(err).not.toContain('--bot-type');
    const web = TRANSPORTS.filter((t) => t.kind === 'web').map((t) => t.id);
    const phone = TRANSPORTS.filter((t) => t.kind === 'telephony').map((t) => t.id);
    expect(err).toContain(
      `--transport: is required: give one or more with --transport (web: ${web.join(', ')}; telephony: ${phone.join(', ')})`,
    );
    expect(err).toContain('--mode: is required: cascade or realtime');
    // With the bot type given, only its kind.
    const webOnly = refused(['init', '-n', 'foo', '-b', 'web', ...CASCADE_ARGS]);
    expect(webOnly).toContain(`--transport: is required: give one or more with --transport (web: ${web.join(', ')})\n`);
  });

  test('with -t the bot type is inferred: no --bot-type line, also for an unknown transport', () => {
    expect(refused(['init', '-n', 'foo', '-t', 'twilio'])).not.toContain('--bot-type');
    expect(refused(['init', '-n', 'foo', '-t', 'nope', ...CASCADE_ARGS])).not.toContain('--bot-type');
  });

  test('a PSTN or SIP transport without its mode: the mode is the one problem', () => {
    for (const t of ['daily_pstn', 'twilio_daily_sip']) {
      const err = refused(['init', '-n', 'foo', '-t', t, ...CASCADE_ARGS]);
      expect(err.split('\n').filter((l) => l.startsWith('  - '))).toEqual([expect.stringMatching(/-mode: is required with transport/)]);
    }
    expect(existsSync(join(tmp, 'foo'))).toBe(false);
  });
});

describe('ids with labels', () => {
  /** Every `id (Label)` in a text, where the label is the id in other letter case. */
  const redundant = (text: string): string[] =>
    [...text.matchAll(/\b([a-z0-9_]+) \(([^()]+)\)/g)]
      .filter(([, id, label]) => label.toLowerCase().replace(/[\s_-]+/g, '_') === id)
      .map(([m]) => m);

  test('a label that is the id in other letter case is left out; one that says more is kept', () => {
    const help = runCli(['init', '--help'], { cwd: tmp }).stdout;
    const valid = refused(['init', '-n', 'x', '-t', 'carrier_pigeon', ...CASCADE_ARGS]);
    const mode = refused(['init', '-n', 'foo', '-t', 'daily_pstn', ...CASCADE_ARGS]);
    const phone = refused(['init', '-n', 'x', '-b', 'web', '-t', 'plivo', ...CASCADE_ARGS]);
    for (const text of [help, valid, mode, phone]) expect(redundant(text)).toEqual([]);
    for (const t of TRANSPORTS.filter((t) => t.label.toLowerCase() === t.id)) {
      expect(help).toMatch(new RegExp(`\\b${t.id}[,;]`));
      expect(valid).toMatch(new RegExp(`\\b${t.id}(, |$)`, 'm'));
    }
    expect(help).toContain('twilio (Twilio (Media Streams))');
    expect(valid).toContain('daily_pstn_dialin (Daily PSTN (dial-in))');
    expect(mode).toContain('--daily-pstn-mode: is required with transport daily_pstn: dial-in or dial-out');
    expect(phone).toContain('--transport: plivo is a telephony transport but --bot-type is web');
  });
});

describe('the cause first', () => {
  test('an unknown flag\'s did-you-mean is the headline, and the flag it means is not also "required"', () => {
    const err = refused(['init', '--nmae', 'foo']);
    expect(err.split('\n')[0]).toBe('error: unknown flag --nmae: did you mean --name? (nothing was written)');
    expect(err).not.toContain('--name: is required');
  });

  test('cloud secret list suggests secrets (not "unknown command list")', () => {
    const err = refused(['cloud', 'secret', 'list']);
    expect(err.split('\n')[0]).toBe('error: unknown command secret: did you mean secrets?');
  });
});

describe('did-you-mean for ids', () => {
  test('--llm gpt names the services whose models are GPTs; --stt with part of an id names the ids containing it', () => {
    const args = ['init', '-n', 'foo', '-t', 'daily', '-m', 'cascade', '--stt', 'deepgram_stt', '--tts', 'cartesia_tts'];
    const gpt = refused([...args, '--llm', 'gpt']);
    expect(gpt).toMatch(/--llm: unknown LLM service "gpt": did you mean one of [a-z_, ]*openai_llm[a-z_, ]*\?/);
    expect(gpt).not.toContain('valid:');
    const part = refused([
      'init',
      '-n',
      'foo',
      '-t',
      'daily',
      '-m',
      'cascade',
      '--stt',
      'labs',
      '--llm',
      'openai_llm',
      '--tts',
      'cartesia_tts',
    ]);
    expect(part).toContain('--stt: unknown STT service "labs": did you mean one of elevenlabs_realtime_stt, elevenlabs_stt?');
  });
});

describe('--yes / -y', () => {
  test('init takes -y and --yes (nothing to confirm without the wizard)', () => {
    for (const y of ['-y', '--yes']) {
      const r = runCli(['init', '-n', 'yes-bot', '-t', 'daily', ...CASCADE_ARGS, y, '--dry-run'], { cwd: tmp });
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    }
  });

  test('update and the secrets commands that confirm list --yes/-y in their help', () => {
    for (const cmd of [['update'], ['cloud', 'secrets', 'delete'], ['cloud', 'secrets', 'unset'], ['cloud', 'secrets', 'set']]) {
      const r = runCli([...cmd, '--help'], { cwd: tmp });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/--yes/);
      expect(r.stdout).toMatch(/-y[,\] ]/);
    }
  });
});

describe('update checks its values as init does', () => {
  test("update --llm '' and update -n -dash are refused before anything else", () => {
    expect(refused(['update', '--llm', ''])).toContain('--llm: empty value');
    expect(refused(['update', '-n', '-dash'])).toContain('-n needs a value, but the next word "-dash" starts with "-"');
    expect(refused(['update', '--add-transport', '-x'])).toContain('--add-transport needs a value');
  });
});
