/**
 * The deviation records of the transports of `./transports.ts`, keyed by entry id:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ./types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { TEMPLATES } from './record.js';
import type { Deviation, DeviationRecord } from './types.js';

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

/** Every transport's record, by id (the order of TRANSPORTS). */
export const TRANSPORT_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  daily: {
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
  smallwebrtc: {
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
  websocket: {
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
  twilio: {
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
  twilio_daily_sip_dialin: {
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
  twilio_daily_sip_dialout: {
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
  daily_pstn_dialin: {
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
  daily_pstn_dialout: {
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
  telnyx: {
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
  plivo: {
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
  exotel: {
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
};
