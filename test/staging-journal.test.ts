/**
 * A planted staging journal is not obeyed (issue 23, first part): the recovery of a dead run acts
 * only on staging folders the current user owns, and only when every path the journal names lies
 * where that run could have written (`journalRefusal` in generators/app/staging.ts). Through the
 * binary: `pipecat init` below a folder holding a forged journal leaves the file it names, and
 * the forged folder, alone. The generated `.gitignore` ignores staging folders.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { makeTempDir, removeDir, runCli } from './helpers/cli.js';
import { STAGING_PREFIX, journalRefusal, type StagingJournal } from '../generators/app/staging.js';

const REST = ['-b', 'web', '-t', 'daily', '-m', 'realtime', '--realtime', 'openai_realtime', '--no-deploy-to-cloud'];
const tmp = makeTempDir('pipecat-journal-');
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

/** Plant `<folder>/.pipecat-staging-<pid>-forged/journal.json` with a dead owner on this host. */
function plant(folder: string, journal: Partial<StagingJournal>): string {
  const pid = deadPid();
  const dir = join(folder, `${STAGING_PREFIX}${pid}-forged`);
  mkdirSync(join(dir, 'replaced'), { recursive: true });
  const full: StagingJournal = {
    pid,
    host: hostname(),
    started: 0,
    target: folder,
    created: [],
    moved: [],
    replaced: [],
    committed: false,
    ...journal,
  };
  writeFileSync(join(dir, 'journal.json'), JSON.stringify(full));
  return dir;
}

describe('recovery refuses a journal it did not write', () => {
  test('a journal naming a file outside the folder it sits in leaves that file and itself alone', () => {
    const victim = join(makeTempDir('pipecat-victim-'), 'precious.txt');
    writeFileSync(victim, 'mine\n');
    const shared = join(tmp, 'shared');
    mkdirSync(shared);
    const forged = plant(shared, { target: join(shared, 'x'), moved: [victim] });
    const r = runCli(['init', '-n', 'bot', ...REST, '-o', join(shared, 'bot')]);
    expect(r.code).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(r.stderr.match(/warning: left .* alone: .*/g)).toEqual([
      `warning: left ${forged} alone: it names ${victim} outside ${join(shared, 'x')}`,
    ]);
    expect(existsSync(forged)).toBe(true);
    expect(readFileSync(join(shared, 'bot', 'bot', '.gitignore'), 'utf8')).toContain('.pipecat-staging-*/');
    removeDir(join(victim, '..'));
  });

  test('journalRefusal accepts what a run writes and names what it could not have', () => {
    const folder = '/p';
    const dir = '/p/.pipecat-staging-1-a';
    const ok: StagingJournal = {
      pid: 1,
      host: 'h',
      started: 0,
      target: '/p/bot',
      created: ['/p/bot'],
      moved: ['/p/bot', '/p/bot/server/bot.py'],
      replaced: [{ path: '/p/bot/README.md', backup: `${dir}/replaced/0` }],
      committed: false,
    };
    expect(journalRefusal(folder, dir, ok)).toBeUndefined();
    expect(journalRefusal(folder, dir, { ...ok, target: '/etc' })).toBe('it names /etc outside /p');
    expect(journalRefusal(folder, dir, { ...ok, moved: ['/p/bot/../../root/x'] })).toBe('it names /p/bot/../../root/x outside /p/bot');
    expect(journalRefusal(folder, dir, { ...ok, replaced: [{ path: '/p/bot/a', backup: '/root/.ssh/id' }] })).toBe(
      `it names /root/.ssh/id outside ${dir}`,
    );
    expect(journalRefusal(folder, dir, { ...ok, created: ['relative'] })).toBe('it names relative outside /p');
    expect(journalRefusal(folder, dir, { ...ok, moved: 'x' } as unknown as StagingJournal)).toBe('it is not a journal this tool writes');
  });

  (process.getuid?.() === 0 ? test : test.skip)(
    "a staging folder another user owns is never acted on, even when its journal names only its own folder's files",
    () => {
      const shared = join(tmp, 'sticky');
      mkdirSync(shared);
      const theirs = join(shared, 'theirs.txt');
      writeFileSync(theirs, 'theirs\n');
      const forged = plant(shared, { target: shared, moved: [theirs] });
      chownSync(forged, 4242, 4242);
      const r = runCli(['init', '-n', 'bot', ...REST, '-o', join(shared, 'bot')]);
      expect(r.code).toBe(0);
      expect(readFileSync(theirs, 'utf8')).toBe('theirs\n');
      expect(existsSync(forged)).toBe(true);
    },
  );
});
