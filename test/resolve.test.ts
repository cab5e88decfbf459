/**
 * The resolver's rules (issue 2 "Validation"), in-process: each rule, with the message naming the
 * flag. test/init.test.ts shows the same reports through the real binary (exit 2, stderr, nothing
 * written); these cover every rule without a process per case.
 */
import { describe, expect, test } from '@jest/globals';
import { CONFIG_OPTIONS } from '../generators/app/config/options.js';
import { ConfigError, resolveConfig, type ConfigLayer } from '../generators/app/config/resolve.js';
import { SERVICES_BY_ROLE, TRANSPORTS, vendorOf } from '../generators/app/catalogue/catalogue.js';
import type { ProjectConfig } from '../generators/app/config/types.js';

const CASCADE: ConfigLayer = { mode: 'cascade', stt_service: 'deepgram_stt', llm_service: 'openai_llm', tts_service: 'cartesia_tts' };
const WEB: ConfigLayer = { project_name: 'x', bot_type: 'web', transports: ['smallwebrtc'], ...CASCADE };
const PHONE: ConfigLayer = { project_name: 'x', bot_type: 'telephony', transports: ['twilio'], ...CASCADE };

/** Resolve flags; return the configuration or the problem lines. */
function resolve(flags: ConfigLayer): { config?: ProjectConfig; problems: string[] } {
  try {
    return { config: resolveConfig({ flags }), problems: [] };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { problems: [...err.problems] };
  }
}

/** Expect the flags to be refused with every one of `needles` among the problems. */
function expectProblems(flags: ConfigLayer, ...needles: (string | RegExp)[]): string[] {
  const { config, problems } = resolve(flags);
  expect(config).toBeUndefined();
  const text = problems.join('\n');
  for (const n of needles) expect(text).toMatch(n);
  return problems;
}

