"""Stand-in for ``av.audio.frame.AudioFrame`` (see the package docstring for the array shapes)."""

import numpy as np

from ..frame import Frame
from .format import AudioFormat
from .layout import AudioLayout


class AudioPlane:
    """One plane of samples (packed formats have one, planar formats one per channel)."""

    def __init__(self, data: np.ndarray):
        self._data = data

    @property
    def buffer_size(self) -> int:
        return self._data.nbytes

    def __bytes__(self) -> bytes:
        return self._data.tobytes()

    def __buffer__(self, flags):  # pragma: no cover - Python >= 3.12 buffer protocol
        return memoryview(self._data.tobytes())


class AudioFrame(Frame):
    """Raw audio: ``samples`` per channel in ``format`` and ``layout``, at ``sample_rate`` Hz."""

    def __init__(self, format="s16", layout="stereo", samples=0, align=1):
        super().__init__()
        self.format = AudioFormat(format)
        self.layout = AudioLayout(layout)
        self.samples = int(samples)
        self.sample_rate = 0
        # (channels, samples) in the frame's dtype, whatever the packing.
        self._data = np.zeros((self.layout.nb_channels, self.samples), dtype=self.format.dtype)

    # PyAV exposes the rate under both names.
    @property
    def rate(self) -> int:
        return self.sample_rate

    @rate.setter
    def rate(self, value: int) -> None:
        self.sample_rate = value

    @property
    def planes(self) -> list[AudioPlane]:
        if self.format.is_planar:
            return [AudioPlane(self._data[c]) for c in range(self._data.shape[0])]
        return [AudioPlane(self._data.T.reshape(-1))]

    @staticmethod
    def from_ndarray(array, format="s16", layout="stereo") -> "AudioFrame":
        """Build a frame from PyAV's array shape: packed ``(1, samples*channels)``, planar ``(channels, samples)``."""
        fmt = AudioFormat(format)
        lay = AudioLayout(layout)
        array = np.asarray(array)
        if array.dtype != fmt.dtype:
            raise ValueError(f"Expected numpy array with dtype `{fmt.dtype}` but got `{array.dtype}`")
        if array.ndim != 2:
            raise ValueError(f"Expected numpy array with ndim `2` but got `{array.ndim}`")
        channels = lay.nb_channels
        if fmt.is_planar:
            if array.shape[0] != channels:
                raise ValueError(f"Expected planar `array.shape[0]` to equal `{channels}` but got `{array.shape[0]}`")
            data = array.copy()
        else:
            if array.shape[0] != 1:
                raise ValueError(f"Expected packed `array.shape[0]` to equal `1` but got `{array.shape[0]}`")
            if array.shape[1] % channels:
                raise ValueError(f"Expected packed `array.shape[1]` to be a multiple of {channels}")
            data = array.reshape(-1, channels).T.copy()
        frame = AudioFrame(format=fmt.name, layout=lay, samples=0)
        frame._data = data
        frame.samples = data.shape[1]
        return frame

    def to_ndarray(self, **kwargs) -> np.ndarray:
        """PyAV's shape: packed ``(1, samples*channels)`` interleaved, planar ``(channels, samples)``."""
        if self.format.is_planar:
            return self._data.copy()
        return self._data.T.reshape(1, -1).copy()

    def __repr__(self):
        return (
            f"<av.AudioFrame pts={self.pts}, {self.samples} samples at {self.sample_rate}Hz, "
            f"{self.layout.name}, {self.format.name}>"
        )
