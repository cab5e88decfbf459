/**
 * Account-level environment variables shared by several services of one provider (rule E1 of
 * docs/generated-project.md, "Environment variable names"): defined once here, so every service that needs one uses the same name,
 * description and example, and `.env.example` lists it once.
 */
import type { EnvVarDefinition } from './types.js';

/** `AWS_ACCESS_KEY_ID`, shared by every service that needs it. */
export const AWS_ACCESS_KEY_ID: EnvVarDefinition = {
  name: 'AWS_ACCESS_KEY_ID',
  description: 'AWS access key id of an IAM user or role (console.aws.amazon.com/iam)',
  required: true,
};

/** `AWS_REGION`, shared by every service that needs it. */
export const AWS_REGION: EnvVarDefinition = {
  name: 'AWS_REGION',
  description: 'Default AWS region for AWS services, e.g. us-east-1',
  required: true,
  example: 'us-east-1',
};

/** `AWS_SECRET_ACCESS_KEY`, shared by every service that needs it. */
export const AWS_SECRET_ACCESS_KEY: EnvVarDefinition = {
  name: 'AWS_SECRET_ACCESS_KEY',
  description: 'AWS secret access key belonging to AWS_ACCESS_KEY_ID (console.aws.amazon.com/iam)',
  required: true,
};

/** `AWS_SESSION_TOKEN`, shared by every service that needs it. */
export const AWS_SESSION_TOKEN: EnvVarDefinition = {
  name: 'AWS_SESSION_TOKEN',
  description: 'AWS session token, only for temporary credentials (empty: none)',
  required: false,
};

/** `AZURE_SPEECH_API_KEY`, shared by every service that needs it. */
export const AZURE_SPEECH_API_KEY: EnvVarDefinition = {
  name: 'AZURE_SPEECH_API_KEY',
  description: 'Azure Speech resource key (portal.azure.com > Speech service > Keys and Endpoint)',
  required: true,
};

/** `AZURE_SPEECH_REGION`, shared by every service that needs it. */
export const AZURE_SPEECH_REGION: EnvVarDefinition = {
  name: 'AZURE_SPEECH_REGION',
  description: 'Region of the Azure Speech resource, e.g. eastus',
  required: true,
  example: 'eastus',
};

/** `CARTESIA_API_KEY`, shared by every service that needs it. */
export const CARTESIA_API_KEY: EnvVarDefinition = {
  name: 'CARTESIA_API_KEY',
  description: 'Cartesia API key (play.cartesia.ai)',
  required: true,
};

/** `DEEPGRAM_API_KEY`, shared by every service that needs it. */
export const DEEPGRAM_API_KEY: EnvVarDefinition = {
  name: 'DEEPGRAM_API_KEY',
  description: 'Deepgram API key (console.deepgram.com)',
  required: true,
};

/** `ELEVENLABS_API_KEY`, shared by every service that needs it. */
export const ELEVENLABS_API_KEY: EnvVarDefinition = {
  name: 'ELEVENLABS_API_KEY',
  description: 'ElevenLabs API key (elevenlabs.io/app/settings/api-keys)',
  required: true,
};

/** `GOOGLE_API_KEY`, shared by every service that needs it. */
export const GOOGLE_API_KEY: EnvVarDefinition = {
  name: 'GOOGLE_API_KEY',
  description: 'Google Gemini API key (aistudio.google.com/apikey)',
  required: true,
};

