/**
 * A bot written against older pipecat names, made from a generated one (web, SmallWebRTC,
 * Deepgram → Grok → Cartesia): the e2e test (`test/e2e/doctor-deprecations.test.ts`) has `pipecat
 * doctor` find and `--fix` repair its names, and the runtime test (`test/runtime/old-names.test.ts`)
 * runs it once the rest is replaced as `doctor` says.
 *
 * Every old name is a real entry of pipecat-ai 1.8.0-dev's registry
 * (`scripts/deprecations/deprecations.json`) whose code still exists in 1.8:
 * - `pipecat.pipeline.task` (module, `move` to `pipecat.pipeline.worker`; it re-exports
 *   `PipelineParams` and `PipelineTask`), and `PipelineTask` (class, use `PipelineWorker`);
 * - `pipecat.services.grok.llm` (module, `move` to `pipecat.services.xai.llm`, which defines
 *   `GrokLLMService`), with the `grok` extra it needs in the project's pyproject.toml;
 * - `flows_direct_function` (function in `pipecat.flows.types`, `rename` to `flows_tool_options`,
 *   same keyword-only signature);
 * - `CartesiaTTSService.aggregate_sentences` (parameter, use `text_aggregation_mode`);
 * - `AudioBufferProcessor`'s `on_user_turn_audio_data` event (filed by pipecat's generator under
 *   the class; use `on_user_turn_audio`, whose handler receives a `TurnAudioData`).
 */

/** `init` flags of the project the old-names bot is made from. */
export const OLD_NAMES_ARGS = [
  '--bot-type',
  'web',
  '--transport',
  'smallwebrtc',
  '--mode',
  'cascade',
  '--stt',
  'deepgram_stt',
  '--llm',
  'xai_llm',
  '--tts',
  'cartesia_tts',
  '--client-framework',
  'none',
  '--no-deploy-to-cloud',
];

/** One text replacement, which must apply exactly once. */
type Edit = readonly [from: string, to: string];

/** Replace each `from` (exactly one occurrence each) by its `to`. */
function applyEdits(text: string, edits: readonly Edit[], what: string): string {
  let out = text;
  for (const [from, to] of edits) {
    const n = out.split(from).length - 1;
    if (n !== 1) throw new Error(`${what}: ${JSON.stringify(from)} occurs ${n} times in bot.py (expected once)`);
    out = out.replace(from, to);
  }
  return out;
}

const FLOWS_TOOL = (decorator: string) => `

@${decorator}(cancel_on_interruption=False)
async def record_note(flow_manager, note: str):
    """Keep a note: a Flows tool of an earlier version of this bot (not registered)."""
    return {"status": "noted", "note": note}, None
`;

const USER_TURN_OLD = `    audiobuffer = AudioBufferProcessor()

    @audiobuffer.event_handler("on_user_turn_audio_data")
    async def on_user_turn_audio_data(buffer, audio, sample_rate, num_channels):
        logger.debug(f"user spoke: {len(audio)} bytes")
`;

const USER_TURN_NEW = `    audiobuffer = AudioBufferProcessor()

    @audiobuffer.event_handler("on_user_turn_audio")
    async def on_user_turn_audio(buffer, turn):
        logger.debug(f"user spoke: {len(turn.audio)} bytes")
`;

/**
 * The generated bot.py rewritten to use the older names.
 *
 * @param bot the text of a bot.py generated with {@link OLD_NAMES_ARGS}
 * @throws Error when the generated text no longer has a line the rewrite expects
 */
