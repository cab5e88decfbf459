"""Stand-in for the ``anthropic`` SDK at the calls pipecat's ``AnthropicLLMService`` makes,
answering as Anthropic's Messages API would.

pipecat/services/anthropic/llm.py (1.8) builds ``AsyncAnthropic(api_key=...)`` and streams
``client.beta.messages.create(**params, stream=True, betas=[...])`` (``_process_context``), or
creates one message without ``stream`` (``run_inference``). The request is checked as the Messages
API checks it (docs.anthropic.com/en/api/messages, "Errors"): ``model``, ``max_tokens`` (an integer
of at least 1) and a non-empty ``messages`` list are required; a message's ``role`` is ``user`` or
``assistant`` only (a ``system`` role inside ``messages`` is refused: the system prompt is the
top-level ``system`` parameter); content is a non-empty string or a list of typed blocks (only the
final assistant message may be empty); a ``tool_result`` must answer a ``tool_use`` of the
assistant message just before it; ``temperature`` lies in 0-1. (Consecutive messages of one role
are accepted: the API combines them into one turn, per its docs.) A bad request raises
:class:`BadRequestError` (HTTP 400, ``invalid_request_error``), as the SDK does; a client with no
key (``api_key=`` or ``ANTHROPIC_API_KEY``) raises the SDK's ``TypeError`` at the request.

A good streamed request is answered with one sentence (``rt.probe.BOT_TEXT``) as the API's server
events: ``message_start`` (with usage), ``content_block_start`` (a text block), ``ping``,
``content_block_delta`` (``text_delta``) per word, ``content_block_stop``, ``message_delta``
(``stop_reason: end_turn``, output usage), ``message_stop``; a non-streamed one as a ``message``.
Everything else in the SDK is the recording fake (``_autofake``). Nothing a request carries is
kept or printed.
"""

import asyncio
import itertools
import os

import _autofake

#: Content block types the Messages API accepts in ``messages[].content``.
BLOCK_TYPES = {"text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking", "search_result", "server_tool_use", "web_search_tool_result"}

_ids = itertools.count(1)


class NotGiven:
    """The SDK's "not given" sentinel (falsy; left out of the request)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()


class AnthropicError(Exception):
    pass


class APIError(AnthropicError):
    def __init__(self, message: str, request=None, *, body=None):
        super().__init__(message)
        self.message = message
        self.body = body


class APIConnectionError(APIError):
    def __init__(self, *, message: str = "Connection error.", request=None):
        super().__init__(message, request)


class APITimeoutError(APIConnectionError):
    def __init__(self, request=None):
        super().__init__(message="Request timed out.", request=request)


class APIStatusError(APIError):
    status_code = 500

    def __init__(self, message: str, *, response=None, body=None):
        super().__init__(message, None, body=body)
        self.response = response


class BadRequestError(APIStatusError):
    status_code = 400


class AuthenticationError(APIStatusError):
    status_code = 401


class RateLimitError(APIStatusError):
    status_code = 429


class InternalServerError(APIStatusError):
    status_code = 500


def _bad_request(message: str) -> BadRequestError:
    body = {"type": "error", "error": {"type": "invalid_request_error", "message": message}}
    return BadRequestError(f"Error code: 400 - {body!r}", body=body)


def _given(params: dict, name: str):
    value = params.get(name)
    return None if isinstance(value, NotGiven) else value


def check_messages_request(params: dict) -> None:
    """Raise :class:`BadRequestError` where the Messages API rejects the request."""
    if not isinstance(_given(params, "model"), str) or not params["model"]:
        raise _bad_request("model: Field required")
    max_tokens = _given(params, "max_tokens")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        raise _bad_request("max_tokens: Field required (an integer >= 1)")
    messages = _given(params, "messages")
    if not isinstance(messages, list) or not messages:
        raise _bad_request("messages: at least one message is required")
    tool_uses: set = set()
    for i, m in enumerate(messages):
        role = m.get("role") if isinstance(m, dict) else None
        if role == "system":
            raise _bad_request(
                'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.'
            )
        if role not in ("user", "assistant"):
            raise _bad_request(f"messages.{i}.role: Input should be 'user' or 'assistant'")
        content = m.get("content")
        final_assistant = role == "assistant" and i == len(messages) - 1
        if isinstance(content, str):
            if not content and not final_assistant:
                raise _bad_request(f"messages.{i}: all messages must have non-empty content except for the optional final assistant message")
            blocks = []
        elif isinstance(content, list):
            if not content and not final_assistant:
                raise _bad_request(f"messages.{i}: all messages must have non-empty content except for the optional final assistant message")
            blocks = content
        else:
            raise _bad_request(f"messages.{i}.content: Input should be a valid string or list")
        results = set()
        for j, b in enumerate(blocks):
            kind = b.get("type") if isinstance(b, dict) else None
            if kind not in BLOCK_TYPES:
                raise _bad_request(f"messages.{i}.content.{j}.type: Input tag '{kind}' found using 'type' does not match any of the expected tags")
            if kind == "text" and not b.get("text") and not final_assistant:
                raise _bad_request(f"messages.{i}.content.{j}: text content blocks must be non-empty")
            if kind == "tool_result":
                results.add(b.get("tool_use_id"))
        if results - tool_uses:
            raise _bad_request(
                f"messages.{i}.content: unexpected `tool_use_id` found in `tool_result` blocks: {sorted(results - tool_uses)}. Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
            )
        tool_uses = {b.get("id") for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"} if role == "assistant" else set()
    temperature = _given(params, "temperature")
    if temperature is not None and not 0 <= float(temperature) <= 1:
        raise _bad_request("temperature: Input should be less than or equal to 1")
    system = _given(params, "system")
    if system is not None and not isinstance(system, (str, list)):
        raise _bad_request("system: Input should be a valid string or list of text blocks")


class _Obj:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__dict__!r})"


class AsyncStream:
    """The SDK's ``AsyncStream[MessageStreamEvent]``: async-iterable once, closeable."""

    def __class_getitem__(cls, item):
        return cls

    def __init__(self, events: list):
        self._events = events
        self._iterator = self._iterate()

    async def _iterate(self):
        for event in self._events:
            await asyncio.sleep(0.005)
            yield event

    def __aiter__(self):
        return self._iterator

    async def __anext__(self):
        return await self._iterator.__anext__()

    async def close(self) -> None:
        pass


