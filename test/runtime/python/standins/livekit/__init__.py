"""Stand-in for the LiveKit Python SDK (``livekit``): the ``livekit.rtc`` subset pipecat 1.7.0's
HeyGen client uses (pipecat/services/heygen/client.py). See :mod:`livekit.rtc`; every other
submodule (``livekit.api``...) is a recording fake from ``_autofake``."""
