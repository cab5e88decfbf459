"""deepgram-sdk's listen v1 message types, as pipecat/services/deepgram/stt.py builds and reads them.

Client messages (``ListenV1Finalize``, ``ListenV1KeepAlive``, ``ListenV1CloseStream``) carry their
``type``; server messages are read by attribute: ``ListenV1Results`` (``is_final``,
``speech_final``, ``from_finalize``, ``channel.alternatives[0].transcript``/``languages``),
``ListenV1Metadata``, ``ListenV1SpeechStarted``, ``ListenV1UtteranceEnd`` (Deepgram's
"Live Audio" API reference, developers.deepgram.com/reference/speech-to-text-api/listen-streaming).
"""


class _Message:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__dict__!r})"


class ListenV1Finalize(_Message):
    pass


class ListenV1KeepAlive(_Message):
    pass


class ListenV1CloseStream(_Message):
    pass


class ListenV1Results(_Message):
    pass


class ListenV1Metadata(_Message):
    pass


class ListenV1SpeechStarted(_Message):
    pass


class ListenV1UtteranceEnd(_Message):
    pass
