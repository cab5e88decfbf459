/**
 * The yes/no feature rows of the options table (`./option-table.ts` holds the choice rows and joins
 * both): each with its wizard question, README bullet and server additions. Data only, `as const`
 * like the choice rows. The record of the pipecat file each follows is in ./feature-rows.records.ts,
 * by key (out of the binary).
 *
 * Source: the pipecat files each row's record names. A feature is data (its row plus its
 * templates), so adding one touches no code that walks the table.
 */
import type { OptionDefinition } from './option-types.js';

/** The feature rows, in the order the wizard asks them behind its gate. */
export const FEATURE_ROWS = [
  {
    key: 'recording',
    flag: 'recording',
    type: 'boolean',
    default: false,
    describe: 'Record each call to a WAV file',
    label: 'Recording',
    feature: {
      prompt: 'Record each call to a WAV file?',
      summary: 'recording',
      readme: { label: 'recording', section: { partial: 'partials/features/recording.md.ejs', order: 1 } },
    },
  },
  {
    key: 'transcription',
    flag: 'transcription',
    type: 'boolean',
    default: false,
    describe: 'Log the conversation transcript',
    label: 'Transcription',
    feature: {
      prompt: 'Log the conversation transcript?',
      summary: 'transcription',
      readme: { label: 'transcription', section: { partial: 'partials/features/transcription.md.ejs', order: 2 } },
    },
  },
  {
    key: 'video_input',
    flag: 'video-input',
    type: 'boolean',
    default: false,
    describe: "Receive the user's camera (web bots)",
    label: 'Video input',
    feature: {
      prompt: "Video input: let the bot see the user's camera?",
      summary: 'video input',
      readme: { label: 'video input', section: { partial: 'partials/features/video-input.md.ejs', order: 3 } },
      askWhen: 'web',
    },
  },
  {
    key: 'video_output',
    flag: 'video-output',
    type: 'boolean',
    default: false,
    describe: 'Send bot video (web bots; implied by --video)',
    label: 'Video output',
    feature: {
      prompt: 'Video output: let the bot send video?',
      summary: 'video output',
      readme: { label: 'video output', section: { partial: 'partials/features/video-output.md.ejs', order: 4 } },
      askWhen: 'video-output',
    },
  },
  {
    key: 'enable_observability',
    flag: 'observability',
    configAliases: ['observability'],
    type: 'boolean',
    default: false,
    describe: 'Wire the Whisker live debugger into local runs',
    label: 'Observability',
    feature: {
      prompt: 'Observability: wire the Whisker live debugger into local runs?',
      summary: 'observability (Whisker)',
      readme: { label: 'observability (Whisker)', section: { partial: 'partials/features/observability.md.ejs', order: 6 } },
    },
  },
  {
    key: 'deploy_to_cloud',
    flag: 'deploy-to-cloud',
    type: 'boolean',
    default: true,
    describe: 'Add Dockerfile and pcc-deploy.toml for Pipecat Cloud',
    label: 'Deployment',
  },
  {
    key: 'enable_noisecancel',
    flag: 'enable-noisecancel',
    flagAliases: ['enable-krisp'],
    configAliases: ['enable_krisp'],
    type: 'boolean',
    default: false,
    describe: 'Krisp VIVA noise cancellation on Pipecat Cloud (needs --deploy-to-cloud)',
    label: 'Noise cancellation',
    feature: {
      prompt: 'Krisp noise cancellation on Pipecat Cloud?',
      summary: 'Krisp noise cancellation',
      readme: { label: 'Krisp noise cancellation (cloud)', section: { partial: 'partials/features/noise-cancellation.md.ejs', order: 5 } },
      askWhen: 'cloud',
    },
  },
  {
    key: 'enable_eval',
    flag: 'eval',
    configAliases: ['eval'],
    type: 'boolean',
    default: false,
    describe:
      "Runnable with pipecat's eval transport (`uv run bot.py -t eval`), with starter scenarios for `pipecat eval run` in server/evals/",
    label: 'Evals',
    feature: {
      prompt: 'Evals: make the bot runnable with `-t eval` for `pipecat eval run`, with starter scenarios?',
      summary: 'evals (-t eval)',
      readme: { label: 'evals (`-t eval`)' },
      server: {
        // pipecat's runner serves `-t eval` through create_transport's "eval" params (runner/utils.py):
        // an RTVI client session, like a browser's.
        runnerEntry: {
          key: 'eval',
          className: 'EvalTransportParams',
          module: 'pipecat.evals.transport',
          comment:
            '`uv run bot.py -t eval`: a local WebSocket server for `pipecat eval run` (see evals/);\ncreate_transport adds its RTVI serializer.',
          call: 'web',
        },
        // pipecat's `evals` extra brings `pipecat eval` and its local Kokoro/Moonshine models; the
        // bot's eval transport needs only pipecat's core dependencies.
        devExtras: ['evals'],
        // Starter scenarios for `pipecat eval run`; text mode needs the cascade's separate LLM step.
        files: [
          { name: 'evals', from: 'server/evals', to: 'server/evals', files: ['starter_audio.yaml.ejs'] },
          { name: 'evals-text', from: 'server/evals', to: 'server/evals', files: ['starter_text.yaml.ejs'], cascadeOnly: true },
        ],
      },
    },
  },
] as const satisfies readonly OptionDefinition[];
