"""What one scripted session observes, and the scripted user's audio.

A :class:`Probe` is shared by the transport driver (which feeds user audio in and counts the audio
that reaches the wire), the scripted services (which count the audio the TTS stand-in produced)
and the log sink (which keeps every pipecat log record). Units: seconds for durations, Hz for
rates, 16-bit mono PCM for audio.
"""

import asyncio
import math
import os
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import numpy as np

#: What the scripted user says (the STT stand-in's transcription).
USER_TEXT = "What can you do for me?"
#: What the LLM stand-in answers (one sentence, so each answer is one TTS request).
BOT_TEXT = "I can answer your questions."
#: Seconds of audio the TTS stand-in returns per request.
TTS_SECONDS = 0.4
#: Seconds of scripted user speech (a 220 Hz tone at a quarter of full scale) and of the silence after it.
SPEECH_SECONDS = 0.6
SILENCE_SECONDS = 0.8
CHUNK_SECONDS = 0.02
#: How far apart the audio on the wire and the audio the TTS produced may be (a fraction of the latter).
TOLERANCE = 0.10
#: Records the flight recorder keeps per session (the latest ones: a session logs 1-3 thousand).
TRAIL_RECORDS = 6000


def slack() -> float:
    """How much the session's waits are stretched: 1 on an idle machine, the one-minute load average
    per CPU above that (a 2-core machine at load 8 waits 4 times as long), so a starved session is
    given time instead of reported as a silent bot."""
    try:
        per_cpu = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:
        return 1.0
    return max(1.0, per_cpu)


