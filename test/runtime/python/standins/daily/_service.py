"""The Daily side of the ``daily`` stand-in: rooms, remote participants, media clock and threads.

daily-python is a binding to Daily's native client: everything it reports (events, completions of
``CallClient`` calls, participant audio) arrives on threads the native core owns, never on the
caller's asyncio loop. pipecat (pipecat/transports/daily/transport.py) is written for that: its
``completion_callback`` marshals results with ``loop.call_soon_threadsafe`` and its
``DailyTransportClient._call_async_callback`` hands events and audio to the loop with
``asyncio.run_coroutine_threadsafe(...).result()`` -- a call that blocks the calling thread and
would deadlock if it ran on the loop thread. This module keeps that shape:

- :class:`Dispatcher`: one serial worker thread per ``CallClient`` for events and completions (in
  order, as the native core delivers them), and one for its audio/video renderers.
- :class:`Scheduler`: one timer thread for timed work (custom audio sources consuming what pipecat
  writes in real time, speaker reads).
- :class:`Room`: what Daily's servers hold for one room URL: the call clients that joined it, the
  remote participants (a browser user, a phone caller, a dialed callee), a 20 ms media clock that
  streams every remote participant's microphone to the clients rendering it (silence when the
  participant is quiet, as a live WebRTC track does) and a browser user's camera (plain frames at
  12.5 fps) to the clients rendering it, the app messages the bot sent, the dial-outs it started,
  and the bot's audio reaching the wire.

Rooms also host participants that are services rather than people (a Tavus replica, modelled in
standins/_vendors/tavus.py): a :class:`RemoteParticipant` subclass may override
:meth:`RemoteParticipant.app_message` (app messages a client sends reach it, as Daily delivers
``sendAppMessage`` to every other participant) and :meth:`RemoteParticipant.camera_frame` (what its
camera shows), and react to a client joining through :attr:`Room.on_attach`.

The runtime tier's driver (rt/daily.py) is the only user of :func:`open_room` and of the ``Room`` /
``RemoteParticipant`` methods marked "driver side"; pipecat only ever sees the public ``daily``
API in ``daily/__init__.py``.
"""

import heapq
import itertools
import json
import queue
import threading
import time
import traceback
import uuid
from collections import deque

import numpy as np

#: The media clock's period (WebRTC audio is carried in 10-20 ms packets; renderers default to 20 ms).
TICK = 0.02
#: How far ahead of the end of what pipecat wrote a custom source reports it consumed (the source's
#: jitter buffer), so the next write arrives before the track runs dry.
SOURCE_LEAD = 0.01


def resample(pcm: bytes, in_rate: int, out_rate: int, channels: int = 1) -> bytes:
    """16-bit PCM from ``in_rate`` to ``out_rate`` by linear interpolation (Daily decodes Opus at
    48 kHz and hands renderers the rate they asked for)."""
    if in_rate == out_rate or not pcm:
        return pcm
    x = np.frombuffer(pcm, dtype=np.int16).reshape(-1, channels).astype(np.float64)
    n_in = x.shape[0]
    n_out = int(round(n_in * out_rate / in_rate))
    pos = np.minimum(np.arange(n_out) * (in_rate / out_rate), n_in - 1)
    idx = np.arange(n_in)
    y = np.stack([np.interp(pos, idx, x[:, c]) for c in range(channels)], axis=1)
    return np.clip(np.round(y), -32768, 32767).astype(np.int16).tobytes()


def mix(chunks: list[bytes]) -> bytes:
    """Sum 16-bit PCM chunks of equal length, clipping (a room's mixed audio)."""
    if len(chunks) == 1:
        return chunks[0]
    total = np.sum([np.frombuffer(c, dtype=np.int16).astype(np.int32) for c in chunks], axis=0)
    return np.clip(total, -32768, 32767).astype(np.int16).tobytes()


def audible_seconds(pcm: bytes, rate: int, channels: int = 1) -> float:
    """Seconds of 16-bit PCM a listener hears: 10 ms blocks with any non-zero sample (silence that a
    continuous source such as an avatar's track carries between utterances is not bot speech)."""
    samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % (2 * channels)], dtype=np.int16)
    if samples.size == 0:
        return 0.0
    block = max(1, int(rate / 100)) * channels
    full = samples.size - samples.size % block
    heard = int(np.count_nonzero(np.any(samples[:full].reshape(-1, block) != 0, axis=1))) * block
    if full < samples.size and np.any(samples[full:]):
        heard += samples.size - full
    return heard / channels / rate


# -- problems -------------------------------------------------------------------------------------

_problem_hook = None


