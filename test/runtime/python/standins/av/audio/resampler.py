"""Stand-in for ``av.audio.resampler.AudioResampler`` (see the package docstring)."""

from fractions import Fraction

import numpy as np

from .format import AudioFormat
from .frame import AudioFrame
from .layout import AudioLayout


def _to_float(data: np.ndarray, fmt: AudioFormat) -> np.ndarray:
    """Samples as float64 in [-1, 1)."""
    if fmt.dtype.kind == "f":
        return data.astype(np.float64)
    if fmt.dtype == np.uint8:
        return (data.astype(np.float64) - 128.0) / 128.0
    return data.astype(np.float64) / float(2 ** (fmt.bits - 1))


def _from_float(data: np.ndarray, fmt: AudioFormat) -> np.ndarray:
    if fmt.dtype.kind == "f":
        return data.astype(fmt.dtype)
    if fmt.dtype == np.uint8:
        return np.clip(np.round(data * 128.0 + 128.0), 0, 255).astype(np.uint8)
    scale = float(2 ** (fmt.bits - 1))
    return np.clip(np.round(data * scale), -scale, scale - 1).astype(fmt.dtype)


def _remix(data: np.ndarray, channels: int) -> np.ndarray:
    """(in_channels, n) -> (channels, n): a mean for downmixing, copies for upmixing."""
    if data.shape[0] == channels:
        return data
    if channels == 1:
        return data.mean(axis=0, keepdims=True)
    if data.shape[0] == 1:
        return np.repeat(data, channels, axis=0)
    raise ValueError(f"cannot remix {data.shape[0]} channels to {channels}")


class AudioResampler:
    """Converts frames to ``format``/``layout``/``rate`` (each defaults to the first frame's)."""

    def __init__(self, format=None, layout=None, rate=None, frame_size=None):
        if frame_size is not None:
            raise NotImplementedError("the av stand-in's AudioResampler does not regroup frames (frame_size)")
        self.format = AudioFormat(format) if format is not None else None
        self.layout = AudioLayout(layout) if layout is not None else None
        self.rate = int(rate) if rate else None
        self.frame_size = None
        self._in_rate = None
        self._consumed = 0  # input samples seen
        self._produced = 0  # output samples emitted
        self._tail = None  # last input sample per channel (float), for interpolation across calls
        self._out_count = 0  # samples in the frames returned so far (their pts)

    def resample(self, frame: AudioFrame | None) -> list[AudioFrame]:
        if frame is None:  # flush: nothing is held back
            return []
        if self.format is None:
            self.format = frame.format
        if self.layout is None:
            self.layout = frame.layout
        if self.rate is None:
            self.rate = frame.sample_rate
        if not frame.sample_rate:
            raise ValueError("Input frame has no sample rate")
        if self._in_rate is None:
            self._in_rate = frame.sample_rate
        elif frame.sample_rate != self._in_rate:
            raise ValueError(f"Frame rate changed from {self._in_rate} to {frame.sample_rate}")
        if frame.format == self.format and frame.layout == self.layout and frame.sample_rate == self.rate:
            return [frame]  # PyAV passes matching frames through untouched

        data = _remix(_to_float(frame._data, frame.format), self.layout.nb_channels)
        if frame.sample_rate != self.rate:
            data = self._rate_convert(data)
        out = AudioFrame(format=self.format.name, layout=self.layout, samples=0)
        out._data = _from_float(data, self.format)
        out.samples = out._data.shape[1]
        out.sample_rate = self.rate
        out.time_base = Fraction(1, self.rate)
        if frame.pts is not None:
            out.pts = self._out_count
        self._out_count += out.samples
        return [out] if out.samples else []

    def _rate_convert(self, data: np.ndarray) -> np.ndarray:
        """Linear interpolation on the absolute sample grid, continuing from the previous call."""
        step = self._in_rate / self.rate  # input samples per output sample
        n_in = data.shape[1]
        if n_in == 0:
            return data
        if self._tail is not None:
            buf = np.concatenate([self._tail, data], axis=1)
            first = self._consumed - 1  # absolute index of buf[:, 0]
        else:
            buf = data
            first = 0
        self._consumed += n_in
        last = self._consumed - 1
        # Output k sits at input position k * step; emit every k whose position is available.
        k_end = int(np.floor(last / step)) + 1
        ks = np.arange(self._produced, k_end)
        self._produced = max(self._produced, k_end)
        self._tail = data[:, -1:].copy()
        if ks.size == 0:
            return np.zeros((data.shape[0], 0))
        pos = ks * step - first
        idx = np.arange(buf.shape[1], dtype=np.float64)
        return np.stack([np.interp(pos, idx, ch) for ch in buf])
