/**
 * `yo pipecat` (no options) runs the wizard through Yeoman's inquirer adapter, in a real terminal
 * (tmux), from a linked install: answered with Enter (the defaults), it writes the same project as
 * `pipecat init` with the wizard's default choices. Inside a generated project the same wizard
 * defaults to the recorded answers: Enter through it leaves the project as it was (issue 15).
 * Slow tier: `yo` itself takes seconds to start.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chownSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AWAY_FROM_DEFAULTS_ARGS, ROOT, makeTempDir, removeDir, runCli, readBytes, userDir } from '../helpers/cli.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

const maybe = tmuxAvailable() ? describe : describe.skip;
let tmp: string;

beforeAll(() => {
  tmp = makeTempDir('pipecat-yo-wizard-');
  if (process.getuid?.() === 0) chownSync(tmp, 1000, 1000);
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
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (npm.status !== 0) throw new Error(`npm install -g failed: ${npm.stderr}`);
});
afterAll(() => removeDir(tmp));

/**
 * Start `yo pipecat` from the linked install in a fresh terminal in `cwd`, as the user uid 1000
 * (yo downgrades root); its exit code lands in `exitFile`.
 */
function startYo(cwd: string, exitFile: string): TmuxSession {
  const session = new TmuxSession(tmp);
  const env = terminalEnv({ HOME: userDir(join(tmp, 'home')), npm_config_prefix: join(tmp, 'prefix') });
  session.run(JSON.stringify(join(ROOT, 'node_modules', '.bin', 'yo')) + ' pipecat', { cwd, env, exitFile });
  return session;
}

maybe('yo pipecat: the wizard under inquirer', () => {
  test('answered with the defaults, it writes what pipecat init writes for those choices', async () => {
    const out = userDir(join(tmp, 'out'));
    const exitFile = join(tmp, 'exit');
    const session = startYo(out, exitFile);
    try {
      await session.waitFor('? Project name', 60_000);
      session.type('yo-wiz');
      session.keys('Enter');
      const steps = [
        '? Bot type and client',
        '? Transports',
        '? Pipeline',
        '? Deployment',
        '? Customize the optional features',
        '? Generate this project?',
      ];
      for (const q of steps) {
        await session.waitFor(q);
        session.keys('Enter');
      }
      // On a terminal the install offer comes last (Inquirer's confirm): no.
      await session.waitFor('? Install the dependencies now?');
      session.type('n');
      session.keys('Enter');
      expect((await session.waitForFile(exitFile, 60_000)).trim()).toBe('0');
      expect(session.screen()).not.toContain('Installing in');
      expect(readdirSync(out)).toEqual(['yo-wiz']);
      // The create lines name the project's paths; the next steps are pipecat init's.
      const screen = session.screen();
      expect(screen).toMatch(/create server\/bot\.py/);
      expect(screen).not.toContain('.pipecat-staging-');
      expect(screen).toContain('Next steps:');
      expect(screen).toContain('cd yo-wiz/server');
      const cli = runCli([
        'init',
        '-n',
        'yo-wiz',
        '-b',
        'web',
        '--client-framework',
        'react',
        '--client-server',
        'vite',
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
        '-o',
        join(tmp, 'cli'),
      ]);
      expect(cli.code).toBe(0);
      expect(readBytes(join(out, 'yo-wiz'))).toEqual(readBytes(join(tmp, 'cli', 'yo-wiz')));
    } finally {
      session.kill();
    }
  });

  test.each([
    ['Ctrl-C', 'C-c'],
    ['Esc', 'Escape'],
  ])('%s in a question prints "cancelled" and exits 130, leaving nothing', async (label, key) => {
    const out = userDir(join(tmp, `out-cancel-${label}`));
    const exitFile = join(tmp, `exit-cancel-${label}`);
    const session = startYo(out, exitFile);
    try {
      await session.waitFor('? Project name', 60_000);
      session.type('cut');
      session.keys('Enter');
      await session.waitFor('? Bot type and client');
      session.keys(key);
      const code = (await session.waitForFile(exitFile, 60_000)).trim();
      expect({ code, screen: code === '130' ? '' : session.screen() }).toEqual({ code: '130', screen: '' });
      expect(session.screen()).toContain('cancelled');
      expect(readdirSync(out)).toEqual([]);
    } finally {
      session.kill();
    }
  });

  test('inside a generated project: the questions default to its recorded answers; Enter through them changes nothing', async () => {
    // Away from the wizard's own defaults (no client, two transports, AssemblyAI + Anthropic,
    // recording, local only): Enter must take the recorded answers, not the built-in ones.
    const cli = runCli(['init', '-n', 'yo-upd', ...AWAY_FROM_DEFAULTS_ARGS, '-o', userDir(join(tmp, 'upd'))]);
    expect(cli.code).toBe(0);
    const project = join(tmp, 'upd', 'yo-upd');
    // yo started as root runs as uid 1000 (downgrade-root): the project must be that user's.
    if (process.getuid?.() === 0) spawnSync('chown', ['-R', '1000:1000', project]);
    const before = readBytes(project);
    const bot = readFileSync(join(project, 'server', 'bot.py'), 'utf8');
    const exitFile = join(tmp, 'exit-upd');
    const session = startYo(join(project, 'server'), exitFile);
    try {
      const steps = [
        '? Bot type and client',
        '? Transports',
        '? Pipeline',
        '? Deployment',
        '? Customize the optional features',
        '? Generate this project?',
      ];
      for (const [i, q] of steps.entries()) {
        await session.waitFor(q, i === 0 ? 60_000 : 20_000);
        session.keys('Enter');
      }
      expect((await session.waitForFile(exitFile, 60_000)).trim()).toBe('0');
      const screen = session.screen();
      expect(screen).not.toContain('? Project name');
      expect(screen).not.toContain('? Install'); // an update offers no install
      expect(screen).toMatch(/recording\s+yes/); // the gate lists the recorded features it keeps
      // The answers taken with Enter, as the summary shows them: the recorded ones.
      expect(screen).toMatch(/Pipeline\s+cascade: AssemblyAI → Anthropic Claude → Cartesia/);
      expect(screen).toMatch(/Deployment\s+local only/);
      expect(readFileSync(join(project, 'server', 'bot.py'), 'utf8')).toBe(bot);
      expect(readBytes(project)).toEqual(before);
    } finally {
      session.kill();
    }
  });
});
