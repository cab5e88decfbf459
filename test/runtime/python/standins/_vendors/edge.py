"""What a vendor stand-in that answers at the vendor's edge tells the running session.

Stand-ins that play a vendor's SDK call or wire protocol (``standins/openai``, the realtime servers
of ``rt/services.py``) answer pipecat's own service code; the session learns from them what was
asked and said, through the session's :class:`rt.probe.Probe` that ``rt.services.Script`` sets in
:data:`PROBE` when a session starts:

- :func:`llm_request`: an LLM vendor accepted a request and answers it (counts ``llm_requests``);
- :func:`tts_audio`: a TTS vendor answers one request with ``seconds`` of audio at the rate it
  really sends (counts ``tts_requests`` and the audio produced, which the audio check compares with
  what reaches the wire);
- :func:`transcript`: an STT vendor recognised one utterance of the scripted user.

Nothing here decides what a vendor says: the vendor stand-in does, from the request it received.
"""

#: The running session's probe (rt/probe.py ``Probe``); None outside a session.
PROBE = None


def llm_request() -> None:
    """An LLM vendor accepted one request and answers it."""
    if PROBE is not None:
        PROBE.llm_requests += 1


def tts_audio(seconds: float) -> None:
    """A TTS vendor answers one request with ``seconds`` of audio (at the rate it sends)."""
    if PROBE is not None:
        PROBE.tts_requests += 1
        PROBE.tts_produced(seconds)


def transcript() -> None:
    """An STT vendor recognised one utterance of the scripted user."""
    if PROBE is not None:
        PROBE.transcripts += 1


class HandshakeRejected(Exception):
    """A vendor's server refused the WebSocket handshake (an HTTP status instead of 101), shaped as
    ``websockets.exceptions.InvalidStatus``: ``response.status_code``, which pipecat's
    ``classify_http_exception`` reads (pipecat/utils/errors.py)."""

    def __init__(self, status: int, reason: str):
        import types

        super().__init__(f"server rejected WebSocket connection: HTTP {status} ({reason})")
        self.response = types.SimpleNamespace(status_code=status, reason_phrase=reason, headers={}, body=b"")


def header(headers: dict, name: str):
    """A handshake header's value, whatever its case (None when absent)."""
    return next((v for k, v in headers.items() if k.lower() == name.lower()), None)


def speech(rate: int) -> bytes:
    """One TTS answer: ``rt.probe.TTS_SECONDS`` of 16-bit mono PCM at ``rate`` Hz, counted as one
    TTS request of that many seconds (:func:`tts_audio`)."""
    from rt.probe import TTS_SECONDS
    from rt.services import tone

    audio = tone(rate, TTS_SECONDS)
    tts_audio(len(audio) / 2 / rate)
    return audio
