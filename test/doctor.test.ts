/**
 * `pipecat doctor` through the binary, quickly: a generated project is healthy (exit 0, `--json`
 * healthy), a planted problem is found at its place and `--fix --yes` repairs it, `--fix` without a
 * terminal and without `--yes` changes nothing (exit 2), and a folder with no project is exit 2
 * saying what was looked for, and the reader the entry starts early is used, or killed when the
 * guess was wrong. Every planted problem: test/e2e/doctor-planted.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { appendFileSync, chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, readTree, removeDir, runCli, WEB_ARGS } from './helpers/cli.js';

const out = makeTempDir('pipecat-doctor-');
const root = join(out, 'doc');

beforeAll(() => {
  const r = runCli(['init', '-n', 'doc', ...WEB_ARGS, '-y', '-o', out]);
  if (r.code !== 0) throw new Error(`init failed: ${r.stderr}`);
}, 60_000);
afterAll(() => removeDir(out));

describe('pipecat doctor', () => {
  test('a generated project is healthy: exit 0, one JSON document saying so', () => {
    const r = runCli(['doctor', root, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ project: root, healthy: true, findings: [] });
  });

  test('a getenv added by hand: found from server/, --fix without a terminal refuses, --fix --yes repairs', () => {
    const bot = join(root, 'server', 'bot.py');
    const lines = readFileSync(bot, 'utf8').split('\n').length;
    appendFileSync(bot, 'WEBHOOK_SECRET = os.environ["WEBHOOK_SECRET"]\n');
    const r = runCli(['doctor'], { cwd: join(root, 'server') });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('server/.env.example  env-missing');
    expect(r.stderr).toContain(`WEBHOOK_SECRET is read by server/bot.py:${lines} (required)`);
    const before = readTree(root);
    const refused = runCli(['doctor', '--fix'], { cwd: root });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect(readTree(root)).toEqual(before);
    const fixed = runCli(['doctor', '--fix', '--yes', '--json'], { cwd: root });
    expect(fixed.code).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({ healthy: true, fixed: ['add WEBHOOK_SECRET (required) to server/.env.example'] });
    expect(readFileSync(join(root, 'server', '.env.example'), 'utf8')).toMatch(
      /\n\n# read by server\/bot\.py:\d+ \(required\)\nWEBHOOK_SECRET=\n$/,
    );
    const after = readTree(root);
    expect(Object.keys(after).filter((p) => after[p] !== before[p])).toEqual(['server/.env.example']);
  });

  test('no project: exit 2 naming what was looked for; --json still one document', () => {
    const empty = join(out, 'empty');
    mkdirSync(empty);
    const r = runCli(['doctor', empty, '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('looked for .yo-rc.json');
    expect(r.stderr).toContain('pyproject.toml depending on pipecat-ai');
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(runCli(['doctor', join(out, 'missing')]).code).toBe(2);
  });

  test("the binary starts the reader's Python before yargs loads; one started for a wrong guess is killed", () => {
    // A `.venv/bin/python` that logs its start, then runs the real Python.
    const venv = (dir: string, name: string): void => {
      mkdirSync(join(dir, '.venv', 'bin'), { recursive: true });
      const file = join(dir, '.venv', 'bin', 'python');
      writeFileSync(file, `#!/bin/sh\necho "start ${name} $$" >> '${log}'\nexec /usr/bin/python3 "$@"\n`);
      chmodSync(file, 0o755);
    };
    const log = join(out, 'starts.log');
    const starts = (): string[][] =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' ').slice(1));
    venv(join(root, 'server'), 'server');
    // A folder inside the project that looks like a root to the entry's quick guess, with its own .venv.
    const sub = join(root, 'tools');
    venv(join(sub, 'server'), 'guessed');
    writeFileSync(join(sub, 'pyproject.toml'), '[project]\nname = "tools"\n');
    try {
      const direct = runCli(['doctor', root, '--json']);
      expect(starts().map(([name]) => name)).toEqual(['server']);
      const guessed = runCli(['doctor', sub, '--json']);
      expect(guessed.stdout).toBe(direct.stdout);
      expect(guessed.code).toBe(direct.code);
      // The guess's interpreter was started (by the entry: the command's finder never picks it), then killed.
      const all = starts();
      expect(all.map(([name]) => name)).toEqual(['server', 'guessed', 'server']);
      expect(() => process.kill(Number(all[1][1]), 0)).toThrow();
    } finally {
      rmSync(join(root, 'server', '.venv'), { recursive: true, force: true });
      rmSync(sub, { recursive: true, force: true });
    }
  });
});
