"""Cartesia's STT WebSocket (``wss://api.cartesia.ai/stt/websocket?model=…&language=…&encoding=…&
sample_rate=…``) as pipecat's ``CartesiaSTTService`` speaks to it (pipecat/services/cartesia/stt.py
1.8: ``_connect_websocket``, ``run_stt``, ``process_frame`` sending ``finalize`` when its VAD hears
the end of speech, ``_disconnect_websocket`` sending ``done``, ``_process_response``).

Following Cartesia's "Speech-to-Text WebSocket" reference (docs.cartesia.ai): the handshake needs
``X-API-Key`` and ``Cartesia-Version`` (else HTTP 401/400), a ``model`` and an ``encoding`` it knows
(:data:`ENCODINGS`; else HTTP 400). Binary messages are audio in that encoding at ``sample_rate``;
the text command ``finalize`` flushes what was heard as a final ``transcript`` (``is_final``) and
answers ``flush_done``; ``done`` ends the session with ``done``. Speech heard for 0.3 s gets an
interim transcript first. Only speech that was sent is transcribed (the scripted user's words);
results arrive :data:`RESULT_LATENCY_SECONDS` after the audio or command that settled them.
"""

import asyncio
import uuid
from urllib.parse import parse_qs, urlparse

ENCODINGS = ("pcm_s16le", "pcm_s32le", "pcm_f16le", "pcm_f32le", "pcm_mulaw", "pcm_alaw")
SPEECH_RMS = 1000.0
INTERIM_AFTER_SECONDS = 0.3
RESULT_LATENCY_SECONDS = 0.1


class CartesiaSTTSocket:
    """One ``/stt/websocket`` connection's server side."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        query = parse_qs(urlparse(connection.uri).query)
        self.model = (query.get("model") or [""])[0]
        self.language = (query.get("language") or ["en"])[0]
        self.encoding = (query.get("encoding") or [""])[0]
        self.rate = int((query.get("sample_rate") or ["16000"])[0])
        self.request_id = str(uuid.uuid4())
        self.speech = 0.0
        self.pending = False
        self.interim_sent = False

    async def opened(self) -> None:
        from _vendors import edge

        if not edge.header(self.connection.headers, "X-API-Key"):
            raise edge.HandshakeRejected(401, "missing X-API-Key")
        if not edge.header(self.connection.headers, "Cartesia-Version"):
            raise edge.HandshakeRejected(400, "missing Cartesia-Version")
        if not self.model or self.encoding not in ENCODINGS:
            raise edge.HandshakeRejected(400, f"invalid model {self.model!r} or encoding {self.encoding!r}")
        if self.encoding != "pcm_s16le":
            raise NotImplementedError(f"the Cartesia STT stand-in listens to pcm_s16le only (asked for {self.encoding})")

    def _later(self, message: dict) -> None:
        asyncio.get_running_loop().call_later(RESULT_LATENCY_SECONDS, self.connection.deliver, message)

    def _transcript(self, text: str, is_final: bool) -> None:
        self._later({"type": "transcript", "request_id": self.request_id, "text": text, "is_final": is_final,
                     "duration": self.speech, "language": self.language, "words": []})

    async def received(self, message) -> None:
        from _vendors import edge
        from rt.probe import USER_TEXT
        from rt.services import level

        if isinstance(message, (bytes, bytearray)):
            if level(bytes(message)) >= SPEECH_RMS:
                if not self.pending:
                    self.pending, self.speech, self.interim_sent = True, 0.0, False
                self.speech += len(message) / 2 / self.rate
                if not self.interim_sent and self.speech >= INTERIM_AFTER_SECONDS:
                    self.interim_sent = True
                    self._transcript(" ".join(USER_TEXT.split()[:2]), False)
            return
        if message == "finalize":
            if self.pending:
                self.pending = False
                edge.transcript()
                self._transcript(USER_TEXT, True)
            self._later({"type": "flush_done", "request_id": self.request_id})
        elif message == "done":
            self._later({"type": "done", "request_id": self.request_id})
        else:
            self.connection.deliver({"type": "error", "request_id": self.request_id, "message": f"unknown command {message!r}"})
