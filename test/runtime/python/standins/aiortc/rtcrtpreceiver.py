"""Stand-in for ``aiortc.rtcrtpreceiver``: the receiving side of a transceiver.

:class:`RTCRtpReceiver` keeps aiortc's private ``_enabled`` switch, which pipecat uses
(pipecat/transports/smallwebrtc/connection.py ``SmallWebRTCTrack``): while it is False, arriving
media is discarded, as aiortc's ``_handle_rtp_packet`` does. Media arrives from the linked remote
sender (see ``rtcpeerconnection``) and is handed to the :class:`RemoteStreamTrack` in the form
aiortc's decoders produce it:

- audio: Opus decodes to 16-bit interleaved stereo at 48 kHz in 20 ms (960-sample) frames whatever
  the sender's rate, channels and frame size; ``pts`` counts samples from 0 on that 48 kHz clock;
- video: VP8/H.264 decode to ``yuv420p`` at the sent size; ``pts`` on the 90 kHz clock from 0.

A peer connection flagged ``_rt_deliver_raw`` (the harness's browser, whose decoders are not
aiortc's) receives the sender's frames unchanged. The end of the remote stream (RTCP BYE, DTLS
shutdown) or ``stop()`` ends the track: ``recv`` then raises ``MediaStreamError``, as in aiortc.
"""

import asyncio
import fractions

import numpy as np
from av import AudioFrame, AudioResampler, VideoFrame

from .mediastreams import MediaStreamError, MediaStreamTrack

OPUS_RATE = 48000
OPUS_SAMPLES = 960  # 20 ms at 48 kHz
VIDEO_CLOCK = 90000


class RemoteStreamTrack(MediaStreamTrack):
    """A track fed by the remote peer; frames wait in ``_queue`` (pipecat drains it directly)."""

    def __init__(self, kind: str, id: str | None = None) -> None:
        super().__init__()
        self.kind = kind
        if id is not None:
            self._id = id
        self._queue: asyncio.Queue = asyncio.Queue()

    async def recv(self):
        if self.readyState != "live":
            raise MediaStreamError
        frame = await self._queue.get()
        if frame is None:
            self.stop()
            raise MediaStreamError
        return frame


class _Decoder:
    """What aiortc's decoder for ``kind`` hands the application for each sent frame."""

    def __init__(self, kind: str):
        self.kind = kind
        self._resampler = None
        self._pending = np.zeros((0, 2), dtype=np.int16)  # (samples, channels)
        self._pts = 0
        self._video_origin = None

    def decode(self, frame) -> list:
        if self.kind == "audio":
            return self._audio(frame)
        return self._video(frame)

    def _audio(self, frame: AudioFrame) -> list:
        if self._resampler is None:
            self._resampler = AudioResampler("s16", "stereo", OPUS_RATE)
        for f in self._resampler.resample(frame):
            self._pending = np.concatenate([self._pending, f.to_ndarray().reshape(-1, 2)])
        out = []
        while len(self._pending) >= OPUS_SAMPLES:
            chunk, self._pending = self._pending[:OPUS_SAMPLES], self._pending[OPUS_SAMPLES:]
            decoded = AudioFrame.from_ndarray(chunk.reshape(1, -1), format="s16", layout="stereo")
            decoded.sample_rate = OPUS_RATE
            decoded.pts = self._pts
            decoded.time_base = fractions.Fraction(1, OPUS_RATE)
            self._pts += OPUS_SAMPLES
            out.append(decoded)
        return out

    def _video(self, frame: VideoFrame) -> list:
        decoded = frame.reformat(format="yuv420p")
        ts = 0
        if frame.pts is not None and frame.time_base is not None:
            ts = int(frame.pts * frame.time_base * VIDEO_CLOCK)
        if self._video_origin is None:
            self._video_origin = ts
        decoded.pts = ts - self._video_origin
        decoded.time_base = fractions.Fraction(1, VIDEO_CLOCK)
        return [decoded]


class RTCRtpReceiver:
    """Receives one transceiver's media (see the module docstring)."""

    def __init__(self, kind: str, transport=None) -> None:
        self._enabled = True
        self.__kind = kind
        self.__transport = transport
        self._track: RemoteStreamTrack | None = None
        self._receiving = False
        self._raw = False
        self._decoder = _Decoder(kind)
        self.frames_received = 0  # frames accepted while enabled (before decoding)

    @property
    def track(self) -> MediaStreamTrack | None:
        return self._track

    @property
    def transport(self):
        return self.__transport

    @classmethod
    def getCapabilities(cls, kind):
        return None

    async def getStats(self) -> dict:
        return {}

    def getSynchronizationSources(self) -> list:
        return []

    def setTransport(self, transport) -> None:
        self.__transport = transport

    async def receive(self, parameters=None) -> None:
        """Start accepting media (the connection is up and the direction includes receiving)."""
        self._receiving = True

    async def stop(self) -> None:
        self._end()

    def _handle_disconnect(self) -> None:
        self._end()

    def _handle_bye(self) -> None:
        self._end()

    def _end(self) -> None:
        """The decoder stops: the track gets its end marker after the frames already queued."""
        if self._receiving:
            self._receiving = False
            if self._track is not None:
                self._track._queue.put_nowait(None)

    def _handle_frame(self, frame) -> None:
        if not self._receiving or not self._enabled or self._track is None:
            return
        if self._track.readyState != "live":
            return
        self.frames_received += 1
        for decoded in [frame] if self._raw else self._decoder.decode(frame):
            self._track._queue.put_nowait(decoded)
