"""Tavus's side of a conversation, as pipecat 1.7.0's Tavus code uses it.

pipecat/transports/tavus/transport.py (``TavusApi``, ``TavusTransportClient``) and
pipecat/services/tavus/video.py (``TavusVideoService``) rely on:

- ``POST https://tavusapi.com/v2/conversations`` (header ``x-api-key``, JSON ``replica_id`` and
  ``persona_id``) answering ``conversation_id`` and ``conversation_url``, a Daily room
  (transport.py ``TavusApi.create_conversation`` / ``TavusTransportClient._initialize``, l. 78-104
  and 227-231); ``POST .../conversations/{id}/end`` (l. 106-118); ``GET /v2/personas/{id}``
  answering ``persona_name`` (l. 120-137, only ``TavusTransport`` asks).
- The bot joins that room as a plain Daily client and the replica joins after it: pipecat only
  starts capturing on ``on_participant_joined`` of the first other participant (video.py
  ``_on_participant_joined``, l. 147-160), asking for its camera (RGB, l. 352-371) and its
  microphone at the pipeline's output rate. Echo messages pipecat sends before its join completes
  wait in ``DailyTransportClient._join_message_queue`` and go out right after it, so the replica
  is modelled as joining the moment the bot is in the room (its ``on_participant_joined`` reaches
  the bot just after the join completes): a replica still booting then would miss the greeting.
- The bot speaks through app messages, ``message_type: "conversation"``:
  ``conversation.echo`` with ``properties.audio`` (base64 16-bit mono PCM at
  ``properties.sample_rate``), ``inference_id`` and ``done`` (transport.py
  ``encode_audio_and_send``, l. 436-461; 100 ms chunks, then 40 ms of silence with ``done``,
  l. 520-574), and ``conversation.interrupt`` (l. 425-434).

The replica here plays what it is sent on its microphone in real time (as Opus in Daily: 48 kHz)
and shows a face on its camera whose mouth opens while that audio is not silent; an interrupt
drops what it has not played yet. Tavus's own rendering latency is not modelled. Conversation
URLs are rooms of the ``daily`` stand-in (``daily._service``), opened beside the session's room.
"""

import base64
import threading
import time
import uuid

import numpy as np
from daily import _service

#: The replica's microphone reaches Daily as 48 kHz Opus.
REPLICA_RATE = 48000
#: The replica's camera: (width, height, frames per second); Tavus streams 720p (pipecat's Tavus
#: example, examples/foundational/21a-tavus-video-service.py, sizes its output 1280x720).
REPLICA_CAMERA = (1280, 720, 25)
ROOM_DOMAIN = "https://tavus.daily.co"

_conversations: dict[str, "Conversation"] = {}
_lock = threading.Lock()


class Replica(_service.RemoteParticipant):
    """The replica: a Daily participant that speaks the conversation's echo audio."""

    def __init__(self, conversation: "Conversation"):
        super().__init__(conversation.room, conversation.persona_name, REPLICA_RATE, kind="service")
        self.camera = REPLICA_CAMERA
        self.conversation = conversation
        self.level = 0.0  # RMS (0..1) of the audio it streamed last
        self.echoes = 0  # conversation.echo messages received
        self.utterances = 0  # echo messages with done
        self.interrupts = 0
        self._partial = bytearray()  # echo audio short of a whole 20 ms chunk
        self._frames: dict = {}

    # -- what the bot sends -------------------------------------------------------------------------
    def app_message(self, message, sender_id: str) -> None:
        if not isinstance(message, dict) or message.get("message_type") != "conversation":
            return
        if message.get("conversation_id") != self.conversation.id:
            return
        event = message.get("event_type")
        if event == "conversation.echo":
            props = message.get("properties") or {}
            if props.get("modality") != "audio":
                return
            self.echoes += 1
            rate = int(props.get("sample_rate") or 0)
            if rate <= 0:
                _service.report(f"Tavus conversation.echo without a sample_rate: {sorted(props)}")
                return
            pcm = base64.b64decode(props.get("audio") or "")
            self._partial += _service.resample(pcm, rate, REPLICA_RATE)
            size = int(REPLICA_RATE * _service.TICK) * 2
            whole = len(self._partial) - len(self._partial) % size
            if props.get("done"):
                self.utterances += 1
                whole = len(self._partial)
            chunks = [bytes(self._partial[i : i + size]) for i in range(0, whole, size)]
            del self._partial[:whole]
            self.play(chunks)
        elif event == "conversation.interrupt":
            self.interrupts += 1
            self._partial.clear()
            self.clear()

    # -- what the replica sends ---------------------------------------------------------------------
    def _next_chunk(self):
        chunk, marks = super()._next_chunk()
        samples = np.frombuffer(chunk, dtype=np.int16).astype(np.float32)
        self.level = float(np.sqrt(np.mean(samples**2))) / 32768.0 if samples.size else 0.0
        return chunk, marks

    def camera_frame(self, width: int, height: int, color_format: str) -> bytes:
        talking = self.level > 0.001
        key = (width, height, color_format, talking)
        frame = self._frames.get(key)
        if frame is None:
            frame = self._frames[key] = _face(width, height, color_format, talking)
        return frame


