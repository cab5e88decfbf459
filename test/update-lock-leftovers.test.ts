/**
 * A run of `pipecat update` killed between writing its own lock file and linking it leaves
 * `.pipecat/update.lock.<pid>.tmp` (or `.stale`, when killed while removing a dead lock): the next
 * update (and its dry run) removes those of a pid that no longer runs, through the real binary,
 * and keeps those of a running process or of another host.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { WEB_ARGS, makeTempDir, removeDir, runCli } from './helpers/cli.js';

let tmp: string;
let pristine: string;
/** The pids of two processes that have ended (pids are not reused before they wrap around). */
let deadPid: number;
let deadPid2: number;
beforeAll(() => {
  tmp = makeTempDir('pipecat-lock-left-');
  const r = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]);
  expect(r.code).toBe(0);
  pristine = join(tmp, 'pristine', 'bot');
  deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
  deadPid2 = spawnSync(process.execPath, ['-e', '0']).pid!;
});
afterAll(() => removeDir(tmp));

/** A copy of the project with leftovers planted in `.pipecat/`. */
function planted(name: string): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  const owner = (pid: number, host = hostname()) => JSON.stringify({ pid, host, started: Date.now() - 5000 }) + '\n';
  writeFileSync(join(dir, '.pipecat', `update.lock.${deadPid}.tmp`), owner(deadPid));
  writeFileSync(join(dir, '.pipecat', `update.lock.${deadPid2}.stale`), owner(deadPid2));
  writeFileSync(join(dir, '.pipecat', `update.lock.${process.pid}.tmp`), owner(process.pid)); // a running process
  writeFileSync(join(dir, '.pipecat', `update.lock.${deadPid}7.tmp`), owner(Number(`${deadPid}7`), 'elsewhere.example'));
  return dir;
}

const leftovers = (dir: string) =>
  readdirSync(join(dir, '.pipecat'))
    .filter((n) => n.startsWith('update.lock'))
    .sort();

test.each([
  ['update', ['update', '--tts', 'elevenlabs_tts']],
  ['update --dry-run', ['update', '--dry-run']],
])(
  '%s removes the leftovers of a dead run, and only those',
  (name, args) => {
    const dir = planted(name.replace(/\W+/g, '-'));
    const r = runCli(args, { cwd: dir });
    expect({ code: r.code, internal: r.stderr.includes('internal error') }).toEqual({ code: 0, internal: false });
    expect(r.stderr.replace(/\s*\n\s*/g, ' ')).toContain(
      `update.lock.${deadPid}.tmp, left by an update that is no longer running (pid ${deadPid})`,
    );
    const expected = [`update.lock.${process.pid}.tmp`, `update.lock.${deadPid}7.tmp`];
    expect(leftovers(dir)).toEqual(expected.sort());
    expect(existsSync(join(dir, '.pipecat', 'update.lock'))).toBe(false);
  },
  60_000,
);
