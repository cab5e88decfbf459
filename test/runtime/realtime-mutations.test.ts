/**
 * Proof that the runtime tier's realtime vendors answer only what the session asked for (the
 * OpenAI Realtime server, test/runtime/python/standins/_vendors/openai_realtime.py; the Gemini Live
 * session, standins/google/genai/live.py): a generated phone bot per vendor completes its session,
 * and the same bot broken on purpose fails.
 *
 * - Azure Realtime: the session's input transcription dropped (`AudioInput()` without
 *   `transcription=`) -> the server transcribes nothing, as OpenAI's does not, so no
 *   `Transcript: user:` line is logged;
 * - Gemini Live: the session asks for TEXT answers -> the model sends text parts and no audio, so
 *   the bot never speaks (the old stand-in spoke whatever the session asked for).
 */
import { vendorMutantSuite, type VendorMutants } from './mutants.js';

const BASE = ['-b', 'telephony', '-t', 'twilio', '-m', 'realtime', '--transcription'];

/** Per vendor: its `init` arguments and the mutations of its generated bot. */
const VENDORS: VendorMutants[] = [
  {
    id: 'azure_realtime',
    mutations: [
      {
        name: 'the input transcription dropped from the session',
        file: 'server/bot.py',
        from: /transcription=InputAudioTranscription\([\s\S]*?\n\s*\),\n/,
        to: '',
        expect: /transcription is on but no 'Transcript: user:' line was logged/,
      },
    ],
  },
  {
    id: 'gemini_live_realtime',
    mutations: [
      {
        name: 'Gemini Live asked for TEXT answers',
        file: 'server/bot.py',
        from: 'settings=GeminiLiveLLMService.Settings(\n',
        to: 'settings=GeminiLiveLLMService.Settings(\n            modalities=__import__("pipecat.services.google.gemini_live.llm", fromlist=["x"]).GeminiModalities.TEXT,\n',
        expect: /the bot did not greet \(TTS requests 0, LLM requests 1/,
      },
    ],
  },
];

vendorMutantSuite('realtime vendors answer only what the session asked for', BASE, '--realtime', VENDORS);
