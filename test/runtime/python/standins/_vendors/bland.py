"""Bland's realtime TTS socket (``wss://api.bland.ai/v2/tts/ws``), as pipecat 1.8's BlandTTSService
speaks to it (pipecat/services/bland/tts.py; docs.bland.ai/api-v2/post/tts-ws).

- ``init`` (voice, ``audio.encoding``, ``audio.sample_rate``) is answered with ``ready`` naming that
  encoding and rate; an encoding other than ``pcm_s16le`` or a rate Bland does not synthesise
  (:data:`RATES`) is an ``error``.
- ``speak`` appends a text delta to its ``context_id``'s turn (pipecat sends one per token by
  default); ``end_of_turn`` makes the turn speak: ``utterance_start``, the audio as binary messages
  (16-bit PCM at the session's rate, 100 ms each), then ``utterance_end`` with reason ``complete``.
  A turn with no text ends at once.
- ``close`` is answered with ``done``.

The audio is one TTS answer of the harness (``edge.speech``), counted once per turn.
"""

import asyncio
import json

#: Sample rates Bland synthesises (pipecat/services/bland/tts.py _resolve_sample_rate).
RATES = (8000, 16000, 24000, 44100, 48000)


class BlandSocket:
    """One session's server side."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        self.rate: int | None = None
        self.turns: dict[str, str] = {}
        self.speaking: asyncio.Task | None = None

    async def received(self, message) -> None:
        if not isinstance(message, str):
            return
        msg = json.loads(message)
        kind = msg.get("type")
        if kind == "init":
            audio = msg.get("audio") or {}
            if audio.get("encoding") != "pcm_s16le" or audio.get("sample_rate") not in RATES:
                self.connection.deliver({"type": "error", "code": "invalid_audio", "message": f"unsupported audio {audio}"})
                return
            self.rate = audio["sample_rate"]
            self.connection.deliver({"type": "ready", "session_id": "rt-bland-session", "encoding": audio["encoding"], "sample_rate": self.rate})
        elif kind == "speak":
            context = msg.get("context_id") or ""
            self.turns[context] = self.turns.get(context, "") + (msg.get("text") or "")
        elif kind == "end_of_turn":
            context = msg.get("context_id") or ""
            text = self.turns.pop(context, "")
            previous = self.speaking
            self.speaking = self.connection.spawn(self._speak(context, text, previous))
        elif kind == "close":
            self.connection.deliver({"type": "done", "session_id": "rt-bland-session"})

    async def _speak(self, context: str, text: str, previous) -> None:
        from _vendors import edge

        if previous is not None and not previous.done():
            await asyncio.wait({previous})
        self.connection.deliver({"type": "utterance_start", "context_id": context})
        if text.strip() and self.rate:
            audio = edge.speech(self.rate, text)
            step = self.rate // 10 * 2  # 100 ms per message
            for i in range(0, len(audio), step):
                self.connection.deliver(audio[i : i + step])
                await asyncio.sleep(0.005)
        self.connection.deliver({"type": "utterance_end", "context_id": context, "reason": "complete"})
