"""Browser WebSocket driver: pipecat's JS ``WebSocketTransport`` against the runner's ``/ws-client``.

``bot(runner_args)`` gets :class:`WebSocketRunnerArguments` with ``transport_type="websocket"``,
built the way the development runner builds them for a browser that opened ``/ws-client``
(pipecat/runner/run.py ``_run_websocket_bot``, after the runner accepted the socket). Its
``websocket`` is a :class:`BrowserWebSocket`: the shape of a FastAPI/Starlette WebSocket that
pipecat's ``FastAPIWebsocketTransport`` reads (``receive``, ``send_bytes``/``send_text``, ``close``,
``client_state``, ``application_state``, ``headers``). The browser's side follows
``@pipecat-ai/websocket-transport`` 1.7 (``WebSocketTransport``, ``ProtobufFrameSerializer``):

- once connected, the RTVI client sends ``client-ready`` as a protobuf ``message`` frame whose
  ``data`` is the RTVI message's JSON. A web bot starts talking on ``client-ready``, not on connect
  (a phone caller has no RTVI client): the driver waits up to :data:`READY_DELAY` seconds before
  sending it, and audio that reaches the browser before it fails the session (the bot took the
  browser for a phone call, both being ``WebSocketRunnerArguments``);
- then the microphone streams ``audio`` frames of 512 samples of 16-bit mono PCM at 16 kHz
  (``RECORDER_SAMPLE_RATE``; the transport queues audio until the client is ready);
- the bot's ``audio`` frames are played at 24 kHz (``PLAYER_SAMPLE_RATE``) whatever rate they
  carry, so the audio counted on the wire is ``samples / 24000``: a bot that sends another rate
  shows up as audio that does not last as long as the TTS produced;
- hanging up closes the socket.

The wire format is a stand-in: pipecat's ``frames_pb2`` needs the protobuf runtime, which the
runtime tier fakes, so :func:`install_frame_messages` gives ``pipecat.frames.protobufs.frames_pb2``
message classes built from pipecat's own ``frames.proto`` (fields, types, the ``frame`` oneof) that
encode to JSON instead of protobuf. pipecat's ``ProtobufFrameSerializer`` code runs unchanged on
them, and the browser here encodes and decodes with the same classes; only the bytes differ.
"""

import asyncio
import base64
import json
import os
import re
import uuid

from starlette.websockets import WebSocketState

from pipecat.runner.types import WebSocketRunnerArguments

from .probe import Probe

#: ``WebSocketTransport.RECORDER_SAMPLE_RATE`` and ``PLAYER_SAMPLE_RATE`` of @pipecat-ai/websocket-transport 1.7.
RECORDER_RATE = 16000
PLAYER_RATE = 24000
#: The media manager hands the transport 512-sample microphone chunks (``recorderChunkSize``).
MIC_CHUNK_SAMPLES = 512
#: Seconds the browser waits after connecting before RTVI client-ready (or until bot audio arrives).
READY_DELAY = 1.0
#: RTVI protocol version the browser's client announces (same major as pipecat 1.7.0's 2.1.0).
RTVI_CLIENT_VERSION = "2.1.0"


# -- the frames.proto stand-in --------------------------------------------------------------------
class _Field:
    def __init__(self, name: str, type_name: str):
        self.name = name
        self.type_name = type_name

    def default(self):
        if self.type_name == "bytes":
            return b""
        if self.type_name == "string":
            return ""
        if self.type_name in ("uint32", "uint64", "int32", "int64"):
            return 0
        return None  # a message type: created on first access


class _MessageType:
    def __init__(self, name: str, fields: list[_Field]):
        self.name = name
        self.fields = fields
        self.fields_by_name = {f.name: f for f in fields}


class _FieldDescriptor:
    def __init__(self, name: str):
        self.name = name
        self.message_type: _MessageType | None = None  # set for message-typed fields


