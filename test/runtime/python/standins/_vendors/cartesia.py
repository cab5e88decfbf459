"""Cartesia's TTS WebSocket (``wss://api.cartesia.ai/tts/websocket``) as pipecat's
``CartesiaTTSService`` speaks to it (pipecat/services/cartesia/tts.py 1.8: ``_build_msg``,
``run_tts``, ``flush_audio``, ``on_audio_context_interrupted``, ``_process_messages``).

Following Cartesia's WebSocket reference (docs.cartesia.ai, "TTS WebSocket", "Contexts"):

- the handshake needs the ``X-API-Key`` and ``Cartesia-Version`` headers (else HTTP 401/400);
- a generation request carries ``context_id``, ``model_id``, ``voice`` (``mode: id`` and ``id``),
  ``transcript``, ``continue`` and ``output_format`` (``container: raw``, ``encoding``,
  ``sample_rate``); a request without them, an encoding other than ``pcm_s16le``/``pcm_f32le``/
  ``pcm_mulaw``/``pcm_alaw``, or a rate outside :data:`SAMPLE_RATES` is answered with an
  ``error`` message for that context;
- each non-empty ``transcript`` is spoken as ``chunk`` messages (base64 audio at the
  ``sample_rate`` the request named) and ``timestamps`` (word start/end seconds, counted from the
  start of the context's audio, continuations included); the context ends
  with ``done`` once a request with ``continue: false`` arrives and its audio has been sent;
- ``{"context_id", "cancel": true}`` stops that context: nothing more is sent for it.

The stand-in speaks 16-bit PCM only (``pcm_s16le``), what pipecat asks for by default.
"""

import asyncio
import base64
import json

#: Output sample rates Cartesia's ``output_format.sample_rate`` accepts (its API reference).
SAMPLE_RATES = (8000, 16000, 22050, 24000, 44100, 48000)
ENCODINGS = ("pcm_s16le", "pcm_f32le", "pcm_mulaw", "pcm_alaw")


class CartesiaSocket:
    """One connection's server side; ``connection`` is the websockets stand-in's ServerConnection."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        self.contexts: dict[str, dict] = {}

    async def opened(self) -> None:
        from _vendors import edge

        if not edge.header(self.connection.headers, "X-API-Key"):
            raise edge.HandshakeRejected(401, "missing X-API-Key")
        if not edge.header(self.connection.headers, "Cartesia-Version"):
            raise edge.HandshakeRejected(400, "missing Cartesia-Version")

    def _error(self, context_id: str, message: str) -> None:
        self.connection.deliver({"type": "error", "context_id": context_id, "status_code": 400, "done": True, "error": message})

    async def received(self, message) -> None:
        msg = json.loads(message)
        context_id = msg.get("context_id") or ""
        if msg.get("cancel"):
            ctx = self.contexts.pop(context_id, None)
            if ctx:
                ctx["cancelled"] = True
            return
        for field in ("model_id", "voice", "output_format"):
            if not msg.get(field):
                self._error(context_id, f"missing required field: {field}")
                return
        voice = msg["voice"]
        if voice.get("mode") != "id" or not voice.get("id"):
            self._error(context_id, "voice must be {mode: 'id', id: <voice id>}")
            return
        fmt = msg["output_format"]
        if fmt.get("container") != "raw" or fmt.get("encoding") not in ENCODINGS:
            self._error(context_id, f"unsupported output_format {fmt}")
            return
        if fmt.get("sample_rate") not in SAMPLE_RATES:
            self._error(context_id, f"unsupported sample_rate {fmt.get('sample_rate')}; supported: {list(SAMPLE_RATES)}")
            return
        if fmt["encoding"] != "pcm_s16le":
            raise NotImplementedError(f"the Cartesia stand-in speaks pcm_s16le only (asked for {fmt['encoding']})")
        ctx = self.contexts.setdefault(context_id, {"queue": [], "task": None, "ended": False, "cancelled": False})
        if msg.get("transcript"):
            ctx["queue"].append((msg["transcript"], fmt["sample_rate"], bool(msg.get("add_timestamps"))))
        if msg.get("continue") is False:
            ctx["ended"] = True
        if ctx["task"] is None or ctx["task"].done():
            ctx["task"] = self.connection.spawn(self._speak(context_id, ctx))

    async def _speak(self, context_id: str, ctx: dict) -> None:
        from _vendors import edge

        while ctx["queue"] and not ctx["cancelled"]:
            text, rate, timestamps = ctx["queue"].pop(0)
            audio = edge.speech(rate, text)
            seconds = len(audio) / 2 / rate
            # A context is one continuous stream: its word times count from the context's start.
            offset = ctx.get("offset", 0.0)
            ctx["offset"] = offset + seconds
            if timestamps:
                words = text.split()
                starts = [offset + seconds * i / len(words) for i in range(len(words))]
                ends = starts[1:] + [offset + seconds]
                self.connection.deliver({"type": "timestamps", "context_id": context_id, "status_code": 206, "done": False,
                                         "word_timestamps": {"words": words, "start": starts, "end": ends}})
            step = rate // 10 * 2  # 100 ms per chunk
            for i in range(0, len(audio), step):
                if ctx["cancelled"]:
                    return
                self.connection.deliver({"type": "chunk", "context_id": context_id, "status_code": 206, "done": False,
                                         "data": base64.b64encode(audio[i : i + step]).decode(), "step_time": 10})
                await asyncio.sleep(0.005)
        if ctx["ended"] and not ctx["cancelled"]:
            self.contexts.pop(context_id, None)
            self.connection.deliver({"type": "done", "context_id": context_id, "status_code": 200, "done": True})
