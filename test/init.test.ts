/**
 * `pipecat init` without prompts (issue 2): the interface, validation, precedence and dry run,
 * through the real binary and real files. Writing projects: init-project.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { CONFIG_OPTIONS } from '../generators/app/config/options.js';
import { CASCADE_ARGS as CASCADE, ROOT, WEB_ARGS as WEB, makeTempDir, readTree, removeDir, runCli } from './helpers/cli.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-init-');
});
afterAll(() => removeDir(tmp));

/** A fresh output folder under the suite's temp dir. */
function outDir(name: string): string {
  return join(tmp, name);
}

function dryRun(args: string[]): Record<string, unknown> {
  const r = runCli(['init', ...args, '--dry-run', '-o', outDir('dry')]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('help and version', () => {
  test('--help, init --help and --version', () => {
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('pipecat init');
    expect(help.stdout).toContain('pipecat cloud');
    const initHelp = runCli(['init', '--help']);
    expect(initHelp.code).toBe(0);
    for (const flag of [
      '--output',
      '--name',
      '--bot-type',
      '--transport',
      '--mode',
      '--stt',
      '--llm',
      '--tts',
      '--realtime',
      '--video',
      '--client-framework',
      '--client-server',
      '--daily-pstn-mode',
      '--twilio-daily-sip-mode',
      '--recording',
      '--transcription',
      '--video-input',
      '--video-output',
      '--deploy-to-cloud',
      '--enable-noisecancel',
      '--enable-krisp',
      '--observability',
      '--eval',
      '--config',
      '--dry-run',
      '--list-options',
    ]) {
      expect(initHelp.stdout).toContain(flag);
    }
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const version = runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
  });
});

describe('--list-options', () => {
  test('prints exactly the spec object', () => {
    const r = runCli(['init', '--list-options']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['bot_type', 'transports', 'stt', 'llm', 'tts', 'realtime', 'video']);
    expect(doc.bot_type).toEqual(['web', 'telephony']);
    const transports = doc.transports as { web: string[]; telephony: string[] };
    expect(Object.keys(transports)).toEqual(['web', 'telephony']);
    // The catalogue's transports by kind, in catalogue order.
    expect(transports.web).toEqual(TRANSPORTS.filter((t) => t.kind === 'web').map((t) => t.id));
    expect(transports.telephony).toEqual(TRANSPORTS.filter((t) => t.kind === 'telephony').map((t) => t.id));
    expect(transports.web).toContain('smallwebrtc');
    expect(transports.telephony).toContain('twilio');
    const suffix: Record<string, string> = { stt: '_stt', llm: '_llm', tts: '_tts', realtime: '_realtime', video: '_video' };
    for (const [role, end] of Object.entries(suffix)) {
      const ids = doc[role] as string[];
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(id.endsWith(end)).toBe(true);
    }
    expect(doc.stt as string[]).toContain('deepgram_stt');
    expect(doc.realtime as string[]).toContain('openai_realtime');
  });
});

describe('non-interactive rules', () => {
  test('without --name or --config and without a terminal: exit 2 naming the flags, nothing written', () => {
    const out = outDir('no-name');
    const r = runCli(['init', '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name');
    expect(r.stderr).toContain('--config');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(out)).toBe(false);
  });

  test('a boolean flag with a value other than true/false is an error, not a silent false', () => {
    const r = runCli(['init', '-n', 'x', ...WEB, '--recording=maybe', '-o', outDir('maybe')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--recording: takes no value (or =true / =false), got "maybe"');
    expect(dryRun(['-n', 'x', ...WEB, '--recording=true', '--transcription=false']).recording).toBe(true);
  });

  test('--config without a path says so', () => {
    const r = runCli(['init', '--config']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--config needs the path of a JSON config file');
  });

  test('unknown flag is a usage error (exit 2)', () => {
    const r = runCli(['init', '-n', 'x', ...WEB, '--bogus-flag', '-o', outDir('bogus')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bogus-flag');
  });
});

describe('validation: every problem at once, exit 2, nothing written', () => {
  const expectInvalid = (args: string[], ...needles: (string | RegExp)[]) => {
    const out = outDir(`invalid-${Math.random().toString(36).slice(2)}`);
    const r = runCli(['init', ...args, '-o', out]);
    expect(r.code).toBe(2);
    for (const n of needles) expect(r.stderr).toMatch(n);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    return r.stderr;
  };

  // Every rule is covered in-process in test/resolve.test.ts; these show the binary's side.
  test('rules reach the user through the binary: exit 2, the flag named, no stack trace, nothing written', () => {
    expect(expectInvalid(['-n', 'x'], '--transport: is required: give one or more', '--mode: is required')).not.toContain('--bot-type');
    expectInvalid(
      ['-n', 'x', '-b', 'telephony', '-t', 'daily_pstn', ...CASCADE],
      '--daily-pstn-mode: is required with transport daily_pstn',
    );
    expectInvalid(['--name=../x', ...WEB], '--name: must be a plain directory name');
    expectInvalid(
      ['-n', 'x', '-b', 'web', '-t', 'carrier_pigeon', ...CASCADE],
      /--transport: unknown transport "carrier_pigeon"; valid: daily \(Daily \(WebRTC\)\), smallwebrtc/,
    );
  });

  test('without --bot-type the transports decide it: a Twilio project is a telephony bot', () => {
    const out = outDir('inferred');
    const r = runCli(['init', '-n', 'phone', '-t', 'twilio', '-t', 'daily', ...CASCADE, '-o', out]);
    expect(r.code).toBe(0);
    const rc = JSON.parse(readFileSync(join(out, 'phone', '.yo-rc.json'), 'utf8')) as Record<string, { bot_type: string }>;
    expect(rc['generator-pipecat'].bot_type).toBe('telephony');
    expectInvalid(
      ['-n', 'x', '-b', 'web', '-t', 'twilio', ...CASCADE],
      /--transport: twilio .* is a telephony transport but --bot-type is web/,
    );
  });

  test('several errors at once, each naming its flag', () => {
    const err = expectInvalid(
      ['-n', '../evil', '-b', 'web', '-t', 'twilio', '-m', 'cascade', '--stt', 'bad_stt', '--enable-krisp', '--no-deploy-to-cloud'],
      '--name',
      '--transport',
      '--stt',
      '--llm',
      '--tts',
      '--enable-noisecancel',
    );
    expect(err.split('\n').filter((l) => l.startsWith('  - ')).length).toBeGreaterThanOrEqual(6);
    expect(existsSync(join(tmp, 'evil'))).toBe(false);
  });

  test('an existing non-empty project folder is refused and left untouched', () => {
    const out = outDir('exists');
    mkdirSync(join(out, 'taken'), { recursive: true });
    writeFileSync(join(out, 'taken', 'keep.txt'), 'mine');
    const r = runCli(['init', '-n', 'taken', ...WEB, '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already exists and is not empty');
    expect(readTree(join(out, 'taken'))).toEqual({ 'keep.txt': 'mine' });
    expect(readdirSync(out)).toEqual(['taken']);
  });
});

describe('config file', () => {
  const writeConfig = (name: string, body: unknown): string => {
    const p = join(tmp, name);
    writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body, null, 2));
    return p;
  };
  const base = {
    project_name: 'cfg',
    bot_type: 'web',
    transports: ['smallwebrtc'],
    mode: 'cascade',
    stt_service: 'deepgram_stt',
    llm_service: 'openai_llm',
    tts_service: 'cartesia_tts',
  };

  test('canonical keys and the Python tool short keys', () => {
    expect(dryRun(['-c', writeConfig('full.json', base)]).project_name).toBe('cfg');
    const short = dryRun([
      '-c',
      writeConfig('short.json', {
        name: 'short',
        bot_type: 'telephony',
        transport: 'twilio',
        mode: 'realtime',
        realtime: 'openai_realtime',
        enable_krisp: true,
        observability: true,
      }),
    ]);
    expect(short.project_name).toBe('short');
    expect(short.transports).toEqual(['twilio']);
    expect(short.realtime_service).toBe('openai_realtime');
    expect(short.enable_noisecancel).toBe(true);
    expect(short.enable_observability).toBe(true);
  });

  test('types are checked: "false" is not a boolean', () => {
    const r = runCli(['init', '-c', writeConfig('types.json', { ...base, recording: 'false', transports: 5 }), '-o', outDir('types')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config key "recording": must be true or false, got "false"');
    expect(r.stderr).toContain('config key "transports"');
  });

  test('unknown key names the closest valid key', () => {
    const r = runCli(['init', '-c', writeConfig('unknown.json', { ...base, recordng: true }), '-o', outDir('unknown')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown config key "recordng" \(did you mean "recording"\?\)/);
  });

  test('missing file, directory, invalid JSON with line and column', () => {
    const missing = runCli(['init', '-c', join(tmp, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json: no such file');
    const dir = runCli(['init', '-c', tmp]);
    expect(dir.code).toBe(2);
    const bad = writeConfig('bad.json', '{\n  "project_name": "x",\n  "mode": cascade\n}\n');
    const r = runCli(['init', '-c', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:3:11`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test('a config file that is not an object', () => {
    const r = runCli(['init', '-c', writeConfig('array.json', [1, 2])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('must hold a JSON object');
  });
});

describe('precedence: flag > config file > default, booleans both ways', () => {
  // Every yes/no row of the options table: its flag and config key.
  const booleans: [string, string][] = CONFIG_OPTIONS.filter((o) => o.type === 'boolean').map((o) => [o.flag, o.key]);
  const cfg = (values: Record<string, unknown>): string => {
    const p = join(tmp, `prec-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(
      p,
      JSON.stringify({
        project_name: 'prec',
        bot_type: 'web',
        transports: ['smallwebrtc'],
        mode: 'cascade',
        stt_service: 'deepgram_stt',
        llm_service: 'openai_llm',
        tts_service: 'cartesia_tts',
        deploy_to_cloud: true,
        ...values,
      }),
    );
    return p;
  };

  test('every --no-<flag> beats `true` in the config file, and every --<flag> beats `false`', () => {
    // Noise cancellation needs cloud deployment, so the all-off run turns both off together.
    const allTrue = Object.fromEntries(booleans.map(([, key]) => [key, true]));
    const allFalse = Object.fromEntries(booleans.map(([, key]) => [key, false]));
    const off = dryRun(['-c', cfg(allTrue), ...booleans.map(([flag]) => `--no-${flag}`)]);
    const on = dryRun(['-c', cfg(allFalse), ...booleans.map(([flag]) => `--${flag}`)]);
    for (const [, key] of booleans) {
      expect({ key, value: off[key] }).toEqual({ key, value: false });
      expect({ key, value: on[key] }).toEqual({ key, value: true });
    }
    // Without flags the file's values stand, both ways.
    const fileOn = dryRun(['-c', cfg(allTrue)]);
    for (const [, key] of booleans) expect({ key, value: fileOn[key] }).toEqual({ key, value: true });
    const fileOff = dryRun(['-c', cfg(allFalse)]);
    for (const [, key] of booleans) expect({ key, value: fileOff[key] }).toEqual({ key, value: false });
  });

  test('--no-deploy-to-cloud beats "deploy_to_cloud": true on its own', () => {
    expect(dryRun(['-c', cfg({ deploy_to_cloud: true }), '--no-deploy-to-cloud']).deploy_to_cloud).toBe(false);
  });

  test('defaults: every boolean off except deploy_to_cloud', () => {
    const doc = dryRun(['-n', 'd', ...WEB]);
    for (const [, key] of booleans) expect(doc[key]).toBe(key === 'deploy_to_cloud');
  });

  test('--enable-krisp is an alias of --enable-noisecancel', () => {
    expect(dryRun(['-n', 'k', ...WEB, '--enable-krisp']).enable_noisecancel).toBe(true);
  });

  test('string flags beat config values', () => {
    const doc = dryRun(['-c', cfg({}), '--llm', 'anthropic_llm', '-n', 'other']);
    expect(doc.llm_service).toBe('anthropic_llm');
    expect(doc.project_name).toBe('other');
  });
});

describe('--dry-run', () => {
  test('prints the resolved configuration and writes nothing, not even the output folder', () => {
    const out = join(tmp, 'dry-nothing', 'deeper');
    const r = runCli([
      'init',
      '-n',
      'dry',
      '-b',
      'telephony',
      '-t',
      'twilio',
      '-t',
      'smallwebrtc',
      ...CASCADE,
      '--enable-krisp',
      '-o',
      out,
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(existsSync(join(tmp, 'dry-nothing'))).toBe(false);
    const doc = JSON.parse(r.stdout) as Record<string, unknown> & { derived: Record<string, unknown> };
    expect(doc.transports).toEqual(['twilio', 'smallwebrtc']);
    expect(doc.client_framework).toBeNull();
    expect(doc.derived.client).toBeNull();
    expect(doc.derived.secret_set).toBe('dry-secrets');
    expect(doc.derived.files).toEqual(
      expect.arrayContaining([
        'server/bot.py',
        'server/pyproject.toml',
        'server/.env.example',
        'server/Dockerfile',
        'server/pcc-deploy.toml',
        '.gitignore',
        'README.md',
      ]),
    );
  });

  test('its output fed back through --config resolves to the same configuration', () => {
    const first = runCli([
      'init',
      '-n',
      'round',
      '-b',
      'web',
      '-t',
      'daily',
      '-t',
      'smallwebrtc',
      '-m',
      'realtime',
      '--realtime',
      'openai_realtime',
      '--video',
      'simli_video',
      '--client-framework',
      'react',
      '--recording',
      '--dry-run',
      '-o',
      outDir('round'),
    ]);
    expect(first.code).toBe(0);
    const p = join(tmp, 'round.json');
    writeFileSync(p, first.stdout);
    const second = runCli(['init', '-c', p, '--dry-run', '-o', outDir('round')]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(first.stdout));
  });
});
