"""Stand-in for ``av.video.frame.VideoFrame`` (see the package docstring).

Pixels are kept in the frame's own format (RGB is derived on demand); ``to_ndarray`` returns PyAV's shape for that format: ``(h, w, 3)`` for rgb24/bgr24,
``(h, w, 4)`` for rgba/bgra, ``(h, w)`` for gray, ``(h * 3 // 2, w)`` for yuv420p/yuvj420p/nv12.
YUV conversions use BT.601: limited range for yuv420p/nv12 (libswscale's default), full range for
yuvj420p.
"""

import numpy as np

from ..frame import Frame
from .format import VideoFormat

_YUV = ("yuv420p", "yuvj420p", "nv12")


def _rgb_to_yuv(rgb: np.ndarray, full: bool):
    r, g, b = (rgb[..., i].astype(np.float32) for i in range(3))
    if full:
        y = 0.299 * r + 0.587 * g + 0.114 * b
        u = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
        v = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
    else:
        y = 16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255
        u = 128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255
        v = 128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255
    return y, u, v


def _yuv_to_rgb(y, u, v, full: bool) -> np.ndarray:
    y = y.astype(np.float32)
    u = u.astype(np.float32) - 128
    v = v.astype(np.float32) - 128
    if full:
        r = y + 1.402 * v
        g = y - 0.344136 * u - 0.714136 * v
        b = y + 1.772 * u
    else:
        y = 1.164 * (y - 16)
        r = y + 1.596 * v
        g = y - 0.392 * u - 0.813 * v
        b = y + 2.017 * u
    return np.clip(np.round(np.stack([r, g, b], axis=-1)), 0, 255).astype(np.uint8)


def _subsample(c: np.ndarray) -> np.ndarray:
    """Average 2x2 blocks (4:2:0 chroma); odd sizes repeat the last row/column."""
    h, w = c.shape
    c = np.pad(c, ((0, h % 2), (0, w % 2)), mode="edge")
    return (c[0::2, 0::2] + c[1::2, 0::2] + c[0::2, 1::2] + c[1::2, 1::2]) / 4


def _upsample(c: np.ndarray, h: int, w: int) -> np.ndarray:
    return np.repeat(np.repeat(c, 2, axis=0), 2, axis=1)[:h, :w]


