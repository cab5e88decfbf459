"""Stand-in for ``livekit.rtc._proto``: only ``video_frame_pb2.VideoBufferType`` is used."""
