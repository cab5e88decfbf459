"""Stand-in for OpenCV (``cv2``): the colour conversions pipecat's SmallWebRTC input uses.

pipecat/transports/smallwebrtc/transport.py (``SmallWebRTCClient._convert_frame``) converts each
received camera frame to RGB with ``cv2.cvtColor`` when aiortc's decoder hands it a YUV or gray
frame (VP8/H.264 decode to ``yuv420p``). pipecat-ai's ``webrtc`` extra installs
opencv-python-headless for this. Implemented with numpy: I420 and NV12 to RGB/BGR with OpenCV's
BT.601 limited-range coefficients, gray to RGB, and RGB/BGR swaps. Anything else raises.
"""

import numpy as np

__version__ = "0.0-standin"

# OpenCV's ColorConversionCodes values.
COLOR_BGR2RGB = 4
COLOR_RGB2BGR = 4
COLOR_GRAY2BGR = 8
COLOR_GRAY2RGB = 8
COLOR_YUV2RGB_NV12 = 90
COLOR_YUV2BGR_NV12 = 91
COLOR_YUV2RGB_IYUV = 100
COLOR_YUV2RGB_I420 = 100
COLOR_YUV2BGR_IYUV = 101
COLOR_YUV2BGR_I420 = 101


def _yuv420_to_rgb(y: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    h, w = y.shape
    u = np.repeat(np.repeat(u, 2, axis=0), 2, axis=1)[:h, :w].astype(np.float32) - 128
    v = np.repeat(np.repeat(v, 2, axis=0), 2, axis=1)[:h, :w].astype(np.float32) - 128
    y = 1.164 * (y.astype(np.float32) - 16)
    rgb = np.stack([y + 1.596 * v, y - 0.391 * u - 0.813 * v, y + 2.018 * u], axis=-1)
    return np.clip(np.round(rgb), 0, 255).astype(np.uint8)


def cvtColor(src, code, dst=None, dstCn=0):
    src = np.asarray(src)
    if code in (COLOR_YUV2RGB_I420, COLOR_YUV2BGR_I420, COLOR_YUV2RGB_NV12, COLOR_YUV2BGR_NV12):
        if src.ndim != 2 or src.shape[0] % 3:
            raise ValueError(f"cvtColor: a YUV 4:2:0 image has shape (h * 3 / 2, w), got {src.shape}")
        h, w = src.shape[0] * 2 // 3, src.shape[1]
        y = src[:h]
        if code in (COLOR_YUV2RGB_NV12, COLOR_YUV2BGR_NV12):
            uv = src[h:].reshape(h // 2, w // 2, 2)
            u, v = uv[..., 0], uv[..., 1]
        else:
            u = src[h : h + h // 4].reshape(h // 2, w // 2)
            v = src[h + h // 4 :].reshape(h // 2, w // 2)
        rgb = _yuv420_to_rgb(y, u, v)
        return rgb[..., ::-1].copy() if code in (COLOR_YUV2BGR_I420, COLOR_YUV2BGR_NV12) else rgb
    if code == COLOR_GRAY2RGB:
        return np.repeat(src.reshape(src.shape[0], src.shape[1], 1), 3, axis=-1)
    if code == COLOR_BGR2RGB:
        return src[..., ::-1].copy()
    raise NotImplementedError(f"the cv2 stand-in does not convert code {code}")