class _Descriptor:
    """What pipecat reads of a message descriptor: ``fields_by_name[name].message_type.fields``."""

    def __init__(self, message_type: _MessageType):
        self.fields_by_name = {f.name: _FieldDescriptor(f.name) for f in message_type.fields}


def _parse_proto(text: str) -> tuple[dict[str, _MessageType], dict[str, list[str]]]:
    """Messages (fields in order) and oneofs (message name -> oneof member names) of a proto3 file."""
    messages: dict[str, _MessageType] = {}
    oneofs: dict[str, list[str]] = {}
    text = re.sub(r"//[^\n]*", "", text)
    for m in re.finditer(r"message\s+(\w+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}", text):
        name, body = m.group(1), m.group(2)
        fields = [_Field(f.group(3), f.group(2)) for f in re.finditer(r"(optional\s+)?(\w+)\s+(\w+)\s*=\s*\d+\s*;", body)]
        messages[name] = _MessageType(name, fields)
        for o in re.finditer(r"oneof\s+\w+\s*\{([^{}]*)\}", body):
            oneofs[name] = [f.group(2) for f in re.finditer(r"(\w+)\s+(\w+)\s*=\s*\d+\s*;", o.group(1))]
    return messages, oneofs


def _message_class(mtype: _MessageType, registry: dict, oneof: list[str]):
    """A class with protobuf's message API as pipecat's serializer uses it, encoding to JSON."""

    class Message:
        DESCRIPTOR_TYPE = mtype

        def __init__(self, **values):
            object.__setattr__(self, "_values", {})
            object.__setattr__(self, "_which", None)
            for k, v in values.items():
                setattr(self, k, v)

        def __getattr__(self, name):
            field = mtype.fields_by_name.get(name)
            if field is None:
                raise AttributeError(name)
            values = object.__getattribute__(self, "_values")
            if name not in values:
                if field.type_name in registry:
                    child = registry[field.type_name]()
                    object.__setattr__(child, "_parent", (self, name))
                    values[name] = child
                else:
                    return field.default()
            return values[name]

        def __setattr__(self, name, value):
            if name not in mtype.fields_by_name:
                raise AttributeError(f"{mtype.name} has no field {name}")
            self._values[name] = value
            if name in type(self).ONEOF:
                object.__setattr__(self, "_which", name)
            if name in type(self).ONEOF or type(value) in registry.values():
                object.__setattr__(value, "_parent", (self, name))
            self._touched()

        def _touched(self):
            parent = self.__dict__.get("_parent")
            if parent is not None:
                owner, field = parent
                if field in getattr(type(owner), "ONEOF", ()):
                    object.__setattr__(owner, "_which", field)
                owner._touched()

        def WhichOneof(self, _group):  # noqa: N802 - protobuf's name
            return self._which

        def to_json(self):
            out = {}
            for field in mtype.fields:
                if field.name not in self._values:
                    continue
                value = self._values[field.name]
                if field.type_name in registry:
                    if field.name in oneof and self._which != field.name:
                        continue
                    out[field.name] = value.to_json()
                elif field.type_name == "bytes":
                    out[field.name] = base64.b64encode(bytes(value)).decode()
                else:
                    out[field.name] = value
            return out

        @classmethod
        def from_json(cls, data):
            msg = cls()
            for name, value in data.items():
                field = mtype.fields_by_name[name]
                if field.type_name in registry:
                    child = registry[field.type_name].from_json(value)
                    object.__setattr__(child, "_parent", (msg, name))
                    msg._values[name] = child
                    if name in oneof:
                        object.__setattr__(msg, "_which", name)
                elif field.type_name == "bytes":
                    msg._values[name] = base64.b64decode(value)
                else:
                    msg._values[name] = value
            return msg

        def SerializeToString(self):  # noqa: N802 - protobuf's name
            return json.dumps(self.to_json()).encode()

        @classmethod
        def FromString(cls, data):  # noqa: N802 - protobuf's name
            return cls.from_json(json.loads(bytes(data).decode()))

    Message.ONEOF = tuple(oneof)
    Message.__name__ = Message.__qualname__ = mtype.name
    return Message


