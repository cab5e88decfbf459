"""deepgram-sdk's socket events (``deepgram.core.events.EventType``)."""

import enum


class EventType(str, enum.Enum):
    OPEN = "open"
    MESSAGE = "message"
    ERROR = "error"
    CLOSE = "close"
