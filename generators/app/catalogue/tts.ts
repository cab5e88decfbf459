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
import { D, EDGE_RT, RT, reg } from './record.js';
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
    record: {
      follows: [reg('asyncai_tts'), 'src/pipecat/services/asyncai/tts.py#AsyncAITTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('ASYNCAI_API_KEY'),
        D.renamed('settings.voice', 'ASYNCAI_TTS_VOICE_ID', 'ASYNCAI_VOICE_ID'),
        D.voiceFallback('ASYNCAI_TTS_VOICE_ID', 'e0f39dc4-f691-4e78-bba5-5c636692cc04'),
      ],
      changes18: [{ fragment: 'changelog/5246.changed.md', follow: 'Default model async_flash_v1.5; nothing in bot.py pins the old one.' }],
    },
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
    record: {
      follows: [reg('aws_polly_tts'), 'src/pipecat/services/aws/tts.py#AWSPollyTTSService'],
      compared: ['api_key', 'aws_access_key_id', 'aws_session_token', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_REGION'),
        {
          what: '`api_key` (the secret access key) and `aws_access_key_id` passed from `AWS_SECRET_ACCESS_KEY` and `AWS_ACCESS_KEY_ID`; the registry passes neither',
          why: 'without them the class falls back to the same AWS_* variables and the botocore chain (aws/utils.py resolve_credentials); passing them explicitly lets required(...) name a missing variable',
        },
        D.awsRegion('region', 'AWS_POLLY_TTS_REGION'),
        D.added('aws_session_token', 'AWS_SESSION_TOKEN'),
        D.renamed('settings.voice', 'AWS_POLLY_TTS_VOICE_ID', 'AWS_VOICE_ID'),
        D.present('settings.voice', 'AWS_POLLY_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('azure_tts'), 'src/pipecat/services/azure/tts.py#AzureTTSService'],
      compared: ['api_key', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('AZURE_SPEECH_API_KEY', 'AZURE_SPEECH_REGION'),
        D.renamed('settings.voice', 'AZURE_TTS_VOICE_ID', 'AZURE_SPEECH_VOICE_ID'),
        D.present('settings.voice', 'AZURE_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('bland_tts'), 'src/pipecat/services/bland/tts.py#BlandTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)', 'text_aggregation_mode (TOKEN default kept)'],
      runtime: {
        layer: 'vendor-protocol',
        where:
          'test/runtime/python/standins/_vendors/bland.py (VENDOR_SERVER in rt/services.py): init/ready at the asked encoding and rate, speak deltas spoken a sentence at a time as they arrive (utterance_start, the audio), end_of_turn speaks the rest and says utterance_end, cancel ends the turn as cancelled',
      },
      deviations: [
        D.required('BLAND_API_KEY'),
        D.renamed('settings.voice', 'BLAND_TTS_VOICE_ID', 'BLAND_VOICE_ID'),
        D.present('settings.voice', 'BLAND_TTS_VOICE_ID'),
      ],
      changes18: [
        {
          fragment: 'changelog/5388.added.md',
          follow: 'New in 1.8; the WebSocket BlandTTSService, as the registry; its default voice equals the registry fallback.',
        },
      ],
    },
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
    record: {
      follows: [reg('camb_tts'), 'src/pipecat/services/camb/tts.py#CambTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('CAMB_API_KEY'),
        D.renamed('settings.voice', 'CAMB_TTS_VOICE_ID', 'CAMB_VOICE_ID'),
        {
          what: '`settings.voice=int(os.getenv("CAMB_TTS_VOICE_ID") or "147320")`',
          why: 'Camb voice ids are integers and an environment variable is a string; 147320 is the class default voice (camb/tts.py), written so the int() conversion has a value',
        },
      ],
    },
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
    record: {
      follows: [reg('cartesia_tts'), 'src/pipecat/services/cartesia/tts.py#CartesiaTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: EDGE_RT.cartesiaTts,
      deviations: [
        D.required('CARTESIA_API_KEY'),
        D.renamed('settings.voice', 'CARTESIA_TTS_VOICE_ID', 'CARTESIA_VOICE_ID'),
        D.voiceFallback('CARTESIA_TTS_VOICE_ID', '71a7ad14-091c-4e8e-a314-022ece01c121'),
      ],
      changes18: [
        {
          fragment: 'changelog/5223.changed.md',
          follow: 'Authenticates with X-API-Key and Cartesia-Version headers; bot.py passes only api_key, unaffected.',
        },
        { fragment: 'changelog/5231.deprecated.md', follow: 'cartesia_version is deprecated; bot.py never passes it.' },
        { fragment: 'changelog/5257.fixed.md', follow: 'Mid-sentence settings changes keep the transcript; nothing to change.' },
      ],
    },
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
    record: {
      follows: [reg('deepgram_flux_sagemaker_tts'), 'src/pipecat/services/deepgram/flux/sagemaker/tts.py#DeepgramFluxSageMakerTTSService'],
      compared: ['endpoint_name', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.fluxTts,
      deviations: [
        D.required('DEEPGRAM_FLUX_SAGEMAKER_TTS_ENDPOINT_NAME'),
        D.awsRegion('region', 'DEEPGRAM_FLUX_SAGEMAKER_TTS_REGION'),
        D.present('settings.voice', 'DEEPGRAM_FLUX_SAGEMAKER_TTS_VOICE_ID'),
        {
          what: 'extras `sagemaker` (registry: `deepgram,sagemaker`)',
          why: 'the Flux modules speak to the endpoint themselves and import no deepgram-sdk (as deepgram_flux_tts)',
        },
      ],
      changes18: [
        {
          fragment: 'changelog/5360.added.md',
          follow: 'New in 1.8: endpoint_name and region instead of an API key; AWS credentials from the environment.',
        },
      ],
    },
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
    record: {
      follows: [reg('deepgram_flux_tts'), 'src/pipecat/services/deepgram/flux/tts.py#DeepgramFluxTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.fluxTts,
      deviations: [
        D.required('DEEPGRAM_API_KEY'),
        D.renamed('settings.voice', 'DEEPGRAM_FLUX_TTS_VOICE_ID', 'DEEPGRAM_VOICE_ID'),
        D.present('settings.voice', 'DEEPGRAM_FLUX_TTS_VOICE_ID'),
      ],
      changes18: [
        { fragment: 'changelog/5296.changed.md', follow: 'Interruptions use Flux Interrupt instead of reconnecting; nothing to change.' },
        { fragment: 'changelog/5296.added.md', follow: 'speed and expressivity settings are optional; nothing to change.' },
      ],
    },
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
    record: {
      follows: [reg('deepgram_sagemaker_tts'), 'src/pipecat/services/deepgram/sagemaker/tts.py#DeepgramSageMakerTTSService'],
      compared: ['endpoint_name', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('DEEPGRAM_SAGEMAKER_TTS_ENDPOINT_NAME', 'AWS_REGION'),
        D.awsRegion('region', 'DEEPGRAM_SAGEMAKER_TTS_REGION'),
        D.present('settings.voice', 'DEEPGRAM_SAGEMAKER_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('deepgram_tts'), 'src/pipecat/services/deepgram/tts.py#DeepgramTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: EDGE_RT.deepgramSpeak,
      deviations: [
        D.required('DEEPGRAM_API_KEY'),
        D.renamed('settings.voice', 'DEEPGRAM_TTS_VOICE_ID', 'DEEPGRAM_VOICE_ID'),
        D.present('settings.voice', 'DEEPGRAM_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('elevenlabs_dialogue_tts'), 'src/pipecat/services/elevenlabs/dialogue/tts.py#ElevenLabsDialogueTTSService'],
      compared: ['api_key', 'settings.voice', 'settings.model (eleven_v3_conversational default kept)', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('ELEVENLABS_API_KEY', 'ELEVENLABS_DIALOGUE_TTS_VOICE_ID'),
        D.renamed('settings.voice', 'ELEVENLABS_DIALOGUE_TTS_VOICE_ID', 'ELEVENLABS_VOICE_ID'),
      ],
      changes18: [
        {
          fragment: 'changelog/5353.added.md',
          follow: 'New in 1.8; the class has no default voice and registers it in every context, so the voice is required.',
        },
      ],
    },
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
    record: {
      follows: [reg('elevenlabs_tts'), 'src/pipecat/services/elevenlabs/tts.py#ElevenLabsTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: EDGE_RT.elevenlabsTts,
      deviations: [
        D.required('ELEVENLABS_API_KEY', 'ELEVENLABS_TTS_VOICE_ID'),
        D.renamed('settings.voice', 'ELEVENLABS_TTS_VOICE_ID', 'ELEVENLABS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('fish_tts'), 'src/pipecat/services/fish/tts.py#FishAudioTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('FISH_API_KEY'),
        D.renamed('settings.voice', 'FISH_TTS_VOICE_ID', 'FISH_VOICE_ID'),
        D.voiceFallback('FISH_TTS_VOICE_ID', '933563129e564b19a115bedd57b7406a'),
      ],
      changes18: [{ fragment: 'changelog/5246.changed.3.md', follow: 'Default model s2.1-pro; nothing in bot.py pins the old one.' }],
    },
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
    record: {
      follows: [reg('gemini_tts'), 'src/pipecat/services/google/tts.py#GeminiTTSService'],
      compared: ['api_key', 'credentials', 'location', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        {
          what: '`api_key=required(GOOGLE_API_KEY)`, the Gemini API backend, and no `credentials`/`location` (registry: `credentials=os.getenv("GOOGLE_APPLICATION_CREDENTIALS")`, the Cloud TTS backend)',
          why: 'one AI Studio key, the one google_gemini_llm and gemini_live_realtime read, and no service account; a class with two backends cannot be configured by "fill the required keys" unless one of them is the required one (with neither set, bot() ran with no credentials at all)',
        },
        D.renamed('settings.voice', 'GEMINI_TTS_VOICE_ID', 'GOOGLE_VOICE_ID'),
        D.present('settings.voice', 'GEMINI_TTS_VOICE_ID'),
      ],
      changes18: [{ fragment: 'changelog/5273.fixed.3.md', follow: 'A base TTSSettings update no longer raises; nothing to change.' }],
      removed: [
        D.googleAdcGemini,
        {
          what: 'GOOGLE_API_KEY and GOOGLE_CREDENTIALS both optional ("set one of the two")',
          why: '.env.example can mark only single variables required, so a newcomer who filled the required keys got a bot with no credentials',
        },
      ],
    },
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
    record: {
      follows: [reg('google_tts'), 'src/pipecat/services/google/tts.py#GoogleTTSService'],
      compared: ['credentials', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: EDGE_RT.googleTts,
      deviations: [
        D.renamed('settings.voice', 'GOOGLE_TTS_VOICE_ID', 'GOOGLE_VOICE_ID'),
        D.present('settings.voice', 'GOOGLE_TTS_VOICE_ID'),
        D.googleCredentials,
      ],
      changes18: [
        { fragment: 'changelog/5273.fixed.2.md', follow: 'A None speaking_rate in a settings update no longer raises; bot.py sets none.' },
      ],
      removed: [D.googleAdc],
    },
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
    record: {
      follows: [reg('gradium_tts'), 'src/pipecat/services/gradium/tts.py#GradiumTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('GRADIUM_API_KEY'),
        D.renamed('settings.voice', 'GRADIUM_TTS_VOICE_ID', 'GRADIUM_VOICE_ID'),
        D.present('settings.voice', 'GRADIUM_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('groq_tts'), 'src/pipecat/services/groq/tts.py#GroqTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('GROQ_API_KEY'),
        D.renamed('settings.voice', 'GROQ_TTS_VOICE_ID', 'GROQ_VOICE_ID'),
        D.present('settings.voice', 'GROQ_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('hume_tts'), 'src/pipecat/services/hume/tts.py#HumeTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('HUME_API_KEY'),
        D.renamed('settings.voice', 'HUME_TTS_VOICE_ID', 'HUME_VOICE_ID'),
        D.voiceFallback('HUME_TTS_VOICE_ID', 'f898a92e-685f-43fa-985b-a46920f0650b'),
      ],
    },
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
    record: {
      follows: [reg('inworld_tts'), 'src/pipecat/services/inworld/tts.py#InworldTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('INWORLD_API_KEY'),
        D.renamed('settings.voice', 'INWORLD_TTS_VOICE_ID', 'INWORLD_VOICE_ID'),
        D.present('settings.voice', 'INWORLD_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('kokoro_tts'), 'src/pipecat/services/kokoro/tts.py#KokoroTTSService'],
      compared: ['settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.renamed('settings.voice', 'KOKORO_TTS_VOICE_ID', 'KOKORO_VOICE_ID'),
        D.voiceFallback('KOKORO_TTS_VOICE_ID', 'af_heart'),
        D.localModelAtBuild,
      ],
      changes18: [
        { fragment: 'changelog/5171.fixed.md', follow: 'French and Mandarin map to espeak voices; bot.py sets no language.' },
        {
          fragment: 'changelog/5316.added.md',
          follow:
            'setup_timeout_secs defaults to 20 s: a first run that downloads the model inside bot() can exceed it (so the weights are fetched at image build time).',
        },
      ],
      removed: [D.localModelInBot],
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
    record: {
      follows: [reg('lmnt_tts'), 'src/pipecat/services/lmnt/tts.py#LmntTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('LMNT_API_KEY'),
        D.renamed('settings.voice', 'LMNT_TTS_VOICE_ID', 'LMNT_VOICE_ID'),
        D.voiceFallback('LMNT_TTS_VOICE_ID', 'lily'),
      ],
      changes18: [
        {
          fragment: 'changelog/5246.changed.4.md',
          follow: 'Default model blizzard; the fallback voice lily must exist for it (check when the stand-in answers at the vendor edge).',
        },
      ],
    },
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
    record: {
      follows: [reg('minimax_tts'), 'src/pipecat/services/minimax/tts.py#MiniMaxHttpTTSService'],
      compared: ['aiohttp_session', 'api_key', 'group_id', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('MINIMAX_API_KEY', 'MINIMAX_GROUP_ID'),
        D.renamed('settings.voice', 'MINIMAX_TTS_VOICE_ID', 'MINIMAX_VOICE_ID'),
        D.present('settings.voice', 'MINIMAX_TTS_VOICE_ID'),
      ],
      changes18: [
        { fragment: 'changelog/5246.changed.5.md', follow: 'Default model speech-2.8-turbo; nothing in bot.py pins the old one.' },
      ],
    },
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
    record: {
      follows: [reg('mistral_tts'), 'src/pipecat/services/mistral/tts.py#MistralTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('MISTRAL_API_KEY'),
        D.renamed('settings.voice', 'MISTRAL_TTS_VOICE_ID', 'MISTRAL_VOICE_ID'),
        D.voiceFallback('MISTRAL_TTS_VOICE_ID', 'c69964a6-ab8b-4f8a-9465-ec0925096ec8'),
      ],
    },
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
    record: {
      follows: [reg('neuphonic_tts'), 'src/pipecat/services/neuphonic/tts.py#NeuphonicTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('NEUPHONIC_API_KEY'),
        D.renamed('settings.voice', 'NEUPHONIC_TTS_VOICE_ID', 'NEUPHONIC_VOICE_ID'),
        D.voiceFallback('NEUPHONIC_TTS_VOICE_ID', 'fc854436-2dac-4d21-aa69-ae17b54e98eb'),
      ],
    },
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
    record: {
      follows: [reg('nvidia_sagemaker_tts'), 'src/pipecat/services/nvidia/sagemaker/tts.py#NvidiaSageMakerTTSService'],
      compared: ['endpoint_name', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.nimSageMakerTts,
      deviations: [
        D.required('NVIDIA_SAGEMAKER_TTS_ENDPOINT_NAME', 'AWS_REGION'),
        D.awsRegion('region', 'NVIDIA_SAGEMAKER_TTS_REGION'),
        D.present('settings.voice', 'NVIDIA_SAGEMAKER_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('nvidia_tts'), 'src/pipecat/services/nvidia/tts.py#NvidiaTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: EDGE_RT.rivaTts,
      deviations: [
        D.required('NVIDIA_API_KEY'),
        D.renamed('settings.voice', 'NVIDIA_TTS_VOICE_ID', 'NVIDIA_VOICE_ID'),
        D.present('settings.voice', 'NVIDIA_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('openai_tts'), 'src/pipecat/services/openai/tts.py#OpenAITTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: EDGE_RT.openaiSpeech,
      deviations: [
        D.required('OPENAI_API_KEY'),
        D.renamed('settings.voice', 'OPENAI_TTS_VOICE_ID', 'OPENAI_VOICE_ID'),
        D.present('settings.voice', 'OPENAI_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('piper_tts'), 'src/pipecat/services/piper/tts.py#PiperTTSService'],
      compared: ['settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.renamed('settings.voice', 'PIPER_TTS_VOICE_ID', 'PIPER_VOICE_ID'),
        D.voiceFallback('PIPER_TTS_VOICE_ID', 'en_US-ryan-high'),
        D.localModelAtBuild,
      ],
      changes18: [
        {
          fragment: 'changelog/5316.added.md',
          follow:
            'setup_timeout_secs defaults to 20 s: a first run that downloads the model inside bot() can exceed it (so the weights are fetched at image build time).',
        },
      ],
      removed: [D.localModelInBot],
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
    record: {
      follows: [reg('pockettts_tts'), 'src/pipecat/services/pocket_tts/tts.py#PocketTTSService'],
      compared: ['settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        {
          what: '`settings.voice` from `POCKETTTS_TTS_VOICE_ID` (registry: `os.getenv("POCKET_TTS_VOICE_ID", "alba")`)',
          why: 'rule E2 names tunables after the service id (`pockettts_tts`); unset, the class default voice applies instead of the registry fallback alba',
        },
        D.present('settings.voice', 'POCKETTTS_TTS_VOICE_ID'),
        D.localModelAtBuild,
      ],
      changes18: [
        {
          fragment: 'changelog/5316.added.md',
          follow:
            'setup_timeout_secs defaults to 20 s: a first run that downloads the model inside bot() can exceed it (so the weights are fetched at image build time).',
        },
      ],
      removed: [D.localModelInBot],
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
    record: {
      follows: [reg('resemble_tts'), 'src/pipecat/services/resembleai/tts.py#ResembleAITTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('RESEMBLE_API_KEY', 'RESEMBLE_TTS_VOICE_ID'),
        D.renamed('settings.voice', 'RESEMBLE_TTS_VOICE_ID', 'RESEMBLE_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('rime_tts'), 'src/pipecat/services/rime/tts.py#RimeTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('RIME_API_KEY'),
        D.renamed('settings.voice', 'RIME_TTS_VOICE_ID', 'RIME_VOICE_ID'),
        D.voiceFallback('RIME_TTS_VOICE_ID', 'luna'),
      ],
      changes18: [
        {
          fragment: 'changelog/5279.changed.md',
          follow:
            'Arcana support removed; the class default model is coda and bot.py sets no model, so it follows. The fallback voice luna is the one Rime examples use.',
        },
      ],
    },
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
    record: {
      follows: [reg('sarvam_tts'), 'src/pipecat/services/sarvam/tts.py#SarvamTTSService'],
      compared: ['api_key', 'settings.model', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('SARVAM_API_KEY'),
        D.renamed('settings.model', 'SARVAM_TTS_MODEL', 'SARVAM_MODEL'),
        D.present('settings.model', 'SARVAM_TTS_MODEL'),
        D.renamed('settings.voice', 'SARVAM_TTS_VOICE_ID', 'SARVAM_VOICE_ID'),
        D.present('settings.voice', 'SARVAM_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('smallest_tts'), 'src/pipecat/services/smallest/tts.py#SmallestTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('SMALLEST_API_KEY'),
        D.renamed('settings.voice', 'SMALLEST_TTS_VOICE_ID', 'SMALLEST_VOICE_ID'),
        D.present('settings.voice', 'SMALLEST_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('soniox_tts'), 'src/pipecat/services/soniox/tts.py#SonioxTTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('SONIOX_API_KEY'),
        D.renamed('settings.voice', 'SONIOX_TTS_VOICE_ID', 'SONIOX_VOICE_ID'),
        D.present('settings.voice', 'SONIOX_TTS_VOICE_ID'),
      ],
      changes18: [
        {
          fragment: 'changelog/5295.changed.md',
          follow:
            'Default model tts-rt-v2 with voice Bryce; SONIOX_TTS_VOICE_ID must name a tts-rt-v2 voice (the .env.example hint should say so).',
        },
        { fragment: 'changelog/5257.fixed.md', follow: 'Mid-sentence settings changes keep the transcript; nothing to change.' },
      ],
    },
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
    record: {
      follows: [reg('speechify_tts'), 'src/pipecat/services/speechify/tts.py#SpeechifyHttpTTSService'],
      compared: ['api_key', 'aiohttp_session', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('SPEECHIFY_API_KEY'),
        D.renamed('settings.voice', 'SPEECHIFY_TTS_VOICE_ID', 'SPEECHIFY_VOICE_ID'),
        D.present('settings.voice', 'SPEECHIFY_TTS_VOICE_ID'),
        {
          what: 'extra `speechify` (registry: plain `pipecat-ai`)',
          why: "pipecat's pyproject declares the (empty) speechify extra; named like every other vendor's",
        },
      ],
      changes18: [
        { fragment: 'changelog/5259.added.md', follow: 'New in 1.8; simba-3.2 and geffen_32 defaults kept.' },
        {
          fragment: 'changelog/5259.added.2.md',
          follow: "pipecat's scaffolder writes SPEECHIFY_VOICE_ID; ours is SPEECHIFY_TTS_VOICE_ID (rule E2).",
        },
      ],
    },
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
    record: {
      follows: [reg('xai_tts'), 'src/pipecat/services/xai/tts.py#XAITTSService'],
      compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('XAI_API_KEY'),
        D.renamed('settings.voice', 'XAI_TTS_VOICE_ID', 'XAI_VOICE_ID'),
        D.present('settings.voice', 'XAI_TTS_VOICE_ID'),
      ],
    },
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
    record: {
      follows: [reg('xtts_tts'), 'src/pipecat/services/xtts/tts.py#XTTSService'],
      compared: ['aiohttp_session', 'base_url', 'settings.voice', 'sample_rate (outputSampleRates)'],
      runtime: RT.tts,
      deviations: [
        D.required('XTTS_TTS_BASE_URL'),
        D.renamed('base_url', 'XTTS_TTS_BASE_URL', 'XTTS_BASE_URL'),
        D.renamed('settings.voice', 'XTTS_TTS_VOICE_ID', 'XTTS_VOICE_ID'),
        D.voiceFallback('XTTS_TTS_VOICE_ID', 'Claribel Dervla'),
      ],
    },
  },
] as const satisfies readonly ServiceDefinition[];
