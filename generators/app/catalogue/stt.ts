/**
 * Speech-to-text services (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/services/<vendor>/stt.py`).
 * Each construction passes credentials explicitly and omits unset optional fields (rule E4,
 * docs/generated-project.md), so pipecat's defaults apply.
 *
 * Extras: the ones the imported module needs at import time (index `extras_required`), plus the
 * vendor's own extra when it exists and installs nothing. A non-empty extra the module never
 * imports (e.g. `groq` for Groq STT, `deepgram` for Flux) is left out.
 */
import {
  AWS_ACCESS_KEY_ID,
  AWS_REGION,
  AWS_SECRET_ACCESS_KEY,
  AWS_SESSION_TOKEN,
  AZURE_SPEECH_API_KEY,
  AZURE_SPEECH_REGION,
  CARTESIA_API_KEY,
  DEEPGRAM_API_KEY,
  ELEVENLABS_API_KEY,
  GOOGLE_CREDENTIALS,
  GRADIUM_API_KEY,
  GROQ_API_KEY,
  MISTRAL_API_KEY,
  NVIDIA_API_KEY,
  OPENAI_API_KEY,
  SARVAM_API_KEY,
  SONIOX_API_KEY,
  XAI_API_KEY,
} from './env.js';
import type { ServiceDefinition } from './types.js';

