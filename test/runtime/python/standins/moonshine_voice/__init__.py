"""Stand-in for Moonshine's ``moonshine_voice`` package, as pipecat/services/moonshine/stt.py uses it.

pipecat loads the model in the service's constructor: it checks the language against
``supported_languages()``, then ``string_to_model_arch(name)``, then
``get_model_for_language(language, arch)`` (which downloads the model on first use and returns its
local path and architecture), then ``Transcriber(path, arch)``. The stand-in downloads nothing:
it returns a placeholder path, and refuses an architecture pipecat's ``Model`` enum does not name,
or a language it has no model for, with a ``ValueError``. Transcription itself is scripted at pipecat's
``run_stt`` (rt/services.py), so ``transcribe_without_streaming`` returns an empty transcript.
Calls are recorded in :data:`CALLS` (never audio).
"""

from dataclasses import dataclass, field

CALLS: list[str] = []

#: Architectures pipecat's ``Model`` enum names (pipecat/services/moonshine/stt.py).
ARCHS = ("tiny", "base", "tiny-streaming", "base-streaming", "small-streaming", "medium-streaming")
#: Base language codes the stand-in has models for.
LANGUAGES = ("en", "es", "ar", "ja", "ko", "uk", "vi", "zh")


def string_to_model_arch(name: str) -> str:
    """The architecture named ``name`` (``ValueError`` for an unknown one)."""
    CALLS.append("string_to_model_arch")
    if name not in ARCHS:
        raise ValueError(f"Unknown model architecture: {name}")
    return name


def model_arch_to_string(arch: str) -> str:
    """The name of an architecture (the inverse of :func:`string_to_model_arch`)."""
    CALLS.append("model_arch_to_string")
    return arch


def supported_languages() -> list[str]:
    """Base language codes with a model (pipecat 1.8 checks the configured language against them)."""
    CALLS.append("supported_languages")
    return list(LANGUAGES)


def supported_languages_friendly() -> str:
    """The supported languages for a message, e.g. ``en, es, ...``."""
    return ", ".join(LANGUAGES)


def get_model_for_language(language: str, arch: str | None = None) -> tuple[str, str]:
    """``(local model path, architecture)`` for ``language``, by default its best model ``base``
    (``ValueError`` when there is none)."""
    CALLS.append("get_model_for_language")
    if language not in LANGUAGES:
        raise ValueError(f"No Moonshine model for language: {language}")
    arch = arch or "base"
    return f"/nonexistent/moonshine/{language}/{arch}", arch


@dataclass
class TranscriptLine:
    text: str


@dataclass
class Transcript:
    lines: list[TranscriptLine] = field(default_factory=list)


class Transcriber:
    """A loaded model; transcribes nothing (the harness scripts the transcription)."""

    def __init__(self, model_path: str, model_arch: str):
        CALLS.append("Transcriber")
        self.model_path = model_path
        self.model_arch = model_arch

    def transcribe_without_streaming(self, audio: list[float], sample_rate: int) -> Transcript:
        CALLS.append("transcribe_without_streaming")
        return Transcript()
