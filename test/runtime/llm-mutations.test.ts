/**
 * Proof that the runtime tier's LLM SDK stand-ins check a request as the vendor's API does, after
 * pipecat's own adapter has converted the context (test/runtime/python/standins/anthropic,
 * standins/google/genai, standins/aiobotocore): a generated phone bot per vendor completes its
 * session, and the same bot whose greeting carries a role no API knows fails with the vendor's 400
 * (pipecat's adapters pass an unknown role through; Anthropic and Bedrock's Converse accept only
 * `user`/`assistant`, Gemini `user`/`model`).
 */
import { vendorMutantSuite, type VendorMutants } from './mutants.js';

const BASE = ['-b', 'telephony', '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--tts', 'openai_tts'];

/** The greeting's role replaced by one no LLM API knows. */
const UNKNOWN_ROLE = {
  file: 'server/bot.py',
  from: '{"role": "developer", "content": "Say hello',
  to: '{"role": "narrator", "content": "Say hello',
};

/** Per vendor: its `init` arguments and the mutations of its generated bot. */
const VENDORS: VendorMutants[] = [
  {
    id: 'anthropic_llm',
    mutations: [
      {
        name: 'Anthropic sent a role it does not know',
        ...UNKNOWN_ROLE,
        expect: /Error code: 400[^\n]*Input should be 'user' or 'assistant'/,
      },
    ],
  },
  {
    id: 'google_gemini_llm',
    mutations: [
      {
        name: 'Gemini sent a role it does not know',
        ...UNKNOWN_ROLE,
        expect: /400 INVALID_ARGUMENT[^\n]*Please use a valid role: user, model\./,
      },
    ],
  },
  {
    id: 'aws_bedrock_llm',
    mutations: [
      {
        name: 'Bedrock sent a role it does not know',
        ...UNKNOWN_ROLE,
        expect: /ValidationException[^\n]*(enum value set: \[user, assistant\]|start with a user message)/,
      },
    ],
  },
];

vendorMutantSuite('LLM SDK stand-ins check requests as the vendor API does', BASE, '--llm', VENDORS);
