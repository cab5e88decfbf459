"""The LiveKit server side of the ``livekit`` stand-in: rooms, tokens, published tracks.

A :class:`ServerRoom` is what a LiveKit server holds for one room: the access tokens it accepts
(each naming a participant identity), the clients connected through ``rtc.Room.connect`` and the
participants a service runs on the server side (an avatar, standins/_vendors/liveavatar.py), each
with the tracks it publishes. A :class:`ServerTrack` fans the media its publisher pushes out to the
client streams reading it (``rtc.AudioStream`` / ``rtc.VideoStream``), as an SFU forwards a
published track to its subscribers. Everything runs on the session's asyncio loop (the LiveKit SDK
delivers events and frames on the loop the ``Room`` was made on).

Vendors call :func:`open_room` (creating a room and its tokens) and :meth:`ServerRoom.join` /
:meth:`ServerRoom.leave` for their participants; pipecat only sees ``livekit.rtc``.
"""

import itertools
import uuid

import numpy as np

_rooms: dict[str, "ServerRoom"] = {}
_sids = itertools.count(1)


def sid(prefix: str) -> str:
    """A LiveKit-style server id (``PA_...`` participants, ``TR_...`` tracks, ``RM_...`` rooms)."""
    return f"{prefix}_{uuid.uuid4().hex[:12]}{next(_sids)}"


def resample(pcm: bytes, in_rate: int, out_rate: int) -> bytes:
    """16-bit mono PCM from ``in_rate`` to ``out_rate`` by linear interpolation (LiveKit decodes
    Opus at 48 kHz and an ``AudioStream`` resamples to the rate it was asked for)."""
    if in_rate == out_rate or not pcm:
        return pcm
    x = np.frombuffer(pcm, dtype=np.int16).astype(np.float64)
    n_out = int(round(x.size * out_rate / in_rate))
    pos = np.minimum(np.arange(n_out) * (in_rate / out_rate), x.size - 1)
    return np.clip(np.round(np.interp(pos, np.arange(x.size), x)), -32768, 32767).astype(np.int16).tobytes()


class ServerTrack:
    """A published track: ``kind`` is ``rtc.TrackKind``'s value (1 audio, 2 video)."""

    def __init__(self, name: str, kind: int):
        self.sid = sid("TR")
        self.name = name
        self.kind = kind
        self.sinks: set = set()  # client streams reading it

    def push(self, item) -> None:
        """Forward one media item (audio: ``(pcm, rate)``; video: ``(rtc.VideoFrame, timestamp_us)``)."""
        for sink in list(self.sinks):
            sink._feed(item)

    def end(self) -> None:
        for sink in list(self.sinks):
            sink._end()
        self.sinks.clear()


class ServerParticipant:
    """A participant the server side runs (not a ``rtc.Room`` client)."""

    def __init__(self, identity: str, name: str = "", metadata: str = ""):
        self.sid = sid("PA")
        self.identity = identity
        self.name = name or identity
        self.metadata = metadata
        self.tracks: list[ServerTrack] = []


class ServerRoom:
    """One LiveKit room (see the module docstring)."""

    def __init__(self, url: str, name: str):
        self.url = url
        self.name = name
        self.sid = sid("RM")
        self.tokens: dict[str, str] = {}  # access token -> identity
        self.clients: list = []  # connected rtc.Room objects
        self.participants: dict[str, ServerParticipant] = {}
        self.on_connect: list = []  # callables(client) run when a client connects
        self.on_disconnect: list = []
        self.closed = False

    def token(self, identity: str) -> str:
        """A new access token for ``identity``."""
        token = f"lk-{uuid.uuid4().hex}"
        self.tokens[token] = identity
        return token

    # -- server-side participants ---------------------------------------------------------------
    def join(self, participant: ServerParticipant) -> None:
        self.participants[participant.identity] = participant
        for client in list(self.clients):
            client._remote_joined(participant)

    def leave(self, participant: ServerParticipant) -> None:
        if self.participants.pop(participant.identity, None) is None:
            return
        for client in list(self.clients):
            client._remote_left(participant)
        for track in participant.tracks:
            track.end()

    # -- clients ----------------------------------------------------------------------------------
    def connect(self, client) -> None:
        self.clients.append(client)
        for hook in list(self.on_connect):
            hook(client)

    def disconnect(self, client) -> None:
        if client in self.clients:
            self.clients.remove(client)
            for hook in list(self.on_disconnect):
                hook(client)

    def close(self) -> None:
        self.closed = True
        for participant in list(self.participants.values()):
            self.leave(participant)
        if _rooms.get(self.url + "|" + self.name) is self:
            del _rooms[self.url + "|" + self.name]


def open_room(url: str, name: str) -> ServerRoom:
    """A vendor creates room ``name`` on its LiveKit server at ``url``."""
    room = ServerRoom(url, name)
    _rooms[url + "|" + name] = room
    return room


def resolve(url: str, token: str) -> tuple[ServerRoom, str] | None:
    """The room and identity an access token grants on the server at ``url``, or None."""
    for room in list(_rooms.values()):
        if room.url == url and token in room.tokens and not room.closed:
            return room, room.tokens[token]
    return None
