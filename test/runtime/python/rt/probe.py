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
        self.user_utterances = 0  # scripted utterances finished by the driver
        self.transcripts = 0  # transcriptions the STT stand-in produced
        self.llm_requests = 0
        self.notes: list[str] = []
        self.changed = asyncio.Event()

    # -- records from the stand-ins and drivers -------------------------------------------------
    def log(self, level: str, number: int, message: str, name: str) -> None:
        if number >= 20:  # INFO and above: what the checks read (TRACE/DEBUG would only grow memory)
            self.logs.append((level, number, message, name))

    def tts_produced(self, seconds: float) -> None:
        self.tts_seconds += seconds
        self.last_tts = time.monotonic()
        self._poke()

    def audio_sent(self, seconds: float) -> None:
        if seconds > 0:
            self.sent_seconds += seconds
            self.last_sent = time.monotonic()
            self._poke()

    def _poke(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    # -- waiting ----------------------------------------------------------------------------------
    async def wait_bot_spoke(self, requests: int, timeout: float = 8.0, quiet: float = 0.35, stall: float = 1.5) -> bool:
        """Wait until the TTS stand-in served ``requests`` requests, audio reached the wire after the
        latest one, and the bot finished speaking: the wire has been quiet for ``quiet`` seconds and
        carried at least ``1 - TOLERANCE`` of the audio the TTS produced, or it has been quiet for
        ``stall`` seconds (a mislabelled rate sends less: the audio check reports it). A pause in
        the middle of an answer, as a loaded machine makes, is not its end. Both waits are
        stretched by :func:`slack`. False on timeout."""
        scale = slack()
        deadline = time.monotonic() + timeout * scale
        while time.monotonic() < deadline:
            now = time.monotonic()
            if self.tts_requests >= requests and self.last_sent > self.last_tts:
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
