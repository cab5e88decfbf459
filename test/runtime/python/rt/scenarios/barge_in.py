"""Barge-in: the user interrupts a long answer, and the bot stops and forgets what it did not say.

The session: the bot greets (on dial-out the callee speaks first instead), the user asks, and the
LLM stand-in answers that request with :data:`LONG_TEXT` (five sentences, about five seconds of
speech: every TTS stand-in speaks a text for ``rt.services.spoken_seconds`` of it). Once
:data:`BARGE_AFTER` seconds of that answer are on the wire, the scripted user speaks again, and
the bot must answer that. Checks:

1. The bot stops: audio of the long answer stops reaching the wire within :func:`bound` seconds
   of the moment the user's speech began (stretched by ``slack()``).
2. The next LLM request (what the LLM stand-in is sent, as the vendor reads it:
   ``Probe.llm_sent``) holds for the interrupted answer only text that was played: a prefix of
   :data:`LONG_TEXT` whose last word starts within the audio that reached the wire, and at least
   every sentence that was played whole.
3. That request's conversation ends user (the question), assistant (the answer as heard), user
   (the barge-in), and the bot answers it (audio on the wire after that request).

How pipecat 1.8 stops the bot (the bound of check 1): the generated bot's user aggregator runs
Silero VAD with pipecat's default ``VADParams`` (``start_secs`` 0.2,
pipecat/audio/vad/vad_analyzer.py ``VAD_START_SECS``), and its default turn start strategies
(``VADUserTurnStartStrategy`` first, turns/user_turn_strategies.py
``default_user_turn_start_strategies``) start the user's turn on ``VADUserStartedSpeakingFrame``
with ``enable_interruptions=True`` (turns/user_start/base_user_turn_start_strategy.py), so the
aggregator broadcasts an ``InterruptionFrame`` that makes the output transport drop the audio it
has queued (transports/base_output.py). The VAD's smoothed volume
(``VADAnalyzer._get_smoothed_volume``: exponential smoothing, factor 0.2, over the rolling
``VOLUME_WINDOW_SECS`` 0.4 s window, audio/volume.py) must also pass ``min_volume`` before the
``start_secs`` count begins, which costs a few more 32 ms VAD frames.

Where the "as heard" text comes from: a TTS without word timestamps (``push_text_frames=True``,
services/tts_service.py ``_synthesize_text``) queues the sentence's ``TTSTextFrame`` after the
sentence's audio, so the assistant aggregator after ``transport.output()`` receives it only once
the whole sentence was played; a TTS with word timestamps pushes each word with a presentation
time, which the output transport releases when its audio plays. Either way, only what was played
reaches the context, as long as the assistant aggregator comes after the output transport.
"""

import asyncio
import re
import time

from ..probe import CHUNK_SECONDS, USER_TEXT, Probe, slack

#: The long answer, one sentence at a time (each about a second of speech).
LONG_SENTENCES = (
    "I can help you plan trips, answer questions and keep notes for you.",
    "I can also set reminders, read out the weather and check your calendar.",
    "If you like, I can suggest recipes and walk you through them step by step.",
    "I can translate short phrases and explain words you have not heard before.",
    "Just tell me what you need and I will do my best to help you with it.",
)
LONG_TEXT = " ".join(LONG_SENTENCES)
#: Seconds of the long answer on the wire before the user speaks again: past the first sentence,
#: in the middle of the second.
BARGE_AFTER = 1.5
#: Seconds between a dial-out callee answering and saying hello (rt/main.py PICK_UP_SECONDS).
PICK_UP_SECONDS = 0.8
#: pipecat's default VAD start_secs (audio/vad/vad_analyzer.py VAD_START_SECS), which the
#: generated bot keeps (SileroVADAnalyzer() without params).
VAD_START_SECS = 0.2
#: What pipecat adds to start_secs before the audio stops, on an idle machine: the smoothed
#: volume catching up (a few 32 ms VAD frames), the interruption's hops through the pipeline, the
#: output transport's 40 ms write in progress and the driver's 20 ms reads.
LATENCY_SECS = 0.35
#: How far (seconds) the text in the context may run past the audio on the wire, on an idle
#: machine (stretched by ``slack()``): a word is pushed at its presentation time, which the output
#: transport's clock releases while the audio it writes in 40 ms pieces may lag behind it.
TEXT_TOLERANCE = 0.25


def bound() -> float:
    """Seconds after the user's speech began by which the bot's audio must have stopped."""
    return (VAD_START_SECS + LATENCY_SECS) * slack()


def word_starts() -> list[tuple[str, float, float]]:
    """Each word of :data:`LONG_TEXT` with the second its audio starts and the second the
    sentence it belongs to ends, as the TTS stand-ins speak it (each sentence for
    ``spoken_seconds`` of it, its words evenly spread)."""
    from ..services import spoken_seconds

    out = []
    start = 0.0
    for sentence in LONG_SENTENCES:
        seconds = spoken_seconds(sentence)
        words = sentence.split()
        out += [(w, start + seconds * i / len(words), start + seconds) for i, w in enumerate(words)]
        start += seconds
    return out


