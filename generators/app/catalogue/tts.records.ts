/**
 * The deviation records of the TTS services of `./tts.ts`, keyed by entry id:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ./types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { D, EDGE_RT, RT, reg } from './record.js';
import type { DeviationRecord } from './types.js';

/** Every TTS service's record, by id (the order of TTS_SERVICES). */
export const TTS_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  asyncai_tts: {
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
  aws_polly_tts: {
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
  azure_tts: {
    follows: [reg('azure_tts'), 'src/pipecat/services/azure/tts.py#AzureTTSService'],
    compared: ['api_key', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('AZURE_SPEECH_API_KEY', 'AZURE_SPEECH_REGION'),
      D.renamed('settings.voice', 'AZURE_TTS_VOICE_ID', 'AZURE_SPEECH_VOICE_ID'),
      D.present('settings.voice', 'AZURE_TTS_VOICE_ID'),
    ],
  },
  bland_tts: {
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
  camb_tts: {
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
  cartesia_tts: {
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
  deepgram_flux_sagemaker_tts: {
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
  deepgram_flux_tts: {
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
  deepgram_sagemaker_tts: {
    follows: [reg('deepgram_sagemaker_tts'), 'src/pipecat/services/deepgram/sagemaker/tts.py#DeepgramSageMakerTTSService'],
    compared: ['endpoint_name', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('DEEPGRAM_SAGEMAKER_TTS_ENDPOINT_NAME', 'AWS_REGION'),
      D.awsRegion('region', 'DEEPGRAM_SAGEMAKER_TTS_REGION'),
      D.present('settings.voice', 'DEEPGRAM_SAGEMAKER_TTS_VOICE_ID'),
    ],
  },
  deepgram_tts: {
    follows: [reg('deepgram_tts'), 'src/pipecat/services/deepgram/tts.py#DeepgramTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: EDGE_RT.deepgramSpeak,
    deviations: [
      D.required('DEEPGRAM_API_KEY'),
      D.renamed('settings.voice', 'DEEPGRAM_TTS_VOICE_ID', 'DEEPGRAM_VOICE_ID'),
      D.present('settings.voice', 'DEEPGRAM_TTS_VOICE_ID'),
    ],
  },
  elevenlabs_dialogue_tts: {
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
  elevenlabs_tts: {
    follows: [reg('elevenlabs_tts'), 'src/pipecat/services/elevenlabs/tts.py#ElevenLabsTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: EDGE_RT.elevenlabsTts,
    deviations: [
      D.required('ELEVENLABS_API_KEY', 'ELEVENLABS_TTS_VOICE_ID'),
      D.renamed('settings.voice', 'ELEVENLABS_TTS_VOICE_ID', 'ELEVENLABS_VOICE_ID'),
    ],
  },
  fish_tts: {
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
  gemini_tts: {
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
  google_tts: {
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
  gradium_tts: {
    follows: [reg('gradium_tts'), 'src/pipecat/services/gradium/tts.py#GradiumTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('GRADIUM_API_KEY'),
      D.renamed('settings.voice', 'GRADIUM_TTS_VOICE_ID', 'GRADIUM_VOICE_ID'),
      D.present('settings.voice', 'GRADIUM_TTS_VOICE_ID'),
    ],
  },
  groq_tts: {
    follows: [reg('groq_tts'), 'src/pipecat/services/groq/tts.py#GroqTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('GROQ_API_KEY'),
      D.renamed('settings.voice', 'GROQ_TTS_VOICE_ID', 'GROQ_VOICE_ID'),
      D.present('settings.voice', 'GROQ_TTS_VOICE_ID'),
    ],
  },
  hume_tts: {
    follows: [reg('hume_tts'), 'src/pipecat/services/hume/tts.py#HumeTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('HUME_API_KEY'),
      D.renamed('settings.voice', 'HUME_TTS_VOICE_ID', 'HUME_VOICE_ID'),
      D.voiceFallback('HUME_TTS_VOICE_ID', 'f898a92e-685f-43fa-985b-a46920f0650b'),
    ],
  },
  inworld_tts: {
    follows: [reg('inworld_tts'), 'src/pipecat/services/inworld/tts.py#InworldTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('INWORLD_API_KEY'),
      D.renamed('settings.voice', 'INWORLD_TTS_VOICE_ID', 'INWORLD_VOICE_ID'),
      D.present('settings.voice', 'INWORLD_TTS_VOICE_ID'),
    ],
  },
  kokoro_tts: {
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
  lmnt_tts: {
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
  minimax_tts: {
    follows: [reg('minimax_tts'), 'src/pipecat/services/minimax/tts.py#MiniMaxHttpTTSService'],
    compared: ['aiohttp_session', 'api_key', 'group_id', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('MINIMAX_API_KEY', 'MINIMAX_GROUP_ID'),
      D.renamed('settings.voice', 'MINIMAX_TTS_VOICE_ID', 'MINIMAX_VOICE_ID'),
      D.present('settings.voice', 'MINIMAX_TTS_VOICE_ID'),
    ],
    changes18: [{ fragment: 'changelog/5246.changed.5.md', follow: 'Default model speech-2.8-turbo; nothing in bot.py pins the old one.' }],
  },
  mistral_tts: {
    follows: [reg('mistral_tts'), 'src/pipecat/services/mistral/tts.py#MistralTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('MISTRAL_API_KEY'),
      D.renamed('settings.voice', 'MISTRAL_TTS_VOICE_ID', 'MISTRAL_VOICE_ID'),
      D.voiceFallback('MISTRAL_TTS_VOICE_ID', 'c69964a6-ab8b-4f8a-9465-ec0925096ec8'),
    ],
  },
  neuphonic_tts: {
    follows: [reg('neuphonic_tts'), 'src/pipecat/services/neuphonic/tts.py#NeuphonicTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('NEUPHONIC_API_KEY'),
      D.renamed('settings.voice', 'NEUPHONIC_TTS_VOICE_ID', 'NEUPHONIC_VOICE_ID'),
      D.voiceFallback('NEUPHONIC_TTS_VOICE_ID', 'fc854436-2dac-4d21-aa69-ae17b54e98eb'),
    ],
  },
  nvidia_sagemaker_tts: {
    follows: [reg('nvidia_sagemaker_tts'), 'src/pipecat/services/nvidia/sagemaker/tts.py#NvidiaSageMakerTTSService'],
    compared: ['endpoint_name', 'region', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.nimSageMakerTts,
    deviations: [
      D.required('NVIDIA_SAGEMAKER_TTS_ENDPOINT_NAME', 'AWS_REGION'),
      D.awsRegion('region', 'NVIDIA_SAGEMAKER_TTS_REGION'),
      D.present('settings.voice', 'NVIDIA_SAGEMAKER_TTS_VOICE_ID'),
    ],
  },
  nvidia_tts: {
    follows: [reg('nvidia_tts'), 'src/pipecat/services/nvidia/tts.py#NvidiaTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: EDGE_RT.rivaTts,
    deviations: [
      D.required('NVIDIA_API_KEY'),
      D.renamed('settings.voice', 'NVIDIA_TTS_VOICE_ID', 'NVIDIA_VOICE_ID'),
      D.present('settings.voice', 'NVIDIA_TTS_VOICE_ID'),
    ],
  },
  openai_tts: {
    follows: [reg('openai_tts'), 'src/pipecat/services/openai/tts.py#OpenAITTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: EDGE_RT.openaiSpeech,
    deviations: [
      D.required('OPENAI_API_KEY'),
      D.renamed('settings.voice', 'OPENAI_TTS_VOICE_ID', 'OPENAI_VOICE_ID'),
      D.present('settings.voice', 'OPENAI_TTS_VOICE_ID'),
    ],
  },
  piper_tts: {
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
  pockettts_tts: {
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
  resemble_tts: {
    follows: [reg('resemble_tts'), 'src/pipecat/services/resembleai/tts.py#ResembleAITTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('RESEMBLE_API_KEY', 'RESEMBLE_TTS_VOICE_ID'),
      D.renamed('settings.voice', 'RESEMBLE_TTS_VOICE_ID', 'RESEMBLE_VOICE_ID'),
    ],
  },
  rime_tts: {
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
  sarvam_tts: {
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
  smallest_tts: {
    follows: [reg('smallest_tts'), 'src/pipecat/services/smallest/tts.py#SmallestTTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('SMALLEST_API_KEY'),
      D.renamed('settings.voice', 'SMALLEST_TTS_VOICE_ID', 'SMALLEST_VOICE_ID'),
      D.present('settings.voice', 'SMALLEST_TTS_VOICE_ID'),
    ],
  },
  soniox_tts: {
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
  speechify_tts: {
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
  xai_tts: {
    follows: [reg('xai_tts'), 'src/pipecat/services/xai/tts.py#XAITTSService'],
    compared: ['api_key', 'settings.voice', 'sample_rate (outputSampleRates)'],
    runtime: RT.tts,
    deviations: [
      D.required('XAI_API_KEY'),
      D.renamed('settings.voice', 'XAI_TTS_VOICE_ID', 'XAI_VOICE_ID'),
      D.present('settings.voice', 'XAI_TTS_VOICE_ID'),
    ],
  },
  xtts_tts: {
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
};
