/**
 * Realtime (speech-to-speech) services (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/services/`). One service replaces STT, LLM and TTS;
 * the context aggregator pair configures itself for realtime mode.
 */
import {
  AWS_ACCESS_KEY_ID,
  AWS_REGION,
  AWS_SECRET_ACCESS_KEY,
  AWS_SESSION_TOKEN,
  GOOGLE_API_KEY,
  GOOGLE_CREDENTIALS,
  GOOGLE_CLOUD_PROJECT_ID,
  OPENAI_API_KEY,
  XAI_API_KEY,
} from './env.js';
import { D, EDGE_RT, RT, reg } from './record.js';
import type { ServiceDefinition } from './types.js';

/** Every realtime service, ordered by id. */
export const REALTIME_SERVICES = [
  {
    id: 'aws_nova_realtime',
    role: 'realtime',
    label: 'AWS Nova Sonic',
    extras: ['aws-nova-sonic'],
    imports: [{ from: 'pipecat.services.aws.nova_sonic.llm', names: ['AWSNovaSonicLLMService'] }],
    construct: `AWSNovaSonicLLMService(
    secret_access_key=required(os.getenv("AWS_SECRET_ACCESS_KEY"), "AWS_SECRET_ACCESS_KEY"),
    access_key_id=required(os.getenv("AWS_ACCESS_KEY_ID"), "AWS_ACCESS_KEY_ID"),
    region=os.getenv("AWS_NOVA_REALTIME_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    **present(session_token=os.getenv("AWS_SESSION_TOKEN")),
    settings=AWSNovaSonicLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(voice=os.getenv("AWS_NOVA_REALTIME_VOICE_ID")),
    ),
)`,
    env: [
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
      AWS_REGION,
      { name: 'AWS_NOVA_REALTIME_REGION', description: 'AWS region for Nova Sonic (empty: AWS_REGION)', required: false },
      {
        name: 'AWS_NOVA_REALTIME_VOICE_ID',
        description: 'Nova Sonic voice, e.g. matthew or tiffany (empty: pipecat default)',
        required: false,
      },
    ],
    requiresPython: '3.12',
    note: 'Needs Python 3.12+ and Bedrock access to Nova Sonic in the region.',
    record: {
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
  },
  {
    id: 'azure_realtime',
    role: 'realtime',
    label: 'Azure Realtime',
    // The session settings come from pipecat.services.openai.realtime.events, a module pipecat's
    // pyproject puts under its `openai` extra (empty in 1.8: the OpenAI SDK is a core dependency,
    // but a later pipecat may fill it).
    extras: ['openai'],
    imports: [
      { from: 'pipecat.services.azure.realtime.llm', names: ['AzureRealtimeLLMService'] },
      {
        from: 'pipecat.services.openai.realtime.events',
        names: ['AudioConfiguration', 'AudioInput', 'InputAudioTranscription', 'SessionProperties'],
      },
    ],
    construct: `AzureRealtimeLLMService(
    base_url=required(os.getenv("AZURE_REALTIME_BASE_URL"), "AZURE_REALTIME_BASE_URL"),
    api_key=required(os.getenv("AZURE_REALTIME_API_KEY"), "AZURE_REALTIME_API_KEY"),
    settings=AzureRealtimeLLMService.Settings(
        model=required(os.getenv("AZURE_REALTIME_MODEL"), "AZURE_REALTIME_MODEL"),
        system_instruction=SYSTEM_INSTRUCTION,
        session_properties=SessionProperties(
            audio=AudioConfiguration(
                input=AudioInput(
                    transcription=InputAudioTranscription(
                        model=os.getenv("AZURE_REALTIME_TRANSCRIPTION_MODEL") or "whisper-1",
                    ),
                ),
            ),
        ),
    ),
)`,
    env: [
      {
        name: 'AZURE_REALTIME_API_KEY',
        description: 'Azure OpenAI resource key (portal.azure.com > Azure OpenAI > Keys and Endpoint)',
        required: true,
      },
      {
        name: 'AZURE_REALTIME_BASE_URL',
        description: 'Azure OpenAI realtime v1 WebSocket URL, without api-version or deployment',
        required: true,
        example: 'wss://YOUR-RESOURCE.openai.azure.com/openai/v1/realtime',
      },
      { name: 'AZURE_REALTIME_MODEL', description: 'Name of your realtime model deployment, e.g. gpt-realtime', required: true },
      {
        name: 'AZURE_REALTIME_TRANSCRIPTION_MODEL',
        description: 'Model that transcribes the user for the transcript, e.g. gpt-4o-transcribe (empty: whisper-1)',
        required: false,
        example: 'whisper-1',
      },
    ],
    record: {
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
  },
  {
    id: 'gemini_live_realtime',
    vendorDefault: true,
    role: 'realtime',
    label: 'Gemini Live',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.gemini_live.llm', names: ['GeminiLiveLLMService'] }],
    dialoutContext: true,
    construct: `GeminiLiveLLMService(
    api_key=required(os.getenv("GOOGLE_API_KEY"), "GOOGLE_API_KEY"),
    settings=GeminiLiveLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(
            model=os.getenv("GEMINI_LIVE_REALTIME_MODEL"),
            voice=os.getenv("GEMINI_LIVE_REALTIME_VOICE_ID"),
        ),
    ),
)`,
    env: [
      GOOGLE_API_KEY,
      { name: 'GEMINI_LIVE_REALTIME_MODEL', description: 'Gemini Live model id (empty: pipecat default)', required: false },
      {
        name: 'GEMINI_LIVE_REALTIME_VOICE_ID',
        description: 'Gemini voice name, e.g. Charon or Puck (empty: pipecat default)',
        required: false,
      },
    ],
    record: {
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
  },
  {
    id: 'gemini_vertex_live_realtime',
    role: 'realtime',
    label: 'Gemini Vertex Live',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.gemini_live.vertex.llm', names: ['GeminiLiveVertexLLMService'] }],
    dialoutContext: true,
    construct: `GeminiLiveVertexLLMService(
    credentials=required(os.getenv("GOOGLE_CREDENTIALS"), "GOOGLE_CREDENTIALS"),
    project_id=required(os.getenv("GOOGLE_CLOUD_PROJECT_ID"), "GOOGLE_CLOUD_PROJECT_ID"),
    location=required(os.getenv("GEMINI_VERTEX_LIVE_REALTIME_LOCATION"), "GEMINI_VERTEX_LIVE_REALTIME_LOCATION"),
    settings=GeminiLiveVertexLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(
            model=os.getenv("GEMINI_VERTEX_LIVE_REALTIME_MODEL"),
            voice=os.getenv("GEMINI_VERTEX_LIVE_REALTIME_VOICE_ID"),
        ),
    ),
)`,
    env: [
      GOOGLE_CREDENTIALS,
      GOOGLE_CLOUD_PROJECT_ID,
      {
        name: 'GEMINI_VERTEX_LIVE_REALTIME_LOCATION',
        description: 'Vertex AI region serving Gemini Live, e.g. us-central1',
        required: true,
        example: 'us-central1',
      },
      {
        name: 'GEMINI_VERTEX_LIVE_REALTIME_MODEL',
        description: 'Vertex AI Gemini Live model id, e.g. google/gemini-live-2.5-flash-native-audio (empty: pipecat default)',
        required: false,
      },
      {
        name: 'GEMINI_VERTEX_LIVE_REALTIME_VOICE_ID',
        description: 'Gemini voice name, e.g. Charon or Puck (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Authenticates with the service-account key JSON in GOOGLE_CREDENTIALS; no API key.',
    record: {
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
  },
  {
    id: 'openai_realtime',
    role: 'realtime',
    label: 'OpenAI Realtime',
    extras: ['openai'],
    imports: [
      { from: 'pipecat.services.openai.realtime.llm', names: ['OpenAIRealtimeLLMService'] },
      {
        from: 'pipecat.services.openai.realtime.events',
        names: [
          'AudioConfiguration',
          'AudioInput',
          'InputAudioNoiseReduction',
          'InputAudioTranscription',
          'SemanticTurnDetection',
          'SessionProperties',
        ],
      },
    ],
    construct: `OpenAIRealtimeLLMService(
    api_key=required(os.getenv("OPENAI_API_KEY"), "OPENAI_API_KEY"),
    settings=OpenAIRealtimeLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        # As pipecat's own template: transcribe the user (the context and transcript get the
        # user's words), end turns by meaning, and clean up a close-talking microphone.
        session_properties=SessionProperties(
            audio=AudioConfiguration(
                input=AudioInput(
                    transcription=InputAudioTranscription(),
                    turn_detection=SemanticTurnDetection(),
                    noise_reduction=InputAudioNoiseReduction(type="near_field"),
                ),
            ),
        ),
        **present(model=os.getenv("OPENAI_REALTIME_MODEL")),
    ),
)`,
    env: [
      OPENAI_API_KEY,
      { name: 'OPENAI_REALTIME_MODEL', description: 'OpenAI realtime model (empty: pipecat default)', required: false },
    ],
    record: {
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
  },
  {
    id: 'ultravox_realtime',
    role: 'realtime',
    label: 'Ultravox',
    aliases: ['ultravox'],
    extras: ['ultravox'],
    imports: [{ from: 'pipecat.services.ultravox.llm', names: ['OneShotInputParams', 'UltravoxRealtimeLLMService'] }],
    construct: `UltravoxRealtimeLLMService(
    params=OneShotInputParams(
        api_key=required(os.getenv("ULTRAVOX_API_KEY"), "ULTRAVOX_API_KEY"),
        system_prompt=SYSTEM_INSTRUCTION,
        **present(
            model=os.getenv("ULTRAVOX_REALTIME_MODEL"),
            voice=os.getenv("ULTRAVOX_REALTIME_VOICE_ID"),
        ),
        # Ultravox greets as soon as the call opens; on a call the bot places, the callee answers
        # first ("Hello?"), so Ultravox waits for them (its firstSpeakerSettings).
        extra={"firstSpeakerSettings": {"user": {}}} if call == "dialout" else {},
    ),
)`,
    env: [
      { name: 'ULTRAVOX_API_KEY', description: 'Ultravox API key (app.ultravox.ai > Settings > API keys)', required: true },
      { name: 'ULTRAVOX_REALTIME_MODEL', description: 'Ultravox model, e.g. fixie-ai/ultravox (empty: Ultravox default)', required: false },
      {
        name: 'ULTRAVOX_REALTIME_VOICE_ID',
        description: 'Ultravox voice UUID (app.ultravox.ai/voices; empty: Ultravox default)',
        required: false,
      },
    ],
    record: {
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
  },
  {
    id: 'xai_realtime',
    role: 'realtime',
    label: 'Grok Realtime',
    extras: ['xai'],
    imports: [
      { from: 'pipecat.services.xai.realtime.llm', names: ['GrokRealtimeLLMService'] },
      { from: 'pipecat.services.xai.realtime.events', names: ['SessionProperties'] },
    ],
    construct: `GrokRealtimeLLMService(
    api_key=required(os.getenv("XAI_API_KEY"), "XAI_API_KEY"),
    settings=GrokRealtimeLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        session_properties=SessionProperties(**present(voice=os.getenv("XAI_REALTIME_VOICE_ID"))),
    ),
)`,
    env: [
      XAI_API_KEY,
      { name: 'XAI_REALTIME_VOICE_ID', description: 'Grok voice, e.g. eve or rex (empty: pipecat default)', required: false },
    ],
    record: {
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
  },
] as const satisfies readonly ServiceDefinition[];
