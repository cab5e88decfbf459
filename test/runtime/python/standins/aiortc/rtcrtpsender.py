"""Stand-in for ``aiortc.rtcrtpsender``: the sending side of a transceiver.

Once the connection is up (``send``), a task pulls frames from the sender's track with
``await track.recv()`` — the track paces itself, as aiortc's do — and hands each one to the remote
receiver of the same mid (the "wire", see ``rtcpeerconnection``). ``replaceTrack`` swaps the track
without renegotiation. A track that ends stops the sending until another is set; an exception
other than ``MediaStreamError`` from ``recv`` stops the sender and is reported to the event loop's
exception handler (aiortc logs it through ``logging`` and stops sending). ``stop`` sends RTCP BYE,
which ends the remote track.
"""

import asyncio
import random
import uuid

from .mediastreams import MediaStreamError, MediaStreamTrack


class RTCRtpSender:
    def __init__(self, trackOrKind, transport=None) -> None:
        if isinstance(trackOrKind, MediaStreamTrack):
            self.__kind = trackOrKind.kind
            self.__track = trackOrKind
        else:
            self.__kind = trackOrKind
            self.__track = None
        self.__transport = transport
        self._ssrc = random.getrandbits(32)
        self._rtx_ssrc = random.getrandbits(32)
        self._stream_id = str(uuid.uuid4())
        self._track_id = self.__track.id if self.__track else str(uuid.uuid4())
        self._task: asyncio.Task | None = None
        self._changed: asyncio.Event | None = None
        self._deliver = None  # set by the peer connection: frame -> remote receiver
        self._bye = None  # set by the peer connection: tell the remote receiver the stream ended
        self.frames_sent = 0

    @property
    def kind(self) -> str:
        return self.__kind

    @property
    def track(self) -> MediaStreamTrack | None:
        return self.__track

    @property
    def transport(self):
        return self.__transport

    @classmethod
    def getCapabilities(cls, kind):
        return None

    async def getStats(self) -> dict:
        return {}

    def replaceTrack(self, track: MediaStreamTrack | None) -> None:
        self.__track = track
        if track is not None:
            self._track_id = track.id
        if self._changed is not None:
            self._changed.set()

    def setTransport(self, transport) -> None:
        self.__transport = transport

    async def send(self, parameters=None) -> None:
        if self._task is None:
            self._changed = asyncio.Event()
            self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except BaseException:
                pass
            self._task = None
            if self.frames_sent and self._bye is not None:
                self._bye()

    async def _run(self) -> None:
        while True:
            track = self.__track
            if track is None or track.readyState != "live":
                self._changed.clear()
                await self._changed.wait()
                continue
            try:
                frame = await track.recv()
            except MediaStreamError:
                if track is self.__track:
                    self._changed.clear()
                    await self._changed.wait()
                continue
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - aiortc stops the sender and logs
                asyncio.get_running_loop().call_exception_handler(
                    {"message": f"RTCRtpSender({self.__kind}) stopped: its track's recv() raised", "exception": exc}
                )
                return
            self.frames_sent += 1
            if self._deliver is not None:
                self._deliver(frame)
