/**
 * The `pipecat cloud secrets` handlers in-process, with their collaborators injected (issue 14):
 * `set`, `list` and `unset` parsed by the real yargs command tree (`createCloudCommand(io)`) and run
 * against the real emulator (`cli/emulator/server.ts`, in this process on a free port), through the
 * real session opener and HTTP client, with recording output sinks, stdin given as a string,
 * dialogs that answer from a script, a recording spinner and an interrupt watch the test triggers.
 * Every run's output is checked for the secret values it was given.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { stripVTControlCharacters } from 'node:util';
import yargs from 'yargs';
import { CloudClient } from '../../cli/cloud-api/client.js';
import { createCloudCommand } from '../../cli/commands/cloud/cloud.js';
import { openSession, type CloudDialogs, type CloudIO } from '../../cli/commands/cloud/common.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import type { StopSignal } from '../../cli/errors.js';
import type { InterruptWatch } from '../../cli/interrupts.js';
import { cleanup, tempDir } from './helpers.js';

let emu: RunningEmulator;
let home: string;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, org: 'acme' });
  home = await tempDir('pipecat-handlers-');
});
afterAll(async () => {
  await emu?.close();
  await cleanup(home);
});

/**
 * Secret values given to the commands in this file: none may appear in any output, whole or any
 * 8 characters of them. Made of letters that occur in no hex fingerprint, JSON keyword or message.
 */
const SECRETS = {
  OPENAI_API_KEY: 'skqzxvGHTWmnprjkwzqhtxvZ',
  DEEPGRAM_API_KEY: 'dgwmkpQRSZtvzxhjgnmqwzRT',
  CARTESIA_API_KEY: 'cthjtnVWXZqgkmprsvzwhjGP',
  FROM_STDIN: 'zqxwvtsrpnmkjhgZXWVTSRPN',
};

/** A test's handle on an interrupt watch it can trigger. */
interface FakeWatch extends InterruptWatch {
  fire(signal: StopSignal): void;
  disposed: boolean;
}

function fakeWatch(): FakeWatch {
  let signal: StopSignal | undefined;
  let resolveFirst!: (s: StopSignal) => void;
  let resolveAgain!: (s: StopSignal) => void;
  const first = new Promise<StopSignal>((r) => (resolveFirst = r));
  const again = new Promise<StopSignal>((r) => (resolveAgain = r));
  const w: FakeWatch = {
    get signal() {
      return signal;
    },
    first,
    again,
    disposed: false,
    dispose() {
      w.disposed = true;
    },
    fire(s) {
      if (signal === undefined) {
        signal = s;
        resolveFirst(s);
      } else resolveAgain(s);
    },
  };
  return w;
}

/** Options of {@link fakeIO}. */
interface FakeOptions {
  /** Text on stdin (stdin is then not a terminal). */
  stdin?: string;
  /** Answers of `confirm`, in order; a confirm without an answer fails the test. */
  confirms?: boolean[];
  /** Called with each spinner text (e.g. to fire a signal at `Writing 1/3`). */
  onSpinner?: (text: string, watch: FakeWatch) => void;
}

/** Collaborators that record what a handler does, pointed at the emulator. */
function fakeIO(opts: FakeOptions = {}) {
  // Colour codes are dropped (picocolors decides by the test's terminal); the text is what counts.
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const spinner: string[] = [];
  const watches: FakeWatch[] = [];
  const confirms = [...(opts.confirms ?? [])];
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    PIPECAT_API_HOST: emu.url,
    PIPECAT_TOKEN: emu.token,
    PIPECAT_ORG: emu.org,
    PIPECAT_RETRY_BASE_MS: '5',
  };
  const errSink = (t: string) => void err.push(stripVTControlCharacters(t));
  const dialogs: CloudDialogs = {
    canPrompt: () => true,
    confirm: async (message) => {
      asked.push(message);
      const a = confirms.shift();
      if (a === undefined) throw new Error(`unexpected confirmation: ${message}`);
      return a;
    },
    text: async (message) => {
      throw new Error(`unexpected text dialog: ${message}`);
    },
    password: async (message) => {
      throw new Error(`unexpected password dialog: ${message}`);
    },
    select: async (message) => {
      throw new Error(`unexpected select dialog: ${message}`);
    },
  };
  let stdinReads = 0;
  const io: CloudIO = {
    out: (t) => void out.push(stripVTControlCharacters(t)),
    err: errSink,
    env,
    terminal: { stdin: opts.stdin === undefined, stdout: false, stderr: false },
    readStdin: async () => {
      stdinReads++;
      return opts.stdin ?? '';
    },
    dialogs,
    openSession: (argv) => openSession(argv, env, errSink),
    makeClient: async () => {
      throw new Error('makeClient is for auth login only');
    },
    startSpinner: async (text) => {
      const w = watches[watches.length - 1];
      const show = (t: string) => {
        spinner.push(t);
        if (w) opts.onSpinner?.(t, w);
      };
      show(text);
      return { animated: true, update: show, succeed: () => undefined, fail: () => undefined, stop: () => undefined };
    },
    watchInterrupts: () => {
      const w = fakeWatch();
      watches.push(w);
      return w;
    },
  };
  return { io, out, err, asked, spinner, watches, stdinReads: () => stdinReads };
}

