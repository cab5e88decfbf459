"""Stand-in for ``av.video`` (see the package docstring)."""

from .format import VideoFormat
from .frame import VideoFrame

__all__ = ["VideoFormat", "VideoFrame"]
