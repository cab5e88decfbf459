"""Stand-in for google-cloud-speech v2 (``google.cloud.speech_v2``) at the call pipecat's
``GoogleSTTService`` makes, answering as Cloud Speech-to-Text v2's ``StreamingRecognize`` would.

pipecat/services/google/stt.py (1.8, ``_stream_audio``, ``_request_generator``,
``_process_responses``) builds ``SpeechAsyncClient(credentials=creds, client_options=...)`` and
awaits ``client.streaming_recognize(requests=...)``: the first request names the ``recognizer``
(``projects/{project}/locations/{location}/recognizers/_``) and carries ``streaming_config``
(``config.explicit_decoding_config``: LINEAR16 at ``sample_rate_hertz``, one channel;
``language_codes``; ``model``; ``streaming_features.interim_results``); the next ones carry
``audio``. As the API does (cloud.google.com/speech-to-text/v2/docs/reference/rpc): the first
request must be the config with a recognizer path, a sample rate in 8000-48000 Hz and at least one
language; otherwise :class:`google.api_core.exceptions.InvalidArgument`. The audio is heard at the
declared rate; speech followed by :data:`ENDPOINT_SECONDS` of silence becomes a final result
(``is_final``), an interim one after 0.3 s of speech when ``interim_results`` is on, each arriving
:data:`RESULT_LATENCY_SECONDS` after the audio that settled it. The words are the scripted user's
(``rt.probe.USER_TEXT``). Only speech that was sent is transcribed.
"""

import asyncio

import _autofake

from .types import cloud_speech

SPEECH_RMS = 1000.0
ENDPOINT_SECONDS = 0.3
INTERIM_AFTER_SECONDS = 0.3
RESULT_LATENCY_SECONDS = 0.1


def _result(transcript: str, is_final: bool):
    alt = cloud_speech.SpeechRecognitionAlternative(transcript=transcript, confidence=0.95 if is_final else 0.0)
    result = cloud_speech.StreamingRecognitionResult(alternatives=[alt], is_final=is_final, stability=0.9, language_code="en-us")
    return cloud_speech.StreamingRecognizeResponse(results=[result])


class SpeechAsyncClient(_autofake.Fake):
    """Cloud Speech v2's async client: ``streaming_recognize`` answers (see the module docstring)."""

    _rt_name = "google.cloud.speech_v2.SpeechAsyncClient"

    def __init__(self, *, credentials=None, client_options=None, **kwargs):
        super().__init__()
        if credentials is None:
            import google.auth

            credentials, _ = google.auth.default(scopes=["https://www.googleapis.com/auth/cloud-platform"])
        self.credentials = credentials

    async def streaming_recognize(self, requests=None, **kwargs):
        from google.api_core.exceptions import InvalidArgument

        iterator = requests.__aiter__()
        first = await iterator.__anext__()
        recognizer = getattr(first, "recognizer", None) or ""
        parts = recognizer.split("/")
        if len(parts) != 6 or parts[0] != "projects" or parts[2] != "locations" or parts[4] != "recognizers" or not parts[1] or parts[1] == "None":
            raise InvalidArgument(f"400 Invalid resource field value in the request: recognizer {recognizer!r}")
        streaming = getattr(first, "streaming_config", None)
        config = getattr(streaming, "config", None) if streaming is not None else None
        decoding = getattr(config, "explicit_decoding_config", None) if config is not None else None
        rate = getattr(decoding, "sample_rate_hertz", None) if decoding is not None else None
        if not isinstance(rate, int) or not 8000 <= rate <= 48000:
            raise InvalidArgument(f"400 sample_rate_hertz must be between 8000 and 48000, got {rate!r}")
        if getattr(decoding, "encoding", None) != cloud_speech.ExplicitDecodingConfig.AudioEncoding.LINEAR16:
            raise NotImplementedError("the Cloud Speech stand-in listens to LINEAR16 only")
        if not getattr(config, "language_codes", None):
            raise InvalidArgument("400 At least one language code is required.")
        features = getattr(streaming, "streaming_features", None)
        interim = bool(getattr(features, "interim_results", None)) if features is not None else False
        out: asyncio.Queue = asyncio.Queue()

        async def listen():
            from _vendors import edge
            from rt.probe import USER_TEXT
            from rt.services import level

            loop = asyncio.get_running_loop()
            speech = silence = 0.0
            pending = interim_sent = False
            try:
                async for request in iterator:
                    audio = getattr(request, "audio", None)
                    if not audio:
                        continue
                    seconds = len(audio) / 2 / rate
                    if level(audio) >= SPEECH_RMS:
                        if not pending:
                            pending, speech, interim_sent = True, 0.0, False
                        speech += seconds
                        silence = 0.0
                        if interim and not interim_sent and speech >= INTERIM_AFTER_SECONDS:
                            interim_sent = True
                            loop.call_later(RESULT_LATENCY_SECONDS, out.put_nowait, _result(" ".join(USER_TEXT.split()[:2]), False))
                        continue
                    if pending:
                        silence += seconds
                        if silence >= ENDPOINT_SECONDS:
                            pending = False
                            edge.transcript()
                            loop.call_later(RESULT_LATENCY_SECONDS, out.put_nowait, _result(USER_TEXT, True))
            finally:
                loop.call_later(RESULT_LATENCY_SECONDS * 2, out.put_nowait, None)

        task = asyncio.get_running_loop().create_task(listen())

        async def responses():
            try:
                while True:
                    response = await out.get()
                    if response is None:
                        return
                    yield response
            finally:
                task.cancel()

        return responses()


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"google.cloud.speech_v2.{name}")