class Probe:
    def __init__(self, name: str):
        self.name = name
        self.logs: list[tuple[str, int, str, str]] = []  # (level, number, message, logger name)
        self.tts_seconds = 0.0  # audio the TTS (or realtime) stand-in produced, at its real rate
        self.tts_requests = 0
        self.sent_seconds = 0.0  # audio that reached the transport's wire
        self.last_sent = 0.0  # monotonic time of the last audio sent
        self.last_tts = 0.0  # monotonic time the TTS stand-in last produced audio
        self.first_tts: float | None = None  # monotonic time the TTS (or realtime) stand-in first produced audio
        self.user_utterances = 0  # scripted utterances finished by the driver
        self._transcripts = 0  # transcriptions the STT stand-in produced
        self._llm_requests = 0
        self.last_llm = 0.0  # monotonic time of the latest LLM request
        self.notes: list[str] = []
        self.changed = asyncio.Event()
        self.started = time.monotonic()
        #: The flight recorder: (seconds since the session began, level, logger, message) of every
        #: DEBUG-and-above pipecat record and every harness step, written out when the session fails.
        self.trail: deque[tuple[float, str, str, str]] = deque(maxlen=TRAIL_RECORDS)
        self.processors: list = []  # the pipeline's frame processors (rt/services.py Script)
        #: The most frames seen waiting in one processor's queues, and that processor (``monitor``).
        self.backlog: tuple[int, str] = (0, "")
        self.max_hop = 0.0  # slowest worker-thread round trip the monitor measured, seconds
        #: What the LLM (or realtime) stand-in answers to request n (1-based), when not BOT_TEXT:
        #: a scenario scripts a long answer for one turn (rt/scenarios/barge_in.py).
        self.answers: dict[int, str] = {}
        #: The conversation each LLM request (by number) sent, as the vendor received it, normalised to
        #: (role, text) pairs by the stand-in that answered (``_vendors/edge.py`` ``llm_request``).
        self.llm_sent: dict[int, list[tuple[str, str]]] = {}
        #: How the stand-in that answered request n knows what it answers from, when not as the
        #: vendor holds it after honouring what pipecat told it (the default): ``as-sent`` (the
        #: vendor keeps what it sent, played or not: ``llm_sent`` is that), ``pipecat`` (answered at
        #: pipecat's service interface: no vendor state, ``llm_sent`` unset; pipecat's own context
        #: is what there is to check). Read by rt/scenarios/barge_in.py.
        self.llm_view: dict[int, str] = {}

    # -- records from the stand-ins and drivers -------------------------------------------------
    def log(self, level: str, number: int, message: str, name: str) -> None:
        if number >= 10:
            self.trail.append((time.monotonic() - self.started, level, name, message))
        if number >= 20:  # INFO and above: what the checks read
            self.logs.append((level, number, message, name))

    def step(self, message: str) -> None:
        """A harness step (client connected, user spoke, ...) for the flight recorder."""
        self.trail.append((time.monotonic() - self.started, "HARNESS", "rt", message))

    async def monitor(self, period: float = 1.0, lag_limit: float = 0.25, queue_limit: int = 25) -> None:
        """Until cancelled, note in the flight recorder how late the event loop wakes up (a starved
        process) and which frame processors have frames waiting (``FrameProcessor``'s input and
        process queues), whenever the lag passes ``lag_limit`` seconds, a queue ``queue_limit`` frames
        or a worker-thread round trip 20 ms."""
        loop = asyncio.get_running_loop()
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rt-monitor")
        try:
            while True:
                due = loop.time() + period
                await asyncio.sleep(period)
                lag = loop.time() - due
                # A round trip through a worker thread, as pipecat's VAD makes for every 20 ms of audio
                # (VADAnalyzer.analyze_audio runs in an executor): slow when the OS starves threads.
                t0 = loop.time()
                await loop.run_in_executor(executor, int)
                hop = loop.time() - t0
                self.max_hop = max(self.max_hop, hop)
                self._check(lag, hop, lag_limit, queue_limit)
        finally:
            executor.shutdown(wait=False)

    def _check(self, lag: float, hop: float, lag_limit: float, queue_limit: int) -> None:
        """One monitor tick: update :attr:`backlog` and note the tick when anything is slow."""
        waiting = []
        for p in self.processors:
            queues = (getattr(p, "_FrameProcessor__input_queue", None), getattr(p, "_FrameProcessor__process_queue", None))
            n = sum(q.qsize() for q in queues if q is not None and hasattr(q, "qsize"))
            if n > self.backlog[0]:
                self.backlog = (n, str(p))
            if n >= queue_limit:
                waiting.append(f"{p} {n}")
        if lag >= lag_limit or waiting or hop >= 0.02:
            self.step(
                f"monitor: event loop {lag:.2f} s late, thread round trip {hop * 1000:.0f} ms; frames waiting: {', '.join(waiting) or 'none'}"
            )

    def write_trail(self, path: str) -> None:
        """Write the flight recorder to ``path``, one record per line (seconds, level, logger, message)."""
        with open(path, "w", encoding="utf-8") as f:
            for t, level, name, message in self.trail:
                f.write(f"{t:8.3f} {level:<8} {name}: {message}\n")

    @property
    def transcripts(self) -> int:
        return self._transcripts

    @transcripts.setter
    def transcripts(self, value: int) -> None:  # also set on an STT stream's worker thread
        self._transcripts = value
        self.step(f"STT stand-in: transcript {value}")

    @property
    def llm_requests(self) -> int:
        return self._llm_requests

    @llm_requests.setter
    def llm_requests(self, value: int) -> None:
        self._llm_requests = value
        self.last_llm = time.monotonic()
        self.step(f"LLM stand-in: request {value}")

    def answer(self, request: int) -> str:
        """What the LLM stand-in says in answer to request ``request`` (1-based)."""
        return self.answers.get(request, BOT_TEXT)

    def tts_produced(self, seconds: float) -> None:
        self.tts_seconds += seconds
        self.last_tts = time.monotonic()
        if self.first_tts is None:
            self.first_tts = self.last_tts
        self.step(f"TTS stand-in: {seconds:.2f} s of audio (request {self.tts_requests}, {self.tts_seconds:.2f} s in all)")
        self._poke()

    def audio_sent(self, seconds: float) -> None:
        if seconds > 0:
            if time.monotonic() - self.last_sent > 0.3:
                self.step(f"audio on the wire again ({self.sent_seconds:.2f} s so far)")
            self.sent_seconds += seconds
            self.last_sent = time.monotonic()
            self._poke()

    def _poke(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    # -- waiting ----------------------------------------------------------------------------------
    async def wait_bot_spoke(self, requests: int, timeout: float = 8.0, quiet: float = 0.35, stall: float = 1.5) -> bool:
        """Wait until the LLM answered ``requests`` requests (one per bot turn: a TTS that speaks each
        token or sentence serves several requests per turn), the TTS stand-in served at least as many
        and produced audio after the latest LLM request, audio reached the wire after that, and the
        bot finished speaking: the wire has been quiet for ``quiet`` seconds and
        carried at least ``1 - TOLERANCE`` of the audio the TTS produced, or it has been quiet for
        ``stall`` seconds (a mislabelled rate sends less: the audio check reports it). A pause in
        the middle of an answer, as a loaded machine makes, is not its end. Both waits are
        stretched by :func:`slack`. False on timeout."""
        scale = slack()
        deadline = time.monotonic() + timeout * scale
        while time.monotonic() < deadline:
            now = time.monotonic()
            answered = self.llm_requests >= requests and self.last_tts > self.last_llm
            if answered and self.tts_requests >= requests and self.last_sent > self.last_tts:
                silent = now - self.last_sent
                whole = self.sent_seconds >= (1 - TOLERANCE) * self.tts_seconds
                if (whole and silent >= quiet) or silent >= stall * scale:
                    return True
            await asyncio.sleep(0.05)
        return False

    # -- the scripted user -------------------------------------------------------------------------
    @staticmethod
    def user_audio(sample_rate: int) -> list[bytes]:
        """The user's turn as 20 ms chunks of 16-bit mono PCM at ``sample_rate``: speech, then silence."""
        n = int(sample_rate * CHUNK_SECONDS)
        chunks = []
        total = int(round((SPEECH_SECONDS + SILENCE_SECONDS) / CHUNK_SECONDS))
        speech = int(round(SPEECH_SECONDS / CHUNK_SECONDS))
        for i in range(total):
            if i < speech:
                t = (np.arange(n) + i * n) / sample_rate
                samples = (0.25 * 32767 * np.sin(2 * math.pi * 220 * t)).astype(np.int16)
            else:
                samples = np.zeros(n, dtype=np.int16)
            chunks.append(samples.tobytes())
        return chunks

    @staticmethod
    def speech_chunks() -> int:
        return int(round(SPEECH_SECONDS / CHUNK_SECONDS))
