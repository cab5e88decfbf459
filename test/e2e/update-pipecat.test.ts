/**
 * `pipecat update --pipecat VERSION` through the real binary: the pipecat-ai floor raised in
 * `server/pyproject.toml` and recorded in `.yo-rc.json` (kept by a later update), a lower version
 * or a non-version refused naming `--pipecat` (exit 2, no file touched), and the deprecation
 * report of `pipecat doctor`'s `deprecated` check printed after the update: a planted deprecated
 * use at its line, and for a VERSION newer than the shipped registry (pipecat 1.8.0-dev) the note
 * that the data is older. In the e2e tier: each update reads the code with Python (≈ 1 s idle),
 * more than the fast tier's few seconds a file.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_ARGS, makeTempDir, readBytes, removeDir, runCli } from '../helpers/cli.js';

let tmp: string;
let pristine: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-update-pipecat-');
  const r = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]);
  expect(r.code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
});
afterAll(() => removeDir(tmp));

/** A fresh copy of the pristine project. */
function project(name: string): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** The `pipecat-ai…>=X` requirements of a pyproject.toml. */
function floors(dir: string): string[] {
  return [...readFileSync(join(dir, 'server', 'pyproject.toml'), 'utf8').matchAll(/"pipecat-ai\[[^\]]*\]>=([^"]+)"/g)].map((m) => m[1]!);
}

/** The recorded `pipecat_version`. */
function recorded(dir: string): unknown {
  return (JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8')) as Record<string, Record<string, unknown>>)['generator-pipecat']!
    .pipecat_version;
}

const OLDER_NOTE = /note: the deprecation data is from pipecat 1\.8\.0-dev \(acead05\), older than 1\.9\.0/;

describe('pipecat update --pipecat', () => {
  test('raises the floor in pyproject.toml and .yo-rc.json; a later update keeps it; no deprecated name in our code', () => {
    const dir = project('raise');
    expect(floors(dir).every((v) => v === '1.8.0')).toBe(true);
    expect(recorded(dir)).toBeNull();
    const r = runCli(['update', '--pipecat', '1.8.0.post1'], { cwd: dir });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: expect.stringContaining('update   server/pyproject.toml') });
    expect(floors(dir).length).toBeGreaterThan(0);
    expect(floors(dir).every((v) => v === '1.8.0.post1')).toBe(true);
    expect(recorded(dir)).toBe('1.8.0.post1');
    // 1.8.0.post1 is the registry's release: no "older" note; our own code uses no deprecated name.
    expect(r.stderr).not.toMatch(/note: the deprecation data/);
    expect(r.stderr).toContain('Deprecations: the server code uses no name pipecat 1.8.0-dev deprecates.');
    const again = runCli(['update', '--tts', 'elevenlabs_tts'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(floors(dir).every((v) => v === '1.8.0.post1')).toBe(true);
    expect(recorded(dir)).toBe('1.8.0.post1');
  });

  test('a version below the floor, or not a version, is refused naming --pipecat: exit 2, nothing written', () => {
    const dir = project('lower');
    expect(runCli(['update', '--pipecat', '1.9.0'], { cwd: dir }).code).toBe(0);
    const before = readBytes(dir);
    for (const [version, said] of [
      ['1.8.5', "--pipecat: 1.8.5 is lower than the project's pipecat-ai floor 1.9.0"],
      ['1.7.0', "--pipecat: 1.7.0 is lower than the project's pipecat-ai floor 1.9.0"],
      ['latest', '--pipecat: must be a pipecat-ai version X.Y.Z'],
    ]) {
      const r = runCli(['update', '--pipecat', version!], { cwd: dir });
      expect({ version, code: r.code, said: r.stderr.includes(said!), trace: /\n\s+at /.test(r.stderr) }).toEqual({
        version,
        code: 2,
        said: true,
        trace: false,
      });
      expect(readBytes(dir)).toEqual(before);
    }
  });

  test('after the update the report lists a planted deprecated use at its line; a newer VERSION says the data is older', () => {
    const dir = project('report');
    const bot = join(dir, 'server', 'bot.py');
    const text = readFileSync(bot, 'utf8');
    const planted = text.replace(
      'from pipecat.pipeline.worker import PipelineParams, PipelineWorker, ProcessorUnusablePolicy\n',
      'from pipecat.pipeline.task import PipelineParams, PipelineWorker\nfrom pipecat.pipeline.worker import ProcessorUnusablePolicy\n',
    );
    expect(planted).not.toBe(text);
    writeFileSync(bot, planted);
    const line = planted.split('\n').findIndex((l) => l.startsWith('from pipecat.pipeline.task import')) + 1;
    const r = runCli(['update', '--pipecat', '1.9.0'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(OLDER_NOTE);
    expect(r.stderr).toContain(
      `server/bot.py:${line}: pipecat.pipeline.task (module) is deprecated since pipecat 1.3.0 and removed in 2.0.0`,
    );
    expect(r.stderr).toContain('fix: import from `pipecat.pipeline.worker` instead of `pipecat.pipeline.task`');
    // The note comes before the findings; the report is for people (stderr), not in stdout's summary.
    expect(r.stderr.indexOf('note: the deprecation data')).toBeLessThan(r.stderr.indexOf('server/bot.py:'));
    expect(r.stdout).not.toContain('deprecat');
  });
});
