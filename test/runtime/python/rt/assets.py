"""Package data that pipecat's wheel ships but the shared source mirror left out.

The mirror of pipecat-ai 1.8.0-dev (``../shared/pipecat-ai-1.8.0-dev``, its ABOUT.md) keeps no binary
files other than ``silero_vad.onnx``, so ``importlib.resources.files(package) / name`` finds nothing
where an installed pipecat-ai has the file. :func:`install` serves each missing file of
:data:`MISSING` from a temporary folder, written as the real file is shaped (format, rate, channels);
files the source tree does have are read from it untouched, so an installed pipecat is unaffected.
"""

import importlib.resources
import math
import os
import pathlib
import struct
import tempfile
import wave

#: (package, file) -> (sample rate in Hz, channels, seconds): the shape of the real file.
#: ``ready.wav``: the audio AWSNovaSonicLLMService sends to make Nova Sonic answer
#: (pipecat/services/aws/nova_sonic/llm.py; pipecat-ai 1.7.0 ships it as 16 kHz mono 16-bit, 0.73 s).
MISSING = {("pipecat.services.aws.nova_sonic", "ready.wav"): (16000, 1, 0.73)}

_folder = tempfile.mkdtemp(prefix="pipecat-rt-assets-")


def _write(path: str, rate: int, channels: int, seconds: float) -> None:
    """A quiet 440 Hz tone as 16-bit PCM WAV."""
    n = int(rate * seconds)
    frames = b"".join(struct.pack("<h", int(1000 * math.sin(2 * math.pi * 440 * i / rate))) * channels for i in range(n))
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


class _Overlay:
    """The package's resource folder, with the missing files served from the temporary folder."""

    def __init__(self, package: str, real):
        self._package = package
        self._real = real

    def joinpath(self, *names):
        child = self._real.joinpath(*names)
        key = (self._package, "/".join(names))
        if key in MISSING and not child.is_file():
            # Under the package's own path, so messages name it as they would the installed file.
            path = os.path.join(_folder, *self._package.split("."), *key[1].split("/"))
            if not os.path.exists(path):
                os.makedirs(os.path.dirname(path), exist_ok=True)
                _write(path, *MISSING[key])
            return pathlib.Path(path)
        return child

    __truediv__ = joinpath

    def __getattr__(self, name):
        return getattr(self._real, name)


def install() -> None:
    """Route ``importlib.resources.files`` through :class:`_Overlay` for the packages in :data:`MISSING`."""
    original = importlib.resources.files
    packages = {p for p, _ in MISSING}

    def files(anchor=None):
        real = original(anchor)
        name = anchor if isinstance(anchor, str) else getattr(anchor, "__name__", None)
        return _Overlay(name, real) if name in packages else real

    importlib.resources.files = files
