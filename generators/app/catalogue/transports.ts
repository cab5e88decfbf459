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
 * here plus its README partial.
 */
import { TEMPLATES } from './record.js';
import type { Deviation, DeviationRecord, EnvVarDefinition, TransportDefinition, TransportParamsDefinition } from './types.js';

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

/** Where the runtime tier answers a Daily session: the daily-python stand-in, driven by rt/daily.py. */
const DAILY_RT: DeviationRecord['runtime'] = {
  layer: 'sdk-call',
  where: 'test/runtime/python/standins/daily (CallClient), sessions built by rt/daily.py',
};

/** Where the runtime tier answers a phone media stream. */
const PHONE_RT: DeviationRecord['runtime'] = {
  layer: 'vendor-protocol',
  where: "test/runtime/python/rt/telephony.py: the provider's WebSocket handshake and 20 ms media messages",
};

/** What the phone media streams compare with pipecat's scaffolder. */
const PHONE_COMPARED = [
  'FastAPIWebsocketParams(audio_in_enabled, audio_out_enabled)',
  'serializer and add_wav_header (set by create_transport)',
  'PipelineParams audio_in_sample_rate / audio_out_sample_rate',
  'on_client_connected greeting, on_client_disconnected cancel',
];

/** Deviations every phone media stream shares. */
const PHONE_DEVIATIONS: readonly Deviation[] = [
  {
    what: 'the pipeline runs at 8 kHz only when the session is a media stream (`isinstance(runner_args, WebSocketRunnerArguments)`), else 16/24 kHz (registry: 8 kHz for every telephony bot)',
    why: 'a telephony project can also carry a Daily or browser session, which has wideband audio; the serializers resample to 8 kHz themselves',
  },
];

/** Removed for pipecat 1.8: the dial-in error handler on transports that have no such event. */
const DIALIN_ERROR_REMOVED: Deviation = {
  what: '`on_dialin_error` was registered on every transport of a project that also has Daily PSTN dial-in',
  why: 'a media stream has no such event, so pipecat logged a WARNING on every call; bot.py now registers it only when the session is a DailyRunnerArguments one (the Daily transport)',
};

/** Deviations of the Daily web transports' video output. */
const VIDEO_OUT: Deviation = {
  what: '`video_out_width=1024, video_out_height=576` (registry: 1024x768), or the avatar size (`videoOutSize`)',
  why: "pipecat's output transport resizes every frame to this size without keeping the aspect ratio (transports/base_output.py _draw_image), so 16:9 fits the avatars and cameras that send 16:9 and a square avatar gets its own size",
};

/** The user's camera is forwarded when video input is on. */
const CAMERA_IN: Deviation = {
  what: '`maybe_capture_participant_camera(transport, client)` in on_client_connected when video input is on (registry: only `video_in_enabled=True`)',
  why: "video_in_enabled alone subscribes Daily to no camera: its participant video arrives only once captured (pipecat/runner/utils.py maybe_capture_participant_camera); SmallWebRTC's input reads the camera with video_in_enabled alone in pipecat 1.8 (transports/smallwebrtc/transport.py start), so there the call changes nothing",
};

/** server.py's local start names the transport (every flow that has a server.py). */
const LOCAL_START: Deviation = {
  what: 'server.py starts a local bot with `{"transport": "daily", "createDailyRoom": false, "body": ...}` on the runner\'s POST /start (registry: no `transport`)',
  why: "pipecat 1.8's runner takes the transport from the explicit field, then createDailyRoom, then -t, else webrtc (runner/run.py start): without the field the runner registers a WebRTC session and the bot never starts unless the runner was run with -t daily",
};

/** Dial-out flows (Daily PSTN, Twilio + Daily SIP). */
const DIALOUT_COMPARED = [
  'DailyTransport(room_url, token, bot_name, params=DailyParams(audio_in_enabled, audio_out_enabled))',
  'DailyParams.api_key',
  'on_joined → start_dialout; on_dialout_answered; on_dialout_error retries; on_client_disconnected cancel',
  'greeting (none: the callee speaks first)',
  'server.py: configure(session, enable_dialout, sip_caller_phone); the body posted to the runner /start (transport, createDailyRoom) or to Pipecat Cloud',
];

