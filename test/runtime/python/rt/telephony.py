"""Telephony media-stream drivers: a WebSocket that plays a provider's real handshake and media.

``bot(runner_args)`` gets :class:`WebSocketRunnerArguments` whose ``websocket`` is a
:class:`ProviderWebSocket`, the shape of a FastAPI/Starlette WebSocket that pipecat reads
(``iter_text``, ``receive``, ``send_text``/``send_bytes``, ``close``, ``client_state``,
``application_state``, ``headers``). Like the providers, it sends media every 20 ms from connect
to hang-up (silence unless the scripted caller speaks), then the provider's stop event and a
disconnect. Audio the bot sends is decoded from the provider's wire format and counted.

Message shapes follow pipecat's runner (pipecat/runner/utils.py ``_detect_transport_type_from_message``
and ``parse_telephony_websocket``) and serializers (pipecat/serializers/{twilio,telnyx,plivo,exotel}.py),
which follow each provider's media-stream documentation.
"""

import asyncio
import base64
import json

from starlette.websockets import WebSocketState

from pipecat.audio.utils import create_stream_resampler, pcm_to_ulaw
from pipecat.runner.types import WebSocketRunnerArguments

from .probe import CHUNK_SECONDS, Probe

WIRE_RATE = 8000


def _handshake(provider: str) -> list[dict]:
    """The messages a provider sends when the call's media stream opens."""
    if provider == "twilio":
        return [
            {"event": "connected", "protocol": "Call", "version": "1.0.0"},
            {
                "event": "start",
                "sequenceNumber": "1",
                "streamSid": "MZ00000000000000000000000000000001",
                "start": {
                    "accountSid": "AC00000000000000000000000000000001",
                    "streamSid": "MZ00000000000000000000000000000001",
                    "callSid": "CA00000000000000000000000000000001",
                    "tracks": ["inbound"],
                    "mediaFormat": {"encoding": "audio/x-mulaw", "sampleRate": 8000, "channels": 1},
                    "customParameters": {},
                },
            },
        ]
    if provider == "telnyx":
        return [
            {"event": "connected", "version": "1.0.0"},
            {
                "event": "start",
                "sequence_number": "1",
                "stream_id": "32de0dea-53cb-4b21-89a4-9a0ed9d6e3f0",
                "start": {
                    "call_control_id": "v3:rt-call-control-id",
                    "call_session_id": "rt-call-session",
                    "from": "+15550000001",
                    "to": "+15550000002",
                    "media_format": {"encoding": "PCMU", "sample_rate": 8000, "channels": 1},
                },
            },
        ]
    if provider == "plivo":
        # Plivo sends one "start" event, then media.
        return [
            {
                "event": "start",
                "sequenceNumber": 0,
                "start": {
                    "callId": "8a4e5a1c-0000-0000-0000-000000000001",
                    "streamId": "b7c1d2e3-0000-0000-0000-000000000001",
                    "accountId": "MA0000000000000000",
                    "tracks": ["inbound"],
                    "mediaFormat": {"encoding": "audio/x-mulaw", "sampleRate": 8000},
                },
            }
        ]
    if provider == "exotel":
        return [
            {"event": "connected"},
            {
                "event": "start",
                "sequence_number": 1,
                "stream_sid": "rt-exotel-stream",
                "start": {
                    "stream_sid": "rt-exotel-stream",
                    "call_sid": "rt-exotel-call",
                    "account_sid": "rt-exotel-account",
                    "from": "+915550000001",
                    "to": "+915550000002",
                    "custom_parameters": {},
                    "media_format": {"encoding": "raw/slin", "sample_rate": "8000", "bit_rate": "128kbps"},
                },
            },
        ]
    raise ValueError(f"unknown telephony provider {provider}")


