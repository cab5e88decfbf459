"""aiobotocore's session, as pipecat's ``AWSBedrockLLMService`` uses it
(pipecat/services/aws/llm.py 1.8: ``aiobotocore.session.get_session()``, then ``async with
session.create_client(service_name="bedrock-runtime", aws_access_key_id=…, aws_secret_access_key=…,
aws_session_token=…, region_name=…, config=…) as client`` and ``await client.converse_stream(**request)``
or ``client.converse``).

The ``bedrock-runtime`` client answers as Bedrock's Converse API does (docs.aws.amazon.com/bedrock,
"Converse", "ConverseStream"): a request signed with no credentials fails as botocore does
(``NoCredentialsError``, "Unable to locate credentials"); one without ``modelId`` or ``messages``,
whose conversation does not start with a ``user`` message or does not alternate between ``user``
and ``assistant``, or has a content block that is not exactly one known kind or a blank ``text``,
raises :class:`ClientError` (``ValidationException``, HTTP 400). A good request is answered with one
sentence (``rt.probe.BOT_TEXT``): ``{"stream": …}`` of ``messageStart``, ``contentBlockDelta`` per
word, ``contentBlockStop``, ``messageStop`` (``end_turn``) and ``metadata`` (usage) events, or one
``output.message`` for ``converse``.
"""

import asyncio

import _autofake

#: Content block kinds a Converse message may hold (one per block).
BLOCK_KINDS = ("text", "image", "document", "video", "toolUse", "toolResult", "guardContent", "cachePoint", "reasoningContent", "citationsContent")


class ClientError(Exception):
    """botocore's ``ClientError``: ``response["Error"]`` (``Code``, ``Message``) and the HTTP status."""

    def __init__(self, code: str, message: str, operation: str, status: int = 400):
        self.response = {"Error": {"Code": code, "Message": message}, "ResponseMetadata": {"HTTPStatusCode": status}}
        self.operation_name = operation
        super().__init__(f"An error occurred ({code}) when calling the {operation} operation: {message}")


def _validation(message: str, operation: str) -> ClientError:
    return ClientError("ValidationException", message, operation)


def check_converse(params: dict, operation: str) -> None:
    """Raise where the Converse API refuses the request (see the module docstring)."""
    if not params.get("modelId"):
        raise _validation("1 validation error detected: Value at 'modelId' failed to satisfy constraint: Member must not be null", operation)
    messages = params.get("messages")
    if not isinstance(messages, list) or not messages:
        raise _validation("1 validation error detected: Value at 'messages' failed to satisfy constraint: Member must not be null", operation)
    if messages[0].get("role") != "user":
        raise _validation("A conversation must start with a user message. Try again with a conversation that starts with a user message.", operation)
    for i, m in enumerate(messages):
        if m.get("role") not in ("user", "assistant"):
            raise _validation(f"1 validation error detected: Value '{m.get('role')}' at 'messages.{i + 1}.member.role' failed to satisfy constraint: Member must satisfy enum value set: [user, assistant]", operation)
        if i and m["role"] == messages[i - 1]["role"]:
            raise _validation("A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.", operation)
        content = m.get("content")
        if not isinstance(content, list) or not content:
            raise _validation(f"The content field in the Message object at messages.{i} is empty. Add a ContentBlock object to the content field and try again.", operation)
        for j, block in enumerate(content):
            kinds = [k for k in BLOCK_KINDS if isinstance(block, dict) and k in block]
            if len(kinds) != 1:
                raise _validation(f"The ContentBlock object at messages.{i}.content.{j} must set exactly one field.", operation)
            if kinds[0] == "text" and not str(block["text"]).strip():
                raise _validation(f"The text field in the ContentBlock object at messages.{i}.content.{j} is blank. Add text to the text field, and try again.", operation)


class BedrockRuntimeClient:
    """The ``bedrock-runtime`` client: ``converse_stream`` and ``converse`` answer."""

    def __init__(self, **kwargs):
        self._signed = bool(kwargs.get("aws_access_key_id") and kwargs.get("aws_secret_access_key"))
        self.region = kwargs.get("region_name")

    def _check(self, params: dict, operation: str) -> None:
        if not self._signed:
            raise _autofake._child("botocore.exceptions.NoCredentialsError")("Unable to locate credentials")
        check_converse(params, operation)

    async def converse_stream(self, **params):
        self._check(params, "ConverseStream")
        from _vendors import edge

        answer = edge.llm_request([(m.get("role"), edge.text_of(m.get("content"))) for m in params.get("messages", [])])
        words = answer.split(" ")
        deltas = [words[0]] + [" " + w for w in words[1:]]

        async def stream():
            yield {"messageStart": {"role": "assistant"}}
            for d in deltas:
                await asyncio.sleep(0.005)
                yield {"contentBlockDelta": {"delta": {"text": d}, "contentBlockIndex": 0}}
            yield {"contentBlockStop": {"contentBlockIndex": 0}}
            yield {"messageStop": {"stopReason": "end_turn"}}
            yield {"metadata": {"usage": {"inputTokens": 10, "outputTokens": len(deltas), "totalTokens": 10 + len(deltas)}, "metrics": {"latencyMs": 100}}}

        return {"stream": stream(), "ResponseMetadata": {"HTTPStatusCode": 200}}

    async def converse(self, **params):
        self._check(params, "Converse")
        from _vendors import edge

        answer = edge.llm_request([(m.get("role"), edge.text_of(m.get("content"))) for m in params.get("messages", [])])
        return {
            "output": {"message": {"role": "assistant", "content": [{"text": answer}]}},
            "stopReason": "end_turn",
            "usage": {"inputTokens": 10, "outputTokens": len(answer.split()), "totalTokens": 10 + len(answer.split())},
        }


class _ClientContext:
    def __init__(self, client):
        self._client = client

    async def __aenter__(self):
        return self._client

    async def __aexit__(self, *exc):
        return False


class AioSession(_autofake.Fake):
    """aiobotocore's session: ``create_client("bedrock-runtime", ...)`` answers; other services are fakes."""

    _rt_name = "aiobotocore.session.AioSession"

    def create_client(self, service_name, *args, **kwargs):
        if service_name == "bedrock-runtime":
            return _ClientContext(BedrockRuntimeClient(**kwargs))
        return _autofake._child("aiobotocore.session.AioSession().create_client()")(service_name, *args, **kwargs)


def get_session(env_vars=None):
    return AioSession()


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"aiobotocore.session.{name}")
