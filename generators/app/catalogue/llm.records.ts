/**
 * The deviation records of the LLM services of `./llm.ts`, keyed by entry id:
 * which pipecat code each follows, where the runtime tier exercises it, every deviation and its
 * reason (see `DeviationRecord` in ./types.ts). Read by the docs script (docs/deviations.md) and
 * the tests only, never by the binary: test/bundle.test.ts fails when the bundle holds one, and
 * test/records.test.ts when an entry has no record or a record no entry.
 */
import { D, EDGE_RT, reg } from './record.js';
import type { DeviationRecord } from './types.js';

/** Every LLM service's record, by id (the order of LLM_SERVICES). */
export const LLM_RECORDS: Readonly<Record<string, DeviationRecord>> = {
  anthropic_llm: {
    follows: [reg('anthropic_llm'), 'src/pipecat/services/anthropic/llm.py#AnthropicLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.anthropic,
    deviations: [
      D.required('ANTHROPIC_API_KEY'),
      D.renamed('settings.model', 'ANTHROPIC_LLM_MODEL', 'ANTHROPIC_MODEL'),
      D.present('settings.model', 'ANTHROPIC_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [{ fragment: 'changelog/5319.fixed.md', follow: 'TTFB is now measured to the first model event; nothing to change.' }],
  },
  aws_bedrock_llm: {
    follows: [reg('aws_bedrock_llm'), 'src/pipecat/services/aws/llm.py#AWSBedrockLLMService'],
    compared: ['aws_access_key', 'aws_region', 'aws_secret_key', 'aws_session_token', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.bedrock,
    deviations: [
      D.required('AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'),
      {
        what: '`aws_access_key` and `aws_secret_key` passed from `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`; the registry passes neither',
        why: 'without them the class falls back to the same AWS_* variables and the botocore chain (aws/utils.py resolve_credentials); passing them explicitly lets required(...) name a missing variable',
      },
      D.awsRegion('aws_region', 'AWS_BEDROCK_LLM_REGION'),
      D.added('aws_session_token', 'AWS_SESSION_TOKEN'),
      D.renamed('settings.model', 'AWS_BEDROCK_LLM_MODEL', 'AWS_BEDROCK_MODEL'),
      D.present('settings.model', 'AWS_BEDROCK_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [{ fragment: 'changelog/5319.fixed.md', follow: 'TTFB is now measured to the first model event; nothing to change.' }],
  },
  azure_llm: {
    follows: [reg('azure_llm'), 'src/pipecat/services/azure/llm.py#AzureLLMService'],
    compared: ['api_key', 'endpoint', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('AZURE_CHATGPT_ENDPOINT', 'AZURE_CHATGPT_API_KEY'),
      D.renamed('settings.model', 'AZURE_LLM_MODEL', 'AZURE_CHATGPT_MODEL'),
      D.present('settings.model', 'AZURE_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [
      {
        fragment: 'changelog/5363.deprecated.md',
        follow: 'api_version is deprecated; bot.py never passes it. AZURE_CHATGPT_ENDPOINT should end in /openai/v1 (the v1 surface).',
      },
      {
        fragment: 'changelog/5363.added.2.md',
        follow: 'token_provider (Entra ID) makes api_key optional; bot.py keeps the key, required.',
      },
    ],
  },
  baseten_llm: {
    follows: [reg('baseten_llm'), 'src/pipecat/services/baseten/llm.py#BasetenLLMService'],
    compared: ['api_key', 'base_url', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('BASETEN_API_KEY'),
      D.added('base_url', 'BASETEN_LLM_BASE_URL'),
      D.renamed('settings.model', 'BASETEN_LLM_MODEL', 'BASETEN_MODEL'),
      D.present('settings.model', 'BASETEN_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  cerebras_llm: {
    follows: [reg('cerebras_llm'), 'src/pipecat/services/cerebras/llm.py#CerebrasLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('CEREBRAS_API_KEY'),
      D.renamed('settings.model', 'CEREBRAS_LLM_MODEL', 'CEREBRAS_MODEL'),
      D.present('settings.model', 'CEREBRAS_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  crusoe_llm: {
    follows: [reg('crusoe_llm'), 'src/pipecat/services/crusoe/llm.py#CrusoeLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('CRUSOE_API_KEY'),
      D.renamed('settings.model', 'CRUSOE_LLM_MODEL', 'CRUSOE_MODEL'),
      D.present('settings.model', 'CRUSOE_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  deepseek_llm: {
    follows: [reg('deepseek_llm'), 'src/pipecat/services/deepseek/llm.py#DeepSeekLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('DEEPSEEK_API_KEY'),
      D.renamed('settings.model', 'DEEPSEEK_LLM_MODEL', 'DEEPSEEK_MODEL'),
      D.present('settings.model', 'DEEPSEEK_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [
      { fragment: 'changelog/5246.changed.2.md', follow: 'Default model deepseek-v4-flash; DEEPSEEK_LLM_MODEL unset follows it.' },
    ],
  },
  fireworks_llm: {
    follows: [reg('fireworks_llm'), 'src/pipecat/services/fireworks/llm.py#FireworksLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('FIREWORKS_API_KEY'),
      D.renamed('settings.model', 'FIREWORKS_LLM_MODEL', 'FIREWORKS_MODEL'),
      D.present('settings.model', 'FIREWORKS_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  google_gemini_llm: {
    follows: [reg('google_gemini_llm'), 'src/pipecat/services/google/llm.py#GoogleLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.gemini,
    deviations: [
      D.required('GOOGLE_API_KEY'),
      D.renamed('settings.model', 'GOOGLE_GEMINI_LLM_MODEL', 'GOOGLE_MODEL'),
      D.present('settings.model', 'GOOGLE_GEMINI_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [
      { fragment: 'changelog/5236.changed.md', follow: 'Default model gemini-3.6-flash; GOOGLE_GEMINI_LLM_MODEL unset follows it.' },
      { fragment: 'changelog/5249.added.md', follow: 'stream_idle_timeout_secs defaults to 20 s; kept.' },
      { fragment: 'changelog/5356.fixed.md', follow: 'gemini-3.7-flash works with the low-latency thinking default; nothing to change.' },
    ],
  },
  google_vertex_llm: {
    follows: [reg('google_vertex_llm'), 'src/pipecat/services/google/vertex/llm.py#GoogleVertexLLMService'],
    compared: ['credentials', 'location', 'project_id', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.gemini,
    deviations: [
      D.required('GOOGLE_CLOUD_PROJECT_ID'),
      D.renamed('project_id', 'GOOGLE_CLOUD_PROJECT_ID', 'GOOGLE_PROJECT_ID'),
      D.renamed('location', 'GOOGLE_VERTEX_LLM_LOCATION', 'GOOGLE_LOCATION'),
      D.present('location', 'GOOGLE_VERTEX_LLM_LOCATION'),
      D.renamed('settings.model', 'GOOGLE_VERTEX_LLM_MODEL', 'GOOGLE_MODEL'),
      D.present('settings.model', 'GOOGLE_VERTEX_LLM_MODEL'),
      D.systemInstruction,
      D.googleCredentials,
    ],
    changes18: [
      {
        fragment: 'changelog/5356.changed.md',
        follow:
          'Default model gemini-3.6-flash and default location global (was us-east4); GOOGLE_VERTEX_LLM_LOCATION unset follows it, and the .env.example hint should not suggest a region that no longer serves the default model.',
      },
      { fragment: 'changelog/5366.fixed.md', follow: 'seed is now sent; bot.py sets none.' },
    ],
    removed: [D.googleAdc],
  },
  groq_llm: {
    follows: [reg('groq_llm'), 'src/pipecat/services/groq/llm.py#GroqLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('GROQ_API_KEY'),
      D.renamed('settings.model', 'GROQ_LLM_MODEL', 'GROQ_MODEL'),
      D.present('settings.model', 'GROQ_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [{ fragment: 'changelog/5338.changed.md', follow: 'Default model openai/gpt-oss-120b; GROQ_LLM_MODEL unset follows it.' }],
  },
  inception_llm: {
    follows: [reg('inception_llm'), 'src/pipecat/services/inception/llm.py#InceptionLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('INCEPTION_API_KEY'),
      D.renamed('settings.model', 'INCEPTION_LLM_MODEL', 'INCEPTION_MODEL'),
      D.present('settings.model', 'INCEPTION_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  mistral_llm: {
    follows: [reg('mistral_llm'), 'src/pipecat/services/mistral/llm.py#MistralLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('MISTRAL_API_KEY'),
      D.renamed('settings.model', 'MISTRAL_LLM_MODEL', 'MISTRAL_MODEL'),
      D.present('settings.model', 'MISTRAL_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  novita_llm: {
    follows: [reg('novita_llm'), 'src/pipecat/services/novita/llm.py#NovitaLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('NOVITA_API_KEY'),
      D.renamed('settings.model', 'NOVITA_LLM_MODEL', 'NOVITA_MODEL'),
      D.present('settings.model', 'NOVITA_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  nvidia_llm: {
    follows: [reg('nvidia_llm'), 'src/pipecat/services/nvidia/llm.py#NvidiaLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('NVIDIA_API_KEY'),
      D.renamed('settings.model', 'NVIDIA_LLM_MODEL', 'NVIDIA_MODEL'),
      D.present('settings.model', 'NVIDIA_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  ollama_llm: {
    follows: [reg('ollama_llm'), 'src/pipecat/services/ollama/llm.py#OLLamaLLMService'],
    compared: ['base_url', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.added('base_url', 'OLLAMA_LLM_BASE_URL'),
      D.renamed('settings.model', 'OLLAMA_LLM_MODEL', 'OLLAMA_MODEL'),
      D.present('settings.model', 'OLLAMA_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  openai_llm: {
    follows: [reg('openai_llm'), 'src/pipecat/services/openai/llm.py#OpenAILLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('OPENAI_API_KEY'),
      {
        what: '`settings.model` from `OPENAI_LLM_MODEL` (registry: `os.getenv("OPENAI_MODEL", "gpt-4.1")`)',
        why: 'OPENAI_MODEL is shared with OpenAI Responses and, in the registry, Whisper (rule E2, docs/generated-project.md); unset, the class default is the same gpt-4.1 (openai/llm.py), so no fallback is written',
      },
      D.present('settings.model', 'OPENAI_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  openai_responses_llm: {
    follows: [reg('openai_responses_llm'), 'src/pipecat/services/openai/responses/llm.py#OpenAIResponsesLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiResponses,
    deviations: [
      D.required('OPENAI_API_KEY'),
      {
        what: '`settings.model` from `OPENAI_RESPONSES_LLM_MODEL` (registry: `os.getenv("OPENAI_MODEL", "gpt-4.1")`)',
        why: 'OPENAI_MODEL is shared with the OpenAI chat entry and, in the registry, Whisper (rule E2, docs/generated-project.md); unset, the class default is the same gpt-4.1 (openai/responses/llm.py), so no fallback is written',
      },
      D.present('settings.model', 'OPENAI_RESPONSES_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [
      {
        fragment: 'changelog/5141.fixed.md',
        follow: 'The HTTP variant now pushes an ErrorFrame on response.failed; bot.py uses the WebSocket class, which already did.',
      },
    ],
  },
  openrouter_llm: {
    follows: [reg('openrouter_llm'), 'src/pipecat/services/openrouter/llm.py#OpenRouterLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('OPENROUTER_API_KEY'),
      D.renamed('settings.model', 'OPENROUTER_LLM_MODEL', 'OPENROUTER_MODEL'),
      D.present('settings.model', 'OPENROUTER_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  perplexity_llm: {
    follows: [reg('perplexity_llm'), 'src/pipecat/services/perplexity/llm.py#PerplexityLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('PERPLEXITY_API_KEY'),
      D.renamed('settings.model', 'PERPLEXITY_LLM_MODEL', 'PERPLEXITY_MODEL'),
      D.present('settings.model', 'PERPLEXITY_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  qwen_llm: {
    follows: [reg('qwen_llm'), 'src/pipecat/services/qwen/llm.py#QwenLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('QWEN_API_KEY'),
      D.renamed('settings.model', 'QWEN_LLM_MODEL', 'QWEN_MODEL'),
      D.present('settings.model', 'QWEN_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  sambanova_llm: {
    follows: [reg('sambanova_llm'), 'src/pipecat/services/sambanova/llm.py#SambaNovaLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('SAMBANOVA_API_KEY'),
      D.renamed('settings.model', 'SAMBANOVA_LLM_MODEL', 'SAMBANOVA_MODEL'),
      D.present('settings.model', 'SAMBANOVA_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [{ fragment: 'changelog/5190.changed.md', follow: 'Usage is reported once per completion; nothing to change.' }],
  },
  sarvam_llm: {
    follows: [reg('sarvam_llm'), 'src/pipecat/services/sarvam/llm.py#SarvamLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('SARVAM_API_KEY'),
      D.renamed('settings.model', 'SARVAM_LLM_MODEL', 'SARVAM_MODEL'),
      D.present('settings.model', 'SARVAM_LLM_MODEL'),
      D.systemInstruction,
    ],
    changes18: [
      {
        fragment: 'changelog/5288.changed.md',
        follow: 'base_url is resolved from the model (/v2 except sarvam-105b-conversations); bot.py passes no base_url, so it follows.',
      },
      {
        fragment: 'changelog/5288.added.md',
        follow: 'New models gemma4, glm5.2, sarvam-105b-conversations are accepted through SARVAM_LLM_MODEL.',
      },
    ],
  },
  together_llm: {
    follows: [reg('together_llm'), 'src/pipecat/services/together/llm.py#TogetherLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('TOGETHER_API_KEY'),
      D.renamed('settings.model', 'TOGETHER_LLM_MODEL', 'TOGETHER_MODEL'),
      D.present('settings.model', 'TOGETHER_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
  xai_llm: {
    follows: [reg('xai_llm'), 'src/pipecat/services/xai/llm.py#GrokLLMService'],
    compared: ['api_key', 'settings.model', 'system_instruction'],
    runtime: EDGE_RT.openaiChat,
    deviations: [
      D.required('XAI_API_KEY'),
      D.renamed('settings.model', 'XAI_LLM_MODEL', 'XAI_MODEL'),
      D.present('settings.model', 'XAI_LLM_MODEL'),
      D.systemInstruction,
    ],
  },
};
