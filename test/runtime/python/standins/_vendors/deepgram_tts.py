"""Deepgram's streaming TTS WebSocket (``wss://api.deepgram.com/v1/speak?model=…&encoding=…&
sample_rate=…``) as pipecat's ``DeepgramTTSService`` speaks to it (pipecat/services/deepgram/tts.py
1.8: ``_connect_websocket``, ``run_tts``, ``flush_audio``, ``on_audio_context_interrupted``,
``_receive_messages``).

Following Deepgram's "Text to Speech Streaming" reference (developers.deepgram.com/reference/
text-to-speech-api/speak-streaming): the handshake needs ``Authorization: Token <key>`` (else
HTTP 401) and a ``sample_rate`` the ``encoding`` supports (:data:`RATES`; else HTTP 400); ``Speak``
messages add text, ``Flush`` speaks what was added as binary audio at that rate and then says
``Flushed``, ``Clear`` drops what is pending and says ``Cleared``, ``Close`` ends the socket. The
handshake's response carries a ``dg-request-id`` header, which pipecat logs.
"""

import asyncio
import json
import types
import uuid
from urllib.parse import parse_qs, urlparse

#: Sample rates Deepgram's streaming TTS accepts per encoding.
RATES = {"linear16": (8000, 16000, 24000, 32000, 48000), "mulaw": (8000, 16000), "alaw": (8000, 16000)}


class SpeakSocket:
    """One ``/v1/speak`` connection's server side."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        query = parse_qs(urlparse(connection.uri).query)
        self.encoding = (query.get("encoding") or ["linear16"])[0]
        self.rate = int((query.get("sample_rate") or ["24000"])[0])
        self.text = ""
        self.sequence = 0
        self.speaking: asyncio.Task | None = None

    async def opened(self) -> None:
        from _vendors import edge

        auth = edge.header(self.connection.headers, "Authorization") or ""
        if not auth.startswith("Token ") or len(auth) <= len("Token "):
            raise edge.HandshakeRejected(401, "INVALID_AUTH")
        if self.rate not in RATES.get(self.encoding, ()):
            raise edge.HandshakeRejected(400, f"unsupported sample_rate {self.rate} for encoding {self.encoding}")
        if self.encoding != "linear16":
            raise NotImplementedError(f"the Deepgram TTS stand-in speaks linear16 only (asked for {self.encoding})")
        self.connection.response = types.SimpleNamespace(headers={"dg-request-id": str(uuid.uuid4())})

    async def received(self, message) -> None:
        msg = json.loads(message)
        kind = msg.get("type")
        if kind == "Speak":
            self.text += msg.get("text") or ""
        elif kind == "Flush":
            text, self.text = self.text, ""
            self.sequence += 1
            previous = self.speaking
            self.speaking = self.connection.spawn(self._speak(text, self.sequence, previous))
        elif kind == "Clear":
            self.text = ""
            if self.speaking and not self.speaking.done():
                self.speaking.cancel()
            self.connection.deliver({"type": "Cleared", "sequence_id": self.sequence})
        elif kind == "Close":
            await self.connection.close()
        else:
            self.connection.deliver({"type": "Warning", "description": f"Unknown message type {kind!r}", "code": "UNKNOWN_MESSAGE"})

    async def _speak(self, text: str, sequence: int, previous) -> None:
        from _vendors import edge

        if previous is not None and not previous.done():
            await asyncio.wait({previous})
        if text.strip():
            audio = edge.speech(self.rate, text)
            step = self.rate // 10 * 2  # 100 ms per message
            for i in range(0, len(audio), step):
                self.connection.deliver(audio[i : i + step])
                await asyncio.sleep(0.005)
        self.connection.deliver({"type": "Flushed", "sequence_id": sequence})
