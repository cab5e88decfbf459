/**
 * Video avatar services (catalogue-facts §9). They sit between TTS (or the realtime service) and
 * `transport.output()`, and need the transport's video output enabled.
 */
import { D, reg } from './record.js';
import type { ServiceDefinition } from './types.js';

/** Every video avatar service, ordered by id. */
export const VIDEO_SERVICES = [
  {
    id: 'heygen_video',
    role: 'video',
    label: 'HeyGen',
    extras: ['heygen'],
    imports: [
      { from: 'pipecat.services.heygen.video', names: ['HeyGenVideoService'] },
      { from: 'pipecat.services.heygen.client', names: ['ServiceType'] },
      { from: 'pipecat.services.heygen.api_liveavatar', names: ['LiveAvatarNewSessionRequest'] },
    ],
    construct: `HeyGenVideoService(
    api_key=required(os.getenv("HEYGEN_API_KEY"), "HEYGEN_API_KEY"),
    session=session,
    service_type=ServiceType.LIVE_AVATAR,
    session_request=LiveAvatarNewSessionRequest(
        avatar_id=required(os.getenv("HEYGEN_VIDEO_AVATAR_ID"), "HEYGEN_VIDEO_AVATAR_ID"),
    ),
)`,
    env: [
      { name: 'HEYGEN_API_KEY', description: 'HeyGen LiveAvatar API key (app.liveavatar.com)', required: true },
      { name: 'HEYGEN_VIDEO_AVATAR_ID', description: 'LiveAvatar avatar id (app.liveavatar.com > Avatars)', required: true },
    ],
    needsHttpSession: true,
    note: 'Uses HeyGen LiveAvatar.',
    record: {
      follows: [reg('heygen_video'), 'src/pipecat/services/heygen/video.py#HeyGenVideoService'],
      compared: ['api_key', 'avatar_id', 'service_type', 'session', 'session_request'],
      runtime: {
        layer: 'vendor-protocol',
        where:
          'test/runtime/python/standins/aiohttp and standins/_vendors/liveavatar.py: the LiveAvatar session API, a LiveKit room (standins/livekit) whose avatar speaks the agent.speak audio',
      },
      deviations: [
        D.required('HEYGEN_API_KEY', 'HEYGEN_VIDEO_AVATAR_ID'),
        {
          what: '`session_request.avatar_id` from `HEYGEN_VIDEO_AVATAR_ID` (registry: the literal string "HEYGEN_AVATAR_ID")',
          why: 'the registry passes the variable name as the avatar id, which no avatar has; the bot reads the id from the environment',
        },
      ],
    },
  },
  {
    id: 'simli_video',
    role: 'video',
    label: 'Simli',
    extras: ['simli'],
    imports: [{ from: 'pipecat.services.simli.video', names: ['SimliVideoService'] }],
    construct: `SimliVideoService(
    api_key=required(os.getenv("SIMLI_API_KEY"), "SIMLI_API_KEY"),
    face_id=required(os.getenv("SIMLI_VIDEO_FACE_ID"), "SIMLI_VIDEO_FACE_ID"),
)`,
    env: [
      { name: 'SIMLI_API_KEY', description: 'Simli API key (app.simli.com)', required: true },
      { name: 'SIMLI_VIDEO_FACE_ID', description: 'Simli face id of the avatar', required: true },
    ],
    // Simli streams a square 512x512 face; pipecat's Simli example sizes its output to match
    // (examples/foundational/27-simli-layer.py: video_out_width=512, video_out_height=512).
    videoOutSize: [512, 512],
    record: {
      follows: [reg('simli_video'), 'src/pipecat/services/simli/video.py#SimliVideoService'],
      compared: ['api_key', 'face_id'],
      runtime: {
        layer: 'sdk-call',
        where: 'test/runtime/python/standins/simli: the Simli client answers with a face and the audio it was sent',
      },
      deviations: [D.required('SIMLI_API_KEY', 'SIMLI_VIDEO_FACE_ID'), D.renamed('face_id', 'SIMLI_VIDEO_FACE_ID', 'SIMLI_FACE_ID')],
      changes18: [{ fragment: 'changelog/5273.fixed.md', follow: 'is_trinity_avatar=True no longer raises; bot.py leaves it False.' }],
    },
  },
  {
    id: 'tavus_video',
    role: 'video',
    label: 'Tavus',
    extras: ['tavus'],
    imports: [{ from: 'pipecat.services.tavus.video', names: ['TavusVideoService'] }],
    construct: `TavusVideoService(
    api_key=required(os.getenv("TAVUS_API_KEY"), "TAVUS_API_KEY"),
    replica_id=required(os.getenv("TAVUS_VIDEO_REPLICA_ID"), "TAVUS_VIDEO_REPLICA_ID"),
    session=session,
    **present(persona_id=os.getenv("TAVUS_VIDEO_PERSONA_ID")),
)`,
    env: [
      { name: 'TAVUS_API_KEY', description: 'Tavus API key (platform.tavus.io > API keys)', required: true },
      { name: 'TAVUS_VIDEO_REPLICA_ID', description: 'Tavus replica id of the avatar (platform.tavus.io > Replicas)', required: true },
      { name: 'TAVUS_VIDEO_PERSONA_ID', description: 'Tavus persona id (empty: pipecat0, the pipecat persona)', required: false },
    ],
    needsHttpSession: true,
    note: 'Joins a Daily room internally (installs daily-python).',
    record: {
      follows: [reg('tavus_video'), 'src/pipecat/services/tavus/video.py#TavusVideoService'],
      compared: ['api_key', 'persona_id', 'replica_id', 'session'],
      runtime: {
        layer: 'vendor-protocol',
        where:
          'test/runtime/python/standins/aiohttp and standins/_vendors/tavus.py: the conversation API and a Daily room (standins/daily) whose replica speaks the conversation.echo audio',
      },
      deviations: [
        D.required('TAVUS_API_KEY', 'TAVUS_VIDEO_REPLICA_ID'),
        D.renamed('replica_id', 'TAVUS_VIDEO_REPLICA_ID', 'TAVUS_REPLICA_ID'),
        D.added('persona_id', 'TAVUS_VIDEO_PERSONA_ID'),
      ],
      changes18: [
        { fragment: 'changelog/5392.fixed.md', follow: 'TavusTransport honours bot_name; bot.py uses TavusVideoService, unaffected.' },
      ],
    },
  },
] as const satisfies readonly ServiceDefinition[];