def set_problem_hook(hook) -> None:
    """Driver side: where faults of the stand-in's threads are reported (a callable taking a str)."""
    global _problem_hook
    _problem_hook = hook


def report(message: str) -> None:
    hook = _problem_hook
    if hook is not None:
        try:
            hook(message)
        except Exception:  # noqa: BLE001 - reporting must never kill a worker thread
            pass


def _loop_gone(e: BaseException) -> bool:
    """A callback into an asyncio loop that has already closed (the session is over)."""
    return isinstance(e, RuntimeError) and "closed" in str(e)


# -- threads --------------------------------------------------------------------------------------


class Dispatcher:
    """A serial worker thread: runs posted callables in order (daily-python's per-client delivery
    of events, completions, and renderer callbacks)."""

    def __init__(self, name: str):
        self.name = name
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def post(self, fn, *args) -> None:
        if not self._closed:
            self._queue.put((fn, args))

    def close(self) -> None:
        self._closed = True
        self._queue.put(None)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            fn, args = item
            try:
                fn(*args)
            except BaseException as e:  # noqa: BLE001
                if not _loop_gone(e):
                    report(f"{self.name}: callback {getattr(fn, '__qualname__', fn)} raised {type(e).__name__}: {e}\n{traceback.format_exc(limit=4)}")


class Scheduler:
    """One timer thread running callables at monotonic times (the native core's media timers)."""

    def __init__(self):
        self._heap: list = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="daily-standin-scheduler", daemon=True)
        self._thread.start()

    def call_at(self, when: float, fn, *args) -> None:
        with self._cond:
            heapq.heappush(self._heap, (when, next(self._seq), fn, args))
            self._cond.notify()

    def call_soon(self, fn, *args) -> None:
        self.call_at(time.monotonic(), fn, *args)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    timeout = None if not self._heap else max(0.0, self._heap[0][0] - time.monotonic())
                    self._cond.wait(timeout)
                _, _, fn, args = heapq.heappop(self._heap)
            try:
                fn(*args)
            except BaseException as e:  # noqa: BLE001
                if not _loop_gone(e):
                    report(f"scheduler: {getattr(fn, '__qualname__', fn)} raised {type(e).__name__}: {e}")


_scheduler: Scheduler | None = None
_scheduler_lock = threading.Lock()


def scheduler() -> Scheduler:
    global _scheduler
    with _scheduler_lock:
        if _scheduler is None:
            _scheduler = Scheduler()
        return _scheduler


# -- participants and rooms -----------------------------------------------------------------------


class RemoteParticipant:
    """A remote participant of a room (browser user, phone caller, dialed callee) and its microphone.

    Its microphone streams continuously while it is in the room: the media clock takes 20 ms per
    tick from what the driver queued with :meth:`play`, or silence.
    """

    #: A browser user's camera: (width, height, frames per second); phones have none.
    CAMERA = (320, 240, 12.5)

    def __init__(self, room: "Room", user_name: str, rate: int, user_id: str | None = None, kind: str = "web"):
        self.room = room
        #: (width, height, frames per second) of the camera it sends, or None.
        self.camera = self.CAMERA if kind == "web" else None
        self.id = str(uuid.uuid4())
        self.user_name = user_name
        self.user_id = user_id or self.id
        self.kind = kind  # "web", "dialin", "dialout" or "service" (a vendor's participant)
        self.rate = rate
        self.session_id: str | None = None  # dial-in / dial-out session, for phone participants
        self.joined_at = time.time()
        self._audio: deque = deque()  # (pcm at self.rate, [callbacks to run once delivered])
        self._lock = threading.Lock()

    def as_dict(self) -> dict:
        """The participant object daily-python hands to ``on_participant_joined`` and friends."""
        info = {
            "isLocal": False,
            "isOwner": False,
            "userName": self.user_name,
            "userId": self.user_id,
            "joinedAt": int(self.joined_at),
            "permissions": {"hasPresence": True, "canSend": True, "canAdmin": False},
        }
        if self.kind in ("dialin", "dialout"):
            info["sipFrom"] = self.user_name
        track = {"state": "playable", "subscribed": "subscribed", "offReasons": []}
        off = {"state": "off", "subscribed": "unsubscribed", "offReasons": ["user"]}
        return {
            "id": self.id,
            "info": info,
            "media": {"microphone": dict(track), "camera": dict(track if self.camera is not None else off), "screenAudio": dict(off), "screenVideo": dict(off)},
        }

    # -- what a service participant overrides -------------------------------------------------------
    def app_message(self, message, sender_id: str) -> None:
        """An app message another participant sent to the room or to this participant (called on
        the stand-in's scheduler thread, in order). People ignore them here."""

    def camera_frame(self, width: int, height: int, color_format: str) -> bytes:
        """One frame of its camera as ``color_format`` bytes (a plain grey picture)."""
        depth = 4 if len(color_format) == 4 else 3
        return bytes([128]) * (width * height * depth)

    # -- driver side --------------------------------------------------------------------------------
    def play(self, chunks: list[bytes], marks: dict | None = None) -> None:
        """Queue 20 ms chunks of 16-bit mono PCM at :attr:`rate` on the microphone. ``marks`` maps a
        chunk index to a callable run (on a stand-in thread) once that chunk was delivered to every
        client rendering this participant."""
        marks = marks or {}
        with self._lock:
            for i, chunk in enumerate(chunks):
                self._audio.append((chunk, [marks[i]] if i in marks else []))

    def pending(self) -> int:
        """Chunks queued and not yet streamed."""
        with self._lock:
            return len(self._audio)

    def clear(self) -> None:
        with self._lock:
            self._audio.clear()

    # -- media clock ------------------------------------------------------------------------------
    def _next_chunk(self) -> tuple[bytes, list]:
        n = int(self.rate * TICK) * 2
        with self._lock:
            if self._audio:
                chunk, marks = self._audio.popleft()
                if len(chunk) < n:
                    chunk = chunk + bytes(n - len(chunk))
                return chunk[:n], marks
        return bytes(n), []