class _Messages:
    def __init__(self, client: "AsyncAnthropic"):
        self._client = client

    async def create(self, **params):
        """``POST /v1/messages``: see the module docstring."""
        if not self._client.api_key:
            raise TypeError(
                '"Could not resolve authentication method. Expected either api_key or auth_token to be set. Or for one of the `X-Api-Key` or `Authorization` headers to be explicitly omitted"'
            )
        check_messages_request(params)
        from _vendors import edge

        answer = edge.llm_request([(m.get("role"), edge.text_of(m.get("content"))) for m in params["messages"]])
        words = answer.split(" ")
        pieces = [words[0]] + [" " + w for w in words[1:]]
        mid = f"msg_rt{next(_ids)}"
        model = params["model"]
        usage = _Obj(input_tokens=10, output_tokens=1, cache_creation_input_tokens=0, cache_read_input_tokens=0)
        if not _given(params, "stream"):
            return _Obj(
                id=mid, type="message", role="assistant", model=model, stop_reason="end_turn", stop_sequence=None,
                content=[_Obj(type="text", text=answer)],
                usage=_Obj(input_tokens=10, output_tokens=len(pieces), cache_creation_input_tokens=0, cache_read_input_tokens=0),
            )
        message = _Obj(id=mid, type="message", role="assistant", model=model, content=[], stop_reason=None, stop_sequence=None, usage=usage)
        events = [
            _Obj(type="message_start", message=message),
            _Obj(type="content_block_start", index=0, content_block=_Obj(type="text", text="")),
            _Obj(type="ping"),
        ]
        events += [_Obj(type="content_block_delta", index=0, delta=_Obj(type="text_delta", text=p)) for p in pieces]
        events += [
            _Obj(type="content_block_stop", index=0),
            _Obj(type="message_delta", delta=_Obj(stop_reason="end_turn", stop_sequence=None), usage=_Obj(output_tokens=len(pieces))),
            _Obj(type="message_stop"),
        ]
        return AsyncStream(events)


class _Beta(_autofake.Fake):
    _rt_name = "anthropic.AsyncAnthropic().beta"

    def __init__(self, client):
        super().__init__()
        self.messages = _Messages(client)


class AsyncAnthropic(_autofake.Fake):
    """The SDK's async client: ``messages.create`` and ``beta.messages.create`` answer."""

    _rt_name = "anthropic.AsyncAnthropic"

    def __init__(self, *, api_key=None, auth_token=None, base_url=None, **kwargs):
        super().__init__()
        self.api_key = api_key if api_key is not None else os.environ.get("ANTHROPIC_API_KEY")
        if auth_token:
            self.api_key = self.api_key or "auth-token"
        self.messages = _Messages(self)
        self.beta = _Beta(self)

    async def close(self) -> None:
        pass


def __getattr__(name: str):
    """Any other SDK name is a recording fake (``_autofake``)."""
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"anthropic.{name}")
