/**
 * Known gaps of the runtime tier: sessions that fail for a reason the tier has not resolved yet,
 * each with the catalogue id it concerns, the problem it shows and why it is not fixed. They are
 * printed as `GAP` (never as `ok`) and counted apart, so a new problem in the same configuration,
 * or the same problem elsewhere, still fails. Shrinking this list is work still to do (issue 11).
 */
export interface KnownGap {
  /** Catalogue id (service or transport) the configuration must use. */
  id: string;
  /** Further ids the configuration must also use for the gap to apply (e.g. one transport). */
  with?: readonly string[];
  /** What the failing problem says. */
  problem: RegExp;
  /** Why it is not fixed yet. */
  reason: string;
}

/**
 * Empty from session 6 until the barge-in scenario reached every TTS vendor. The last entry, `heygen_video` ("did not greet" in one CI run of several),
 * was the machine, not the bot: the flight recorder showed 400-800 frames waiting in
 * LLMUserAggregator (pipecat's VAD hands every 20 ms of audio to a worker thread, and an
 * oversubscribed 2-core machine made each hand-off take 60-150 ms). Such sessions are now run again
 * alone (`starvedBy` in harness.ts) instead of being excused here.
 */
/** What the barge-in reports when the next LLM request holds words the bot never played. */
const UNPLAYED = /^the context holds words of the interrupted answer that were never played /;

/**
 * Why a TTS whose audio comes from a receive loop, without word timestamps, puts unplayed words in
 * the context: pipecat 1.8 queues a sentence's TTSTextFrame in the audio context when it sends the
 * text, ahead of audio that arrives later, so the output transport lets the text through (to the
 * assistant aggregator after it) before the audio plays.
 */
const TEXT_BEFORE_AUDIO =
  "pipecat 1.8 queues each sentence's TTSTextFrame in the audio context when it sends the text, ahead of the audio the vendor returns later on the receive loop, so after a barge-in the context holds the sentence being spoken (or more) though it was never heard:";
/** Why streamed-token TTS services (TextAggregationMode.TOKEN) without word timestamps do so. */
const TOKEN_TEXT =
  "AggregatedFrameSequencer._promote (utils/context/aggregated_frame_sequencer.py) builds a sentence's TTSTextFrame once the next sentence's first token is sent, and TTSService._push_sequencer_frames appends it to the audio context then. Passing text_aggregation_mode=SENTENCE moves it to _push_tts_frames, which appends it as soon as run_tts returns: the same order. The service has no word timestamps, so no setting avoids it.";

/**
 * Why an OpenAI Realtime protocol bot (OpenAI, Azure) answers the callee's first words twice on a
 * call it places, so that a barge-in truncates the second answer and leaves the first whole in the
 * vendor's conversation.
 */
const FIRST_CONTEXT_RESPONSE =
  "OpenAIRealtimeLLMService._handle_context (services/openai/realtime/llm.py) sends response.create for the first context it gets. On web and phone calls that is the greeting's LLMRunFrame; on a call the bot places nothing greets, so the first context is the user aggregator's at the end of the callee's first turn, after the server's VAD has already answered it. The vendor rejects the second response.create only while the first is still in progress (conversation_already_has_active_response, which pipecat ignores); the stand-in, like the API, streams a long answer faster than real time, so it is done and a second answer follows. A barge-in then truncates that second item, and the first answer stays whole in the conversation. No construction or template setting avoids it: handing the context over earlier (as for Gemini Live) makes the bot speak first.";

export const KNOWN_GAPS: readonly KnownGap[] = [
  ...['openai_realtime', 'azure_realtime'].flatMap((id) =>
    ['twilio_daily_sip_dialout', 'daily_pstn_dialout'].map((t) => ({ id, with: [t], problem: UNPLAYED, reason: FIRST_CONTEXT_RESPONSE })),
  ),
  {
    id: 'deepgram_tts',
    problem: UNPLAYED,
    reason: `${TEXT_BEFORE_AUDIO} TTSService._push_tts_frames (services/tts_service.py) appends it as soon as run_tts returns, and DeepgramTTSService.run_tts (services/deepgram/tts.py) only sends Speak and yields None; the audio comes from _receive_messages after the Flush that flush_audio sends at the end of the LLM response. DeepgramTTSService has no word timestamps and no setting that changes this (DeepgramHttpTTSService is another service, without streaming).`,
  },
  {
    id: 'bland_tts',
    problem: UNPLAYED,
    reason: `${TEXT_BEFORE_AUDIO} BlandTTSService (services/bland/tts.py) streams tokens and its audio comes from _read_until_closed; ${TOKEN_TEXT}`,
  },
  {
    id: 'deepgram_flux_tts',
    problem: UNPLAYED,
    reason: `${TEXT_BEFORE_AUDIO} DeepgramFluxTTSBase (services/deepgram/flux/tts_base.py) streams tokens and its audio comes from the receive loop (_handle_audio); ${TOKEN_TEXT} Seen only when the user's turn starts early in a sentence.`,
  },
  {
    id: 'deepgram_flux_sagemaker_tts',
    problem: UNPLAYED,
    reason: `${TEXT_BEFORE_AUDIO} DeepgramFluxTTSBase (services/deepgram/flux/tts_base.py) streams tokens and its audio comes from the SageMaker stream (_handle_audio); ${TOKEN_TEXT} Seen only when the user's turn starts early in a sentence.`,
  },
];

/**
 * The problems no known gap of the configuration's ids explains.
 *
 * @param ids the configuration's `init` arguments (ids among them)
 * @param problems what the session showed
 * @param known the gaps to consult (default {@link KNOWN_GAPS})
 */
export function unexplained(ids: readonly string[], problems: readonly string[], known: readonly KnownGap[] = KNOWN_GAPS): string[] {
  const gaps = known.filter((g) => ids.includes(g.id) && (g.with ?? []).every((w) => ids.includes(w)));
  return problems.filter((p) => !gaps.some((g) => g.problem.test(p)));
}

/**
 * A configuration's outcome: `ok`, `gap` (every problem matches a gap of an id it uses) or `fail`.
 *
 * @param ids the configuration's `init` arguments
 * @param problems what the session showed
 * @param known the gaps to consult (default {@link KNOWN_GAPS})
 */
export function outcome(
  ids: readonly string[],
  problems: readonly string[],
  known: readonly KnownGap[] = KNOWN_GAPS,
): 'ok' | 'gap' | 'fail' {
  if (problems.length === 0) return 'ok';
  return unexplained(ids, problems, known).length === 0 ? 'gap' : 'fail';
}
