"""Stand-in for ``livekit.rtc``: the subset pipecat 1.7.0's HeyGen client uses, with a LiveKit
server behind it (:mod:`livekit.rtc._server`).

pipecat/services/heygen/client.py (``HeyGenClient._livekit_connect``, ``capture_participant_*``,
``_process_audio_frames``, ``_process_video_frames``, l. 487-713) relies on:

- ``Room()`` with ``@room.on(event)`` handlers: ``participant_connected(participant)``,
  ``participant_disconnected(participant)``, ``track_subscribed(track, publication, participant)``,
  ``track_unsubscribed(track, publication, participant)``; ``await room.connect(url, token)``
  (``ConnectError`` when the server does not know the token); ``room.name``,
  ``room.local_participant.sid``, ``room.remote_participants`` (keyed by identity, pipecat checks
  ``participant_id in room.remote_participants`` with the identity); ``await room.disconnect()``.
- ``RemoteParticipant.sid``, ``.identity``, ``.track_publications`` (sid -> publication with
  ``.sid``, ``.kind``, ``.name``, ``.track``); ``TrackKind.KIND_AUDIO`` / ``KIND_VIDEO``.
- ``AudioStream(track=..., sample_rate=...)``: ``async for event in stream`` gives
  ``event.frame`` (``AudioFrame``: ``data`` of 16-bit samples, ``sample_rate``, ``num_channels``,
  ``samples_per_channel``) at the asked rate and channel count, 10 ms per frame;
  ``VideoStream(track)``: ``event.frame`` (``VideoFrame``: ``type``, ``width``, ``height``,
  ``data``, ``convert(VideoBufferType.RGB24)``) and ``event.timestamp_us``.

Behaviour kept from the SDK: rooms subscribe to every published track (``auto_subscribe``), so a
participant already in the room is listed by ``connect`` and its tracks are subscribed right after
(``track_subscribed``), while one joining later is announced with ``participant_connected``, then
``track_published`` and ``track_subscribed``; events run on the loop the ``Room`` was made on;
streams receive what the track publishes from the moment they are made (frames queue until read)
and end when the track goes away or the room disconnects.
"""

import asyncio
import enum
from dataclasses import dataclass

import numpy as np

from . import _server
from ._proto.video_frame_pb2 import VideoBufferType

__version__ = "0.0-standin"


class TrackKind(enum.IntEnum):
    KIND_UNKNOWN = 0
    KIND_AUDIO = 1
    KIND_VIDEO = 2


class ConnectionState(enum.IntEnum):
    CONN_DISCONNECTED = 0
    CONN_CONNECTED = 1
    CONN_RECONNECTING = 2


class ConnectError(Exception):
    """``Room.connect`` failed (the server refused the token or the room)."""


class EventEmitter:
    """``on(event, callback=None)`` (a decorator without ``callback``), ``off``, ``once``, ``emit``."""

    def __init__(self):
        self._handlers: dict[str, list] = {}

    def on(self, event: str, callback=None):
        if callback is None:
            def register(fn):
                self._handlers.setdefault(event, []).append(fn)
                return fn

            return register
        self._handlers.setdefault(event, []).append(callback)
        return callback

    def once(self, event: str, callback=None):
        def register(fn):
            def wrapper(*args):
                self.off(event, wrapper)
                fn(*args)

            self.on(event, wrapper)
            return fn

        return register if callback is None else register(callback)

    def off(self, event: str, callback) -> None:
        handlers = self._handlers.get(event, [])
        if callback in handlers:
            handlers.remove(callback)

    def emit(self, event: str, *args) -> None:
        for handler in list(self._handlers.get(event, [])):
            handler(*args)


# -- media --------------------------------------------------------------------------------------


class AudioFrame:
    """16-bit interleaved PCM (``data`` is a memoryview of int16 samples)."""

    def __init__(self, data, sample_rate: int, num_channels: int, samples_per_channel: int):
        self._data = bytes(data)
        self.sample_rate = sample_rate
        self.num_channels = num_channels
        self.samples_per_channel = samples_per_channel

    @property
    def data(self) -> memoryview:
        return memoryview(self._data).cast("h")

    @property
    def duration(self) -> float:
        return self.samples_per_channel / self.sample_rate


