/**
 * Presets as data: a word given as `pipecat init`'s DIRECTORY that stands for a fixed
 * configuration (the config file's layer: config keys and their values), written into a folder of
 * the preset's `project_name`. `pipecat init` reads this table (`cli/commands/init.ts`); flags
 * still override single values, and `--config` with a preset is refused.
 *
 * One row today, `quickstart`: pipecat's own `pipecat init quickstart` (pipecat 1.7.0,
 * `src/pipecat/cli/scaffold.py`, `scaffold_quickstart`).
 */

/** One preset: the word that selects it and the configuration it stands for. */
interface PresetDefinition {
  /** The word given as DIRECTORY (`pipecat init <word>`). */
  readonly word: string;
  /** What the preset makes, for `pipecat init --help`'s example (the folder is added after it). */
  readonly summary: string;
  /**
   * The configuration, by config key (as a `--config` file holds it); its `project_name` is also
   * the folder the project is written into, relative to the current folder.
   */
  readonly values: Readonly<Record<string, unknown>> & { readonly project_name: string };
}

/** Every preset, by word (`pipecat init --help` shows each as an example). */
export const PRESETS: readonly PresetDefinition[] = [
  {
    // A web bot on SmallWebRTC and Daily, Deepgram → OpenAI (Responses API) → Cartesia,
    // deployable to Pipecat Cloud, in ./pipecat-quickstart, as pipecat's `scaffold_quickstart` sets it.
    word: 'quickstart',
    summary: 'the quickstart bot (SmallWebRTC and Daily; Deepgram, OpenAI, Cartesia)',
    values: {
      project_name: 'pipecat-quickstart',
      bot_type: 'web',
      transports: ['smallwebrtc', 'daily'],
      mode: 'cascade',
      stt_service: 'deepgram_stt',
      llm_service: 'openai_responses_llm',
      tts_service: 'cartesia_tts',
      deploy_to_cloud: true,
    },
  },
];

/**
 * The preset a DIRECTORY word selects, or undefined (a folder path like any other).
 *
 * @param word `pipecat init`'s DIRECTORY as typed
 */
export function findPreset(word: string | undefined): PresetDefinition | undefined {
  return PRESETS.find((p) => p.word === word);
}
