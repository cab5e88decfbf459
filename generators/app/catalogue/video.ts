/**
 * Video avatar services (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/services/{heygen,simli,tavus}/`). They sit between TTS (or the realtime service) and
 * `transport.output()`, and need the transport's video output enabled.
 */
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
    // LiveAvatar streams 720p and HeyGen's example sizes its output to match: pipecat's output
    // transport resizes every frame to the output size (base_output.py _draw_image).
    videoOutSize: [1280, 720],
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
    // Tavus streams 720p and its example sizes its output to match (no frame resized), and turns off the output's silence:
    // the replica sends audio or silence all the time, and silence the transport inserts between
    // its chunks makes small glitches while the bot speaks (pipecat PR 4104, which added the flag).
    videoOutSize: [1280, 720],
    videoOutArgs: ['audio_out_auto_silence=False'],
  },
] as const satisfies readonly ServiceDefinition[];
