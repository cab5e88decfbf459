"""Stand-in for ``riva.client`` (nvidia-riva-client), the gRPC client pipecat's NVIDIA services use.

Hand-written where pipecat depends on behaviour: the streaming speech recognition
:class:`~riva.client.asr.ASRService` (``NvidiaSTTService``, pipecat/services/nvidia/stt.py) and the
config messages and helpers it builds its request with, and the speech synthesis
:class:`~riva.client.tts.SpeechSynthesisService` (``NvidiaTTSService``) with the ``riva_tts_pb2``
messages it sends. Every other name and submodule not written here is a recording fake from
``_autofake``, as the whole package was before.
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
from .tts import SpeechSynthesisService  # noqa: F401


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"riva.client.{name}")
