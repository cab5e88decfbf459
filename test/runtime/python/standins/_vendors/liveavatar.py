"""HeyGen LiveAvatar's side of a session, as pipecat 1.7.0's HeyGen code uses it.

pipecat/services/heygen/api_liveavatar.py (``LiveAvatarApi``), client.py (``HeyGenClient``) and
video.py (``HeyGenVideoService``) rely on:

- ``POST https://api.liveavatar.com/v1/sessions/token`` (header ``X-API-KEY``, JSON ``mode``,
  ``avatar_id``, ``video_settings``...) answering ``{code, data: {session_id, session_token},
  message}`` (``SessionTokenResponse``, l. 93-116, 237-290); ``POST /v1/sessions/start`` with
  ``Authorization: Bearer <session_token>`` answering ``{code, data: {session_id, livekit_url,
  livekit_client_token, livekit_agent_token, max_session_duration, ws_url}, message}``
  (``LiveAvatarSessionResponse``, l. 119-150, 292-306); ``POST /v1/sessions/stop`` with the
  bearer token and ``{"session_id"}`` (l. 308-331). A failed call answers ``ok`` False, which
  pipecat turns into ``LiveAvatarApiError`` (l. 222-232).
- The session's WebSocket (``ws_url``, opened with ``websockets.asyncio.client.connect``,
  client.py l. 273-289): pipecat sends ``agent.speak`` (base64 16-bit mono PCM at 24 kHz,
  ``HEY_GEN_SAMPLE_RATE``, with an ``event_id``; a first chunk of 400 ms, then 1 s chunks, video.py
  l. 347-395), ``agent.speak_end``, ``agent.interrupt``, ``agent.start_listening``,
  ``agent.stop_listening`` and ``session.keep_alive`` (client.py l. 348-485), and reads
  ``session.state_updated`` (``state``) and ``agent.state`` events (l. 311-320).
- The session's LiveKit room (``livekit_url`` with ``livekit_client_token``, as
  ``HeyGenVideoService`` connects as the user, video.py l. 153): the avatar is a participant
  publishing one audio and one video track; pipecat captures the first participant that connects
  (video.py l. 169-179) and reads its audio at 48 kHz (``audio_in_sample_rate``) and its video
  converted to RGB24.

The avatar here is in the room once the session has started (pipecat's client.py l. 179-182: the
avatar waits there for a user), so pipecat finds it among the room's participants when it
connects. It speaks what ``agent.speak`` sent in real time (48 kHz, as LiveKit decodes Opus;
silence when it has nothing to say, as a live track does), starting an utterance
:data:`RENDER_LATENCY` after its first audio (the avatar renders lip-synced video before it
plays; the value is an assumption, not a measurement), and shows a face whose mouth opens while
that audio is not silent; ``agent.interrupt`` drops what it has not played yet. It leaves when the
session is stopped, or once no client has been in the room for :data:`IDLE_SECONDS` (LiveAvatar
ends idle sessions after minutes; shortened here so a failed session leaves nothing running in the
harness process).
"""

import asyncio
import base64
import binascii
import json
import time
import uuid

import _autofake
import numpy as np
import websockets.asyncio.client as ws_client
from livekit import rtc
from livekit.rtc import _server

BASE_URL = "https://api.liveavatar.com/v1"
LIVEKIT_URL = "wss://rt-liveavatar.livekit.invalid"
WS_URL = "wss://rt-liveavatar.invalid/v1/ws"
#: The audio pipecat sends (client.py ``HEY_GEN_SAMPLE_RATE``) and the avatar's LiveKit audio.
INPUT_RATE = 24000
AVATAR_RATE = 48000
#: The avatar's video: (width, height, frames per second); pipecat's HeyGen example
#: (examples/foundational/43-heygen-video-service.py) sizes its output 1280x720. LiveAvatar
#: streams about 25 fps; the stand-in sends 10: pipecat copies every 720p frame it receives
#: (client.py ``_process_video_frames``, ~2.7 MB each), which at 25 fps cost a session about a
#: second of CPU and, on the 2-core CI machine, starved the pipeline until the greeting missed
#: its deadline. The tier checks that the avatar's video reaches the client, not its frame rate.
AVATAR_VIDEO = (1280, 720, 10)
TICK = 0.02
RENDER_LATENCY = 0.2
IDLE_SECONDS = 5.0
MAX_SESSION_SECONDS = 600
#: ``code`` of a successful answer (pipecat only validates that it is an int).
OK_CODE = 1000

