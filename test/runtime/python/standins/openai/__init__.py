"""Stand-in for the ``openai`` SDK at the calls pipecat makes, answering as OpenAI's API would.

pipecat's OpenAI services run unpatched on it:

- ``AsyncOpenAI(...).chat.completions.create(**params)``, as ``BaseOpenAILLMService``
  (pipecat/services/openai/base_llm.py ``get_chat_completions``, ``run_inference``) and every
  OpenAI-compatible LLM service built on it call it. The request is checked as OpenAI's Chat
  Completions API checks it (platform.openai.com/docs/api-reference/chat/create): ``model`` and a
  non-empty ``messages`` list of known roles, ``tool`` messages answering a preceding assistant
  ``tool_calls``, ``stream_options`` only with ``stream``. A bad request raises
  :class:`BadRequestError` (HTTP 400) as the SDK does. A good one is answered with one sentence
  (``rt.probe.BOT_TEXT``): with ``stream=True`` as the SDK's ``AsyncStream`` of
  ``chat.completion.chunk`` objects (a role chunk, content chunks, a ``finish_reason`` chunk, and a
  usage chunk with no choices when ``stream_options.include_usage`` asks for it), else one
  ``chat.completion``.
- ``AsyncOpenAI(...).audio.speech.with_streaming_response.create(**params)``, as
  ``OpenAITTSService.run_tts`` (pipecat/services/openai/tts.py) calls it: OpenAI's speech endpoint
  (platform.openai.com/docs/api-reference/audio/createSpeech) sends ``response_format="pcm"`` as
  raw 24 kHz 16-bit mono little-endian samples, whatever rate the caller wanted; the response
  streams the input spoken (``_vendors.edge.speech``) through ``iter_bytes``.
- ``AsyncOpenAI(...).audio.transcriptions.create(file=..., model=...)``, as pipecat's Whisper-API
  STT services (``BaseWhisperSTTService``: OpenAI's, Groq's) send each recorded utterance: a WAV
  is read, and only speech in it is transcribed (:class:`_Transcriptions`).
- Constructing a client reads the key as the SDK does: ``api_key=`` or ``OPENAI_API_KEY``, else
  :class:`OpenAIError`; ``AsyncAzureOpenAI`` also needs an ``api_version`` (or
  ``OPENAI_API_VERSION``) and an endpoint.

Everything else (other endpoints, the ``types`` package, ``httpx`` helpers) is the recording fake
of ``_autofake``: pipecat services still patched at their interface (``rt/services.py``) use
those. Nothing a request carries is kept or printed (keys never are).
"""

import asyncio
import itertools
import os
import time

import _autofake

from ._types import NOT_GIVEN, NotGiven, Omit, omit

#: Re-exported as the SDK's top level does (``from openai import NOT_GIVEN``).
__all__ = ["NOT_GIVEN", "NotGiven", "Omit", "omit", "AsyncOpenAI", "AsyncAzureOpenAI", "AsyncStream"]

#: Where the SDK sends requests unless told otherwise (``OPENAI_BASE_URL`` overrides it).
DEFAULT_BASE_URL = "https://api.openai.com/v1"
#: The rate of OpenAI's ``pcm`` speech output (its docs: "raw samples in 24kHz (16-bit signed, low-endian)").
SPEECH_PCM_RATE = 24000
#: Roles the Chat Completions API accepts in ``messages``.
ROLES = ("system", "developer", "user", "assistant", "tool", "function")
#: ``response_format`` values the speech endpoint accepts (only ``pcm`` is raw audio the stand-in plays).
SPEECH_FORMATS = ("mp3", "opus", "aac", "flac", "wav", "pcm")

_ids = itertools.count(1)


# -- errors, as the SDK defines them (openai/_exceptions.py) ------------------------------------
class OpenAIError(Exception):
    """Base of the SDK's errors; raised alone for a client without a key."""


class APIError(OpenAIError):
    def __init__(self, message: str, request=None, *, body=None):
        super().__init__(message)
        self.message = message
        self.request = request
        self.body = body


class APIConnectionError(APIError):
    def __init__(self, *, message: str = "Connection error.", request=None):
        super().__init__(message, request)


class APITimeoutError(APIConnectionError):
    def __init__(self, request=None):
        super().__init__(message="Request timed out.", request=request)


class APIStatusError(APIError):
    """An HTTP error status; ``status_code`` as the API answered."""

    status_code = 500

    def __init__(self, message: str, *, response=None, body=None):
        super().__init__(message, None, body=body)
        self.response = response


