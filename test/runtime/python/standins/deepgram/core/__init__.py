"""deepgram-sdk's ``deepgram.core``: the error pipecat catches (``ApiError``, status code and body)."""

import _autofake


class ApiError(Exception):
    """An HTTP error from Deepgram's API (a 4xx at the WebSocket handshake, for instance)."""

    def __init__(self, *, status_code: int | None = None, headers: dict | None = None, body=None):
        super().__init__(f"status_code: {status_code}, body: {body}")
        self.status_code = status_code
        self.headers = headers or {}
        self.body = body


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"deepgram.core.{name}")
