/**
 * The wizard (issue 4) through yeoman-test: every branch of the questions (web and phone, each
 * client, cascade and realtime, PSTN/SIP follow-ups, features, cloud and local), answered by name
 * with `withAnswers`, writes exactly the files the non-interactive `pipecat init` (the real
 * binary) writes for the same choices. Also: flags skip their steps, declining writes nothing,
 * invalid flags stop before any question, and `.yo-rc.json` regenerates the same project.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import helpers from 'yeoman-test';
import { SERVICES_BY_ROLE, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { optionFor } from '../generators/app/config/options.js';
import PipecatGenerator from '../generators/app/index.js';
import { suggestChoices, transportChoices, WIZARD_DEFAULTS, WIZARD_STEPS } from '../generators/app/wizard/questions.js';
import { toAdapterQuestion } from '../generators/app/wizard/convert.js';
import { fromInquirer, withPrevious } from '../cli/prompts-adapter.js';
import { ROOT, makeTempDir, removeDir, runCli, runCliAsync, mapLimit, readTree } from './helpers/cli.js';

/** Every file under `dir` with its bytes (base64), by relative path. */
const readBytes = (dir: string): Record<string, string> => readTree(dir, 'base64');

/** Run the generator with yeoman-test: options as `yo pipecat` flags, answers by question name. */
function runGenerator(options: Record<string, unknown>, answers: Record<string, unknown>) {
  return helpers
    .run(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: join(ROOT, 'generators', 'app', 'index.ts') })
    .withOptions({ skipInstall: true, ...options } as never)
    .withAnswers(answers);
}

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
    title: 'web, React + Vite, two transports, cascade, every feature, avatar, cloud with Krisp',
    answers: {
      bot_client: 'web-react-vite',
      transports: ['rtc_small', 'rtc_hosted'],
      mode: 'cascade',
      stt_service: 'assemblyai_stt',
      llm_service: 'anthropic_llm',
      tts_service: 'elevenlabs_tts',
      recording: true,
      transcription: true,
      video_input: true,
      video_output: true,
      video_service: 'tavus_video',
      enable_observability: true,
      deploy_to_cloud: true,
      enable_noisecancel: true,
    },
    flags: ['-b', 'web', '--client-framework', 'react', '--client-server', 'vite', '-t', 'rtc_small', '-t', 'rtc_hosted', '-m', 'cascade', '--stt', 'assemblyai_stt', '--llm', 'anthropic_llm', '--tts', 'elevenlabs_tts', '--recording', '--transcription', '--video-input', '--video-output', '--video', 'tavus_video', '--observability', '--deploy-to-cloud', '--enable-noisecancel'],
    asked: ['project_name', 'bot_client', 'transports', 'mode', 'stt_service', 'llm_service', 'tts_service', 'recording', 'transcription', 'video_input', 'video_output', 'video_service', 'enable_observability', 'deploy_to_cloud', 'enable_noisecancel', 'generate'],
  },
  {
    title: 'web, React + Next.js, Daily, realtime, video output without avatar, local',
    answers: { bot_client: 'web-react-nextjs', transports: ['rtc_hosted'], mode: 'realtime', realtime_service: 'gemini_live_realtime', recording: false, transcription: true, video_input: false, video_output: true, video_service: 'none', enable_observability: false, deploy_to_cloud: false },
    flags: ['-b', 'web', '--client-framework', 'react', '--client-server', 'nextjs', '-t', 'rtc_hosted', '-m', 'realtime', '--realtime', 'gemini_live_realtime', '--transcription', '--video-output', '--no-deploy-to-cloud'],
    asked: ['project_name', 'bot_client', 'transports', 'mode', 'realtime_service', 'recording', 'transcription', 'video_input', 'video_output', 'video_service', 'enable_observability', 'deploy_to_cloud', 'generate'],
  },
  {
    title: 'web, vanilla JS client, SmallWebRTC, cascade, no features, cloud without Krisp',
    answers: { bot_client: 'web-vanilla', transports: ['rtc_small'], mode: 'cascade', stt_service: 'deepgram_stt', llm_service: 'google_gemini_llm', tts_service: 'cartesia_tts', recording: false, transcription: false, video_input: false, video_output: false, enable_observability: false, deploy_to_cloud: true, enable_noisecancel: false },
    flags: ['-b', 'web', '--client-framework', 'vanilla', '-t', 'rtc_small', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'google_gemini_llm', '--tts', 'cartesia_tts'],
    asked: ['project_name', 'bot_client', 'transports', 'mode', 'stt_service', 'llm_service', 'tts_service', 'recording', 'transcription', 'video_input', 'video_output', 'enable_observability', 'deploy_to_cloud', 'enable_noisecancel', 'generate'],
  },
  {
    title: 'web, mobile or no client (server only), realtime, video input, local',
    answers: { bot_client: 'web-none', transports: ['rtc_small'], mode: 'realtime', realtime_service: 'openai_realtime', video_input: true, video_output: false, deploy_to_cloud: false },
    flags: ['-b', 'web', '--client-framework', 'none', '-t', 'rtc_small', '-m', 'realtime', '--realtime', 'openai_realtime', '--video-input', '--no-deploy-to-cloud'],
  },
  {
    title: 'phone, Twilio plus SmallWebRTC for local testing, cascade, recording, cloud with Krisp',
    answers: { bot_client: 'telephony', transports: ['telco_a', 'rtc_small'], mode: 'cascade', stt_service: 'deepgram_stt', llm_service: 'openai_llm', tts_service: 'cartesia_tts', recording: true, transcription: false, enable_observability: false, deploy_to_cloud: true, enable_noisecancel: true },
    flags: ['-b', 'telephony', '-t', 'telco_a', '-t', 'rtc_small', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts', '--recording', '--enable-krisp'],
    asked: ['project_name', 'bot_client', 'transports', 'mode', 'stt_service', 'llm_service', 'tts_service', 'recording', 'transcription', 'enable_observability', 'deploy_to_cloud', 'enable_noisecancel', 'generate'],
  },
  {
    title: 'phone and mode given as options (their steps are skipped), Daily PSTN dial-in, realtime, cloud without Krisp',
    options: { 'bot-type': 'telephony', mode: 'realtime' },
    answers: { transports: ['rtc_hosted_pstn'], daily_pstn_mode: 'dial-in', realtime_service: 'openai_realtime', recording: true, deploy_to_cloud: true, enable_noisecancel: false },
    flags: ['-b', 'telephony', '-t', 'rtc_hosted_pstn', '--daily-pstn-mode', 'dial-in', '-m', 'realtime', '--realtime', 'openai_realtime', '--recording'],
    asked: ['project_name', 'transports', 'daily_pstn_mode', 'realtime_service', 'recording', 'transcription', 'enable_observability', 'deploy_to_cloud', 'enable_noisecancel', 'generate'],
  },
  {
    title: 'phone, Daily PSTN dial-out, cascade, transcription, local',
    answers: { bot_client: 'telephony', transports: ['rtc_hosted_pstn'], daily_pstn_mode: 'dial-out', mode: 'cascade', transcription: true, deploy_to_cloud: false },
    flags: ['-b', 'telephony', '-t', 'daily_pstn', '--daily-pstn-mode', 'dial-out', '-m', 'cascade', '--stt', WIZARD_DEFAULTS.stt_service, '--llm', WIZARD_DEFAULTS.llm_service, '--tts', WIZARD_DEFAULTS.tts_service, '--transcription', '--no-deploy-to-cloud'],
  },
  {
    title: 'phone, Twilio + Daily SIP dial-in plus Telnyx, cascade, observability, cloud',
    answers: { bot_client: 'telephony', transports: ['telco_a_rtc_hosted_sip', 'telco_b'], twilio_daily_sip_mode: 'dial-in', mode: 'cascade', stt_service: 'deepgram_stt', llm_service: 'openai_llm', tts_service: 'cartesia_tts', enable_observability: true },
    flags: ['-b', 'telephony', '-t', 'telco_a_rtc_hosted_sip', '-t', 'telnyx', '--twilio-daily-sip-mode', 'dial-in', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts', '--observability'],
    asked: ['project_name', 'bot_client', 'transports', 'twilio_daily_sip_mode', 'mode', 'stt_service', 'llm_service', 'tts_service', 'recording', 'transcription', 'enable_observability', 'deploy_to_cloud', 'enable_noisecancel', 'generate'],
  },
  {
    title: 'phone, Twilio + Daily SIP dial-out, realtime, local',
    answers: { bot_client: 'telephony', transports: ['telco_a_rtc_hosted_sip'], twilio_daily_sip_mode: 'dial-out', mode: 'realtime', realtime_service: 'ultravox_realtime', deploy_to_cloud: false },
    flags: ['-b', 'telephony', '-t', 'twilio_daily_sip_dialout', '-m', 'realtime', '--realtime', 'ultravox_realtime', '--no-deploy-to-cloud'],
  },
  {
    title: 'a single remaining choice is taken without asking (--realtime implies the mode, --enable-noisecancel implies the cloud)',
    options: { realtime: 'openai_realtime', 'enable-noisecancel': true, 'client-framework': 'vanilla' },
    answers: { transports: ['rtc_hosted'] },
    flags: ['-b', 'web', '--client-framework', 'vanilla', '-t', 'rtc_hosted', '-m', 'realtime', '--realtime', 'openai_realtime', '--enable-noisecancel'],
    asked: ['project_name', 'transports', 'recording', 'transcription', 'video_input', 'video_output', 'enable_observability', 'generate'],
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

describe('wizard rules', () => {
  test('declining the confirmation writes nothing and fails with exit code 130', async () => {
    let error: unknown;
    const ctx = runGenerator({}, { project_name: 'declined', bot_client: 'web-none', transports: ['rtc_small'], generate: false });
    try {
      await ctx;
    } catch (err) {
      error = err;
    }
    try {
      expect((error as { exitCode?: number })?.exitCode).toBe(130);
      expect((error as Error).message).toBe('cancelled');
      expect(readdirSync(ctx.targetDirectory!)).toEqual([]);
    } finally {
      ctx.cleanupTemporaryDir();
    }
  });

  test('invalid options stop the wizard before any question (exit 2, each flag named)', async () => {
    let error: unknown;
    const ctx = runGenerator({ stt: 'nope_stt', 'bot-type': 'phone' }, {});
    try {
      await ctx;
    } catch (err) {
      error = err;
    }
    try {
      expect((error as { exitCode?: number })?.exitCode).toBe(2);
      const problems = (error as { problems: string[] }).problems.join('\n');
      expect(problems).toMatch(/--stt: unknown STT service "nope_stt"/);
      expect(problems).toMatch(/--bot-type:/);
      expect(ctx.askedQuestions).toEqual([]);
      expect(readdirSync(ctx.targetDirectory!)).toEqual([]);
    } finally {
      ctx.cleanupTemporaryDir();
    }
  });

  test('an existing non-empty <output>/<name> is refused before writing (yo pipecat --name), exit 2', async () => {
    let error: unknown;
    const ctx = runGenerator({ name: 'taken', 'bot-type': 'web', transport: ['rtc_small'], mode: 'realtime', realtime: 'openai_realtime' }, {}).onTargetDirectory((dir) => {
      mkdirSync(join(dir, 'taken'));
      writeFileSync(join(dir, 'taken', 'keep.txt'), 'mine');
    });
    try {
      await ctx;
    } catch (err) {
      error = err;
    }
    try {
      expect((error as { exitCode?: number })?.exitCode).toBe(2);
      expect((error as Error).message).toMatch(/taken already exists and is not empty: choose another --name or --output \(nothing was written\)/);
      expect(readdirSync(ctx.targetDirectory!)).toEqual(['taken']);
      expect(readdirSync(join(ctx.targetDirectory!, 'taken'))).toEqual(['keep.txt']);
    } finally {
      ctx.cleanupTemporaryDir();
    }
  });

  test('the wizard offers only catalogue choices, with its defaults among them', () => {
    expect(transportChoices('web').map((c) => c.value)).toEqual(TRANSPORTS.filter((t) => t.kind === 'web').map((t) => t.id));
    const phone = transportChoices('telephony').map((c) => c.value);
    expect(phone).toEqual(['telco_a', 'telco_a_rtc_hosted_sip', 'rtc_hosted_pstn', 'telco_b', 'telco_c', 'telco_d', 'rtc_hosted', 'rtc_small']);
    for (const role of ['stt', 'llm', 'tts', 'realtime'] as const) {
      const key = `${role === 'realtime' ? 'realtime' : role}_service` as keyof typeof WIZARD_DEFAULTS;
      expect(SERVICES_BY_ROLE[role].some((s) => s.id === WIZARD_DEFAULTS[key] && !s.deprecated)).toBe(true);
    }
    expect(WIZARD_DEFAULTS.web_transports.every((t) => transportChoices('web').some((c) => c.value === t))).toBe(true);
    expect(WIZARD_DEFAULTS.telephony_transports.every((t) => phone.includes(t))).toBe(true);
  });

  test('searching a long list: every typed word must match; exact and prefix matches come first', async () => {
    const choices = SERVICES_BY_ROLE.stt.filter((s) => !s.deprecated).map((s) => ({ title: s.label, value: s.id }));
    const deepgram = await suggestChoices('deepgram', choices);
    expect(deepgram[0].value).toBe('deepgram_stt');
    expect(deepgram.every((c) => /deepgram/i.test(`${c.title} ${c.value}`))).toBe(true);
    expect((await suggestChoices('zzz-no-such', choices)).length).toBe(0);
    expect((await suggestChoices('', choices)).length).toBe(choices.length);
  });

  test('questions convert to the adapter (Inquirer) shape and keep the prompts original', async () => {
    const state = { given: {}, answers: { bot_type: 'telephony', mode: 'cascade' }, output: tmp };
    const byName = Object.fromEntries(WIZARD_STEPS.map((s) => [s.name, s]));
    const transports = toAdapterQuestion(byName.transports.question(state));
    expect(transports.type).toBe('checkbox');
    expect(transports.default).toEqual(['telco_a']);
    expect(transports.promptsQuestion.type).toBe('multiselect');
    const stt = toAdapterQuestion(byName.stt_service.question(state));
    expect(stt.type).toBe('search');
    expect(stt.default).toBe('deepgram_stt');
    expect((await stt.source!('deepgram'))[0].value).toBe('deepgram_stt');
    const deploy = toAdapterQuestion(byName.deploy_to_cloud.question(state));
    expect(deploy.type).toBe('select');
    expect(deploy.default).toBe(true);
    const name = toAdapterQuestion(byName.project_name.question(state));
    expect(name.type).toBe('input');
    expect(name.validate!('../escape')).toMatch(/Project name must be a plain directory name/);
    expect(name.validate!('fine-name')).toBe(true);
  });
});

describe('the prompts adapter of our CLI', () => {
  test('maps Inquirer questions made elsewhere to prompts types', () => {
    expect(fromInquirer({ type: 'confirm', name: 'ok', message: 'Sure?', default: true })).toMatchObject({ type: 'confirm', initial: true });
    expect(fromInquirer({ type: 'list', name: 'pick', message: 'Pick', choices: ['a', { name: 'B', value: 'b' }], default: 'b' })).toMatchObject({ type: 'select', initial: 1, choices: [{ title: 'a', value: 'a' }, { title: 'B', value: 'b' }] });
    expect(fromInquirer({ type: 'checkbox', name: 'many', message: 'Many', choices: [{ name: 'X', value: 'x', checked: true }] })).toMatchObject({ type: 'multiselect', choices: [{ title: 'X', value: 'x', selected: true }] });
    expect(fromInquirer({ name: 'free', message: 'Free text', default: 'hi' })).toMatchObject({ type: 'text', initial: 'hi' });
  });

  test('a refused answer is asked again from that answer, not from the defaults', () => {
    const q = WIZARD_STEPS.find((s) => s.name === 'transports')!.question({ given: {}, answers: { bot_type: 'telephony' }, output: tmp });
    const again = withPrevious(q, ['rtc_hosted_pstn', 'telco_a_rtc_hosted_sip']);
    expect(again.choices!.filter((c) => c.selected).map((c) => c.value)).toEqual(['telco_a_rtc_hosted_sip', 'rtc_hosted_pstn']);
    expect(q.validate).toBeUndefined(); // validation is added by the runner (wizard.ts), from the resolver's rules
  });
});

describe('.yo-rc.json', () => {
  test('records the resolved configuration; --config <project>/.yo-rc.json (or its namespace object) reproduces the project', () => {
    // A project written by the comparison runs above: phone, Daily PSTN dial-out, local.
    const i = CASES.findIndex((c) => c.title.startsWith('phone, Daily PSTN dial-out'));
    const project = join(tmp, `cli-${i}`, `bot${i}`);
    const rc = JSON.parse(readFileSync(join(project, '.yo-rc.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.keys(rc)).toEqual(['generator-pipecat']);
    expect(rc['generator-pipecat']).toMatchObject({ project_name: `bot${i}`, bot_type: 'telephony', transports: ['rtc_hosted_pstn_dialout'], daily_pstn_mode: 'dial-out', transcription: true, deploy_to_cloud: false });
    // The file regenerates the same bytes.
    const again = join(tmp, 'yorc-file');
    const fromFile = runCli(['init', '--config', join(project, '.yo-rc.json'), '-o', again]);
    expect(fromFile.code).toBe(0);
    expect(readBytes(join(again, `bot${i}`))).toEqual(readBytes(project));
    // The namespace object alone resolves to the same configuration (dry run: nothing written).
    const inner = join(tmp, 'inner.json');
    writeFileSync(inner, JSON.stringify(rc['generator-pipecat']));
    const dry = runCli(['init', '--config', inner, '--dry-run', '-o', join(tmp, 'yorc-dry')]);
    expect(dry.code).toBe(0);
    const doc = JSON.parse(dry.stdout) as { derived: { files: string[] } } & Record<string, unknown>;
    expect(doc.derived.files).toContain('.yo-rc.json');
    const { derived, ...config } = doc;
    void derived;
    expect(config).toEqual(rc['generator-pipecat']);
    expect(existsSync(join(tmp, 'yorc-dry'))).toBe(false);
  });
});
