"""Stand-in for ``PIL.Image``: raw-pixel images backed by numpy (modes ``L``, ``RGB``, ``RGBA``).

Implemented: ``frombytes``/``frombuffer``/``fromarray``/``new``, and on images ``size``, ``width``,
``height``, ``mode``, ``tobytes``, ``resize`` (nearest neighbour whatever ``resample`` asks: the
pixel count, which is what pipecat's frames depend on, is exact), ``convert``, ``copy``, ``crop``
and numpy's array protocol. ``save`` does not encode JPEG/PNG: it writes a small self-describing
raw container (``PILSTANDIN`` header, mode, size, pixels) that ``open`` reads back; ``open`` raises
``UnidentifiedImageError`` for anything else.
"""

import enum
import io

import numpy as np

_BANDS = {"L": 1, "RGB": 3, "RGBA": 4}
_MAGIC = b"PILSTANDIN"


class UnidentifiedImageError(OSError):
    pass


class Resampling(enum.IntEnum):
    NEAREST = 0
    LANCZOS = 1
    BILINEAR = 2
    BICUBIC = 3
    BOX = 4
    HAMMING = 5


NEAREST, LANCZOS, BILINEAR, BICUBIC, BOX, HAMMING = (r for r in Resampling)


def _check_mode(mode: str) -> int:
    if mode not in _BANDS:
        raise ValueError(f"the PIL stand-in does not handle image mode {mode!r}")
    return _BANDS[mode]


class Image:
    """An image: ``_pixels`` is (height, width, bands) uint8."""

    format = None

    def __init__(self, mode: str, pixels: np.ndarray):
        self.mode = mode
        self._pixels = pixels
        self.info: dict = {}

    @property
    def size(self) -> tuple[int, int]:
        return (self._pixels.shape[1], self._pixels.shape[0])

    @property
    def width(self) -> int:
        return self._pixels.shape[1]

    @property
    def height(self) -> int:
        return self._pixels.shape[0]

    def getbands(self) -> tuple[str, ...]:
        return tuple(self.mode)

    def tobytes(self, encoder_name: str = "raw", *args) -> bytes:
        return self._pixels.tobytes()

    def copy(self) -> "Image":
        return Image(self.mode, self._pixels.copy())

    def resize(self, size, resample=None, box=None, reducing_gap=None) -> "Image":
        width, height = int(size[0]), int(size[1])
        rows = (np.arange(height) * self.height // max(height, 1)).clip(0, self.height - 1)
        cols = (np.arange(width) * self.width // max(width, 1)).clip(0, self.width - 1)
        return Image(self.mode, self._pixels[rows][:, cols])

    def crop(self, box) -> "Image":
        left, upper, right, lower = (int(v) for v in box)
        return Image(self.mode, self._pixels[upper:lower, left:right].copy())

    def convert(self, mode: str | None = None, *args, **kwargs) -> "Image":
        mode = mode or self.mode
        _check_mode(mode)
        px = self._pixels.astype(np.float64)
        if self.mode == mode:
            return self.copy()
        rgb = np.repeat(px, 3, axis=-1) if self.mode == "L" else px[..., :3]
        if mode == "L":
            out = (0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2])[..., None]
        elif mode == "RGB":
            out = rgb
        else:
            alpha = px[..., 3:4] if self.mode == "RGBA" else np.full(px.shape[:2] + (1,), 255.0)
            out = np.concatenate([rgb, alpha], axis=-1)
        return Image(mode, np.clip(np.round(out), 0, 255).astype(np.uint8))

    def save(self, fp, format=None, **params) -> None:
        header = _MAGIC + f" {self.mode} {self.width} {self.height}\n".encode()
        data = header + self._pixels.tobytes()
        if isinstance(fp, (str, bytes)) or hasattr(fp, "__fspath__"):
            with open(fp, "wb") as f:
                f.write(data)
        else:
            fp.write(data)

    def __array__(self, dtype=None, copy=None):
        arr = self._pixels[..., 0] if self.mode == "L" else self._pixels
        return arr.astype(dtype) if dtype is not None else arr

    def __repr__(self):
        return f"<PIL.Image.Image (stand-in) mode={self.mode} size={self.width}x{self.height}>"


def frombytes(mode: str, size, data, decoder_name: str = "raw", *args) -> Image:
    bands = _check_mode(mode)
    width, height = int(size[0]), int(size[1])
    buf = np.frombuffer(bytes(data), dtype=np.uint8)
    if buf.size < width * height * bands:
        raise ValueError("not enough image data")
    return Image(mode, buf[: width * height * bands].reshape(height, width, bands).copy())


frombuffer = frombytes


def fromarray(obj, mode: str | None = None) -> Image:
    arr = np.asarray(obj)
    if arr.dtype != np.uint8:
        arr = arr.astype(np.uint8)
    if arr.ndim == 2:
        return Image(mode or "L", arr[..., None].copy())
    return Image(mode or {3: "RGB", 4: "RGBA"}[arr.shape[2]], arr.copy())


def new(mode: str, size, color=0) -> Image:
    bands = _check_mode(mode)
    width, height = int(size[0]), int(size[1])
    value = color if isinstance(color, (tuple, list)) else (color,) * bands
    pixels = np.empty((height, width, bands), dtype=np.uint8)
    pixels[...] = np.array(value[:bands], dtype=np.uint8)
    return Image(mode, pixels)


def open(fp, mode: str = "r", formats=None) -> Image:
    data = fp.read() if hasattr(fp, "read") else io.FileIO(fp).read()
    if not data.startswith(_MAGIC):
        raise UnidentifiedImageError("the PIL stand-in only reads what its save() wrote")
    header, _, pixels = data.partition(b"\n")
    _, img_mode, width, height = header.decode().split()
    return frombytes(img_mode, (int(width), int(height)), pixels)