def install_frame_messages() -> dict:
    """Put stand-in message classes for every message of pipecat's ``frames.proto`` into
    ``pipecat.frames.protobufs.frames_pb2`` (see the module docstring); returns them by name."""
    import pipecat.frames as frames_pkg
    import pipecat.frames.protobufs.frames_pb2 as frames_pb2

    if getattr(frames_pb2, "_rt_standin", None):
        return frames_pb2._rt_standin
    with open(os.path.join(os.path.dirname(frames_pkg.__file__), "frames.proto"), encoding="utf-8") as f:
        messages, oneofs = _parse_proto(f.read())
    registry: dict = {}
    for name, mtype in messages.items():
        registry[name] = _message_class(mtype, registry, oneofs.get(name, []))
    for name, cls in registry.items():
        cls.DESCRIPTOR = _Descriptor(messages[name])
        setattr(frames_pb2, name, cls)
    # fields_by_name[...].message_type must point at the member's type, which needs every class.
    for name, cls in registry.items():
        for field in messages[name].fields:
            if field.type_name in registry:
                cls.DESCRIPTOR.fields_by_name[field.name].message_type = messages[field.type_name]
    frames_pb2._rt_standin = registry
    return registry


# -- the browser's socket, as pipecat sees it -----------------------------------------------------
class BrowserWebSocket:
    """The runner's accepted ``/ws-client`` WebSocket with the browser at the other end."""

    def __init__(self, probe: Probe, messages: dict):
        self.probe = probe
        self.messages = messages
        self.headers: dict[str, str] = {}
        self.client_state = WebSocketState.CONNECTED
        self.application_state = WebSocketState.CONNECTED
        self.rtvi_received: list[str] = []
        self.audio_frames = 0
        self.frame_rates: set[int] = set()
        self.other_frames: dict[str, int] = {}
        self.ready = False
        self.early_audio = 0
        self._queue: asyncio.Queue = asyncio.Queue()

    # -- what pipecat calls -----------------------------------------------------------------------
    async def receive(self):
        return await self._queue.get()

    async def send_bytes(self, data: bytes) -> None:
        self._play(self.messages["Frame"].FromString(data))

    async def send_text(self, data: str) -> None:
        self.probe.notes.append(f"problem: the bot sent a text message the protobuf client cannot read: {data[:80]}")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.application_state = WebSocketState.DISCONNECTED

    # -- the browser ------------------------------------------------------------------------------
    def _play(self, frame) -> None:
        which = frame.WhichOneof("frame")
        if which == "audio":
            samples = len(frame.audio.audio) // 2
            self.audio_frames += 1
            if not self.ready:
                self.early_audio += 1
            self.frame_rates.add(frame.audio.sample_rate)
            self.probe.audio_sent(samples / PLAYER_RATE)
        elif which == "message":
            try:
                message = json.loads(frame.message.data)
            except ValueError:
                self.probe.notes.append(f"problem: the bot sent a message frame that is not JSON: {frame.message.data[:80]}")
                return
            if message.get("label") == "rtvi-ai":
                self.rtvi_received.append(message.get("type"))
        elif which is not None:
            # pipecat sends an interruption frame when the user interrupts; the JS serializer has no
            # case for it ("Unknown frame kind") and the transport drops it. Counted, not a failure.
            self.other_frames[which] = self.other_frames.get(which, 0) + 1

    async def send_frame(self, **oneof) -> None:
        frame = self.messages["Frame"](**{k: self.messages[t](**v) for k, (t, v) in oneof.items()})
        await self._queue.put({"type": "websocket.receive", "bytes": frame.SerializeToString()})

    async def disconnect(self) -> None:
        self.client_state = WebSocketState.DISCONNECTED
        await self._queue.put({"type": "websocket.disconnect", "code": 1000})