class Wire:
    """Audio as a timeline, (monotonic time, seconds) of each piece: the bot's on the wire
    (``Probe.audio_sent``), or what the TTS stand-ins produced (``Probe.tts_produced``)."""

    def __init__(self, probe: Probe, method: str = "audio_sent"):
        self.pieces: list[tuple[float, float]] = []
        original = getattr(probe, method)

        def counted(seconds: float) -> None:
            if seconds > 0:
                self.pieces.append((time.monotonic(), seconds))
            original(seconds)

        setattr(probe, method, counted)

    def between(self, start: float, end: float | None = None) -> list[tuple[float, float]]:
        return [p for p in self.pieces if p[0] > start and (end is None or p[0] <= end)]

    def seconds(self, start: float, end: float | None = None) -> float:
        return sum(s for _, s in self.between(start, end))


async def _until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout * slack()
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(CHUNK_SECONDS)
    return False


def _dialogue(conversation: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The user and assistant turns of a conversation (Gemini's ``model`` is the assistant), each
    text with single spaces and none before punctuation (a TTS with word timestamps may time a
    punctuation mark as a word of its own, which pipecat joins with a space)."""
    roles = {"user": "user", "assistant": "assistant", "model": "assistant"}
    return [(roles[r], re.sub(r"\s+([.,!?;:])", r"\1", " ".join(t.split()))) for r, t in conversation if r in roles]


def check_context(conversation: list[tuple[str, str]], played: float, view: str = "vendor") -> list[str]:
    """Problems with the conversation of the request that answers the barge-in, given the seconds
    of the long answer that reached the wire (checks 2 and 3). ``view`` (``Probe.llm_view``):
    ``vendor`` and ``pipecat`` are checked whole; ``as-sent`` (a vendor that keeps what it sent,
    played or not) is not held to "never played", only to the rest."""
    turns = _dialogue(conversation)
    shown = " | ".join(f"{r}: {t[:60]}" for r, t in turns[-4:])
    if len(turns) < 3 or [r for r, _ in turns[-3:]] != ["user", "assistant", "user"]:
        return [f"the request after the barge-in does not end user, assistant (as heard), user: {shown}"]
    if turns[-3][1] != USER_TEXT or turns[-1][1] != USER_TEXT:
        return [f"the request after the barge-in does not hold the question and the barge-in as the user's turns: {shown}"]
    heard = turns[-2][1].split()
    words = word_starts()
    if heard != [w for w, _, _ in words[: len(heard)]]:
        return [f"the interrupted answer in the context is not what the bot began to say: {turns[-2][1]!r}"]
    problems = []
    tolerance = TEXT_TOLERANCE * slack()
    if view != "as-sent" and heard and words[len(heard) - 1][1] > played + tolerance:
        unplayed = " ".join(w for w, start, _ in words[: len(heard)] if start > played + tolerance)
        problems.append(
            f"the context holds words of the interrupted answer that were never played ({played:.2f} s reached the wire): {unplayed[:160]!r}"
        )
    whole = [w for w, _, end in words if end <= played - tolerance]
    if len(heard) < len(whole):
        problems.append(
            f"the context lacks what was played of the interrupted answer ({played:.2f} s on the wire, {len(whole)} words of whole sentences; the context has {turns[-2][1]!r})"
        )
    return problems


async def run(session, bot, driver, script) -> None:
    probe = session.probe
    problems = session.problems
    call = session.session["call"]
    wire = Wire(probe)
    session.barge_in_tts = Wire(probe, "tts_produced")
    args = await driver.runner_args()
    task = asyncio.create_task(bot.bot(args))
    try:
        await asyncio.sleep(0.05)
        await driver.connect()
        if call == "web":
            await driver.client_ready()
        if call in ("web", "phone") and not await probe.wait_bot_spoke(1):
            problems.append(f"the bot did not greet (LLM requests {probe.llm_requests}, {probe.sent_seconds:.2f} s on the wire)")
        if call == "dialout":
            await asyncio.sleep(PICK_UP_SECONDS)
        if not problems and not task.done():
            await _barge_in(session, driver, wire)
    finally:
        probe.step("hang-up")
        await driver.hang_up()
        try:
            await asyncio.wait_for(asyncio.shield(task), 5.0 * slack())
        except asyncio.TimeoutError:
            problems.append("the session did not end after the hang-up")
            task.cancel()
        if task.done() and not task.cancelled() and task.exception() is not None:
            problems.append(f"bot() raised {type(task.exception()).__name__}: {task.exception()}")


async def _barge_in(session, driver, wire: Wire) -> None:
    probe = session.probe
    problems = session.problems
    long_request = probe.llm_requests + 1
    probe.answers[long_request] = LONG_TEXT
    probe.step("the user asks")
    await driver.speak(Probe.user_audio(driver.input_rate), Probe.speech_chunks())
    if not await _until(lambda: probe.llm_requests >= long_request, 8.0):
        problems.append(f"the bot did not answer the question (LLM requests {probe.llm_requests}, transcripts {probe.transcripts})")
        return
    asked = probe.last_llm
    if not await _until(lambda: wire.seconds(asked) >= BARGE_AFTER, 8.0):
        problems.append(f"the long answer did not play {BARGE_AFTER} s ({wire.seconds(asked):.2f} s on the wire)")
        return
    # The user speaks again, in the middle of the answer.
    barged = time.monotonic()
    played_then = wire.seconds(asked)
    probe.step(f"the user barges in ({played_then:.2f} s of the long answer played)")
    await driver.speak(Probe.user_audio(driver.input_rate), Probe.speech_chunks())
    answered = await _until(lambda: probe.llm_requests > long_request, 8.0)
    next_request = probe.last_llm if answered else time.monotonic()
    # What the TTS produced of the long answer (a vendor may still have been speaking it at the
    # barge-in), up to the request that answers the barge-in.
    long_produced = session.barge_in_tts.seconds(asked, next_request)
    # 1. The bot stops.
    after = wire.between(barged, next_request)
    if long_produced - played_then < 1.0:
        problems.append(f"the long answer was nearly over when the user spoke ({played_then:.2f} of {long_produced:.2f} s played): the scenario proves nothing")
    limit = bound()
    if after and after[-1][0] - barged > limit:
        problems.append(
            f"the bot did not stop within {limit:.2f} s of the user's speech: its answer went on for {after[-1][0] - barged:.2f} s"
            f" ({sum(s for _, s in after):.2f} s of audio after the user began)"
        )
    played = wire.seconds(asked, next_request)
    stopped = (after[-1][0] - barged) if after else 0.0
    probe.step(f"barge-in: the answer stopped {stopped:.2f} s after the user began ({played:.2f} s of it played)")
    # The part of the long answer the interruption discarded never reaches the wire: the common
    # audio check (rt/main.py) compares the rest.
    probe.tts_seconds -= max(0.0, long_produced - played)
    if not answered:
        problems.append(f"the bot did not answer the barge-in (LLM requests {probe.llm_requests}, transcripts {probe.transcripts})")
        return
    # 2, 3. The vendor's view of the conversation, and the answer to the barge-in.
    view = probe.llm_view.get(long_request + 1, "vendor")
    spoke = await _until(lambda: wire.seconds(next_request) > 0 and time.monotonic() - probe.last_sent > 0.35, 8.0)
    conversation = probe.llm_sent.get(long_request + 1) if view != "pipecat" else pipecat_context(probe)
    if conversation is None:
        problems.append(f"the {'LLM stand-in' if view != 'pipecat' else 'pipeline'} did not show the conversation that answers the barge-in")
    else:
        problems.extend(check_context(conversation, played, view))
        heard = _dialogue(conversation)[-2:-1]
        probe.step(f"barge-in: the context ({view}) holds {heard}")
        if view == "as-sent" and heard and len(heard[0][1].split()) > len([w for w, start, _ in word_starts() if start <= played]):
            # Known, not the bot's doing: the vendor keeps what it sent (see the stand-in).
            probe.step("barge-in: the vendor keeps words of the interrupted answer that were never played")
    if not spoke:
        problems.append(f"the bot did not speak its answer to the barge-in ({wire.seconds(next_request):.2f} s on the wire after the request)")
    # 1 again, past that request: an answer to the barge-in that comes sooner than the bound (a
    # realtime vendor answers as soon as its VAD hears the user stop) must not hide an interrupted
    # answer that played on beside it. All the audio since the user began, less the new answer's.
    went_on = wire.seconds(barged) - session.barge_in_tts.seconds(next_request)
    if not any("did not stop within" in p for p in problems) and went_on > limit + 0.2:
        problems.append(
            f"the bot did not stop within {limit:.2f} s of the user's speech: {went_on:.2f} s of its interrupted answer played after the user began"
        )


def pipecat_context(probe: Probe) -> list[tuple[str, str]] | None:
    """The conversation in pipecat's own context (the one the context aggregators share) up to its
    last user turn, as (role, text) pairs; None when the pipeline has no context aggregator. For a
    service answered at pipecat's interface (``Probe.llm_view`` ``pipecat``), read after its answer
    to the barge-in."""
    from _vendors import edge

    for p in probe.processors:
        context = getattr(p, "_context", None)
        if context is not None and hasattr(context, "get_messages") and type(p).__name__.startswith("LLM"):
            turns = [(m.get("role"), edge.text_of(m.get("content"))) for m in context.get_messages() if isinstance(m, dict)]
            while turns and turns[-1][0] != "user":
                turns.pop()
            return turns
    return None