def _face(width: int, height: int, color_format: str, talking: bool) -> bytes:
    """A face on a dark background, mouth open while talking, in ``color_format`` (RGB, RGBA, BGRA...)."""
    y, x = np.mgrid[0:height, 0:width]
    cx, cy, r = width / 2, height / 2, min(width, height) * 0.4
    rgb = np.zeros((height, width, 3), dtype=np.uint8)
    rgb[...] = (30, 34, 48)
    rgb[(x - cx) ** 2 + (y - cy) ** 2 < r**2] = (222, 184, 150)
    mouth = (abs(x - cx) < r * 0.35) & (abs(y - (cy + r * 0.45)) < (r * 0.12 if talking else r * 0.02))
    rgb[mouth] = (120, 30, 40)
    channels = {"R": rgb[..., 0], "G": rgb[..., 1], "B": rgb[..., 2], "A": np.full((height, width), 255, dtype=np.uint8)}
    return np.stack([channels[c] for c in color_format.upper()], axis=-1).tobytes()


class Conversation:
    """One Tavus conversation: its Daily room, and the replica once the bot is in the room."""

    def __init__(self, replica_id: str, persona_id: str):
        self.id = "c" + uuid.uuid4().hex[:12]
        self.replica_id = replica_id
        self.persona_id = persona_id
        self.persona_name = persona_name(persona_id)
        self.url = f"{ROOM_DOMAIN}/{self.id}"
        self.room = _service.open_room(self.url, exclusive=False)
        self.replica: Replica | None = None
        self.ended = False
        self.room.on_attach.append(self._client_joined)

    def _client_joined(self, client) -> None:
        if self.replica is None and not self.ended:
            self.replica = Replica(self)
            self.room.join(self.replica)

    def end(self) -> None:
        self.ended = True
        if self.replica is not None and self.replica.id in self.room.participants:
            self.room.remove_participant(self.replica)
        self.room.close()


def persona_name(persona_id: str) -> str:
    """The persona's name (``pipecat0`` is the persona that speaks the bot's own TTS)."""
    return "Pipecat" if persona_id == "pipecat0" else f"Persona {persona_id}"


def _unauthorized(request):
    if not request.header("x-api-key"):
        return 401, {"message": "Invalid access token"}
    return None


# -- REST handlers (standins/aiohttp ROUTES) ----------------------------------------------------------
def create_conversation(request):
    """``POST /v2/conversations``."""
    denied = _unauthorized(request)
    if denied:
        return denied
    body = request.json if isinstance(request.json, dict) else {}
    if not body.get("replica_id"):
        return 400, {"message": "replica_id is required"}
    conversation = Conversation(body["replica_id"], body.get("persona_id") or "pipecat0")
    with _lock:
        _conversations[conversation.id] = conversation
    return {
        "conversation_id": conversation.id,
        "conversation_name": f"Conversation {conversation.id}",
        "status": "active",
        "conversation_url": conversation.url,
        "replica_id": conversation.replica_id,
        "persona_id": conversation.persona_id,
        "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def end_conversation(request):
    """``POST /v2/conversations/{id}/end``: the replica leaves and the room closes."""
    denied = _unauthorized(request)
    if denied:
        return denied
    conversation_id = request.url.rstrip("/").split("/")[-2]
    with _lock:
        conversation = _conversations.pop(conversation_id, None)
    if conversation is None:
        return 404, {"message": f"conversation {conversation_id} not found"}
    conversation.end()
    return {}


def get_persona(request):
    """``GET /v2/personas/{id}``."""
    denied = _unauthorized(request)
    if denied:
        return denied
    persona_id = request.url.rstrip("/").rsplit("/", 1)[-1]
    return {"persona_id": persona_id, "persona_name": persona_name(persona_id), "pipeline_mode": "echo"}


def conversations() -> dict[str, Conversation]:
    """Conversations not ended yet (for the harness)."""
    with _lock:
        return dict(_conversations)
