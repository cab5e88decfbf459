/**
 * The real `pipecat init` wizard in a pseudo-terminal (tmux): answered key by key it writes the
 * same project as the flags; Enter at every prompt asks at most 9 questions and its install offer
 * runs `uv sync` and `npm install` (stand-ins on PATH that record their argv and folder); "no"
 * installs nothing; Ctrl-U clears the name; a refused transport combination stays open with
 * pipecat's ids and no tick; Ctrl-C or Esc midway writes nothing and exits 130; `--dry-run`
 * prints the configuration and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, makeTempDir, removeDir, runCli, readBytes } from '../helpers/cli.js';
import { TmuxSession, terminalEnv, tmuxAvailable } from '../helpers/tmux.js';

const HAVE_TMUX = tmuxAvailable();
/** Every option but the name: the wizard then asks the name and the confirmation only. */
const ALL_BUT_NAME =
  '-b web -t smallwebrtc --client-framework none -m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts --no-recording --no-transcription --no-video-input --no-video-output --no-observability --deploy-to-cloud --no-enable-noisecancel --no-eval';
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
function startWizard(name: string, args: string): { session: TmuxSession; dir: string; exitFile: string; installs: string } {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const exitFile = join(dir, 'exit');
  const installs = join(dir, 'installs.log');
  const session = new TmuxSession(dir);
  const bin = standIns(join(dir, 'bin'), installs);
  session.run(`node ${JSON.stringify(BIN)} init ${args}`, {
    cwd: dir,
    env: terminalEnv({ PATH: `${bin}:${process.env.PATH ?? ''}` }),
    exitFile,
  });
  return { session, dir, exitFile, installs };
}

/**
 * Stand-in `uv` and `npm` (PyPI is unreachable here): each appends `<argv> | <cwd>` to `log`; like
 * the real tools, `uv sync` needs a pyproject.toml and `npm install` a package.json in the folder
 * it runs in (else it fails, as they do), and any other command fails.
 *
 * @returns the folder to put first on PATH
 */
function standIns(bin: string, log: string): string {
  mkdirSync(bin, { recursive: true });
  for (const [tool, command, manifest] of [
    ['uv', 'sync', 'pyproject.toml'],
    ['npm', 'install', 'package.json'],
  ]) {
    const script = [
      '#!/bin/sh',
      `echo "${tool} $* | $PWD" >> ${JSON.stringify(log)}`,
      `[ "$*" = "${command}" ] || { echo "${tool}: unexpected arguments: $*" >&2; exit 2; }`,
      `[ -f ${manifest} ] || { echo "${tool}: no ${manifest} in $PWD" >&2; exit 2; }`,
      `echo "${tool} ${command}: done (stand-in)"`,
    ].join('\n');
    writeFileSync(join(bin, tool), `${script}\n`);
    chmodSync(join(bin, tool), 0o755);
  }
  return bin;
}

/** Whether the last question on screen waits for an answer (prompts draws `? ` until answered, then `✔ `). */
function waiting(screen: string): boolean {
  const last = screen
    .split('\n')
    .filter((l) => l.startsWith('? ') || l.startsWith('✔ '))
    .pop();
  return !!last && last.startsWith('? ');
}

/**
 * Press Enter at every question until the command ends.
 *
 * @returns the questions answered, by their message
 */