def _i420_to_rgb(data: bytes, width: int, height: int) -> np.ndarray:
    y = np.frombuffer(data, dtype=np.uint8, count=width * height).reshape(height, width).astype(np.float32)
    cw, ch = (width + 1) // 2, (height + 1) // 2
    u = np.frombuffer(data, dtype=np.uint8, count=cw * ch, offset=width * height).reshape(ch, cw).astype(np.float32) - 128
    v = np.frombuffer(data, dtype=np.uint8, count=cw * ch, offset=width * height + cw * ch).reshape(ch, cw).astype(np.float32) - 128
    u = u.repeat(2, 0).repeat(2, 1)[:height, :width]
    v = v.repeat(2, 0).repeat(2, 1)[:height, :width]
    rgb = np.stack([y + 1.402 * v, y - 0.344136 * u - 0.714136 * v, y + 1.772 * u], axis=-1)
    return np.clip(rgb, 0, 255).astype(np.uint8)


def _rgb_to_i420(rgb: np.ndarray) -> bytes:
    height, width = rgb.shape[:2]
    f = rgb.astype(np.float32)
    y = 0.299 * f[..., 0] + 0.587 * f[..., 1] + 0.114 * f[..., 2]
    u = -0.168736 * f[..., 0] - 0.331264 * f[..., 1] + 0.5 * f[..., 2] + 128
    v = 0.5 * f[..., 0] - 0.418688 * f[..., 1] - 0.081312 * f[..., 2] + 128
    sub = lambda c: c[::2, ::2]  # noqa: E731 - 4:2:0 subsampling (top-left sample)
    planes = [np.clip(p, 0, 255).astype(np.uint8) for p in (y, sub(u), sub(v))]
    return b"".join(p.tobytes() for p in planes)


_CHANNELS = {VideoBufferType.RGBA: "RGBA", VideoBufferType.ABGR: "ABGR", VideoBufferType.ARGB: "ARGB", VideoBufferType.BGRA: "BGRA", VideoBufferType.RGB24: "RGB"}


class VideoFrame:
    """A video frame: ``type`` (``VideoBufferType``), ``width``, ``height`` and ``data`` bytes.

    ``convert`` handles I420 and the packed RGB types; a frame remembers its conversions (the
    avatar sends the same pictures again and again)."""

    def __init__(self, width: int, height: int, type: int, data):
        self.width = width
        self.height = height
        self.type = VideoBufferType(type)
        self._data = bytes(data)
        self._converted: dict = {}

    @property
    def data(self) -> memoryview:
        return memoryview(self._data)

    def _rgb(self) -> np.ndarray:
        if self.type == VideoBufferType.I420:
            return _i420_to_rgb(self._data, self.width, self.height)
        order = _CHANNELS.get(self.type)
        if order is None:
            raise ValueError(f"conversion from {self.type.name} is not supported")
        pixels = np.frombuffer(self._data, dtype=np.uint8).reshape(self.height, self.width, len(order))
        return np.stack([pixels[..., order.index(c)] for c in "RGB"], axis=-1)

    def convert(self, type: int, *, flip_y: bool = False) -> "VideoFrame":
        type = VideoBufferType(type)
        if type == self.type and not flip_y:
            return self
        key = (type, flip_y)
        if key not in self._converted:
            rgb = self._rgb()
            if flip_y:
                rgb = rgb[::-1]
            if type == VideoBufferType.I420:
                data = _rgb_to_i420(rgb)
            elif type in _CHANNELS:
                alpha = np.full(rgb.shape[:2], 255, dtype=np.uint8)
                planes = {"R": rgb[..., 0], "G": rgb[..., 1], "B": rgb[..., 2], "A": alpha}
                data = np.stack([planes[c] for c in _CHANNELS[type]], axis=-1).tobytes()
            else:
                raise ValueError(f"conversion to {type.name} is not supported")
            self._converted[key] = VideoFrame(self.width, self.height, type, data)
        return self._converted[key]


@dataclass
class AudioFrameEvent:
    frame: AudioFrame


