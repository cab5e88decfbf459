"""Stand-in for ``websockets.asyncio.client.connect``: vendors that speak first get a connection
that says their greeting.

A vendor whose service waits for the server's first message before streaming (Gradium STT reads a
``ready`` message with ``recv()``, pipecat/services/gradium/stt.py) is matched by URL in
:data:`GREETINGS`; its connection answers ``recv()`` with those messages, then waits like a quiet
open connection until it is closed. Every other URL gets the recording fake the module had before
(``_autofake``), so the other services see no change. URLs are recorded in :data:`CONNECTED`.
"""

import asyncio
import json
import re

import _autofake

CONNECTED: list[str] = []

#: (URL regular expression, the messages the server sends first, source).
GREETINGS = [
    (r"gradium", [{"type": "ready"}], "pipecat/services/gradium/stt.py _connect reads a 'ready' message"),
]


class GreetingConnection:
    """An open connection that sends its vendor's greeting, records nothing of what it is sent,
    and waits after that; ``state`` is the fake ``websockets.protocol.State.OPEN`` pipecat compares."""

    def __init__(self, uri: str, messages: list[dict]):
        self.uri = uri
        self._inbox: asyncio.Queue = asyncio.Queue()
        for m in messages:
            self._inbox.put_nowait(json.dumps(m))
        self._closed = asyncio.Event()
        self.state = _autofake._child("websockets.protocol.State.OPEN")

    async def send(self, message) -> None:
        pass

    async def recv(self, decode=None):
        getter = asyncio.ensure_future(self._inbox.get())
        closer = asyncio.ensure_future(self._closed.wait())
        done, pending = await asyncio.wait({getter, closer}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if getter in done:
            return getter.result()
        raise _autofake._child("websockets.exceptions.ConnectionClosedOK")()

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self._inbox.empty():
            await self._closed.wait()
            raise StopAsyncIteration
        return await self._inbox.get()

    async def ping(self, data=None):
        return asyncio.get_running_loop().create_future()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.state = _autofake._child("websockets.protocol.State.CLOSED")
        self._closed.set()

    async def wait_closed(self) -> None:
        await self._closed.wait()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
        return False


class _Connect:
    """What ``connect(uri)`` returns: awaitable and an async context manager, like websockets'."""

    def __init__(self, uri: str, messages: list[dict]):
        self._connection = GreetingConnection(uri, messages)

    def __await__(self):
        if False:
            yield
        return self._connection

    async def __aenter__(self):
        return self._connection

    async def __aexit__(self, *exc):
        await self._connection.close()
        return False


#: (URL regular expression, factory(uri) -> connection, source): vendor servers another stand-in
#: models (the LiveAvatar session socket, standins/_vendors/liveavatar.py); the connection the
#: factory returns is itself awaitable and an async context manager.
SERVERS: list = []


def connect(uri, *args, **kwargs):
    CONNECTED.append(str(uri))
    for pattern, factory, _source in list(SERVERS):
        if re.search(pattern, str(uri)):
            return factory(str(uri))
    for pattern, messages, _source in GREETINGS:
        if re.search(pattern, str(uri)):
            return _Connect(str(uri), messages)
    return _autofake._child("websockets.asyncio.client.connect")(uri, *args, **kwargs)


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"websockets.asyncio.client.{name}")
