"""Stand-in for FastAPI: enough of it to import a generated ``server.py`` and call its handlers as
plain coroutines (FastAPI 0.93+, which the generated server needs for ``lifespan``, cannot be
installed here).

``FastAPI(lifespan=...)`` keeps the lifespan and an ``app.state``; its route decorators
(``get``/``post``/``put``/``delete``/``websocket``/``api_route``) register the handler under its
method and path (:attr:`FastAPI.routes`) and return it unchanged. ``HTTPException`` carries
``status_code`` and ``detail``. ``Request`` is built from a form (``await request.form()``) or a
JSON body (``await request.json()``). Every other FastAPI name (``WebSocket``, ``Depends`` …, which
pipecat imports) is the recording fake of ``_autofake``, as before this module existed.
"""

import types

import _autofake


class HTTPException(Exception):
    """An HTTP error answer: ``status_code`` and ``detail``."""

    def __init__(self, status_code: int, detail=None, headers=None):
        super().__init__(f"{status_code}: {detail}")
        self.status_code = status_code
        self.detail = detail
        self.headers = headers


class FastAPI:
    """An app whose route decorators register the handler and return it unchanged."""

    def __init__(self, *args, lifespan=None, **kwargs):
        self.lifespan = lifespan
        self.state = types.SimpleNamespace()
        self.routes: dict[tuple[str, str], object] = {}

    def _route(self, method: str):
        def decorator_factory(path: str, *args, **kwargs):
            def decorator(handler):
                self.routes[(method, path)] = handler
                return handler

            return decorator

        return decorator_factory

    def __getattr__(self, name):
        if name in ("get", "post", "put", "delete", "patch", "websocket"):
            return self._route(name.upper())
        if name == "api_route":
            return lambda path, methods=("GET",), **kw: self._route(methods[0].upper())(path)
        if name.startswith("__"):
            raise AttributeError(name)
        return _autofake._child(f"fastapi.FastAPI().{name}")()

    def mount(self, *args, **kwargs):
        pass

    def add_middleware(self, *args, **kwargs):
        pass

    def include_router(self, *args, **kwargs):
        pass


class Request:
    """An HTTP request as a handler reads it: ``form()``, ``json()``, ``headers``."""

    def __init__(self, form: dict | None = None, json_body=None, headers: dict | None = None):
        self._form = dict(form or {})
        self._json = json_body
        self.headers = dict(headers or {})

    async def form(self) -> dict:
        return dict(self._form)

    async def json(self):
        return self._json


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"fastapi.{name}")
