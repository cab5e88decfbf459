"""Stand-in for ``aiortc.mediastreams``: media tracks as aiortc defines them.

A track is an event emitter with ``kind``, ``id``, ``readyState`` (``live``/``ended``), ``stop()``
(emits ``ended`` once) and ``async recv()`` returning the next av frame. ``AudioStreamTrack`` and
``VideoStreamTrack`` are aiortc's paced defaults (20 ms of silence at 8 kHz; a green 640x480 frame
at 30 fps); pipecat subclasses both for its output tracks (pipecat/transports/smallwebrtc/transport.py
``RawAudioTrack``/``RawVideoTrack``) and uses ``VideoStreamTrack.next_timestamp`` for pacing.
"""

import asyncio
import fractions
import time
import uuid

from av import AudioFrame, VideoFrame

from ._events import AsyncIOEventEmitter

AUDIO_PTIME = 0.020  # 20 ms audio packetization
VIDEO_CLOCK_RATE = 90000
VIDEO_PTIME = 1 / 30  # 30 fps
VIDEO_TIME_BASE = fractions.Fraction(1, VIDEO_CLOCK_RATE)


class MediaStreamError(Exception):
    pass


class MediaStreamTrack(AsyncIOEventEmitter):
    """A single media track; subclasses implement ``recv``."""

    kind = "unknown"

    def __init__(self) -> None:
        super().__init__()
        self.__ended = False
        self._id = str(uuid.uuid4())

    @property
    def id(self) -> str:
        return self._id

    @property
    def readyState(self) -> str:
        return "ended" if self.__ended else "live"

    async def recv(self):
        raise NotImplementedError

    def stop(self) -> None:
        if not self.__ended:
            self.__ended = True
            self.emit("ended")
            self.remove_all_listeners()


class AudioStreamTrack(MediaStreamTrack):
    """Paced silence: 20 ms frames of 16-bit mono at 8 kHz."""

    kind = "audio"
    _start: float
    _timestamp: int

    async def recv(self) -> AudioFrame:
        if self.readyState != "live":
            raise MediaStreamError
        sample_rate = 8000
        samples = int(AUDIO_PTIME * sample_rate)
        if hasattr(self, "_timestamp"):
            self._timestamp += samples
            wait = self._start + (self._timestamp / sample_rate) - time.time()
            await asyncio.sleep(wait)
        else:
            self._start = time.time()
            self._timestamp = 0
        frame = AudioFrame(format="s16", layout="mono", samples=samples)
        frame.pts = self._timestamp
        frame.sample_rate = sample_rate
        frame.time_base = fractions.Fraction(1, sample_rate)
        return frame


class VideoStreamTrack(MediaStreamTrack):
    """Paced green frames; ``next_timestamp`` paces subclasses at 30 fps on a 90 kHz clock."""

    kind = "video"
    _start: float
    _timestamp: int

    async def next_timestamp(self) -> tuple[int, fractions.Fraction]:
        if self.readyState != "live":
            raise MediaStreamError
        if hasattr(self, "_timestamp"):
            self._timestamp += int(VIDEO_PTIME * VIDEO_CLOCK_RATE)
            wait = self._start + (self._timestamp / VIDEO_CLOCK_RATE) - time.time()
            await asyncio.sleep(wait)
        else:
            self._start = time.time()
            self._timestamp = 0
        return self._timestamp, VIDEO_TIME_BASE

    async def recv(self) -> VideoFrame:
        pts, time_base = await self.next_timestamp()
        frame = VideoFrame(width=640, height=480)
        frame.pts = pts
        frame.time_base = time_base
        return frame
