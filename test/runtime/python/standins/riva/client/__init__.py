"""Stand-in for ``riva.client`` (nvidia-riva-client), the gRPC client pipecat's NVIDIA services use.

Hand-written where pipecat depends on behaviour: the streaming speech recognition
:class:`~riva.client.asr.ASRService` (``NvidiaSTTService``, pipecat/services/nvidia/stt.py) and the
config messages and helpers it builds its request with. Every other name (``SpeechSynthesisService``
for the TTS, whose ``run_tts`` the harness scripts) and every submodule not written here
(``riva.client.proto.*``) is a recording fake from ``_autofake``, as the whole package was before.
"""

import _autofake

from .asr import (  # noqa: F401 - riva.client re-exports these, as the real package does
    ASRService,
    AudioEncoding,
    EndpointingConfig,
    RecognitionConfig,
    SpeakerDiarizationConfig,
    SpeechContext,
    StreamingRecognitionConfig,
    add_custom_configuration_to_config,
    add_endpoint_parameters_to_config,
    add_speaker_diarization_to_config,
    add_word_boosting_to_config,
    streaming_request_generator,
)
from .auth import Auth  # noqa: F401


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"riva.client.{name}")
