/**
 * `yo pipecat` inside a generated project on a terminal (issue 15): the wizard runs with the
 * project's recorded configuration (`.yo-rc.json`) as every question's default, the project's
 * name is not asked, options skip their questions, and the confirmed answers go through the
 * update path. Driven in-process with yeoman-test (its TestAdapter answers each question with
 * its default unless told otherwise); the terminal is forced with the generator's `terminal`
 * option. The same run in a real terminal under `yo`: test/e2e/yo-wizard.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import helpers from 'yeoman-test';
import PipecatGenerator from '../generators/app/index.js';
import { resolveConfig, type ConfigLayer } from '../generators/app/config/resolve.js';
import type { ProjectConfig } from '../generators/app/config/types.js';
import { toInquirer } from '../generators/app/wizard/inquirer.js';
import { askWizard } from '../generators/app/wizard/wizard.js';
import { AWAY_FROM_DEFAULTS_ARGS, ROOT, makeTempDir, readBytes, removeDir, runCli } from './helpers/cli.js';

let tmp: string;
/** A pristine project of {@link AWAY_FROM_DEFAULTS_ARGS}: a question that ignored its recorded answer would show. */
let pristine: string;

beforeAll(() => {
  tmp = makeTempDir('pipecat-yo-in-project-');
  const r = runCli(['init', '-n', 'rec', ...AWAY_FROM_DEFAULTS_ARGS, '-o', join(tmp, 'pristine')]);
  expect({ code: r.code, stderr: r.code ? r.stderr : '' }).toEqual({ code: 0, stderr: '' });
  pristine = join(tmp, 'pristine', 'rec');
});
afterAll(() => removeDir(tmp));

/** A question as the adapter got it, with the answer it gave. */
interface Asked {
  name: string;
  default: unknown;
  answer: unknown;
  /** The question's message. */
  message?: unknown;
  /** The titles of a list question's choices. */
  choices?: string[];
}

/**
 * Run `yo pipecat` in `dir` (from its `server/` folder) with the given options and answers; the
 * adapter answers every other question with its default.
 */
async function yoInProject(dir: string, options: Record<string, unknown>, answers: Record<string, unknown>): Promise<Asked[]> {
  const asked: Asked[] = [];
  const ctx = helpers
    .run(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: join(ROOT, 'generators', 'app', 'index.ts') })
    .cd(join(dir, 'server'))
    .withOptions({ skipInstall: true, ...options } as never)
    .withAnswers(answers, {
      callback: (answer: unknown, { question }: { question: { name: string; default: unknown; message?: unknown; choices?: unknown } }) => {
        const choices = Array.isArray(question.choices)
          ? (question.choices as { name?: string }[]).map((c) => c.name ?? String(c))
          : undefined;
        asked.push({ name: question.name, default: question.default, answer, message: question.message, choices });
        return answer;
      },
    } as never);
  try {
    await ctx;
  } finally {
    // `.cd()` moved this worker into the project, which afterAll deletes.
    process.chdir(ROOT);
  }
  return asked;
}

/** `{ name: default }` of the asked questions. */
const defaults = (asked: Asked[]): Record<string, unknown> => Object.fromEntries(asked.map((q) => [q.name, q.default]));

describe('yo pipecat inside a project, on a terminal', () => {
  test('every question defaults to the recorded answer; Enter through them all changes nothing', async () => {
    const dir = join(tmp, 'enter');
    cpSync(pristine, dir, { recursive: true });
    const before = readBytes(dir);
    const asked = await yoInProject(dir, { terminal: true }, {});
    // The checkbox lists its choices (and so its default) in catalogue order; the answer keeps the recorded order.
    expect(defaults(asked)).toEqual({
      bot_client: 'web-none',
      transports: ['daily', 'smallwebrtc'],
      mode: 'suggested-cascade',
      deploy_to_cloud: false,
      customize_features: false,
      generate: true,
    });
    // The pipeline's first choice shows the recorded services; the gate keeps the recorded features.
    expect(asked.find((q) => q.name === 'mode')?.choices?.[0]).toBe('Cascade: AssemblyAI → Anthropic Claude → Cartesia');
    expect(asked.map((q) => q.name)).not.toContain('project_name');
    expect(readBytes(dir)).toEqual(before);
  });

  test('one changed answer (TTS) updates bot.py and .yo-rc.json; an option skips its question', async () => {
    const dir = join(tmp, 'tts');
    cpSync(pristine, dir, { recursive: true });
    const asked = await yoInProject(dir, { terminal: true, stt: 'deepgram_stt' }, { mode: 'cascade', tts_service: 'elevenlabs_tts' });
    expect(asked.map((q) => q.name)).not.toContain('stt_service');
    expect(asked.find((q) => q.name === 'tts_service')).toMatchObject({ default: 'cartesia_tts', answer: 'elevenlabs_tts' });
    const bot = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    expect(bot).toContain('ElevenLabsTTSService(');
    expect(bot).not.toContain('CartesiaTTSService(');
    expect(bot).toContain('DeepgramSTTService(');
    expect(JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8'))['generator-pipecat']).toMatchObject({
      project_name: 'rec',
      tts_service: 'elevenlabs_tts',
      stt_service: 'deepgram_stt',
      llm_service: 'anthropic_llm',
      transports: ['smallwebrtc', 'daily'],
      recording: true,
      deploy_to_cloud: false,
    });
  });

  test('declining the summary is exit 130 and changes nothing; without a terminal nothing is asked', async () => {
    const dir = join(tmp, 'decline');
    cpSync(pristine, dir, { recursive: true });
    const before = readBytes(dir);
    await expect(
      yoInProject(dir, { terminal: true }, { mode: 'cascade', tts_service: 'elevenlabs_tts', generate: false }),
    ).rejects.toMatchObject({
      exitCode: 130,
      message: 'cancelled',
    });
    expect(readBytes(dir)).toEqual(before);
    const asked = await yoInProject(dir, { terminal: false, tts: 'elevenlabs_tts' }, {});
    expect(asked).toEqual([]);
    expect(readFileSync(join(dir, 'server', 'bot.py'), 'utf8')).toContain('ElevenLabsTTSService(');
  });
});

