/**
 * `yo pipecat` from a linked install (issue 4): the package installed globally into a temp
 * prefix (`npm install -g --prefix`, a symlink to this checkout, as `npm link` makes), found by
 * `yo` 7 through `npm root -g`; `--help` lists the options and `yo pipecat --name ...` writes the
 * same project as `pipecat init` with the same options.
 *
 * `yo` run as root switches to uid 1000: the test gives that user a HOME and an output folder.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, childEnv, makeTempDir, removeDir, runCli, readBytes, userDir } from '../helpers/cli.js';

const YO = join(ROOT, 'node_modules', '.bin', 'yo');

let tmp: string;
let prefix: string;
let home: string;

function yo(args: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  const env = childEnv({ HOME: home, npm_config_prefix: prefix });
  const r = spawnSync(YO, args, { cwd, env, encoding: 'utf8', input: '', timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  tmp = makeTempDir('pipecat-yo-');
  // The temp dir itself must be reachable by uid 1000.
  if (process.getuid?.() === 0) chownSync(tmp, 1000, 1000);
  prefix = join(tmp, 'prefix');
  home = userDir(join(tmp, 'home'));
  const npm = spawnSync(
    'npm',
    ['install', '-g', '--prefix', prefix, ROOT, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (npm.status !== 0) throw new Error(`npm install -g failed: ${npm.stderr}`);
});
afterAll(() => removeDir(tmp));

describe('yo pipecat (linked install)', () => {
  test('the link points at this package and yo finds the generator', () => {
    const linked = join(prefix, 'lib', 'node_modules', 'generator-pipecat');
    expect(existsSync(join(linked, 'dist', 'generators', 'app', 'index.js'))).toBe(true);
    const help = yo(['pipecat', '--help'], userDir(join(tmp, 'help')));
    expect(help.code).toBe(0);
    const text = help.stdout + help.stderr;
    expect(text).toContain('yo pipecat');
    for (const flag of [
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
      '--observability',
      '--output',
      '--config',
    ]) {
      expect(text).toContain(flag);
    }
  });

  test('yo pipecat --name ... writes the same files as pipecat init with the same options', () => {
    const options = [
      '-b',
      'telephony',
      '-t',
      'twilio',
      '-t',
      'smallwebrtc',
      '-m',
      'cascade',
      '--stt',
      'deepgram_stt',
      '--llm',
      'openai_llm',
      '--tts',
      'cartesia_tts',
      '--recording',
      '--enable-krisp',
    ];
    const out = userDir(join(tmp, 'yo-out'));
    const r = yo(['pipecat', '--name', 'yo-bot', ...options], out);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(['yo-bot']); // staged and renamed: nothing else left, no .yo-rc.json outside the project
    const cli = runCli(['init', '-n', 'yo-bot', ...options, '-o', join(tmp, 'cli-out')]);
    expect(cli.code).toBe(0);
    const viaYo = readBytes(join(out, 'yo-bot'));
    expect(Object.keys(viaYo)).toContain('.yo-rc.json');
    expect(viaYo).toEqual(readBytes(join(tmp, 'cli-out', 'yo-bot')));
    // Run again: the project exists, so yo refuses and leaves it as it was.
    const again = yo(['pipecat', '--name', 'yo-bot', ...options], out);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already exists and is not empty');
    expect(readBytes(join(out, 'yo-bot'))).toEqual(viaYo);
  });
});
