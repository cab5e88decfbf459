/**
 * The deviation records of the realtime services of `./realtime.ts`, keyed by entry id:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ./types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { D, EDGE_RT, RT, reg } from './record.js';
import type { DeviationRecord } from './types.js';

/** Every realtime service's record, by id (the order of REALTIME_SERVICES). */
export const REALTIME_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  aws_nova_realtime: {
    follows: [reg('aws_nova_realtime'), 'src/pipecat/services/aws/nova_sonic/llm.py#AWSNovaSonicLLMService'],
    compared: ['access_key_id', 'region', 'secret_access_key', 'session_token', 'settings.voice', 'system_instruction'],
    runtime: RT.realtime,
    deviations: [
      D.required('AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_REGION'),
      D.awsRegion('region', 'AWS_NOVA_REALTIME_REGION'),
      D.present('session_token', 'AWS_SESSION_TOKEN'),
      D.renamed('settings.voice', 'AWS_NOVA_REALTIME_VOICE_ID', 'AWS_VOICE_ID'),
      D.present('settings.voice', 'AWS_NOVA_REALTIME_VOICE_ID'),
      D.systemInstruction,
    ],
    changes18: [
      {
        fragment: 'changelog/5273.changed.md',
        follow: 'AudioConfig fields must be ints; bot.py passes no audio_config, so the defaults apply.',
      },
    ],
  },
  azure_realtime: {
    follows: [reg('azure_realtime'), 'src/pipecat/services/azure/realtime/llm.py#AzureRealtimeLLMService'],
    compared: [
      'api_key',
      'base_url',
      'settings.model (the deployment)',
      'settings.system_instruction',
      'session_properties transcription (input_audio_transcription vs audio.input.transcription)',
    ],
    runtime: EDGE_RT.openaiRealtime,
    deviations: [
      D.required('AZURE_REALTIME_BASE_URL', 'AZURE_REALTIME_API_KEY', 'AZURE_REALTIME_MODEL'),
      {
        what: '`settings.model` from `AZURE_REALTIME_MODEL` (required); the registry passes none',
        why: 'on the v1 API surface the service appends the deployment named by Settings.model to base_url (changelog 5363.added), so the bot cannot connect without it',
      },
      D.systemInstruction,
      {
        what: 'user transcription requested as `session_properties.audio.input.transcription` with `model` from `AZURE_REALTIME_TRANSCRIPTION_MODEL`, else whisper-1 (registry: `SessionProperties(input_audio_transcription=...)`)',
        why: '`input_audio_transcription` is not a field of 1.8 SessionProperties (openai/realtime/events.py), so the registry form requests nothing; audio.input.transcription is the GA place, and the model stays whisper-1 unless set',
      },
    ],
    changes18: [
      {
        fragment: 'changelog/5363.added.md',
        follow:
          'The v1 surface (base_url without a query string) is the supported one: AZURE_REALTIME_BASE_URL should be wss://<resource>.openai.azure.com/openai/v1/realtime, and the model names the deployment (done).',
      },
      { fragment: 'changelog/5363.added.2.md', follow: 'token_provider makes api_key optional; bot.py keeps the key, required.' },
    ],
  },
  gemini_live_realtime: {
    follows: [reg('gemini_live_realtime'), 'src/pipecat/services/google/gemini_live/llm.py#GeminiLiveLLMService'],
    compared: ['api_key', 'settings.model', 'settings.voice', 'system_instruction'],
    runtime: EDGE_RT.geminiLive,
    deviations: [
      D.required('GOOGLE_API_KEY'),
      D.renamed('settings.model', 'GEMINI_LIVE_REALTIME_MODEL', 'GOOGLE_MODEL'),
      D.present('settings.model', 'GEMINI_LIVE_REALTIME_MODEL'),
      D.renamed('settings.voice', 'GEMINI_LIVE_REALTIME_VOICE_ID', 'GOOGLE_VOICE_ID'),
      D.dialoutContext,
      D.present('settings.voice', 'GEMINI_LIVE_REALTIME_VOICE_ID'),
      D.systemInstruction,
    ],
    changes18: [
      { fragment: 'changelog/4939.fixed.md', follow: 'Tool schemas are converted to the Gemini subset; bot.py registers no tools.' },
    ],
  },
  gemini_vertex_live_realtime: {
    follows: [reg('gemini_vertex_live_realtime'), 'src/pipecat/services/google/gemini_live/vertex/llm.py#GeminiLiveVertexLLMService'],
    compared: ['credentials', 'location', 'project_id', 'settings.model', 'settings.voice', 'system_instruction'],
    runtime: EDGE_RT.geminiLive,
    deviations: [
      D.required('GOOGLE_CLOUD_PROJECT_ID', 'GEMINI_VERTEX_LIVE_REALTIME_LOCATION'),
      D.dialoutContext,
      D.renamed('project_id', 'GOOGLE_CLOUD_PROJECT_ID', 'GOOGLE_PROJECT_ID'),
      D.renamed('location', 'GEMINI_VERTEX_LIVE_REALTIME_LOCATION', 'GOOGLE_LOCATION'),
      D.renamed('settings.model', 'GEMINI_VERTEX_LIVE_REALTIME_MODEL', 'GOOGLE_MODEL'),
      D.present('settings.model', 'GEMINI_VERTEX_LIVE_REALTIME_MODEL'),
      D.renamed('settings.voice', 'GEMINI_VERTEX_LIVE_REALTIME_VOICE_ID', 'GOOGLE_VOICE_ID'),
      D.present('settings.voice', 'GEMINI_VERTEX_LIVE_REALTIME_VOICE_ID'),
      D.systemInstruction,
      D.googleCredentials,
    ],
    changes18: [{ fragment: 'changelog/5366.fixed.md', follow: 'seed is now sent; bot.py sets none.' }],
    removed: [D.googleAdc],
  },
  openai_realtime: {
    follows: [reg('openai_realtime'), 'src/pipecat/services/openai/realtime/llm.py#OpenAIRealtimeLLMService'],
    compared: [
      'api_key',
      'settings.model',
      'settings.system_instruction',
      'session_properties.audio.input (transcription, turn_detection, noise_reduction)',
    ],
    runtime: EDGE_RT.openaiRealtime,
    deviations: [D.required('OPENAI_API_KEY'), D.added('settings.model', 'OPENAI_REALTIME_MODEL'), D.systemInstruction],
    removed: [
      {
        what: 'no `session_properties`: the class default asks for no input transcription (openai/realtime/events.py AudioInput.transcription=None), no semantic turn detection and no noise reduction',
        why: "OpenAI then sends no user transcripts: the context got no user turns and --transcription logged no user lines. The session now asks for what pipecat's registry asks for (transcription, SemanticTurnDetection, near-field noise reduction); the runtime tier's OpenAI Realtime server sends a transcript only when the session asks for one",
      },
    ],
    changes18: [
      { fragment: 'changelog/5362.changed.md', follow: 'Default model gpt-realtime-2.1; OPENAI_REALTIME_MODEL unset follows it.' },
      {
        fragment: 'changelog/5156.added.md',
        follow: 'Proposes turn frames; bot.py pins no user_turn_strategies, so the service recommendation applies.',
      },
    ],
  },
  ultravox_realtime: {
    follows: [reg('ultravox'), 'src/pipecat/services/ultravox/llm.py#UltravoxRealtimeLLMService'],
    compared: ['params=OneShotInputParams(api_key, system_prompt, model, voice, temperature, max_duration, extra)'],
    runtime: RT.ultravox,
    deviations: [
      D.required('ULTRAVOX_API_KEY'),
      D.added('model', 'ULTRAVOX_REALTIME_MODEL'),
      D.added('voice', 'ULTRAVOX_REALTIME_VOICE_ID'),
      {
        what: '`system_prompt=SYSTEM_INSTRUCTION` (registry: `os.getenv("ULTRAVOX_SYSTEM_PROMPT")`)',
        why: 'the bot prompt lives in bot.py like every other service; ULTRAVOX_SYSTEM_PROMPT was dropped (rule E2, docs/generated-project.md)',
      },
      {
        what: '`extra={"firstSpeakerSettings": {"user": {}}}` when the bot places the call',
        why: 'Ultravox greets as soon as the call opens; on dial-out the callee answers first, so Ultravox must wait for them',
      },
      {
        what: '`max_duration=datetime.timedelta(minutes=3)` and `temperature=0.3` of the registry not passed',
        why: 'the class defaults apply (one hour, temperature 0): a three-minute cap would cut real calls short, and the other services keep their default temperature too',
      },
    ],
    changes18: [
      {
        fragment: 'changelog/5348.changed.md',
        follow:
          'A failed connection now makes the service unusable instead of cancelling the pipeline: with the default CONTINUE policy the call stays open and mute, so the worker needs processor_unusable_policy=END (every generated worker passes it).',
      },
    ],
  },
  xai_realtime: {
    follows: [reg('xai_realtime'), 'src/pipecat/services/xai/realtime/llm.py#GrokRealtimeLLMService'],
    compared: ['api_key', 'settings.session_properties.voice', 'settings.system_instruction', 'settings.model (class default)'],
    runtime: RT.realtime,
    deviations: [
      D.required('XAI_API_KEY'),
      {
        what: '`session_properties.voice` from `XAI_REALTIME_VOICE_ID` through `present(...)` (registry: `os.getenv("XAI_VOICE_ID")`)',
        why: 'per-service name (rule E2, docs/generated-project.md; XAI_VOICE_ID is shared with xAI TTS); unset keeps the class default voice',
      },
      D.systemInstruction,
    ],
    changes18: [
      { fragment: 'changelog/5200.changed.2.md', follow: 'Default voice is now eve; XAI_REALTIME_VOICE_ID unset follows it.' },
      { fragment: 'changelog/5255.changed.md', follow: 'Default model grok-voice-latest; bot.py sets no model, so it follows.' },
      {
        fragment: 'changelog/5255.fixed.md',
        follow: 'Audio flows after session.updated without a manual LLMRunFrame; nothing to change.',
      },
    ],
  },
};