class WebSocketDriver:
    """Drives one browser session over the runner's plain WebSocket (``-t websocket``)."""

    input_rate = RECORDER_RATE

    def __init__(self, call: str, probe: Probe):
        self.call = call
        self.probe = probe
        self.ws = BrowserWebSocket(probe, install_frame_messages())
        self._mic: asyncio.Queue = asyncio.Queue()
        self._pump: asyncio.Task | None = None

    async def runner_args(self) -> WebSocketRunnerArguments:
        return WebSocketRunnerArguments(websocket=self.ws, transport_type="websocket", session_id=str(uuid.uuid4()))

    async def connect(self) -> None:
        """The socket is open (the runner accepted it before ``bot()``); give a bot that wrongly
        talks on connect the time to show it."""
        deadline = asyncio.get_running_loop().time() + READY_DELAY
        while not self.ws.early_audio and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)

    async def client_ready(self) -> None:
        message = {
            "id": uuid.uuid4().hex[:8],
            "label": "rtvi-ai",
            "type": "client-ready",
            "data": {"version": RTVI_CLIENT_VERSION, "about": {"library": "@pipecat-ai/client-js"}},
        }
        self.ws.ready = True
        await self.ws.send_frame(message=("MessageFrame", {"data": json.dumps(message)}))
        self._pump = asyncio.create_task(self._microphone())

    async def _microphone(self) -> None:
        """512-sample chunks in real time: silence unless the scripted user speaks."""
        silence = bytes(MIC_CHUNK_SAMPLES * 2)
        while True:
            try:
                chunk = self._mic.get_nowait()
            except asyncio.QueueEmpty:
                chunk = silence
            if chunk is None:
                self.probe.user_utterances += 1
                continue
            await self.ws.send_frame(audio=("AudioRawFrame", {"id": 0, "name": "audio", "audio": chunk, "sample_rate": RECORDER_RATE, "num_channels": 1}))
            await asyncio.sleep(MIC_CHUNK_SAMPLES / RECORDER_RATE)

    async def speak(self, chunks: list[bytes], speech_chunks: int) -> None:
        """Queue the user's turn re-cut into the recorder's 512-sample chunks; returns once sent."""
        speech = b"".join(chunks[:speech_chunks])
        rest = b"".join(chunks[speech_chunks:])
        size = MIC_CHUNK_SAMPLES * 2
        for part in (speech, rest):
            for i in range(0, len(part), size):
                await self._mic.put(part[i : i + size].ljust(size, b"\0"))
            if part is speech:
                await self._mic.put(None)
        while not self._mic.empty():
            await asyncio.sleep(MIC_CHUNK_SAMPLES / RECORDER_RATE)

    async def hang_up(self) -> None:
        if self._pump:
            self._pump.cancel()
        await self.ws.disconnect()
        ws = self.ws
        self.probe.notes.append(
            f"websocket: RTVI messages to the browser {len(ws.rtvi_received)} (bot-ready: {'bot-ready' in ws.rtvi_received}),"
            f" bot audio frames {ws.audio_frames} at {sorted(ws.frame_rates)} Hz, other frames {ws.other_frames}"
        )
        if ws.audio_frames and ws.frame_rates != {PLAYER_RATE}:
            self.probe.notes.append(
                f"problem: the bot sent audio at {sorted(ws.frame_rates)} Hz but the JS WebSocket client plays {PLAYER_RATE} Hz (set audio_out_sample_rate)"
            )
        if ws.early_audio:
            self.probe.notes.append(
                f"problem: the bot sent {ws.early_audio} audio frames before the browser's RTVI client-ready (it took the web session for a phone call?)"
            )
        if "bot-ready" not in ws.rtvi_received:
            self.probe.notes.append("problem: the browser never received RTVI bot-ready")
