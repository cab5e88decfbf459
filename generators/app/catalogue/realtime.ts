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
  },
] as const satisfies readonly ServiceDefinition[];
