"""Stand-in for ``websockets.asyncio.server.serve``: an in-process server a local client reaches.

pipecat's ``SingleClientWebsocketServerTransport`` (pipecat/transports/websocket/server.py, the base
of the eval transport in pipecat/evals/transport.py) runs ``async with serve(handler, host, port)``
and then serves each client with ``handler(websocket)``: it reads the request path
(``websocket.request.path``, where the eval harness puts its query flags), ``remote_address`` and
``state`` (compared with ``websockets.protocol.State.OPEN``/``CLOSED``), iterates the messages
with ``async for`` until the client closes, sends with ``send()`` and ends with ``close()``.

While the ``async with`` block is open, ``(host, port)`` is listed in :data:`LISTENING`; the
client stand-in (``websockets.asyncio.client.connect`` and the top-level ``websockets.connect``)
connects a ``ws://host:port/...`` URL to it with a :class:`Peer`: the client's messages go to
the handler's connection, the handler's messages to the client. A second server on a listening
address fails as a real bind would (``OSError``); a client of an address nobody listens on keeps
the recording fake it got before (so wait for :data:`LISTENING` before connecting).

Every message the handler sends is passed to the optional :data:`ON_SEND` hook (the runtime tier
counts the audio that reaches the wire there).
"""

import asyncio
from types import SimpleNamespace
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

import _autofake

#: (host, port) -> the handler of the server listening there.
LISTENING: dict[tuple[str, int], Callable[[Any], Awaitable[None]]] = {}
#: Handlers serving a connection now (a client waits for them to finish before reconnecting).
SERVING: set[asyncio.Task] = set()
#: Called with every message a server sends (``str`` or ``bytes``); None: nothing is told.
ON_SEND: Callable[[Any], None] | None = None

_LOCAL = {"localhost": "localhost", "127.0.0.1": "localhost", "0.0.0.0": "localhost", "::1": "localhost"}


def _address(host: str, port: int) -> tuple[str, int]:
    return (_LOCAL.get(host, host), int(port))


def listener_for(uri: str):
    """The handler listening at ``uri``'s host and port, or None (not a local address, or nobody
    listens there: the caller keeps the recording fake, as before this stand-in existed)."""
    parts = urlsplit(str(uri))
    if parts.hostname not in _LOCAL:
        return None
    return LISTENING.get(_address(parts.hostname, parts.port or 80))


def _state(name: str):
    return _autofake._child(f"websockets.protocol.State.{name}")


def _closed():
    return _autofake._child("websockets.ConnectionClosed")()


class ServerSide:
    """The handler's end of one connection (the shape pipecat reads; see the module docstring)."""

    def __init__(self, path: str, client):
        self.request = SimpleNamespace(path=path, headers={})
        self.remote_address = ("127.0.0.1", 50000 + id(self) % 10000)
        self.state = _state("OPEN")
        self._client = client
        self._inbox: asyncio.Queue = asyncio.Queue()
        self._closed = asyncio.Event()

    def __aiter__(self):
        return self

    async def __anext__(self):
        if not self._inbox.empty():
            return self._inbox.get_nowait()
        if self._closed.is_set():
            raise StopAsyncIteration
        getter = asyncio.ensure_future(self._inbox.get())
        closer = asyncio.ensure_future(self._closed.wait())
        try:
            done, _ = await asyncio.wait({getter, closer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            getter.cancel()
            closer.cancel()
        if getter in done and not getter.cancelled():
            return getter.result()
        raise StopAsyncIteration

    async def recv(self, decode=None):
        try:
            return await self.__anext__()
        except StopAsyncIteration:
            raise _closed() from None

    async def send(self, message) -> None:
        if self._closed.is_set():
            raise _closed()
        if ON_SEND is not None:
            ON_SEND(message)
        self._client.deliver(message)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self._closed.is_set():
            return
        self._end()
        await self._client.close(code, reason)

    async def wait_closed(self) -> None:
        await self._closed.wait()

    def _end(self) -> None:
        self.state = _state("CLOSED")
        self._closed.set()


class Peer:
    """The client stand-in's view of a local server: it runs the handler for the connection."""

    def __init__(self, connection, handler):
        self.connection = connection
        self.handler = handler
        self.side = ServerSide(urlsplit(connection.uri)._replace(scheme="", netloc="").geturl() or "/", connection)
        self.task: asyncio.Task | None = None

    async def opened(self) -> None:
        # Not the connection's spawn(): a client that closes must not cancel the handler, which
        # sees the end of the messages and runs its disconnect path, as with a real server.
        self.task = asyncio.get_running_loop().create_task(self.handler(self.side))
        SERVING.add(self.task)
        self.task.add_done_callback(SERVING.discard)

    async def received(self, message) -> None:
        self.side._inbox.put_nowait(message)

    async def closed(self) -> None:
        self.side._end()


class _Serve:
    """What ``serve()`` returns: an async context manager that listens while it is open."""

    def __init__(self, handler, host, port):
        self.handler = handler
        self.address = _address(host or "localhost", port)

    async def __aenter__(self):
        if self.address in LISTENING:
            raise OSError(98, f"[Errno 98] error while attempting to bind on address {self.address}: address already in use")
        LISTENING[self.address] = self.handler
        return self

    async def __aexit__(self, *exc):
        if LISTENING.get(self.address) is self.handler:
            del LISTENING[self.address]
        return False

    def close(self) -> None:
        LISTENING.pop(self.address, None)

    async def wait_closed(self) -> None:
        return None


def serve(handler, host=None, port=None, **kwargs):
    return _Serve(handler, host, port)


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"websockets.asyncio.server.{name}")