@dataclass
class VideoFrameEvent:
    frame: VideoFrame
    timestamp_us: int
    rotation: int = 0


class _Stream:
    """Frames of one subscribed track, queued on the stream's loop until read."""

    def __init__(self, track: "Track", loop=None, capacity: int = 0):
        if not isinstance(track, Track) or track._server is None:
            raise ValueError("a stream needs a subscribed remote track")
        self._track = track
        self._loop = loop or asyncio.get_running_loop()
        self._queue: asyncio.Queue = asyncio.Queue(maxsize=capacity)
        self._done = False
        track._server.sinks.add(self)

    def _feed(self, item) -> None:
        if self._done:
            return
        for event in self._events(item):
            if self._queue.maxsize and self._queue.full():
                self._queue.get_nowait()  # a bounded stream drops its oldest frame
            self._queue.put_nowait(event)

    def _end(self) -> None:
        if not self._done:
            self._done = True
            self._queue.put_nowait(None)

    def __aiter__(self):
        return self

    async def __anext__(self):
        event = await self._queue.get()
        if event is None:
            raise StopAsyncIteration
        return event

    async def aclose(self) -> None:
        self._track._server.sinks.discard(self)
        self._end()


class AudioStream(_Stream):
    """``AudioStream(track, loop=None, capacity=0, sample_rate=48000, num_channels=1)``: 10 ms
    ``AudioFrameEvent``s of the track's audio at ``sample_rate`` with ``num_channels``."""

    def __init__(self, track: "Track", loop=None, capacity: int = 0, sample_rate: int = 48000, num_channels: int = 1, **kwargs):
        if track.kind != TrackKind.KIND_AUDIO:
            raise ValueError("AudioStream needs an audio track")
        self.sample_rate = int(sample_rate)
        self.num_channels = int(num_channels)
        self._pending = b""
        super().__init__(track, loop, capacity)

    def _events(self, item) -> list:
        pcm, rate = item
        self._pending += _server.resample(pcm, rate, self.sample_rate)
        size = int(self.sample_rate / 100) * 2
        whole = len(self._pending) - len(self._pending) % size
        events = [self._frame(self._pending[i : i + size]) for i in range(0, whole, size)]
        self._pending = self._pending[whole:]
        return events

    def _frame(self, mono: bytes) -> AudioFrameEvent:
        samples = len(mono) // 2
        if self.num_channels > 1:
            mono = np.repeat(np.frombuffer(mono, dtype=np.int16), self.num_channels).tobytes()
        return AudioFrameEvent(AudioFrame(mono, self.sample_rate, self.num_channels, samples))


class VideoStream(_Stream):
    """``VideoStream(track, loop=None, capacity=0, format=None)``: ``VideoFrameEvent``s of the
    track's frames, converted to ``format`` when one is given."""

    def __init__(self, track: "Track", loop=None, capacity: int = 0, format=None, **kwargs):
        if track.kind != TrackKind.KIND_VIDEO:
            raise ValueError("VideoStream needs a video track")
        self._format = format
        super().__init__(track, loop, capacity)

    def _events(self, item) -> list:
        frame, timestamp_us = item
        if self._format is not None:
            frame = frame.convert(self._format)
        return [VideoFrameEvent(frame, timestamp_us)]


# -- tracks and participants ----------------------------------------------------------------------


class Track:
    def __init__(self, server_track: "_server.ServerTrack | None", kind: TrackKind, name: str):
        self._server = server_track
        self.sid = server_track.sid if server_track else _server.sid("TR")
        self.kind = kind
        self.name = name
        self.muted = False


class RemoteAudioTrack(Track):
    pass


class RemoteVideoTrack(Track):
    pass


class TrackPublication:
    def __init__(self, sid: str, kind: TrackKind, name: str):
        self.sid = sid
        self.kind = kind
        self.name = name
        self.track: Track | None = None
        self.muted = False


class RemoteTrackPublication(TrackPublication):
    @property
    def subscribed(self) -> bool:
        return self.track is not None


class LocalTrackPublication(TrackPublication):
    pass


class Participant:
    def __init__(self, sid: str, identity: str, name: str = "", metadata: str = ""):
        self.sid = sid
        self.identity = identity
        self.name = name
        self.metadata = metadata
        self.track_publications: dict = {}


