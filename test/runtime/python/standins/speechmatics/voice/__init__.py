"""Stand-in for ``speechmatics.voice``: the presets pipecat reads are real, the rest is faked.

pipecat's SpeechmaticsSTTService builds its config with ``VoiceAgentConfigPreset.load(mode)`` and
decides from ``config.end_of_utterance_mode`` whether Speechmatics or pipecat ends turns
(services/speechmatics/stt.py). Here a preset carries the end-of-utterance mode of the same name
(``external``, ``fixed``, ``adaptive``, ``smart_turn``); every other name of the module is a
recording fake from ``_autofake``.
"""

import enum

import _autofake


class EndOfUtteranceMode(str, enum.Enum):
    FIXED = "fixed"
    EXTERNAL = "external"
    ADAPTIVE = "adaptive"
    SMART_TURN = "smart_turn"


class VoiceAgentConfig(_autofake.Fake):
    """A configuration: attributes set by pipecat are kept, others answer as fakes."""

    _rt_name = "speechmatics.voice.VoiceAgentConfig"

    def __init__(self, **fields):
        super().__init__()
        for key, value in fields.items():
            setattr(self, key, value)


class VoiceAgentConfigPreset:
    @staticmethod
    def load(mode: str) -> VoiceAgentConfig:
        return VoiceAgentConfig(end_of_utterance_mode=EndOfUtteranceMode(mode))


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"speechmatics.voice.{name}")
