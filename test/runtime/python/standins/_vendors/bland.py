"""Bland's realtime TTS socket (``wss://api.bland.ai/v2/tts/ws``), as pipecat 1.8's BlandTTSService
speaks to it (pipecat/services/bland/tts.py; docs.bland.ai/api-v2/post/tts-ws).

- ``init`` (voice, ``audio.encoding``, ``audio.sample_rate``) is answered with ``ready`` naming that
  encoding and rate; an encoding other than ``pcm_s16le`` or a rate Bland does not synthesise
  (:data:`RATES`) is an ``error``.
- ``speak`` appends a text delta to its ``context_id``'s turn (pipecat sends one per token by
  default). Bland "buffers incoming text, finds useful speech boundaries, and starts returning audio
  before the turn is complete" (docs.bland.ai/tts/realtime-concepts): each sentence is spoken once
  text after its final punctuation shows it complete. A turn's audio (binary messages, 16-bit PCM
  at the session's rate, 100 ms each) follows its ``utterance_start``; ``end_of_turn`` speaks the
  rest, then ``utterance_end`` with reason ``complete``. A turn with no text ends at once.
- ``cancel`` stops the turn it names: its unsent audio is dropped and ``utterance_end`` says
  ``cancelled``. A ``speak`` for a new ``context_id`` preempts the active turn the same way, with
  reason ``preempted``.
- ``close`` is answered with ``done``.

Each sentence spoken is one TTS answer of the harness (``edge.speech``).
"""

import asyncio
import json
import re

#: Sample rates Bland synthesises (pipecat/services/bland/tts.py _resolve_sample_rate).
RATES = (8000, 16000, 24000, 44100, 48000)


#: The end of a sentence, once text after it shows the sentence complete.
SENTENCE_END = re.compile(r"[.!?]+\s+(?=\S)")


class BlandSocket:
    """One session's server side."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        self.rate: int | None = None
        #: The active turn's context_id and the text of it not yet spoken.
        self.turn: str | None = None
        self.text = ""
        self.started = False
        #: The turn whose item the worker is on.
        self.current: str | None = None
        self.work: asyncio.Queue = asyncio.Queue()
        self.worker: asyncio.Task | None = None

    async def received(self, message) -> None:
        if not isinstance(message, str):
            return
        msg = json.loads(message)
        kind = msg.get("type")
        context = msg.get("context_id") or ""
        if kind == "init":
            audio = msg.get("audio") or {}
            if audio.get("encoding") != "pcm_s16le" or audio.get("sample_rate") not in RATES:
                self.connection.deliver({"type": "error", "code": "invalid_audio", "message": f"unsupported audio {audio}"})
                return
            self.rate = audio["sample_rate"]
            self.connection.deliver({"type": "ready", "session_id": "rt-bland-session", "encoding": audio["encoding"], "sample_rate": self.rate})
        elif kind == "speak":
            if self.turn is not None and context != self.turn:
                self._stop("preempted")
            self.turn = context
            self.text += msg.get("text") or ""
            while m := SENTENCE_END.search(self.text):
                sentence, self.text = self.text[: m.end()], self.text[m.end() :]
                self._put(("speak", context, sentence))
        elif kind == "end_of_turn":
            if context != self.turn:
                # A turn with no text (or one already over) ends at once.
                self._put(("start", context, None))
                self._put(("end", context, None))
                return
            if self.text.strip():
                self._put(("speak", context, self.text))
            self._put(("start", context, None))
            self._put(("end", context, None))
            self.turn, self.text = None, ""
        elif kind == "cancel":
            if context == self.turn or self._queued(context):
                self._stop("cancelled", context)
        elif kind == "close":
            self.connection.deliver({"type": "done", "session_id": "rt-bland-session"})

    def _queued(self, context: str) -> bool:
        busy = self.worker is not None and not self.worker.done()
        return (busy and self.current == context) or any(c == context for _, c, _ in list(self.work._queue))

    def _stop(self, reason: str, context: str | None = None) -> None:
        """End the active turn early: drop what it has not sent and say why."""
        context = context if context is not None else self.turn
        if self.worker is not None:
            self.worker.cancel()
            self.worker = None
        self.work = asyncio.Queue()
        self.turn, self.text, self.started = None, "", False
        self.connection.deliver({"type": "utterance_end", "context_id": context, "reason": reason})

    def _put(self, item) -> None:
        self.work.put_nowait(item)
        if self.worker is None or self.worker.done():
            self.worker = self.connection.spawn(self._run(self.work))

    async def _run(self, work: asyncio.Queue) -> None:
        from _vendors import edge

        while not work.empty():
            kind, context, text = work.get_nowait()
            self.current = context
            if not self.started:
                self.started = True
                self.connection.deliver({"type": "utterance_start", "context_id": context})
            if kind == "end":
                self.started = False
                self.connection.deliver({"type": "utterance_end", "context_id": context, "reason": "complete"})
            elif kind == "speak" and text.strip() and self.rate:
                audio = edge.speech(self.rate, text)
                step = self.rate // 10 * 2  # 100 ms per message
                for i in range(0, len(audio), step):
                    self.connection.deliver(audio[i : i + step])
                    await asyncio.sleep(0.005)