/** Deviations both dial-out flows share. */
const DIALOUT_DEVIATIONS: readonly Deviation[] = [
  {
    what: 'three dial-out attempts (registry DialoutManager: five), an immediate start_dialout error counts as an attempt, and an error after the call was answered ends the session instead of dialing again',
    why: "Daily reports a refusal (bad number, dial-out disabled) as start_dialout's return value with no on_dialout_error; redialing an answered call would ring the person twice",
  },
  {
    what: '`DailyParams.api_key` not passed (registry: `os.getenv("DAILY_API_KEY")`)',
    why: 'DailyTransport reads api_key only for the pinless dial-in update (_handle_dialin_ready); dial-out runs on the owner token server.py creates',
  },
  {
    what: 'server.py creates the room with `configure(session, enable_dialout=True)` (registry: also `sip_caller_phone=`, the number or the SIP user)',
    why: 'sip_caller_phone makes configure create a SIP dial-in room (sip_mode "dial-in", runner/daily.py); the bot places the call, so the room needs only dial-out',
  },
  LOCAL_START,
  {
    what: 'without a room in the body, bot() raises instead of falling back to create_transport for local tests',
    why: 'a dial-out project has no web transport in this tool; the README starts calls through server.py',
  },
];

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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#DailyParams`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#on_client_ready`,
        'src/pipecat/transports/daily/transport.py#DailyParams',
        'src/pipecat/runner/utils.py#create_transport',
      ],
      compared: [
        'DailyParams(audio_in_enabled, audio_out_enabled, audio_in_filter)',
        'video_in_enabled, video_out_enabled, video_out_is_live, video_out_width x video_out_height',
        'RTVI on_client_ready greeting; on_client_connected; on_client_disconnected cancel',
      ],
      runtime: DAILY_RT,
      deviations: [VIDEO_OUT, CAMERA_IN],
      changes18: [
        { fragment: 'changelog/5350.fixed.md', follow: 'The Daily client no longer leaks a worker thread per session; nothing to change.' },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#TransportParams`,
        'src/pipecat/transports/smallwebrtc/transport.py#SmallWebRTCTransport',
        'src/pipecat/runner/utils.py#create_transport',
      ],
      compared: [
        'TransportParams(audio_in_enabled, audio_out_enabled, audio_in_filter)',
        'video_in_enabled, video_out_enabled, video_out_is_live, video_out_width x video_out_height',
        'extras webrtc / webrtc-video',
        'RTVI on_client_ready greeting; on_client_disconnected cancel',
      ],
      runtime: { layer: 'sdk-call', where: 'test/runtime/python/standins/aiortc and standins/av, sessions built by rt/webrtc.py' },
      deviations: [
        {
          what: '`video_out_enabled=True` with video output (registry: omitted for SmallWebRTC)',
          why: 'without it the output transport sends no video (TransportParams.video_out_enabled, src/pipecat/transports/base_transport.py)',
        },
        VIDEO_OUT,
        CAMERA_IN,
        {
          what: 'the `webrtc-video` extra with video',
          why: "the webrtc extra's OpenCV path is deprecated; video conversion needs webrtc-video (pipecat's CHANGELOG.md; src/pipecat/transports/smallwebrtc/transport.py)",
        },
      ],
      changes18: [
        {
          fragment: 'changelog/5376.added.md',
          follow: 'PIPECAT_ICE_SERVERS / --ice-servers configure STUN/TURN for the runner; optional, the README may name it.',
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#ProtobufFrameSerializer`,
        'src/pipecat/transports/websocket/fastapi.py#FastAPIWebsocketParams',
        'src/pipecat/serializers/protobuf.py#ProtobufFrameSerializer',
      ],
      compared: ['FastAPIWebsocketParams(audio_in_enabled, audio_out_enabled, add_wav_header, serializer)', 'audio_out_sample_rate'],
      runtime: {
        layer: 'vendor-protocol',
        where:
          'test/runtime/python/rt/websocket.py plays @pipecat-ai/websocket-transport (RTVI client-ready, 16 kHz microphone frames); frames_pb2 is a stand-in',
      },
      deviations: [
        {
          what: '`audio_out_sample_rate=24000`',
          why: 'the browser client plays audio at 24 kHz whatever rate a frame names, so the bot must send 24 kHz',
        },
        { what: '`add_wav_header=False` not written', why: 'it is the FastAPIWebsocketParams default (transports/websocket/fastapi.py)' },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#FastAPIWebsocketParams`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#standard_handlers`,
        'src/pipecat/serializers/twilio.py#TwilioFrameSerializer',
        'src/pipecat/runner/utils.py#create_transport',
      ],
      upstream: ['pipecat-ai/pipecat-examples twilio-chatbot/inbound/bot.py'],
      compared: [...PHONE_COMPARED, 'TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN', 'get_call_info (Twilio REST caller lookup)'],
      runtime: PHONE_RT,
      removed: [DIALIN_ERROR_REMOVED],
      deviations: [
        ...PHONE_DEVIATIONS,
        {
          what: '`TWILIO_ACCOUNT_SID` and `TWILIO_AUTH_TOKEN` required',
          why: 'create_transport builds TwilioFrameSerializer with auto_hang_up on, which raises without them (serializers/twilio.py)',
        },
        {
          what: "no get_call_info() caller lookup (registry: an optional Twilio REST lookup logging the caller's numbers)",
          why: 'the registry marks it optional personalization; it costs a REST call per call and the twilio package',
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_blocks/bot_entry_twilio_daily_sip.jinja2`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#twilio_daily_sip_dialin_handlers`,
        `${TEMPLATES}/server_twilio_daily_sip_dialin.py.jinja2#VoiceResponse`,
        `${TEMPLATES}/server_utils_twilio_daily_sip_dialin.py.jinja2`,
      ],
      upstream: [
        'pipecat-ai/pipecat-examples phone-chatbot/daily-twilio-sip-dial-in/server.py',
        'pipecat-ai/pipecat-examples phone-chatbot/daily-twilio-sip-dial-in/bot.py',
      ],
      compared: [
        'DailyTransport(room_url, token, bot_name, params=DailyParams(audio_in_enabled, audio_out_enabled))',
        'on_dialin_ready → Twilio calls(call_sid).update(twiml=<Dial><Sip>sip_uri); on_dialin_error cancel',
        'greeting on on_client_connected; on_client_disconnected cancel',
        'server.py: configure(session, sip_caller_phone=From); the TwiML answer that holds the caller',
      ],
      runtime: {
        layer: 'sdk-call',
        where: 'test/runtime/python/rt/daily.py: the body server.py sends (server.py itself does not run); standins/daily',
      },
      removed: [
        {
          what: 'server.py answered with `<Say>Please wait while we connect you.</Say><Pause length="60"/>` (registry: `<Play loop="10">` a US ringback tone)',
          why: "the caller heard one sentence and then up to 60 s of silence; server.py now plays the ringback tone pipecat's template plays (RINGBACK_URL), looped, until the bot forwards the call",
        },
      ],
      deviations: [
        {
          what: 'the Twilio REST update runs in a worker thread (`asyncio.to_thread`) and a failure ends the session',
          why: 'the twilio client is synchronous: called inline it blocks the event loop; a failed forward (bad credentials, caller gone) leaves nobody to join the room',
        },
        LOCAL_START,
        {
          what: 'without a room in the body, bot() raises instead of falling back to create_transport for local tests',
          why: 'a SIP project has no web transport in this tool; the README starts calls through server.py',
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_blocks/bot_entry_twilio_daily_sip.jinja2`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#twilio_daily_sip_dialout_handlers`,
        `${TEMPLATES}/server_twilio_daily_sip_dialout.py.jinja2`,
        `${TEMPLATES}/server_utils_twilio_daily_sip_dialout.py.jinja2`,
      ],
      upstream: ['pipecat-ai/pipecat-examples phone-chatbot/daily-twilio-sip-dial-out/bot.py'],
      compared: [...DIALOUT_COMPARED, 'start_dialout settings: sipUri'],
      runtime: {
        layer: 'sdk-call',
        where: 'test/runtime/python/rt/daily.py: the body server.py sends (server.py itself does not run); standins/daily',
      },
      deviations: [...DIALOUT_DEVIATIONS],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#daily_pstn_dialin`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#daily_pstn_dialin_handlers`,
        'src/pipecat/runner/utils.py#create_transport',
        'src/pipecat/runner/types.py#DailyDialinRequest',
        'src/pipecat/transports/daily/transport.py#DailyDialinSettings',
      ],
      upstream: ['pipecat-ai/pipecat-examples phone-chatbot/daily-pstn-dial-in/bot.py'],
      compared: [
        'DailyParams(audio_in_enabled, audio_out_enabled); dialin_settings, api_key, api_url (set by create_transport from the body)',
        'greeting handler (registry: on_first_participant_joined)',
        'on_dialin_error cancel; on_client_disconnected cancel',
        'DailyDialinRequest From/To log',
      ],
      runtime: { layer: 'sdk-call', where: "test/runtime/python/rt/daily.py: Pipecat Cloud's dial-in body; standins/daily" },
      deviations: [
        {
          what: 'the greeting starts in on_client_connected (registry: on_first_participant_joined)',
          why: 'DailyTransport fires on_client_connected for the caller too, so one handler serves every transport of the project',
        },
        {
          what: "no log of the caller's and dialed numbers (registry: DailyDialinRequest From/To)",
          why: 'optional personalization in the registry; phone numbers are personal data the bot does not need',
        },
      ],
      removed: [DIALIN_ERROR_REMOVED],
      changes18: [
        {
          fragment: 'changelog/5358.fixed.md',
          follow: 'Pinless dial-in update failures now reach on_error instead of a log line; bot.py handles on_dialin_error only.',
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_blocks/bot_entry_daily_pstn.jinja2#DailyTransport`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#daily_pstn_dialout_handlers`,
        `${TEMPLATES}/_macros/helper_functions.jinja2#dialout_manager_class`,
        `${TEMPLATES}/server_pstn_dialout.py.jinja2`,
        `${TEMPLATES}/server_utils_pstn_dialout.py.jinja2`,
      ],
      upstream: ['pipecat-ai/pipecat-examples phone-chatbot/daily-pstn-dial-out/bot.py'],
      compared: [...DIALOUT_COMPARED, 'start_dialout settings: phoneNumber, callerId'],
      runtime: {
        layer: 'sdk-call',
        where: 'test/runtime/python/rt/daily.py: the body server.py sends (server.py itself does not run); standins/daily',
      },
      deviations: [
        ...DIALOUT_DEVIATIONS,
        {
          what: '`callerId` forwarded to start_dialout when the request has caller_id (registry: DialoutSettings.caller_id is never forwarded)',
          why: "Daily's callerId selects the purchased number the call comes from (docs.pipecat.ai pipecat-cloud/guides/telephony/daily-dial-out)",
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#FastAPIWebsocketParams`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#standard_handlers`,
        'src/pipecat/serializers/telnyx.py#TelnyxFrameSerializer',
        'src/pipecat/runner/utils.py#create_transport',
      ],
      compared: PHONE_COMPARED,
      runtime: PHONE_RT,
      removed: [DIALIN_ERROR_REMOVED],
      deviations: [
        ...PHONE_DEVIATIONS,
        {
          what: '`TELNYX_API_KEY` required; no log of `call_data.from_number` (registry: optional personalization)',
          why: 'TelnyxFrameSerializer hangs calls up through the API and refuses to start without the key (serializers/telnyx.py)',
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#FastAPIWebsocketParams`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#standard_handlers`,
        'src/pipecat/serializers/plivo.py#PlivoFrameSerializer',
        'src/pipecat/runner/utils.py#create_transport',
      ],
      compared: PHONE_COMPARED,
      runtime: PHONE_RT,
      removed: [DIALIN_ERROR_REMOVED],
      deviations: [
        ...PHONE_DEVIATIONS,
        {
          what: '`PLIVO_AUTH_ID` and `PLIVO_AUTH_TOKEN` required',
          why: 'PlivoFrameSerializer hangs calls up through the API and refuses to start without them (serializers/plivo.py)',
        },
      ],
    },
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
    record: {
      follows: [
        `${TEMPLATES}/_macros/transport_setup.jinja2#FastAPIWebsocketParams`,
        `${TEMPLATES}/_macros/event_handlers.jinja2#standard_handlers`,
        'src/pipecat/serializers/exotel.py#ExotelFrameSerializer',
        'src/pipecat/runner/utils.py#create_transport',
      ],
      compared: PHONE_COMPARED,
      runtime: PHONE_RT,
      deviations: [...PHONE_DEVIATIONS],
      removed: [DIALIN_ERROR_REMOVED],
      changes18: [
        {
          fragment: 'changelog/5219.fixed.md',
          follow: 'The serializer now spells stream_sid as Exotel does; create_transport builds it, nothing to change.',
        },
      ],
    },
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
