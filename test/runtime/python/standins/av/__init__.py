"""Stand-in for PyAV (``av``): the frame and resampler objects pipecat's WebRTC code uses.

pipecat never decodes or encodes media with PyAV itself; it moves raw samples and pixels between
numpy and PyAV frames (pipecat/transports/smallwebrtc/transport.py, pipecat/services/simli/video.py)
and resamples audio with ``AudioResampler``. This package implements exactly that, with numpy:

- :class:`AudioFrame` (``from_ndarray``/``to_ndarray``, ``samples``, ``sample_rate``/``rate``,
  ``format``, ``layout``, ``pts``, ``time_base``) with PyAV's array shapes: packed formats are
  ``(1, samples * channels)`` interleaved, planar formats ``(channels, samples)``.
- :class:`AudioResampler` converting format, channel layout and rate. Rate conversion is linear
  interpolation that keeps its position across calls (so a stream's output length is exact to one
  sample), with no filter delay: libswresample's delay and its flush (``resample(None)``) are not
  modelled, which only shifts real audio by a few milliseconds.
- :class:`VideoFrame` (``from_ndarray``/``to_ndarray``, ``reformat``, ``to_rgb``, ``to_image``,
  ``width``/``height``/``format``) for ``rgb24``, ``bgr24``, ``rgba``, ``gray``, ``yuv420p``,
  ``yuvj420p`` and ``nv12``, converting with BT.601 as libswscale does by default and resizing by
  nearest neighbour.

Not here: containers, codecs, ``av.open``; importing them fails loudly rather than faking media.
"""

from .audio.format import AudioFormat
from .audio.frame import AudioFrame
from .audio.layout import AudioLayout
from .audio.resampler import AudioResampler
from .frame import Frame
from .video.format import VideoFormat
from .video.frame import VideoFrame

__version__ = "0.0-standin"

__all__ = ["AudioFormat", "AudioFrame", "AudioLayout", "AudioResampler", "Frame", "VideoFormat", "VideoFrame"]
