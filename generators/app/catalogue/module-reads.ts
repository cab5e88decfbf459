/**
 * Variables a pipecat module reads from the environment by itself when the bot imports it (not a
 * service's constructor, not a transport): one row per module. The generated `.env.example`
 * documents them (`render/service-parts.ts`) and the reader of the server code counts them as read
 * whenever the code imports the module (`code/facts.ts`), so the two never disagree.
 */
import type { EnvVarDefinition } from './types.js';

/** A pipecat module and the variables it reads itself. */
interface ModuleReads {
  /** Dotted pipecat module, as the bot imports it. */
  readonly module: string;
  /** Group title in `.env.example`. */
  readonly title: string;
  readonly env: readonly EnvVarDefinition[];
}

/**
 * pipecat's `KrispVivaFilter` (`pipecat/audio/filters/krisp_viva_filter.py`) falls back to
 * `KRISP_VIVA_FILTER_MODEL_PATH` and `KRISP_VIVA_API_KEY` when it is built without them; Pipecat
 * Cloud sets both on agents deployed with `enable_krisp` (docs.pipecat.ai, Pipecat Cloud guide
 * "Krisp VIVA"), so they are documented commented out, for self-hosting only.
 */
export const MODULE_READS: readonly ModuleReads[] = [
  {
    module: 'pipecat.audio.filters.krisp_viva_filter',
    title: 'Krisp VIVA noise cancellation (Pipecat Cloud provides these; only for self-hosting)',
    env: [
      {
        name: 'KRISP_VIVA_FILTER_MODEL_PATH',
        description: 'path of the Krisp VIVA filter model (.kef) when self-hosting',
        required: false,
        commented: true,
      },
      { name: 'KRISP_VIVA_API_KEY', description: 'Krisp VIVA SDK key when self-hosting', required: false, commented: true },
    ],
  },
];