class BadRequestError(APIStatusError):
    status_code = 400


class AuthenticationError(APIStatusError):
    status_code = 401


class PermissionDeniedError(APIStatusError):
    status_code = 403


class NotFoundError(APIStatusError):
    status_code = 404


class RateLimitError(APIStatusError):
    status_code = 429


class InternalServerError(APIStatusError):
    status_code = 500


def _bad_request(message: str, param: str | None = None) -> BadRequestError:
    """The SDK's error for an HTTP 400 with OpenAI's error body."""
    body = {"message": message, "type": "invalid_request_error", "param": param, "code": None}
    return BadRequestError(f"Error code: 400 - {{'error': {body!r}}}", body=body)


# -- response objects, shaped like the SDK's pydantic models -------------------------------------
class _Obj:
    """Attribute access over keyword fields (the SDK's models are read by attribute)."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def model_dump(self, **kwargs) -> dict:
        def dump(v):
            if isinstance(v, _Obj):
                return v.model_dump()
            if isinstance(v, list):
                return [dump(x) for x in v]
            return v

        return {k: dump(v) for k, v in self.__dict__.items()}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__dict__!r})"


def _usage(prompt_tokens: int, completion_tokens: int) -> _Obj:
    return _Obj(
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        total_tokens=prompt_tokens + completion_tokens,
        prompt_tokens_details=_Obj(cached_tokens=0, audio_tokens=0),
        completion_tokens_details=_Obj(reasoning_tokens=0, audio_tokens=0, accepted_prediction_tokens=0, rejected_prediction_tokens=0),
    )


def _given(params: dict, name: str):
    """A parameter's value, None when absent or NOT_GIVEN (the SDK leaves those out of the body)."""
    value = params.get(name)
    return None if isinstance(value, NotGiven) or value is omit else value


def _text_of(content) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def check_chat_request(params: dict) -> None:
    """Raise :class:`BadRequestError` where OpenAI's Chat Completions API rejects the request."""
    model = _given(params, "model")
    if not isinstance(model, str) or not model:
        raise _bad_request("you must provide a model parameter", "model")
    messages = _given(params, "messages")
    if not isinstance(messages, list) or not messages:
        raise _bad_request("[] is too short - 'messages'", "messages")
    open_calls: set[str] = set()
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            role = m.get("role") if isinstance(m, dict) else None
            raise _bad_request(
                f"Invalid value: '{role}'. Supported values are: {', '.join(repr(r) for r in ROLES)}.", f"messages[{i}].role"
            )
        role, content = m["role"], m.get("content")
        if role == "assistant":
            calls = m.get("tool_calls") or []
            if content is None and not calls:
                raise _bad_request("Invalid value for 'content': expected a string, got null.", f"messages.[{i}].content")
            open_calls = {c.get("id") for c in calls if isinstance(c, dict)}
            continue
        if role == "tool":
            if m.get("tool_call_id") not in open_calls:
                raise _bad_request(
                    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
                    f"messages.[{i}].role",
                )
        elif not isinstance(content, (str, list)):
            raise _bad_request(f"Invalid type for 'messages[{i}].content': expected one of a string or array of objects.", f"messages[{i}].content")
        if role != "tool":
            open_calls = set()
    if _given(params, "stream_options") is not None and not _given(params, "stream"):
        raise _bad_request("The 'stream_options' parameter is only allowed when 'stream' is set to true", "stream_options")
    temperature = _given(params, "temperature")
    if temperature is not None and not 0 <= float(temperature) <= 2:
        raise _bad_request(f"Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got {temperature} instead.", "temperature")


class AsyncStream:
    """The SDK's ``AsyncStream[ChatCompletionChunk]``: async-iterable once, closeable."""

    def __class_getitem__(cls, item):
        return cls  # AsyncStream[ChatCompletionChunk] in annotations

    def __init__(self, chunks: list, delay: float = 0.0):
        self._chunks = chunks
        self._delay = delay
        self._iterator = self._iterate()
        self.closed = False

    async def _iterate(self):
        for chunk in self._chunks:
            if self.closed:
                return
            await asyncio.sleep(self._delay)
            yield chunk

    def __aiter__(self):
        return self._iterator

    async def __anext__(self):
        return await self._iterator.__anext__()

    async def close(self) -> None:
        self.closed = True

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
        return False


