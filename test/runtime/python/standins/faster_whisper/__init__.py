"""Stand-in for ``faster_whisper``: the ``WhisperModel`` subset pipecat/services/whisper/stt.py uses.

pipecat 1.8 loads the model in the service's constructor and then refuses a language the model
cannot transcribe, reading ``WhisperModel.supported_languages``: faster-whisper lists only ``en`` for
an English-only model (every name ending in ``.en``, such as pipecat's default
``Systran/faster-distil-whisper-medium.en``) and every Whisper language otherwise. The stand-in
downloads nothing; transcription is scripted at pipecat's ``run_stt`` (rt/services.py), so
``transcribe`` yields no segments. Calls are recorded in :data:`CALLS` (never audio).
"""

from dataclasses import dataclass

CALLS: list[str] = []

#: The language codes of a multilingual Whisper model (faster_whisper.tokenizer._LANGUAGE_CODES).
LANGUAGES = (
    "af am ar as az ba be bg bn bo br bs ca cs cy da de el en es et eu fa fi fo fr gl gu ha haw he hi "
    "hr ht hu hy id is it ja jw ka kk km kn ko la lb ln lo lt lv mg mi mk ml mn mr ms mt my ne nl nn "
    "no oc pa pl ps pt ro ru sa sd si sk sl sn so sq sr su sv sw ta te tg th tk tl tr tt uk ur uz vi "
    "yi yo zh yue"
).split()


@dataclass
class TranscriptionInfo:
    language: str
    language_probability: float


class WhisperModel:
    """A loaded model that transcribes nothing (the harness scripts the transcription)."""

    def __init__(self, model_size_or_path: str, device: str = "auto", compute_type: str = "default", **kwargs):
        CALLS.append("WhisperModel")
        self.model_size_or_path = model_size_or_path
        self.device = device
        self.compute_type = compute_type

    @property
    def supported_languages(self) -> list[str]:
        """``["en"]`` for an English-only model (a name ending in ``.en``), else every language."""
        return ["en"] if str(self.model_size_or_path).endswith(".en") else list(LANGUAGES)

    def transcribe(self, audio, language=None, **kwargs):
        CALLS.append("transcribe")
        return iter(()), TranscriptionInfo(language=language or "en", language_probability=1.0)
