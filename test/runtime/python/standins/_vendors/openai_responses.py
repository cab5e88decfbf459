"""OpenAI's Responses API in WebSocket mode (``wss://api.openai.com/v1/responses``), as pipecat's
``OpenAIResponsesLLMService`` speaks to it (pipecat/services/openai/responses/llm.py 1.8:
``_connect_websocket``, ``_process_context`` sending ``response.create``,
``_receive_response_events``).

Following OpenAI's Responses reference (platform.openai.com/docs/api-reference/responses, its
WebSocket mode and streaming events): the handshake needs ``Authorization: Bearer <key>`` (else
HTTP 401); ``response.create`` needs a ``model`` and an ``input`` (a string or a list of items:
``message`` items with role ``user``/``assistant``/``system``/``developer``, ``function_call`` and
``function_call_output`` items …; else an ``error`` event, ``invalid_request_error``); a
``previous_response_id`` must name the last response of this socket (the one cached in memory with
``store: false``; else ``previous_response_not_found``). The answer is one sentence
(``rt.probe.BOT_TEXT``): ``response.created``, ``response.output_item.added``,
``response.content_part.added``, ``response.output_text.delta`` per word, the matching ``.done``
events, and ``response.completed`` with the output and usage.
"""

import asyncio
import itertools
import json

ROLES = ("user", "assistant", "system", "developer")
ITEM_TYPES = ("message", "function_call", "function_call_output", "reasoning", "item_reference")


class ResponsesSocket:
    """One ``/v1/responses`` WebSocket's server side."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        self.ids = itertools.count(1)
        self.last_response: str | None = None
        #: Each response's conversation as the server keeps it for ``previous_response_id``: the
        #: input it continued from, its own input items, and its output, as (role, text) pairs.
        self.conversations: dict[str, list[tuple[str, str]]] = {}

    async def opened(self) -> None:
        from _vendors import edge

        auth = edge.header(self.connection.headers, "Authorization") or ""
        if not auth.startswith("Bearer ") or len(auth) <= len("Bearer "):
            raise edge.HandshakeRejected(401, "invalid_api_key")

    def _error(self, message: str, code: str | None = None, param: str | None = None) -> None:
        self.connection.deliver({"type": "error", "status": 400, "error": {"type": "invalid_request_error", "code": code, "message": message, "param": param}})

    def _check(self, params: dict) -> bool:
        if not params.get("model"):
            self._error("Missing required parameter: 'model'.", "missing_required_parameter", "model")
            return False
        items = params.get("input")
        if isinstance(items, str):
            return True
        if not isinstance(items, list):
            self._error("Missing required parameter: 'input'.", "missing_required_parameter", "input")
            return False
        for i, item in enumerate(items):
            kind = item.get("type", "message") if isinstance(item, dict) else None
            if kind not in ITEM_TYPES:
                self._error(f"Invalid value: '{kind}'.", "invalid_value", f"input[{i}].type")
                return False
            if kind == "message" and item.get("role") not in ROLES:
                self._error(f"Invalid value: '{item.get('role')}'. Supported values are: {', '.join(repr(r) for r in ROLES)}.", "invalid_value", f"input[{i}].role")
                return False
        previous = params.get("previous_response_id")
        if previous and previous != self.last_response:
            self._error(f"Previous response with id '{previous}' not found.", "previous_response_not_found", "previous_response_id")
            return False
        return True

    async def received(self, message) -> None:
        event = json.loads(message)
        if event.get("type") != "response.create":
            self._error(f"Invalid event type: '{event.get('type')}'.", "invalid_value", "type")
            return
        params = {k: v for k, v in event.items() if k != "type"}
        if self._check(params):
            self.connection.spawn(self._answer(params["model"], self._conversation(params)))

    def _conversation(self, params: dict) -> list[tuple[str, str]]:
        """The whole conversation the request stands for: the previous response's, then its input."""
        from _vendors import edge

        items = params["input"]
        items = [{"role": "user", "content": items}] if isinstance(items, str) else items
        own = [(i.get("role"), edge.text_of(i.get("content"))) for i in items if i.get("type", "message") == "message"]
        return self.conversations.get(params.get("previous_response_id") or "", []) + own

    async def _answer(self, model: str, conversation: list[tuple[str, str]]) -> None:
        from _vendors import edge

        answer = edge.llm_request(conversation)
        rid, mid = f"resp_rt{next(self.ids)}", f"msg_rt{next(self.ids)}"
        words = answer.split(" ")
        deltas = [words[0]] + [" " + w for w in words[1:]]
        where = {"item_id": mid, "output_index": 0, "content_index": 0}
        self.connection.deliver({"type": "response.created", "response": {"id": rid, "object": "response", "status": "in_progress", "model": model, "output": []}})
        item = {"type": "message", "id": mid, "status": "in_progress", "role": "assistant", "content": []}
        self.connection.deliver({"type": "response.output_item.added", "output_index": 0, "item": item})
        self.connection.deliver({"type": "response.content_part.added", **where, "part": {"type": "output_text", "text": "", "annotations": []}})
        for d in deltas:
            await asyncio.sleep(0.005)
            self.connection.deliver({"type": "response.output_text.delta", **where, "delta": d})
        part = {"type": "output_text", "text": answer, "annotations": []}
        self.connection.deliver({"type": "response.output_text.done", **where, "text": answer})
        self.connection.deliver({"type": "response.content_part.done", **where, "part": part})
        done_item = {**item, "status": "completed", "content": [part]}
        self.connection.deliver({"type": "response.output_item.done", "output_index": 0, "item": done_item})
        usage = {"input_tokens": 10, "output_tokens": len(deltas), "total_tokens": 10 + len(deltas),
                 "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}
        self.last_response = rid
        self.conversations[rid] = conversation + [("assistant", answer)]
        self.connection.deliver({"type": "response.completed", "response": {"id": rid, "object": "response", "status": "completed", "model": model, "output": [done_item], "usage": usage}})
