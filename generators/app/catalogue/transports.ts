/**
 * Transports: how audio/video reaches the bot. Eleven resolved ids (pipecat's own scaffolder's
 * transports, `src/pipecat/cli/registry/service_metadata.py` at 1.8.0, acead05), plus the two families that need a dial mode to resolve
 * (`daily_pstn`, `twilio_daily_sip`).
 *
 * Ids are the names pipecat's own scaffolder uses (cli/registry/service_metadata.py `value=`:
 * `daily`, `smallwebrtc`, `twilio`...). The seed's ids are accepted as input everywhere and never
 * shown ({@link SEED_TRANSPORT_IDS}). `runnerTransport` is the dev runner's `-t` value and the key
 * of `create_transport(runner_args, transport_params)` in `pipecat.runner.utils`.
 *
 * Each entry carries everything the generator needs for it (see `TransportDefinition`): the
 * runner arguments and session kind the bot tests, the `create_transport` params, the web client's
 * package, the README partials under `templates/project/partials/`. A new transport is one entry
 * here, its record in ./transports.records.ts, and its README partial.
 */
import type { EnvVarDefinition, TransportDefinition, TransportParamsDefinition } from './types.js';

const DAILY_API_KEY: EnvVarDefinition = {
  name: 'DAILY_API_KEY',
  description: 'Daily API key (dashboard.daily.co → Developers); used to create rooms and calls',
  required: true,
};

/** Read by the generated `server.py` of the Daily dial-out and Twilio + Daily SIP flows. */
const CALL_SERVER_ENV: readonly EnvVarDefinition[] = [
  {
    name: 'ENV',
    description: 'server.py: `production` starts bots on Pipecat Cloud, anything else the local runner',
    required: false,
    example: 'production',
    commented: true,
  },
  { name: 'PORT', description: 'server.py: port of the call server', required: false, example: '8080' },
  {
    name: 'LOCAL_SERVER_URL',
    description: 'server.py: URL of the local bot runner (`uv run bot.py`)',
    required: false,
    example: 'http://localhost:7860',
  },
  { name: 'PIPECAT_API_KEY', description: 'server.py in production: Pipecat Cloud public API key (pk_...)', required: false },
  { name: 'PIPECAT_AGENT_NAME', description: 'server.py in production: the Pipecat Cloud agent to start', required: false },
];

const TWILIO_ENV: readonly EnvVarDefinition[] = [
  // Required: pipecat's create_transport builds TwilioFrameSerializer with hang-up on, which raises
  // "auto_hang_up is enabled but missing required parameters" without them (serializers/twilio.py).
  {
    name: 'TWILIO_ACCOUNT_SID',
    description: 'Twilio account SID (console.twilio.com); pipecat hangs the call up through it',
    required: true,
  },
  { name: 'TWILIO_AUTH_TOKEN', description: 'Twilio auth token, paired with TWILIO_ACCOUNT_SID', required: true },
];

/**
 * Params of a phone media stream: `create_transport` adds the provider's serializer (built from the
 * call data it parses) and the 8 kHz phone audio settings itself (pipecat/runner/utils.py
 * `_create_telephony_transport`).
 */
function phoneStreamParams(runnerTransport: string): TransportParamsDefinition {
  return {
    className: 'FastAPIWebsocketParams',
    comment: `create_transport adds the ${runnerTransport} serializer and phone audio settings itself.`,
    video: false,
  };
}

/** README partials of a phone media stream (sections 2 and 3). */
function phoneReadme(id: string): TransportDefinition['readme'] {
  return { local: `transports/${id}.local.md.ejs`, cloud: `transports/${id}.cloud.md.ejs` };
}

