"""Stand-in for ``riva.client.asr``: Riva streaming speech recognition, with a scripted server.

What pipecat's ``NvidiaSTTService`` (pipecat/services/nvidia/stt.py) relies on:

- ``ASRService(auth).streaming_response_generator(audio_chunks=..., streaming_config=...)``
  (``_response_handler``, stt.py:551-579) runs on a worker thread (``asyncio.to_thread``,
  stt.py:587). The real client sends a first request carrying the config, then one request per
  chunk it pulls from ``audio_chunks`` (:func:`streaming_request_generator`), and yields the
  server's ``StreamingRecognizeResponse`` messages until the server closes the stream. pipecat's
  ``AudioChunkIterator`` (stt.py:152-224) blocks in ``__next__`` until audio is queued and raises
  ``StopIteration`` when pipecat closes it (``stop``/``cancel``/``cleanup`` -> ``_stop_tasks``,
  stt.py:514-532). The server here reads the same requests, so the stream ends exactly when the
  audio does and the worker thread returns: nothing is left blocked at exit.
- Each response has ``results``; each result has ``alternatives[0].transcript`` and ``is_final``
  (``_handle_response``, stt.py:609-650): a final result becomes a ``TranscriptionFrame``, a
  non-final one an ``InterimTranscriptionFrame``; responses without results are skipped.
- A stream that ends while pipecat's iterator is still open is a drop ("server closed the gRPC
  stream", stt.py:566, 575-579) and makes pipecat reconnect, so the server never ends the stream itself.

The scripted server hears speech by level (16-bit PCM at the config's ``sample_rate_hertz``, the
rate pipecat declares): after :data:`MIN_SPEECH_SECONDS` of speech it sends one interim result
(when ``interim_results`` is set), and after the end-of-speech silence (the config's
``endpointing_config.stop_history`` in ms when set, pipecat sets 320, else
:data:`DEFAULT_STOP_HISTORY_MS`) one final result with :data:`SCRIPT` ``["transcript"]``. The harness
(rt/services.py) sets the transcript and an ``on_final`` callback (called on the worker thread).
"""

from typing import Any, Callable, Iterable, Iterator

import numpy as np

#: What the scripted server says: ``transcript`` (None: it hears speech but recognises no words)
#: and ``on_final`` (called with the transcript whenever a final result is sent).
SCRIPT: dict[str, Any] = {"transcript": None, "on_final": None}

#: RMS level (16-bit full scale 32767) above which a chunk counts as speech.
SPEECH_RMS = 1000.0
#: Speech the server needs before it recognises anything.
MIN_SPEECH_SECONDS = 0.1
#: End-of-speech silence when the config sets no ``stop_history`` (a stand-in choice).
DEFAULT_STOP_HISTORY_MS = 800


# -- the proto messages pipecat builds (riva/proto/riva_asr.proto, riva_audio.proto) ---------------
class _Message:
    """A proto message: keyword fields become attributes; unset ones read as their defaults."""

    _defaults: dict[str, Any] = {}

    def __init__(self, **fields):
        for name, default in self._defaults.items():
            setattr(self, name, default() if callable(default) else default)
        for name, value in fields.items():
            setattr(self, name, value)

    def CopyFrom(self, other: "_Message") -> None:  # noqa: N802 - protobuf's name
        self.__dict__.update(other.__dict__)


class AudioEncoding:
    """``riva_audio.proto`` AudioEncoding (the values pipecat can name)."""

    ENCODING_UNSPECIFIED = 0
    LINEAR_PCM = 1
    FLAC = 2
    MULAW = 3
    OGGOPUS = 4
    ALAW = 20


class EndpointingConfig(_Message):
    _defaults = {"start_history": 0, "start_threshold": 0.0, "stop_history": 0, "stop_history_eou": 0, "stop_threshold": 0.0, "stop_threshold_eou": 0.0}


class SpeechContext(_Message):
    _defaults = {"phrases": list, "boost": 0.0}


class SpeakerDiarizationConfig(_Message):
    _defaults = {"enable_speaker_diarization": False, "max_speaker_count": 0}


class RecognitionConfig(_Message):
    _defaults = {
        "encoding": AudioEncoding.ENCODING_UNSPECIFIED,
        "sample_rate_hertz": 0,
        "language_code": "",
        "max_alternatives": 0,
        "profanity_filter": False,
        "enable_automatic_punctuation": False,
        "verbatim_transcripts": False,
        "audio_channel_count": 0,
        "enable_word_time_offsets": False,
        "model": "",
        "speech_contexts": list,
        "custom_configuration": dict,
        "endpointing_config": EndpointingConfig,
        "diarization_config": SpeakerDiarizationConfig,
    }


class StreamingRecognitionConfig(_Message):
    _defaults = {"config": RecognitionConfig, "interim_results": False}


class StreamingRecognizeRequest(_Message):
    _defaults = {"streaming_config": None, "audio_content": b""}


class SpeechRecognitionAlternative(_Message):
    _defaults = {"transcript": "", "confidence": 0.0, "words": list}


class StreamingRecognitionResult(_Message):
    _defaults = {"alternatives": list, "is_final": False, "stability": 0.0, "channel_tag": 1, "audio_processed": 0.0}


class StreamingRecognizeResponse(_Message):
    _defaults = {"results": list}


class SpeechRecognitionResult(_Message):
    _defaults = {"alternatives": list, "channel_tag": 1, "audio_processed": 0.0}


class RecognizeResponse(_Message):
    _defaults = {"results": list}


# -- the config helpers pipecat calls (same signatures as riva.client.asr) -------------------------
def _inner(config) -> RecognitionConfig:
    return config if isinstance(config, RecognitionConfig) else config.config