describe('yo pipecat inside a project: conflicts', () => {
  test("an edit on a line the update changes gets pipecat update's own conflict question; keep mine keeps it", async () => {
    const dir = join(tmp, 'conflict');
    cpSync(pristine, dir, { recursive: true });
    const bot = join(dir, 'server', 'bot.py');
    writeFileSync(bot, readFileSync(bot, 'utf8').replace('tts = CartesiaTTSService(', 'tts = CartesiaTTSService(  # my tweak'));
    const asked = await yoInProject(dir, { terminal: true, tts: 'elevenlabs_tts' }, { choice: 'mine' });
    // The titles test/e2e/update-tty.test.ts walks on `pipecat update`'s terminal (update/dialog.ts).
    expect(asked.filter((q) => q.name === 'choice')).toEqual([
      {
        name: 'choice',
        default: undefined,
        answer: 'mine',
        message: 'server/bot.py:',
        choices: [
          'keep mine',
          'take new',
          'write conflict markers',
          'choose part by part',
          'show the conflicting parts',
          'replace the whole file',
          'abort',
        ],
      },
    ]);
    expect(readFileSync(bot, 'utf8')).toContain('# my tweak');
    // The kept code constructs Cartesia: the configuration and .env.example follow it (docs/updating.md).
    const env = readFileSync(join(dir, 'server', '.env.example'), 'utf8');
    expect([env.includes('CARTESIA_API_KEY='), env.includes('ELEVENLABS_API_KEY')]).toEqual([true, false]);
    expect(readFileSync(join(dir, '.yo-rc.json'), 'utf8')).toContain('"tts_service": "cartesia_tts"');
  });
});

/**
 * Run the wizard with `defaults`, answering every question with the default its adapter question
 * carries (what Enter takes under inquirer and what yeoman-test's adapter answers).
 */
async function enterThrough(defaults: ProjectConfig): Promise<{ config: ProjectConfig; asked: string[] }> {
  const asked: string[] = [];
  const { config } = await askWizard({
    given: { project_name: defaults.project_name },
    defaults: defaults as unknown as ConfigLayer,
    output: tmp,
    ask: async (q) => {
      asked.push(q.name);
      return toInquirer(q).default;
    },
    log: () => undefined,
  });
  return { config, asked };
}

describe('the wizard with a defaults layer', () => {
  // Configurations away from the built-in defaults in every question: telephony with a Daily PSTN
  // dial-out (not first), realtime; React + Next.js with every feature and an avatar; mobile.
  const CONFIGS: Record<string, ConfigLayer> = {
    telephony: {
      project_name: 'tel',
      bot_type: 'telephony',
      transports: ['telnyx', 'daily_pstn_dialout', 'smallwebrtc'],
      mode: 'realtime',
      realtime_service: 'gemini_live_realtime',
      recording: true,
      transcription: true,
      deploy_to_cloud: false,
    },
    web: {
      project_name: 'web',
      bot_type: 'web',
      client_framework: 'react',
      client_server: 'nextjs',
      transports: ['websocket', 'smallwebrtc'],
      mode: 'cascade',
      stt_service: 'assemblyai_stt',
      llm_service: 'anthropic_llm',
      tts_service: 'elevenlabs_tts',
      video_input: true,
      video_output: true,
      video_service: 'tavus_video',
      enable_observability: true,
      deploy_to_cloud: true,
      enable_noisecancel: true,
      enable_eval: true,
    },
    mobile: {
      project_name: 'app',
      bot_type: 'web',
      client_framework: 'react-native',
      transports: ['daily'],
      mode: 'cascade',
      stt_service: 'deepgram_stt',
      llm_service: 'openai_llm',
      tts_service: 'cartesia_tts',
    },
  };

  test.each(Object.keys(CONFIGS))('%s: Enter through every question gives back the configuration', async (name) => {
    const recorded = resolveConfig({ flags: CONFIGS[name] });
    const { config, asked } = await enterThrough(recorded);
    expect(config).toEqual(recorded);
    expect(asked).not.toContain('project_name');
    expect(asked[asked.length - 1]).toBe('generate');
  });

  test('without the defaults layer the same questions give the built-in defaults (the check can fail)', async () => {
    const recorded = resolveConfig({ flags: CONFIGS.web });
    const { config } = await askWizard({
      given: { project_name: 'web' },
      output: tmp,
      ask: async (q) => toInquirer(q).default,
      log: () => undefined,
    });
    expect(config).not.toEqual(recorded);
    expect(config).toMatchObject({ client_server: 'vite', tts_service: 'cartesia_tts', transports: ['smallwebrtc'] });
  });
});
