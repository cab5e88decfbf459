"""ElevenLabs' multi-context TTS WebSocket
(``wss://api.elevenlabs.io/v1/text-to-speech/{voice_id}/multi-stream-input?model_id=…&output_format=…``)
as pipecat's ``ElevenLabsTTSService`` speaks to it (pipecat/services/elevenlabs/tts.py and
tts_base.py 1.8: ``_build_websocket_url``, ``_send_context_init``, ``_send_text``, ``flush_audio``,
``_close_context``, ``_send_keepalive``, ``_receive_messages``).

Following ElevenLabs' "Multi-Context WebSocket" reference (elevenlabs.io/docs/api-reference/
text-to-speech/v-1-text-to-speech-voice-id-multi-stream-input):

- the handshake needs the ``xi-api-key`` header (else HTTP 401) and a known ``output_format``
  (:data:`OUTPUT_FORMATS`; else HTTP 400); ``pcm_<rate>`` is 16-bit mono PCM at that rate;
- a context opens with its first message (``{"text": " ", "context_id"}``); text is spoken at once
  with ``auto_mode=true``, else when ``flush`` or ``close_context`` arrives; each utterance is
  ``{"audio", "alignment", "contextId"}`` messages at the ``output_format`` rate (alignment:
  ``chars``, ``charStartTimesMs``, ``charDurationsMs``);
- ``close_context`` ends the context with ``{"isFinal": true, "contextId"}`` after its audio; a
  context closed while speaking stops at once; ``{"text": ""}`` keeps the socket alive.

The stand-in speaks ``pcm_*`` formats only.
"""

import asyncio
import base64
import json
from urllib.parse import parse_qs, urlparse

#: output_format values of ElevenLabs' API reference that carry raw samples, and their rates.
OUTPUT_FORMATS = {f"pcm_{r}": r for r in (8000, 16000, 22050, 24000, 32000, 44100, 48000)} | {"ulaw_8000": 8000, "alaw_8000": 8000}


class ElevenLabsSocket:
    """One connection's server side; ``connection`` is the websockets stand-in's ServerConnection."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        query = parse_qs(urlparse(connection.uri).query)
        self.output_format = (query.get("output_format") or ["mp3_44100_128"])[0]
        self.auto_mode = (query.get("auto_mode") or ["false"])[0] == "true"
        self.contexts: dict[str, dict] = {}

    async def opened(self) -> None:
        from _vendors import edge

        if not edge.header(self.connection.headers, "xi-api-key"):
            raise edge.HandshakeRejected(401, "missing xi-api-key")
        if self.output_format not in OUTPUT_FORMATS:
            raise edge.HandshakeRejected(400, f"invalid output_format {self.output_format}")
        if not self.output_format.startswith("pcm_"):
            raise NotImplementedError(f"the ElevenLabs stand-in speaks pcm_* only (asked for {self.output_format})")

    async def received(self, message) -> None:
        msg = json.loads(message)
        context_id = msg.get("context_id") or "default"
        if msg.get("close_socket"):
            await self.connection.close()
            return
        ctx = self.contexts.get(context_id)
        if msg.get("close_context"):
            if ctx:
                ctx["closing"] = True
                if not ctx["text"].strip() and (ctx["task"] is None or ctx["task"].done()):
                    self._final(context_id)
            return
        text = msg.get("text")
        if text is None and not msg.get("flush"):
            return
        if ctx is None:
            if text == "" and "context_id" not in msg:
                return  # a keepalive for the socket
            ctx = self.contexts[context_id] = {"text": "", "task": None, "closing": False, "pending": []}
        if text and text.strip():
            ctx["text"] += text
        if ctx["text"].strip() and (self.auto_mode or msg.get("flush")):
            ctx["pending"].append(ctx["text"])
            ctx["text"] = ""
            if ctx["task"] is None or ctx["task"].done():
                ctx["task"] = self.connection.spawn(self._speak(context_id, ctx))

    def _final(self, context_id: str) -> None:
        self.contexts.pop(context_id, None)
        self.connection.deliver({"isFinal": True, "contextId": context_id})

    async def _speak(self, context_id: str, ctx: dict) -> None:
        from _vendors import edge

        rate = OUTPUT_FORMATS[self.output_format]
        while ctx["pending"]:
            text = ctx["pending"].pop(0).strip()
            audio = edge.speech(rate, text)
            step = rate // 10 * 2  # 100 ms per message
            pieces = [audio[i : i + step] for i in range(0, len(audio), step)]
            per_char = len(audio) / 2 / rate * 1000 / max(1, len(text))
            for n, piece in enumerate(pieces):
                chars = list(text) if n == 0 else []
                alignment = {"chars": chars, "charStartTimesMs": [int(i * per_char) for i in range(len(chars))], "charDurationsMs": [int(per_char)] * len(chars)}
                message = {"audio": base64.b64encode(piece).decode(), "contextId": context_id}
                if chars:
                    message["alignment"] = alignment
                self.connection.deliver(message)
                await asyncio.sleep(0.005)
        if ctx["closing"]:
            self._final(context_id)
