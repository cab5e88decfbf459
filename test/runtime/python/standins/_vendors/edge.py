"""What a vendor stand-in that answers at the vendor's edge tells the running session.

Stand-ins that play a vendor's SDK call or wire protocol (``standins/openai``, the realtime servers
of ``rt/services.py``) answer pipecat's own service code; the session learns from them what was
asked and said, through the session's :class:`rt.probe.Probe` that ``rt.services.Script`` sets in
:data:`PROBE` when a session starts:

- :func:`llm_request`: an LLM vendor accepted a request and answers it (counts ``llm_requests``,
  keeps the conversation it was sent, and says what the session scripted for that request);
- :func:`tts_audio`: a TTS vendor answers one request with ``seconds`` of audio at the rate it
  really sends (counts ``tts_requests`` and the audio produced, which the audio check compares with
  what reaches the wire);
- :func:`transcript`: an STT vendor recognised one utterance of the scripted user.

Nothing here decides what a vendor says: the vendor stand-in does, from the request it received.
"""

#: The running session's probe (rt/probe.py ``Probe``); None outside a session.
PROBE = None


def llm_request(conversation: list[tuple[str, str]] | None = None) -> str:
    """An LLM vendor accepted one request and answers it; the text it answers (the session's
    script for that request, else ``rt.probe.BOT_TEXT``).

    ``conversation``: the messages the request carried as the vendor reads them, each as (role,
    text), roles as the vendor names them (``model`` for Gemini's) and system instructions kept
    only where the vendor takes them among the messages."""
    from rt.probe import BOT_TEXT

    if PROBE is None:
        return BOT_TEXT
    PROBE.llm_requests += 1
    if conversation is not None:
        PROBE.llm_sent[PROBE.llm_requests] = list(conversation)
    return PROBE.answer(PROBE.llm_requests)


def text_of(content) -> str:
    """The text of a message's content as vendors shape it: a string, or a list of parts (dicts or
    objects) whose ``text`` fields are joined by spaces."""
    if isinstance(content, str):
        return content
    if isinstance(content, (list, tuple)):
        texts = [p.get("text") if isinstance(p, dict) else getattr(p, "text", None) for p in content]
        return " ".join(t for t in texts if isinstance(t, str))
    return ""


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


def speech(rate: int, text: str | None = None) -> bytes:
    """One TTS answer: 16-bit mono PCM at ``rate`` Hz, counted as one TTS request of that many
    seconds (:func:`tts_audio`); ``rt.probe.TTS_SECONDS`` long, or as long as a vendor speaks
    ``text`` when it is given (``rt.services.spoken_seconds``: the same for the stand-in LLM's
    one sentence, longer for a scripted long answer)."""
    from rt.probe import TTS_SECONDS
    from rt.services import spoken_seconds, tone

    audio = tone(rate, spoken_seconds(text) if text else TTS_SECONDS)
    tts_audio(len(audio) / 2 / rate)
    return audio