/**
 * `GOOGLE_CREDENTIALS`, shared by every Google Cloud service: the service-account key JSON itself,
 * which the generated code passes as `credentials=` (pipecat parses it with `json.loads` and
 * `service_account.Credentials.from_service_account_info`, e.g. services/google/stt.py), as pipecat's
 * registry (cli/registry/_configs.py) and examples do. Not a key-file path: on Pipecat Cloud the file
 * is not in the image, while an environment variable comes from the secret set. Its own name, not
 * `GOOGLE_APPLICATION_CREDENTIALS`, which google-auth reads as a path.
 *
 * The `.env` form (`format`) is the one that three readers read to the same bytes, checked with
 * the real libraries on a service-account JSON whose `private_key` holds `\n` escapes: the `dotenv`
 * npm package (this tool's `secrets set`), python-dotenv `dotenv_values`/`load_dotenv` (the bot), and
 * pipecatcloud's `secrets set --file`, which reads line by line and strips only a pair of double
 * quotes. Single quotes are kept by the last; double quotes make the first two turn `\n` into line
 * breaks, which is no longer valid JSON. Unquoted, a value ends at a `#` (npm dotenv) or ` #`
 * (python-dotenv): Google's key files hold none.
 */
export const GOOGLE_CREDENTIALS: EnvVarDefinition = {
  name: 'GOOGLE_CREDENTIALS',
  description:
    'Google Cloud service-account key (console.cloud.google.com/iam-admin/serviceaccounts): the JSON file itself, on one line, unquoted',
  required: true,
  format: [
    "Write the key file's JSON on one line, with no quotes around it, as `jq -c . key.json` prints it",
    '(or `python3 -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))))" key.json`).',
    'Keep the `\\n` escapes inside private_key as they are. Written so, the bot (python-dotenv) and both',
    "`pipecat cloud secrets set --file .env` (this tool's and pipecat's) read the same bytes; quotes would",
    "not survive all three. The value cannot hold a `#` or a line break; Google's key files have neither.",
  ],
};

/** `GOOGLE_CLOUD_PROJECT_ID`, shared by every service that needs it. */
export const GOOGLE_CLOUD_PROJECT_ID: EnvVarDefinition = {
  name: 'GOOGLE_CLOUD_PROJECT_ID',
  description: 'Google Cloud project id (console.cloud.google.com)',
  required: true,
};

/** `GRADIUM_API_KEY`, shared by every service that needs it. */
export const GRADIUM_API_KEY: EnvVarDefinition = { name: 'GRADIUM_API_KEY', description: 'Gradium API key (gradium.ai)', required: true };

/** `GROQ_API_KEY`, shared by every service that needs it. */
export const GROQ_API_KEY: EnvVarDefinition = { name: 'GROQ_API_KEY', description: 'Groq API key (console.groq.com/keys)', required: true };

/** `MISTRAL_API_KEY`, shared by every service that needs it. */
export const MISTRAL_API_KEY: EnvVarDefinition = {
  name: 'MISTRAL_API_KEY',
  description: 'Mistral API key (console.mistral.ai/api-keys)',
  required: true,
};

/** `NVIDIA_API_KEY`, shared by every service that needs it. */
export const NVIDIA_API_KEY: EnvVarDefinition = {
  name: 'NVIDIA_API_KEY',
  description: 'NVIDIA API key (build.nvidia.com)',
  required: true,
};

/** `OPENAI_API_KEY`, shared by every service that needs it. */
export const OPENAI_API_KEY: EnvVarDefinition = {
  name: 'OPENAI_API_KEY',
  description: 'OpenAI API key (platform.openai.com)',
  required: true,
};

/** `SARVAM_API_KEY`, shared by every service that needs it. */
export const SARVAM_API_KEY: EnvVarDefinition = {
  name: 'SARVAM_API_KEY',
  description: 'Sarvam AI API key (dashboard.sarvam.ai)',
  required: true,
};

/** `SONIOX_API_KEY`, shared by every service that needs it. */
export const SONIOX_API_KEY: EnvVarDefinition = {
  name: 'SONIOX_API_KEY',
  description: 'Soniox API key (console.soniox.com)',
  required: true,
};

/** `XAI_API_KEY`, shared by every service that needs it. */
export const XAI_API_KEY: EnvVarDefinition = { name: 'XAI_API_KEY', description: 'xAI API key (console.x.ai)', required: true };