/** Every transport, in the order `--list-options` prints them (web first, then telephony). */
export const TRANSPORTS = [
  {
    id: 'daily',
    kind: 'web',
    label: 'Daily (WebRTC)',
    aliases: [],
    runnerTransport: 'daily',
    runnerArgs: 'DailyRunnerArguments',
    call: 'web',
    flow: 'runner',
    params: { className: 'DailyParams', video: true },
    client: {
      type: 'daily',
      packageName: '@pipecat-ai/daily-transport',
      className: 'DailyTransport',
      startBody: { createDailyRoom: true, dailyRoomProperties: { start_video_off: false }, body: {} },
      cameraOffField: 'dailyRoomProperties.start_video_off',
    },
    extras: ['daily'],
    env: [DAILY_API_KEY],
    cloudSupplies: [DAILY_API_KEY.name],
    readme: { local: 'transports/daily.local.md.ejs' },
  },
  {
    id: 'smallwebrtc',
    kind: 'web',
    label: 'SmallWebRTC (peer-to-peer WebRTC)',
    aliases: ['webrtc'],
    runnerTransport: 'webrtc',
    runnerArgs: 'SmallWebRTCRunnerArguments',
    call: 'web',
    flow: 'runner',
    params: { className: 'TransportParams', video: true },
    client: {
      type: 'smallwebrtc',
      packageName: '@pipecat-ai/small-webrtc-transport',
      className: 'SmallWebRTCTransport',
      startBody: { enableDefaultIceServers: true, body: {} },
      wavMediaManager: [],
      offersAtSessions: true,
    },
    reach: "http://localhost:7860/client, the development runner's own page",
    extras: ['webrtc'],
    // The webrtc extra's OpenCV path is deprecated; video conversion needs webrtc-video (pipecat's CHANGELOG.md,
    // src/pipecat/transports/smallwebrtc/transport.py).
    videoExtras: ['webrtc-video'],
    env: [],
    readme: { local: 'transports/smallwebrtc.local.md.ejs' },
  },
  {
    // The runner's plain WebSocket (`-t websocket`, route `/ws-client`): the browser client of
    // @pipecat-ai/websocket-transport speaks pipecat's protobuf frames (run.py _run_websocket_bot;
    // create_transport passes these params unchanged, so the serializer must be set here).
    id: 'websocket',
    kind: 'web',
    label: 'WebSocket (protobuf frames)',
    aliases: [],
    runnerTransport: 'websocket',
    runnerArgs: 'WebSocketRunnerArguments',
    call: 'web',
    flow: 'runner',
    params: {
      className: 'FastAPIWebsocketParams',
      comment: 'The browser client speaks protobuf frames and plays audio at 24 kHz, whatever rate a frame names.',
      args: ['serializer=ProtobufFrameSerializer()', 'audio_out_sample_rate=24000'],
      video: false,
    },
    client: {
      type: 'websocket',
      packageName: '@pipecat-ai/websocket-transport',
      className: 'WebSocketTransport',
      connectsToWsUrl: true,
      startBody: {},
      wavMediaManager: [512, 16000],
    },
    extras: ['websocket'],
    imports: [{ from: 'pipecat.serializers.protobuf', names: ['ProtobufFrameSerializer'] }],
    env: [],
    readme: { local: 'transports/websocket.local.md.ejs' },
  },
  {
    id: 'twilio',
    kind: 'telephony',
    label: 'Twilio (Media Streams)',
    aliases: [],
    runnerTransport: 'twilio',
    runnerArgs: 'WebSocketRunnerArguments',
    call: 'phone',
    flow: 'runner',
    params: phoneStreamParams('twilio'),
    extras: ['websocket'],
    env: TWILIO_ENV,
    readme: phoneReadme('twilio'),
  },
  {
    id: 'twilio_daily_sip_dialin',
    kind: 'telephony',
    label: 'Twilio + Daily SIP (dial-in)',
    aliases: [],
    family: 'twilio_daily_sip',
    dialMode: 'dial-in',
    dialVia: 'sip',
    runnerTransport: 'daily',
    runnerArgs: 'RunnerArguments',
    call: 'phone',
    flow: 'daily-server',
    extras: ['daily'],
    packages: ['twilio>=9.0.0'],
    env: [
      DAILY_API_KEY,
      {
        name: 'TWILIO_ACCOUNT_SID',
        description: 'Twilio account SID: the bot forwards the call to the Daily SIP endpoint',
        required: true,
      },
      { name: 'TWILIO_AUTH_TOKEN', description: 'Twilio auth token, paired with TWILIO_ACCOUNT_SID', required: true },
      ...CALL_SERVER_ENV,
    ],
    readme: { local: 'transports/twilio_daily_sip_dialin.local.md.ejs', cloud: 'transports/call-server.cloud.md.ejs' },
  },
  {
    id: 'twilio_daily_sip_dialout',
    kind: 'telephony',
    label: 'Twilio + Daily SIP (dial-out)',
    aliases: [],
    family: 'twilio_daily_sip',
    dialMode: 'dial-out',
    dialVia: 'sip',
    runnerTransport: 'daily',
    runnerArgs: 'RunnerArguments',
    call: 'dialout',
    flow: 'daily-server',
    extras: ['daily'],
    env: [DAILY_API_KEY, ...CALL_SERVER_ENV],
    readme: { local: 'transports/twilio_daily_sip_dialout.local.md.ejs', cloud: 'transports/call-server.cloud.md.ejs' },
  },
  {
    id: 'daily_pstn_dialin',
    kind: 'telephony',
    label: 'Daily PSTN (dial-in)',
    aliases: [],
    family: 'daily_pstn',
    dialMode: 'dial-in',
    dialVia: 'pstn',
    runnerTransport: 'daily',
    runnerArgs: 'DailyRunnerArguments',
    call: 'phone',
    flow: 'runner',
    params: { className: 'DailyParams', video: false },
    extras: ['daily'],
    env: [DAILY_API_KEY],
    cloudSupplies: [DAILY_API_KEY.name],
    readme: { local: 'transports/daily_pstn_dialin.local.md.ejs', cloud: 'transports/daily_pstn_dialin.cloud.md.ejs' },
  },
  {
    id: 'daily_pstn_dialout',
    kind: 'telephony',
    label: 'Daily PSTN (dial-out)',
    aliases: [],
    family: 'daily_pstn',
    dialMode: 'dial-out',
    dialVia: 'pstn',
    runnerTransport: 'daily',
    runnerArgs: 'RunnerArguments',
    call: 'dialout',
    flow: 'daily-server',
    extras: ['daily'],
    env: [DAILY_API_KEY, ...CALL_SERVER_ENV],
    readme: { local: 'transports/daily_pstn_dialout.local.md.ejs', cloud: 'transports/call-server.cloud.md.ejs' },
  },
  {
    id: 'telnyx',
    kind: 'telephony',
    label: 'Telnyx',
    aliases: [],
    runnerTransport: 'telnyx',
    runnerArgs: 'WebSocketRunnerArguments',
    call: 'phone',
    flow: 'runner',
    params: phoneStreamParams('telnyx'),
    extras: ['websocket'],
    // Required: TelnyxFrameSerializer hangs calls up through the API and refuses to start without it.
    env: [
      { name: 'TELNYX_API_KEY', description: 'Telnyx API key (portal.telnyx.com); pipecat hangs the call up through it', required: true },
    ],
    readme: phoneReadme('telnyx'),
  },
  {
    id: 'plivo',
    kind: 'telephony',
    label: 'Plivo',
    aliases: [],
    runnerTransport: 'plivo',
    runnerArgs: 'WebSocketRunnerArguments',
    call: 'phone',
    flow: 'runner',
    params: phoneStreamParams('plivo'),
    extras: ['websocket'],
    env: [
      // Required: PlivoFrameSerializer hangs calls up through the API and refuses to start without them.
      { name: 'PLIVO_AUTH_ID', description: 'Plivo auth ID (console.plivo.com); pipecat hangs the call up through it', required: true },
      { name: 'PLIVO_AUTH_TOKEN', description: 'Plivo auth token, paired with PLIVO_AUTH_ID', required: true },
    ],
    readme: phoneReadme('plivo'),
  },
  {
    id: 'exotel',
    kind: 'telephony',
    label: 'Exotel',
    aliases: [],
    runnerTransport: 'exotel',
    runnerArgs: 'WebSocketRunnerArguments',
    call: 'phone',
    flow: 'runner',
    params: phoneStreamParams('exotel'),
    extras: ['websocket'],
    env: [],
    readme: phoneReadme('exotel'),
  },
] as const satisfies readonly TransportDefinition[];

