"""Stand-in for ``av.audio.format.AudioFormat``: sample formats by their FFmpeg names."""

import numpy as np

#: FFmpeg sample format name -> (numpy dtype, planar)
_FORMATS = {
    "u8": ("uint8", False), "u8p": ("uint8", True),
    "s16": ("int16", False), "s16p": ("int16", True),
    "s32": ("int32", False), "s32p": ("int32", True),
    "flt": ("float32", False), "fltp": ("float32", True),
    "dbl": ("float64", False), "dblp": ("float64", True),
}


class AudioFormat:
    """A sample format (``s16``, ``fltp``...): its numpy dtype and whether it is planar."""

    def __init__(self, name):
        if isinstance(name, AudioFormat):
            name = name.name
        if name not in _FORMATS:
            raise ValueError(f"invalid sample format {name!r}")
        self.name = name
        dtype, planar = _FORMATS[name]
        self.dtype = np.dtype(dtype)
        self.is_planar = planar
        self.is_packed = not planar
        self.bytes = self.dtype.itemsize
        self.bits = self.bytes * 8

    @property
    def packed(self) -> "AudioFormat":
        return AudioFormat(self.name.rstrip("p") if self.is_planar else self.name)

    @property
    def planar(self) -> "AudioFormat":
        return self if self.is_planar else AudioFormat(self.name + "p")

    def __eq__(self, other):
        return isinstance(other, AudioFormat) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"<av.AudioFormat {self.name}>"
