"""Stand-in for ``websockets.asyncio.client.connect``: vendors whose server speaks get a connection
that plays that server.

Two kinds of vendor are matched by URL:

- :data:`GREETINGS`: a vendor whose service waits for the server's first message before streaming
  (Gradium STT reads a ``ready`` message with ``recv()``, pipecat/services/gradium/stt.py); its
  connection answers ``recv()`` with those messages, then waits like a quiet open connection.
- :data:`SERVERS`: a vendor whose whole conversation the harness scripts for the session
  (``rt/services.py`` registers them, e.g. an Ultravox call's websocket). The server object the
  factory returns sees every message the client sends and says what that vendor would say back.

A local URL (``ws://localhost:PORT``) reaches the in-process server listening there
(``websockets.asyncio.server``, e.g. pipecat's eval transport).

Every other URL gets the recording fake the module had before (``_autofake``), so the other
services see no change. URLs are recorded in :data:`CONNECTED`.
"""

import asyncio
import json
import re
from typing import Any, Callable

import _autofake

CONNECTED: list[str] = []

#: (URL regular expression, the messages the server sends first, source).
GREETINGS = [
    (r"gradium", [{"type": "ready"}], "pipecat/services/gradium/stt.py _connect reads a 'ready' message"),
]

#: URL regular expression -> (factory, source): ``factory(connection)`` returns the session's
#: scripted server for that vendor. The server may define coroutines ``opened()`` (the client has
#: connected), ``received(message)`` (the client sent a text ``str`` or binary ``bytes`` message) and
#: ``closed()`` (the client closed the connection); ``opened()`` may raise to refuse the handshake
#: (the exception reaches the client's ``connect``); it speaks with :meth:`ServerConnection.deliver`
#: and runs longer work with :meth:`ServerConnection.spawn` (cancelled when the connection closes).
SERVERS: dict[str, tuple[Callable[["ServerConnection"], Any], str]] = {}


def _closed_ok():
    return _autofake._child("websockets.exceptions.ConnectionClosedOK")()


class ServerConnection:
    """An open client connection to a scripted server.

    ``recv()`` and ``async for`` yield what the server delivers (``str`` for text frames, ``bytes``
    for binary ones, as websockets does) and end when the connection is closed; ``send()`` hands
    the message to the server. Nothing the client sends is recorded. ``state`` is the fake
    ``websockets.protocol.State`` member pipecat compares.
    """

    def __init__(self, uri: str, server: Any = None, messages: list[dict] | None = None, headers: dict | None = None):
        self.uri = uri
        #: The handshake's headers (``additional_headers``), for a server that checks them; never printed.
        self.headers = dict(headers or {})
        self.server = server
        self._inbox: asyncio.Queue = asyncio.Queue()
        for m in messages or []:
            self._inbox.put_nowait(json.dumps(m))
        self._closed = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()
        self.state = _autofake._child("websockets.protocol.State.OPEN")
        #: The handshake's HTTP response (``headers``), as websockets' ``ClientConnection.response``;
        #: a server may set it in ``opened()``.
        self.response = None

    # -- the server's side ------------------------------------------------------------------------
    def deliver(self, message: str | bytes | dict) -> None:
        """The server sends ``message`` (a dict is sent as JSON text)."""
        if self._closed.is_set():
            return
        self._inbox.put_nowait(json.dumps(message) if isinstance(message, dict) else message)

    def spawn(self, coro) -> asyncio.Task:
        """Run ``coro`` for the server; it is cancelled when the connection closes."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _opened(self) -> None:
        if self.server is not None and hasattr(self.server, "opened"):
            await self.server.opened()

    # -- the client's side ------------------------------------------------------------------------
    async def send(self, message) -> None:
        if self._closed.is_set():
            raise _closed_ok()
        if self.server is not None and hasattr(self.server, "received"):
            await self.server.received(message)

    async def recv(self, decode=None):
        if not self._inbox.empty():
            return self._inbox.get_nowait()
        if self._closed.is_set():
            raise _closed_ok()
        getter = asyncio.ensure_future(self._inbox.get())
        closer = asyncio.ensure_future(self._closed.wait())
        try:
            done, _ = await asyncio.wait({getter, closer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            getter.cancel()
            closer.cancel()
        if getter in done and not getter.cancelled():
            return getter.result()
        raise _closed_ok()

    def __aiter__(self):
        return self

    async def __anext__(self):
        # websockets ends ``async for`` when the connection closes normally.
        try:
            return await self.recv()
        except _autofake.FakeError:
            raise StopAsyncIteration

    async def ping(self, data=None):
        return asyncio.get_running_loop().create_future()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self._closed.is_set():
            return
        self.state = _autofake._child("websockets.protocol.State.CLOSED")
        self._closed.set()
        for task in list(self._tasks):
            task.cancel()
        if self.server is not None and hasattr(self.server, "closed"):
            await self.server.closed()

    async def wait_closed(self) -> None:
        await self._closed.wait()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
        return False


#: The connection class vendors that only greet get (kept under its former name).
GreetingConnection = ServerConnection


class _Connect:
    """What ``connect(uri)`` returns: awaitable and an async context manager, like websockets'."""

    def __init__(self, connection: ServerConnection):
        self._connection = connection

    async def _open(self) -> ServerConnection:
        await self._connection._opened()
        return self._connection

    def __await__(self):
        return self._open().__await__()

    async def __aenter__(self):
        return await self._open()

    async def __aexit__(self, *exc):
        await self._connection.close()
        return False


#: (URL regular expression, factory(uri) -> connection, source): vendor servers another stand-in
#: models whole (the LiveAvatar session socket, standins/_vendors/liveavatar.py); the connection
#: the factory returns is itself awaitable and an async context manager. :data:`SERVERS` is for
#: servers the harness scripts per session on a :class:`ServerConnection`.
MODELLED_SERVERS: list = []


def connect(uri, *args, **kwargs):
    CONNECTED.append(str(uri))
    from . import server as local_server

    handler = local_server.listener_for(uri)
    if handler is not None:
        connection = ServerConnection(str(uri))
        connection.server = local_server.Peer(connection, handler)
        return _Connect(connection)
    for pattern, (factory, _source) in list(SERVERS.items()):
        if re.search(pattern, str(uri)):
            headers = kwargs.get("additional_headers") or kwargs.get("extra_headers") or {}
            connection = ServerConnection(str(uri), headers=dict(headers.items()) if hasattr(headers, "items") else {})
            connection.server = factory(connection)
            return _Connect(connection)
    for pattern, factory, _source in list(MODELLED_SERVERS):
        if re.search(pattern, str(uri)):
            return factory(str(uri))
    for pattern, messages, _source in GREETINGS:
        if re.search(pattern, str(uri)):
            return _Connect(ServerConnection(str(uri), messages=messages))
    return _autofake._child("websockets.asyncio.client.connect")(uri, *args, **kwargs)


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"websockets.asyncio.client.{name}")
