"""``riva_audio.proto``'s AudioEncoding (the values pipecat names)."""

from ..asr import AudioEncoding  # noqa: F401 - the generated module defines it here
