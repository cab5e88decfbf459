"""Stand-in for ``livekit.rtc._proto.video_frame_pb2``: the ``VideoBufferType`` enum (values of
LiveKit's ``video_frame.proto``), which pipecat/services/heygen/client.py compares frames with."""

import enum


class VideoBufferType(enum.IntEnum):
    RGBA = 0
    ABGR = 1
    ARGB = 2
    BGRA = 3
    RGB24 = 4
    I420 = 5
    I420A = 6
    I422 = 7
    I444 = 8
    I010 = 9
    NV12 = 10