def _encode(rgb: np.ndarray, fmt: str) -> np.ndarray:
    """RGB (h, w, 3) -> PyAV's ndarray for ``fmt``."""
    h, w = rgb.shape[:2]
    if fmt == "rgb24":
        return rgb.copy()
    if fmt == "bgr24":
        return rgb[..., ::-1].copy()
    if fmt in ("rgba", "bgra"):
        px = rgb if fmt == "rgba" else rgb[..., ::-1]
        return np.concatenate([px, np.full((h, w, 1), 255, np.uint8)], axis=-1)
    if fmt == "gray":
        y, _, _ = _rgb_to_yuv(rgb, full=True)
        return np.clip(np.round(y), 0, 255).astype(np.uint8)
    if h % 2 or w % 2:
        raise ValueError(f"{fmt} needs an even frame size, got {w}x{h}")
    y, u, v = _rgb_to_yuv(rgb, full=(fmt == "yuvj420p"))
    y = np.clip(np.round(y), 0, 255).astype(np.uint8)
    u = np.clip(np.round(_subsample(u)), 0, 255).astype(np.uint8)
    v = np.clip(np.round(_subsample(v)), 0, 255).astype(np.uint8)
    if fmt == "nv12":
        uv = np.stack([u, v], axis=-1).reshape(h // 2, w)
        return np.concatenate([y, uv], axis=0)
    return np.concatenate([y, u.reshape(h // 4, w), v.reshape(h // 4, w)], axis=0)


def _decode(array: np.ndarray, fmt: str) -> np.ndarray:
    """PyAV's ndarray for ``fmt`` -> RGB (h, w, 3) (for rgb24, the array itself: callers only read it)."""
    if fmt == "rgb24":
        return array
    if fmt == "bgr24":
        return array[..., ::-1].copy()
    if fmt == "rgba":
        return array[..., :3].copy()
    if fmt == "bgra":
        return array[..., 2::-1].copy()
    if fmt == "gray":
        return np.repeat(array[..., None], 3, axis=-1)
    h = array.shape[0] * 2 // 3
    w = array.shape[1]
    y = array[:h]
    if fmt == "nv12":
        uv = array[h:].reshape(h // 2, w // 2, 2)
        u, v = uv[..., 0], uv[..., 1]
    else:
        u = array[h : h + h // 4].reshape(h // 2, w // 2)
        v = array[h + h // 4 :].reshape(h // 2, w // 2)
    return _yuv_to_rgb(y, _upsample(u, h, w), _upsample(v, h, w), full=(fmt == "yuvj420p"))


def _shape(fmt: str, width: int, height: int) -> tuple:
    if fmt in ("rgb24", "bgr24"):
        return (height, width, 3)
    if fmt in ("rgba", "bgra"):
        return (height, width, 4)
    if fmt == "gray":
        return (height, width)
    return (height * 3 // 2, width)


class VideoFrame(Frame):
    """Raw video: ``width`` x ``height`` pixels in ``format`` (kept in that format; RGB is derived
    on demand, so passing a frame along in its own format costs no conversion)."""

    def __init__(self, width: int = 0, height: int = 0, format: str = "yuv420p"):
        super().__init__()
        self.format = VideoFormat(format, width, height)
        self.width = int(width)
        self.height = int(height)
        self.key_frame = True
        # all-zero planes: black RGB, green YUV (as in FFmpeg)
        self._data = np.zeros(_shape(format, self.width, self.height), dtype=np.uint8)
        self._rgb_cache: np.ndarray | None = None

    @staticmethod
    def from_ndarray(array, format: str = "rgb24", channel_last: bool = False) -> "VideoFrame":
        array = np.asarray(array)
        if array.dtype != np.uint8:
            raise ValueError(f"Expected numpy array with dtype `uint8` but got `{array.dtype}`")
        if format in _YUV:
            height, width = array.shape[0] * 2 // 3, array.shape[1]
        else:
            height, width = array.shape[0], array.shape[1]
        expected = _shape(format, width, height)
        if tuple(array.shape) != expected:
            raise ValueError(f"Expected numpy array of shape {expected} for {format}, got {array.shape}")
        frame = VideoFrame(0, 0, format)
        frame.width, frame.height = width, height
        frame.format = VideoFormat(format, width, height)
        frame._data = array.copy()
        return frame

    @staticmethod
    def from_rgb(rgb: np.ndarray) -> "VideoFrame":
        return VideoFrame.from_ndarray(rgb, format="rgb24")

    def _rgb(self) -> np.ndarray:
        if self._rgb_cache is None:
            self._rgb_cache = _decode(self._data, self.format.name)
        return self._rgb_cache

    def to_ndarray(self, format: str | None = None, **kwargs) -> np.ndarray:
        if format is None or format == self.format.name:
            return self._data.copy()
        return _encode(self._rgb(), format)

    def reformat(self, width: int | None = None, height: int | None = None, format: str | None = None, **kwargs) -> "VideoFrame":
        width = width or self.width
        height = height or self.height
        fmt = format or self.format.name
        out = VideoFrame(0, 0, fmt)
        out.width, out.height, out.format = width, height, VideoFormat(fmt, width, height)
        out.pts, out.time_base = self.pts, self.time_base
        if (width, height) == (self.width, self.height):
            if fmt == self.format.name:
                out._data, out._rgb_cache = self._data, self._rgb_cache  # same pixels, shared
            else:
                out._data = _encode(self._rgb(), fmt)
            return out
        rows = (np.arange(height) * self.height // height).clip(0, self.height - 1)
        cols = (np.arange(width) * self.width // width).clip(0, self.width - 1)
        out._data = _encode(self._rgb()[rows][:, cols], fmt)
        return out

    def to_rgb(self, **kwargs) -> "VideoFrame":
        return self.reformat(format="rgb24")

    def to_image(self, **kwargs):
        """A PIL image of the frame (PIL is imported here, as PyAV does)."""
        from PIL import Image

        return Image.frombytes("RGB", (self.width, self.height), self._rgb().tobytes())

    def __repr__(self):
        return f"<av.VideoFrame pts={self.pts}, {self.width}x{self.height}, {self.format.name}>"