/** A transport family that resolves to one id per dial mode (`--daily-pstn-mode`...). */
interface TransportFamily {
  /** Family id, accepted by `--transport`. */
  readonly id: string;
  readonly aliases: readonly string[];
  readonly label: string;
  /** Flag and config key that give the mode. */
  readonly modeFlag: '--daily-pstn-mode' | '--twilio-daily-sip-mode';
  readonly modeKey: 'daily_pstn_mode' | 'twilio_daily_sip_mode';
}

/** The two families of the spec. */
export const TRANSPORT_FAMILIES: readonly TransportFamily[] = [
  { id: 'daily_pstn', aliases: [], label: 'Daily PSTN', modeFlag: '--daily-pstn-mode', modeKey: 'daily_pstn_mode' },
  {
    id: 'twilio_daily_sip',
    aliases: [],
    label: 'Twilio + Daily SIP',
    modeFlag: '--twilio-daily-sip-mode',
    modeKey: 'twilio_daily_sip_mode',
  },
];

// seed-ids:begin (a rename of the transport ids leaves these lines alone)
/**
 * The seed's transport ids (the names this tool's first versions used), mapped to today's ids: accepted
 * wherever a transport is read (flags, `--config` files, `.yo-rc.json`, the wizard's given values)
 * and never shown. Projects recorded with them are rewritten to today's ids by `pipecat update`.
 */
export const SEED_TRANSPORT_IDS: Readonly<Record<string, string>> = {
  rtc_hosted: 'daily',
  rtc_small: 'smallwebrtc',
  telco_a: 'twilio',
  telco_b: 'telnyx',
  telco_c: 'plivo',
  telco_d: 'exotel',
  rtc_hosted_pstn: 'daily_pstn',
  rtc_hosted_pstn_dialin: 'daily_pstn_dialin',
  rtc_hosted_pstn_dialout: 'daily_pstn_dialout',
  telco_a_rtc_hosted_sip: 'twilio_daily_sip',
  telco_a_rtc_hosted_sip_dialin: 'twilio_daily_sip_dialin',
  telco_a_rtc_hosted_sip_dialout: 'twilio_daily_sip_dialout',
};
// seed-ids:end

/**
 * A transport value as typed, trimmed and lower-cased, with a seed id replaced by today's id
 * ({@link SEED_TRANSPORT_IDS}); anything else (ids, vendor aliases, unknown values) unchanged.
 *
 * @param value a `--transport` value, a `transports` entry of a config file or `.yo-rc.json`
 */
export function currentTransportName(value: string): string {
  const v = value.trim().toLowerCase();
  return Object.hasOwn(SEED_TRANSPORT_IDS, v) ? SEED_TRANSPORT_IDS[v] : v;
}
