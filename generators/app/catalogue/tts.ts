/**
 * Text-to-speech services (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/services/<vendor>/tts.py`). Services without a library default voice get a
 * literal fallback voice (a stock voice pipecat's own examples use) or a required env var.
 *
 * Extras: as for STT (import-time needs plus the vendor's own empty extra).
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
  GOOGLE_API_KEY,
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

/**
 * `outputSampleRates.rates` of a service that delivers any common rate (see `OutputSampleRates` in
 * ./types.ts): pipecat resamples the vendor's native audio, or forwards the requested rate to a vendor
 * that synthesises at it and pipecat sets no limit. Its `source` says which, and names the native rate.
 */
export const ANY_SAMPLE_RATES = [8000, 16000, 22050, 24000, 44100, 48000] as const;

/** Every TTS service, ordered by id. */
export const TTS_SERVICES = [
  {
    id: 'asyncai_tts',
    role: 'tts',
    label: 'Async',
    extras: ['asyncai'],
    imports: [{ from: 'pipecat.services.asyncai.tts', names: ['AsyncAITTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/asyncai/tts.py _connect_websocket: the init message asks for output_format.sample_rate = the service's sample_rate (the pipeline rate unless sample_rate= is given) and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `AsyncAITTSService(
    api_key=required(os.getenv("ASYNCAI_API_KEY"), "ASYNCAI_API_KEY"),
    settings=AsyncAITTSService.Settings(
        voice=os.getenv("ASYNCAI_TTS_VOICE_ID") or "e0f39dc4-f691-4e78-bba5-5c636692cc04",
    ),
)`,
    env: [
      { name: 'ASYNCAI_API_KEY', description: 'Async API key (async.ai)', required: true },
      {
        name: 'ASYNCAI_TTS_VOICE_ID',
        description: 'Async voice id (empty: a stock English voice)',
        required: false,
        example: 'e0f39dc4-f691-4e78-bba5-5c636692cc04',
      },
    ],
  },
  {
    id: 'aws_polly_tts',
    role: 'tts',
    label: 'AWS Polly',
    extras: ['aws'],
    imports: [{ from: 'pipecat.services.aws.tts', names: ['AWSPollyTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/aws/tts.py run_tts: Polly is always asked for PCM at 16000 Hz (its PCM output offers only 8000 or 16000) and pipecat resamples that to the service's sample_rate; the vendor really sends 16000 Hz",
    },
    construct: `AWSPollyTTSService(
    api_key=required(os.getenv("AWS_SECRET_ACCESS_KEY"), "AWS_SECRET_ACCESS_KEY"),
    aws_access_key_id=required(os.getenv("AWS_ACCESS_KEY_ID"), "AWS_ACCESS_KEY_ID"),
    region=os.getenv("AWS_POLLY_TTS_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    **present(aws_session_token=os.getenv("AWS_SESSION_TOKEN")),
    settings=AWSPollyTTSService.Settings(**present(voice=os.getenv("AWS_POLLY_TTS_VOICE_ID"))),
)`,
    env: [
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
      AWS_REGION,
      { name: 'AWS_POLLY_TTS_REGION', description: 'AWS region for Polly (empty: AWS_REGION)', required: false },
      { name: 'AWS_POLLY_TTS_VOICE_ID', description: 'Polly voice id, e.g. Joanna (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'azure_tts',
    role: 'tts',
    label: 'Azure TTS',
    extras: ['azure'],
    imports: [{ from: 'pipecat.services.azure.tts', names: ['AzureTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 24000, 44100, 48000],
      fixed: false,
      source:
        'pipecat/services/azure/tts.py sample_rate_to_output_format: one raw 16-bit PCM format per listed rate; any other rate silently gets the 24 kHz format while frames keep the requested rate',
    },
    construct: `AzureTTSService(
    api_key=required(os.getenv("AZURE_SPEECH_API_KEY"), "AZURE_SPEECH_API_KEY"),
    region=required(os.getenv("AZURE_SPEECH_REGION"), "AZURE_SPEECH_REGION"),
    settings=AzureTTSService.Settings(**present(voice=os.getenv("AZURE_TTS_VOICE_ID"))),
)`,
    env: [
      AZURE_SPEECH_API_KEY,
      AZURE_SPEECH_REGION,
      {
        name: 'AZURE_TTS_VOICE_ID',
        description: 'Azure neural voice name, e.g. en-US-SaraNeural (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'bland_tts',
    role: 'tts',
    label: 'Bland',
    extras: ['bland'],
    imports: [{ from: 'pipecat.services.bland.tts', names: ['BlandTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000, 44100, 48000],
      fixed: false,
      source:
        "pipecat/services/bland/tts.py _SAMPLE_RATES: the init message asks for audio.sample_rate = the service's sample_rate when Bland renders it; any other rate is synthesised at 48000 Hz (_DEFAULT_SAMPLE_RATE) and frames carry that rate, so the output transport resamples",
    },
    construct: `BlandTTSService(
    api_key=required(os.getenv("BLAND_API_KEY"), "BLAND_API_KEY"),
    settings=BlandTTSService.Settings(**present(voice=os.getenv("BLAND_TTS_VOICE_ID"))),
)`,
    env: [
      { name: 'BLAND_API_KEY', description: 'Bland API key (app.bland.ai > Settings > API keys)', required: true },
      {
        name: 'BLAND_TTS_VOICE_ID',
        description: 'Bland voice UUID; the voice also picks the model (empty: pipecat default, River)',
        required: false,
      },
    ],
    note: 'Realtime WebSocket TTS: LLM tokens are streamed to Bland as they arrive.',
  },
  {
    id: 'camb_tts',
    role: 'tts',
    label: 'Camb',
    extras: ['camb'],
    imports: [{ from: 'pipecat.services.camb.tts', names: ['CambTTSService'] }],
    outputSampleRates: {
      rates: [22050],
      fixed: true,
      source:
        "pipecat/services/camb/tts.py MODEL_SAMPLE_RATES: the rate is set by the model (mars-flash, the default here, and mars-instruct 22050; mars-pro 48000); start() applies it when no sample_rate= is given, so omit sample_rate= or pass the model's rate",
    },
    construct: `CambTTSService(
    api_key=required(os.getenv("CAMB_API_KEY"), "CAMB_API_KEY"),
    settings=CambTTSService.Settings(voice=int(os.getenv("CAMB_TTS_VOICE_ID") or "147320")),
)`,
    env: [
      { name: 'CAMB_API_KEY', description: 'Camb.ai API key (studio.camb.ai)', required: true },
      {
        name: 'CAMB_TTS_VOICE_ID',
        description: 'Camb.ai numeric voice id (empty: 147320, the pipecat default)',
        required: false,
        example: '147320',
      },
    ],
  },
  {
    id: 'cartesia_tts',
    role: 'tts',
    label: 'Cartesia',
    extras: ['cartesia'],
    imports: [{ from: 'pipecat.services.cartesia.tts', names: ['CartesiaTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/cartesia/tts.py _build_msg: each request asks for output_format.sample_rate = the service's sample_rate and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `CartesiaTTSService(
    api_key=required(os.getenv("CARTESIA_API_KEY"), "CARTESIA_API_KEY"),
    settings=CartesiaTTSService.Settings(
        voice=os.getenv("CARTESIA_TTS_VOICE_ID") or "71a7ad14-091c-4e8e-a314-022ece01c121",
    ),
)`,
    env: [
      CARTESIA_API_KEY,
      {
        name: 'CARTESIA_TTS_VOICE_ID',
        description: 'Cartesia voice id (empty: the British Reading Lady voice)',
        required: false,
        example: '71a7ad14-091c-4e8e-a314-022ece01c121',
      },
    ],
  },
  {
    id: 'deepgram_flux_sagemaker_tts',
    role: 'tts',
    label: 'Deepgram Flux SageMaker',
    // The anchor lists `deepgram,sagemaker`; this module needs no deepgram-sdk (as deepgram_flux_tts).
    extras: ['sagemaker'],
    imports: [{ from: 'pipecat.services.deepgram.flux.sagemaker.tts', names: ['DeepgramFluxSageMakerTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000, 32000, 44100, 48000],
      fixed: false,
      source:
        "pipecat/services/deepgram/flux/sagemaker/tts.py SUPPORTED_SAMPLE_RATES: _connect sends the service's sample_rate as the sample_rate query parameter and frames carry it; DeepgramFluxTTSBase (flux/tts_base.py) only warns when it is outside this linear16 set",
    },
    construct: `DeepgramFluxSageMakerTTSService(
    endpoint_name=required(os.getenv("DEEPGRAM_FLUX_SAGEMAKER_TTS_ENDPOINT_NAME"), "DEEPGRAM_FLUX_SAGEMAKER_TTS_ENDPOINT_NAME"),
    region=os.getenv("DEEPGRAM_FLUX_SAGEMAKER_TTS_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    settings=DeepgramFluxSageMakerTTSService.Settings(**present(voice=os.getenv("DEEPGRAM_FLUX_SAGEMAKER_TTS_VOICE_ID"))),
)`,
    env: [
      {
        name: 'DEEPGRAM_FLUX_SAGEMAKER_TTS_ENDPOINT_NAME',
        description: 'Name of your SageMaker endpoint running Deepgram Flux TTS (console.aws.amazon.com/sagemaker)',
        required: true,
      },
      {
        name: 'DEEPGRAM_FLUX_SAGEMAKER_TTS_REGION',
        description: 'AWS region of that SageMaker endpoint (empty: AWS_REGION)',
        required: false,
      },
      {
        name: 'DEEPGRAM_FLUX_SAGEMAKER_TTS_VOICE_ID',
        description: 'Deepgram Flux voice, e.g. flux-alexis-en (empty: pipecat default)',
        required: false,
      },
      AWS_REGION,
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
    ],
    requiresPython: '3.12',
    note: 'Flux TTS on your SageMaker endpoint; AWS credentials are read by the AWS SDK from the environment; needs Python 3.12+.',
  },
  {
    id: 'deepgram_flux_tts',
    role: 'tts',
    label: 'Deepgram Flux',
    // The anchor lists `deepgram`; this module talks to the websocket API itself (no deepgram-sdk).
    extras: [],
    imports: [{ from: 'pipecat.services.deepgram.flux.tts', names: ['DeepgramFluxTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000, 32000, 44100, 48000],
      fixed: false,
      source:
        "pipecat/services/deepgram/flux/tts.py SUPPORTED_SAMPLE_RATES: the sample_rate query parameter is the service's sample_rate; pipecat warns when it is outside this linear16 set",
    },
    construct: `DeepgramFluxTTSService(
    api_key=required(os.getenv("DEEPGRAM_API_KEY"), "DEEPGRAM_API_KEY"),
    settings=DeepgramFluxTTSService.Settings(**present(voice=os.getenv("DEEPGRAM_FLUX_TTS_VOICE_ID"))),
)`,
    env: [
      DEEPGRAM_API_KEY,
      {
        name: 'DEEPGRAM_FLUX_TTS_VOICE_ID',
        description: 'Deepgram Flux voice, e.g. flux-alexis-en (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Early access: streams LLM tokens to Flux as they arrive.',
  },
  {
    id: 'deepgram_sagemaker_tts',
    role: 'tts',
    label: 'Deepgram SageMaker',
    extras: ['sagemaker'],
    imports: [{ from: 'pipecat.services.deepgram.sagemaker.tts', names: ['DeepgramSageMakerTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000, 32000, 48000],
      fixed: false,
      source:
        "pipecat/services/deepgram/sagemaker/tts.py _connect: the sample_rate query parameter is the service's sample_rate, unchecked by pipecat; the list is the linear16 set Deepgram documents",
    },
    construct: `DeepgramSageMakerTTSService(
    endpoint_name=required(os.getenv("DEEPGRAM_SAGEMAKER_TTS_ENDPOINT_NAME"), "DEEPGRAM_SAGEMAKER_TTS_ENDPOINT_NAME"),
    region=os.getenv("DEEPGRAM_SAGEMAKER_TTS_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    settings=DeepgramSageMakerTTSService.Settings(**present(voice=os.getenv("DEEPGRAM_SAGEMAKER_TTS_VOICE_ID"))),
)`,
    env: [
      {
        name: 'DEEPGRAM_SAGEMAKER_TTS_ENDPOINT_NAME',
        description: 'Name of your SageMaker endpoint running Deepgram TTS (console.aws.amazon.com/sagemaker)',
        required: true,
      },
      { name: 'DEEPGRAM_SAGEMAKER_TTS_REGION', description: 'AWS region of that SageMaker endpoint (empty: AWS_REGION)', required: false },
      {
        name: 'DEEPGRAM_SAGEMAKER_TTS_VOICE_ID',
        description: 'Deepgram Aura voice, e.g. aura-2-helena-en (empty: pipecat default)',
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
    id: 'deepgram_tts',
    vendorDefault: true,
    role: 'tts',
    label: 'Deepgram',
    extras: [],
    imports: [{ from: 'pipecat.services.deepgram.tts', names: ['DeepgramTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000, 32000, 48000],
      fixed: false,
      source:
        "pipecat/services/deepgram/tts.py _connect_websocket: the sample_rate query parameter is the service's sample_rate, unchecked by pipecat; the list is the linear16 set Deepgram documents",
    },
    construct: `DeepgramTTSService(
    api_key=required(os.getenv("DEEPGRAM_API_KEY"), "DEEPGRAM_API_KEY"),
    settings=DeepgramTTSService.Settings(**present(voice=os.getenv("DEEPGRAM_TTS_VOICE_ID"))),
)`,
    env: [
      DEEPGRAM_API_KEY,
      {
        name: 'DEEPGRAM_TTS_VOICE_ID',
        description: 'Deepgram Aura voice, e.g. aura-2-helena-en (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'elevenlabs_dialogue_tts',
    role: 'tts',
    label: 'ElevenLabs Dialogue (v3)',
    extras: ['elevenlabs'],
    imports: [{ from: 'pipecat.services.elevenlabs.dialogue.tts', names: ['ElevenLabsDialogueTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 24000, 32000, 44100, 48000],
      fixed: false,
      source:
        "pipecat/services/elevenlabs/dialogue/tts.py _build_websocket_url: output_format is output_format_from_sample_rate(the service's sample_rate) from elevenlabs/tts_base.py, pcm_<rate> for each listed rate; any other rate requests pcm_24000 while frames keep the requested rate",
    },
    construct: `ElevenLabsDialogueTTSService(
    api_key=required(os.getenv("ELEVENLABS_API_KEY"), "ELEVENLABS_API_KEY"),
    settings=ElevenLabsDialogueTTSService.Settings(
        voice=required(os.getenv("ELEVENLABS_DIALOGUE_TTS_VOICE_ID"), "ELEVENLABS_DIALOGUE_TTS_VOICE_ID"),
    ),
)`,
    env: [
      ELEVENLABS_API_KEY,
      {
        name: 'ELEVENLABS_DIALOGUE_TTS_VOICE_ID',
        description: 'ElevenLabs voice id for Eleven v3 (elevenlabs.io/app/voice-library)',
        required: true,
      },
    ],
    note: 'Eleven v3 through the Text-to-Dialogue API (needs workspace access to it); sentence by sentence, so slower than elevenlabs_tts.',
  },
  {
    id: 'elevenlabs_tts',
    vendorDefault: true,
    role: 'tts',
    label: 'ElevenLabs',
    extras: ['elevenlabs'],
    imports: [{ from: 'pipecat.services.elevenlabs.tts', names: ['ElevenLabsTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 24000, 32000, 44100, 48000],
      fixed: false,
      source:
        'pipecat/services/elevenlabs/tts.py output_format_from_sample_rate: pcm_<rate> for each listed rate; any other rate requests pcm_24000 while frames keep the requested rate',
    },
    construct: `ElevenLabsTTSService(
    api_key=required(os.getenv("ELEVENLABS_API_KEY"), "ELEVENLABS_API_KEY"),
    settings=ElevenLabsTTSService.Settings(
        voice=required(os.getenv("ELEVENLABS_TTS_VOICE_ID"), "ELEVENLABS_TTS_VOICE_ID"),
    ),
)`,
    env: [
      ELEVENLABS_API_KEY,
      { name: 'ELEVENLABS_TTS_VOICE_ID', description: 'ElevenLabs voice id (elevenlabs.io/app/voice-library)', required: true },
    ],
  },
  {
    id: 'fish_tts',
    role: 'tts',
    label: 'Fish Audio',
    extras: ['fish'],
    imports: [{ from: 'pipecat.services.fish.tts', names: ['FishAudioTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/fish/tts.py _connect_websocket: the start message asks for sample_rate = the service's sample_rate with PCM output and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `FishAudioTTSService(
    api_key=required(os.getenv("FISH_API_KEY"), "FISH_API_KEY"),
    settings=FishAudioTTSService.Settings(
        voice=os.getenv("FISH_TTS_VOICE_ID") or "933563129e564b19a115bedd57b7406a",
    ),
)`,
    env: [
      { name: 'FISH_API_KEY', description: 'Fish Audio API key (fish.audio/app/api-keys)', required: true },
      {
        name: 'FISH_TTS_VOICE_ID',
        description: 'Fish Audio voice model (reference) id (empty: a stock English voice)',
        required: false,
        example: '933563129e564b19a115bedd57b7406a',
      },
    ],
  },
  {
    id: 'gemini_tts',
    role: 'tts',
    label: 'Gemini TTS',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.tts', names: ['GeminiTTSService'] }],
    outputSampleRates: {
      rates: [24000],
      fixed: true,
      source:
        "pipecat/services/google/tts.py GOOGLE_SAMPLE_RATE: GeminiTTSService treats 24000 Hz as the only rate and warns on any other; on the Gemini API path (GOOGLE_API_KEY) the 24 kHz audio is labelled with the service's sample_rate unchanged, so pass sample_rate=24000",
    },
    construct: `GeminiTTSService(
    api_key=required(os.getenv("GOOGLE_API_KEY"), "GOOGLE_API_KEY"),
    settings=GeminiTTSService.Settings(**present(voice=os.getenv("GEMINI_TTS_VOICE_ID"))),
)`,
    env: [
      GOOGLE_API_KEY,
      { name: 'GEMINI_TTS_VOICE_ID', description: 'Gemini voice name, e.g. Kore (empty: pipecat default)', required: false },
    ],
    note: 'Uses the Gemini API with GOOGLE_API_KEY (the key the Gemini LLM and Gemini Live use).',
  },
  {
    id: 'google_tts',
    role: 'tts',
    label: 'Google TTS',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.tts', names: ['GoogleTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/google/tts.py sample_rate_hertz: GoogleTTSService puts the service's sample_rate in the streaming audio config and Cloud TTS synthesises at that rate (converting server side); pipecat sets no limit of its own",
    },
    construct: `GoogleTTSService(
    credentials=required(os.getenv("GOOGLE_CREDENTIALS"), "GOOGLE_CREDENTIALS"),
    settings=GoogleTTSService.Settings(**present(voice=os.getenv("GOOGLE_TTS_VOICE_ID"))),
)`,
    env: [
      GOOGLE_CREDENTIALS,
      {
        name: 'GOOGLE_TTS_VOICE_ID',
        description: 'Google Cloud TTS voice name, e.g. en-US-Chirp3-HD-Charon (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Authenticates with the service-account key JSON in GOOGLE_CREDENTIALS.',
  },
  {
    id: 'gradium_tts',
    role: 'tts',
    label: 'Gradium',
    extras: ['gradium'],
    imports: [{ from: 'pipecat.services.gradium.tts', names: ['GradiumTTSService'] }],
    outputSampleRates: {
      rates: [48000],
      fixed: true,
      source:
        'pipecat/services/gradium/tts.py SAMPLE_RATE: the constructor always hands 48000 to its base class, so frames are labelled right without help; an explicit sample_rate= is a duplicate keyword (TypeError), so never pass one',
    },
    construct: `GradiumTTSService(
    api_key=required(os.getenv("GRADIUM_API_KEY"), "GRADIUM_API_KEY"),
    settings=GradiumTTSService.Settings(**present(voice=os.getenv("GRADIUM_TTS_VOICE_ID"))),
)`,
    env: [GRADIUM_API_KEY, { name: 'GRADIUM_TTS_VOICE_ID', description: 'Gradium voice id (empty: pipecat default)', required: false }],
  },
  {
    id: 'groq_tts',
    role: 'tts',
    label: 'Groq',
    extras: ['groq'],
    imports: [{ from: 'pipecat.services.groq.tts', names: ['GroqTTSService'] }],
    outputSampleRates: {
      rates: [48000],
      fixed: true,
      source:
        'pipecat/services/groq/tts.py GROQ_SAMPLE_RATE: Groq TTS returns 48000 Hz WAV and the constructor defaults sample_rate to it; frames take their rate from each WAV header, so they are labelled right either way',
    },
    construct: `GroqTTSService(
    api_key=required(os.getenv("GROQ_API_KEY"), "GROQ_API_KEY"),
    settings=GroqTTSService.Settings(**present(voice=os.getenv("GROQ_TTS_VOICE_ID"))),
)`,
    env: [
      GROQ_API_KEY,
      { name: 'GROQ_TTS_VOICE_ID', description: 'Groq TTS voice, e.g. autumn (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'hume_tts',
    role: 'tts',
    label: 'Hume',
    extras: ['hume'],
    imports: [{ from: 'pipecat.services.hume.tts', names: ['HumeTTSService'] }],
    outputSampleRates: {
      rates: [48000],
      fixed: true,
      source:
        'pipecat/services/hume/tts.py HUME_SAMPLE_RATE: Hume streams 48000 Hz PCM and the constructor defaults sample_rate to it; any other sample_rate only logs a warning and mislabels the frames',
    },
    construct: `HumeTTSService(
    api_key=required(os.getenv("HUME_API_KEY"), "HUME_API_KEY"),
    settings=HumeTTSService.Settings(
        voice=os.getenv("HUME_TTS_VOICE_ID") or "f898a92e-685f-43fa-985b-a46920f0650b",
    ),
)`,
    env: [
      { name: 'HUME_API_KEY', description: 'Hume AI API key (platform.hume.ai/settings/keys)', required: true },
      {
        name: 'HUME_TTS_VOICE_ID',
        description: 'Hume voice id (empty: a stock voice from the Hume voice library)',
        required: false,
        example: 'f898a92e-685f-43fa-985b-a46920f0650b',
      },
    ],
  },
  {
    id: 'inworld_tts',
    role: 'tts',
    label: 'Inworld',
    extras: ['inworld'],
    imports: [{ from: 'pipecat.services.inworld.tts', names: ['InworldTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/inworld/tts.py sampleRateHertz: each context's audio config asks for the service's sample_rate and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `InworldTTSService(
    api_key=required(os.getenv("INWORLD_API_KEY"), "INWORLD_API_KEY"),
    settings=InworldTTSService.Settings(**present(voice=os.getenv("INWORLD_TTS_VOICE_ID"))),
)`,
    env: [
      { name: 'INWORLD_API_KEY', description: 'Inworld API key, Base64 (platform.inworld.ai)', required: true },
      { name: 'INWORLD_TTS_VOICE_ID', description: 'Inworld voice, e.g. Ashley (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'kokoro_tts',
    role: 'tts',
    label: 'Kokoro',
    extras: ['kokoro'],
    imports: [{ from: 'pipecat.services.kokoro.tts', names: ['KokoroTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/kokoro/tts.py run_tts: the local model yields audio at its own rate (24000 Hz for kokoro-onnx v1.0) and pipecat resamples it to the service's sample_rate",
    },
    construct: `KokoroTTSService(
    settings=KokoroTTSService.Settings(voice=os.getenv("KOKORO_TTS_VOICE_ID") or "af_heart"),
)`,
    env: [
      { name: 'KOKORO_TTS_VOICE_ID', description: 'Kokoro voice, e.g. af_heart (empty: af_heart)', required: false, example: 'af_heart' },
    ],
    note: 'Runs locally (ONNX); model files are downloaded on first use; no API key.',
    localModel: {
      model: 'kokoro-v1.0.onnx and voices-v1.0.bin',
      chosenBy: [],
      download: 'about 340 MB',
      memory: 'about 700 MB',
      profile: 'agent-2x',
      source:
        'pipecat/services/kokoro/tts.py _ensure_model_files: fetches KOKORO_MODEL_URL (82M parameters as float32, about 310 MB) and KOKORO_VOICES_URL (about 27 MB) into ~/.cache/pipecat/kokoro-onnx',
    },
  },
  {
    id: 'lmnt_tts',
    role: 'tts',
    label: 'LMNT',
    extras: ['lmnt'],
    imports: [{ from: 'pipecat.services.lmnt.tts', names: ['LmntTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000],
      fixed: false,
      source:
        "pipecat/services/lmnt/tts.py _connect_websocket: the init message asks for sample_rate = the service's sample_rate, unchecked by pipecat; the list is the set LMNT documents",
    },
    construct: `LmntTTSService(
    api_key=required(os.getenv("LMNT_API_KEY"), "LMNT_API_KEY"),
    settings=LmntTTSService.Settings(voice=os.getenv("LMNT_TTS_VOICE_ID") or "lily"),
)`,
    env: [
      { name: 'LMNT_API_KEY', description: 'LMNT API key (app.lmnt.com/account)', required: true },
      { name: 'LMNT_TTS_VOICE_ID', description: 'LMNT voice id (empty: lily)', required: false, example: 'lily' },
    ],
  },
  {
    id: 'minimax_tts',
    role: 'tts',
    label: 'MiniMax',
    extras: [],
    imports: [{ from: 'pipecat.services.minimax.tts', names: ['MiniMaxHttpTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 24000, 32000, 44100],
      fixed: false,
      source:
        "pipecat/services/minimax/tts.py audio_setting: the request asks for sample_rate = the service's sample_rate, unchecked by pipecat; the list is the PCM set MiniMax documents",
    },
    construct: `MiniMaxHttpTTSService(
    api_key=required(os.getenv("MINIMAX_API_KEY"), "MINIMAX_API_KEY"),
    group_id=required(os.getenv("MINIMAX_GROUP_ID"), "MINIMAX_GROUP_ID"),
    aiohttp_session=session,
    settings=MiniMaxHttpTTSService.Settings(**present(voice=os.getenv("MINIMAX_TTS_VOICE_ID"))),
)`,
    env: [
      { name: 'MINIMAX_API_KEY', description: 'MiniMax API key (platform.minimax.io > Account > API keys)', required: true },
      { name: 'MINIMAX_GROUP_ID', description: 'MiniMax group id (platform.minimax.io > Account > Basic information)', required: true },
      { name: 'MINIMAX_TTS_VOICE_ID', description: 'MiniMax voice id, e.g. Calm_Woman (empty: pipecat default)', required: false },
    ],
    needsHttpSession: true,
  },
  {
    id: 'mistral_tts',
    role: 'tts',
    label: 'Mistral',
    extras: ['mistral'],
    imports: [{ from: 'pipecat.services.mistral.tts', names: ['MistralTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/mistral/tts.py MISTRAL_SAMPLE_RATE: Mistral sends 24000 Hz float PCM, which pipecat converts to 16-bit and resamples to the service's sample_rate",
    },
    construct: `MistralTTSService(
    api_key=required(os.getenv("MISTRAL_API_KEY"), "MISTRAL_API_KEY"),
    settings=MistralTTSService.Settings(
        voice=os.getenv("MISTRAL_TTS_VOICE_ID") or "c69964a6-ab8b-4f8a-9465-ec0925096ec8",
    ),
)`,
    env: [
      MISTRAL_API_KEY,
      {
        name: 'MISTRAL_TTS_VOICE_ID',
        description: 'Mistral voice id (empty: a stock English voice)',
        required: false,
        example: 'c69964a6-ab8b-4f8a-9465-ec0925096ec8',
      },
    ],
  },
  {
    id: 'neuphonic_tts',
    role: 'tts',
    label: 'Neuphonic',
    extras: ['neuphonic'],
    imports: [{ from: 'pipecat.services.neuphonic.tts', names: ['NeuphonicTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050],
      fixed: false,
      source:
        "pipecat/services/neuphonic/tts.py _connect_websocket: the sampling_rate query parameter is the constructor's sample_rate (default 22050, which also labels the frames, not the pipeline rate); the list is the set Neuphonic documents (no 24000)",
    },
    construct: `NeuphonicTTSService(
    api_key=required(os.getenv("NEUPHONIC_API_KEY"), "NEUPHONIC_API_KEY"),
    settings=NeuphonicTTSService.Settings(
        voice=os.getenv("NEUPHONIC_TTS_VOICE_ID") or "fc854436-2dac-4d21-aa69-ae17b54e98eb",
    ),
)`,
    env: [
      { name: 'NEUPHONIC_API_KEY', description: 'Neuphonic API key (app.neuphonic.com)', required: true },
      {
        name: 'NEUPHONIC_TTS_VOICE_ID',
        description: 'Neuphonic voice id (empty: Emily)',
        required: false,
        example: 'fc854436-2dac-4d21-aa69-ae17b54e98eb',
      },
    ],
  },
  {
    id: 'nvidia_sagemaker_tts',
    role: 'tts',
    label: 'NVIDIA SageMaker',
    extras: ['aws', 'sagemaker'],
    imports: [{ from: 'pipecat.services.nvidia.sagemaker.tts', names: ['NvidiaSageMakerTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/nvidia/sagemaker/tts.py _send_session_config: the session's output_audio_params.sample_rate_hz is the service's sample_rate and audio frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `NvidiaSageMakerTTSService(
    endpoint_name=required(os.getenv("NVIDIA_SAGEMAKER_TTS_ENDPOINT_NAME"), "NVIDIA_SAGEMAKER_TTS_ENDPOINT_NAME"),
    region=os.getenv("NVIDIA_SAGEMAKER_TTS_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    settings=NvidiaSageMakerTTSService.Settings(**present(voice=os.getenv("NVIDIA_SAGEMAKER_TTS_VOICE_ID"))),
)`,
    env: [
      {
        name: 'NVIDIA_SAGEMAKER_TTS_ENDPOINT_NAME',
        description: 'Name of your SageMaker endpoint running NVIDIA Magpie TTS (console.aws.amazon.com/sagemaker)',
        required: true,
      },
      { name: 'NVIDIA_SAGEMAKER_TTS_REGION', description: 'AWS region of that SageMaker endpoint (empty: AWS_REGION)', required: false },
      {
        name: 'NVIDIA_SAGEMAKER_TTS_VOICE_ID',
        description: 'NVIDIA Magpie voice, e.g. Magpie-Multilingual.EN-US.Aria (empty: pipecat default)',
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
    id: 'nvidia_tts',
    vendorDefault: true,
    role: 'tts',
    label: 'NVIDIA',
    extras: ['nvidia'],
    imports: [{ from: 'pipecat.services.nvidia.tts', names: ['NvidiaTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/nvidia/tts.py sample_rate_hz: each Riva synthesis request asks for the service's sample_rate and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `NvidiaTTSService(
    api_key=required(os.getenv("NVIDIA_API_KEY"), "NVIDIA_API_KEY"),
    settings=NvidiaTTSService.Settings(**present(voice=os.getenv("NVIDIA_TTS_VOICE_ID"))),
)`,
    env: [
      NVIDIA_API_KEY,
      {
        name: 'NVIDIA_TTS_VOICE_ID',
        description: 'NVIDIA Riva voice, e.g. Magpie-Multilingual.EN-US.Aria (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Riva speech synthesis on NVIDIA cloud.',
  },
  {
    id: 'openai_tts',
    role: 'tts',
    label: 'OpenAI TTS',
    extras: ['openai'],
    imports: [{ from: 'pipecat.services.openai.tts', names: ['OpenAITTSService'] }],
    outputSampleRates: {
      rates: [24000],
      fixed: true,
      source:
        "pipecat/services/openai/tts.py OPENAI_SAMPLE_RATE: OpenAI always returns 24000 Hz PCM, but frames carry the service's sample_rate (the pipeline rate by default), so pass sample_rate=24000",
    },
    construct: `OpenAITTSService(
    api_key=required(os.getenv("OPENAI_API_KEY"), "OPENAI_API_KEY"),
    settings=OpenAITTSService.Settings(**present(voice=os.getenv("OPENAI_TTS_VOICE_ID"))),
)`,
    env: [
      OPENAI_API_KEY,
      { name: 'OPENAI_TTS_VOICE_ID', description: 'OpenAI voice, e.g. alloy or coral (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'piper_tts',
    role: 'tts',
    label: 'Piper',
    extras: ['piper'],
    imports: [{ from: 'pipecat.services.piper.tts', names: ['PiperTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/piper/tts.py in_sample_rate: the voice model's own rate (its config; 22050 Hz for en_US-ryan-high) is resampled to the service's sample_rate",
    },
    construct: `PiperTTSService(
    settings=PiperTTSService.Settings(voice=os.getenv("PIPER_TTS_VOICE_ID") or "en_US-ryan-high"),
)`,
    env: [
      {
        name: 'PIPER_TTS_VOICE_ID',
        description: 'Piper voice, see huggingface.co/rhasspy/piper-voices (empty: en_US-ryan-high)',
        required: false,
        example: 'en_US-ryan-high',
      },
    ],
    note: 'Runs locally; the voice model is downloaded on first use; no API key.',
    localModel: {
      model: 'en_US-ryan-high',
      chosenBy: ['PIPER_TTS_VOICE_ID'],
      download: 'about 115 MB',
      memory: 'about 250 MB',
      profile: 'agent-2x',
      source:
        "pipecat/services/piper/tts.py __init__: download_voice fetches the voice's .onnx and .onnx.json into the working directory (/app in the image, where Pipecat Cloud runs the bot); size of a high-quality Piper voice",
    },
  },
  {
    id: 'pockettts_tts',
    role: 'tts',
    label: 'Pocket TTS (Local)',
    extras: ['pocket-tts'],
    imports: [{ from: 'pipecat.services.pocket_tts.tts', names: ['PocketTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/pocket_tts/tts.py _stream_audio_frames_from_iterator: the model streams audio at its own sample_rate (24000 Hz for pocket-tts) and pipecat resamples it to the service's sample_rate",
    },
    construct: `PocketTTSService(
    settings=PocketTTSService.Settings(**present(voice=os.getenv("POCKETTTS_TTS_VOICE_ID"))),
)`,
    env: [
      {
        name: 'POCKETTTS_TTS_VOICE_ID',
        description: 'Pocket TTS voice: a predefined name such as alba, a .wav file to clone, or an hf:// path (empty: alba)',
        required: false,
        example: 'alba',
      },
    ],
    note: "Runs locally on the CPU (kyutai-labs' pocket-tts); model weights are downloaded on first use; no API key.",
    localModel: {
      model: 'pocket-tts (English) with the alba voice',
      chosenBy: ['POCKETTTS_TTS_VOICE_ID'],
      download: 'about 500 MB',
      memory: 'about 1 GB',
      profile: 'agent-2x',
      source:
        'pipecat/services/pocket_tts/tts.py __init__: TTSModel.load_model fetches the weights from the Hugging Face hub (~/.cache/huggingface) and get_state_for_audio_prompt the voice prompt; size from its 118M parameters (transformer, decoder and voice encoder) as float32',
    },
  },
  {
    id: 'resemble_tts',
    role: 'tts',
    label: 'Resemble AI',
    extras: ['resembleai'],
    imports: [{ from: 'pipecat.services.resembleai.tts', names: ['ResembleAITTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 32000, 44100],
      fixed: false,
      source:
        'pipecat/services/resembleai/tts.py ResembleAITTSService: the constructor documents these rates for sample_rate and defaults to 22050 (not the pipeline rate); no 24000',
    },
    construct: `ResembleAITTSService(
    api_key=required(os.getenv("RESEMBLE_API_KEY"), "RESEMBLE_API_KEY"),
    settings=ResembleAITTSService.Settings(
        voice=required(os.getenv("RESEMBLE_TTS_VOICE_ID"), "RESEMBLE_TTS_VOICE_ID"),
    ),
)`,
    env: [
      { name: 'RESEMBLE_API_KEY', description: 'Resemble AI API key (app.resemble.ai/account/api)', required: true },
      { name: 'RESEMBLE_TTS_VOICE_ID', description: 'Resemble AI voice UUID (app.resemble.ai/voices)', required: true },
    ],
  },
  {
    id: 'rime_tts',
    role: 'tts',
    label: 'Rime',
    extras: ['rime'],
    imports: [{ from: 'pipecat.services.rime.tts', names: ['RimeTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/rime/tts.py samplingRate: the connection's query asks for the service's sample_rate and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `RimeTTSService(
    api_key=required(os.getenv("RIME_API_KEY"), "RIME_API_KEY"),
    settings=RimeTTSService.Settings(voice=os.getenv("RIME_TTS_VOICE_ID") or "luna"),
)`,
    env: [
      { name: 'RIME_API_KEY', description: 'Rime API key (app.rime.ai/tokens)', required: true },
      { name: 'RIME_TTS_VOICE_ID', description: 'Rime speaker, e.g. luna (empty: luna)', required: false, example: 'luna' },
    ],
  },
  {
    id: 'sarvam_tts',
    role: 'tts',
    label: 'Sarvam',
    extras: [],
    imports: [{ from: 'pipecat.services.sarvam.tts', names: ['SarvamTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 24000],
      fixed: false,
      source:
        "pipecat/services/sarvam/tts.py SarvamTTSService: the constructor documents these rates for sample_rate; when omitted it uses the model's default_sample_rate (22050 for bulbul:v2, 24000 for bulbul:v3), not the pipeline rate",
    },
    construct: `SarvamTTSService(
    api_key=required(os.getenv("SARVAM_API_KEY"), "SARVAM_API_KEY"),
    settings=SarvamTTSService.Settings(
        **present(model=os.getenv("SARVAM_TTS_MODEL"), voice=os.getenv("SARVAM_TTS_VOICE_ID")),
    ),
)`,
    env: [
      SARVAM_API_KEY,
      { name: 'SARVAM_TTS_MODEL', description: 'Sarvam TTS model, e.g. bulbul:v2 (empty: pipecat default)', required: false },
      { name: 'SARVAM_TTS_VOICE_ID', description: 'Sarvam speaker for that model, e.g. anushka (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'smallest_tts',
    role: 'tts',
    label: 'Smallest AI',
    extras: ['smallest'],
    imports: [{ from: 'pipecat.services.smallest.tts', names: ['SmallestTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/smallest/tts.py _build_msg: each request asks for sample_rate = the service's sample_rate and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `SmallestTTSService(
    api_key=required(os.getenv("SMALLEST_API_KEY"), "SMALLEST_API_KEY"),
    settings=SmallestTTSService.Settings(**present(voice=os.getenv("SMALLEST_TTS_VOICE_ID"))),
)`,
    env: [
      { name: 'SMALLEST_API_KEY', description: 'Smallest AI API key (app.smallest.ai > API keys)', required: true },
      { name: 'SMALLEST_TTS_VOICE_ID', description: 'Smallest AI (Waves) voice id, e.g. sophia (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'soniox_tts',
    role: 'tts',
    label: 'Soniox',
    extras: ['soniox'],
    imports: [{ from: 'pipecat.services.soniox.tts', names: ['SonioxTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 24000, 44100, 48000],
      fixed: false,
      source: 'pipecat/services/soniox/tts.py VALID_SAMPLE_RATES: any other rate only logs a warning and the server may reject the stream',
    },
    construct: `SonioxTTSService(
    api_key=required(os.getenv("SONIOX_API_KEY"), "SONIOX_API_KEY"),
    settings=SonioxTTSService.Settings(**present(voice=os.getenv("SONIOX_TTS_VOICE_ID"))),
)`,
    env: [
      SONIOX_API_KEY,
      { name: 'SONIOX_TTS_VOICE_ID', description: 'Soniox voice, e.g. Bryce (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'speechify_tts',
    role: 'tts',
    label: 'Speechify',
    extras: ['speechify'],
    imports: [{ from: 'pipecat.services.speechify.tts', names: ['SpeechifyHttpTTSService'] }],
    outputSampleRates: {
      rates: [8000, 16000, 22050, 24000, 44100, 48000],
      fixed: false,
      source:
        "pipecat/services/speechify/tts.py SPEECHIFY_PCM_SAMPLE_RATES: each request asks for output_format pcm_<the service's sample_rate> and frames carry that rate; any other rate is synthesised at 24000 Hz (SPEECHIFY_DEFAULT_SAMPLE_RATE) and frames are labelled with it",
    },
    construct: `SpeechifyHttpTTSService(
    api_key=required(os.getenv("SPEECHIFY_API_KEY"), "SPEECHIFY_API_KEY"),
    aiohttp_session=session,
    settings=SpeechifyHttpTTSService.Settings(**present(voice=os.getenv("SPEECHIFY_TTS_VOICE_ID"))),
)`,
    env: [
      { name: 'SPEECHIFY_API_KEY', description: 'Speechify API key (console.sws.speechify.com > API Keys)', required: true },
      {
        name: 'SPEECHIFY_TTS_VOICE_ID',
        description: 'Speechify voice id, e.g. geffen_32 (empty: pipecat default)',
        required: false,
      },
    ],
    needsHttpSession: true,
    note: 'Streams audio with word timestamps over HTTP; the default model simba-3.2 is English (simba-3.0 for other languages).',
  },
  {
    id: 'xai_tts',
    role: 'tts',
    label: 'xAI',
    extras: ['xai'],
    imports: [{ from: 'pipecat.services.xai.tts', names: ['XAITTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/xai/tts.py _build_url: the sample_rate query parameter is the service's sample_rate and frames carry that rate; pipecat sets no limit of its own",
    },
    construct: `XAITTSService(
    api_key=required(os.getenv("XAI_API_KEY"), "XAI_API_KEY"),
    settings=XAITTSService.Settings(**present(voice=os.getenv("XAI_TTS_VOICE_ID"))),
)`,
    env: [XAI_API_KEY, { name: 'XAI_TTS_VOICE_ID', description: 'xAI voice, e.g. eve (empty: pipecat default)', required: false }],
  },
  {
    id: 'xtts_tts',
    role: 'tts',
    label: 'XTTS (Coqui)',
    extras: [],
    imports: [{ from: 'pipecat.services.xtts.tts', names: ['XTTSService'] }],
    outputSampleRates: {
      rates: ANY_SAMPLE_RATES,
      fixed: false,
      source:
        "pipecat/services/xtts/tts.py _resampler: the XTTS server streams 24000 Hz, which pipecat resamples to the service's sample_rate",
    },
    construct: `XTTSService(
    base_url=required(os.getenv("XTTS_TTS_BASE_URL"), "XTTS_TTS_BASE_URL"),
    aiohttp_session=session,
    settings=XTTSService.Settings(voice=os.getenv("XTTS_TTS_VOICE_ID") or "Claribel Dervla"),
)`,
    env: [
      {
        name: 'XTTS_TTS_BASE_URL',
        description: 'URL of your XTTS streaming server (github.com/coqui-ai/xtts-streaming-server)',
        required: true,
        example: 'http://localhost:8000',
      },
      {
        name: 'XTTS_TTS_VOICE_ID',
        description: 'XTTS studio speaker name (empty: Claribel Dervla)',
        required: false,
        example: 'Claribel Dervla',
      },
    ],
    needsHttpSession: true,
    deprecated: '1.7.0',
    note: 'Deprecated in pipecat 1.7.0 (removal in 2.0); use kokoro_tts or piper_tts instead.',
  },
] as const satisfies readonly ServiceDefinition[];
