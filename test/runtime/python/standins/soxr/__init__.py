"""Stand-in for python-soxr that really resamples (linear interpolation with numpy).

pipecat uses ``soxr.resample(x, in_rate, out_rate, quality=...)`` and
``soxr.ResampleStream(in_rate, out_rate, num_channels, dtype=..., quality=...).resample_chunk(x)``
(pipecat/audio/resamplers/). Output length is ``len(x) * out_rate / in_rate`` (the stream keeps the
fractional position between chunks, so a stream's total length is exact to one sample), which is
what the runtime tier's duration checks rely on. Quality arguments are accepted and ignored.
"""

import numpy as np

__version__ = "0.0-standin"
VHQ = HQ = MQ = LQ = QQ = None


def _interp(x, positions):
    idx = np.arange(len(x), dtype=np.float64)
    return np.interp(positions, idx, x.astype(np.float64)) if len(x) else np.zeros(0)


def resample(x, in_rate, out_rate, quality="HQ"):
    """Resample a 1-D array (int16 or float) from ``in_rate`` to ``out_rate`` Hz."""
    x = np.asarray(x)
    if in_rate == out_rate or len(x) == 0:
        return x.copy()
    n_out = int(round(len(x) * out_rate / in_rate))
    positions = np.arange(n_out, dtype=np.float64) * (in_rate / out_rate)
    y = _interp(x, np.minimum(positions, len(x) - 1))
    return y.astype(x.dtype) if np.issubdtype(x.dtype, np.integer) else y.astype(x.dtype)


class ResampleStream:
    """Streaming resampler: ``resample_chunk`` keeps the position across calls."""

    def __init__(self, in_rate, out_rate, num_channels=1, dtype="float32", quality="HQ"):
        self.in_rate = float(in_rate)
        self.out_rate = float(out_rate)
        self.dtype = np.dtype(dtype)
        self.clear()

    def clear(self):
        self._consumed_in = 0  # input samples received so far
        self._produced_out = 0  # output samples emitted so far
        self._tail = np.zeros(0)

    def resample_chunk(self, x, last=False):
        x = np.asarray(x)
        if self.in_rate == self.out_rate:
            return x.astype(self.dtype)
        buf = np.concatenate([self._tail, x.astype(np.float64)])
        start = self._consumed_in - len(self._tail)
        self._consumed_in += len(x)
        total_out = int(self._consumed_in * self.out_rate / self.in_rate)
        n = total_out - self._produced_out
        if n <= 0 or len(buf) == 0:
            self._tail = buf[-1:]
            return np.zeros(0, dtype=self.dtype)
        positions = (self._produced_out + np.arange(n)) * (self.in_rate / self.out_rate) - start
        y = _interp(buf, np.clip(positions, 0, len(buf) - 1))
        self._produced_out = total_out
        self._tail = buf[-1:]
        return y.astype(self.dtype)
