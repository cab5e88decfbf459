/**
 * The deviation records of the STT services of `./stt.ts`, keyed by entry id:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ./types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { D, EDGE_RT, RT, reg } from './record.js';
import type { DeviationRecord } from './types.js';

/** Every STT service's record, by id (the order of STT_SERVICES). */
export const STT_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  assemblyai_stt: {
    follows: [reg('assemblyai_stt'), 'src/pipecat/services/assemblyai/stt.py#AssemblyAISTTService'],
    compared: ['api_key', 'sample_rate'],
    runtime: RT.stt,
    deviations: [D.required('ASSEMBLYAI_API_KEY')],
    changes18: [
      {
        fragment: 'changelog/5298.fixed.md',
        follow: 'sample_rate defaults to the pipeline input rate (what the explicit None already did).',
      },
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
    ],
    removed: [
      {
        what: '`sample_rate=None` written explicitly',
        why: '1.7 defaulted this class to 16000 Hz and declared that to the vendor for 8 kHz phone audio; 1.8 defaults to None, the pipeline input rate (changelog/5298.fixed.md), so the construct now keeps the default',
      },
    ],
  },
  aws_transcribe_stt: {
    follows: [reg('aws_transcribe_stt'), 'src/pipecat/services/aws/stt.py#AWSTranscribeSTTService'],
    compared: ['api_key', 'aws_access_key_id', 'aws_session_token', 'region', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [
      D.required('AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_REGION'),
      {
        what: '`api_key` (the secret access key) passed from `AWS_SECRET_ACCESS_KEY`; the registry passes none',
        why: 'without it the class falls back to the same AWS_* variables and the botocore chain (aws/utils.py resolve_credentials); passing it explicitly lets required(...) name a missing variable',
      },
      D.awsRegion('region', 'AWS_TRANSCRIBE_STT_REGION'),
      {
        what: '`aws_session_token` from `AWS_SESSION_TOKEN` (registry: `AWS_AWS_SESSION_TOKEN`)',
        why: 'the registry name is a typo that nothing sets; AWS_SESSION_TOKEN is the platform-standard name (rule E1, docs/generated-project.md)',
      },
      D.present('aws_session_token', 'AWS_SESSION_TOKEN'),
    ],
    changes18: [
      {
        fragment: 'changelog/5242.changed.2.md',
        follow: 'A rejected credential stays recoverable (it is signed per connection); nothing to change.',
      },
    ],
  },
  azure_stt: {
    follows: [reg('azure_stt'), 'src/pipecat/services/azure/stt.py#AzureSTTService'],
    compared: ['api_key', 'region', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('AZURE_SPEECH_API_KEY', 'AZURE_SPEECH_REGION')],
  },
  cartesia_stt: {
    follows: [reg('cartesia_stt'), 'src/pipecat/services/cartesia/stt.py#CartesiaSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: EDGE_RT.cartesiaStt,
    deviations: [D.required('CARTESIA_API_KEY')],
    changes18: [
      { fragment: 'changelog/5223.added.md', follow: 'extra_headers and a base_url with a scheme are optional; nothing to change.' },
    ],
  },
  cartesia_turns_stt: {
    follows: [reg('cartesia_turns_stt'), 'src/pipecat/services/cartesia/turns/stt.py#CartesiaTurnsSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.sttTurns,
    deviations: [D.required('CARTESIA_API_KEY')],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
    ],
  },
  deepgram_flux_sagemaker_stt: {
    follows: [reg('deepgram_flux_sagemaker_stt'), 'src/pipecat/services/deepgram/flux/sagemaker/stt.py#DeepgramFluxSageMakerSTTService'],
    compared: ['endpoint_name', 'region', 'sample_rate (class default)'],
    runtime: RT.sttTurns,
    deviations: [
      D.required('DEEPGRAM_FLUX_SAGEMAKER_STT_ENDPOINT_NAME', 'AWS_REGION'),
      D.awsRegion('region', 'DEEPGRAM_FLUX_SAGEMAKER_STT_REGION'),
    ],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
    ],
  },
  deepgram_flux_stt: {
    follows: [reg('deepgram_flux_stt'), 'src/pipecat/services/deepgram/flux/stt.py#DeepgramFluxSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.sttTurns,
    deviations: [D.required('DEEPGRAM_API_KEY')],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
      {
        fragment: 'changelog/5360.changed.md',
        follow:
          'DeepgramFluxSTTBase moved to deepgram.flux.stt_base; bot.py imports DeepgramFluxSTTService from deepgram.flux.stt, which is unchanged.',
      },
    ],
  },
  deepgram_sagemaker_stt: {
    follows: [reg('deepgram_sagemaker_stt'), 'src/pipecat/services/deepgram/sagemaker/stt.py#DeepgramSageMakerSTTService'],
    compared: ['endpoint_name', 'region', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('DEEPGRAM_SAGEMAKER_STT_ENDPOINT_NAME', 'AWS_REGION'), D.awsRegion('region', 'DEEPGRAM_SAGEMAKER_STT_REGION')],
  },
  deepgram_stt: {
    follows: [reg('deepgram_stt'), 'src/pipecat/services/deepgram/stt.py#DeepgramSTTService'],
    compared: ['api_key', 'settings.model', 'sample_rate (class default)'],
    runtime: EDGE_RT.deepgramListen,
    deviations: [D.required('DEEPGRAM_API_KEY'), D.added('settings.model', 'DEEPGRAM_STT_MODEL')],
    changes18: [
      { fragment: 'changelog/5254.fixed.md', follow: 'Audio before the connection is held, not dropped; nothing to change.' },
      {
        fragment: 'changelog/5316.fixed.3.md',
        follow:
          'Gives up after three failed reconnects and becomes unusable: the worker needs processor_unusable_policy=END to end the call (every generated worker passes it).',
      },
    ],
  },
  elevenlabs_realtime_stt: {
    follows: [reg('elevenlabs_realtime_stt'), 'src/pipecat/services/elevenlabs/stt.py#ElevenLabsRealtimeSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('ELEVENLABS_API_KEY')],
    changes18: [
      {
        fragment: 'changelog/5208.fixed.md',
        follow: 'No double final transcript with language detection; bot.py enables neither option.',
      },
    ],
  },
  elevenlabs_stt: {
    follows: [reg('elevenlabs_stt'), 'src/pipecat/services/elevenlabs/stt.py#ElevenLabsSTTService'],
    compared: ['aiohttp_session', 'api_key', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('ELEVENLABS_API_KEY')],
  },
  fal_stt: {
    follows: [reg('fal_stt'), 'src/pipecat/services/fal/stt.py#FalSTTService'],
    compared: ['aiohttp_session', 'api_key', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [
      D.required('FAL_API_KEY'),
      {
        what: '`aiohttp_session=session` of the registry not passed',
        why: 'FalSTTService opens and closes its own aiohttp session when given none (fal/stt.py `_owns_session`), so the bot opens no shared session for it',
      },
    ],
  },
  gladia_stt: {
    follows: [reg('gladia_stt'), 'src/pipecat/services/gladia/stt.py#GladiaSTTService'],
    compared: ['api_key', 'region', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('GLADIA_API_KEY'), D.present('region', 'GLADIA_REGION')],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
    ],
  },
  google_stt: {
    follows: [reg('google_stt'), 'src/pipecat/services/google/stt.py#GoogleSTTService'],
    compared: ['credentials', 'location', 'sample_rate (class default)'],
    runtime: EDGE_RT.googleStt,
    deviations: [
      D.renamed('location', 'GOOGLE_STT_LOCATION', 'GOOGLE_LOCATION'),
      D.present('location', 'GOOGLE_STT_LOCATION'),
      D.googleCredentials,
    ],
    changes18: [{ fragment: 'changelog/4413.added.md', follow: 'Speech adaptation is optional; nothing to change.' }],
    removed: [D.googleAdc],
  },
  gradium_stt: {
    follows: [reg('gradium_stt'), 'src/pipecat/services/gradium/stt.py#GradiumSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('GRADIUM_API_KEY')],
  },
  groq_stt: {
    follows: [reg('groq_stt'), 'src/pipecat/services/groq/stt.py#GroqSTTService'],
    compared: ['api_key', 'settings.model', 'sample_rate (class default)'],
    runtime: EDGE_RT.whisperApi,
    deviations: [D.required('GROQ_API_KEY'), D.added('settings.model', 'GROQ_STT_MODEL')],
  },
  mistral_stt: {
    follows: [reg('mistral_stt'), 'src/pipecat/services/mistral/stt.py#MistralSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('MISTRAL_API_KEY')],
  },
  moonshine_stt: {
    follows: [reg('moonshine_stt'), 'src/pipecat/services/moonshine/stt.py#MoonshineSTTService'],
    compared: ['settings.model', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.present('settings.model', 'MOONSHINE_STT_MODEL'), D.localModelAtBuild],
    changes18: [
      { fragment: 'changelog/5182.changed.2.md', follow: 'Model reloads on a language/model change; bot.py sets them once.' },
      { fragment: 'changelog/5182.fixed.md', follow: 'Non-English languages fall back to a published model; bot.py sets no language.' },
      {
        fragment: 'changelog/5316.added.md',
        follow:
          'setup_timeout_secs defaults to 20 s: a first run that downloads the model inside bot() can exceed it (so the weights are fetched at image build time).',
      },
    ],
    removed: [D.localModelInBot],
  },
  nvidia_sagemaker_stt: {
    follows: [reg('nvidia_sagemaker_stt'), 'src/pipecat/services/nvidia/sagemaker/stt.py#NvidiaSageMakerSTTService'],
    compared: ['endpoint_name', 'region', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('NVIDIA_SAGEMAKER_STT_ENDPOINT_NAME', 'AWS_REGION'), D.awsRegion('region', 'NVIDIA_SAGEMAKER_STT_REGION')],
  },
  nvidia_stt: {
    follows: [reg('nvidia_stt'), 'src/pipecat/services/nvidia/stt.py#NvidiaSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.riva,
    deviations: [D.required('NVIDIA_API_KEY')],
  },
  openai_realtime_stt: {
    follows: [reg('openai_realtime_stt'), 'src/pipecat/services/openai/stt.py#OpenAIRealtimeSTTService'],
    compared: ['api_key', 'settings.model', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('OPENAI_API_KEY'), D.added('settings.model', 'OPENAI_REALTIME_STT_MODEL')],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
    ],
  },
  openai_stt: {
    follows: [reg('openai_stt'), 'src/pipecat/services/openai/stt.py#OpenAISTTService'],
    compared: ['api_key', 'settings.model', 'sample_rate (class default)'],
    runtime: EDGE_RT.whisperApi,
    deviations: [D.required('OPENAI_API_KEY'), D.added('settings.model', 'OPENAI_STT_MODEL')],
  },
  sarvam_stt: {
    follows: [reg('sarvam_stt'), 'src/pipecat/services/sarvam/stt.py#SarvamSTTService'],
    compared: ['api_key', 'settings.model', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [
      D.required('SARVAM_API_KEY'),
      D.renamed('settings.model', 'SARVAM_STT_MODEL', 'SARVAM_MODEL'),
      D.present('settings.model', 'SARVAM_STT_MODEL'),
    ],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
      { fragment: 'changelog/5382.changed.md', follow: 'Default model is now saaras:v4; SARVAM_STT_MODEL unset follows it.' },
      {
        fragment: 'changelog/5383.removed.2.md',
        follow: 'saarika:v2.5 and saaras:v2.5 are gone; the .env.example hint names saaras:v3, still supported.',
      },
      { fragment: 'changelog/5383.removed.md', follow: 'Settings(prompt=) removed; bot.py never passed it.' },
    ],
  },
  soniox_stt: {
    follows: [reg('soniox_stt'), 'src/pipecat/services/soniox/stt.py#SonioxSTTService'],
    compared: ['api_key', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('SONIOX_API_KEY')],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
    ],
  },
  speechmatics_stt: {
    follows: [reg('speechmatics_stt'), 'src/pipecat/services/speechmatics/stt.py#SpeechmaticsSTTService'],
    compared: ['api_key', 'base_url', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [D.required('SPEECHMATICS_API_KEY'), D.added('base_url', 'SPEECHMATICS_RT_URL')],
    changes18: [
      {
        fragment: 'changelog/5156.added.md',
        follow:
          'The service now proposes turn boundaries and recommends ExternalUserTurnStrategies itself; bot.py pins no user_turn_strategies, so the recommendation applies (followed).',
      },
      {
        fragment: 'changelog/5273.fixed.5.md',
        follow: 'Construction with EN_IN-like locales no longer raises; bot.py sets no language.',
      },
    ],
  },
  whisper_stt: {
    follows: [reg('whisper_stt'), 'src/pipecat/services/whisper/stt.py#WhisperSTTService'],
    compared: ['settings.model', 'sample_rate (class default)'],
    runtime: RT.stt,
    deviations: [
      {
        what: '`settings.model` from `WHISPER_STT_MODEL` (registry: `OPENAI_MODEL`)',
        why: 'OPENAI_MODEL is the OpenAI chat model of the registry LLM entries: a project with Whisper and OpenAI would hand a chat model id to faster-whisper (rule E2, docs/generated-project.md)',
      },
      D.present('settings.model', 'WHISPER_STT_MODEL'),
      D.localModelAtBuild,
    ],
    changes18: [
      {
        fragment: 'changelog/5171.fixed.2.md',
        follow:
          'An English-only model with a non-English language now raises; bot.py sets no language and the default model is distil-medium.en.',
      },
      {
        fragment: 'changelog/5316.added.md',
        follow:
          'setup_timeout_secs defaults to 20 s: the first model download inside bot() can exceed it (so the weights are fetched at image build time).',
      },
    ],
    removed: [D.localModelInBot],
  },
  xai_stt: {
    follows: [reg('xai_stt'), 'src/pipecat/services/xai/stt.py#XAISTTService'],
    compared: ['api_key', 'sample_rate'],
    runtime: RT.sttHello,
    deviations: [D.required('XAI_API_KEY')],
    changes18: [
      {
        fragment: 'changelog/5298.fixed.2.md',
        follow: 'sample_rate defaults to the pipeline input rate (what the explicit None already did).',
      },
      {
        fragment: 'changelog/5384.fixed.md',
        follow:
          'An STT output that predates the measured start logs a WARNING (TTFB not reported). On main the runtime tier fails xai_stt sessions with it: the scripted transcript arrives before the measurement starts (same with or without sample_rate=None); the stand-in needs to answer later.',
      },
    ],
    removed: [
      {
        what: '`sample_rate=None` written explicitly',
        why: '1.7 defaulted this class to 16000 Hz and declared that to the vendor for 8 kHz phone audio; 1.8 defaults to None, the pipeline input rate (changelog/5298.fixed.2.md), so the construct now keeps the default',
      },
    ],
  },
};
