"""Stand-in for Pillow (``PIL``): the image operations pipecat performs on raw frames.

pipecat uses ``PIL.Image`` to resize output video frames to the transport's size
(pipecat/transports/base_output.py ``_draw_image``: ``Image.frombytes(...).resize(...)``), and
PyAV's ``VideoFrame.to_image`` hands pipecat a PIL image (pipecat/services/simli/video.py). See
:mod:`PIL.Image` for what is implemented.
"""

__version__ = "0.0-standin"
