"""Stand-in for deepgram-sdk at the calls pipecat's ``DeepgramSTTService`` makes, answering as
Deepgram's live transcription would.

pipecat/services/deepgram/stt.py (1.8) builds ``AsyncDeepgramClient(api_key=...)``, opens
``client.listen.v1.connect(**query)`` (an async context manager), registers ``on(EventType.MESSAGE)``
and ``on(EventType.ERROR)``, awaits ``start_listening()`` (it returns when the socket closes), and
streams the user's audio with ``send_media(bytes)``, ``send_finalize`` when its VAD hears the end
of speech, ``send_keep_alive`` every 5 s and ``send_close_stream`` on shutdown.

The socket (:class:`ListenSocket`) behaves as Deepgram's ``/v1/listen`` does for that query
(developers.deepgram.com/reference/speech-to-text-api/listen-streaming, "Endpointing",
"Finalize"):

- the handshake is refused with a 400 :class:`~deepgram.core.ApiError` for an encoding it does not
  know or raw audio without a ``sample_rate``; a client without a key (``api_key=`` or
  ``DEEPGRAM_API_KEY``) raises at construction, as the SDK's client does;
- the audio is read as the query declares it (``linear16`` at ``sample_rate``): it hears speech
  where the 16-bit level passes a threshold, and only audio that was sent is transcribed;
- with ``interim_results=true`` an interim ``Results`` (``is_final`` false) follows 0.3 s of
  speech; the final ``Results`` (``is_final``, ``speech_final``) comes once ``endpointing`` ms of
  silence follow the speech (Deepgram's default 10 ms; ``false`` turns it off), or at
  ``Finalize`` (``from_finalize`` true; an empty transcript when nothing is pending); every result
  arrives :data:`RESULT_LATENCY_SECONDS` after the audio that settled it;
- ``CloseStream`` ends the socket after a ``Metadata`` message.

The transcript is the scripted user's words (``rt.probe.USER_TEXT``). Everything else in the SDK
is the recording fake (``_autofake``).
"""

import asyncio
import inspect
import os
import uuid

import _autofake

from .core import ApiError
from .core.events import EventType
from .listen.v1.types import ListenV1Metadata, ListenV1Results

#: Encodings Deepgram's live API accepts (its "Encoding" reference); raw ones need ``sample_rate``.
ENCODINGS = {"linear16", "linear32", "flac", "alaw", "mulaw", "amr-nb", "amr-wb", "opus", "ogg-opus", "speex", "g729"}
RAW_ENCODINGS = {"linear16", "linear32", "alaw", "mulaw", "amr-nb", "amr-wb", "g729"}
#: Level (RMS of 16-bit PCM) above which audio counts as speech.
SPEECH_RMS = 1000.0
#: Speech heard before the interim result.
INTERIM_AFTER_SECONDS = 0.3
#: Deepgram's default endpointing, milliseconds of silence that end an utterance.
DEFAULT_ENDPOINTING_MS = 10
#: How long after the audio that settles a result the result arrives (the model and the network;
#: Deepgram's live results come a few hundred milliseconds after the words).
RESULT_LATENCY_SECONDS = 0.1


