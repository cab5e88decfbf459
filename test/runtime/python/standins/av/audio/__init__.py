"""Stand-in for ``av.audio`` (see the package docstring)."""

from .format import AudioFormat
from .frame import AudioFrame
from .layout import AudioLayout
from .resampler import AudioResampler

__all__ = ["AudioFormat", "AudioFrame", "AudioLayout", "AudioResampler"]
