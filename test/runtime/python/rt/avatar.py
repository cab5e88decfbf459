"""What an avatar sends into the pipeline, and whether the client sees it as sent.

pipecat's output transport resizes every image to ``video_out_width`` x ``video_out_height``
without keeping the aspect ratio (transports/base_output.py ``_draw_image``), so an avatar whose
frames are 16:9 sent into a 4:3 output (pipecat's registry default, 1024x768) reaches the client
stretched. :func:`watch` notes the size of the first image the avatar service pushes
(``probe.avatar_video_size``); :func:`stretched` compares it with what the client received.
"""

from pipecat.frames.frames import OutputImageRawFrame

#: Aspect ratios closer than this (relative) count as the same: encoders round sizes to even pixels.
ASPECT_TOLERANCE = 0.02


def watch(probe, processor) -> None:
    """When ``processor`` is a video avatar service, note the size of its first pushed image."""
    if not type(processor).__name__.endswith("VideoService"):
        return
    push = processor.push_frame

    async def push_frame(frame, *args, **kwargs):
        if isinstance(frame, OutputImageRawFrame) and getattr(probe, "avatar_video_size", None) is None:
            probe.avatar_video_size = tuple(frame.size)
        return await push(frame, *args, **kwargs)

    processor.push_frame = push_frame


def stretched(probe, received: tuple[int, int] | None) -> str | None:
    """A problem line when the client's video has another aspect ratio than the avatar's, else None."""
    sent = getattr(probe, "avatar_video_size", None)
    if not sent or not received or not all(sent) or not all(received):
        return None
    ratio = (received[0] / received[1]) / (sent[0] / sent[1])
    if abs(ratio - 1) <= ASPECT_TOLERANCE:
        return None
    return (
        f"the avatar's {sent[0]}x{sent[1]} video reached the client stretched to {received[0]}x{received[1]}"
        " (video_out_width x video_out_height has another aspect ratio than the avatar's frames)"
    )
