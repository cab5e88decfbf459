"""Stand-in for ``av.frame.Frame``: what audio and video frames share (timestamps)."""

from fractions import Fraction


class Frame:
    """Base of :class:`~av.AudioFrame` and :class:`~av.VideoFrame` (PyAV's ``av.frame.Frame``)."""

    def __init__(self):
        self.pts: int | None = None
        self.dts: int | None = None
        self.time_base: Fraction | None = None

    @property
    def time(self) -> float | None:
        """Presentation time in seconds (``pts * time_base``), or None without both."""
        if self.pts is None or self.time_base is None:
            return None
        return float(self.pts * self.time_base)