def add_word_boosting_to_config(config, boosted_lm_words, boosted_lm_score: float) -> None:
    if boosted_lm_words is not None:
        _inner(config).speech_contexts.append(SpeechContext(phrases=list(boosted_lm_words), boost=boosted_lm_score))


def add_endpoint_parameters_to_config(config, start_history, start_threshold, stop_history, stop_history_eou, stop_threshold, stop_threshold_eou) -> None:
    values = {
        "start_history": start_history,
        "start_threshold": start_threshold,
        "stop_history": stop_history,
        "stop_history_eou": stop_history_eou,
        "stop_threshold": stop_threshold,
        "stop_threshold_eou": stop_threshold_eou,
    }
    # Only positive values are set; all unset leaves the server's defaults.
    if not any(v > 0 for v in values.values()):
        return
    _inner(config).endpointing_config = EndpointingConfig(**{k: v for k, v in values.items() if v > 0})


def add_custom_configuration_to_config(config, custom_configuration: str) -> None:
    custom_configuration = custom_configuration.strip().replace(" ", "")
    if not custom_configuration:
        return
    for pair in custom_configuration.split(","):
        key_value = pair.split(":")
        if len(key_value) != 2:
            raise ValueError(f"Invalid key:value pair {key_value}")
        _inner(config).custom_configuration[key_value[0]] = key_value[1]


def add_speaker_diarization_to_config(config, diarization_enable: bool, diarization_max_speakers: int) -> None:
    if diarization_enable:
        _inner(config).diarization_config = SpeakerDiarizationConfig(enable_speaker_diarization=True, max_speaker_count=diarization_max_speakers)


def streaming_request_generator(audio_chunks: Iterable[bytes], streaming_config: StreamingRecognitionConfig) -> Iterator[StreamingRecognizeRequest]:
    """The requests of one stream: the config first, then one request per audio chunk."""
    yield StreamingRecognizeRequest(streaming_config=streaming_config)
    for chunk in audio_chunks:
        yield StreamingRecognizeRequest(audio_content=chunk)


# -- the scripted server ---------------------------------------------------------------------------
def _rms(pcm: bytes) -> float:
    samples = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float64)
    return float(np.sqrt(np.mean(samples * samples))) if samples.size else 0.0


def _result(transcript: str, is_final: bool, processed: float) -> StreamingRecognizeResponse:
    alternative = SpeechRecognitionAlternative(transcript=transcript, confidence=0.9 if is_final else 0.0)
    result = StreamingRecognitionResult(alternatives=[alternative], is_final=is_final, stability=1.0 if is_final else 0.1, audio_processed=processed)
    return StreamingRecognizeResponse(results=[result])


def _recognize(requests: Iterator[StreamingRecognizeRequest]) -> Iterator[StreamingRecognizeResponse]:
    """The server's side of ``StreamingRecognize``: read requests until the client ends the stream."""
    first = next(requests, None)
    if first is None:
        return
    streaming_config = first.streaming_config
    if streaming_config is None:
        raise ValueError("Riva: the first StreamingRecognizeRequest must carry streaming_config")
    config = streaming_config.config
    if config.encoding != AudioEncoding.LINEAR_PCM or not config.sample_rate_hertz:
        raise ValueError("Riva: streaming needs LINEAR_PCM audio with sample_rate_hertz set")
    rate = int(config.sample_rate_hertz)
    channels = int(config.audio_channel_count or 1)
    stop_ms = getattr(config.endpointing_config, "stop_history", 0) or DEFAULT_STOP_HISTORY_MS
    processed = speech = silence = 0.0
    interim_sent = False
    for request in requests:
        audio = request.audio_content
        seconds = len(audio) / 2 / channels / rate
        processed += seconds
        if _rms(audio) >= SPEECH_RMS:
            speech += seconds
            silence = 0.0
            transcript = SCRIPT.get("transcript")
            if streaming_config.interim_results and transcript and not interim_sent and speech >= MIN_SPEECH_SECONDS:
                interim_sent = True
                yield _result(transcript.split(" ")[0], False, processed)
            continue
        if speech < MIN_SPEECH_SECONDS:
            speech = 0.0
            continue
        silence += seconds
        if silence * 1000 >= stop_ms:
            transcript = SCRIPT.get("transcript")
            speech = silence = 0.0
            interim_sent = False
            if transcript:
                yield _result(transcript, True, processed)
                callback: Callable | None = SCRIPT.get("on_final")
                if callback:
                    callback(transcript)


class ASRService:
    """Riva speech recognition against the scripted server (see the module docstring)."""

    def __init__(self, auth) -> None:
        self.auth = auth

    def streaming_response_generator(self, audio_chunks: Iterable[bytes], streaming_config: StreamingRecognitionConfig) -> Iterator[StreamingRecognizeResponse]:
        yield from _recognize(streaming_request_generator(audio_chunks, streaming_config))

    def offline_recognize(self, audio_bytes: bytes, config: RecognitionConfig, future: bool = False) -> RecognizeResponse:
        """One transcript for audio that holds speech (the harness scripts the segmented service's
        ``run_stt``, so this only answers a direct call)."""
        transcript = SCRIPT.get("transcript")
        body = audio_bytes[44:] if audio_bytes[:4] == b"RIFF" else audio_bytes
        if not transcript or _rms(body) < SPEECH_RMS / 4:
            return RecognizeResponse()
        alternative = SpeechRecognitionAlternative(transcript=transcript, confidence=0.9)
        return RecognizeResponse(results=[SpeechRecognitionResult(alternatives=[alternative])])