class ListenSocket:
    """One ``/v1/listen`` connection (see the module docstring)."""

    def __init__(self, query: dict):
        self.query = query
        self.rate = int(query["sample_rate"])
        self.handlers: dict = {}
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.closed = asyncio.Event()
        self.request_id = str(uuid.uuid4())
        self.position = 0.0  # seconds of audio received
        self.speech = 0.0
        self.silence = 0.0
        self.speech_start = 0.0
        self.pending = False  # speech heard and not yet finalized
        self.interim_sent = False
        endpointing = str(query.get("endpointing", DEFAULT_ENDPOINTING_MS)).lower()
        self.endpointing = None if endpointing == "false" else float(endpointing) / 1000

    # -- the SDK's socket API ---------------------------------------------------------------------
    def on(self, event, handler) -> None:
        self.handlers[EventType(event)] = handler

    async def _emit(self, event, payload) -> None:
        handler = self.handlers.get(event)
        if handler is not None:
            result = handler(payload)
            if inspect.isawaitable(result):
                await result

    async def start_listening(self) -> None:
        await self._emit(EventType.OPEN, None)
        while not (self.closed.is_set() and self.inbox.empty()):
            getter = asyncio.ensure_future(self.inbox.get())
            closer = asyncio.ensure_future(self.closed.wait())
            try:
                done, _ = await asyncio.wait({getter, closer}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                getter.cancel()
                closer.cancel()
            if getter in done and not getter.cancelled():
                await self._emit(EventType.MESSAGE, getter.result())
        await self._emit(EventType.CLOSE, None)

    async def send_media(self, audio: bytes) -> None:
        if self.closed.is_set():
            raise ConnectionError("the Deepgram socket is closed")
        from rt.services import level

        seconds = len(audio) / 2 / self.rate
        start = self.position
        self.position += seconds
        if level(audio) >= SPEECH_RMS:
            if not self.pending:
                self.pending, self.speech_start, self.speech, self.interim_sent = True, start, 0.0, False
            self.speech += seconds
            self.silence = 0.0
            if self.query.get("interim_results") == "true" and not self.interim_sent and self.speech >= INTERIM_AFTER_SECONDS:
                from rt.probe import USER_TEXT

                self.interim_sent = True
                self._results(" ".join(USER_TEXT.split(" ")[:2]), is_final=False)
            return
        if self.pending:
            self.silence += seconds
            if self.endpointing is not None and self.silence >= self.endpointing:
                self._final(from_finalize=False)

    async def send_finalize(self, message=None) -> None:
        if self.pending:
            self._final(from_finalize=True)
        else:
            self._results("", is_final=True, from_finalize=True)

    async def send_keep_alive(self, message=None) -> None:
        pass

    async def send_close_stream(self, message=None) -> None:
        if self.pending:
            self._final(from_finalize=False)
        self.inbox.put_nowait(ListenV1Metadata(type="Metadata", request_id=self.request_id, duration=self.position, channels=1))
        self.closed.set()

    # -- what Deepgram says -----------------------------------------------------------------------
    def _final(self, from_finalize: bool) -> None:
        from _vendors import edge
        from rt.probe import USER_TEXT

        self.pending = False
        edge.transcript()
        self._results(USER_TEXT, is_final=True, speech_final=not from_finalize, from_finalize=from_finalize)

    def _results(self, transcript: str, is_final: bool, speech_final: bool = False, from_finalize: bool = False) -> None:
        alternative = _Alternative(transcript=transcript, confidence=0.98 if transcript else 0.0, words=[], languages=[])
        channel = _Channel(alternatives=[alternative])
        duration = self.position - self.speech_start
        result = ListenV1Results(
            type="Results", channel_index=[0, 1], duration=duration, start=self.speech_start,
            is_final=is_final, speech_final=speech_final, from_finalize=from_finalize, channel=channel,
            metadata=None,
        )
        asyncio.get_running_loop().call_later(RESULT_LATENCY_SECONDS, self.inbox.put_nowait, result)


class _Alternative:
    def __init__(self, **fields):
        self.__dict__.update(fields)


class _Channel:
    def __init__(self, alternatives):
        self.alternatives = alternatives


class _Connect:
    """``client.listen.v1.connect(**query)``: the handshake, then the socket."""

    def __init__(self, query: dict):
        self.query = query
        self.socket: ListenSocket | None = None

    async def __aenter__(self) -> ListenSocket:
        q = self.query
        encoding = q.get("encoding")
        if encoding is not None and encoding not in ENCODINGS:
            raise ApiError(status_code=400, body=f"Bad Request: unknown encoding {encoding!r}")
        if encoding in RAW_ENCODINGS and not str(q.get("sample_rate", "")).isdigit():
            raise ApiError(status_code=400, body="Bad Request: raw audio requires a sample_rate")
        if encoding not in (None, "linear16"):
            raise NotImplementedError(f"the deepgram stand-in listens to linear16 only (asked for {encoding!r})")
        self.socket = ListenSocket(q)
        return self.socket

    async def __aexit__(self, *exc):
        if self.socket:
            self.socket.closed.set()
        return False


class _ListenV1:
    def connect(self, **query):
        return _Connect({k: v for k, v in query.items() if v is not None})


class _Listen:
    def __init__(self):
        self.v1 = _ListenV1()


class AsyncDeepgramClient(_autofake.Fake):
    """deepgram-sdk's async client: ``listen.v1.connect`` answers (see the module docstring)."""

    _rt_name = "deepgram.AsyncDeepgramClient"

    def __init__(self, *, api_key: str | None = None, environment=None, **kwargs):
        super().__init__()
        api_key = api_key if api_key is not None else os.environ.get("DEEPGRAM_API_KEY")
        if not api_key:
            raise ApiError(body="The client must be instantiated be either passing in api_key or setting DEEPGRAM_API_KEY")
        self.listen = _Listen()


def __getattr__(name: str):
    """Any other SDK name is a recording fake (``_autofake``)."""
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"deepgram.{name}")
