/**
 * The wizard (issue 4) through yeoman-test: every branch of the questions (web and phone, each
 * client, suggested and chosen services, PSTN/SIP follow-ups, the features gate, cloud and local,
 * Enter at every question), answered by name
 * with `withAnswers`, writes exactly the files the non-interactive `pipecat init` (the real
 * binary) writes for the same choices, byte for byte. Slow tier: one real generation per branch.
 * The wizard's rules (skipped steps, declining, invalid flags, .yo-rc.json) are in test/wizard.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { optionFor } from '../../generators/app/config/options.js';
import { WIZARD_DEFAULTS, WIZARD_STEPS } from '../../generators/app/wizard/questions.js';
import { makeTempDir, removeDir, runCliAsync, mapLimit, readBytes } from '../helpers/cli.js';
import { runGenerator } from '../helpers/generator.js';

interface WizardCase {
  title: string;
  /** Options given to the generator (flags), by flag name. */
  options?: Record<string, unknown>;
  answers: Record<string, unknown>;
  /** The same choices as `pipecat init` flags (name and output are added). */
  flags: string[];
  /** Questions expected to be asked, in order (the confirmation `generate` is always last). */
  asked?: string[];
}

const CASES: WizardCase[] = [
  {
    title: 'web, React + Vite, two transports, cascade, every feature, avatar, cloud with Krisp, evals',
    answers: {
      bot_client: 'web-react-vite',
      transports: ['smallwebrtc', 'daily'],
      mode: 'cascade',
      stt_service: 'assemblyai_stt',
      llm_service: 'anthropic_llm',
      tts_service: 'elevenlabs_tts',
      customize_features: true,
      recording: true,
      transcription: true,
      video_input: true,
      video_output: true,
      video_service: 'tavus_video',
      enable_observability: true,
      deploy_to_cloud: true,
      enable_noisecancel: true,
      enable_eval: true,
    },
    flags: [
      '-b',
      'web',
      '--client-framework',
      'react',
      '--client-server',
      'vite',
      '-t',
      'smallwebrtc',
      '-t',
      'daily',
      '-m',
      'cascade',
      '--stt',
      'assemblyai_stt',
      '--llm',
      'anthropic_llm',
      '--tts',
      'elevenlabs_tts',
      '--recording',
      '--transcription',
      '--video-input',
      '--video-output',
      '--video',
      'tavus_video',
      '--observability',
      '--deploy-to-cloud',
      '--enable-noisecancel',
      '--eval',
    ],
    asked: [
      'project_name',
      'bot_client',
      'transports',
      'mode',
      'stt_service',
      'llm_service',
      'tts_service',
      'deploy_to_cloud',
      'customize_features',
      'recording',
      'transcription',
      'video_input',
      'video_output',
      'video_service',
      'enable_observability',
      'enable_noisecancel',
      'enable_eval',
      'generate',
    ],
  },
  {
    title: 'web, React + Next.js, Daily, realtime, video output without avatar, local',
    answers: {
      bot_client: 'web-react-nextjs',
      transports: ['daily'],
      mode: 'realtime',
      realtime_service: 'gemini_live_realtime',
      customize_features: true,
      recording: false,
      transcription: true,
      video_input: false,
      video_output: true,
      video_service: 'none',
      enable_observability: false,
      deploy_to_cloud: false,
    },
    flags: [
      '-b',
      'web',
      '--client-framework',
      'react',
      '--client-server',
      'nextjs',
      '-t',
      'daily',
      '-m',
      'realtime',
      '--realtime',
      'gemini_live_realtime',
      '--transcription',
      '--video-output',
      '--no-deploy-to-cloud',
    ],
    asked: [
      'project_name',
      'bot_client',
      'transports',
      'mode',
      'realtime_service',
      'deploy_to_cloud',
      'customize_features',
      'recording',
      'transcription',
      'video_input',
      'video_output',
      'video_service',
      'enable_observability',
      'enable_eval',
      'generate',
    ],
  },
  {
    title: 'web, vanilla JS client, SmallWebRTC, cascade, the features gate declined, cloud without Krisp',
    answers: {
      bot_client: 'web-vanilla',
      transports: ['smallwebrtc'],
      mode: 'cascade',
      stt_service: 'deepgram_stt',
      llm_service: 'google_gemini_llm',
      tts_service: 'cartesia_tts',
      deploy_to_cloud: true,
      customize_features: false,
    },
    flags: [
      '-b',
      'web',
      '--client-framework',
      'vanilla',
      '-t',
      'smallwebrtc',
      '-m',
      'cascade',
      '--stt',
      'deepgram_stt',
      '--llm',
      'google_gemini_llm',
      '--tts',
      'cartesia_tts',
    ],
    asked: [
      'project_name',
      'bot_client',
      'transports',
      'mode',
      'stt_service',
      'llm_service',
      'tts_service',
      'deploy_to_cloud',
      'customize_features',
      'generate',
    ],
  },
  {
    title: 'web, mobile or no client (server only), realtime, video input, local',
    answers: {
      bot_client: 'web-none',
      transports: ['smallwebrtc'],
      mode: 'realtime',
      realtime_service: 'openai_realtime',
      customize_features: true,
      video_input: true,
      video_output: false,
      deploy_to_cloud: false,
    },
    flags: [
      '-b',
      'web',
      '--client-framework',
      'none',
      '-t',
      'smallwebrtc',
      '-m',
      'realtime',
      '--realtime',
      'openai_realtime',
      '--video-input',
      '--no-deploy-to-cloud',
    ],
  },
  {
    title: 'phone, Twilio plus SmallWebRTC for local testing, cascade, recording, cloud with Krisp',
    answers: {
      bot_client: 'telephony',
      transports: ['twilio', 'smallwebrtc'],
      mode: 'cascade',
      stt_service: 'deepgram_stt',
      llm_service: 'openai_llm',
      tts_service: 'cartesia_tts',
      deploy_to_cloud: true,
      customize_features: true,
      recording: true,
      transcription: false,
      enable_observability: false,
      enable_noisecancel: true,
    },
    flags: [
      '-b',
      'telephony',
      '-t',
      'twilio',
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
      '--recording',
      '--enable-krisp',
    ],
    asked: [
      'project_name',
      'bot_client',
      'transports',
      'mode',
      'stt_service',
      'llm_service',
      'tts_service',
      'deploy_to_cloud',
      'customize_features',
      'recording',
      'transcription',
      'enable_observability',
      'enable_noisecancel',
      'enable_eval',
      'generate',
    ],
  },
  {
    title: 'phone and mode given as options (the bot question is skipped, the pipeline offers realtime only), Daily PSTN dial-in',
    options: { 'bot-type': 'telephony', mode: 'realtime' },
    answers: {
      transports: ['daily_pstn'],
      daily_pstn_mode: 'dial-in',
      mode: 'realtime',
      realtime_service: 'openai_realtime',
      deploy_to_cloud: true,
      customize_features: true,
      recording: true,
      enable_noisecancel: false,
    },
    flags: [
      '-b',
      'telephony',
      '-t',
      'daily_pstn',
      '--daily-pstn-mode',
      'dial-in',
      '-m',
      'realtime',
      '--realtime',
      'openai_realtime',
      '--recording',
    ],
    asked: [
      'project_name',
      'transports',
      'daily_pstn_mode',
      'mode',
      'realtime_service',
      'deploy_to_cloud',
      'customize_features',
      'recording',
      'transcription',
      'enable_observability',
      'enable_noisecancel',
      'enable_eval',
      'generate',
    ],
  },
  {
    title: 'phone, Daily PSTN dial-out, cascade, transcription, local',
    answers: {
      bot_client: 'telephony',
      transports: ['daily_pstn'],
      daily_pstn_mode: 'dial-out',
      mode: 'cascade',
      customize_features: true,
      transcription: true,
      deploy_to_cloud: false,
    },
    flags: [
      '-b',
      'telephony',
      '-t',
      'daily_pstn',
      '--daily-pstn-mode',
      'dial-out',
      '-m',
      'cascade',
      '--stt',
      WIZARD_DEFAULTS.stt_service,
      '--llm',
      WIZARD_DEFAULTS.llm_service,
      '--tts',
      WIZARD_DEFAULTS.tts_service,
      '--transcription',
      '--no-deploy-to-cloud',
    ],
  },
  {
    title: 'phone, Twilio + Daily SIP dial-in plus Telnyx, cascade, observability, cloud',
    answers: {
      bot_client: 'telephony',
      transports: ['twilio_daily_sip', 'telnyx'],
      twilio_daily_sip_mode: 'dial-in',
      mode: 'cascade',
      stt_service: 'deepgram_stt',
      llm_service: 'openai_llm',
      tts_service: 'cartesia_tts',
      customize_features: true,
      enable_observability: true,
    },
    flags: [
      '-b',
      'telephony',
      '-t',
      'twilio_daily_sip',
      '-t',
      'telnyx',
      '--twilio-daily-sip-mode',
      'dial-in',
      '-m',
      'cascade',
      '--stt',
      'deepgram_stt',
      '--llm',
      'openai_llm',
      '--tts',
      'cartesia_tts',
      '--observability',
    ],
    asked: [
      'project_name',
      'bot_client',
      'transports',
      'twilio_daily_sip_mode',
      'mode',
      'stt_service',
      'llm_service',
      'tts_service',
      'deploy_to_cloud',
      'customize_features',
      'recording',
      'transcription',
      'enable_observability',
      'enable_noisecancel',
      'enable_eval',
      'generate',
    ],
  },
  {
    title: 'phone, Twilio + Daily SIP dial-out, realtime, local',
    answers: {
      bot_client: 'telephony',
      transports: ['twilio_daily_sip'],
      twilio_daily_sip_mode: 'dial-out',
      mode: 'realtime',
      realtime_service: 'ultravox_realtime',
      deploy_to_cloud: false,
    },
    flags: [
      '-b',
      'telephony',
      '-t',
      'twilio_daily_sip_dialout',
      '-m',
      'realtime',
      '--realtime',
      'ultravox_realtime',
      '--no-deploy-to-cloud',
    ],
  },
  {
    title: 'a single remaining choice is taken without asking (--realtime implies the mode, --enable-noisecancel implies the cloud)',
    options: { realtime: 'openai_realtime', 'enable-noisecancel': true, 'client-framework': 'vanilla' },
    answers: { transports: ['daily'] },
    flags: [
      '-b',
      'web',
      '--client-framework',
      'vanilla',
      '-t',
      'daily',
      '-m',
      'realtime',
      '--realtime',
      'openai_realtime',
      '--enable-noisecancel',
    ],
    asked: ['project_name', 'transports', 'customize_features', 'generate'],
  },
  {
    title: 'Enter at every question (the default path): React + Vite, SmallWebRTC, the suggested cascade, cloud, no features',
    answers: {},
    flags: [
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
      WIZARD_DEFAULTS.stt_service,
      '--llm',
      WIZARD_DEFAULTS.llm_service,
      '--tts',
      WIZARD_DEFAULTS.tts_service,
    ],
    asked: ['project_name', 'bot_client', 'transports', 'mode', 'deploy_to_cloud', 'customize_features', 'generate'],
  },
];

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-wizard-');
});
afterAll(() => removeDir(tmp));