class _Completions:
    def __init__(self, client: "AsyncOpenAI"):
        self._client = client

    async def create(self, **params):
        """``POST /chat/completions``: see the module docstring."""
        check_chat_request(params)
        from _vendors import edge

        text = edge.llm_request([(m.get("role"), edge.text_of(m.get("content"))) for m in params["messages"]])
        model = params["model"]
        prompt_tokens = sum(len(_text_of(m.get("content")).split()) for m in params["messages"])
        words = text.split(" ")
        pieces = [words[0]] + [" " + w for w in words[1:]]
        created = int(time.time())
        cid = f"chatcmpl-rt{next(_ids)}"
        if not _given(params, "stream"):
            message = _Obj(role="assistant", content=text, tool_calls=None, function_call=None, refusal=None, audio=None)
            return _Obj(
                id=cid, object="chat.completion", created=created, model=model,
                choices=[_Obj(index=0, message=message, finish_reason="stop", logprobs=None)],
                usage=_usage(prompt_tokens, len(pieces)),
            )

        def chunk(delta: dict, finish=None, usage=None, choices=True):
            d = _Obj(role=None, content=None, tool_calls=None, function_call=None, refusal=None)
            d.__dict__.update(delta)
            return _Obj(
                id=cid, object="chat.completion.chunk", created=created, model=model, system_fingerprint=None,
                choices=[_Obj(index=0, delta=d, finish_reason=finish, logprobs=None)] if choices else [],
                usage=usage,
            )

        chunks = [chunk({"role": "assistant", "content": ""})]
        chunks += [chunk({"content": p}) for p in pieces]
        chunks.append(chunk({}, finish="stop"))
        if (_given(params, "stream_options") or {}).get("include_usage"):
            chunks.append(chunk({}, usage=_usage(prompt_tokens, len(pieces)), choices=False))
        return AsyncStream(chunks, delay=0.005)


class _SpeechResponse:
    """The SDK's ``AsyncStreamedBinaryAPIResponse`` for a speech request (status 200, PCM bytes)."""

    status_code = 200

    def __init__(self, audio: bytes):
        self._audio = audio
        self.headers = {"content-type": "audio/pcm"}

    async def iter_bytes(self, chunk_size: int | None = None):
        step = chunk_size or 4096
        for i in range(0, len(self._audio), step):
            await asyncio.sleep(0)
            yield self._audio[i : i + step]

    async def read(self) -> bytes:
        return self._audio

    async def text(self) -> str:
        return ""

    async def close(self) -> None:
        pass


class _StreamingSpeech:
    def create(self, **params):
        """``POST /audio/speech`` with a streamed body: an async context manager of the response."""
        return _SpeechContext(params)


class _SpeechContext:
    def __init__(self, params: dict):
        self._params = params

    async def __aenter__(self):
        p = self._params
        for name in ("input", "model", "voice"):
            if not _given(p, name):
                raise _bad_request(f"Missing required parameter: '{name}'.", name)
        if len(p["input"]) > 4096:
            raise _bad_request("'input' is too long: at most 4096 characters", "input")
        fmt = _given(p, "response_format") or "mp3"
        if fmt not in SPEECH_FORMATS:
            raise _bad_request(f"Invalid value: '{fmt}'. Supported values are: {SPEECH_FORMATS}", "response_format")
        speed = _given(p, "speed")
        if speed is not None and not 0.25 <= float(speed) <= 4.0:
            raise _bad_request(f"Invalid 'speed': expected a value between 0.25 and 4.0, got {speed}", "speed")
        if fmt != "pcm":
            raise NotImplementedError(f"the openai stand-in speaks only response_format='pcm' (asked for {fmt!r})")
        from _vendors import edge

        return _SpeechResponse(edge.speech(SPEECH_PCM_RATE, p["input"]))

    async def __aexit__(self, *exc):
        return False


class _Speech(_autofake.Fake):
    _rt_name = "openai.AsyncOpenAI().audio.speech"

    def __init__(self):
        super().__init__()
        self.with_streaming_response = _StreamingSpeech()


#: Shortest audio the transcription endpoint accepts (its 400: "Minimum audio length is 0.1 seconds").
MIN_TRANSCRIPTION_SECONDS = 0.1
#: Level (RMS of 16-bit PCM) above which a recording holds speech the model transcribes.
SPEECH_RMS = 1000.0


