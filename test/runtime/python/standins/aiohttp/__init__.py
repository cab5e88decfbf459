"""Stand-in for aiohttp: a client that records requests and answers as the vendor's API would.

Every request made through :class:`ClientSession` is appended to :data:`REQUESTS` as
``(method, url)`` (bodies and headers are never kept: they carry keys). The response is ``200`` (or the
route's status) with the JSON body of the first :data:`ROUTES` entry whose method and URL pattern match, else
``{}``; streamed bodies (``response.content``) are empty. ``ws_connect`` returns a websocket that
stays open without saying anything until it is closed.

Only what pipecat uses is here (``ClientSession`` and its request methods, ``ClientTimeout``,
``ClientError``/``ClientResponseError``/``ContentTypeError``, ``FormData``, ``BasicAuth``,
``WSMsgType``, ``TCPConnector``).
"""

import asyncio
import enum
import json
import re

REQUESTS: list[tuple[str, str]] = []

#: (method, URL regular expression, JSON body, source[, status]): what a vendor's API answers
#: (status 200 unless given).
ROUTES = [
    ("POST", r"^https://api\.ultravox\.ai/api/(agents/[^/]+/)?calls$", {"joinUrl": "wss://rt.ultravox.invalid/join"}, "pipecat/services/ultravox/llm.py reads joinUrl and requires 201 Created", 201),
    ("POST", r"^https://api\.gladia\.io/v2/live", {"id": "rt-gladia-session", "url": "wss://rt.gladia.invalid/v2/live?token=rt"}, "pipecat/services/gladia/stt.py reads url and id"),
]


class ClientError(Exception):
    pass


class ClientConnectionError(ClientError):
    pass


class ClientResponseError(ClientError):
    def __init__(self, request_info=None, history=(), *, status=0, message="", headers=None):
        super().__init__(message)
        self.status = status
        self.message = message


class ContentTypeError(ClientResponseError):
    pass


class WSServerHandshakeError(ClientResponseError):
    pass


class ClientTimeout:
    def __init__(self, total=None, connect=None, sock_read=None, sock_connect=None, **kwargs):
        self.total = total


class BasicAuth:
    def __init__(self, login, password="", encoding="latin1"):
        self.login = login


class TCPConnector:
    def __init__(self, *args, **kwargs):
        pass

    async def close(self):
        pass


class FormData:
    def __init__(self, *args, **kwargs):
        self.fields = []

    def add_field(self, name, value, **kwargs):
        self.fields.append(name)


class WSMsgType(enum.IntEnum):
    CONTINUATION = 0
    TEXT = 1
    BINARY = 2
    PING = 9
    PONG = 10
    CLOSE = 8
    CLOSING = 256
    CLOSED = 257
    ERROR = 258


class _Content:
    async def read(self, n=-1):
        return b""

    async def readany(self):
        return b""

    async def iter_chunked(self, n):
        return
        yield  # noqa: unreachable - an empty async generator

    async def iter_any(self):
        return
        yield

    def __aiter__(self):
        return self

    async def __anext__(self):
        raise StopAsyncIteration


class ClientResponse:
    def __init__(self, method, url, body, status=200):
        self.method = method
        self.url = url
        self.status = status
        self.ok = True
        self.reason = "OK"
        self.headers = {"Content-Type": "application/json"}
        self.content_type = "application/json"
        self._body = body
        self.content = _Content()

    async def json(self, *args, **kwargs):
        return self._body

    async def text(self, *args, **kwargs):
        return json.dumps(self._body)

    async def read(self):
        return json.dumps(self._body).encode()

    def raise_for_status(self):
        return None

    def release(self):
        return None

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


class _RequestContext:
    """What ``session.post(...)`` returns: awaitable and an async context manager."""

    def __init__(self, method, url):
        self.method = method
        self.url = str(url)
        REQUESTS.append((method, self.url))

    def _response(self):
        for method, pattern, body, _source, *status in ROUTES:
            if method == self.method and re.search(pattern, self.url):
                return ClientResponse(self.method, self.url, body, *status)
        return ClientResponse(self.method, self.url, {})

    def __await__(self):
        if False:
            yield
        return self._response()

    async def __aenter__(self):
        return self._response()

    async def __aexit__(self, *exc):
        return False


class ClientWebSocketResponse:
    def __init__(self, url):
        self.url = url
        self.closed = False
        self._closed = asyncio.Event()

    async def send_str(self, data, compress=None):
        pass

    async def send_bytes(self, data, compress=None):
        pass

    async def send_json(self, data, **kwargs):
        pass

    async def receive(self, timeout=None):
        await self._closed.wait()
        return _WSMessage(WSMsgType.CLOSED, None)

    async def close(self, *args, **kwargs):
        self.closed = True
        self._closed.set()

    def __aiter__(self):
        return self

    async def __anext__(self):
        await self._closed.wait()
        raise StopAsyncIteration

    def exception(self):
        return None


class _WSMessage:
    def __init__(self, type_, data):
        self.type = type_
        self.data = data
        self.extra = None

    def json(self):
        return json.loads(self.data)


class _WSContext:
    def __init__(self, url):
        REQUESTS.append(("WS", str(url)))
        self._ws = ClientWebSocketResponse(str(url))

    def __await__(self):
        if False:
            yield
        return self._ws

    async def __aenter__(self):
        return self._ws

    async def __aexit__(self, *exc):
        await self._ws.close()
        return False


class ClientSession:
    def __init__(self, *args, **kwargs):
        self.closed = False

    def request(self, method, url, **kwargs):
        return _RequestContext(method.upper(), url)

    def get(self, url, **kwargs):
        return _RequestContext("GET", url)

    def post(self, url, **kwargs):
        return _RequestContext("POST", url)

    def put(self, url, **kwargs):
        return _RequestContext("PUT", url)

    def patch(self, url, **kwargs):
        return _RequestContext("PATCH", url)

    def delete(self, url, **kwargs):
        return _RequestContext("DELETE", url)

    def ws_connect(self, url, **kwargs):
        return _WSContext(url)

    async def close(self):
        self.closed = True

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
        return False
