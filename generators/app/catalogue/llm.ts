/**
 * LLM services (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/services/<vendor>/llm.py`). The system prompt goes in `Settings.system_instruction`;
 * OpenAI-compatible services always get their own vendor key explicitly, so the OpenAI SDK never
 * falls back to OPENAI_API_KEY for another vendor.
 *
 * Extras: as for STT (import-time needs plus the vendor's own empty extra). The OpenAI-compatible
 * modules use the core `openai` SDK, so e.g. `groq`, `mistral`, `nvidia`, `sarvam` and `azure`,
 * which install SDKs these modules never import, are left out.
 */
import {
  AWS_ACCESS_KEY_ID,
  AWS_REGION,
  AWS_SECRET_ACCESS_KEY,
  AWS_SESSION_TOKEN,
  GOOGLE_API_KEY,
  GOOGLE_CREDENTIALS,
  GOOGLE_CLOUD_PROJECT_ID,
  GROQ_API_KEY,
  MISTRAL_API_KEY,
  NVIDIA_API_KEY,
  OPENAI_API_KEY,
  SARVAM_API_KEY,
  XAI_API_KEY,
} from './env.js';
import type { ServiceDefinition } from './types.js';

/** Every LLM service, ordered by id. */
export const LLM_SERVICES = [
  {
    id: 'anthropic_llm',
    role: 'llm',
    label: 'Anthropic Claude',
    extras: ['anthropic'],
    imports: [{ from: 'pipecat.services.anthropic.llm', names: ['AnthropicLLMService'] }],
    construct: `AnthropicLLMService(
    api_key=required(os.getenv("ANTHROPIC_API_KEY"), "ANTHROPIC_API_KEY"),
    settings=AnthropicLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("ANTHROPIC_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'ANTHROPIC_API_KEY', description: 'Anthropic API key (console.anthropic.com)', required: true },
      { name: 'ANTHROPIC_LLM_MODEL', description: 'Claude model, e.g. claude-sonnet-4-6 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'aws_bedrock_llm',
    role: 'llm',
    label: 'AWS Bedrock',
    extras: ['aws'],
    imports: [{ from: 'pipecat.services.aws.llm', names: ['AWSBedrockLLMService'] }],
    construct: `AWSBedrockLLMService(
    aws_access_key=required(os.getenv("AWS_ACCESS_KEY_ID"), "AWS_ACCESS_KEY_ID"),
    aws_secret_key=required(os.getenv("AWS_SECRET_ACCESS_KEY"), "AWS_SECRET_ACCESS_KEY"),
    aws_region=os.getenv("AWS_BEDROCK_LLM_REGION") or required(os.getenv("AWS_REGION"), "AWS_REGION"),
    **present(aws_session_token=os.getenv("AWS_SESSION_TOKEN")),
    settings=AWSBedrockLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("AWS_BEDROCK_LLM_MODEL")),
    ),
)`,
    env: [
      AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY,
      AWS_SESSION_TOKEN,
      AWS_REGION,
      { name: 'AWS_BEDROCK_LLM_REGION', description: 'AWS region for Bedrock (empty: AWS_REGION)', required: false },
      {
        name: 'AWS_BEDROCK_LLM_MODEL',
        description:
          'Bedrock model or inference profile id available in that region, e.g. us.amazon.nova-lite-v1:0 (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'azure_llm',
    role: 'llm',
    label: 'Azure OpenAI',
    extras: [],
    imports: [{ from: 'pipecat.services.azure.llm', names: ['AzureLLMService'] }],
    construct: `AzureLLMService(
    endpoint=required(os.getenv("AZURE_CHATGPT_ENDPOINT"), "AZURE_CHATGPT_ENDPOINT"),
    api_key=required(os.getenv("AZURE_CHATGPT_API_KEY"), "AZURE_CHATGPT_API_KEY"),
    settings=AzureLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("AZURE_LLM_MODEL")),
    ),
)`,
    env: [
      {
        name: 'AZURE_CHATGPT_API_KEY',
        description: 'Azure OpenAI resource key (portal.azure.com > Azure OpenAI > Keys and Endpoint)',
        required: true,
      },
      {
        name: 'AZURE_CHATGPT_ENDPOINT',
        description: 'Azure OpenAI v1 endpoint, ending in /openai/v1',
        required: true,
        example: 'https://YOUR-RESOURCE.openai.azure.com/openai/v1',
      },
      { name: 'AZURE_LLM_MODEL', description: 'Azure OpenAI deployment name (empty: gpt-4.1)', required: false },
    ],
  },
  {
    id: 'baseten_llm',
    role: 'llm',
    label: 'Baseten',
    extras: ['baseten'],
    imports: [{ from: 'pipecat.services.baseten.llm', names: ['BasetenLLMService'] }],
    construct: `BasetenLLMService(
    api_key=required(os.getenv("BASETEN_API_KEY"), "BASETEN_API_KEY"),
    **present(base_url=os.getenv("BASETEN_LLM_BASE_URL")),
    settings=BasetenLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("BASETEN_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'BASETEN_API_KEY', description: 'Baseten API key (app.baseten.co/settings/api_keys)', required: true },
      { name: 'BASETEN_LLM_MODEL', description: 'Baseten model, e.g. moonshotai/Kimi-K2.6 (empty: pipecat default)', required: false },
      {
        name: 'BASETEN_LLM_BASE_URL',
        description: "OpenAI-compatible URL of a dedicated Baseten deployment, ending in /sync/v1 (empty: Baseten's Model APIs)",
        required: false,
      },
    ],
    note: "OpenAI-compatible; Baseten's Model APIs by default, or your own deployment through BASETEN_LLM_BASE_URL.",
  },
  {
    id: 'cerebras_llm',
    role: 'llm',
    label: 'Cerebras',
    extras: ['cerebras'],
    imports: [{ from: 'pipecat.services.cerebras.llm', names: ['CerebrasLLMService'] }],
    construct: `CerebrasLLMService(
    api_key=required(os.getenv("CEREBRAS_API_KEY"), "CEREBRAS_API_KEY"),
    settings=CerebrasLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("CEREBRAS_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'CEREBRAS_API_KEY', description: 'Cerebras API key (cloud.cerebras.ai)', required: true },
      { name: 'CEREBRAS_LLM_MODEL', description: 'Cerebras model, e.g. gpt-oss-120b (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'crusoe_llm',
    role: 'llm',
    label: 'Crusoe',
    extras: ['crusoe'],
    imports: [{ from: 'pipecat.services.crusoe.llm', names: ['CrusoeLLMService'] }],
    construct: `CrusoeLLMService(
    api_key=required(os.getenv("CRUSOE_API_KEY"), "CRUSOE_API_KEY"),
    settings=CrusoeLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("CRUSOE_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'CRUSOE_API_KEY', description: 'Crusoe Cloud Managed Inference API key (console.crusoecloud.com)', required: true },
      { name: 'CRUSOE_LLM_MODEL', description: 'Crusoe model, e.g. zai/GLM-5.2 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'deepseek_llm',
    role: 'llm',
    label: 'DeepSeek',
    extras: ['deepseek'],
    imports: [{ from: 'pipecat.services.deepseek.llm', names: ['DeepSeekLLMService'] }],
    construct: `DeepSeekLLMService(
    api_key=required(os.getenv("DEEPSEEK_API_KEY"), "DEEPSEEK_API_KEY"),
    settings=DeepSeekLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("DEEPSEEK_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'DEEPSEEK_API_KEY', description: 'DeepSeek API key (platform.deepseek.com/api_keys)', required: true },
      { name: 'DEEPSEEK_LLM_MODEL', description: 'DeepSeek model, e.g. deepseek-v4-flash (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'fireworks_llm',
    role: 'llm',
    label: 'Fireworks AI',
    extras: ['fireworks'],
    imports: [{ from: 'pipecat.services.fireworks.llm', names: ['FireworksLLMService'] }],
    construct: `FireworksLLMService(
    api_key=required(os.getenv("FIREWORKS_API_KEY"), "FIREWORKS_API_KEY"),
    settings=FireworksLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("FIREWORKS_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'FIREWORKS_API_KEY', description: 'Fireworks AI API key (fireworks.ai/account/api-keys)', required: true },
      {
        name: 'FIREWORKS_LLM_MODEL',
        description: 'Fireworks model path, e.g. accounts/fireworks/models/firefunction-v2 (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'google_gemini_llm',
    vendorDefault: true,
    role: 'llm',
    label: 'Google Gemini',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.llm', names: ['GoogleLLMService'] }],
    construct: `GoogleLLMService(
    api_key=required(os.getenv("GOOGLE_API_KEY"), "GOOGLE_API_KEY"),
    settings=GoogleLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("GOOGLE_GEMINI_LLM_MODEL")),
    ),
)`,
    env: [
      GOOGLE_API_KEY,
      { name: 'GOOGLE_GEMINI_LLM_MODEL', description: 'Gemini model, e.g. gemini-3.6-flash (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'google_vertex_llm',
    role: 'llm',
    label: 'Google Vertex AI',
    extras: ['google'],
    imports: [{ from: 'pipecat.services.google.vertex.llm', names: ['GoogleVertexLLMService'] }],
    construct: `GoogleVertexLLMService(
    credentials=required(os.getenv("GOOGLE_CREDENTIALS"), "GOOGLE_CREDENTIALS"),
    project_id=required(os.getenv("GOOGLE_CLOUD_PROJECT_ID"), "GOOGLE_CLOUD_PROJECT_ID"),
    **present(location=os.getenv("GOOGLE_VERTEX_LLM_LOCATION")),
    settings=GoogleVertexLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("GOOGLE_VERTEX_LLM_MODEL")),
    ),
)`,
    env: [
      GOOGLE_CREDENTIALS,
      GOOGLE_CLOUD_PROJECT_ID,
      { name: 'GOOGLE_VERTEX_LLM_LOCATION', description: 'Vertex AI location, e.g. us-central1 (empty: global)', required: false },
      {
        name: 'GOOGLE_VERTEX_LLM_MODEL',
        description: 'Vertex AI Gemini model, e.g. gemini-3.6-flash (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Authenticates with the service-account key JSON in GOOGLE_CREDENTIALS; no API key.',
  },
  {
    id: 'groq_llm',
    role: 'llm',
    label: 'Groq',
    extras: [],
    imports: [{ from: 'pipecat.services.groq.llm', names: ['GroqLLMService'] }],
    construct: `GroqLLMService(
    api_key=required(os.getenv("GROQ_API_KEY"), "GROQ_API_KEY"),
    settings=GroqLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("GROQ_LLM_MODEL")),
    ),
)`,
    env: [
      GROQ_API_KEY,
      { name: 'GROQ_LLM_MODEL', description: 'Groq chat model, e.g. openai/gpt-oss-120b (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'inception_llm',
    role: 'llm',
    label: 'Inception',
    extras: ['inception'],
    imports: [{ from: 'pipecat.services.inception.llm', names: ['InceptionLLMService'] }],
    construct: `InceptionLLMService(
    api_key=required(os.getenv("INCEPTION_API_KEY"), "INCEPTION_API_KEY"),
    settings=InceptionLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("INCEPTION_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'INCEPTION_API_KEY', description: 'Inception API key (platform.inceptionlabs.ai)', required: true },
      { name: 'INCEPTION_LLM_MODEL', description: 'Inception model, e.g. mercury-2 (empty: pipecat default)', required: false },
    ],
    note: 'Mercury, a diffusion-based model, through an OpenAI-compatible API.',
  },
  {
    id: 'mistral_llm',
    role: 'llm',
    label: 'Mistral',
    extras: [],
    imports: [{ from: 'pipecat.services.mistral.llm', names: ['MistralLLMService'] }],
    construct: `MistralLLMService(
    api_key=required(os.getenv("MISTRAL_API_KEY"), "MISTRAL_API_KEY"),
    settings=MistralLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("MISTRAL_LLM_MODEL")),
    ),
)`,
    env: [
      MISTRAL_API_KEY,
      { name: 'MISTRAL_LLM_MODEL', description: 'Mistral chat model, e.g. mistral-small-latest (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'novita_llm',
    role: 'llm',
    label: 'Novita',
    extras: ['novita'],
    imports: [{ from: 'pipecat.services.novita.llm', names: ['NovitaLLMService'] }],
    construct: `NovitaLLMService(
    api_key=required(os.getenv("NOVITA_API_KEY"), "NOVITA_API_KEY"),
    settings=NovitaLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("NOVITA_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'NOVITA_API_KEY', description: 'Novita AI API key (novita.ai/settings/key-management)', required: true },
      { name: 'NOVITA_LLM_MODEL', description: 'Novita model, e.g. moonshotai/kimi-k2.5 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'nvidia_llm',
    role: 'llm',
    label: 'NVIDIA',
    extras: [],
    imports: [{ from: 'pipecat.services.nvidia.llm', names: ['NvidiaLLMService'] }],
    construct: `NvidiaLLMService(
    api_key=required(os.getenv("NVIDIA_API_KEY"), "NVIDIA_API_KEY"),
    settings=NvidiaLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("NVIDIA_LLM_MODEL")),
    ),
)`,
    env: [
      NVIDIA_API_KEY,
      {
        name: 'NVIDIA_LLM_MODEL',
        description: 'NVIDIA NIM model, e.g. nvidia/nemotron-3-nano-30b-a3b (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'ollama_llm',
    role: 'llm',
    label: 'Ollama',
    extras: [],
    imports: [{ from: 'pipecat.services.ollama.llm', names: ['OLLamaLLMService'] }],
    construct: `OLLamaLLMService(
    **present(base_url=os.getenv("OLLAMA_LLM_BASE_URL")),
    settings=OLLamaLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("OLLAMA_LLM_MODEL")),
    ),
)`,
    env: [
      {
        name: 'OLLAMA_LLM_BASE_URL',
        description: 'OpenAI-compatible URL of your Ollama server (empty: http://localhost:11434/v1)',
        required: false,
      },
      {
        name: 'OLLAMA_LLM_MODEL',
        description: 'Ollama model you have pulled, e.g. llama3.2 (empty: pipecat default, llama2)',
        required: false,
      },
    ],
    note: 'Local Ollama server (ollama.com); no API key.',
  },
  {
    id: 'openai_llm',
    vendorDefault: true,
    role: 'llm',
    label: 'OpenAI',
    extras: ['openai'],
    imports: [{ from: 'pipecat.services.openai.llm', names: ['OpenAILLMService'] }],
    construct: `OpenAILLMService(
    api_key=required(os.getenv("OPENAI_API_KEY"), "OPENAI_API_KEY"),
    settings=OpenAILLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("OPENAI_LLM_MODEL")),
    ),
)`,
    env: [
      OPENAI_API_KEY,
      { name: 'OPENAI_LLM_MODEL', description: 'OpenAI chat model, e.g. gpt-4.1 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'openai_responses_llm',
    role: 'llm',
    label: 'OpenAI Responses',
    extras: ['openai'],
    imports: [{ from: 'pipecat.services.openai.responses.llm', names: ['OpenAIResponsesLLMService'] }],
    construct: `OpenAIResponsesLLMService(
    api_key=required(os.getenv("OPENAI_API_KEY"), "OPENAI_API_KEY"),
    settings=OpenAIResponsesLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("OPENAI_RESPONSES_LLM_MODEL")),
    ),
)`,
    env: [
      OPENAI_API_KEY,
      {
        name: 'OPENAI_RESPONSES_LLM_MODEL',
        description: 'OpenAI model for the Responses API, e.g. gpt-4.1 (empty: pipecat default)',
        required: false,
      },
    ],
    note: 'Responses API over WebSocket.',
  },
  {
    id: 'openrouter_llm',
    role: 'llm',
    label: 'OpenRouter',
    extras: ['openrouter'],
    imports: [{ from: 'pipecat.services.openrouter.llm', names: ['OpenRouterLLMService'] }],
    construct: `OpenRouterLLMService(
    api_key=required(os.getenv("OPENROUTER_API_KEY"), "OPENROUTER_API_KEY"),
    settings=OpenRouterLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("OPENROUTER_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'OPENROUTER_API_KEY', description: 'OpenRouter API key (openrouter.ai/keys)', required: true },
      { name: 'OPENROUTER_LLM_MODEL', description: 'OpenRouter model, e.g. openai/gpt-4.1 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'perplexity_llm',
    role: 'llm',
    label: 'Perplexity',
    extras: ['perplexity'],
    imports: [{ from: 'pipecat.services.perplexity.llm', names: ['PerplexityLLMService'] }],
    construct: `PerplexityLLMService(
    api_key=required(os.getenv("PERPLEXITY_API_KEY"), "PERPLEXITY_API_KEY"),
    settings=PerplexityLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("PERPLEXITY_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'PERPLEXITY_API_KEY', description: 'Perplexity API key (perplexity.ai/settings/api)', required: true },
      { name: 'PERPLEXITY_LLM_MODEL', description: 'Perplexity model, e.g. sonar (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'qwen_llm',
    role: 'llm',
    label: 'Qwen',
    extras: ['qwen'],
    imports: [{ from: 'pipecat.services.qwen.llm', names: ['QwenLLMService'] }],
    construct: `QwenLLMService(
    api_key=required(os.getenv("QWEN_API_KEY"), "QWEN_API_KEY"),
    settings=QwenLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("QWEN_LLM_MODEL")),
    ),
)`,
    env: [
      {
        name: 'QWEN_API_KEY',
        description: 'Alibaba Cloud Model Studio (DashScope) API key for Qwen (modelstudio.console.alibabacloud.com)',
        required: true,
      },
      { name: 'QWEN_LLM_MODEL', description: 'Qwen model, e.g. qwen-plus (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'sambanova_llm',
    role: 'llm',
    label: 'SambaNova',
    extras: ['sambanova'],
    imports: [{ from: 'pipecat.services.sambanova.llm', names: ['SambaNovaLLMService'] }],
    construct: `SambaNovaLLMService(
    api_key=required(os.getenv("SAMBANOVA_API_KEY"), "SAMBANOVA_API_KEY"),
    settings=SambaNovaLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("SAMBANOVA_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'SAMBANOVA_API_KEY', description: 'SambaNova Cloud API key (cloud.sambanova.ai)', required: true },
      {
        name: 'SAMBANOVA_LLM_MODEL',
        description: 'SambaNova model, e.g. Meta-Llama-3.3-70B-Instruct (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'sarvam_llm',
    role: 'llm',
    label: 'Sarvam',
    extras: [],
    imports: [{ from: 'pipecat.services.sarvam.llm', names: ['SarvamLLMService'] }],
    construct: `SarvamLLMService(
    api_key=required(os.getenv("SARVAM_API_KEY"), "SARVAM_API_KEY"),
    settings=SarvamLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("SARVAM_LLM_MODEL")),
    ),
)`,
    env: [
      SARVAM_API_KEY,
      {
        name: 'SARVAM_LLM_MODEL',
        description: 'Sarvam chat model, e.g. sarvam-105b, the only one pipecat accepts (empty: pipecat default)',
        required: false,
      },
    ],
  },
  {
    id: 'together_llm',
    role: 'llm',
    label: 'Together AI',
    extras: ['together'],
    imports: [{ from: 'pipecat.services.together.llm', names: ['TogetherLLMService'] }],
    construct: `TogetherLLMService(
    api_key=required(os.getenv("TOGETHER_API_KEY"), "TOGETHER_API_KEY"),
    settings=TogetherLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("TOGETHER_LLM_MODEL")),
    ),
)`,
    env: [
      { name: 'TOGETHER_API_KEY', description: 'Together AI API key (api.together.ai/settings/api-keys)', required: true },
      { name: 'TOGETHER_LLM_MODEL', description: 'Together AI model, e.g. zai-org/GLM-5.1 (empty: pipecat default)', required: false },
    ],
  },
  {
    id: 'xai_llm',
    role: 'llm',
    label: 'Grok',
    extras: ['xai'],
    imports: [{ from: 'pipecat.services.xai.llm', names: ['GrokLLMService'] }],
    construct: `GrokLLMService(
    api_key=required(os.getenv("XAI_API_KEY"), "XAI_API_KEY"),
    settings=GrokLLMService.Settings(
        system_instruction=SYSTEM_INSTRUCTION,
        **present(model=os.getenv("XAI_LLM_MODEL")),
    ),
)`,
    env: [
      XAI_API_KEY,
      { name: 'XAI_LLM_MODEL', description: 'Grok model, e.g. grok-4.20-non-reasoning (empty: pipecat default)', required: false },
    ],
  },
] as const satisfies readonly ServiceDefinition[];
