/**
 * `yo pipecat` started as root (issue 26): yo switches to the user with uid 1000 and keeps root's
 * HOME, where Yeoman's settings cannot be read; the generator says what to do instead (exit 2),
 * before yo's own stack trace, and what it says works. Runs only as root; slow tier (`yo` and a
 * global install into a temporary prefix).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, childEnv, makeTempDir, removeDir } from '../helpers/cli.js';

const asRoot = process.getuid?.() === 0 ? describe : describe.skip;
let tmp: string;

beforeAll(() => {
  tmp = makeTempDir('pipecat-yo-root-');
  if (process.getuid?.() !== 0) return;
  chmodSync(tmp, 0o755);
  const npm = spawnSync(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      join(tmp, 'prefix'),
      ROOT,
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (npm.status !== 0) throw new Error(`npm install -g failed: ${npm.stderr}`);
});
afterAll(() => removeDir(tmp));

/** Run `yo pipecat <args>` in `cwd` with HOME `home`, from the temporary global install. */
function yo(cwd: string, home: string, args: string[]) {
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'yo'), ['pipecat', ...args], {
    cwd,
    encoding: 'utf8',
    input: '',
    timeout: 120_000,
    env: childEnv({ HOME: home, npm_config_prefix: join(tmp, 'prefix') }),
  });
}

const ARGS = ['--name', 'rooted', '-t', 'daily', '-m', 'realtime', '--realtime', 'openai_realtime'];

asRoot('yo pipecat as root', () => {
  test("with root's HOME: what to do instead, exit 2, no stack trace; the advice works", () => {
    const home = join(tmp, 'root-home');
    mkdirSync(home, { mode: 0o700 });
    const work = join(tmp, 'work');
    mkdirSync(work);
    const r = yo(work, home, ARGS);
    expect({ code: r.status, trace: /\n\s+at /.test(r.stderr) }).toEqual({ code: 2, trace: false });
    expect(r.stderr).toContain('yo started as root runs as the user with uid 1000');
    expect(r.stderr).toContain('run `pipecat init`');
    expect(existsSync(join(work, 'rooted'))).toBe(false);
    // The printed way out: a home and folder that user owns.
    const advice = /^ {4}(mkdir -p .* yo pipecat)$/m.exec(r.stderr)![1].replace(/\/tmp\/yo-home/g, join(tmp, 'yo-home'));
    const ok = spawnSync(
      'sh',
      ['-c', advice.replace(/yo pipecat$/, `"${join(ROOT, 'node_modules', '.bin', 'yo')}" pipecat ${ARGS.join(' ')}`)],
      {
        encoding: 'utf8',
        input: '',
        timeout: 120_000,
        env: childEnv({ npm_config_prefix: join(tmp, 'prefix') }),
      },
    );
    expect({ code: ok.status, stderr: ok.status ? ok.stderr : '' }).toEqual({ code: 0, stderr: '' });
    expect(existsSync(join(tmp, 'yo-home', 'rooted', 'server', 'bot.py'))).toBe(true);
  });
});
