/**
 * The catalogue sample matrix: generated projects that together cover every selectable catalogue
 * entry, every transport (PSTN/SIP dial-in and dial-out included), every feature, cloud on and off.
 *
 * Derived from the catalogue, one sample per entry rather than the cartesian product:
 * - {@link sampleMatrix} (the static sweep, test/e2e/generated-projects.test.ts): cascade project i
 *   uses the i-th STT, LLM and TTS (cycling the shorter lists), realtime project j the j-th realtime
 *   service; transports, video services and features are spread over those projects.
 * - {@link runtimeMatrix} (the runtime tier, test/runtime/): the static sweep, plus every TTS on a
 *   phone media stream beside a web transport (8 kHz and web pipeline rates for each vendor), the
 *   pairwise set ({@link pairwiseSamples}: every transport in both modes, cloud on and off, and
 *   with every feature the options table allows it on and off), and `--eval` in both modes.
 */
import { SERVICES_BY_ROLE, TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import { CLIENT_KINDS } from '../../generators/app/catalogue/client-kinds.js';
import { CONFIG_OPTIONS, FEATURE_OPTIONS, type ConfigLayer } from '../../generators/app/config/options.js';
import { resolveConfig } from '../../generators/app/config/resolve.js';
import { ttsDeliveredRate, WEB_OUT_RATE } from '../../generators/app/render/context.js';
import { coveringInputs, coveringRows, type CoveringInputs } from './covering.js';

/** One generated project: its name, `pipecat init` arguments (without `-n`/`-o`) and what it covers. */
export interface Sample {
  name: string;
  args: string[];
  covers: string[];
}

/** Selectable (not deprecated) ids of one role, in catalogue order. */
export const selectable = (role: keyof typeof SERVICES_BY_ROLE): string[] =>
  SERVICES_BY_ROLE[role].filter((s) => !s.deprecated).map((s) => s.id);

/**
 * The feature flags every matrix spreads over its projects, from the options table: every yes/no
 * feature any bot may have (`askWhen` unset or `cloud`), except those that bring their own runner
 * entry (`--eval`: its samples are made in both modes on their own).
 */
export const FEATURES: string[] = FEATURE_OPTIONS.filter(
  (o) => (o.feature.askWhen === undefined || o.feature.askWhen === 'cloud') && !o.feature.server?.runnerEntry,
).map((o) => `--${o.flag}`);

/** One web client kind as `pipecat init` selects it: its template name and flags. */
export interface ClientSample {
  /** The kind's template folder, e.g. `react-vite`. */
  name: string;
  /** `--client-framework` (and `--client-server` when the framework has several kinds). */
  flags: string[];
}

/** Every web client kind of the catalogue (`CLIENT_KINDS`), in table order. */
export function webClientSamples(): ClientSample[] {
  return CLIENT_KINDS.filter((k) => k.platform === 'web').map((k) => ({
    name: k.template,
    flags: [
      '--client-framework',
      k.framework,
      ...(CLIENT_KINDS.filter((o) => o.framework === k.framework).length > 1 ? ['--client-server', k.server] : []),
    ],
  }));
}

/** One sample per catalogue entry and feature (the static sweep). */
export function sampleMatrix(): Sample[] {
  const stt = selectable('stt');
  const llm = selectable('llm');
  const tts = selectable('tts');
  const realtime = selectable('realtime');
  const video = selectable('video');
  const telephony = TRANSPORTS.filter((t) => t.kind === 'telephony').map((t) => t.id);
  const samples: Sample[] = [];
  const cascadeCount = Math.max(stt.length, llm.length, tts.length);
  for (let i = 0; i < cascadeCount; i++) {
    const services = [stt[i % stt.length], llm[i % llm.length], tts[i % tts.length]];
    const args = ['-m', 'cascade', '--stt', services[0], '--llm', services[1], '--tts', services[2]];
    const covers = [...services];
    if (i < telephony.length) {
      // Telephony bots, one per transport; every other one adds a web transport for local testing.
      args.push('-b', 'telephony', '-t', telephony[i]);
      covers.push(telephony[i]);
      if (i % 2 === 1) args.push('-t', 'smallwebrtc');
    } else {
      const web = i % 3 === 0 ? ['daily', 'smallwebrtc'] : i % 3 === 1 ? ['daily'] : ['smallwebrtc'];
      args.push('-b', 'web', ...web.flatMap((t) => ['-t', t]));
      covers.push(...web);
      const v = i - telephony.length;
      if (v < video.length) {
        args.push('--video', video[v]);
        covers.push(video[v]);
      }
      if (i % 4 === 0) args.push('--video-input');
      if (i % 4 === 1) args.push('--video-output');
    }
    const f = FEATURES[i % FEATURES.length];
    args.push(f);
    covers.push(f);
    if (i % 5 === 0 && f !== '--enable-noisecancel') args.push('--no-deploy-to-cloud');
    samples.push({ name: `cascade-${i}`, args, covers });
  }
  realtime.forEach((id, j) => {
    const bot =
      j % 2 === 0 ? ['-b', 'web', '-t', 'smallwebrtc', '-t', 'daily'] : ['-b', 'telephony', '-t', telephony[j % telephony.length]];
    samples.push({
      name: `realtime-${j}`,
      args: ['-m', 'realtime', '--realtime', id, ...bot, FEATURES[j % FEATURES.length], '--transcription'],
      covers: [id],
    });
  });
  // Web transports the cascade cycle above does not spread (the plain websocket): each on its own,
  // with a TTS whose audio needs resampling for the browser, and beside a phone stream on a phone bot
  // (both arrive as WebSocketRunnerArguments; the bot must tell them apart).
  const resampled =
    SERVICES_BY_ROLE.tts.filter((t) => !t.deprecated).find((t) => ttsDeliveredRate(t, WEB_OUT_RATE) !== WEB_OUT_RATE) ??
    SERVICES_BY_ROLE.tts[0];
  TRANSPORTS.filter((t) => t.kind === 'web' && !['daily', 'smallwebrtc'].includes(t.id)).forEach((t, k) => {
    samples.push({
      name: `web-${t.id}`,
      args: [
        '-m',
        'cascade',
        '--stt',
        stt[(k + 2) % stt.length],
        '--llm',
        llm[(k + 2) % llm.length],
        '--tts',
        resampled.id,
        '-b',
        'web',
        '-t',
        t.id,
        '--recording',
        '--transcription',
      ],
      covers: [t.id],
    });
    samples.push({
      name: `phone-${t.id}`,
      args: [
        '-m',
        'cascade',
        '--stt',
        stt[(k + 4) % stt.length],
        '--llm',
        llm[(k + 4) % llm.length],
        '--tts',
        tts[(k + 4) % tts.length],
        '-b',
        'telephony',
        '-t',
        telephony[0],
        '-t',
        t.id,
        '-t',
        'smallwebrtc',
      ],
      covers: [t.id],
    });
  });
  samples.push({
    name: 'avatar-realtime',
    args: ['-m', 'realtime', '--realtime', realtime[0], '-b', 'web', '-t', 'smallwebrtc', '--video', video[0], '--video-input'],
    covers: [],
  });
  samples.push({
    name: 'everything-web',
    args: [
      '-m',
      'cascade',
      '--stt',
      stt[0],
      '--llm',
      llm[0],
      '--tts',
      tts[0],
      '-b',
      'web',
      '-t',
      'daily',
      '-t',
      'smallwebrtc',
      ...FEATURES,
      '--video-input',
      '--video-output',
    ],
    covers: [],
  });
  samples.push({
    name: 'everything-phone',
    args: [
      '-m',
      'cascade',
      '--stt',
      stt[1],
      '--llm',
      llm[1],
      '--tts',
      tts[1],
      '-b',
      'telephony',
      '-t',
      'twilio',
      '-t',
      'telnyx',
      '-t',
      'plivo',
      '-t',
      'exotel',
      '-t',
      'daily_pstn_dialin',
      '-t',
      'daily',
      '-t',
      'smallwebrtc',
      ...FEATURES,
    ],
    covers: [],
  });
  return samples;
}

/**
 * The runtime tier's matrix: {@link sampleMatrix} and the sets described in the module comment.
 *
 * @param inputs what the pairwise set chooses from (default: the catalogue and the options table)
 */
export function runtimeMatrix(inputs: CoveringInputs = coveringInputs()): Sample[] {
  const stt = selectable('stt');
  const llm = selectable('llm');
  const tts = selectable('tts');
  const realtime = selectable('realtime');
  const streams = TRANSPORTS.filter((t) => t.kind === 'telephony' && t.flow === 'runner' && !('dialMode' in t)).map((t) => t.id);
  const samples = sampleMatrix();
  tts.forEach((id, i) => {
    const args = ['-m', 'cascade', '--stt', stt[(i + 3) % stt.length], '--llm', llm[(i + 5) % llm.length], '--tts', id];
    args.push('-b', 'telephony', '-t', streams[i % streams.length], '-t', i % 2 === 0 ? 'smallwebrtc' : 'daily');
    samples.push({ name: `phone-tts-${i}`, args, covers: [id, streams[i % streams.length]] });
  });
  samples.push(...pairwiseSamples(inputs));
  samples.push(...firstSpeakerSamples(samples));
  // A phone media stream beside Daily PSTN dial-in and no web transport: both sessions are phone
  // calls, and only the Daily one may register Daily's dial-in events.
  samples.push({
    name: 'phone-stream-pstn-dialin',
    args: [
      '-m',
      'cascade',
      '--stt',
      stt[24],
      '--llm',
      llm[10],
      '--tts',
      tts[17],
      '-b',
      'telephony',
      '-t',
      streams[0],
      '-t',
      'daily_pstn_dialin',
    ],
    covers: [streams[0], 'daily_pstn_dialin'],
  });
  // `--eval`: the eval session (pipecat's eval harness through the starter scenarios) beside a
  // phone-only bot, a web realtime bot, and a bot whose calls all come from server.py.
  samples.push(
    {
      name: 'eval-cascade-phone',
      args: ['-m', 'cascade', '--stt', stt[2], '--llm', llm[1], '--tts', tts[3], '-b', 'telephony', '-t', streams[0], '--eval'],
      covers: ['--eval', 'cascade'],
    },
    {
      name: 'eval-realtime-web',
      args: ['-m', 'realtime', '--realtime', realtime[0], '-b', 'web', '-t', 'smallwebrtc', '--eval', '--no-deploy-to-cloud'],
      covers: ['--eval', 'realtime'],
    },
    {
      name: 'eval-realtime-dialout',
      args: ['-m', 'realtime', '--realtime', realtime[1], '-b', 'telephony', '-t', 'daily_pstn', '--daily-pstn-mode', 'dial-out', '--eval'],
      covers: ['--eval', 'realtime', 'daily_pstn_dialout'],
    },
  );
  return samples;
}

/** The dial-out transports (calls the bot places, where the callee speaks first). */
const DIAL_OUTS = TRANSPORTS.filter((t) => t.call === 'dialout').map((t) => t.id);

/**
 * Who speaks first on a call the bot places, per realtime service: each realtime service on a
 * dial-out transport, and on every dial-out transport when its construction depends on the kind of
 * call (a first-speaker setting, e.g. Ultravox's `firstSpeakerSettings`), where `samples` do not
 * already hold that pair. Cascade bots share one greeting rule, which the static sweep and the
 * pairwise set already place on each dial-out transport.
 *
 * @param samples the matrix so far
 * @returns one realtime dial-out project per missing (service, transport) pair, named
 *   `first-<service>-<sip|pstn>` (a project name has at most 50 characters)
 */
export function firstSpeakerSamples(samples: readonly Sample[]): Sample[] {
  const has = (id: string, t: string) => samples.some((s) => s.args.includes(id) && s.args.includes(t));
  return selectable('realtime').flatMap((id, i) => {
    const service = SERVICES_BY_ROLE.realtime.find((s) => s.id === id)!;
    const wanted = /\bcall == "dialout"/.test(service.construct) ? DIAL_OUTS : [DIAL_OUTS[i % DIAL_OUTS.length]];
    const covered = DIAL_OUTS.some((t) => has(id, t));
    return wanted
      .filter((t) => !has(id, t) && (wanted.length > 1 || !covered))
      .map((t) => ({
        name: `first-${id.replace(/_realtime$/, '')}-${t.includes('sip') ? 'sip' : 'pstn'}`,
        args: ['-m', 'realtime', '--realtime', id, '-b', 'telephony', '-t', t, '--no-deploy-to-cloud'],
        covers: [id, t],
      }));
  });
}

/**
 * The pairwise set of the runtime matrix, one project per row of {@link coveringRows}: a bot of
 * the row's transport alone (its bot type from the transport's kind), in the row's mode, with the
 * row's features on and deployment as the row says. Services rotate over the rows (cascade rows
 * over the STT, LLM and TTS lists, realtime rows over the realtime list), so the set spreads over
 * the catalogue as the sample matrix does. Named `pair-<n>-<mode>-<transport>`.
 *
 * @param inputs what the rows choose from (default: the catalogue and the options table)
 */
export function pairwiseSamples(inputs: CoveringInputs = coveringInputs()): Sample[] {
  const stt = selectable('stt');
  const llm = selectable('llm');
  const tts = selectable('tts');
  const realtime = selectable('realtime');
  const kinds = new Map(inputs.transports.map((t) => [t.id, t.kind]));
  let cascade = 0;
  let speechToSpeech = 0;
  return coveringRows(inputs).map((row, n) => {
    const services =
      row.mode === 'realtime'
        ? ['--realtime', realtime[speechToSpeech++ % realtime.length]]
        : ((i) => ['--stt', stt[(i + 5) % stt.length], '--llm', llm[(i + 3) % llm.length], '--tts', tts[(i + 7) % tts.length]])(cascade++);
    const args = ['-m', row.mode, ...services, '-b', kinds.get(row.transport) ?? 'web', '-t', row.transport];
    if (!row.cloud) args.push('--no-deploy-to-cloud');
    args.push(...row.features.map((f) => `--${f}`));
    return {
      name: `pair-${n}-${row.mode}-${row.transport}`,
      args,
      covers: [row.transport, row.mode, ...row.features.map((f) => `--${f}`)],
    };
  });
}

/** `pipecat init` arguments as a flags layer (long and short flags, `--no-` negations, repeated arrays). */
function flagsOf(args: readonly string[]): ConfigLayer {
  const layer: Record<string, unknown> = { project_name: 'matrix' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const negated = a.startsWith('--no-');
    const name = a.replace(/^--(no-)?|^-/, '');
    const o = CONFIG_OPTIONS.find((x) => x.flag === name || x.short === name || x.flagAliases?.includes(name));
    if (!o) throw new Error(`unknown flag ${a}`);
    if (o.type === 'boolean') layer[o.key] = !negated;
    else if (o.type === 'array') layer[o.key] = [...((layer[o.key] as string[] | undefined) ?? []), args[++i]];
    else layer[o.key] = args[++i];
  }
  return layer as ConfigLayer;
}

/**
 * The configuration the product's own resolver makes of a sample's `pipecat init` arguments (what
 * `.yo-rc.json` would record), so readers of the matrix see e.g. `-t daily_pstn --daily-pstn-mode
 * dial-out` as `daily_pstn_dialout`.
 *
 * @throws Error on a flag the options table does not know, or a configuration the resolver refuses
 */
export function resolvedArgs(args: readonly string[]): Record<string, unknown> {
  return resolveConfig({ flags: flagsOf(args) }) as unknown as Record<string, unknown>;
}