class ProviderWebSocket:
    """A provider's end of the media stream (see the module docstring)."""

    def __init__(self, provider: str, probe: Probe):
        self.provider = provider
        self.probe = probe
        self.headers: dict[str, str] = {}
        self.client_state = WebSocketState.CONNECTED
        self.application_state = WebSocketState.CONNECTED
        self.sent_messages = 0
        self._queue: asyncio.Queue = asyncio.Queue()
        self._seq = 0
        for message in _handshake(provider):
            self._queue.put_nowait({"type": "websocket.receive", "text": json.dumps(message)})

    # -- what pipecat calls -----------------------------------------------------------------------
    async def iter_text(self):
        while True:
            message = await self._queue.get()
            if message["type"] == "websocket.disconnect":
                return
            yield message.get("text")

    async def receive(self):
        return await self._queue.get()

    async def send_text(self, data: str) -> None:
        self._count(data)

    async def send_bytes(self, data: bytes) -> None:
        self._count(data)

    async def send_json(self, data) -> None:
        self._count(json.dumps(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.application_state = WebSocketState.DISCONNECTED

    def _count(self, data) -> None:
        self.sent_messages += 1
        try:
            message = json.loads(data)
        except (TypeError, ValueError):
            return
        if message.get("event") not in ("media", "playAudio"):
            return
        payload = base64.b64decode(message["media"]["payload"])
        bytes_per_sample = 2 if self.provider == "exotel" else 1  # Exotel: 16-bit PCM; others: G.711
        self.probe.audio_sent(len(payload) / bytes_per_sample / WIRE_RATE)

    # -- what the harness calls -------------------------------------------------------------------
    async def media(self, pcm: bytes) -> None:
        """Queue one 20 ms media message carrying ``pcm`` (16-bit, 8 kHz)."""
        self._seq += 1
        if self.provider == "exotel":
            payload = pcm
        else:
            payload = await pcm_to_ulaw(pcm, WIRE_RATE, WIRE_RATE, self._resampler)
        b64 = base64.b64encode(payload).decode()
        if self.provider == "twilio":
            msg = {"event": "media", "streamSid": "MZ00000000000000000000000000000001", "media": {"track": "inbound", "chunk": str(self._seq), "timestamp": str(self._seq * 20), "payload": b64}}
        elif self.provider == "telnyx":
            msg = {"event": "media", "stream_id": "32de0dea-53cb-4b21-89a4-9a0ed9d6e3f0", "media": {"track": "inbound", "chunk": str(self._seq), "timestamp": str(self._seq * 20), "payload": b64}}
        elif self.provider == "plivo":
            msg = {"event": "media", "sequenceNumber": self._seq, "streamId": "b7c1d2e3-0000-0000-0000-000000000001", "media": {"track": "inbound", "timestamp": str(self._seq * 20), "chunk": self._seq, "payload": b64}}
        else:
            msg = {"event": "media", "sequence_number": self._seq, "stream_sid": "rt-exotel-stream", "media": {"chunk": self._seq, "timestamp": str(self._seq * 20), "payload": b64}}
        await self._queue.put({"type": "websocket.receive", "text": json.dumps(msg)})

    _resampler = None

    async def stop(self) -> None:
        """The caller hangs up: the provider's stop event, then the socket closes."""
        stop = {"event": "stop"}
        if self.provider == "twilio":
            stop.update(streamSid="MZ00000000000000000000000000000001", stop={"accountSid": "AC00000000000000000000000000000001", "callSid": "CA00000000000000000000000000000001"})
        await self._queue.put({"type": "websocket.receive", "text": json.dumps(stop)})
        self.client_state = WebSocketState.DISCONNECTED
        await self._queue.put({"type": "websocket.disconnect", "code": 1000})


class TelephonyDriver:
    """Drives one phone call over a provider's media stream (the dev runner's ``-t <provider>``)."""

    input_rate = WIRE_RATE

    def __init__(self, provider: str, call: str, probe: Probe):
        self.provider = provider
        self.call = call
        self.probe = probe
        self.ws = ProviderWebSocket(provider, probe)
        self.ws._resampler = create_stream_resampler()
        self._speech: asyncio.Queue = asyncio.Queue()
        self._pump: asyncio.Task | None = None

    async def runner_args(self):
        return WebSocketRunnerArguments(websocket=self.ws)

    async def connect(self) -> None:
        self._pump = asyncio.create_task(self._stream())

    async def client_ready(self) -> None:
        pass

    async def _stream(self) -> None:
        silence = bytes(int(WIRE_RATE * CHUNK_SECONDS) * 2)
        while True:
            try:
                chunk = self._speech.get_nowait()
            except asyncio.QueueEmpty:
                chunk = silence
            if chunk is None:
                self.probe.user_utterances += 1
                continue
            await self.ws.media(chunk)
            await asyncio.sleep(CHUNK_SECONDS)

    async def speak(self, chunks: list[bytes], speech_chunks: int) -> None:
        """Queue the caller's turn; the utterance counts as finished after its speech part."""
        for i, chunk in enumerate(chunks):
            await self._speech.put(chunk)
            if i == speech_chunks - 1:
                await self._speech.put(None)
        while not self._speech.empty():
            await asyncio.sleep(CHUNK_SECONDS)

    async def hang_up(self) -> None:
        if self._pump:
            self._pump.cancel()
        await self.ws.stop()