_by_token: dict[str, "Session"] = {}
_by_id: dict[str, "Session"] = {}


class Avatar(_server.ServerParticipant):
    """The avatar: a LiveKit participant that speaks the session's ``agent.speak`` audio."""

    def __init__(self, session: "Session"):
        super().__init__(f"liveavatar-{session.avatar_id}", name="LiveAvatar")
        self.session = session
        self.audio = _server.ServerTrack("avatar-audio", rtc.TrackKind.KIND_AUDIO)
        self.video = _server.ServerTrack("avatar-video", rtc.TrackKind.KIND_VIDEO)
        self.tracks = [self.audio, self.video]
        self._pcm = bytearray()  # audio at AVATAR_RATE still to play
        self._play_from = 0.0  # loop time from which queued audio plays (rendering latency)
        self._task: asyncio.Task | None = None
        self.joined = False
        self.level = 0.0
        self.frames = {talking: _face(*AVATAR_VIDEO[:2], talking) for talking in (False, True)}

    def speak(self, pcm: bytes) -> None:
        if not self._pcm:  # a new utterance: rendered before it plays
            self._play_from = asyncio.get_running_loop().time() + RENDER_LATENCY
        self._pcm += _server.resample(pcm, INPUT_RATE, AVATAR_RATE)

    def interrupt(self) -> None:
        self._pcm.clear()

    def join(self) -> None:
        if self.joined:
            return
        self.joined = True
        self.session.room.join(self)
        self._task = asyncio.get_running_loop().create_task(self._stream())

    def leave(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.session.room.leave(self)

    async def _stream(self) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        size = int(AVATAR_RATE * TICK) * 2
        tick = 0
        next_video = 0.0
        empty_since: float | None = None
        try:
            while True:
                wait = start + tick * TICK - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                now = loop.time()
                if self.session.room.clients:
                    empty_since = None
                elif empty_since is None:
                    empty_since = now
                if (empty_since is not None and now - empty_since > IDLE_SECONDS) or now - start > MAX_SESSION_SECONDS:
                    self.session.stop()
                    return
                chunk = bytes(self._pcm[:size]) if now >= self._play_from else b""
                del self._pcm[: len(chunk)]
                chunk = chunk.ljust(size, b"\0")
                samples = np.frombuffer(chunk, dtype=np.int16).astype(np.float32)
                self.level = float(np.sqrt(np.mean(samples**2))) / 32768.0
                self.audio.push((chunk, AVATAR_RATE))
                while next_video <= tick * TICK:
                    self.video.push((self.frames[self.level > 0.001], int((start + next_video) * 1e6)))
                    next_video += 1 / AVATAR_VIDEO[2]
                tick += 1
        except asyncio.CancelledError:
            pass


def _face(width: int, height: int, talking: bool) -> rtc.VideoFrame:
    """A face on a dark background (mouth open while talking), I420 as LiveKit decodes VP8."""
    y, x = np.mgrid[0:height, 0:width]
    cx, cy, r = width / 2, height / 2, min(width, height) * 0.4
    rgb = np.zeros((height, width, 3), dtype=np.uint8)
    rgb[...] = (24, 28, 40)
    rgb[(x - cx) ** 2 + (y - cy) ** 2 < r**2] = (210, 170, 140)
    mouth = (abs(x - cx) < r * 0.35) & (abs(y - (cy + r * 0.45)) < (r * 0.12 if talking else r * 0.02))
    rgb[mouth] = (110, 25, 35)
    return rtc.VideoFrame(width, height, rtc.VideoBufferType.I420, rtc._rgb_to_i420(rgb))


class SessionSocket:
    """The session's control WebSocket (see the module docstring)."""

    def __init__(self, session: "Session"):
        self.session = session
        self.sent: list[str] = []  # types of the messages pipecat sent
        self._inbox: asyncio.Queue = asyncio.Queue()
        self._closed = asyncio.Event()
        self.state = _autofake._child("websockets.protocol.State.OPEN")
        self._say({"type": "session.state_updated", "state": "connected"})

    def _say(self, event: dict) -> None:
        self._inbox.put_nowait(json.dumps(event))

    async def send(self, message) -> None:
        if self._closed.is_set():
            raise _autofake._child("websockets.exceptions.ConnectionClosedOK")()
        event = json.loads(message)
        kind = event.get("type")
        self.sent.append(kind)
        avatar = self.session.avatar
        if kind == "agent.speak":
            try:
                pcm = base64.b64decode(event["audio"], validate=True)
            except (KeyError, binascii.Error) as e:
                raise ValueError(f"agent.speak without valid base64 audio: {e}") from e
            if not event.get("event_id") or len(pcm) % 2:
                raise ValueError("agent.speak needs an event_id and whole 16-bit samples")
            avatar.speak(pcm)
        elif kind == "agent.interrupt":
            avatar.interrupt()
        elif kind in ("agent.speak_end", "agent.start_listening", "agent.stop_listening", "session.keep_alive"):
            pass
        else:
            raise ValueError(f"LiveAvatar does not know the event {kind!r}")

    async def recv(self, decode=None):
        getter = asyncio.ensure_future(self._inbox.get())
        closer = asyncio.ensure_future(self._closed.wait())
        done, pending = await asyncio.wait({getter, closer}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if getter in done:
            return getter.result()
        raise _autofake._child("websockets.exceptions.ConnectionClosedOK")()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.state = _autofake._child("websockets.protocol.State.CLOSED")
        self._closed.set()

    async def wait_closed(self) -> None:
        await self._closed.wait()

    def __await__(self):
        if False:
            yield
        return self

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
        return False


def _connect(uri: str) -> SessionSocket:
    session = _by_id.get(uri.rstrip("/").rsplit("/", 1)[-1])
    if session is None or not session.started or session.stopped:
        raise _autofake._child("websockets.exceptions.InvalidStatus")(f"{uri}: no such session")
    socket = SessionSocket(session)
    session.sockets.append(socket)
    return socket


ws_client.MODELLED_SERVERS.append((r"^" + WS_URL.replace(".", r"\.") + "/", _connect, "the LiveAvatar session socket (pipecat/services/heygen/client.py _ws_connect)"))


class Session:
    """One LiveAvatar session: its token, then (once started) its LiveKit room, avatar and socket."""

    def __init__(self, avatar_id: str):
        self.id = str(uuid.uuid4())
        self.token = f"rt-session-token-{uuid.uuid4().hex}"
        self.avatar_id = avatar_id
        self.started = False
        self.stopped = False
        self.room: _server.ServerRoom | None = None
        self.avatar: Avatar | None = None
        self.sockets: list[SessionSocket] = []

    def start(self) -> dict:
        self.started = True
        self.room = _server.open_room(LIVEKIT_URL, f"liveavatar-{self.id}")
        self.avatar = Avatar(self)
        self.avatar.join()
        return {
            "session_id": self.id,
            "livekit_url": LIVEKIT_URL,
            "livekit_client_token": self.room.token("client"),
            "livekit_agent_token": self.room.token("agent"),
            "max_session_duration": MAX_SESSION_SECONDS,
            "ws_url": f"{WS_URL}/{self.id}",
        }

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        if self.avatar is not None:
            self.avatar.leave()
        if self.room is not None:
            self.room.close()
        for socket in self.sockets:
            socket.state = _autofake._child("websockets.protocol.State.CLOSED")
            socket._closed.set()


def _bearer(request) -> "Session | None":
    value = request.header("authorization") or ""
    return _by_token.get(value[len("Bearer ") :]) if value.startswith("Bearer ") else None


def _error(status: int, message: str):
    return status, {"code": status, "data": None, "message": message}


# -- REST handlers (standins/aiohttp ROUTES) ----------------------------------------------------------
def create_session_token(request):
    """``POST /v1/sessions/token``."""
    if not request.header("x-api-key"):
        return _error(401, "missing API key")
    body = request.json if isinstance(request.json, dict) else {}
    if not body.get("avatar_id"):
        return _error(422, "avatar_id is required")
    session = Session(body["avatar_id"])
    _by_token[session.token] = session
    _by_id[session.id] = session
    return {"code": OK_CODE, "data": {"session_id": session.id, "session_token": session.token}, "message": "Session token created"}


def start_session(request):
    """``POST /v1/sessions/start``."""
    session = _bearer(request)
    if session is None:
        return _error(401, "invalid session token")
    if session.started:
        return _error(400, "session already started")
    return {"code": OK_CODE, "data": session.start(), "message": "Session started"}


def stop_session(request):
    """``POST /v1/sessions/stop``."""
    session = _bearer(request)
    body = request.json if isinstance(request.json, dict) else {}
    if session is None or body.get("session_id") != session.id:
        return _error(401, "invalid session token")
    session.stop()
    return {"code": OK_CODE, "data": None, "message": "Session stopped"}


def sessions() -> list[Session]:
    """Sessions created so far (for the harness)."""
    return list(_by_id.values())