async function enterAtEveryPrompt(session: TmuxSession, exitFile: string): Promise<string[]> {
  const asked: string[] = [];
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !(existsSync(exitFile) && readFileSync(exitFile, 'utf8') !== '')) {
    const screen = session.screen();
    if (waiting(screen)) {
      const line = screen
        .split('\n')
        .filter((l) => l.startsWith('? '))
        .pop()!;
      asked.push(line.slice(2).split(/ [›…(]/)[0]);
      session.keys('Enter');
      // Wait until that question is answered (its line turns into a tick) before looking again.
      while (
        Date.now() < deadline &&
        waiting(session.screen()) &&
        session
          .screen()
          .split('\n')
          .filter((l) => l.startsWith('? '))
          .pop() === line
      )
        await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await session.waitForFile(exitFile);
  return asked;
}

maybe('the wizard in a terminal', () => {
  test('every step answered with keystrokes writes the same project as the flags', async () => {
    mkdirSync(join(tmp, 'full', 'out', 'taken'), { recursive: true });
    writeFileSync(join(tmp, 'full', 'out', 'taken', 'keep.txt'), 'mine');
    const { session, dir, exitFile, installs } = startWizard('full', '-o out');
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
      await session.waitFor('? Pipeline');
      session.keys('Down', 'Enter'); // cascade, choosing each service
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
      await session.waitFor('? Deployment');
      session.keys('Up', 'Enter'); // local only: no noise-cancellation question
      await session.waitFor('? Customize the optional features?');
      session.type('y');
      await session.waitFor('? Record each call');
      session.type('y');
      await session.waitFor('? Log the conversation transcript');
      session.type('n');
      await session.waitFor('? Observability');
      session.keys('Enter'); // default: no
      await session.waitFor('? Evals');
      session.keys('Enter'); // default: no
      const summary = await session.waitFor('? Generate this project?');
      expect(summary).toContain('Twilio + Daily SIP (dial-out), SmallWebRTC');
      expect(summary).toContain('cascade: AssemblyAI → Anthropic Claude → ElevenLabs');
      expect(summary).toMatch(/Features\s+recording\n/);
      expect(summary).toMatch(/Deployment\s+local only/);
      expect(summary).not.toContain('Krisp noise cancellation on Pipecat Cloud?');
      session.keys('Enter');
      await session.waitFor('? Install the dependencies now? (`uv sync` in server/)'); // a phone bot has no client
      session.type('n');
      expect((await session.waitForFile(exitFile)).trim()).toBe('0');
      const screen = session.screen();
      expect(screen).toContain('Next steps:');
      expect(screen).not.toContain('Installing in');
      expect(existsSync(installs)).toBe(false); // "no": neither stand-in ran
      expect(screen).toMatch(/^ {2}uv sync$/m); // still to do

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
      await session.waitFor('? Pipeline'); // bot type, transport and mode came as flags: the services are asked
      expect(session.screen()).not.toContain('? Bot type and client');
      session.keys('Down', 'Enter'); // choosing each service
      await session.waitFor('? Speech-to-text (STT) service');
      session.keys('Escape');
      expect((await session.waitForFile(exitFile)).trim()).toBe('130');
      expect(session.screen()).toMatch(/^cancelled$/m);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    } finally {
      session.kill();
    }
  });

  test('a search that matches nothing stays open, never answered with the default', async () => {
    const { session, exitFile } = startWizard('nomatch', '--dry-run -o out -b web -t smallwebrtc --client-framework none -m cascade');
    try {
      await session.waitFor('? Project name');
      session.type('nomatch-bot');
      session.keys('Enter');
      await session.waitFor('? Pipeline');
      session.keys('Down', 'Enter'); // choosing each service
      await session.waitFor('? Speech-to-text (STT) service');
      session.type('zzzz');
      session.keys('Enter');
      await session.waitFor('nothing matches that search');
      expect(session.screen()).not.toMatch(/^✔ Speech-to-text/m); // no tick: the question is still open
      // Ctrl-U clears the search; a real search now picks its match.
      session.keys('C-u');
      session.type('gladia');
      await session.waitFor(/› gladia\n/);
      session.keys('Enter');
      for (const q of [
        '? LLM service',
        '? Text-to-speech',
        '? Deployment',
        '? Customize the optional features',
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
      await session.waitFor('? Install the dependencies now?');
      session.type('n');
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
      for (const q of ['? Pipeline', '? Deployment', '? Customize the optional features', '? Generate this project?']) {
        await session.waitFor(q);
        session.keys('Enter'); // every default (a dry run offers no install)
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

  test('Enter at every prompt: at most 9 questions; the install offer runs uv sync in server/ and npm install in client/', async () => {
    const { session, dir, exitFile, installs } = startWizard('enter', '-o out');
    try {
      const asked = await enterAtEveryPrompt(session, exitFile);
      expect(readFileSync(exitFile, 'utf8').trim()).toBe('0');
      expect(asked).toEqual([
        'Project name',
        'Bot type and client',
        'Transports',
        'Pipeline',
        'Deployment',
        'Customize the optional features?',
        'Generate this project?',
        'Install the dependencies now?',
      ]);
      expect(asked.length).toBeLessThanOrEqual(9);
      const project = join(dir, 'out', 'pipecat-bot');
      expect(readFileSync(installs, 'utf8').trim().split('\n')).toEqual([`uv sync | ${project}/server`, `npm install | ${project}/client`]);
      const screen = session.screen();
      expect(screen).toContain('uv sync: done (stand-in)');
      expect(screen).toContain('npm install: done (stand-in)');
      expect(screen.indexOf('npm install: done')).toBeLessThan(screen.indexOf('Next steps:'));
      const next = screen.slice(screen.indexOf('Next steps:'));
      expect(next).not.toMatch(/^ {2}uv sync$/m); // installed: the steps say only what is left
      expect(next).not.toContain('npm install &&');
      expect(next).toMatch(/^ {2}npm run dev/m);
      // The same choices as flags write the same bytes (the stand-ins write nothing).
      const flags = runCli([
        'init',
        '-n',
        'pipecat-bot',
        ...['-b', 'web', '--client-framework', 'react', '--client-server', 'vite', '-t', 'smallwebrtc', '-m', 'cascade'],
        ...['--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts', '-o', join(dir, 'flags')],
      ]);
      expect(flags.code).toBe(0);
      expect(readBytes(project)).toEqual(readBytes(join(dir, 'flags', 'pipecat-bot')));
    } finally {
      session.kill();
    }
  });

  test('Ctrl-U in the name prompt clears the line (no invisible character is inserted)', async () => {
    const { session, exitFile } = startWizard('ctrl-u', `--dry-run -o out ${ALL_BUT_NAME}`);
    try {
      await session.waitFor('? Project name');
      session.type('first-try');
      await session.waitFor(/› first-try/);
      session.keys('C-u');
      session.type('good-name');
      await session.waitFor(/› good-name/);
      expect(session.screen()).not.toContain('first-try');
      session.keys('Enter');
      await session.waitFor('? Generate this project?');
      session.keys('Enter');
      expect((await session.waitForFile(exitFile)).trim()).toBe('0');
      expect(session.screen()).toContain('"project_name": "good-name"');
    } finally {
      session.kill();
    }
  });

  test("a refused transport combination stays open: pipecat's ids in the reason, no tick on it", async () => {
    const { session, dir, exitFile } = startWizard('transports', '-o out -b telephony');
    try {
      await session.waitFor('? Project name');
      session.keys('Enter');
      await session.waitFor('? Transports');
      session.keys('Space', 'Down', 'Space', 'Down', 'Space', 'Enter'); // Twilio off; Twilio + Daily SIP and Daily PSTN on
      const refused = await session.waitFor('✖ Transports: one Daily call flow per project');
      expect(refused).toContain('twilio_daily_sip_dialin and daily_pstn_dialin');
      expect(refused).not.toMatch(/^✔ Transports/m);
      expect(refused).not.toMatch(/rtc_small|rtc_hosted|telco_[a-d]/);
      session.keys('Space', 'Enter'); // Daily PSTN off again: accepted
      await session.waitFor('? Twilio + Daily SIP: call direction');
      expect(session.screen()).toMatch(/^✔ Transports[^\n]*Twilio \+ Daily SIP\n/m);
      session.keys('C-c');
      expect((await session.waitForFile(exitFile)).trim()).toBe('130');
      expect(existsSync(join(dir, 'out'))).toBe(false);
    } finally {
      session.kill();
    }
  });
});