class Room:
    """One Daily room as Daily's servers see it (see the module docstring)."""

    def __init__(self, url: str, sip_endpoint: str | None = None):
        self.url = url
        self.name = url.rstrip("/").rsplit("/", 1)[-1]
        self.session_id = str(uuid.uuid4())  # the meeting session
        self.sip_endpoint = sip_endpoint
        self.clients: list = []  # joined daily.CallClient objects (the bot)
        self.participants: dict[str, RemoteParticipant] = {}
        self.messages: list[tuple[object, str | None]] = []  # app messages sent by clients: (message, to)
        self.dialouts: list[dict] = []  # {"session_id", "settings", "client"}
        #: Driver hook: Daily's answer to the n-th ``start_dialout`` of the room (0-based), an error
        #: string such as ``"TEMPORARILY_NOT_AVAILABLE"`` or None to place the call.
        self.refuse_dialout = None
        self.dialin_sessions: list[str] = []
        self.calls: list[tuple[str, object]] = []  # notable CallClient calls: (method, argument)
        self.ever_joined = threading.Event()
        self.on_bot_audio = None  # driver hook: seconds of bot audio that reached the wire
        self.on_attach: list = []  # callables(client) run when a client joins (must not block)
        self.bot_video_frames = 0  # frames the bot's published camera sent
        self.bot_video_size: tuple[int, int] | None = None
        self._lock = threading.RLock()
        self._closed = False
        self._ticks = 0
        self._clock = threading.Thread(target=self._media_clock, name=f"daily-standin-room-{self.name}", daemon=True)
        self._clock.start()

    # -- what the CallClient stand-in calls -------------------------------------------------------
    def attach(self, client) -> None:
        with self._lock:
            if client not in self.clients:
                self.clients.append(client)
            hooks = list(self.on_attach)
        self.ever_joined.set()
        for hook in hooks:  # on the joining client's event thread, before its join completes
            hook(client)

    def detach(self, client) -> None:
        with self._lock:
            if client in self.clients:
                self.clients.remove(client)

    def remote_participants(self) -> dict[str, dict]:
        with self._lock:
            return {p.id: p.as_dict() for p in self.participants.values()}

    def wire(self, seconds: float) -> None:
        """Bot audio left through a published track of a joined client."""
        hook = self.on_bot_audio
        if hook is not None and seconds > 0:
            hook(seconds)

    def video(self, width: int, height: int) -> None:
        """A frame left through the bot's published camera."""
        with self._lock:
            self.bot_video_frames += 1
            self.bot_video_size = (width, height)

    def deliver_app_message(self, message, sender_id: str, to: str | None) -> None:
        """A client's ``send_app_message``: remote participants that are services receive it
        (everyone when ``to`` is None), in order, on the scheduler thread."""
        with self._lock:
            targets = [p for p in self.participants.values() if to is None or p.id == to]
        for p in targets:
            scheduler().call_soon(p.app_message, message, sender_id)

    def record(self, method: str, argument=None) -> None:
        with self._lock:
            self.calls.append((method, argument))

    # -- driver side --------------------------------------------------------------------------------
    def bot_joined(self) -> bool:
        with self._lock:
            return bool(self.clients)

    def emit(self, event: str, *args) -> None:
        """Deliver ``on_<event>(*args)`` to every joined client (its event thread)."""
        with self._lock:
            clients = list(self.clients)
        for client in clients:
            client._post_event(event, *args)

    def add_participant(self, user_name: str, rate: int, kind: str = "web", session_id: str | None = None) -> RemoteParticipant:
        """A participant joins: clients get ``on_participant_joined`` and its microphone streams."""
        p = RemoteParticipant(self, user_name, rate, kind=kind)
        p.session_id = session_id
        return self.join(p)

    def join(self, p: RemoteParticipant) -> RemoteParticipant:
        """``p`` (made for this room) joins: clients get ``on_participant_joined``."""
        with self._lock:
            self.participants[p.id] = p
        self.emit("on_participant_joined", p.as_dict())
        self.emit("on_participant_counts_updated", self.counts())
        return p

    def remove_participant(self, p: RemoteParticipant, reason: str = "leftCall") -> None:
        """A participant leaves: its microphone stops and clients get ``on_participant_left``."""
        with self._lock:
            self.participants.pop(p.id, None)
        p.clear()
        self.emit("on_participant_left", p.as_dict(), reason)
        self.emit("on_participant_counts_updated", self.counts())

    def send_app_message(self, sender: RemoteParticipant, message) -> None:
        """``sendAppMessage`` from a remote participant: clients get ``on_app_message(message, sender_id)``."""
        json.dumps(message)  # Daily carries JSON
        self.emit("on_app_message", message, sender.id)

    def counts(self) -> dict:
        with self._lock:
            return {"present": len(self.participants) + len(self.clients), "hidden": 0}

    def close(self) -> None:
        self._closed = True
        with _rooms_lock:
            if _rooms.get(self.url) is self:
                del _rooms[self.url]

    # -- media clock ------------------------------------------------------------------------------
    def _media_clock(self) -> None:
        next_tick = time.monotonic()
        while not self._closed:
            next_tick += TICK
            delay = next_tick - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            elif delay < -0.2:
                next_tick = time.monotonic()  # fell far behind (a stalled process): do not burst
            try:
                self._tick()
            except Exception as e:  # noqa: BLE001
                report(f"room {self.name} media clock: {type(e).__name__}: {e}\n{traceback.format_exc(limit=4)}")

    def _tick(self) -> None:
        with self._lock:
            participants = list(self.participants.values())
            clients = list(self.clients)
        self._ticks += 1
        for p in participants:
            if p.camera is not None and self._ticks % max(1, round(1 / (TICK * p.camera[2]))) == 0:
                for client in clients:
                    client._render_participant_video(p, *p.camera[:2])
        mixed_for: list = []
        for p in participants:
            chunk, marks = p._next_chunk()
            once = _Once(marks)
            delivered = False
            for client in clients:
                delivered |= client._render_participant_audio(p, chunk, once)
            mixed_for.append((p, chunk))
            if not delivered:
                once()
        if mixed_for:
            for client in clients:
                client._feed_speaker(mixed_for)


