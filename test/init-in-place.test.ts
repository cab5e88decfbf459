/**
 * `pipecat init [DIRECTORY]` (issue 12): the project written into DIRECTORY itself, its name
 * defaulting to the folder's name; repository, agent and editor files kept; a file the project
 * would write refused with nothing written; signals leave the folder as it was; what a SIGKILL
 * leaves is cleaned up by the next run (the staging module, generators/app/staging/staging.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, makeTempDir, readTree, removeDir, runCli, childEnv } from './helpers/cli.js';
import {
  STAGING_PREFIX,
  beginStaging,
  contentHash,
  folderIdentity,
  sweepStale,
  type StagingJournal,
} from '../generators/app/staging/staging.js';

/** A complete configuration but for the name (realtime: the fewest flags). */
const REST = ['-t', 'daily', '-m', 'realtime', '--realtime', 'openai_realtime'];
const PROJECT_FILES = ['.gitignore', '.pipecat', '.yo-rc.json', 'AGENTS.md', 'CLAUDE.md', 'README.md', 'server'];

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-in-place-');
});
afterAll(() => removeDir(tmp));

/** A fresh folder under the suite's temp dir, with the given files (relative path → content). */
function folder(name: string, files: Record<string, string> = {}): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  return dir;
}

/** Every file below `dir` with its content, for before/after comparisons. */
function snapshot(dir: string): Record<string, string> {
  return readTree(dir);
}