/** Everything printed anywhere in this file, for the final leak check. */
const transcript: string[] = [];

/** Parse `cloud <args>` with the real command tree and run its handler with `io`. */
async function cloud(args: string[], x: ReturnType<typeof fakeIO>): Promise<void> {
  try {
    await yargs(['cloud', ...args])
      .command(createCloudCommand(() => x.io))
      .strict()
      .fail((msg, e) => {
        throw e ?? new Error(msg);
      })
      .parseAsync();
  } finally {
    transcript.push(x.out.join(''), x.err.join(''));
  }
}

/** The secret values (whole, or any 8-character piece) found in `text`. */
function leaks(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, v]) => Array.from({ length: v.length - 7 }, (_, i) => v.slice(i, i + 8)).some((piece) => text.includes(piece)))
    .map(([k]) => k);
}

/** The keys of a set as the emulator holds them (read with a client of its own). */
async function keysOnServer(set: string): Promise<string[]> {
  const client = new CloudClient({ token: emu.token, baseUrl: emu.url });
  return (await client.getSecretSet(emu.org, set)).secrets.map((s) => s.fieldName).sort();
}

describe('cloud secrets handlers with injected collaborators', () => {
  test('set writes pairs and a stdin value, prints the plan and report without values, and asks first', async () => {
    const x = fakeIO({ stdin: SECRETS.FROM_STDIN + '\n', confirms: [true] });
    await cloud(
      [
        'secrets',
        'set',
        'handler-set',
        `OPENAI_API_KEY=${SECRETS.OPENAI_API_KEY}`,
        `DEEPGRAM_API_KEY=${SECRETS.DEEPGRAM_API_KEY}`,
        'FROM_STDIN=-',
      ],
      x,
    );
    expect(await keysOnServer('handler-set')).toEqual(['DEEPGRAM_API_KEY', 'FROM_STDIN', 'OPENAI_API_KEY']);
    expect(x.stdinReads()).toBe(1);
    expect(x.asked).toEqual(['Write 3 keys to handler-set?']);
    const err = x.err.join('');
    expect(err).toMatch(/^Create secret set handler-set in acme, region us-west \(organization default\):\n/);
    expect(err).toMatch(/OPENAI_API_KEY\s+add\s+argument\s+24\s+sha256:[0-9a-f]{8}/);
    expect(err).toContain('3 keys written to handler-set (acme, us-west); the set is being provisioned, which takes a few seconds');
    const out = x.out.join('');
    expect(out.split('\n')[0]).toMatch(/^KEY\s+ACTION\s+LENGTH\s+FINGERPRINT\s+RESULT$/);
    expect(out.match(/ written$/gm)).toHaveLength(3);
    expect(x.spinner.slice(0, 2)).toEqual(['Reading secret set handler-set', 'Writing 0/3 keys to handler-set']);
    expect(x.spinner).toContain('Writing 3/3 keys to handler-set');
    expect(x.watches).toHaveLength(1);
    expect(x.watches[0].disposed).toBe(true);
    expect(leaks(out + err)).toEqual([]);
  });

  test('set --json prints one document; declining the plan writes nothing (exit 130)', async () => {
    const j = fakeIO();
    await cloud(['secrets', 'set', 'handler-set', `CARTESIA_API_KEY=${SECRETS.CARTESIA_API_KEY}`, '--skip', '--json'], j);
    const doc = JSON.parse(j.out.join(''));
    expect(doc).toMatchObject({
      ok: true,
      set: 'handler-set',
      created: false,
      written: 1,
      keys: [{ key: 'CARTESIA_API_KEY', status: 'written' }],
    });
    expect(j.err.join('')).toBe('');

    const no = fakeIO({ confirms: [false] });
    await expect(cloud(['secrets', 'set', 'handler-set', 'LATER=value-not-sent'], no)).rejects.toMatchObject({
      exitCode: 130,
      message: 'cancelled: nothing was written',
    });
    expect(await keysOnServer('handler-set')).not.toContain('LATER');
    expect(no.out.join('')).toBe('');
  });

  test('a SIGINT during the writes stops new requests and still prints the per-key report (exit 130)', async () => {
    const keys = ['A_KEY', 'B_KEY', 'C_KEY', 'D_KEY'];
    const x = fakeIO({ onSpinner: (t, w) => t === 'Writing 1/4 keys to handler-stop' && w.fire('SIGINT') });
    const run = cloud(['secrets', 'set', 'handler-stop', ...keys.map((k) => `${k}=value-of-${k}`), '--skip', '--concurrency', '1'], x);
    await expect(run).rejects.toMatchObject({
      exitCode: 130,
      message: expect.stringMatching(/^interrupted by SIGINT: 1 of 4 keys were written/),
    });
    const out = x.out.join('');
    expect(out.match(/ written$/gm)).toHaveLength(1);
    expect(out.match(/ not sent \(not sent: interrupted \(SIGINT\)\)$/gm)).toHaveLength(3);
    expect(await keysOnServer('handler-stop')).toEqual(['A_KEY']);
    expect(x.watches[0].disposed).toBe(true);
  });

  test('list shows the sets and the keys of one set, never values', async () => {
    const sets = fakeIO();
    await cloud(['secrets', 'list'], sets);
    expect(sets.out.join('')).toMatch(/^NAME\s+TYPE\s+REGION\s+STATUS\nhandler-set\s+secret\s+us-west\s+ready\nhandler-stop\s+secret/);
    expect(sets.err.join('')).toBe('');

    const one = fakeIO();
    await cloud(['secrets', 'list', 'handler-set'], one);
    expect(one.out.join('')).toBe(
      'Secret set handler-set in acme, region us-west, status ready, 4 keys (values are never shown)\n' +
        'KEY\nCARTESIA_API_KEY\nDEEPGRAM_API_KEY\nFROM_STDIN\nOPENAI_API_KEY\n',
    );

    const json = fakeIO();
    await cloud(['secrets', 'list', 'handler-set', '--json'], json);
    expect(JSON.parse(json.out.join(''))).toEqual({
      ok: true,
      organization: 'acme',
      set: 'handler-set',
      region: 'us-west',
      status: 'ready',
      keys: ['CARTESIA_API_KEY', 'DEEPGRAM_API_KEY', 'FROM_STDIN', 'OPENAI_API_KEY'],
    });

    const missing = fakeIO();
    await expect(cloud(['secrets', 'list', 'no-such-set', '--json'], missing)).rejects.toMatchObject({ exitCode: 1 });
    expect(JSON.parse(missing.out.join(''))).toMatchObject({ ok: false, error: { exitCode: 1 } });
  });

  test('unset asks, removes one key and says so; a missing key suggests the near one (exit 1)', async () => {
    const x = fakeIO({ confirms: [true] });
    await cloud(['secrets', 'unset', 'handler-set', 'FROM_STDIN'], x);
    expect(x.asked).toEqual(['Remove FROM_STDIN from secret set handler-set (acme)?']);
    expect(x.err.join('')).toBe('✔ removed FROM_STDIN from secret set handler-set (acme)\n');
    expect(x.out.join('')).toBe('');
    expect(await keysOnServer('handler-set')).toEqual(['CARTESIA_API_KEY', 'DEEPGRAM_API_KEY', 'OPENAI_API_KEY']);

    const typo = fakeIO();
    await expect(cloud(['secrets', 'unset', 'handler-set', 'OPENAI_API_KYE', '--skip'], typo)).rejects.toMatchObject({
      exitCode: 1,
      details: expect.arrayContaining(['did you mean OPENAI_API_KEY?']),
    });
    expect(typo.asked).toEqual([]);
  });

  test('no secret value appeared in any output of this file', () => {
    expect(transcript.length).toBeGreaterThan(10);
    expect(leaks(transcript.join('\n'))).toEqual([]);
  });
});
