"""FastAPI's responses as a handler returns them: the content, media type and status code."""

import _autofake


class Response:
    def __init__(self, content=None, status_code: int = 200, media_type: str | None = None, headers=None):
        self.body = content
        self.status_code = status_code
        self.media_type = media_type


class PlainTextResponse(Response):
    pass


class JSONResponse(Response):
    pass


class HTMLResponse(Response):
    pass


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"fastapi.responses.{name}")
