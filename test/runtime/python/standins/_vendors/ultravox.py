"""Ultravox's REST side of a call, as pipecat 1.7.0's ``UltravoxRealtimeLLMService`` uses it.

pipecat/services/ultravox/llm.py creates the call with ``POST https://api.ultravox.ai/api/calls``
(or ``/api/agents/{id}/calls``), requires ``201 Created`` and reads ``joinUrl``
(``_start_one_shot_call`` / ``_start_agent_call``, l. 314-371). The request body (system prompt,
``inputSampleRate``, and whatever ``params.extra`` merges in, e.g. ``firstSpeakerSettings``) is
kept here so the call's websocket (``rt.services.UltravoxCall``) plays the call that was asked
for: per Ultravox's "Create Call" reference, ``firstSpeakerSettings`` defaults to ``{"agent": {}}``
(the agent greets first) and ``{"user": {}}`` makes the agent wait for the user to speak.
"""

import uuid

#: Bodies of the calls created in this process, oldest first.
CALLS: list[dict] = []


def create_call(request) -> tuple[int, dict]:
    """Record the call's settings and answer 201 with a ``joinUrl`` naming it."""
    CALLS.append(dict(request.json or {}))
    return 201, {"callId": str(uuid.uuid4()), "joinUrl": f"wss://rt.ultravox.invalid/join?call={len(CALLS) - 1}"}


def user_speaks_first(call_index: int | None = None) -> bool:
    """Whether the call (default: the latest) was created with the user as first speaker."""
    if not CALLS:
        return False
    body = CALLS[-1 if call_index is None else call_index]
    settings = body.get("firstSpeakerSettings") or {}
    return "user" in settings or body.get("firstSpeaker") == "FIRST_SPEAKER_USER"
