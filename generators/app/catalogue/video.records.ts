/**
 * The deviation records of the video avatar services of `./video.ts`, keyed by entry id:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ./types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { about, D, example, reg } from './record.js';
import type { DeviationRecord } from './types.js';

/** The folder of pipecat's avatar examples. */
const EXAMPLES = 'examples/video-avatar';

/**
 * The transport params every avatar example of pipecat 1.8 sets on both its `daily` and `webrtc`
 * entries, at the avatar's frame size.
 *
 * @param width the avatar's frame width in pixels
 * @param height its height
 */
function videoParams(width: number, height: number): Record<string, string> {
  return {
    audio_in_enabled: 'True',
    audio_out_enabled: 'True',
    video_out_enabled: 'True',
    video_out_is_live: 'True',
    video_out_width: String(width),
    video_out_height: String(height),
  };
}

/** The `PipelineParams` every avatar example sets. */
const METRICS = { enable_metrics: 'True', enable_usage_metrics: 'True' };

/** Every video avatar service's record, by id (the order of VIDEO_SERVICES). */
export const VIDEO_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  heygen_video: {
    follows: [reg('heygen_video'), 'src/pipecat/services/heygen/video.py#HeyGenVideoService'],
    example: example(`${EXAMPLES}/video-avatar-heygen-video-service.py`, {
      daily: { ...videoParams(1280, 720), video_out_bitrate: '2000000' },
      webrtc: videoParams(1280, 720),
      pipeline: METRICS,
      service: {
        api_key: "os.environ['HEYGEN_LIVE_AVATAR_API_KEY']",
        service_type: 'ServiceType.LIVE_AVATAR',
        session: 'session',
        session_request: "LiveAvatarNewSessionRequest(is_sandbox=True, avatar_id='dd73ea75-1218-4ef3-92ce-606d5f7fbc0a')",
      },
      handler: { update_publishing: "publishing_settings={'camera': {'sendSettings': {'allowAdaptiveLayers': True}}}" },
    }),
    compared: [
      'api_key',
      'avatar_id',
      'service_type',
      'session',
      'session_request',
      'the example transport params (daily, webrtc), PipelineParams and on_client_connected publishing (record.example)',
    ],
    runtime: {
      layer: 'vendor-protocol',
      where:
        'test/runtime/python/standins/aiohttp and standins/_vendors/liveavatar.py: the LiveAvatar session API, a LiveKit room (standins/livekit) whose avatar speaks the agent.speak audio',
    },
    deviations: [
      D.required('HEYGEN_API_KEY', 'HEYGEN_VIDEO_AVATAR_ID'),
      about(
        {
          what: '`api_key` from `HEYGEN_API_KEY` (example: `HEYGEN_LIVE_AVATAR_API_KEY`)',
          why: "the registry's name, which `pipecat init` writes into .env.example; read through required(...) (above)",
        },
        'service.api_key',
      ),
      about(
        {
          what: '`session_request.avatar_id` from `HEYGEN_VIDEO_AVATAR_ID` (registry: the literal string "HEYGEN_AVATAR_ID"; example: the sandbox avatar)',
          why: 'the registry passes the variable name as the avatar id, which no avatar has; the bot reads the id from the environment',
        },
        'service.session_request',
      ),
      about(
        {
          what: 'no `session_request.is_sandbox=True` (example: a sandbox session)',
          why: "LiveAvatar's sandbox mode works only with its one sandbox avatar (the example's comment, docs.liveavatar.com developing-in-sandbox-mode); a generated bot speaks with the user's own avatar",
        },
        'service.session_request',
      ),
      about(
        {
          what: 'no `video_out_bitrate=2_000_000` on the Daily params (example: 2 Mbps)',
          why: 'deprecated since pipecat 1.1 and read by no transport in 1.8: BaseOutputTransport only logs a deprecation warning for it (transports/base_output.py), Daily publishes camera_out_send_settings instead',
        },
        'daily.video_out_bitrate',
      ),
      about(
        {
          what: 'no `update_publishing(camera sendSettings allowAdaptiveLayers=True)` in on_client_connected on Daily (example: sets it)',
          why: "adaptive layers (simulcast) only adapt the avatar's 720p video to a viewer's bandwidth; not yet checked against daily-python's send settings for a custom camera track, nor modelled by the Daily stand-in",
          fix: 'pass `camera_out_send_settings={"allowAdaptiveLayers": True}` in the HeyGen bot\'s DailyParams once daily-python is shown to accept it at join',
        },
        'handler.update_publishing',
      ),
    ],
  },
  simli_video: {
    follows: [reg('simli_video'), 'src/pipecat/services/simli/video.py#SimliVideoService'],
    example: example(`${EXAMPLES}/video-avatar-simli-video-service.py`, {
      daily: videoParams(512, 512),
      webrtc: videoParams(512, 512),
      pipeline: METRICS,
      service: { api_key: "os.environ['SIMLI_API_KEY']", face_id: "'cace3ef7-a4c4-425d-a8cf-a5358eb0c427'" },
    }),
    compared: ['api_key', 'face_id', 'the example transport params (daily, webrtc) and PipelineParams (record.example)'],
    runtime: {
      layer: 'sdk-call',
      where: 'test/runtime/python/standins/simli: the Simli client answers with a face and the audio it was sent',
    },
    deviations: [
      about(D.required('SIMLI_API_KEY', 'SIMLI_VIDEO_FACE_ID'), 'service.api_key'),
      about(D.renamed('face_id', 'SIMLI_VIDEO_FACE_ID', 'SIMLI_FACE_ID'), 'service.face_id'),
      about(
        {
          what: '`face_id` read from the environment (example: a literal face id)',
          why: "the example's face is Simli's demo face; a generated bot shows the user's own face, chosen in .env",
        },
        'service.face_id',
      ),
    ],
    changes18: [{ fragment: 'changelog/5273.fixed.md', follow: 'is_trinity_avatar=True no longer raises; bot.py leaves it False.' }],
  },
  tavus_video: {
    follows: [reg('tavus_video'), 'src/pipecat/services/tavus/video.py#TavusVideoService'],
    example: example(`${EXAMPLES}/video-avatar-tavus-video-service.py`, {
      daily: { ...videoParams(1280, 720), audio_out_auto_silence: 'False' },
      webrtc: { ...videoParams(1280, 720), audio_out_auto_silence: 'False' },
      pipeline: { audio_in_sample_rate: '16000', audio_out_sample_rate: '24000', ...METRICS },
      service: { api_key: "os.environ['TAVUS_API_KEY']", replica_id: "os.environ['TAVUS_REPLICA_ID']", session: 'session' },
    }),
    compared: [
      'api_key',
      'persona_id',
      'replica_id',
      'session',
      'the example transport params (daily, webrtc) and PipelineParams (record.example)',
    ],
    runtime: {
      layer: 'vendor-protocol',
      where:
        'test/runtime/python/standins/aiohttp and standins/_vendors/tavus.py: the conversation API and a Daily room (standins/daily) whose replica speaks the conversation.echo audio',
    },
    deviations: [
      about(D.required('TAVUS_API_KEY', 'TAVUS_VIDEO_REPLICA_ID'), 'service.api_key', 'service.replica_id'),
      about(D.renamed('replica_id', 'TAVUS_VIDEO_REPLICA_ID', 'TAVUS_REPLICA_ID'), 'service.replica_id'),
      about(D.added('persona_id', 'TAVUS_VIDEO_PERSONA_ID'), 'service.**'),
    ],
    changes18: [
      { fragment: 'changelog/5392.fixed.md', follow: 'TavusTransport honours bot_name; bot.py uses TavusVideoService, unaffected.' },
    ],
  },
};
