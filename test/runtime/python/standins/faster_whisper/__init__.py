"""Stand-in for ``faster_whisper``, as pipecat/services/whisper/stt.py uses it.

pipecat loads the model in the service's constructor (``WhisperModel(name, device=...,
compute_type=...)``, which downloads it on first use) and, since 1.8, refuses a language the loaded
model cannot transcribe by reading ``WhisperModel.supported_languages``: faster-whisper answers
``["en"]`` for an English-only model (a name ending in ``.en``) and Whisper's language codes for a
multilingual one. The stand-in downloads nothing and answers the same. Transcription is scripted at
pipecat's ``run_stt`` (rt/services.py), so ``transcribe`` returns no segments. Calls are recorded
in :data:`CALLS` (never audio).
"""

from types import SimpleNamespace

CALLS: list[str] = []

#: A multilingual model's languages (a subset of Whisper's codes is enough for the harness).
MULTILINGUAL = ["ar", "de", "en", "es", "fr", "hi", "it", "ja", "ko", "nl", "pt", "ru", "uk", "vi", "zh"]


class WhisperModel:
    def __init__(self, model_size_or_path: str, device: str = "auto", compute_type: str = "default", **kwargs):
        CALLS.append("WhisperModel")
        self.model_size_or_path = model_size_or_path
        self.device = device
        self.compute_type = compute_type

    @property
    def supported_languages(self) -> list[str]:
        return ["en"] if str(self.model_size_or_path).endswith(".en") else list(MULTILINGUAL)

    def transcribe(self, audio, **kwargs):
        CALLS.append("transcribe")
        return iter(()), SimpleNamespace(language="en", language_probability=1.0)