class _Transcriptions(_autofake.Fake):
    """``audio.transcriptions.create(file=(name, bytes, mime), model=..., language=...)``, as
    pipecat's Whisper-API services call it (pipecat/services/openai/stt.py, groq/stt.py
    ``_transcribe``, with the WAV ``SegmentedSTTService`` recorded): the file must be audio the
    API reads (here a WAV; else 400 "Invalid file format"), at least
    :data:`MIN_TRANSCRIPTION_SECONDS` long (else 400 "Audio file is too short"); speech in it is
    transcribed as the scripted user's words, a recording without speech as an empty text."""

    _rt_name = "openai.AsyncOpenAI().audio.transcriptions"

    async def create(self, **params):
        import io
        import wave

        for name in ("file", "model"):
            if not _given(params, name):
                raise _bad_request(f"Missing required parameter: '{name}'.", name)
        file = params["file"]
        data = file[1] if isinstance(file, tuple) else getattr(file, "read", lambda: file)()
        try:
            with wave.open(io.BytesIO(data)) as w:
                rate, width, frames = w.getframerate(), w.getsampwidth(), w.readframes(w.getnframes())
        except (wave.Error, EOFError) as e:
            raise _bad_request(f"Invalid file format. ({e})", "file") from None
        seconds = len(frames) / width / rate if rate and width else 0.0
        if seconds < MIN_TRANSCRIPTION_SECONDS:
            raise _bad_request(f"Audio file is too short. Minimum audio length is {MIN_TRANSCRIPTION_SECONDS} seconds.", "file")
        from _vendors import edge
        from rt.probe import USER_TEXT
        from rt.services import level

        step = int(rate * 0.02) * width
        speech = sum(1 for i in range(0, len(frames), step) if width == 2 and level(frames[i : i + step]) >= SPEECH_RMS) * 0.02
        text = ""
        if speech >= MIN_TRANSCRIPTION_SECONDS:
            edge.transcript()
            text = USER_TEXT
        return _Obj(text=text, logprobs=None, usage=None, language=_given(params, "language"), duration=seconds, segments=[])


class _Audio(_autofake.Fake):
    _rt_name = "openai.AsyncOpenAI().audio"

    def __init__(self):
        super().__init__()
        self.speech = _Speech()
        self.transcriptions = _Transcriptions()


class _Chat(_autofake.Fake):
    _rt_name = "openai.AsyncOpenAI().chat"

    def __init__(self, client):
        super().__init__()
        self.completions = _Completions(client)


class AsyncOpenAI(_autofake.Fake):
    """The SDK's async client: ``chat.completions`` and ``audio.speech`` answer (see the module
    docstring); any other endpoint is a recording fake."""

    _rt_name = "openai.AsyncOpenAI"

    def __init__(self, *, api_key=None, base_url=None, organization=None, project=None, **kwargs):
        super().__init__()
        api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        if not api_key:
            raise OpenAIError(
                "The api_key client option must be set either by passing api_key to the client or by setting the OPENAI_API_KEY environment variable"
            )
        self.api_key = api_key
        self.base_url = str(base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
        self.chat = _Chat(self)
        self.audio = _Audio()

    async def close(self) -> None:
        pass


class AsyncAzureOpenAI(AsyncOpenAI):
    """The SDK's Azure client: as :class:`AsyncOpenAI`, plus the API version and endpoint it requires."""

    _rt_name = "openai.AsyncAzureOpenAI"

    def __init__(self, *, api_version=None, azure_endpoint=None, azure_deployment=None, api_key=None,
                 azure_ad_token=None, azure_ad_token_provider=None, base_url=None, **kwargs):
        api_version = api_version or os.environ.get("OPENAI_API_VERSION")
        if not api_version:
            raise ValueError(
                "Must provide either the `api_version` argument or the `OPENAI_API_VERSION` environment variable"
            )
        api_key = api_key if api_key is not None else os.environ.get("AZURE_OPENAI_API_KEY")
        if not api_key and not azure_ad_token and not azure_ad_token_provider:
            raise OpenAIError(
                "Missing credentials. Please pass one of `api_key`, `azure_ad_token`, `azure_ad_token_provider`, or the `AZURE_OPENAI_API_KEY` or `AZURE_OPENAI_AD_TOKEN` environment variables."
            )
        azure_endpoint = azure_endpoint or os.environ.get("AZURE_OPENAI_ENDPOINT")
        if base_url is None and azure_endpoint is None:
            raise ValueError("Must provide one of the `base_url` or `azure_endpoint` arguments, or the `AZURE_OPENAI_ENDPOINT` environment variable")
        super().__init__(api_key=api_key or "azure-ad", base_url=base_url or f"{str(azure_endpoint).rstrip('/')}/openai", **kwargs)


def __getattr__(name: str):
    """Any other SDK name is a recording fake (``_autofake``)."""
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"openai.{name}")
