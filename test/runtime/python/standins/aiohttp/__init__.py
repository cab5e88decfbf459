"""Stand-in for aiohttp: a client that records requests and answers as the vendor's API would.

Every request made through :class:`ClientSession` is appended to :data:`REQUESTS` as
``(method, url)`` (bodies and headers are never kept: they carry keys). The response is the first
:data:`ROUTES` entry whose method and URL pattern match, else ``200`` with ``{}``. A route's answer
is a JSON body (``200``) or a handler: a callable given the :class:`Request` (method, URL, JSON
body, headers) that returns the body, or ``(status, body)``; a vendor whose API starts something
(a Tavus conversation, a LiveAvatar session) is modelled behind its handler in
``standins/_vendors/``. Streamed bodies (``response.content``) are empty. ``ws_connect`` returns a websocket that
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

class Request:
    """What a route handler is given: method, URL, JSON body (or None), headers (a dict), form
    ``data`` (a dict, or None) and basic ``auth`` as ``(login, password)`` (or None); never printed."""

    def __init__(self, method: str, url: str, json_body=None, headers=None, data=None, auth=None):
        self.method = method
        self.url = url
        self.json = json_body
        self.headers = dict(headers or {})
        self.data = dict(data) if isinstance(data, dict) else None
        self.auth = (auth.login, auth.password) if isinstance(auth, BasicAuth) else None

    def header(self, name: str, default=None):
        """A header, whatever its case."""
        for key, value in self.headers.items():
            if key.lower() == name.lower():
                return value
        return default


def _vendor(module: str, handler: str):
    """A route handler living in ``standins/_vendors/<module>.py`` (imported when first used)."""

    def handle(request: Request):
        import importlib

        return getattr(importlib.import_module(f"_vendors.{module}"), handler)(request)

    return handle


#: (method, URL regular expression, JSON body or handler, source): what a vendor's API answers.
ROUTES = [
    ("POST", r"^https://api\.ultravox\.ai/api/(agents/[^/]+/)?calls$", _vendor("ultravox", "create_call"), "pipecat/services/ultravox/llm.py reads joinUrl and requires 201 Created"),
    ("POST", r"^https://api\.([a-z0-9-]+\.)*twilio\.com/2010-04-01/Accounts/[^/]+/Calls/[^/]+\.json$", _vendor("twilio", "update_call"), "pipecat/serializers/twilio.py _hang_up_call: POST the Call resource with Status=completed"),
    ("POST", r"^https://api\.daily\.co/v1/rooms$", _vendor("daily_rest", "create_room"), "pipecat/transports/daily/utils.py DailyRESTHelper.create_room reads the room object"),
    ("POST", r"^https://api\.daily\.co/v1/meeting-tokens$", _vendor("daily_rest", "create_token"), "DailyRESTHelper.get_token reads token"),
    ("POST", r"^http://localhost:7860/start$", _vendor("runner", "start"), "pipecat/runner/run.py /start, as the generated server_utils.start_bot posts to it"),
    ("POST", r"^https://api\.gladia\.io/v2/live", {"id": "rt-gladia-session", "url": "wss://rt.gladia.invalid/v2/live?token=rt"}, "pipecat/services/gladia/stt.py reads url and id"),
    ("POST", r"^https://tavusapi\.com/v2/conversations$", _vendor("tavus", "create_conversation"), "pipecat/transports/tavus/transport.py TavusApi.create_conversation reads conversation_id and conversation_url"),
    ("POST", r"^https://tavusapi\.com/v2/conversations/[^/]+/end$", _vendor("tavus", "end_conversation"), "TavusApi.end_conversation only checks the status"),
    ("GET", r"^https://tavusapi\.com/v2/personas/[^/]+$", _vendor("tavus", "get_persona"), "TavusApi.get_persona_name reads persona_name"),
    ("POST", r"^https://api\.liveavatar\.com/v1/sessions/token$", _vendor("liveavatar", "create_session_token"), "pipecat/services/heygen/api_liveavatar.py SessionTokenResponse"),
    ("POST", r"^https://api\.liveavatar\.com/v1/sessions/start$", _vendor("liveavatar", "start_session"), "pipecat/services/heygen/api_liveavatar.py LiveAvatarSessionResponse"),
    ("POST", r"^https://api\.liveavatar\.com/v1/sessions/stop$", _vendor("liveavatar", "stop_session"), "LiveAvatarApi.stop_session returns the JSON as is"),
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
        self.password = password


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
        self.ok = status < 400
        self.reason = "OK" if self.ok else "Error"
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
        if not self.ok:
            raise ClientResponseError(None, (), status=self.status, message=self.reason)
        return None

    def release(self):
        return None

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


class _RequestContext:
    """What ``session.post(...)`` returns: awaitable and an async context manager."""

    def __init__(self, method, url, json_body=None, headers=None, data=None, auth=None):
        self.method = method
        self.url = str(url)
        self._json = json_body
        self._headers = headers
        self._data = data
        self._auth = auth
        self._answer = None
        REQUESTS.append((method, self.url))

    def _response(self):
        if self._answer is None:  # the vendor acts once per request
            self._answer = ClientResponse(self.method, self.url, {})
            for method, pattern, body, _source in ROUTES:
                if method == self.method and re.search(pattern, self.url):
                    status = 200
                    if callable(body):
                        body = body(Request(self.method, self.url, self._json, self._headers, self._data, self._auth))
                        if isinstance(body, tuple):
                            status, body = body
                    self._answer = ClientResponse(self.method, self.url, body, status)
                    break
        return self._answer

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
        return _RequestContext(method.upper(), url, kwargs.get("json"), kwargs.get("headers"), kwargs.get("data"), kwargs.get("auth"))

    def get(self, url, **kwargs):
        return self.request("GET", url, **kwargs)

    def post(self, url, **kwargs):
        return self.request("POST", url, **kwargs)

    def put(self, url, **kwargs):
        return self.request("PUT", url, **kwargs)

    def patch(self, url, **kwargs):
        return self.request("PATCH", url, **kwargs)

    def delete(self, url, **kwargs):
        return self.request("DELETE", url, **kwargs)

    def ws_connect(self, url, **kwargs):
        return _WSContext(url)

    async def close(self):
        self.closed = True

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()
        return False