class _Once:
    """Runs the marks of a chunk once, however many clients rendered it."""

    def __init__(self, marks: list):
        self._marks = marks
        self._done = not marks
        self._lock = threading.Lock()

    def __call__(self) -> None:
        with self._lock:
            if self._done:
                return
            self._done = True
        for mark in self._marks:
            try:
                mark()
            except BaseException as e:  # noqa: BLE001
                if not _loop_gone(e):
                    report(f"participant audio mark raised {type(e).__name__}: {e}")


_rooms: dict[str, Room] = {}
_rooms_lock = threading.Lock()


def open_room(url: str, sip_endpoint: str | None = None, exclusive: bool = True) -> Room:
    """Create the room ``url`` (as the Daily REST API or Pipecat Cloud would).

    The harness runs one session at a time, so when the driver opens a session's room
    (``exclusive``) rooms left open by an earlier session (one that failed before its hang-up, or a
    vendor's room such as a Tavus conversation's) are closed here: their media clocks stop. A
    vendor's room opened during the session passes ``exclusive=False``."""
    with _rooms_lock:
        stale = list(_rooms.values()) if exclusive else []
    for old in stale:
        old.close()
    room = Room(url, sip_endpoint)
    with _rooms_lock:
        _rooms[url] = room
    return room


def room_for(url: str) -> Room | None:
    """The room a ``CallClient.join`` reaches, or None (Daily answers that the room does not exist)."""
    with _rooms_lock:
        return _rooms.get(url)
