/**
 * Command-line mistakes through the real binary (issue 13): an unknown flag is refused before
 * anything is written, together with every other problem; commands, sub-commands, flags and ids
 * get "did you mean"; transport ids carry their labels.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BIN, binForOtherUsers, makeTempDir, removeDir, runCli, childEnv } from './helpers/cli.js';

const REST = ['-t', 'daily', '-m', 'realtime', '--realtime', 'openai_realtime'];
let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-usage-');
});
afterAll(() => removeDir(tmp));

/** Run and expect exit 2, no stack trace, nothing on stdout; return stderr. */
function refused(args: string[]): string {
  const r = runCli(args, { cwd: tmp });
  expect({ args, code: r.code, stdout: r.stdout, trace: /\n\s+at /.test(r.stderr) }).toEqual({ args, code: 2, stdout: '', trace: false });
  return r.stderr;
}

describe('usage mistakes', () => {
  test('a misspelt flag with an otherwise valid configuration writes nothing and names the flag it meant', () => {
    const out = join(tmp, 'out');
    const err = refused(['init', '-n', 'bot', ...REST, '--recordng', '-o', out]);
    expect(err).toContain('unknown flag --recordng: did you mean --recording?');
    expect(existsSync(out)).toBe(false);
  });

  test('the unknown flag comes together with the configuration problems, in one report', () => {
    const err = refused(['init', '--nmae', 'x', '--stt', 'deepgrm_stt', '-o', join(tmp, 'o2')]);
    expect(err).toContain('unknown flag --nmae: did you mean --name?');
    expect(err).toContain('--stt: unknown STT service "deepgrm_stt": did you mean deepgram_stt?');
    expect(err).toContain('--mode: is required');
  });

  test.each([
    [
      'a misspelt dashed flag is named once (not again in its camel-case form)',
      ['--list-option', '--video-inptu'],
      ['unknown flag --list-option: did you mean --list-options?', 'unknown flag --video-inptu: did you mean --video-input?'],
    ],
    [
      'a misspelt negated flag is named as typed, and so is its suggestion',
      ['--no-recordng', '--no-video-inptu'],
      ['unknown flag --no-recordng: did you mean --no-recording?', 'unknown flag --no-video-inptu: did you mean --no-video-input?'],
    ],
  ])('%s', (_title, flags, expected) => {
    const err = refused(['init', '-n', 'x', ...REST, ...flags]);
    expect(err.split('\n').filter((l) => l.startsWith('  - '))).toEqual(expected.map((e) => `  - ${e}`));
  });

  test('an empty --output (an unset shell variable) is refused, not taken as the current folder', () => {
    const cwd = join(tmp, 'empty-output');
    mkdirSync(cwd);
    for (const args of [
      ['init', '-n', 'x', ...REST, '-o', ''],
      ['init', '-n', 'x', ...REST, '--output='],
      ['init', '-n', 'x', ...REST, '-o', '', '--dry-run'],
    ]) {
      const r = runCli(args, { cwd });
      expect({ args, code: r.code, stdout: r.stdout, trace: /\n\s+at /.test(r.stderr) }).toEqual({
        args,
        code: 2,
        stdout: '',
        trace: false,
      });
      expect(r.stderr).toContain('--output is empty: give a folder path, or leave --output out for the current folder');
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  test("a usage mistake in a command ends with that command's usage line and where its help is", () => {
    const tail = (args: string[]) => refused(args).split('\n').slice(1, 3);
    expect(tail(['cloud', 'secrets', 'set'])).toEqual([
      '  usage: pipecat cloud secrets set [name] [pairs..]',
      '  see `pipecat cloud secrets set --help`',
    ]);
    expect(tail(['cloud', 'secrets', 'unset', 'x'])).toEqual([
      '  usage: pipecat cloud secrets unset <name> [key]',
      '  see `pipecat cloud secrets unset --help`',
    ]);
    expect(tail(['update', '--bogus'])).toEqual(['  usage: pipecat update [DIRECTORY] [options]', '  see `pipecat update --help`']);
    expect(refused(['cloud'])).toBe(
      'error: name a cloud command: auth, secrets, deploy, promote, agent, organizations, regions, build or emulator\n  usage: pipecat cloud <command>\n  see `pipecat cloud --help`\n',
    );
    // At the top level, the general help.
    expect(refused([])).toBe(
      'error: name a command: init, update, doctor, cloud or completion\n  see `pipecat --help` (or `pipecat <command> --help`)\n',
    );
  });

  test('unknown commands and sub-commands get the closest one', () => {
    expect(refused(['innit'])).toContain('unknown command innit: did you mean init?');
    expect(refused(['cloud', 'secrets', 'lst'])).toContain('unknown command lst: did you mean list?');
    expect(refused(['cloud', 'secrets', 'list', '--bogus'])).toContain('unknown flag --bogus');
  });

  test('misspelt transport ids and vendor names get the closest one, with its label, in the same report', () => {
    const err = refused(['init', '-n', 'x', '-t', 'rtc_smal', '-m', 'cascade', '--stt', 'deepgrm', '--llm', 'opnai', '--tts', 'cartesia']);
    expect(err).toContain('--transport: unknown transport "rtc_smal": did you mean smallwebrtc (SmallWebRTC');
    // A misspelt vendor suggests the service that vendor's name means for the role, or its candidates.
    expect(err).toContain('--stt: unknown STT service "deepgrm": did you mean deepgram_stt?');
    expect(err).toContain('--llm: unknown LLM service "opnai": did you mean openai_llm?');
    expect(
      refused(['init', '-n', 'x', '-t', 'daily', '-m', 'cascade', '--stt', 'opena', '--llm', 'openai', '--tts', 'cartesia']),
    ).toContain('--stt: unknown STT service "opena": did you mean one of openai_realtime_stt, openai_stt?');
  });

  test("a bare vendor name is that vendor's default service for the role; a vendor without one names its candidates", () => {
    const r = runCli(
      ['init', '-n', 'x', '-t', 'daily', '-m', 'cascade', '--stt', 'deepgram', '--llm', 'OpenAI', '--tts', 'cartesia', '--dry-run'],
      { cwd: tmp },
    );
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout) as Record<string, unknown>;
    expect([c.stt_service, c.llm_service, c.tts_service]).toEqual(['deepgram_stt', 'openai_llm', 'cartesia_tts']);
    const rt = runCli(['init', '-n', 'x', '-t', 'daily', '-m', 'realtime', '--realtime', 'gemini', '--dry-run'], { cwd: tmp });
    expect((JSON.parse(rt.stdout) as Record<string, unknown>).realtime_service).toBe('gemini_live_realtime');
    const out = join(tmp, 'vendor');
    const err = refused([
      'init',
      '-n',
      'x',
      '-t',
      'daily',
      '-m',
      'cascade',
      '--stt',
      'openai',
      '--llm',
      'openai',
      '--tts',
      'cartesia',
      '-o',
      out,
    ]);
    expect(err).toContain(
      '--stt: "openai" names several STT services and none is its default: choose one of openai_realtime_stt, openai_stt',
    );
    expect(existsSync(out)).toBe(false);
  });

  test('without a close match, the valid transports are listed with their labels where they say more', () => {
    const err = refused(['init', '-n', 'x', '-t', 'carrier_pigeon', '-m', 'realtime', '--realtime', 'openai_realtime']);
    expect(err).toContain('twilio (Twilio (Media Streams)), ');
    expect(err).toContain(', plivo, ');
  });
});

describe('--config is read up to 1 MiB and 8 levels deep', () => {
  test('/dev/zero and /dev/urandom are refused at once, naming --config (a device is not a configuration)', () => {
    for (const dev of ['/dev/zero', '/dev/urandom']) {
      if (!existsSync(dev)) continue;
      expect(refused(['init', '--config', dev])).toContain(`--config: ${dev} is a character device, not a regular file`);
    }
  });

  test('a file just over the bound is refused; stdin (`--config -`), whose size is unknown, still works', () => {
    const big = join(tmp, 'big.json');
    writeFileSync(big, JSON.stringify({ project_name: 'x', pad: 'y'.repeat(1024 * 1024) }));
    expect(refused(['init', '--config', big])).toContain('is larger than 1 MiB');
    const r = runCli(['init', '--config', '-', '--dry-run'], {
      cwd: tmp,
      input: JSON.stringify({ name: 'piped', transport: 'daily', mode: 'realtime', realtime: 'openai_realtime' }),
    });
    expect({ code: r.code, name: (JSON.parse(r.stdout) as { project_name: string }).project_name }).toEqual({ code: 0, name: 'piped' });
  });

  test('a document nested 100,000 levels deep is one clear line, no stack trace', () => {
    const deep = join(tmp, 'deep.json');
    writeFileSync(deep, `{"project_name":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
    expect(refused(['init', '--config', deep])).toMatch(
      /--config: .*deep\.json nests values more than 8 levels deep \(under "project_name\.a/,
    );
    const wide = join(tmp, 'list.json');
    writeFileSync(wide, `{"transports":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(refused(['init', '--config', wide])).toContain('nests values more than 8 levels deep');
  });

  test('a long bad value is quoted cut short', () => {
    const long = join(tmp, 'long.json');
    writeFileSync(long, JSON.stringify({ name: 'x', transport: 'daily', mode: 'realtime', realtime: 'z'.repeat(5000) }));
    const err = refused(['init', '--config', long]);
    expect(err).toContain('...');
    expect(err.length).toBeLessThan(2000);
  });
});

describe('next steps', () => {
  test('can be pasted in order: deploy lines run where the first block left off; the client names its URL', () => {
    const r = runCli(
      [
        'init',
        '-n',
        'steps',
        '-b',
        'web',
        '-t',
        'smallwebrtc',
        '-m',
        'realtime',
        '--realtime',
        'openai_realtime',
        '--client-framework',
        'react',
        '-o',
        'out',
      ],
      { cwd: tmp },
    );
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').map((l) => l.trim());
    const cd = lines.indexOf('cd out/steps/server');
    const secrets = lines.findIndex((l) => / cloud secrets set steps-secrets/.test(l));
    expect(cd).toBeGreaterThan(0);
    expect(secrets).toBeGreaterThan(cd);
    // After `cd out/steps/server`, the .env is simply `.env` (the tool's name: test/next-steps.test.ts).
    expect(lines[secrets]).toMatch(/ cloud secrets set steps-secrets --file \.env --skip$/);
    expect(r.stdout).toContain('in another terminal from here');
    expect(lines).toContain('cd out/steps/client');
    expect(r.stdout).toContain('# http://localhost:5173');
    expect(existsSync(join(tmp, 'out', 'steps', 'server', '.env.example'))).toBe(true);
  });
});

describe('labels and destinations', () => {
  test('init --help names each transport id, with its label where it says more', () => {
    const r = runCli(['init', '--help'], { cwd: tmp });
    expect(r.code).toBe(0);
    for (const s of ['plivo,', 'twilio (Twilio', 'smallwebrtc (SmallWebRTC']) expect(r.stdout).toContain(s);
  });

  test('an empty existing project folder simply works (it is not replaced)', () => {
    const target = join(tmp, 'pre', 'made');
    mkdirSync(target, { recursive: true });
    const r = runCli(['init', '-n', 'made', ...REST, '-o', join(tmp, 'pre')], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(readdirSync(target)).toEqual(expect.arrayContaining(['server', 'README.md']));
  });
});

describe('read-only destinations', () => {
  let outsiderBin: string | undefined;
  /**
   * Run the binary as a user who cannot write the folders (root writes everywhere, so under root
   * the run takes the uid of `nobody`); without root, read-only permission bits do it.
   */
  function asOutsider(args: string[]): { code: number | null; stderr: string } {
    const env = childEnv({ HOME: tmp });
    const root = process.getuid?.() === 0;
    // A copy the other user can reach: this checkout may be in a private folder (mode 0700).
    if (root) outsiderBin ??= binForOtherUsers(join(tmp, 'outsider-bin'));
    const r = spawnSync(process.execPath, [outsiderBin ?? BIN, ...args], {
      cwd: tmp,
      env,
      encoding: 'utf8',
      timeout: 60_000,
      ...(root ? { uid: 65534, gid: 65534 } : {}),
    });
    return { code: r.status, stderr: r.stderr };
  }

  test('a read-only output folder, a read-only parent and a read-only in-place folder: one line naming the path, exit 2, nothing written', () => {
    chmodSync(tmp, 0o755);
    const ro = join(tmp, 'ro');
    mkdirSync(join(ro, 'inplace'), { recursive: true });
    chmodSync(join(ro, 'inplace'), 0o555);
    chmodSync(ro, 0o555);
    try {
      const cases: [string[], string][] = [
        [['init', '-n', 'x', ...REST, '-o', ro], ro],
        [['init', '-n', 'x', ...REST, '-o', join(ro, 'missing', 'deeper')], ro],
        [['init', join(ro, 'inplace'), '-n', 'x', ...REST], join(ro, 'inplace')],
      ];
      for (const [args, path] of cases) {
        const r = asOutsider(args);
        const lines = r.stderr.trim().split('\n').length;
        expect({ args, code: r.code, named: r.stderr.includes(`cannot write ${path}`), trace: /\n\s+at /.test(r.stderr), lines }).toEqual({
          args,
          code: 2,
          named: true,
          trace: false,
          lines: 1,
        });
      }
      expect(readdirSync(ro)).toEqual(['inplace']);
      expect(readdirSync(join(ro, 'inplace'))).toEqual([]);
    } finally {
      chmodSync(ro, 0o755);
      chmodSync(join(ro, 'inplace'), 0o755);
    }
  });
});