export function oldNamesBot(bot: string): string {
  return applyEdits(
    bot,
    [
      [
        'from pipecat.pipeline.worker import PipelineParams, PipelineWorker, ProcessorUnusablePolicy\n',
        'from pipecat.pipeline.task import PipelineParams, PipelineTask\nfrom pipecat.pipeline.worker import ProcessorUnusablePolicy\n',
      ],
      ['from pipecat.services.xai.llm import GrokLLMService\n', 'from pipecat.services.grok.llm import GrokLLMService\n'],
      [
        'from pipecat.frames.frames import LLMRunFrame\n',
        'from pipecat.flows.types import flows_direct_function\nfrom pipecat.frames.frames import LLMRunFrame\n',
      ],
      [
        'from pipecat.processors.aggregators.llm_context import LLMContext\n',
        'from pipecat.processors.aggregators.llm_context import LLMContext\n' +
          'from pipecat.processors.audio.audio_buffer_processor import AudioBufferProcessor\n',
      ],
      [
        '    return {key: value for key, value in fields.items() if value}\n',
        `    return {key: value for key, value in fields.items() if value}\n${FLOWS_TOOL('flows_direct_function')}`,
      ],
      ['    worker = PipelineWorker(\n', '    worker = PipelineTask(\n'],
      ['    tts = CartesiaTTSService(\n', '    tts = CartesiaTTSService(\n        aggregate_sentences=True,\n'],
      ['    context = LLMContext()\n', `${USER_TURN_OLD}\n    context = LLMContext()\n`],
    ],
    'old names',
  );
}

/**
 * The generated pyproject.toml as the old bot's project had it: pipecat-ai's `grok` extra (what
 * `pipecat.services.grok.llm` needs in pipecat's data) in place of `xai`.
 *
 * @param pyproject the text of the generated server/pyproject.toml
 */
export function oldNamesPyproject(pyproject: string): string {
  return pyproject.replace(/"pipecat-ai\[([^\]]*)\]/, (_, extras: string) => {
    const list = extras.split(',').map((e) => (e === 'xai' ? 'grok' : e));
    if (!extras.split(',').includes('xai')) throw new Error('old names: the pyproject.toml has no xai extra');
    return `"pipecat-ai[${list.sort().join(',')}]`;
  });
}

/** The deprecated subjects `doctor` lists in {@link oldNamesBot}'s bot, each with pipecat's replacement. */
export const OLD_SUBJECTS = {
  taskModule: { subject: 'pipecat.pipeline.task', replacement: 'pipecat.pipeline.worker', fixable: true },
  grokModule: { subject: 'pipecat.services.grok.llm', replacement: 'pipecat.services.xai.llm', fixable: true },
  flowsFunction: { subject: 'flows_direct_function', replacement: 'flows_tool_options', fixable: true },
  pipelineTask: { subject: 'PipelineTask', replacement: 'PipelineWorker', fixable: false },
  aggregateSentences: { subject: 'CartesiaTTSService.aggregate_sentences', replacement: 'text_aggregation_mode', fixable: false },
  userTurnEvent: { subject: 'AudioBufferProcessor.on_user_turn_audio_data', replacement: 'on_user_turn_audio', fixable: false },
} as const;

/**
 * The bot after `doctor --fix`, with the rest replaced as `doctor` says (scripted): `PipelineTask`
 * → `PipelineWorker`; `aggregate_sentences=True` → `text_aggregation_mode=TextAggregationMode.SENTENCE`
 * (`TextAggregationMode` from `pipecat.services.tts_service`); the `on_user_turn_audio_data`
 * handler → `on_user_turn_audio` with its `TurnAudioData` argument.
 *
 * @param fixed the text of bot.py after `doctor --fix --yes`
 */
export function replaceTheRest(fixed: string): string {
  return applyEdits(
    fixed,
    [
      [
        'from pipecat.pipeline.worker import PipelineParams, PipelineTask\n',
        'from pipecat.pipeline.worker import PipelineParams, PipelineWorker\n',
      ],
      ['    worker = PipelineTask(\n', '    worker = PipelineWorker(\n'],
      ['        aggregate_sentences=True,\n', '        text_aggregation_mode=TextAggregationMode.SENTENCE,\n'],
      [
        'from pipecat.services.deepgram.stt import DeepgramSTTService\n',
        'from pipecat.services.deepgram.stt import DeepgramSTTService\nfrom pipecat.services.tts_service import TextAggregationMode\n',
      ],
      [USER_TURN_OLD, USER_TURN_NEW],
    ],
    'the rest',
  );
}
