/**
 * Updating is not in the Yeoman design (issue 25): `pipecat update` is a plain function call
 * (`generators/app/update/session.ts`) and must not evaluate code of yeoman-environment or
 * yeoman-generator, bundled or not; nor must `pipecat init --dry-run` (flags or `--config`),
 * `--list-options` and `--coding-agent` (the init core without Yeoman).
 *
 * The binary runs with a preload (`helpers/module-log.mjs`) that records every module URL it
 * loads. A loaded bundle file (`dist/cli/main.js`, `dist/cli/chunks/*`) holds Yeoman's code when
 * esbuild marked a module of those packages in it (`// node_modules/yeoman-environment/…`, the
 * comment it writes before each bundled module); a loaded file under `node_modules/` is checked by
 * its path. The control: a full `pipecat init` is found to load both.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, WEB_ARGS, makeTempDir, removeDir, runCli } from './helpers/cli.js';

const YEOMAN = ['yeoman-environment', 'yeoman-generator'];
const PRELOAD = join(ROOT, 'test', 'helpers', 'module-log.mjs');

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-yeoman-free-');
});
afterAll(() => removeDir(tmp));

/**
 * Run the binary with the module log and name the Yeoman packages whose code it loaded.
 *
 * @returns the exit code and the packages of {@link YEOMAN} found, each once
 */
function yeomanLoadedBy(args: string[], cwd = tmp): { code: number; stderr: string; loaded: string[] } {
  const log = join(tmp, 'modules.log');
  rmSync(log, { force: true });
  const r = runCli(args, { cwd, env: { NODE_OPTIONS: `--import ${PRELOAD}`, PIPECAT_MODULE_LOG: log } });
  const urls = existsSync(log) ? [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))] : [];
  expect(urls.length).toBeGreaterThan(0); // the preload ran
  const loaded = new Set<string>();
  const dist = join(ROOT, 'dist', 'cli');
  for (const url of urls) {
    const file = fileURLToPath(url);
    for (const pkg of YEOMAN) {
      if (file.includes(`/node_modules/${pkg}/`)) loaded.add(pkg);
      else if (file.startsWith(dist) && new RegExp(`^// node_modules/${pkg}/`, 'm').test(readFileSync(file, 'utf8'))) loaded.add(pkg);
    }
  }
  return { code: r.code, stderr: r.stderr, loaded: [...loaded].sort() };
}

describe('commands that need no Yeoman load none of it', () => {
  let project: string;
  beforeAll(() => {
    const r = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', tmp]);
    expect({ code: r.code, stderr: r.code ? r.stderr : '' }).toEqual({ code: 0, stderr: '' });
    project = join(tmp, 'bot');
  });

  test('the check sees Yeoman: a full `pipecat init` loads both packages', () => {
    const r = yeomanLoadedBy(['init', '-n', 'control', ...WEB_ARGS, '-o', tmp]);
    expect({ code: r.code, loaded: r.loaded }).toEqual({ code: 0, loaded: YEOMAN });
  });

  test.each([
    ['update (already current)', ['update']],
    ['update --dry-run with a change', ['update', '--tts', 'elevenlabs_tts', '--dry-run']],
    ['update with a change', ['update', '--tts', 'elevenlabs_tts']],
  ])('pipecat %s', (_name, args) => {
    const r = yeomanLoadedBy(args, project);
    expect({ code: r.code, stderr: r.code ? r.stderr : '', loaded: r.loaded }).toEqual({ code: 0, stderr: '', loaded: [] });
  });

  test.each([
    ['init --dry-run', ['init', '-n', 'dry', ...WEB_ARGS, '--dry-run']],
    ['init --config FILE --dry-run', ['init', '-c', 'dry.json', '--dry-run']],
    ['init --list-options', ['init', '--list-options']],
    ['init DIR --coding-agent', ['init', 'agent-only', '--coding-agent']],
  ])('pipecat %s', (_name, args) => {
    const config = { project_name: 'dry-config', bot_type: 'web', transports: ['smallwebrtc'], mode: 'cascade' };
    writeFileSync(
      join(tmp, 'dry.json'),
      JSON.stringify({ ...config, stt_service: 'deepgram_stt', llm_service: 'openai_llm', tts_service: 'cartesia_tts' }),
    );
    const r = yeomanLoadedBy(args);
    expect({ code: r.code, stderr: r.code ? r.stderr : '', loaded: r.loaded }).toEqual({ code: 0, stderr: '', loaded: [] });
  });
});
