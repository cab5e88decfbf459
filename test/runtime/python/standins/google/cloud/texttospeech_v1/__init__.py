"""Stand-in for google-cloud-texttospeech (``google.cloud.texttospeech_v1``) at the call pipecat's
``GoogleTTSService`` makes, answering as Cloud Text-to-Speech's ``StreamingSynthesize`` would.

pipecat/services/google/tts.py (1.8, ``GoogleBaseTTSService._stream_tts``) builds
``TextToSpeechAsyncClient(credentials=creds, client_options=...)`` and awaits
``client.streaming_synthesize(request_generator())``: the first request carries
``streaming_config`` (``voice``: ``language_code`` and ``name``; ``streaming_audio_config``:
``audio_encoding`` PCM and ``sample_rate_hertz``), the next ones ``input.text``. As the API does
(cloud.google.com/text-to-speech/docs/reference/rpc, ``StreamingSynthesizeRequest``): the first
request must be the config, a voice needs its language and name, the encoding must be one the
streaming API speaks (PCM, OGG_OPUS, MULAW, ALAW); otherwise :class:`InvalidArgument`. The answer is
``StreamingSynthesizeResponse`` messages whose ``audio_content`` is raw 16-bit PCM at
``sample_rate_hertz`` (Cloud TTS converts server side; 24 kHz when none is named), one
utterance per text input, as long as ``_vendors.edge.speech`` speaks it.

A client built without credentials looks them up as google-cloud clients do (Application Default
Credentials, the ``google.auth`` stand-in), and fails when the environment holds none. Every other
name is a value type (keyword fields, ``None`` for the rest) or the recording fake.
"""

import asyncio
import enum

import _autofake

#: The rate Cloud TTS sends when the request names none (Chirp 3 HD voices' native rate).
DEFAULT_RATE = 24000


class InvalidArgument(Exception):
    """google.api_core's 400 INVALID_ARGUMENT."""

    code = 400


class AudioEncoding(enum.IntEnum):
    AUDIO_ENCODING_UNSPECIFIED = 0
    LINEAR16 = 1
    MP3 = 2
    OGG_OPUS = 3
    MULAW = 5
    ALAW = 6
    PCM = 7


STREAMING_ENCODINGS = (AudioEncoding.PCM, AudioEncoding.OGG_OPUS, AudioEncoding.MULAW, AudioEncoding.ALAW)


class _Value:
    def __init__(self, mapping=None, **fields):
        if isinstance(mapping, dict):
            fields = {**mapping, **fields}
        self.__dict__.update(fields)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class StreamingSynthesizeRequest(_Value):
    pass


class StreamingSynthesizeConfig(_Value):
    pass


class StreamingAudioConfig(_Value):
    pass


class StreamingSynthesisInput(_Value):
    pass


class VoiceSelectionParams(_Value):
    pass


class StreamingSynthesizeResponse(_Value):
    pass


def _get(obj, name):
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


class TextToSpeechAsyncClient(_autofake.Fake):
    """Cloud TTS's async client: ``streaming_synthesize`` answers (see the module docstring)."""

    _rt_name = "google.cloud.texttospeech_v1.TextToSpeechAsyncClient"

    def __init__(self, *, credentials=None, client_options=None, **kwargs):
        super().__init__()
        if credentials is None:
            import google.auth

            credentials, _ = google.auth.default(scopes=["https://www.googleapis.com/auth/cloud-platform"])
        self.credentials = credentials

    async def streaming_synthesize(self, requests, **kwargs):
        iterator = requests.__aiter__()
        try:
            first = await iterator.__anext__()
        except StopAsyncIteration:
            raise InvalidArgument("400 The first request must contain streaming_config") from None
        config = _get(first, "streaming_config")
        if config is None:
            raise InvalidArgument("400 The first StreamingSynthesizeRequest must contain streaming_config.")
        voice = _get(config, "voice")
        if voice is None or not _get(voice, "language_code") or not (_get(voice, "name") or _get(voice, "voice_clone")):
            raise InvalidArgument("400 streaming_config.voice needs a language_code and a name.")
        audio = _get(config, "streaming_audio_config")
        encoding = _get(audio, "audio_encoding") if audio is not None else AudioEncoding.PCM
        if encoding not in STREAMING_ENCODINGS:
            raise InvalidArgument(f"400 Unsupported audio encoding for streaming: {encoding!r}.")
        if encoding != AudioEncoding.PCM:
            raise NotImplementedError(f"the Cloud TTS stand-in speaks PCM only (asked for {encoding!r})")
        rate = (_get(audio, "sample_rate_hertz") if audio is not None else None) or DEFAULT_RATE

        async def responses():
            from _vendors import edge

            async for request in iterator:
                text = _get(_get(request, "input"), "text") if _get(request, "input") is not None else None
                if not text or not text.strip():
                    continue
                pcm = edge.speech(rate, text)
                step = rate // 10 * 2  # 100 ms per response
                for i in range(0, len(pcm), step):
                    await asyncio.sleep(0.005)
                    yield StreamingSynthesizeResponse(audio_content=pcm[i : i + step])

        return responses()


def __getattr__(name: str):
    """Any other name is a value type (keyword fields); enum-like constants are recording fakes."""
    if name.startswith("__"):
        raise AttributeError(name)
    return type(name, (_Value,), {"__module__": __name__})
