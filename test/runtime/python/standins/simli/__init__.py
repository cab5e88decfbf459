"""Stand-in for the simli-ai SDK (``simli``): ``SimliConfig`` and ``SimliClient`` with a scripted
avatar behind them, as pipecat/services/simli/video.py uses them.

The SDK sends 16-bit mono PCM at 16 kHz to Simli over a WebSocket (``send``, chunked by 6000
bytes; ``"SKIP"`` clears what Simli has buffered; ``sendSilence`` bootstraps the stream) and
receives the avatar over WebRTC through aiortc: PyAV audio frames (Opus decoded: 16-bit stereo at
48 kHz, 20 ms) from ``getAudioStreamIterator`` and video frames from ``getVideoStreamIterator``
(reformatted to ``targetFormat``). The scripted avatar, once ``start`` has connected, streams in
real time like Simli with ``handleSilence``: every 20 ms the next 20 ms of the audio it was sent
(silence when it has none), and a 512x512 face at 30 fps. Frames wait in per-stream queues until
read, as in aiortc's remote tracks. ``start`` fails like the SDK when the API key or face id is
empty. Simli's processing latency is not modelled.
"""

import asyncio
import enum
import fractions
import time
from dataclasses import dataclass

import numpy as np
from av import AudioFrame, AudioResampler, VideoFrame

__version__ = "0.0-standin"

INPUT_RATE = 16000
OUTPUT_RATE = 48000
TICK_SECS = 0.020
VIDEO_FPS = 30
FACE_SIZE = 512


class SimliModels(str, enum.Enum):
    fasttalk = "fasttalk"
    artalk = "artalk"


class TransportMode(enum.Enum):
    P2P = 1
    LIVEKIT = 2


@dataclass
class SimliConfig:
    faceId: str
    handleSilence: bool = True
    maxSessionLength: int = 600
    maxIdleTime: int = 30
    model: SimliModels = SimliModels.fasttalk


_FACE: VideoFrame | None = None


def _face() -> VideoFrame:
    """The avatar's picture (decoded from VP8 as yuv420p, as aiortc hands it over); built once."""
    global _FACE
    if _FACE is None:
        _FACE = _draw_face()
        _FACE.to_ndarray(format="rgb24")  # the av stand-in caches the RGB view: copies share it
    return _FACE


def _draw_face() -> VideoFrame:
    y, x = np.mgrid[0:FACE_SIZE, 0:FACE_SIZE]
    inside = (x - FACE_SIZE / 2) ** 2 + (y - FACE_SIZE / 2) ** 2 < (FACE_SIZE * 0.4) ** 2
    rgb = np.zeros((FACE_SIZE, FACE_SIZE, 3), dtype=np.uint8)
    rgb[...] = (40, 40, 60)
    rgb[inside] = (220, 180, 150)
    return VideoFrame.from_ndarray(VideoFrame.from_ndarray(rgb, format="rgb24").to_ndarray(format="yuv420p"), format="yuv420p")


class _End:
    pass


class SimliClient:
    def __init__(self, api_key: str, config: SimliConfig, simliURL: str = "https://api.simli.ai", retry_count: int = 3,
                 retry_timeout: float = 15.0, enableSFU: bool = True, transport_mode: TransportMode = TransportMode.P2P):
        self.api_key = api_key
        self.config = config
        self.simliHTTPURL = simliURL
        self.enableSFU = enableSFU
        self.transport_mode = transport_mode
        self.ready = asyncio.Event()
        self.stopping = False
        self._pcm = bytearray()  # audio Simli has received and not yet played
        self._audio_queue: asyncio.Queue = asyncio.Queue()
        self._video_queue: asyncio.Queue = asyncio.Queue()
        self._task: asyncio.Task | None = None
        self._callbacks: dict = {}
        self.bytes_received = 0
        self.skips = 0

    async def start(self) -> "SimliClient":
        if not self.api_key or not self.config.faceId:
            raise Exception("Failed To Initialize SimliClient")
        if self._task is None:
            self._task = asyncio.ensure_future(self._stream())
        self.ready.set()
        return self

    async def stop(self) -> None:
        if self.stopping:
            return
        self.stopping = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except BaseException:
                pass
        self._audio_queue.put_nowait(_End)
        self._video_queue.put_nowait(_End)

    def registerEventCallback(self, event, async_callback) -> None:
        self._callbacks[event] = async_callback

    async def send(self, data) -> None:
        if self._task is None:
            raise RuntimeError("Invalid State")
        if data == "SKIP":
            self.skips += 1
            self._pcm.clear()
            return
        if isinstance(data, str):
            return
        if data.startswith(b"PLAY_IMMEDIATE"):
            self._pcm.clear()
            data = data[len(b"PLAY_IMMEDIATE"):]
        self.bytes_received += len(data)
        self._pcm.extend(data)

    async def sendImmediate(self, data: bytes) -> None:
        await self.send(b"PLAY_IMMEDIATE" + bytes(data))

    playImmediate = sendImmediate

    async def sendSilence(self, duration: float = 0.1875) -> None:
        await self.send((0).to_bytes(2, "little") * int(INPUT_RATE * duration))

    async def clearBuffer(self) -> None:
        await self.send("SKIP")

    async def getAudioStreamIterator(self, targetSampleRate: int = OUTPUT_RATE):
        resampler = AudioResampler(format="s16", layout="stereo", rate=targetSampleRate) if targetSampleRate != OUTPUT_RATE else None
        while True:
            frame = await self._audio_queue.get()
            if frame is _End:
                return
            if resampler is None:
                yield frame
            else:
                for f in resampler.resample(frame):
                    yield f

    async def getVideoStreamIterator(self, targetFormat: str = "rgb24"):
        while True:
            frame = await self._video_queue.get()
            if frame is _End:
                return
            yield frame if targetFormat == "yuva420p" else frame.reformat(format=targetFormat)

    async def __aenter__(self):
        return await self.start()

    async def __aexit__(self, *exc):
        await self.stop()

    # -- the avatar ----------------------------------------------------------------------------
    async def _stream(self) -> None:
        face = _face()
        to_webrtc = AudioResampler("s16", "stereo", OUTPUT_RATE)
        samples = int(INPUT_RATE * TICK_SECS)
        start = time.monotonic()
        tick = 0
        next_video = 0.0
        while True:
            wait = start + tick * TICK_SECS - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            chunk = bytes(self._pcm[: samples * 2])
            del self._pcm[: samples * 2]
            chunk = chunk.ljust(samples * 2, b"\0")
            frame = AudioFrame.from_ndarray(np.frombuffer(chunk, dtype=np.int16)[None, :], format="s16", layout="mono")
            frame.sample_rate = INPUT_RATE
            frame.pts = tick * samples
            for out in to_webrtc.resample(frame):
                out.time_base = fractions.Fraction(1, OUTPUT_RATE)
                self._audio_queue.put_nowait(out)
            now = tick * TICK_SECS
            while next_video <= now:
                video = face.reformat()
                video.pts = int(next_video * 90000)
                video.time_base = fractions.Fraction(1, 90000)
                self._video_queue.put_nowait(video)
                next_video += 1 / VIDEO_FPS
            tick += 1
