/**
 * The real `pipecat init` wizard in a pseudo-terminal (tmux): answered key by key it writes the
 * same project as the flags; Ctrl-C or Esc midway writes nothing and exits 130; `--dry-run`
 * prints the configuration and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, makeTempDir, removeDir, runCli, readBytes } from '../helpers/cli.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

const HAVE_TMUX = tmuxAvailable();
if (!HAVE_TMUX) process.stderr.write('wizard-tty.test.ts: tmux is not installed; the terminal tests are skipped\n');
const maybe = HAVE_TMUX ? describe : describe.skip;

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-tty-');
});
afterAll(() => removeDir(tmp));

/**
 * Start `pipecat init <args>` in a fresh terminal; the exit code lands in `<dir>/exit`.
 *
 * @param name a folder name for this run under the suite's temp dir
 * @param args arguments after `init`
 */
function startWizard(name: string, args: string): { session: TmuxSession; dir: string; exitFile: string } {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const exitFile = join(dir, 'exit');
  const session = new TmuxSession(dir);
  session.run(`node ${JSON.stringify(BIN)} init ${args}`, { cwd: dir, env: terminalEnv(), exitFile });
  return { session, dir, exitFile };
}

maybe('the wizard in a terminal', () => {
  test('every step answered with keystrokes writes the same project as the flags', async () => {
    mkdirSync(join(tmp, 'full', 'out', 'taken'), { recursive: true });
    writeFileSync(join(tmp, 'full', 'out', 'taken', 'keep.txt'), 'mine');
    const { session, dir, exitFile } = startWizard('full', '-o out');
    try {
      await session.waitFor('? Project name');
      session.type('../bad');
      session.keys('Enter');
      await session.waitFor('Project name must be a plain directory name'); // asked again
      session.keys('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
      session.type('taken');
      session.keys('Enter');
      await session.waitFor('taken already exists and is not empty'); // the same rule as --name, asked again
      session.keys('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
      session.type('tty-bot');
      session.keys('Enter');
      await session.waitFor('? Bot type and client');
      session.keys('Up', 'Up', 'Enter'); // from the default (React + Vite) up to "Phone bot"
      await session.waitFor('? Transports');
      // Twilio is preselected: unselect it, pick Twilio + Daily SIP and SmallWebRTC (last).
      session.keys('Space', 'Down', 'Space', 'Down', 'Down', 'Down', 'Down', 'Down', 'Down', 'Space', 'Enter');
      await session.waitFor('? Twilio + Daily SIP: call direction');
      session.keys('Down', 'Enter'); // dial-out
      await session.waitFor('? Pipeline mode');
      session.keys('Enter'); // cascade
      await session.waitFor('? Speech-to-text (STT) service');
      session.type('assembly');
      await session.waitFor(/› assembly\n/);
      session.keys('Enter');
      await session.waitFor('? LLM service');
      session.type('anthropic');
      await session.waitFor(/› anthropic\n/);
      session.keys('Enter');
      await session.waitFor('? Text-to-speech (TTS) service');
      session.type('elevenlabs');
      await session.waitFor(/› elevenlabs\n/);
      session.keys('Enter');
      await session.waitFor('? Record each call');
      session.type('y');
      await session.waitFor('? Log the conversation transcript');
      session.type('n');
      await session.waitFor('? Observability');
      session.keys('Enter'); // default: no
      await session.waitFor('? Deployment');
      session.keys('Up', 'Enter'); // local only: no noise-cancellation question
      await session.waitFor('? Evals');
      session.keys('Enter'); // default: no
      const summary = await session.waitFor('? Generate this project?');
      expect(summary).toContain('Twilio + Daily SIP (dial-out), SmallWebRTC');
      expect(summary).toContain('cascade: AssemblyAI → Anthropic Claude → ElevenLabs');
      expect(summary).toMatch(/Features\s+recording\n/);
      expect(summary).toMatch(/Deployment\s+local only/);
      expect(summary).not.toContain('Krisp noise cancellation on Pipecat Cloud?');
      session.keys('Enter');
      expect((await session.waitForFile(exitFile)).trim()).toBe('0');
      const screen = session.screen();
      expect(screen).toContain('Next steps:');

      const flags = runCli([
        'init',
        '-n',
        'tty-bot',
        '-b',
        'telephony',
        '-t',
        'twilio_daily_sip',
        '--twilio-daily-sip-mode',
        'dial-out',
        '-t',
        'smallwebrtc',
        '-m',
        'cascade',
        '--stt',
        'assemblyai_stt',
        '--llm',
        'anthropic_llm',
        '--tts',
        'elevenlabs_tts',
        '--recording',
        '--no-deploy-to-cloud',
        '-o',
        join(dir, 'flags'),
      ]);
      expect(flags.code).toBe(0);
      expect(readBytes(join(dir, 'out', 'tty-bot'))).toEqual(readBytes(join(dir, 'flags', 'tty-bot')));
      expect(readdirSync(join(dir, 'out')).sort()).toEqual(['taken', 'tty-bot']); // no staging folder left
      expect(readdirSync(join(dir, 'out', 'taken'))).toEqual(['keep.txt']);
    } finally {
      session.kill();
    }
  });

  test('Ctrl-C midway: one line "cancelled", exit 130, nothing written', async () => {
    const { session, dir, exitFile } = startWizard('ctrl-c', '-o out');
    try {
      await session.waitFor('? Project name');
      session.type('stopped');
      session.keys('Enter');
      await session.waitFor('? Bot type and client');
      session.keys('Enter');
      await session.waitFor('? Transports');
      session.keys('C-c');
      expect((await session.waitForFile(exitFile)).trim()).toBe('130');
      const screen = session.screen();
      expect(screen).toMatch(/^cancelled$/m);
      expect(screen).not.toContain('error');
      expect(existsSync(join(dir, 'out'))).toBe(false);
    } finally {
      session.kill();
    }
  });

  test('Esc in a searchable list cancels too (exit 130, nothing written)', async () => {
    const { session, dir, exitFile } = startWizard('esc', '-o out -b web --client-framework none -t smallwebrtc -m cascade');
    try {
      await session.waitFor('? Project name');
      session.keys('Enter');
      await session.waitFor('? Speech-to-text (STT) service'); // bot type, transport and mode came as flags
      expect(session.screen()).not.toContain('? Bot type and client');
      session.keys('Escape');
      expect((await session.waitForFile(exitFile)).trim()).toBe('130');
      expect(session.screen()).toMatch(/^cancelled$/m);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    } finally {
      session.kill();
    }
  });

  test('a search that matches nothing is asked again, never answered with the default', async () => {
    const { session, exitFile } = startWizard('nomatch', '--dry-run -o out -b web -t smallwebrtc --client-framework none -m cascade');
    try {
      await session.waitFor('? Project name');
      session.type('nomatch-bot');
      session.keys('Enter');
      await session.waitFor('? Speech-to-text (STT) service');
      session.type('zzzz');
      session.keys('Enter');
      await session.waitFor('nothing matches that search');
      // Asked again: a real search now picks its match.
      await session.waitFor(/Speech-to-text \(STT\) service[^\n]*\n(.|\n)*Speech-to-text \(STT\) service/);
      session.type('gladia');
      session.keys('Enter');
      for (const q of [
        '? LLM service',
        '? Text-to-speech',
        '? Record each call',
        '? Log the conversation',
        '? Video input',
        '? Video output',
        '? Observability',
        '? Deployment',
        '? Krisp noise cancellation',
        '? Evals',
        '? Generate this project?',
      ]) {
        await session.waitFor(q);
        session.keys('Enter');
      }
      expect((await session.waitForFile(exitFile)).trim()).toBe('0');
      expect(session.screen()).toContain('"stt_service": "gladia_stt"');
    } finally {
      session.kill();
    }
  });

  test('the wizard runs the Yeoman generator once: asking, writing and the commit are one run', async () => {
    const flags =
      '-o out -b web -t smallwebrtc --client-framework none -m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts --no-recording --no-transcription --no-video-input --no-video-output --no-observability --deploy-to-cloud --no-enable-noisecancel --no-eval';
    const dir = join(tmp, 'once');
    mkdirSync(dir, { recursive: true });
    const exitFile = join(dir, 'exit');
    const session = new TmuxSession(dir);
    // stderr goes to a file (the questions then draw on stdout, the terminal); the run lines are counted there.
    session.run(`node ${JSON.stringify(BIN)} init ${flags} 2> ${JSON.stringify(join(dir, 'stderr'))}`, {
      cwd: dir,
      env: terminalEnv({ PIPECAT_DEBUG_RUNS: '1' }),
      exitFile,
    });
    try {
      await session.waitFor('? Project name');
      session.type('once-bot');
      session.keys('Enter');
      await session.waitFor('? Generate this project?');
      session.keys('Enter');
      expect((await session.waitForFile(exitFile)).trim()).toBe('0');
      const stderr = readFileSync(join(dir, 'stderr'), 'utf8');
      expect(stderr.split('\n').filter((l) => l.startsWith('pipecat: debug: generator run'))).toEqual(['pipecat: debug: generator run 1']);
      const cli = runCli(['init', '-n', 'once-bot', ...flags.replace('-o out', `-o ${join(dir, 'cli')}`).split(' ')]);
      expect(cli.code).toBe(0);
      expect(readBytes(join(dir, 'out', 'once-bot'))).toEqual(readBytes(join(dir, 'cli', 'once-bot')));
    } finally {
      session.kill();
    }
  });

  test('--dry-run with the wizard prints the JSON and writes nothing', async () => {
    const { session, dir, exitFile } = startWizard('dry', '--dry-run -o out -b web -t smallwebrtc --client-framework none');
    try {
      await session.waitFor('? Project name');
      session.type('dry-bot');
      session.keys('Enter');
      for (const q of [
        '? Pipeline mode',
        '? Speech-to-text',
        '? LLM service',
        '? Text-to-speech',
        '? Record each call',
        '? Log the conversation',
        '? Video input',
        '? Video output',
        '? Observability',
        '? Deployment',
        '? Krisp noise cancellation',
        '? Evals',
        '? Generate this project?',
      ]) {
        await session.waitFor(q);
        session.keys('Enter'); // every default
      }
      expect((await session.waitForFile(exitFile)).trim()).toBe('0');
      const screen = session.screen();
      const json = screen.slice(screen.indexOf('\n{') + 1, screen.lastIndexOf('\n}') + 2);
      const doc = JSON.parse(json) as Record<string, unknown> & { derived: { files: string[] } };
      expect(doc).toMatchObject({
        project_name: 'dry-bot',
        bot_type: 'web',
        transports: ['smallwebrtc'],
        mode: 'cascade',
        stt_service: 'deepgram_stt',
        llm_service: 'openai_llm',
        tts_service: 'cartesia_tts',
        deploy_to_cloud: true,
        enable_noisecancel: false,
      });
      expect(doc.derived.files).toContain('.yo-rc.json');
      expect(existsSync(join(dir, 'out'))).toBe(false);
    } finally {
      session.kill();
    }
  });
});
