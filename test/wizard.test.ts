/**
 * The wizard's rules (issue 4) through yeoman-test: declining writes nothing, invalid flags stop
 * before any question, existing folders are refused, choices come from the catalogue, the prompts
 * adapter, and `.yo-rc.json` regenerates the same project. Every branch compared byte for byte
 * with `pipecat init`: test/e2e/wizard-branches.test.ts (slow tier).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES_BY_ROLE, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { suggestChoices, transportChoices, WIZARD_DEFAULTS, WIZARD_STEPS } from '../generators/app/wizard/questions.js';
import { toInquirer } from '../generators/app/wizard/inquirer.js';
import type { QuestionRow } from '../generators/app/wizard/row.js';
import { askWizard } from '../generators/app/wizard/wizard.js';
import { fromInquirer, toPrompts } from '../cli/prompts-adapter.js';
import { CASCADE_ARGS, makeTempDir, removeDir, runCli, readBytes } from './helpers/cli.js';
import { expectGeneratorFailure, runGenerator } from './helpers/generator.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-wizard-');
});
afterAll(() => removeDir(tmp));

describe('wizard rules', () => {
  test('declining the confirmation writes nothing and fails with exit code 130', async () => {
    const ctx = runGenerator({}, { project_name: 'declined', bot_client: 'web-none', transports: ['smallwebrtc'], generate: false });
    await expectGeneratorFailure(ctx, (error) => {
      expect(error.exitCode).toBe(130);
      expect(error.message).toBe('cancelled');
      expect(readdirSync(ctx.targetDirectory!)).toEqual([]);
    });
  });

  test('--yes skips the final confirmation: an answer of no to it is never asked, the project is written', async () => {
    const answers = { project_name: 'yes-wiz', bot_client: 'web-none', transports: ['smallwebrtc'], generate: false };
    const ctx = runGenerator({ yes: true }, answers);
    const result = await ctx;
    try {
      expect(ctx.askedQuestions.map((q) => q.name)).not.toContain('generate');
      expect(existsSync(join(ctx.targetDirectory!, 'yes-wiz', 'server', 'bot.py'))).toBe(true);
    } finally {
      result.cleanup();
    }
  });

  test('invalid options stop the wizard before any question (exit 2, each flag named)', async () => {
    const ctx = runGenerator({ stt: 'nope_stt', 'bot-type': 'phone' }, {});
    await expectGeneratorFailure(ctx, (error) => {
      expect(error.exitCode).toBe(2);
      const problems = (error.problems ?? []).join('\n');
      expect(problems).toMatch(/--stt: unknown STT service "nope_stt"/);
      expect(problems).toMatch(/--bot-type:/);
      expect(ctx.askedQuestions).toEqual([]);
      expect(readdirSync(ctx.targetDirectory!)).toEqual([]);
    });
  });

  test('an existing non-empty <output>/<name> is refused before writing (yo pipecat --name), exit 2', async () => {
    const ctx = runGenerator(
      { name: 'taken', 'bot-type': 'web', transport: ['smallwebrtc'], mode: 'realtime', realtime: 'openai_realtime' },
      {},
    ).onTargetDirectory((dir) => {
      mkdirSync(join(dir, 'taken'));
      writeFileSync(join(dir, 'taken', 'keep.txt'), 'mine');
    });
    await expectGeneratorFailure(ctx, (error) => {
      expect(error.exitCode).toBe(2);
      expect(error.message).toMatch(/taken already exists and is not empty: choose another --name or --output \(nothing was written\)/);
      expect(readdirSync(ctx.targetDirectory!)).toEqual(['taken']);
      expect(readdirSync(join(ctx.targetDirectory!, 'taken'))).toEqual(['keep.txt']);
    });
  });

  test('the wizard offers only catalogue choices, with its defaults among them', () => {
    expect(transportChoices('web').map((c) => c.value)).toEqual(TRANSPORTS.filter((t) => t.kind === 'web').map((t) => t.id));
    const phone = transportChoices('telephony').map((c) => c.value);
    expect(phone).toEqual(['twilio', 'twilio_daily_sip', 'daily_pstn', 'telnyx', 'plivo', 'exotel', 'daily', 'smallwebrtc', 'websocket']);
    for (const role of ['stt', 'llm', 'tts', 'realtime'] as const) {
      const key = `${role === 'realtime' ? 'realtime' : role}_service` as keyof typeof WIZARD_DEFAULTS;
      expect(SERVICES_BY_ROLE[role].some((s) => s.id === WIZARD_DEFAULTS[key] && !s.deprecated)).toBe(true);
    }
    expect(WIZARD_DEFAULTS.web_transports.every((t) => transportChoices('web').some((c) => c.value === t))).toBe(true);
    expect(WIZARD_DEFAULTS.telephony_transports.every((t) => phone.includes(t))).toBe(true);
  });

  test('the mobile choice preselects Daily and adds it when left out (the React Native client connects over Daily only)', async () => {
    const byName = Object.fromEntries(WIZARD_STEPS.map((st) => [st.name, st]));
    const state = { given: {}, answers: { bot_type: 'web', client_framework: 'react-native' }, output: tmp };
    const q = byName.transports.question(state);
    expect(q.default).toEqual(['daily']);
    expect(q.message).toMatch(/React Native \(Expo\) client connects over daily/);
    expect(byName.transports.toLayer(['smallwebrtc'], state)).toEqual({ transports: ['smallwebrtc', 'daily'] });
    expect(byName.transports.toLayer(['daily'], state)).toEqual({ transports: ['daily'] });
    // A web client takes either transport: nothing is added.
    expect(byName.transports.toLayer(['smallwebrtc'], { ...state, answers: { bot_type: 'web', client_framework: 'react' } })).toEqual({
      transports: ['smallwebrtc'],
    });

    const ctx = runGenerator(
      {},
      {
        project_name: 'wiz-mobile',
        bot_client: 'mobile',
        transports: ['smallwebrtc'],
        mode: 'realtime',
        realtime_service: 'openai_realtime',
        deploy_to_cloud: false,
        generate: true,
      },
    );
    const result = await ctx;
    try {
      const project = join(ctx.targetDirectory!, 'wiz-mobile');
      const rc = JSON.parse(readFileSync(join(project, '.yo-rc.json'), 'utf8')) as Record<string, Record<string, unknown>>;
      expect(rc['generator-pipecat']).toMatchObject({
        bot_type: 'web',
        client_framework: 'react-native',
        client_server: null,
        transports: ['smallwebrtc', 'daily'],
      });
      expect(existsSync(join(project, 'client', 'app.json'))).toBe(true);
    } finally {
      result.cleanup();
    }
  });

  test('searching a long list: every typed word must match; exact and prefix matches come first', () => {
    const choices = SERVICES_BY_ROLE.stt.filter((s) => !s.deprecated).map((s) => ({ title: s.label, value: s.id }));
    const deepgram = suggestChoices('deepgram', choices);
    expect(deepgram[0].value).toBe('deepgram_stt');
    expect(deepgram.every((c) => /deepgram/i.test(`${c.title} ${c.value}`))).toBe(true);
    expect(suggestChoices('zzz-no-such', choices).length).toBe(0);
    expect(suggestChoices('', choices).length).toBe(choices.length);
  });

  test('a row renders once into each host: Inquirer for yo and yeoman-test, prompts for our CLI', async () => {
    const state = { given: {}, answers: { bot_type: 'telephony', mode: 'cascade' }, output: tmp };
    const byName = Object.fromEntries(WIZARD_STEPS.map((s) => [s.name, s]));
    const transportsRow = byName.transports.question(state);
    expect(transportsRow.kind).toBe('multiselect');
    const transports = toInquirer(transportsRow);
    expect(transports.type).toBe('checkbox');
    expect(transports.default).toEqual(['twilio']);
    expect(transports.choices!.filter((c) => c.checked).map((c) => c.value)).toEqual(['twilio']);
    expect(Object.keys(transports)).not.toContain('kind'); // no row inside: nothing to convert back
    const inPrompts = toPrompts(transportsRow) as { type: string; choices: { value: unknown; selected?: boolean }[] };
    expect(inPrompts.type).toBe('multiselect');
    expect(inPrompts.choices.filter((c) => c.selected).map((c) => c.value)).toEqual(['twilio']);

    const sttRow = byName.stt_service.question(state);
    const stt = toInquirer(sttRow);
    expect(stt.type).toBe('search');
    expect(stt.default).toBe('deepgram_stt');
    expect((await stt.source!('deepgram'))[0].value).toBe('deepgram_stt');
    expect(toPrompts(sttRow)).toMatchObject({ type: 'autocomplete', initial: 'deepgram_stt' });

    const deployRow = byName.deploy_to_cloud.question(state);
    expect(toInquirer(deployRow)).toMatchObject({ type: 'select', default: true });
    expect(toPrompts(deployRow)).toMatchObject({ type: 'select', initial: 1 });

    const name = toInquirer(byName.project_name.question(state));
    expect(name.type).toBe('input');
    expect(name.validate!('../escape')).toMatch(/Project name must be a plain directory name/);
    expect(name.validate!('  fine-name ')).toBe(true);
    expect(name.filter!('  fine-name ')).toBe('fine-name');
  });

  test('the default path (Enter at every prompt) asks at most 9 questions, the install offer last', async () => {
    for (const bot of ['web-react-vite', 'telephony']) {
      const asked: string[] = [];
      const { config, install } = await askWizard({
        given: {},
        output: tmp,
        offerInstall: true,
        log: () => undefined,
        ask: async (q: QuestionRow) => {
          asked.push(q.name);
          return q.name === 'bot_client' ? bot : toInquirer(q).default;
        },
      });
      expect(asked).toEqual([
        'project_name',
        'bot_client',
        'transports',
        'mode',
        'deploy_to_cloud',
        'customize_features',
        'generate',
        'install',
      ]);
      expect(asked.length).toBeLessThanOrEqual(9);
      expect(install).toBe(true);
      expect(config).toMatchObject({
        mode: 'cascade',
        stt_service: 'deepgram_stt',
        llm_service: 'openai_llm',
        tts_service: 'cartesia_tts',
      });
      expect(config).toMatchObject({ recording: false, transcription: false, enable_observability: false, enable_eval: false });
    }
  });

  test('without a terminal the install offer is never asked; on one (yeoman-test) it is, after the confirmation', async () => {
    const answers = { project_name: 'no-offer', bot_client: 'web-none', install: false };
    for (const terminal of [false, true]) {
      const ctx = runGenerator({ terminal }, answers);
      const result = await ctx;
      try {
        const asked = ctx.askedQuestions.map((q) => q.name);
        expect(asked.slice(-2)).toEqual(terminal ? ['generate', 'install'] : ['customize_features', 'generate']);
      } finally {
        result.cleanup();
      }
    }
  });
});

describe('the prompts adapter of our CLI', () => {
  test('maps Inquirer questions made elsewhere to rows, drawn like the wizard', () => {
    expect(fromInquirer({ type: 'confirm', name: 'ok', message: 'Sure?', default: true })).toMatchObject({
      kind: 'confirm',
      default: true,
    });
    const pick = fromInquirer({ type: 'list', name: 'pick', message: 'Pick', choices: ['a', { name: 'B', value: 'b' }], default: 'b' });
    expect(pick).toMatchObject({
      kind: 'select',
      default: 'b',
      choices: [
        { title: 'a', value: 'a' },
        { title: 'B', value: 'b' },
      ],
    });
    expect(toPrompts(pick)).toMatchObject({ type: 'select', initial: 1 });
    expect(
      fromInquirer({ type: 'checkbox', name: 'many', message: 'Many', choices: [{ name: 'X', value: 'x', checked: true }] }),
    ).toMatchObject({ kind: 'multiselect', default: ['x'] });
    expect(fromInquirer({ name: 'free', message: 'Free text', default: 'hi' })).toMatchObject({ kind: 'text', default: 'hi' });
  });
});

describe('.yo-rc.json', () => {
  test('records the resolved configuration; --config <project>/.yo-rc.json (or its namespace object) reproduces the project', () => {
    // A project written by the non-interactive run: phone, Daily PSTN dial-out, local.
    const i = 6;
    const project = join(tmp, `cli-${i}`, `bot${i}`);
    const first = runCli([
      'init',
      '-n',
      `bot${i}`,
      '-b',
      'telephony',
      '-t',
      'daily_pstn',
      '--daily-pstn-mode',
      'dial-out',
      ...CASCADE_ARGS,
      '--transcription',
      '--no-deploy-to-cloud',
      '-o',
      join(tmp, `cli-${i}`),
    ]);
    expect(first.code).toBe(0);
    const rc = JSON.parse(readFileSync(join(project, '.yo-rc.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.keys(rc)).toEqual(['generator-pipecat']);
    expect(rc['generator-pipecat']).toMatchObject({
      project_name: `bot${i}`,
      bot_type: 'telephony',
      transports: ['daily_pstn_dialout'],
      daily_pstn_mode: 'dial-out',
      transcription: true,
      deploy_to_cloud: false,
    });
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
    // The recorded configuration, plus the generator version that wrote it (ignored on input).
    const { generator_version: version, ...recorded } = rc['generator-pipecat'];
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(config).toEqual(recorded);
    expect(existsSync(join(tmp, 'yorc-dry'))).toBe(false);
  });
});
