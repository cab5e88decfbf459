/**
 * The deviation records of the feature rows of `./feature-rows.ts`, keyed by feature key:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ../catalogue/types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { TEMPLATES } from '../catalogue/record.js';
import type { DeviationRecord } from '../catalogue/types.js';

/** Every feature row's record, by key (the order of FEATURE_ROWS). */
export const FEATURE_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  recording: {
    follows: [
      `${TEMPLATES}/_macros/helper_functions.jinja2#setup_feature_processors`,
      `${TEMPLATES}/_macros/event_handlers.jinja2#recording_handler`,
      'src/pipecat/processors/audio/audio_buffer_processor.py#AudioBufferProcessor',
    ],
    compared: [
      'AudioBufferProcessor(num_channels, auto_start_recording)',
      'place in the pipeline (after transport.output(), before the assistant aggregator)',
      'on_audio_data handler and the WAV writer',
      'where the file goes',
    ],
    runtime: {
      layer: 'pipecat',
      where: "pipecat's AudioBufferProcessor runs unpatched; test/runtime/python/rt/main.py fails a session that left no recording",
    },
    deviations: [
      {
        what: 'the WAV is written with the standard wave module in a worker thread (`asyncio.to_thread`), named recordings/<date>-<time>.wav (registry: an async writer, recordings/merged_<timestamp>.wav)',
        why: 'disk I/O never blocks the event loop that carries the call audio; one mixed file per session needs no "merged" qualifier',
      },
      {
        what: 'save_recording() calls an upload_recording(path) hook after writing the WAV, and on a deployed agent logs that Pipecat Cloud discards the disk (registry: a local file only)',
        why: "a WAV left on a Pipecat Cloud agent's disk is lost when the session ends; nothing is uploaded by default because every storage needs its own credentials, so the hook's docstring shows where an S3/GCS upload goes",
      },
    ],
    removed: [
      {
        what: 'files were written to the container disk on Pipecat Cloud too, and the README promised WAV files there',
        why: 'Pipecat Cloud discards the disk at the end of the session: the README, the bot.py comment and the log line now say so and name the upload hook (docs.pipecat.ai pipecat-cloud/security/security-and-compliance: session data is removed when the session ends)',
      },
    ],
    changes18: [
      {
        fragment: 'changelog/5326.added.md',
        follow: 'pcm_to_wav() wraps PCM in a WAV container: usable for an upload instead of a local file.',
      },
      {
        fragment: 'changelog/5329.deprecated.md',
        follow: 'on_user_turn_audio_data / on_bot_turn_audio_data are deprecated; bot.py uses on_audio_data only.',
      },
    ],
  },
  transcription: {
    follows: [
      `${TEMPLATES}/_macros/event_handlers.jinja2#transcription_handler`,
      'src/pipecat/processors/aggregators/llm_response_universal.py#UserTurnStoppedMessage',
    ],
    compared: [
      'on_user_turn_stopped (cascade) / on_user_turn_message_added (realtime) on the user aggregator',
      'on_assistant_turn_stopped on the assistant aggregator',
      'line format',
    ],
    runtime: {
      layer: 'pipecat',
      where: "pipecat's aggregators run unpatched; test/runtime/python/rt/main.py fails a session with no transcript lines",
    },
    deviations: [
      {
        what: 'realtime bots log the user side from on_user_turn_message_added (registry: on_user_turn_stopped for every bot)',
        why: 'UserTurnStoppedMessage.content is None in realtime mode (UserTurnStoppedMessage in src/pipecat/processors/aggregators/llm_response_universal.py)',
      },
      {
        what: 'no `[timestamp]` prefix; an interrupted answer ends with `(interrupted)`',
        why: 'every log line already carries its time; the suffix tells a cut-off answer from a complete one',
      },
    ],
  },
  video_input: {
    follows: [
      `${TEMPLATES}/_macros/transport_setup.jinja2#video_in_enabled`,
      'src/pipecat/runner/utils.py#maybe_capture_participant_camera',
    ],
    compared: [
      'video_in_enabled on DailyParams / TransportParams',
      'camera capture on client connect',
      'EvalTransportParams video_in_enabled',
    ],
    runtime: {
      layer: 'sdk-call',
      where:
        'test/runtime/python/standins/daily and standins/aiortc deliver the participant camera; rt/traces.py fails a Daily or SmallWebRTC web session whose input never received it',
    },
    deviations: [
      {
        what: '`maybe_capture_participant_camera(transport, client)` in on_client_connected (registry: only `video_in_enabled=True`)',
        why: "video_in_enabled alone subscribes Daily to no camera: its participant video arrives only once captured (SmallWebRTC's input reads the camera with video_in_enabled alone in pipecat 1.8, transports/smallwebrtc/transport.py start, so there the call changes nothing)",
      },
      {
        what: 'the eval transport params get no `video_in_enabled` (registry: set with video input)',
        why: "the eval transport carries no camera: it answers a UserImageRequestFrame with the scenario's image whatever video_in_enabled says (src/pipecat/evals/transport.py _serve_user_image), and the generated bot requests no image, so the flag would change nothing",
      },
    ],
  },
  video_output: {
    follows: [`${TEMPLATES}/_macros/transport_setup.jinja2#video_out_is_live`, 'src/pipecat/transports/base_output.py#_draw_image'],
    compared: ['video_out_enabled', 'video_out_is_live', 'video_out_width x video_out_height'],
    runtime: {
      layer: 'sdk-call',
      where:
        'test/runtime/python/standins/daily and standins/aiortc; the tier fails an avatar whose video never reaches the client or reaches it stretched (rt/avatar.py)',
    },
    deviations: [
      {
        what: '1024x576 (registry: 1024x768), or the avatar size (`videoOutSize`)',
        why: 'the output transport resizes every frame without keeping the aspect ratio (_draw_image), so 16:9 fits 16:9 sources and a square avatar gets its own size',
      },
      {
        what: '`video_out_enabled=True` on SmallWebRTC too (registry: omitted there)',
        why: 'without it the output transport sends no video (TransportParams.video_out_enabled, src/pipecat/transports/base_transport.py)',
      },
    ],
  },
  enable_observability: {
    follows: [`${TEMPLATES}/_blocks/run_bot_logic_cascade.jinja2#WhiskerObserver`],
    compared: [
      'Whisker wiring (observer vs server worker)',
      'when it runs (local only vs always)',
      'where pipecat-ai-whisker is installed',
    ],
    runtime: {
      layer: 'sdk-call',
      where:
        'pipecat_whisker is a recording fake (test/runtime/python/standins/_autofake.py); rt/traces.py fails an `all` session (ENV=local) whose Whisker observer saw no frame, and a `required` one that built Whisker',
    },
    deviations: [
      {
        what: '`WhiskerServer()` added as a worker with `worker.add_observer(whisker.create_observer(worker))` (registry: `observers=[WhiskerObserver(pipeline)]`)',
        why: 'pipecat-ai-whisker 2.x: WhiskerObserver(pipeline) does not fit its signature; the server is itself a worker (pipecat-ai-whisker 2.0.1 on PyPI: WhiskerServer and create_observer)',
      },
      {
        what: 'only when ENV=local (the development runner)',
        why: 'Whisker serves a local debugging UI on ws://localhost:9090; a deployed agent has nobody to connect to it',
      },
    ],
  },
  enable_noisecancel: {
    follows: [
      `${TEMPLATES}/bot_cascade.py.jinja2#KrispVivaFilter`,
      `${TEMPLATES}/pcc-deploy.toml.jinja2#krisp_viva`,
      'src/pipecat/audio/filters/krisp_viva_filter.py#KrispVivaFilter',
    ],
    compared: [
      'KrispVivaFilter() import and construction',
      'the ENV != "local" guard',
      'audio_in_filter on each transport params',
      'pcc-deploy.toml [krisp_viva]',
    ],
    runtime: {
      layer: 'sdk-call',
      where:
        "test/runtime/python/standins/krisp_audio; rt/traces.py fails a `required` session (ENV unset, as on Pipecat Cloud) whose transport input did not start the filter and filter the user's speech",
    },
    deviations: [
      {
        what: '`audio_in_filter` is also set on the eval transport params (registry: not there)',
        why: 'harmless: `-t eval` runs through the development runner, which sets ENV=local, so the filter is None there',
      },
    ],
    changes18: [
      {
        fragment: 'changelog/5302.fixed.md',
        follow: "KrispVivaFilter works with Krisp SDK 1.11's nanobind bindings; bot.py passes no noise_suppression_level.",
      },
    ],
  },
  enable_eval: {
    follows: [
      `${TEMPLATES}/_macros/transport_setup.jinja2#EvalTransportParams`,
      `${TEMPLATES}/evals/starter_audio.yaml.jinja2`,
      `${TEMPLATES}/evals/starter_text.yaml.jinja2`,
      'src/pipecat/evals/transport.py#EvalTransportParams',
    ],
    compared: ['EvalTransportParams(audio_in_enabled, audio_out_enabled)', 'starter scenarios (turns, judge)', 'the evals extra'],
    runtime: {
      layer: 'pipecat',
      where: "test/runtime/python/rt/evals.py runs pipecat's EvalSession against the bot; the judge and speech models are injected",
    },
    deviations: [
      {
        what: 'the `evals` extra goes to the dev dependency group, not the image',
        why: 'it brings `pipecat eval` and its local Kokoro/Moonshine models; the bot needs only pipecat core for `-t eval`',
      },
    ],
    removed: [
      {
        what: 'the starter scenarios told users to `ollama pull gemma2:9b`',
        why: "1.8's default judge is gemma4:12b (changelog 5243.changed): with the old model pulled every judged criterion failed. The starters and README now name EVAL_JUDGE_MODEL, checked against pipecat's DEFAULT_OLLAMA_JUDGE_MODEL",
      },
    ],
    changes18: [
      {
        fragment: 'changelog/5243.changed.md',
        follow: 'The default judge is gemma4:12b with reasoning_effort none; the starter scenarios must say `ollama pull gemma4:12b`.',
      },
      {
        fragment: 'changelog/5317.added.md',
        follow: 'stop_on_failure defaults to true; the starters keep the default.',
      },
    ],
  },
};
