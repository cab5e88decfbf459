"""Stand-in for google-genai (``google.genai``) at the call pipecat's ``GoogleLLMService`` makes,
answering as the Gemini API's ``streamGenerateContent`` would.

pipecat/services/google/llm.py (1.8; ``GoogleVertexLLMService`` too) builds
``genai.Client(api_key=..., http_options=...)`` (Vertex: ``vertexai=True``, ``project``,
``location``, ``credentials``) and streams ``client.aio.models.generate_content_stream(model=,
contents=, config=GenerateContentConfig(...))``; ``run_inference`` calls ``generate_content``.
The request is the one pipecat's Gemini adapter built (``google.genai.types`` here keeps its
values) and is checked as the API checks it (ai.google.dev/api/generate-content): a ``model``,
non-empty ``contents`` whose roles are ``user`` or ``model`` ("Please use a valid role: user,
model."), each with at least one part, each part carrying exactly one kind of data. A bad request
raises :class:`google.genai.errors.ClientError` (400 ``INVALID_ARGUMENT``). A client with neither
an API key (``api_key=``, ``GOOGLE_API_KEY`` or ``GEMINI_API_KEY``) nor Vertex's project and
location raises the SDK's ``ValueError`` at construction.

A good request is answered with one sentence (``rt.probe.BOT_TEXT``) as ``GenerateContentResponse``
chunks: a candidate per chunk whose content (role ``model``) has one text part per word, usage
metadata on each, and ``finish_reason`` STOP on the last. ``aio.live.connect`` is the Live API
(``live.py``). Everything else (caches, files) is the recording fake (``_autofake``).
"""

import asyncio
import os

import _autofake

from . import errors, types

#: Fields of a ``Part`` that carry its data (one per part).
PART_DATA = ("text", "inline_data", "file_data", "function_call", "function_response", "executable_code", "code_execution_result")


def _invalid(message: str) -> errors.ClientError:
    return errors.ClientError(400, {"error": {"code": 400, "message": message, "status": "INVALID_ARGUMENT"}})


def _field(obj, name):
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def check_request(model, contents) -> None:
    """Raise ClientError where the Gemini API refuses a generateContent request."""
    if not model:
        raise _invalid("* GenerateContentRequest.model: unexpected model name format")
    if isinstance(contents, (str, types.Part)):
        contents = [contents]
    if not contents:
        raise _invalid("* GenerateContentRequest.contents: contents is not specified")
    for i, content in enumerate(contents):
        if isinstance(content, str):
            continue
        role = _field(content, "role")
        if role not in ("user", "model", None):
            raise _invalid("Please use a valid role: user, model.")
        parts = _field(content, "parts") or []
        if not parts:
            raise _invalid(f"* GenerateContentRequest.contents[{i}].parts: contents.parts must not be empty.")
        for j, part in enumerate(parts):
            kinds = [k for k in PART_DATA if _field(part, k) is not None]
            if len(kinds) != 1:
                raise _invalid(f"* GenerateContentRequest.contents[{i}].parts[{j}].data: required oneof field 'data' must have one initialized field")


def _conversation(contents) -> list[tuple[str, str]]:
    """The request's contents as (role, text) pairs (``model`` is Gemini's assistant role)."""
    from _vendors import edge

    items = [contents] if isinstance(contents, (str, types.Part)) else contents
    return [("user", c) if isinstance(c, str) else (_field(c, "role") or "user", edge.text_of(_field(c, "parts") or [])) for c in items]


def _usage(n: int):
    return types.GenerateContentResponseUsageMetadata(
        prompt_token_count=10, candidates_token_count=n, total_token_count=10 + n,
        cached_content_token_count=None, thoughts_token_count=None,
    )


def _chunk(text: str, n: int, last: bool):
    part = types.Part(text=text)
    content = types.Content(role="model", parts=[part])
    candidate = types.Candidate(content=content, index=0, finish_reason=types.FinishReason.STOP if last else None)
    return types.GenerateContentResponse(candidates=[candidate], usage_metadata=_usage(n), model_version="gemini-rt")


class _Models(_autofake.Fake):
    _rt_name = "google.genai.Client().aio.models"

    async def generate_content_stream(self, *, model, contents, config=None):
        check_request(model, contents)
        from _vendors import edge

        answer = edge.llm_request(_conversation(contents))
        words = answer.split(" ")
        pieces = [words[0]] + [" " + w for w in words[1:]]

        async def stream():
            for i, piece in enumerate(pieces):
                await asyncio.sleep(0.005)
                yield _chunk(piece, i + 1, i == len(pieces) - 1)

        return stream()

    async def generate_content(self, *, model, contents, config=None):
        check_request(model, contents)
        from _vendors import edge

        answer = edge.llm_request(_conversation(contents))
        return _chunk(answer, len(answer.split()), True)


class _Aio(_autofake.Fake):
    _rt_name = "google.genai.Client().aio"

    def __init__(self):
        super().__init__()
        from .live import AsyncLive

        self.models = _Models()
        self.live = AsyncLive()

    async def aclose(self) -> None:
        pass


class Client(_autofake.Fake):
    """google-genai's client: ``aio.models.generate_content_stream``/``generate_content`` answer."""

    _rt_name = "google.genai.Client"

    def __init__(self, *, api_key=None, vertexai=None, credentials=None, project=None, location=None, http_options=None, **kwargs):
        super().__init__()
        vertex = vertexai if vertexai is not None else os.environ.get("GOOGLE_GENAI_USE_VERTEXAI", "").lower() in ("1", "true")
        key = api_key or os.environ.get("GOOGLE_API_KEY") or os.environ.get("GEMINI_API_KEY")
        if vertex:
            project = project or os.environ.get("GOOGLE_CLOUD_PROJECT")
            location = location or os.environ.get("GOOGLE_CLOUD_LOCATION")
            if not key and not (project and location) and credentials is None:
                raise ValueError("Project and location or API key must be set when using the Vertex AI API.")
        elif not key:
            raise ValueError(
                "Missing key inputs argument! To use the Google AI API, provide (`api_key`) arguments. To use the Google Cloud API, provide (`vertexai`, `project` & `location`) arguments."
            )
        self.vertexai = bool(vertex)
        self.aio = _Aio()


def __getattr__(name: str):
    """Any other google-genai name is a recording fake (``_autofake``)."""
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"google.genai.{name}")
