/**
 * Account-level environment variables shared by several services of one provider (rule E1 of
 * catalogue-facts §10.1): defined once here, so every service that needs one uses the same name,
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

/** `GOOGLE_APPLICATION_CREDENTIALS`, shared by every service that needs it. */
export const GOOGLE_APPLICATION_CREDENTIALS: EnvVarDefinition = {
  name: 'GOOGLE_APPLICATION_CREDENTIALS',
  description:
    'Path to a Google Cloud service-account JSON key file (console.cloud.google.com/iam-admin/serviceaccounts), read by Application Default Credentials (empty: gcloud auth application-default login)',
  required: false,
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