describe('resolver rules', () => {
  test('required: name, bot type, transport, mode', () => {
    // The bot type follows from the transports: only the transports are asked for, with the ids.
    const none = expectProblems(
      {},
      '--name: is required',
      '--transport: is required: give one or more',
      '--mode: is required: cascade or realtime',
    );
    expect(none.join('\n')).not.toContain('--bot-type');
    expect(none.join('\n')).toMatch(/web: [a-z_]+.*; telephony: .*the bot type follows from them/);
    // A bot type given narrows the ids to its kind.
    const web = expectProblems({ ...WEB, transports: [] }, '--transport: is required: give one or more');
    expect(web.join('\n')).not.toContain('telephony:');
  });

  test('cascade needs STT, LLM and TTS and rejects --realtime', () => {
    expectProblems(
      { project_name: 'x', bot_type: 'web', transports: ['smallwebrtc'], mode: 'cascade', realtime_service: 'openai_realtime' },
      '--stt: is required in cascade mode',
      '--llm: is required in cascade mode',
      '--tts: is required in cascade mode',
      '--realtime: is only for realtime mode',
    );
  });

  test('realtime needs --realtime and rejects STT/LLM/TTS', () => {
    expectProblems(
      { ...WEB, mode: 'realtime' },
      '--realtime: is required in realtime mode',
      '--stt: is only for cascade mode',
      '--llm: is only for cascade mode',
      '--tts: is only for cascade mode',
    );
    expect(
      resolve({ project_name: 'x', bot_type: 'web', transports: ['smallwebrtc'], mode: 'realtime', realtime_service: 'ultravox' }).config
        ?.realtime_service,
    ).toBe('ultravox_realtime');
  });

  test('unknown ids list the valid ones; the deprecated XTTS is refused with its replacements', () => {
    expectProblems(
      { ...WEB, transports: ['carrier_pigeon'], stt_service: 'nope_stt' },
      /--transport: unknown transport "carrier_pigeon"; valid: daily \(Daily \(WebRTC\)\), smallwebrtc \(SmallWebRTC .*telnyx, plivo, exotel$/m,
      /--stt: unknown STT service "nope_stt"; valid: .*assemblyai_stt.*deepgram_stt/,
    );
    // A typo gets the closest id (or vendor alias) instead of the whole list.
    const typos = expectProblems(
      { ...WEB, transports: ['smallwebrct'], stt_service: 'deepgrm_stt', tts_service: 'CARTESIA_TTs', llm_service: 'opnai_llm' },
      '--transport: unknown transport "smallwebrct": did you mean smallwebrtc (SmallWebRTC (peer-to-peer WebRTC))?',
      '--stt: unknown STT service "deepgrm_stt": did you mean deepgram_stt?',
      '--llm: unknown LLM service "opnai_llm": did you mean openai_llm?',
    );
    expect(typos.join('\n')).not.toMatch(/valid: .*deepgram_stt/);
    expectProblems({ ...WEB, tts_service: 'xtts_tts' }, /--tts: xtts_tts is deprecated in pipecat since 1\.7\.0 .*kokoro_tts/);
    expectProblems(
      { ...WEB, bot_type: 'robot', mode: 'telepathy' },
      '--bot-type: unknown value "robot"; valid: web, telephony',
      '--mode: unknown value "telepathy"; valid: cascade, realtime',
    );
  });

  test('an explicit web bot type with a telephony transport is refused, naming both; web transports are fine on telephony bots', () => {
    expectProblems(
      { ...WEB, transports: ['twilio'] },
      // Every web transport of the catalogue is named as the alternative.
      new RegExp(
        `--transport: twilio \\(Twilio \\(Media Streams\\)\\) is a telephony transport but --bot-type is web: leave --bot-type out .*\\(${TRANSPORTS.filter(
          (t) => t.kind === 'web',
        )
          .map((t) => t.id)
          .join(', ')}\\)`,
      ),
    );
    // The same from a config file names the config key.
    const fromConfig = (() => {
      try {
        resolveConfig({ config: { ...WEB, transports: ['twilio'] } });
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
      return '';
    })();
    expect(fromConfig).toContain('but config key "bot_type" is web');
    expect(resolve({ ...PHONE, transports: ['twilio', 'smallwebrtc'] }).config?.transports).toEqual(['twilio', 'smallwebrtc']);
  });

  test('bot type inferred from the transports when omitted (pipecat config_validator.py rule)', () => {
    const { bot_type: _omit, ...noType } = PHONE;
    expect(resolve({ ...noType, transports: ['twilio'] }).config?.bot_type).toBe('telephony');
    // Any telephony transport makes a telephony bot; the web one rides along for local testing.
    const mixed = resolve({ ...noType, transports: ['daily', 'telnyx'] }).config;
    expect([mixed?.bot_type, mixed?.transports]).toEqual(['telephony', ['daily', 'telnyx']]);
    const web = resolve({ ...noType, transports: ['daily', 'webrtc'] }).config;
    expect([web?.bot_type, web?.client_framework]).toEqual(['web', 'none']);
    // A family resolved by its mode counts as telephony too.
    expect(resolve({ ...noType, transports: ['daily_pstn'], daily_pstn_mode: 'dial-out' }).config?.bot_type).toBe('telephony');
    // Nothing to infer from: still required; an unknown transport is reported, not guessed around.
    // Then the transports are what to fix: a missing bot type is not reported beside them.
    expect(expectProblems({ ...noType, transports: [] }, '--transport: is required').join('\n')).not.toContain('--bot-type');
    const unknown = expectProblems({ ...noType, transports: ['carrier_pigeon'] }, /unknown transport "carrier_pigeon"/);
    expect(unknown.join('\n')).not.toContain('--bot-type');
    // An explicit telephony type with only web transports is kept (pipecat allows it too).
    expect(resolve({ ...PHONE, transports: ['daily'] }).config?.bot_type).toBe('telephony');
  });

  test("a bare vendor name is that vendor's default service for the role; without a default the candidates are named", () => {
    const c = resolve({ ...WEB, stt_service: 'deepgram', llm_service: 'OpenAI', tts_service: 'cartesia' }).config;
    expect([c?.stt_service, c?.llm_service, c?.tts_service]).toEqual(['deepgram_stt', 'openai_llm', 'cartesia_tts']);
    expect(
      resolve({
        ...WEB,
        mode: 'realtime',
        stt_service: undefined,
        llm_service: undefined,
        tts_service: undefined,
        realtime_service: 'gemini',
      }).config?.realtime_service,
    ).toBe('gemini_live_realtime');
    expectProblems(
      { ...WEB, stt_service: 'elevenlabs' },
      '--stt: "elevenlabs" names several STT services and none is its default: choose one of elevenlabs_realtime_stt, elevenlabs_stt',
    );
  });

  test('vendorDefault marks exactly one entry of a vendor with several per role, and nothing else', () => {
    for (const [role, list] of Object.entries(SERVICES_BY_ROLE)) {
      const byVendor = new Map<string, typeof list>();
      for (const s of list.filter((e) => !e.deprecated)) byVendor.set(vendorOf(s.id), [...(byVendor.get(vendorOf(s.id)) ?? []), s]);
      for (const [vendor, entries] of byVendor) {
        const marked = entries.filter((e) => e.vendorDefault).map((e) => e.id);
        expect({ role, vendor, marked: marked.length }).toEqual({
          role,
          vendor,
          marked: entries.length > 1 ? Math.min(marked.length, 1) : 0,
        });
      }
    }
  });

  test('vendor aliases resolve to canonical ids, duplicates collapse', () => {
    const c = resolve({
      ...PHONE,
      transports: ['twilio', 'telnyx', 'plivo', 'exotel', 'twilio', 'daily_pstn_dialin', 'daily', 'webrtc'],
    }).config;
    expect(c?.transports).toEqual(['twilio', 'telnyx', 'plivo', 'exotel', 'daily_pstn_dialin', 'daily', 'smallwebrtc']);
    expect(c?.daily_pstn_mode).toBe('dial-in');
  });

  test('video and client options are for web bots only', () => {
    expectProblems(
      { ...PHONE, video_service: 'simli_video', video_input: true, video_output: true, client_framework: 'react', client_server: 'vite' },
      '--video: video avatars are for web bots only',
      '--video-input: video input is for web bots only',
      '--video-output: video output is for web bots only',
      '--client-framework: web clients are for web bots only',
      '--client-server: is for web bots with a React client only',
    );
  });

  test('--client-server only with react; react without it means vite; vanilla has none', () => {
    expectProblems(
      { ...WEB, client_framework: 'vanilla', client_server: 'nextjs' },
      '--client-server: is only for --client-framework react (vanilla always uses vite)',
    );
    expectProblems({ ...WEB, client_server: 'vite' }, '--client-server: is only for --client-framework react (none has no client)');
    expect(resolve({ ...WEB, client_framework: 'react' }).config?.client_server).toBe('vite');
    expect(resolve({ ...WEB, client_framework: 'react', client_server: 'nextjs' }).config?.client_server).toBe('nextjs');
    expect(resolve({ ...WEB, client_framework: 'vanilla' }).config?.client_server).toBeNull();
    expect(resolve(WEB).config?.client_framework).toBe('none');
    expect(resolve(PHONE).config?.client_framework).toBeNull();
  });

  test('PSTN and SIP transports need their mode, a mode needs its transport, resolved ids carry it', () => {
    expectProblems(
      { ...PHONE, transports: ['daily_pstn'] },
      '--daily-pstn-mode: is required with transport daily_pstn: dial-in or dial-out',
    );
    expectProblems({ ...PHONE, transports: ['twilio_daily_sip'] }, '--twilio-daily-sip-mode: is required with transport twilio_daily_sip');
    // The mode is the one problem: the family counts as a transport (and a telephony one).
    const untyped = { ...PHONE, bot_type: undefined };
    for (const flags of [
      { ...untyped, transports: ['daily_pstn'] },
      { ...untyped, transports: ['twilio_daily_sip', 'daily'] },
    ])
      expect(expectProblems(flags, /-mode: is required with transport/)).toHaveLength(1);
    expectProblems(
      { ...PHONE, daily_pstn_mode: 'dial-in', twilio_daily_sip_mode: 'dial-out' },
      '--daily-pstn-mode: is only for the Daily PSTN transport (daily_pstn)',
      '--twilio-daily-sip-mode: is only for the Twilio + Daily SIP transport (twilio_daily_sip)',
    );
    expectProblems(
      { ...PHONE, transports: ['daily_pstn_dialin'], daily_pstn_mode: 'dial-out' },
      '--daily-pstn-mode: is "dial-out" but transport daily_pstn_dialin is dial-in',
    );
    expect(resolve({ ...PHONE, transports: ['daily_pstn'], daily_pstn_mode: 'dial-out' }).config?.transports).toEqual([
      'daily_pstn_dialout',
    ]);
    expect(resolve({ ...PHONE, transports: ['twilio_daily_sip'], twilio_daily_sip_mode: 'dial-in' }).config?.transports).toEqual([
      'twilio_daily_sip_dialin',
    ]);
    const direct = resolve({ ...PHONE, transports: ['twilio_daily_sip_dialout'] }).config;
    expect(direct?.transports).toEqual(['twilio_daily_sip_dialout']);
    expect(direct?.twilio_daily_sip_mode).toBe('dial-out');
  });

  test('combinations the generator cannot turn into correct code are refused with a reason', () => {
    expectProblems(
      { ...PHONE, transports: ['daily_pstn_dialin', 'twilio_daily_sip_dialout'] },
      /--transport: one Daily call flow per project: .* each need their own call server/,
    );
    expectProblems(
      { ...PHONE, transports: ['daily_pstn_dialin', 'daily_pstn_dialout'] },
      /--transport: choose one Daily PSTN direction, not both/,
    );
    expectProblems({ ...WEB, video_service: 'simli_video', video_output: false }, '--video-output: a video avatar service sends bot video');
    // Without an explicit --no-video-output, the avatar turns video output on.
    expect(resolve({ ...WEB, video_service: 'simli_video' }).config?.video_output).toBe(true);
  });

  test('noise cancellation requires cloud deployment', () => {
    expectProblems(
      { ...WEB, enable_noisecancel: true, deploy_to_cloud: false },
      '--enable-noisecancel: Krisp noise cancellation runs on Pipecat Cloud only: it needs --deploy-to-cloud',
    );
  });

  test.each(['../x', 'a/b', '.hidden', '-dash', '..', 'x'.repeat(51), 'a\\b', '', 'sp ace'])('project name %j is refused', (name) => {
    expectProblems({ ...WEB, project_name: name }, '--name: ');
  });

  test.each(['my-bot', 'Bot_2', 'a.b', 'x'.repeat(50)])('project name %j is accepted', (name) => {
    expect(resolve({ ...WEB, project_name: name }).config?.project_name).toBe(name);
  });

  test('values from the config file are named by their key, and types are checked', () => {
    let problems: string[] = [];
    try {
      resolveConfig({ config: { ...WEB, recording: 'false', transports: 5 } });
    } catch (err) {
      problems = [...(err as ConfigError).problems];
    }
    expect(problems).toContain('config key "recording": must be true or false, got "false"');
    expect(problems.some((p) => p.startsWith('config key "transports": must be a list of strings'))).toBe(true);
  });

  test('a resolved configuration is frozen and has every key', () => {
    const c = resolve(WEB).config!;
    expect(Object.isFrozen(c)).toBe(true);
    // One key per row of the options table (ProjectConfig is computed from the rows).
    expect(Object.keys(c).sort()).toEqual(CONFIG_OPTIONS.map((o) => o.key).sort());
  });
});
