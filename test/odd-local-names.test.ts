/**
 * Local things that ended in a stack trace, through the real binary:
 * - a server folder holding names that are not valid UTF-8 (Linux allows any bytes): `doctor` and
 *   `update` read the project's Python code without them (they cannot be modules' names);
 * - `pipecat init -o elsewhere` from a folder whose `.yo-rc.json` is corrupt (Yeoman reads it):
 *   exit 2 naming that file as the current folder's, not the destination; nothing written;
 * - the staging's digest of a folder (what a run moved aside) with such a name in it.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_ARGS, makeTempDir, removeDir, runCli } from './helpers/cli.js';
import { contentHash } from '../generators/app/staging/journal.js';

let tmp: string;
let pristine: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-odd-names-');
  const r = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]);
  expect(r.code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
});
afterAll(() => removeDir(tmp));

/** `folder/<prefix>\xff\xfe<suffix>` as a Buffer path. */
const badName = (folder: string, prefix: string, suffix: string) =>
  Buffer.concat([Buffer.from(`${folder}/${prefix}`), Buffer.from([0xff, 0xfe]), Buffer.from(suffix)]);

test('doctor and update --dry-run on a server folder with names that are not UTF-8: no stack trace', () => {
  const dir = join(tmp, 'bad-names');
  cpSync(pristine, dir, { recursive: true });
  writeFileSync(badName(join(dir, 'server'), 'helper', '.py'), 'import os\nX = os.getenv("ODD_NAME_VAR")\n');
  mkdirSync(badName(join(dir, 'server'), 'pkg', ''));
  writeFileSync(Buffer.concat([badName(join(dir, 'server'), 'pkg', ''), Buffer.from('/mod.py')]), 'Y = 1\n');
  const doctor = runCli(['doctor', '--json'], { cwd: dir });
  expect(doctor.stderr).not.toContain('internal error');
  expect([0, 1]).toContain(doctor.code);
  expect(() => JSON.parse(doctor.stdout)).not.toThrow();
  const update = runCli(['update', '--dry-run'], { cwd: dir });
  expect(update.stderr).not.toContain('internal error');
  expect(update.code).toBe(0);
}, 60_000);

test('init -o elsewhere from a folder with a corrupt .yo-rc.json: exit 2 naming it, nothing written', () => {
  const cwd = join(tmp, 'corrupt-cwd');
  const out = join(tmp, 'corrupt-out');
  mkdirSync(cwd);
  mkdirSync(out);
  for (const text of ['{ "generator-pipecat": { broken', '{\n<<<<<<< HEAD\n"a": 1\n=======\n"a": 2\n>>>>>>> x\n}\n']) {
    writeFileSync(join(cwd, '.yo-rc.json'), text);
    const r = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', out], { cwd });
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).toContain(`error: ${join(cwd, '.yo-rc.json')} (in the current folder, not the destination) is not valid: line `);
    expect(r.code).toBe(2);
    expect(readdirSync(out)).toEqual([]);
    expect(existsSync(join(cwd, 'bot'))).toBe(false);
  }
}, 60_000);

test("the staging's digest of a folder holding a name that is not UTF-8: computed, and it follows the contents", () => {
  const dir = join(tmp, 'digest');
  mkdirSync(dir);
  writeFileSync(join(dir, 'plain.txt'), 'a');
  const plain = contentHash(dir);
  const bad = badName(dir, 'x', '.txt');
  writeFileSync(bad, 'one');
  const one = contentHash(dir);
  writeFileSync(bad, 'two');
  expect(new Set([plain, one, contentHash(dir)]).size).toBe(3);
});
