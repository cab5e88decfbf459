"""``WebSocketState`` as starlette defines it (pipecat compares ``client_state`` with it)."""

import enum


class WebSocketState(enum.Enum):
    CONNECTING = 0
    CONNECTED = 1
    DISCONNECTED = 2
    RESPONSE = 3


class WebSocketDisconnect(Exception):
    def __init__(self, code: int = 1000, reason: str | None = None):
        super().__init__(code, reason)
        self.code = code
        self.reason = reason


class WebSocket:
    """Type only; the harness passes its own scripted websocket objects."""
