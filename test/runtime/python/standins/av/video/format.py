"""Stand-in for ``av.video.format.VideoFormat``: a pixel format name with a frame size."""

#: pixel formats the stand-in converts between
FORMATS = ("rgb24", "bgr24", "rgba", "bgra", "gray", "yuv420p", "yuvj420p", "nv12")


class VideoFormat:
    def __init__(self, name, width: int = 0, height: int = 0):
        if isinstance(name, VideoFormat):
            name = name.name
        if name not in FORMATS:
            raise ValueError(f"the av stand-in does not handle pixel format {name!r}")
        self.name = name
        self.width = width
        self.height = height

    def __eq__(self, other):
        return isinstance(other, VideoFormat) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"<av.VideoFormat {self.name}, {self.width}x{self.height}>"