describe('pipecat init DIRECTORY', () => {
  test('an empty folder: `init .` writes the project there, named after the folder, asking nothing', () => {
    const dir = folder('voice-bot');
    const r = runCli(['init', '.', ...REST], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(PROJECT_FILES);
    expect(readFileSync(join(dir, 'server', 'pcc-deploy.toml'), 'utf8')).toContain('agent_name = "voice-bot"');
    expect(r.stdout).toContain('Created voice-bot in the current directory');
    expect(r.stdout).toContain('  cd server\n');
    // The folder itself was not replaced (a shell standing in it keeps working).
    expect(readdirSync(dir).some((n) => n.startsWith(STAGING_PREFIX))).toBe(false);
  });

  test('.git, CLAUDE.md, AGENTS.md and editor folders are kept as they were (the guides say so)', () => {
    const kept = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': 'my rules\n',
      'AGENTS.md': 'my agents\n',
      '.vscode/settings.json': '{}\n',
      '.idea/x.xml': '<x/>\n',
      '.cursor/rules': 'r\n',
      '.claude/settings.json': '{}\n',
    };
    const dir = folder('kept', kept);
    const r = runCli(['init', dir, ...REST]);
    expect(r.code).toBe(0);
    const after = snapshot(dir);
    for (const [rel, content] of Object.entries(kept)) expect(after[rel]).toBe(content);
    expect(Object.keys(after)).toEqual(expect.arrayContaining(['server/bot.py', 'README.md', '.gitignore', '.yo-rc.json']));
    expect(r.stderr).toContain('kept your AGENTS.md, CLAUDE.md (--overwrite-guide replaces them with ours)');
  });

  test('a missing folder is created, with its parents; --name overrides the folder name', () => {
    const r = runCli(['init', join(tmp, 'new', 'deeper', 'bot'), '-n', 'other-name', ...REST]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(tmp, 'new', 'deeper', 'bot', 'server', 'pcc-deploy.toml'), 'utf8')).toContain('agent_name = "other-name"');
  });

  test('files the project would write are refused, each named, with nothing written', () => {
    const dir = folder('clash', { 'README.md': 'mine\n', '.gitignore': 'node_modules\n', 'server/notes.txt': 'n\n', 'keep.txt': 'k\n' });
    const before = snapshot(dir);
    const r = runCli(['init', dir, ...REST]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${dir} already has`);
    for (const name of ['README.md', '.gitignore', 'server/']) expect(r.stderr).toContain(name);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(dir).some((n) => n.startsWith(STAGING_PREFIX))).toBe(false);
  });

  test('a generated project is pointed to the update command', () => {
    const dir = folder('twice');
    expect(runCli(['init', dir, ...REST]).code).toBe(0);
    const before = snapshot(dir);
    const r = runCli(['init', dir, ...REST]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already holds a generated project (.yo-rc.json)');
    expect(r.stderr).toContain('pipecat update');
    expect(snapshot(dir)).toEqual(before);
  });

  test('DIRECTORY with --output, and a folder name that is no project name, are errors naming the flag', () => {
    const both = runCli(['init', join(tmp, 'x'), '-o', tmp, ...REST]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--output');
    const bad = folder('has space');
    const r = runCli(['init', bad, ...REST]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name: the directory\'s name "has space" is not a valid project name');
    expect(readdirSync(bad)).toEqual([]);
    // With --name the same folder is fine.
    expect(runCli(['init', bad, '-n', 'spaced', ...REST]).code).toBe(0);
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  });

  test('a regular file, a dangling link and a path below a file are refused with one line', () => {
    writeFileSync(join(tmp, 'plain-file'), 'x');
    symlinkSync(join(tmp, 'nowhere'), join(tmp, 'dangling'));
    const cases: [string, RegExp][] = [
      [join(tmp, 'plain-file'), /exists and is not a directory/],
      [join(tmp, 'dangling'), /symbolic link to nothing/],
      [join(tmp, 'plain-file', 'sub'), /is below .*plain-file, which is a file, not a folder/],
    ];
    for (const [dir, message] of cases) {
      const r = runCli(['init', dir, '-n', 'named', ...REST]);
      expect({ dir, code: r.code, line: message.test(r.stderr), trace: /\n\s+at /.test(r.stderr) }).toEqual({
        dir,
        code: 2,
        line: true,
        trace: false,
      });
    }
  });

  test.each(['SIGINT', 'SIGTERM'] as const)(
    '%s at any moment leaves the folder as it was (or the project complete)',
    async (signal) => {
      for (const delay of [150, 400, 700, 1000, 1400]) {
        const dir = folder(`sig-${signal}-${delay}`, { '.git/HEAD': 'ref\n', 'CLAUDE.md': 'rules\n' });
        const before = snapshot(dir);
        const env = childEnv();
        const child = spawn(process.execPath, [BIN, 'init', dir, ...REST], { env, stdio: 'ignore' });
        // Listen from the start: a fast run may end before the signal is sent.
        const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (c, sig) => r([c, sig])));
        await new Promise((r) => setTimeout(r, delay));
        child.kill(signal);
        const [code, killedBy] = await exited;
        const after = snapshot(dir);
        // Exit 0, or a signal after the commit (the project is complete, its handlers released).
        if (code === 0 || (killedBy === signal && 'server/bot.py' in after)) {
          expect(Object.keys(after)).toEqual(expect.arrayContaining(['server/bot.py', 'README.md', '.yo-rc.json']));
        } else {
          // 130 (SIGINT) or 143 (SIGTERM) from our handlers, or the signal itself when it came before node had started.
          const expected = signal === 'SIGINT' ? 130 : 143;
          expect({ delay, interrupted: code === expected || killedBy === signal, after }).toEqual({
            delay,
            interrupted: true,
            after: before,
          });
        }
        expect(readdirSync(dir).some((n) => n.startsWith(STAGING_PREFIX))).toBe(false);
      }
    },
    180_000,
  );

  test('after SIGKILL at any moment, the next run cleans up and works (or finds the finished project)', async () => {
    for (const delay of [300, 800, 1300, 1800]) {
      const dir = folder(`kill-${delay}`, { 'AGENTS.md': 'mine\n' });
      const env = childEnv();
      const child = spawn(process.execPath, [BIN, 'init', dir, ...REST], { env, stdio: 'ignore' });
      const exited = new Promise((r) => child.on('exit', r)); // a fast run may end before the kill
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await exited;
      const again = runCli(['init', dir, ...REST]);
      const finished = again.code === 2 && again.stderr.includes('.yo-rc.json');
      expect({ delay, ok: again.code === 0 || finished, stderr: again.code === 0 || finished ? '' : again.stderr }).toEqual({
        delay,
        ok: true,
        stderr: '',
      });
      expect(readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
      expect(readFileSync(join(dir, 'AGENTS.md'), 'utf8')).toBe('mine\n');
    }
  }, 240_000);
});

describe('agent guides, the coding-agent path and the quickstart', () => {
  test('every project has AGENTS.md (naming where each service is built) and CLAUDE.md pointing to it', () => {
    const dir = folder('guided');
    expect(
      runCli(['init', dir, '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'anthropic_llm', '--tts', 'elevenlabs_tts'])
        .code,
    ).toBe(0);
    expect(readFileSync(join(dir, 'CLAUDE.md'), 'utf8')).toBe('@AGENTS.md\n');
    const agents = readFileSync(join(dir, 'AGENTS.md'), 'utf8');
    for (const s of [
      '`stt = DeepgramSTTService(…)`',
      '`llm = AnthropicLLMService(…)`',
      '`tts = ElevenLabsTTSService(…)`',
      'uv run bot.py -t twilio',
      'pipecat cloud secrets set guided-secrets',
      'https://docs.pipecat.ai',
    ]) {
      expect(agents).toContain(s);
    }
    // The sections the issue asks for, in order: layout, running locally and on Pipecat Cloud, where
    // each service is built and how to change one, testing (evals), Pipecat's docs.
    const sections = [...agents.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual([
      'Layout',
      'Run it locally',
      'Deploy to Pipecat Cloud',
      'Where each service is built, and how to change one',
      'Test it',
      'Pipecat documentation',
    ]);
    for (const s of ['| `server/bot.py` |', 'pipecat update --tts elevenlabs_tts', '`pipecat update --eval` adds starter scenarios']) {
      expect(agents).toContain(s);
    }
    // Each class it names is really what bot.py builds.
    const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    for (const cls of ['DeepgramSTTService(', 'AnthropicLLMService(', 'ElevenLabsTTSService(']) expect(bot).toContain(cls);
  });

  test('an existing guide is kept; --overwrite-guide replaces it, and only it', () => {
    const kept = folder('keep-guide', { 'CLAUDE.md': 'my own\n' });
    // Neither the dry run nor the run's `create` lines claim the kept guide; the note says it is kept.
    const dry = runCli(['init', kept, ...REST, '--dry-run']);
    expect(JSON.parse(dry.stdout).derived.files).toEqual(expect.arrayContaining(['AGENTS.md', 'README.md']));
    expect(JSON.parse(dry.stdout).derived.files).not.toContain('CLAUDE.md');
    const r = runCli(['init', kept, ...REST]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/create AGENTS\.md/);
    expect(r.stderr).not.toMatch(/create CLAUDE\.md/);
    expect(r.stderr).toContain('kept your CLAUDE.md (--overwrite-guide replaces it with ours)');
    expect(readFileSync(join(kept, 'CLAUDE.md'), 'utf8')).toBe('my own\n');
    const replaced = folder('replace-guide', { 'CLAUDE.md': 'my own\n', 'notes.md': 'n\n' });
    expect(runCli(['init', replaced, ...REST, '--overwrite-guide']).code).toBe(0);
    expect(readFileSync(join(replaced, 'CLAUDE.md'), 'utf8')).toBe('@AGENTS.md\n');
    expect(readFileSync(join(replaced, 'notes.md'), 'utf8')).toBe('n\n');
  });

  test('--coding-agent writes the guides and GETTING_STARTED.md, no bot; a re-run keeps them unless --overwrite-guide', () => {
    const dir = join(tmp, 'agent-built');
    const r = runCli(['init', dir, '--coding-agent']);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['AGENTS.md', 'CLAUDE.md', 'GETTING_STARTED.md']);
    expect(readFileSync(join(dir, 'AGENTS.md'), 'utf8')).toContain('pipecat init . --transport');
    expect(r.stdout).toContain('GETTING_STARTED.md');
    writeFileSync(join(dir, 'AGENTS.md'), 'edited\n');
    expect(runCli(['init', dir, '--coding-agent']).code).toBe(0);
    expect(readFileSync(join(dir, 'AGENTS.md'), 'utf8')).toBe('edited\n');
    expect(runCli(['init', dir, '--coding-agent', '--overwrite-guide']).code).toBe(0);
    expect(readFileSync(join(dir, 'AGENTS.md'), 'utf8')).toContain('# AGENTS.md');
    // The agent then scaffolds in place: the guides stay, the bot arrives.
    expect(runCli(['init', '.', ...REST], { cwd: dir }).code).toBe(0);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['server', 'GETTING_STARTED.md', 'AGENTS.md']));
  });

  test('`pipecat init quickstart` writes the preset into ./pipecat-quickstart, asking nothing', () => {
    const cwd = folder('qs');
    const r = runCli(['init', 'quickstart'], { cwd });
    expect(r.code).toBe(0);
    const rc = JSON.parse(readFileSync(join(cwd, 'pipecat-quickstart', '.yo-rc.json'), 'utf8'))['generator-pipecat'];
    expect([rc.project_name, rc.transports, rc.stt_service, rc.llm_service, rc.tts_service, rc.deploy_to_cloud]).toEqual([
      'pipecat-quickstart',
      ['smallwebrtc', 'daily'],
      'deepgram_stt',
      'openai_responses_llm',
      'cartesia_tts',
      true,
    ]);
    expect(readdirSync(join(cwd, 'pipecat-quickstart'))).toEqual(expect.arrayContaining(['AGENTS.md', 'CLAUDE.md', 'server']));
  });
});

describe('the staging module', () => {
  /** The pid of a process that has exited. */
  function deadPid(): number {
    return spawnSync(process.execPath, ['-e', '0']).pid!;
  }

  test("a dead run's half-done in-place commit is undone; a live run's folder is left alone", () => {
    const dir = folder('half-done', { 'AGENTS.md': 'mine\n' });
    // A run killed after moving `server/` into place, before README.md.
    mkdirSync(join(dir, 'server'));
    writeFileSync(join(dir, 'server', 'bot.py'), 'x');
    const dead = join(dir, `${STAGING_PREFIX}1-dead`);
    mkdirSync(join(dead, 'project'), { recursive: true });
    writeFileSync(join(dead, 'project', 'README.md'), 'r');
    const journal: StagingJournal = {
      pid: deadPid(),
      host: hostname(),
      started: Date.now(),
      target: dir,
      created: [],
      moved: [{ path: join(dir, 'server'), sha256: contentHash(join(dir, 'server')) }],
      replaced: [],
      committed: false,
      identity: folderIdentity(dead),
    };
    writeFileSync(join(dead, 'journal.json'), JSON.stringify(journal));
    // A live run (this process) staging beside it.
    const live = join(dir, `${STAGING_PREFIX}2-live`);
    mkdirSync(live);
    writeFileSync(join(live, 'journal.json'), JSON.stringify({ ...journal, pid: process.pid, moved: [] }));
    // And a finished run that died before removing its folder: the project stays.
    const finished = join(dir, `${STAGING_PREFIX}3-done`);
    mkdirSync(finished);
    writeFileSync(
      join(finished, 'journal.json'),
      JSON.stringify({
        ...journal,
        moved: [{ path: join(dir, 'AGENTS.md'), sha256: contentHash(join(dir, 'AGENTS.md')) }],
        committed: true,
        identity: folderIdentity(finished),
      }),
    );

    expect(sweepStale(dir).sort()).toEqual([dead, finished].sort());
    expect(readdirSync(dir).sort()).toEqual([`${STAGING_PREFIX}2-live`, 'AGENTS.md']);
  });

  test('a run killed before its journal was saved: its folder goes when the pid in its name is dead, not while it runs', () => {
    // The state a SIGKILL leaves between beginStaging's mkdirs and its first journal save (the
    // e2e SIGKILL fuzz caught it: every later run left the folder alone for an hour).
    const dir = folder('no-journal');
    const dead = join(dir, `${STAGING_PREFIX}${deadPid()}-0badc0de`);
    mkdirSync(join(dead, 'project'), { recursive: true });
    const live = join(dir, `${STAGING_PREFIX}${process.pid}-0badc0de`);
    mkdirSync(join(live, 'project'), { recursive: true });
    expect(sweepStale(dir)).toEqual([dead]);
    expect(readdirSync(dir)).toEqual([`${STAGING_PREFIX}${process.pid}-0badc0de`]);
  });

  test('a run killed between creating the output folders and the rename: the next run (the binary) removes them, even a dry run', () => {
    // The state a SIGKILL leaves in that window: the staging folder in the nearest folder that
    // existed, and the empty output folders its commit had created and recorded.
    const place = folder('killed-new');
    const out = join(place, 'out');
    const seed = (): void => {
      const dead = join(place, `${STAGING_PREFIX}1-dead`);
      mkdirSync(join(dead, 'project', 'server'), { recursive: true });
      writeFileSync(join(dead, 'project', 'README.md'), 'r');
      mkdirSync(join(out, 'sub'), { recursive: true });
      const journal: StagingJournal = {
        pid: deadPid(),
        host: hostname(),
        started: Date.now(),
        target: join(out, 'sub', 'p'),
        created: [out, join(out, 'sub')],
        moved: [],
        replaced: [],
        committed: false,
        identity: folderIdentity(dead),
      };
      writeFileSync(join(dead, 'journal.json'), JSON.stringify(journal));
    };
    seed();
    const dry = runCli(['init', '-n', 'q', ...REST, '-o', join(out, 'sub'), '--dry-run']);
    expect({ code: dry.code, left: readdirSync(place) }).toEqual({ code: 0, left: [] });
    seed();
    const real = runCli(['init', '-n', 'q', ...REST, '-o', join(out, 'sub')]);
    expect({ code: real.code, stderr: real.code === 0 ? '' : real.stderr }).toEqual({ code: 0, stderr: '' });
    expect(readdirSync(place)).toEqual(['out']);
    expect(readdirSync(join(out, 'sub'))).toEqual(['q']);
    expect(readdirSync(join(out, 'sub', 'q')).sort()).toEqual(PROJECT_FILES);
  });

  test('a new project: nothing exists before the commit; the commit creates the parents; abort removes them', () => {
    const target = join(tmp, 'staged', 'a', 'b');
    const s = beginStaging(target, { handleSignals: false });
    expect(existsSync(join(tmp, 'staged'))).toBe(false);
    writeFileSync(join(s.dir, 'f.txt'), 'x');
    s.commit();
    expect(readFileSync(join(target, 'f.txt'), 'utf8')).toBe('x');
    expect(readdirSync(tmp).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
    const other = beginStaging(join(tmp, 'staged2', 'c'), { handleSignals: false });
    writeFileSync(join(other.dir, 'f.txt'), 'x');
    other.abort();
    expect(existsSync(join(tmp, 'staged2'))).toBe(false);
    expect(readdirSync(tmp).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
  });

  test('commitMerge (for update): staged files replace theirs file by file, folders are created, removals done; a failure undoes it all', () => {
    const dir = folder('merge', { 'keep.txt': 'k', 'server/bot.py': 'old bot', 'server/gone.py': 'old', 'README.md': 'old readme' });
    const before = snapshot(dir);
    const s = beginStaging(dir, { handleSignals: false });
    s.write('server/bot.py', 'new bot');
    s.write('server/evals/a.yaml', 'eval');
    s.commitMerge({ remove: ['server/gone.py', 'missing.txt'] });
    expect(snapshot(dir)).toEqual({
      'keep.txt': 'k',
      'server/bot.py': 'new bot',
      'server/evals/a.yaml': 'eval',
      'README.md': 'old readme',
    });
    expect(readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);

    // `README.md/x` cannot be written (README.md is a file): the merge stops and everything is put back.
    const again = folder('merge-fail', before);
    const f = beginStaging(again, { handleSignals: false });
    f.write('server/bot.py', 'new bot');
    f.write('server/evals/a.yaml', 'eval');
    f.write('zz/README.md', 'x');
    writeFileSync(join(again, 'zz'), 'a file where the merge wants a folder');
    expect(() => f.commitMerge({ remove: ['server/gone.py'] })).toThrow(/cannot write/);
    expect(snapshot(again)).toEqual({ ...before, zz: 'a file where the merge wants a folder' });
    expect(readdirSync(again).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
  });

  test('a process that exits while staged (an error, not a signal) removes its staging folder', () => {
    const dir = folder('exit-hook');
    const staging = join(ROOT, 'dist', 'generators', 'app', 'staging', 'staging.js');
    const script = `import { beginStaging } from ${JSON.stringify(staging)}; const s = beginStaging(${JSON.stringify(join(dir, 'p'))}); s.write('a.txt', 'x'); console.log(s.dir); process.exitCode = 1;`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(STAGING_PREFIX); // it did stage
    expect(readdirSync(dir)).toEqual([]);
  });

  test('an entry that appears in the target while staging makes the commit undo its moves', () => {
    const dir = folder('race', { 'keep.txt': 'k' });
    const s = beginStaging(dir, { handleSignals: false });
    expect(s.inPlace).toBe(true);
    mkdirSync(join(s.dir, 'a'));
    writeFileSync(join(s.dir, 'z.txt'), 'mine');
    writeFileSync(join(dir, 'z.txt'), 'theirs');
    expect(() => s.commit()).toThrow(/z\.txt appeared while generating/);
    expect(readdirSync(dir).sort()).toEqual(['keep.txt', 'z.txt']);
    expect(readFileSync(join(dir, 'z.txt'), 'utf8')).toBe('theirs');
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});