/** Every STT service, ordered by id. */
export const STT_SERVICES = [
  {
    id: 'assemblyai_stt',
    role: 'stt',
    label: 'AssemblyAI',
    extras: ['assemblyai'],
    imports: [{ from: 'pipecat.services.assemblyai.stt', names: ['AssemblyAISTTService'] }],
    construct: `AssemblyAISTTService(
    api_key=required(os.getenv("ASSEMBLYAI_API_KEY"), "ASSEMBLYAI_API_KEY"),
)`,
    env: [{ name: 'ASSEMBLYAI_API_KEY', description: 'AssemblyAI API key (assemblyai.com/dashboard)', required: true }],
  },
  {
    id: 'aws_transcribe_stt',
    role: 'stt',
    label: 'AWS Transcribe',
    extras: [],
    imports: [{ from: 'pipecat.services.aws.stt', names: ['AWSTranscribeSTTService'] }],
    construct: `AWSTranscribeSTTService(
    api_key=required(os.getenv("AWS_SECRET_ACCESS_KEY"), "AWS_SECRET_ACCESS_KEY"),
    aws_access_key_id=required(os.getenv("AWS_ACCESS_KEY_ID"), "AWS_ACCESS_KEY_ID"),
    region=os.getenv("AWS_TRANSCRIBE_STT_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    **present(aws_session_token=os.getenv("AWS_SESSION_TOKEN")),
)`,
    env: [
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
      AWS_REGION,
      { name: 'AWS_TRANSCRIBE_STT_REGION', description: 'AWS region for Transcribe (empty: AWS_REGION)', required: false },
    ],
    note: 'Audio is streamed at 8 or 16 kHz.',
  },
  {
    id: 'azure_stt',
    role: 'stt',
    label: 'Azure Speech',
    extras: ['azure'],
    imports: [{ from: 'pipecat.services.azure.stt', names: ['AzureSTTService'] }],
    construct: `AzureSTTService(
    api_key=required(os.getenv("AZURE_SPEECH_API_KEY"), "AZURE_SPEECH_API_KEY"),
    region=required(os.getenv("AZURE_SPEECH_REGION"), "AZURE_SPEECH_REGION"),
)`,
    env: [AZURE_SPEECH_API_KEY, AZURE_SPEECH_REGION],
  },
  {
    id: 'cartesia_stt',
    vendorDefault: true,
    role: 'stt',
    label: 'Cartesia',
    extras: ['cartesia'],
    imports: [{ from: 'pipecat.services.cartesia.stt', names: ['CartesiaSTTService'] }],
    construct: `CartesiaSTTService(
    api_key=required(os.getenv("CARTESIA_API_KEY"), "CARTESIA_API_KEY"),
)`,
    env: [CARTESIA_API_KEY],
  },
  {
    id: 'cartesia_turns_stt',
    role: 'stt',
    label: 'Cartesia Turns (Ink-2)',
    extras: ['cartesia'],
    imports: [{ from: 'pipecat.services.cartesia.turns.stt', names: ['CartesiaTurnsSTTService'] }],
    construct: `CartesiaTurnsSTTService(
    api_key=required(os.getenv("CARTESIA_API_KEY"), "CARTESIA_API_KEY"),
)`,
    env: [CARTESIA_API_KEY],
    note: 'Ink-2 detects turns on the server and drives the turn-taking; English only.',
  },
  {
    id: 'deepgram_flux_sagemaker_stt',
    role: 'stt',
    label: 'Deepgram Flux SageMaker',
    extras: ['sagemaker'],
    imports: [{ from: 'pipecat.services.deepgram.flux.sagemaker.stt', names: ['DeepgramFluxSageMakerSTTService'] }],
    construct: `DeepgramFluxSageMakerSTTService(
    endpoint_name=required(os.getenv("DEEPGRAM_FLUX_SAGEMAKER_STT_ENDPOINT_NAME"), "DEEPGRAM_FLUX_SAGEMAKER_STT_ENDPOINT_NAME"),
    region=os.getenv("DEEPGRAM_FLUX_SAGEMAKER_STT_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
)`,
    env: [
      {
        name: 'DEEPGRAM_FLUX_SAGEMAKER_STT_ENDPOINT_NAME',
        description: 'Name of your SageMaker endpoint running Deepgram Flux (console.aws.amazon.com/sagemaker)',
        required: true,
      },
      {
        name: 'DEEPGRAM_FLUX_SAGEMAKER_STT_REGION',
        description: 'AWS region of that SageMaker endpoint (empty: AWS_REGION)',
        required: false,
      },
      AWS_REGION,
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
    ],
    requiresPython: '3.12',
    note: 'AWS credentials are read by the AWS SDK from the environment; needs Python 3.12+.',
  },
  {
    id: 'deepgram_flux_stt',
    role: 'stt',
    label: 'Deepgram Flux',
    extras: [],
    imports: [{ from: 'pipecat.services.deepgram.flux.stt', names: ['DeepgramFluxSTTService'] }],
    construct: `DeepgramFluxSTTService(
    api_key=required(os.getenv("DEEPGRAM_API_KEY"), "DEEPGRAM_API_KEY"),
)`,
    env: [DEEPGRAM_API_KEY],
    note: 'Flux detects end of turn itself and drives the turn-taking.',
  },
  {
    id: 'deepgram_sagemaker_stt',
    role: 'stt',
    label: 'Deepgram SageMaker',
    extras: ['deepgram', 'sagemaker'],
    imports: [{ from: 'pipecat.services.deepgram.sagemaker.stt', names: ['DeepgramSageMakerSTTService'] }],
    construct: `DeepgramSageMakerSTTService(
    endpoint_name=required(os.getenv("DEEPGRAM_SAGEMAKER_STT_ENDPOINT_NAME"), "DEEPGRAM_SAGEMAKER_STT_ENDPOINT_NAME"),
    region=os.getenv("DEEPGRAM_SAGEMAKER_STT_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
)`,
    env: [
      {
        name: 'DEEPGRAM_SAGEMAKER_STT_ENDPOINT_NAME',
        description: 'Name of your SageMaker endpoint running Deepgram STT (console.aws.amazon.com/sagemaker)',
        required: true,
      },
      { name: 'DEEPGRAM_SAGEMAKER_STT_REGION', description: 'AWS region of that SageMaker endpoint (empty: AWS_REGION)', required: false },
      AWS_REGION,
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
    ],
    requiresPython: '3.12',
    note: 'AWS credentials are read by the AWS SDK from the environment; needs Python 3.12+.',
  },
  {
    id: 'deepgram_stt',
    vendorDefault: true,
    role: 'stt',
    label: 'Deepgram',
    extras: ['deepgram'],
    imports: [{ from: 'pipecat.services.deepgram.stt', names: ['DeepgramSTTService'] }],
    construct: `DeepgramSTTService(
    api_key=required(os.getenv("DEEPGRAM_API_KEY"), "DEEPGRAM_API_KEY"),
    settings=DeepgramSTTService.Settings(**present(model=os.getenv("DEEPGRAM_STT_MODEL"))),
)`,
    env: [
      DEEPGRAM_API_KEY,
      { name: 'DEEPGRAM_STT_MODEL', description: 'Deepgram STT model, e.g. nova-3 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'elevenlabs_realtime_stt',
    role: 'stt',
    label: 'ElevenLabs Realtime',
    extras: ['elevenlabs'],
    imports: [{ from: 'pipecat.services.elevenlabs.stt', names: ['ElevenLabsRealtimeSTTService'] }],
    construct: `ElevenLabsRealtimeSTTService(
    api_key=required(os.getenv("ELEVENLABS_API_KEY"), "ELEVENLABS_API_KEY"),
)`,
    env: [ELEVENLABS_API_KEY],
  },
  {
    id: 'elevenlabs_stt',
    role: 'stt',
    label: 'ElevenLabs',
    extras: ['elevenlabs'],
    imports: [{ from: 'pipecat.services.elevenlabs.stt', names: ['ElevenLabsSTTService'] }],
    construct: `ElevenLabsSTTService(
    api_key=required(os.getenv("ELEVENLABS_API_KEY"), "ELEVENLABS_API_KEY"),
    aiohttp_session=session,
)`,
    env: [ELEVENLABS_API_KEY],
    needsHttpSession: true,
    note: 'Segmented: transcribes each utterance after the user stops speaking.',
  },
  {
    id: 'fal_stt',
    role: 'stt',
    label: 'Fal (Wizper)',
    extras: ['fal'],
    imports: [{ from: 'pipecat.services.fal.stt', names: ['FalSTTService'] }],
    construct: `FalSTTService(
    api_key=required(os.getenv("FAL_API_KEY"), "FAL_API_KEY"),
)`,
    env: [{ name: 'FAL_API_KEY', description: 'Fal API key (fal.ai/dashboard/keys)', required: true }],
    note: 'Segmented: transcribes each utterance after the user stops speaking.',
  },
  {
    id: 'gladia_stt',
    role: 'stt',
    label: 'Gladia',
    extras: ['gladia'],
    imports: [{ from: 'pipecat.services.gladia.stt', names: ['GladiaSTTService'] }],
    construct: `GladiaSTTService(
    api_key=required(os.getenv("GLADIA_API_KEY"), "GLADIA_API_KEY"),
    **present(region=os.getenv("GLADIA_REGION")),
)`,
    env: [
      { name: 'GLADIA_API_KEY', description: 'Gladia API key (app.gladia.io)', required: true },
      { name: 'GLADIA_REGION', description: 'Gladia processing region, us-west or eu-west (empty: eu-west)', required: false },
    ],
  },
  {
    id: 'google_stt',
    role: 'stt',
    label: 'Google Speech-to-Text',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.stt', names: ['GoogleSTTService'] }],
    construct: `GoogleSTTService(
    credentials=required(os.getenv("GOOGLE_CREDENTIALS"), "GOOGLE_CREDENTIALS"),
    **present(location=os.getenv("GOOGLE_STT_LOCATION")),
)`,
    env: [
      GOOGLE_CREDENTIALS,
      { name: 'GOOGLE_STT_LOCATION', description: 'Google Speech-to-Text location, e.g. us-central1 (empty: global)', required: false },
    ],
    note: 'Authenticates with the service-account key JSON in GOOGLE_CREDENTIALS (the project comes from the key).',
  },
  {
    id: 'gradium_stt',
    role: 'stt',
    label: 'Gradium',
    extras: ['gradium'],
    imports: [{ from: 'pipecat.services.gradium.stt', names: ['GradiumSTTService'] }],
    construct: `GradiumSTTService(
    api_key=required(os.getenv("GRADIUM_API_KEY"), "GRADIUM_API_KEY"),
)`,
    env: [GRADIUM_API_KEY],
  },
  {
    id: 'groq_stt',
    role: 'stt',
    label: 'Groq (Whisper)',
    extras: [],
    imports: [{ from: 'pipecat.services.groq.stt', names: ['GroqSTTService'] }],
    construct: `GroqSTTService(
    api_key=required(os.getenv("GROQ_API_KEY"), "GROQ_API_KEY"),
    settings=GroqSTTService.Settings(**present(model=os.getenv("GROQ_STT_MODEL"))),
)`,
    env: [
      GROQ_API_KEY,
      {
        name: 'GROQ_STT_MODEL',
        description: 'Groq transcription model, e.g. whisper-large-v3-turbo (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Segmented: transcribes each utterance after the user stops speaking.',
  },
  {
    id: 'mistral_stt',
    role: 'stt',
    label: 'Mistral',
    extras: ['mistral'],
    imports: [{ from: 'pipecat.services.mistral.stt', names: ['MistralSTTService'] }],
    construct: `MistralSTTService(
    api_key=required(os.getenv("MISTRAL_API_KEY"), "MISTRAL_API_KEY"),
)`,
    env: [MISTRAL_API_KEY],
  },
  {
    id: 'moonshine_stt',
    role: 'stt',
    label: 'Moonshine (Local)',
    extras: ['moonshine'],
    imports: [{ from: 'pipecat.services.moonshine.stt', names: ['MoonshineSTTService'] }],
    construct: `MoonshineSTTService(
    settings=MoonshineSTTService.Settings(**present(model=os.getenv("MOONSHINE_STT_MODEL"))),
)`,
    env: [
      {
        name: 'MOONSHINE_STT_MODEL',
        description: 'Moonshine model architecture, e.g. small-streaming or tiny (empty: pipecat default)',
        required: false,
      },
    ],
    inputSampleRate: {
      rate: 16000,
      source:
        'pipecat/services/moonshine/stt.py MOONSHINE_SAMPLE_RATE: the service declares 16000 Hz whatever the pipeline rate and hands each segment to the model as 16 kHz audio',
    },
    note: 'Runs locally on the CPU (ONNX); the model is downloaded on first use; no API key.',
    localModel: {
      model: 'small-streaming (English)',
      chosenBy: ['MOONSHINE_STT_MODEL'],
      download: 'about 150 MB',
      memory: 'about 300 MB',
      profile: 'agent-2x',
      source:
        "pipecat/services/moonshine/stt.py _load: get_model_for_language fetches the language's model (Model.SMALL_STREAMING by default) into moonshine_voice's cache; size from its 123M parameters stored as 8-bit weights",
    },
  },
  {
    id: 'nvidia_sagemaker_stt',
    role: 'stt',
    label: 'NVIDIA SageMaker',
    // The anchor lists `aws` too; this module imports only the SageMaker bidi client (no aiobotocore).
    extras: ['sagemaker'],
    imports: [{ from: 'pipecat.services.nvidia.sagemaker.stt', names: ['NvidiaSageMakerSTTService'] }],
    construct: `NvidiaSageMakerSTTService(
    endpoint_name=required(os.getenv("NVIDIA_SAGEMAKER_STT_ENDPOINT_NAME"), "NVIDIA_SAGEMAKER_STT_ENDPOINT_NAME"),
    region=os.getenv("NVIDIA_SAGEMAKER_STT_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
)`,
    env: [
      {
        name: 'NVIDIA_SAGEMAKER_STT_ENDPOINT_NAME',
        description: 'Name of your SageMaker endpoint running NVIDIA Nemotron ASR (console.aws.amazon.com/sagemaker)',
        required: true,
      },
      { name: 'NVIDIA_SAGEMAKER_STT_REGION', description: 'AWS region of that SageMaker endpoint (empty: AWS_REGION)', required: false },
      AWS_REGION,
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
    ],
    requiresPython: '3.12',
    note: 'AWS credentials are read by the AWS SDK from the environment; needs Python 3.12+.',
  },
  {
    id: 'nvidia_stt',
    vendorDefault: true,
    role: 'stt',
    label: 'NVIDIA',
    extras: ['nvidia'],
    imports: [{ from: 'pipecat.services.nvidia.stt', names: ['NvidiaSTTService'] }],
    construct: `NvidiaSTTService(
    api_key=required(os.getenv("NVIDIA_API_KEY"), "NVIDIA_API_KEY"),
)`,
    env: [NVIDIA_API_KEY],
    note: 'Riva speech recognition on NVIDIA cloud.',
  },
  {
    id: 'openai_realtime_stt',
    role: 'stt',
    label: 'OpenAI Realtime',
    extras: ['openai'],
    imports: [{ from: 'pipecat.services.openai.stt', names: ['OpenAIRealtimeSTTService'] }],
    construct: `OpenAIRealtimeSTTService(
    api_key=required(os.getenv("OPENAI_API_KEY"), "OPENAI_API_KEY"),
    settings=OpenAIRealtimeSTTService.Settings(**present(model=os.getenv("OPENAI_REALTIME_STT_MODEL"))),
)`,
    env: [
      OPENAI_API_KEY,
      {
        name: 'OPENAI_REALTIME_STT_MODEL',
        description: 'OpenAI realtime transcription model, e.g. gpt-4o-transcribe (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'openai_stt',
    role: 'stt',
    label: 'OpenAI (Whisper)',
    extras: ['openai'],
    imports: [{ from: 'pipecat.services.openai.stt', names: ['OpenAISTTService'] }],
    construct: `OpenAISTTService(
    api_key=required(os.getenv("OPENAI_API_KEY"), "OPENAI_API_KEY"),
    settings=OpenAISTTService.Settings(**present(model=os.getenv("OPENAI_STT_MODEL"))),
)`,
    env: [
      OPENAI_API_KEY,
      {
        name: 'OPENAI_STT_MODEL',
        description: 'OpenAI transcription model, e.g. gpt-4o-transcribe (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Segmented: transcribes each utterance after the user stops speaking.',
  },
  {
    id: 'sarvam_stt',
    role: 'stt',
    label: 'Sarvam',
    extras: ['sarvam'],
    imports: [{ from: 'pipecat.services.sarvam.stt', names: ['SarvamSTTService'] }],
    construct: `SarvamSTTService(
    api_key=required(os.getenv("SARVAM_API_KEY"), "SARVAM_API_KEY"),
    settings=SarvamSTTService.Settings(**present(model=os.getenv("SARVAM_STT_MODEL"))),
)`,
    env: [
      SARVAM_API_KEY,
      { name: 'SARVAM_STT_MODEL', description: 'Sarvam speech-to-text model, e.g. saaras:v3 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'soniox_stt',
    role: 'stt',
    label: 'Soniox',
    extras: ['soniox'],
    imports: [{ from: 'pipecat.services.soniox.stt', names: ['SonioxSTTService'] }],
    construct: `SonioxSTTService(
    api_key=required(os.getenv("SONIOX_API_KEY"), "SONIOX_API_KEY"),
)`,
    env: [SONIOX_API_KEY],
  },
  {
    id: 'speechmatics_stt',
    role: 'stt',
    label: 'Speechmatics',
    extras: ['speechmatics'],
    imports: [{ from: 'pipecat.services.speechmatics.stt', names: ['SpeechmaticsSTTService'] }],
    construct: `SpeechmaticsSTTService(
    api_key=required(os.getenv("SPEECHMATICS_API_KEY"), "SPEECHMATICS_API_KEY"),
    **present(base_url=os.getenv("SPEECHMATICS_RT_URL")),
)`,
    env: [
      { name: 'SPEECHMATICS_API_KEY', description: 'Speechmatics API key (portal.speechmatics.com)', required: true },
      {
        name: 'SPEECHMATICS_RT_URL',
        description: 'Speechmatics realtime URL, which picks the region (empty: wss://eu2.rt.speechmatics.com/v2)',
        required: false,
      },
    ],
  },
  {
    id: 'whisper_stt',
    role: 'stt',
    label: 'Whisper (Local)',
    extras: ['whisper'],
    imports: [{ from: 'pipecat.services.whisper.stt', names: ['WhisperSTTService'] }],
    construct: `WhisperSTTService(
    settings=WhisperSTTService.Settings(**present(model=os.getenv("WHISPER_STT_MODEL"))),
)`,
    env: [
      {
        name: 'WHISPER_STT_MODEL',
        description: 'faster-whisper model name or local path, e.g. distil-medium.en (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Runs locally with faster-whisper; the model is downloaded on first use; no API key.',
    localModel: {
      model: 'Systran/faster-distil-whisper-medium.en',
      chosenBy: ['WHISPER_STT_MODEL'],
      download: 'about 790 MB',
      memory: 'about 1.6 GB',
      profile: 'agent-3x',
      source:
        'pipecat/services/whisper/stt.py _load: WhisperModel(model_name) fetches Model.DISTIL_MEDIUM_EN from the Hugging Face hub into ~/.cache/huggingface; size from its 394M parameters stored as float16, loaded as float32 on a CPU (compute_type "default")',
    },
  },
  {
    id: 'xai_stt',
    role: 'stt',
    label: 'xAI',
    extras: ['xai'],
    imports: [{ from: 'pipecat.services.xai.stt', names: ['XAISTTService'] }],
    construct: `XAISTTService(
    api_key=required(os.getenv("XAI_API_KEY"), "XAI_API_KEY"),
)`,
    env: [XAI_API_KEY],
  },
] as const satisfies readonly ServiceDefinition[];