describe('the wizard writes what the non-interactive run writes', () => {
  const expected = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    // The real binary, non-interactive, for each case (in parallel).
    await mapLimit(CASES, 4, async (c, i) => {
      const out = join(tmp, `cli-${i}`);
      const r = await runCliAsync(['init', '-n', `bot${i}`, ...c.flags, '-o', out]);
      if (r.code !== 0) throw new Error(`pipecat init failed for "${c.title}": ${r.stderr}`);
      expected.set(c.title, readBytes(join(out, `bot${i}`)));
    });
  });

  test.each(CASES.map((c, i) => [c.title, c, i] as const))('%s', async (_title, c, i) => {
    const result = await runGenerator(c.options ?? {}, { project_name: `bot${i}`, ...c.answers });
    try {
      const project = join(result.cwd, `bot${i}`);
      expect(readdirSync(result.cwd).filter((f) => f.startsWith('.'))).toEqual([]); // staging folder renamed away
      const files = readBytes(project);
      expect(Object.keys(files)).toContain('.yo-rc.json');
      expect(files).toEqual(expected.get(c.title));
      const asked = result.askedQuestions.map((q) => q.name);
      if (c.asked) expect(asked).toEqual(c.asked);
      expect(asked[asked.length - 1]).toBe('generate');
      // Steps whose answer was given as an option are never asked.
      for (const step of WIZARD_STEPS) {
        if (step.keys.every((k) => optionFor(k).flag in (c.options ?? {}))) expect(asked).not.toContain(step.name);
      }
    } finally {
      result.cleanup();
    }
  });
});