class RemoteParticipant(Participant):
    pass


class LocalParticipant(Participant):
    pass


@dataclass
class RoomOptions:
    auto_subscribe: bool = True
    dynacast: bool = False


# -- room -----------------------------------------------------------------------------------------


class Room(EventEmitter):
    """A connection to a LiveKit room (see the module docstring)."""

    def __init__(self, loop=None):
        super().__init__()
        self._loop = loop
        self._server: _server.ServerRoom | None = None
        self._options = RoomOptions()
        self.local_participant: LocalParticipant | None = None
        self.remote_participants: dict[str, RemoteParticipant] = {}
        self.connection_state = ConnectionState.CONN_DISCONNECTED
        self.name = ""
        self.sid = ""

    def isconnected(self) -> bool:
        return self.connection_state == ConnectionState.CONN_CONNECTED

    async def connect(self, url: str, token: str, options: RoomOptions | None = None) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        await asyncio.sleep(0.01)  # signalling round trip
        found = _server.resolve(url, token)
        if found is None:
            raise ConnectError(f"failed to connect to {url}: invalid token or room")
        room, identity = found
        self._options = options or RoomOptions()
        self._server = room
        self.name = room.name
        self.sid = room.sid
        self.local_participant = LocalParticipant(_server.sid("PA"), identity, identity)
        self.connection_state = ConnectionState.CONN_CONNECTED
        for participant in list(room.participants.values()):
            remote = self._add_remote(participant)
            for publication in remote.track_publications.values():
                self._loop.call_soon(self._subscribe, remote, publication)
        room.connect(self)

    async def disconnect(self) -> None:
        if self._server is None:
            return
        room, self._server = self._server, None
        room.disconnect(self)
        self.connection_state = ConnectionState.CONN_DISCONNECTED
        for remote in list(self.remote_participants.values()):
            for publication in remote.track_publications.values():
                if publication.track is not None and publication.track._server is not None:
                    for sink in list(publication.track._server.sinks):
                        if sink._loop is self._loop:
                            sink._end()
        self.remote_participants.clear()
        self.emit("disconnected", "CLIENT_INITIATED")

    # -- what the server reports --------------------------------------------------------------------
    def _add_remote(self, participant: "_server.ServerParticipant") -> RemoteParticipant:
        remote = RemoteParticipant(participant.sid, participant.identity, participant.name, participant.metadata)
        for track in participant.tracks:
            publication = RemoteTrackPublication(track.sid, TrackKind(track.kind), track.name)
            publication._server_track = track
            remote.track_publications[track.sid] = publication
        self.remote_participants[participant.identity] = remote
        return remote

    def _subscribe(self, remote: RemoteParticipant, publication: RemoteTrackPublication) -> None:
        if self._server is None or remote.identity not in self.remote_participants or not self._options.auto_subscribe:
            return
        cls = RemoteAudioTrack if publication.kind == TrackKind.KIND_AUDIO else RemoteVideoTrack
        publication.track = cls(publication._server_track, publication.kind, publication.name)
        self.emit("track_subscribed", publication.track, publication, remote)

    def _remote_joined(self, participant: "_server.ServerParticipant") -> None:
        self._loop.call_soon_threadsafe(self._announce_join, participant)

    def _announce_join(self, participant: "_server.ServerParticipant") -> None:
        if self._server is None:
            return
        remote = self._add_remote(participant)
        self.emit("participant_connected", remote)
        for publication in remote.track_publications.values():
            self.emit("track_published", publication, remote)
            self._subscribe(remote, publication)

    def _remote_left(self, participant: "_server.ServerParticipant") -> None:
        self._loop.call_soon_threadsafe(self._announce_leave, participant)

    def _announce_leave(self, participant: "_server.ServerParticipant") -> None:
        remote = self.remote_participants.pop(participant.identity, None)
        if remote is None:
            return
        for publication in remote.track_publications.values():
            if publication.track is not None:
                self.emit("track_unsubscribed", publication.track, publication, remote)
                publication.track = None
        self.emit("participant_disconnected", remote)


resample = _server.resample
