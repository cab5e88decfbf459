/**
 * Proof that the runtime tier's TTS vendors answer at the rate the request names, as the vendors do
 * (test/runtime/python/standins/_vendors/elevenlabs.py, cartesia.py, deepgram_tts.py): a generated phone bot per
 * vendor completes its session, and the same bot given a TTS rate the vendor cannot send fails.
 *
 * - ElevenLabs at 12 kHz: pipecat asks for `pcm_24000` (its fallback for a rate ElevenLabs has no
 *   format for) and labels the frames 12 kHz; the server speaks 24 kHz, so the wire carries twice
 *   the audio the vendor sent;
 * - Cartesia at 32 kHz: the server refuses an `output_format.sample_rate` outside Cartesia's list
 *   with an `error` message, which pipecat reports;
 * - Deepgram at 22.05 kHz: `/v1/speak` refuses a `sample_rate` linear16 does not support at the
 *   handshake (HTTP 400), which pipecat reports.
 */
import { vendorMutantSuite, type VendorMutants } from './mutants.js';

const BASE = ['-b', 'telephony', '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm'];

/** Per vendor: its `init` arguments and the mutations of its generated bot. */
const VENDORS: VendorMutants[] = [
  {
    id: 'elevenlabs_tts',
    mutations: [
      {
        name: 'ElevenLabs asked for 12 kHz',
        file: 'server/bot.py',
        from: 'tts = ElevenLabsTTSService(\n',
        to: 'tts = ElevenLabsTTSService(\n        sample_rate=12000,\n',
        expect: /audio on the wire lasted 1\.[5-7]\d s but the TTS produced 0\.80 s/,
      },
    ],
  },
  {
    id: 'cartesia_tts',
    mutations: [
      {
        name: 'Cartesia asked for 32 kHz',
        file: 'server/bot.py',
        from: 'tts = CartesiaTTSService(\n',
        to: 'tts = CartesiaTTSService(\n        sample_rate=32000,\n',
        expect: /unsupported sample_rate 32000/,
      },
    ],
  },
  {
    id: 'deepgram_tts',
    mutations: [
      {
        name: 'Deepgram asked for 22.05 kHz',
        file: 'server/bot.py',
        from: 'tts = DeepgramTTSService(\n',
        to: 'tts = DeepgramTTSService(\n        sample_rate=22050,\n',
        expect: /HTTP 400 \(unsupported sample_rate 22050 for encoding linear16\)/,
      },
    ],
  },
];

vendorMutantSuite('TTS vendors answer at the rate the request names', BASE, '--tts', VENDORS);
