"""google-cloud-speech v2's message types (``google.cloud.speech_v2.types.cloud_speech``), as
values: keyword fields are kept (the stand-in client reads the request pipecat built), any other
field reads ``None``; ``ExplicitDecodingConfig.AudioEncoding`` is the API's enum."""

import enum


class _Value:
    def __init__(self, mapping=None, **fields):
        if isinstance(mapping, dict):
            fields = {**mapping, **fields}
        self.__dict__.update(fields)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class ExplicitDecodingConfig(_Value):
    class AudioEncoding(enum.IntEnum):
        AUDIO_ENCODING_UNSPECIFIED = 0
        LINEAR16 = 1
        MULAW = 2
        ALAW = 3


class RecognitionConfig(_Value):
    pass


class RecognitionFeatures(_Value):
    pass


class StreamingRecognitionConfig(_Value):
    pass


class StreamingRecognitionFeatures(_Value):
    pass


class StreamingRecognizeRequest(_Value):
    pass


class SpeechAdaptation(_Value):
    pass


class StreamingRecognizeResponse(_Value):
    pass


class StreamingRecognitionResult(_Value):
    pass


class SpeechRecognitionAlternative(_Value):
    pass


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return type(name, (_Value,), {"__module__": __name__})
