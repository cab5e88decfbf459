"""OpenAI's Realtime API server (GA protocol) for one WebSocket session, as pipecat 1.8 speaks to it.

pipecat/services/openai/realtime/llm.py (``OpenAIRealtimeLLMService``, and Azure's
``AzureRealtimeLLMService`` built on it) connects to ``wss://…/realtime``, waits for
``session.created``, sends ``session.update``, creates the context's messages as conversation
items, streams the user's audio with ``input_audio_buffer.append`` and asks for answers with
``response.create``. It parses every server event with its own models (``events.parse_server_event``
raises on a type it does not know), so this server sends only event types of the GA reference
(platform.openai.com/docs/api-reference/realtime-server-events), shaped as those models read them.

What the server does follows the session it was configured with, and nothing else:

- ``session.update`` merges into the session (defaults: PCM at 24 kHz in and out, ``server_vad``
  turn detection with 500 ms of silence and ``create_response``/``interrupt_response`` on,
  **no input transcription**), answered with ``session.updated``; an input or output format other
  than 24 kHz PCM, G.711 µ-law or A-law is an ``invalid_request_error``.
- with server VAD on, the appended audio is listened to (a level threshold on 16-bit PCM):
  speech starts ``input_audio_buffer.speech_started`` (and cancels an answer in progress when
  ``interrupt_response``), :data:`PAUSE_SECONDS`… of the configured silence ends it with
  ``speech_stopped``, ``committed`` and the user's item; only when the session asks for
  ``audio.input.transcription`` does ``conversation.item.input_audio_transcription.completed``
  follow (the scripted user's words, ``rt.probe.USER_TEXT``); then an answer when
  ``create_response``. With turn detection off (``turn_detection`` null/false), only
  ``input_audio_buffer.commit`` and ``response.create`` do that.
- ``response.create`` answers what the session scripted for that request (``rt.probe.BOT_TEXT``
  unless a scenario scripted another, ``_vendors/edge.py`` ``llm_request``) in the modality asked
  for: ``response.output_audio.delta`` (base64 16-bit PCM at 24 kHz, as long as a vendor speaks
  the text, ``rt.services.spoken_seconds``; ten times faster than real time, as the API streams
  audio as fast as it is generated) with ``response.output_audio_transcript.delta`` words, or
  ``response.output_text.delta``; then ``response.done`` with usage. A second ``response.create``
  while one is active is the API's ``conversation_already_has_active_response`` error;
  ``response.cancel`` ends the active answer with status ``cancelled``.
- The conversation is kept as its items; each answer is generated from it, and the session is
  told that conversation (``edge.llm_request``), each item as the model reads it: a user's audio
  as its transcript (what the model heard: the scripted user's words), an assistant's audio as
  the words it speaks. ``conversation.item.truncate`` (sent when the user barges in) cuts an
  assistant item's audio at ``audio_end_ms`` and, as the reference says, deletes the transcript
  after that point, so the model "hears" only the words whose audio starts before it; an
  ``audio_end_ms`` beyond the item's audio, an unknown item or a content index other than the
  audio's is the API's ``invalid_request_error`` (platform.openai.com/docs/api-reference/
  realtime-client-events/conversation/item/truncate).

Units: seconds, Hz, 16-bit mono PCM.
"""

import asyncio
import base64
import copy
import itertools
import json

import numpy as np

#: The only PCM rate the GA Realtime API accepts (``audio/pcm`` ``rate`` 24000).
PCM_RATE = 24000
#: Rate of G.711 (``audio/pcmu``, ``audio/pcma``) audio.
G711_RATE = 8000
#: Level (RMS of 16-bit PCM) above which appended audio counts as speech for the server VAD.
SPEECH_RMS = 1000.0
#: Speech the server VAD needs before it starts a turn.
MIN_SPEECH_SECONDS = 0.1

#: The session a connection starts with (the GA ``session.created`` defaults).
DEFAULT_SESSION = {
    "type": "realtime",
    "object": "realtime.session",
    "id": "sess_rt",
    "model": "gpt-realtime",
    "output_modalities": ["audio"],
    "instructions": "",
    "tools": [],
    "tool_choice": "auto",
    "max_output_tokens": "inf",
    "audio": {
        "input": {
            "format": {"type": "audio/pcm", "rate": PCM_RATE},
            "transcription": None,
            "noise_reduction": None,
            "turn_detection": {
                "type": "server_vad",
                "threshold": 0.5,
                "prefix_padding_ms": 300,
                "silence_duration_ms": 500,
                "create_response": True,
                "interrupt_response": True,
            },
        },
        "output": {"format": {"type": "audio/pcm", "rate": PCM_RATE}, "voice": "alloy", "speed": 1.0},
    },
}


def _merge(base: dict, update: dict) -> dict:
    """``session.update`` semantics: nested objects merge, other values (null included) replace."""
    out = dict(base)
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _level(pcm: bytes) -> float:
    samples = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float64)
    return float(np.sqrt(np.mean(samples * samples))) if samples.size else 0.0


class RealtimeSession:
    """One connection's server side (see the module docstring); ``connection`` is the websockets
    stand-in's :class:`ServerConnection`."""

    def __init__(self, connection, probe=None):
        self.connection = connection
        self.session = copy.deepcopy(DEFAULT_SESSION)
        uri = getattr(connection, "uri", "") or ""
        if "model=" in uri:
            self.session["model"] = uri.split("model=", 1)[1].split("&", 1)[0]
        self.ids = itertools.count(1)
        self.items: dict[str, dict] = {}
        self.last_item: str | None = None
        self.buffer = bytearray()
        self.speech = 0.0
        self.silence = 0.0
        self.in_speech_item: str | None = None
        self.audio_ms = 0.0
        self.response: asyncio.Task | None = None
        #: Item ids in conversation order.
        self.order: list[str] = []
        #: Assistant audio items: item id -> {"audio_ms": audio the item holds, "words": [(word,
        #: second its audio starts)]}.
        self.spoken: dict[str, dict] = {}
        #: (item id, audio_end_ms) of each accepted truncation.
        self.truncations: list[tuple[str, int]] = []

    # -- helpers ----------------------------------------------------------------------------------
    def _id(self, prefix: str) -> str:
        return f"{prefix}_rt{next(self.ids)}"

    def _send(self, event: dict) -> None:
        event.setdefault("event_id", self._id("event"))
        self.connection.deliver(event)

    def _error(self, message: str, code: str | None = None, param: str | None = None, event_id: str | None = None) -> None:
        self._send({"type": "error", "error": {"type": "invalid_request_error", "code": code, "message": message, "param": param, "event_id": event_id}})

    def _turn_detection(self) -> dict | None:
        td = self.session["audio"]["input"].get("turn_detection")
        return td if isinstance(td, dict) else None

    def _input_rate(self) -> int:
        fmt = self.session["audio"]["input"].get("format") or {}
        return PCM_RATE if fmt.get("type", "audio/pcm") == "audio/pcm" else G711_RATE

    def _add_item(self, item: dict) -> None:
        self.items[item["id"]] = item
        self.order.append(item["id"])
        self._send({"type": "conversation.item.added", "previous_item_id": self.last_item, "item": item})
        self.last_item = item["id"]

    # -- the connection ---------------------------------------------------------------------------
    async def opened(self) -> None:
        self._send({"type": "session.created", "session": copy.deepcopy(self.session)})

    async def closed(self) -> None:
        self.response = None

    async def received(self, message) -> None:
        if isinstance(message, (bytes, bytearray)):
            self._error("Binary messages are not supported; send JSON client events.")
            return
        event = json.loads(message)
        kind = event.get("type")
        handler = {
            "session.update": self._session_update,
            "conversation.item.create": self._item_create,
            "conversation.item.retrieve": self._item_retrieve,
            "conversation.item.truncate": self._item_truncate,
            "input_audio_buffer.append": self._append,
            "input_audio_buffer.commit": self._commit_event,
            "input_audio_buffer.clear": self._clear,
            "response.create": self._response_create,
            "response.cancel": self._response_cancel,
        }.get(kind)
        if handler is None:
            self._error(f"Invalid value: '{kind}'. Supported values are the Realtime client event types.", "invalid_value", "type", event.get("event_id"))
            return
        handler(event)

    # -- client events ----------------------------------------------------------------------------
    def _session_update(self, event: dict) -> None:
        update = event.get("session") or {}
        if update.get("type") not in ("realtime", None) or "type" not in update:
            self._error("Missing required parameter: 'session.type'.", "missing_required_parameter", "session.type", event.get("event_id"))
            return
        merged = _merge(self.session, update)
        for direction in ("input", "output"):
            fmt = ((merged.get("audio") or {}).get(direction) or {}).get("format") or {"type": "audio/pcm", "rate": PCM_RATE}
            if fmt.get("type") == "audio/pcm" and fmt.get("rate", PCM_RATE) != PCM_RATE or fmt.get("type") not in ("audio/pcm", "audio/pcmu", "audio/pcma"):
                self._error(f"Invalid 'session.audio.{direction}.format': {fmt}. audio/pcm supports only rate 24000.", "invalid_value", f"session.audio.{direction}.format", event.get("event_id"))
                return
        self.session = merged
        self._send({"type": "session.updated", "session": copy.deepcopy(self.session)})

    def _item_create(self, event: dict) -> None:
        item = dict(event.get("item") or {})
        item.setdefault("id", self._id("item"))
        item["object"] = "realtime.item"
        item["status"] = "completed"
        self._add_item(item)
        self._send({"type": "conversation.item.done", "previous_item_id": None, "item": item})

    def _item_retrieve(self, event: dict) -> None:
        item = self.items.get(event.get("item_id"))
        if item is None:
            self._error(f"Item with item_id not found: {event.get('item_id')}", "item_retrieve_invalid_item_id", None, event.get("event_id"))
            return
        self._send({"type": "conversation.item.retrieved", "item": item})

    def _item_truncate(self, event: dict) -> None:
        item_id, index, end_ms = event.get("item_id", ""), event.get("content_index", 0), event.get("audio_end_ms", 0)
        item = self.items.get(item_id)
        spoken = self.spoken.get(item_id)
        if item is None or item.get("role") != "assistant" or spoken is None:
            self._error(f"Item with item_id not found or not an assistant audio item: {item_id}", "item_truncate_invalid_item_id", "item_id", event.get("event_id"))
            return
        if index != 0:
            self._error(f"Invalid content_index {index}: the item has one audio content part.", "invalid_value", "content_index", event.get("event_id"))
            return
        audio_ms = spoken["audio_ms"]
        if not isinstance(end_ms, int) or end_ms < 0 or end_ms > audio_ms:
            self._error(f"Audio content of {audio_ms}ms is already shorter than {end_ms}ms", "invalid_value", "audio_end_ms", event.get("event_id"))
            return
        # The audio ends at audio_end_ms, and the transcript after it is gone: the model "hears"
        # the words whose audio starts before that point.
        spoken["audio_ms"] = end_ms
        spoken["words"] = [(w, t) for w, t in spoken["words"] if t * 1000 < end_ms]
        for part in item.get("content") or []:
            if part.get("type") == "output_audio":
                part["transcript"] = " ".join(w for w, _ in spoken["words"])
        self.truncations.append((item_id, end_ms))
        from _vendors import edge

        if edge.PROBE is not None:
            edge.PROBE.step(f"OpenAI Realtime stand-in: {item_id} truncated at {end_ms} ms of {audio_ms} ms sent")
        self._send({"type": "conversation.item.truncated", "item_id": item_id, "content_index": index, "audio_end_ms": end_ms})

    def conversation(self) -> list[tuple[str, str]]:
        """The conversation the next answer is generated from, as (role, text) pairs: each item as
        the model reads it (see the module docstring); items with nothing the model can read
        (an untranscribed audio item reads as the words spoken in it: the scripted user's)."""
        from _vendors import edge
        from rt.probe import USER_TEXT

        out = []
        for item_id in self.order:
            item = self.items[item_id]
            if item.get("type") != "message":
                continue
            role = item.get("role")
            if item_id in self.spoken:
                out.append((role, " ".join(w for w, _ in self.spoken[item_id]["words"])))
                continue
            parts = item.get("content") or []
            texts = []
            for part in parts:
                kind = part.get("type")
                if kind == "input_audio":
                    texts.append(USER_TEXT)  # what the audio says, transcribed or not
                elif kind in ("input_text", "output_text", "text"):
                    texts.append(part.get("text") or "")
            out.append((role, edge.text_of([{"text": t} for t in texts])))
        return out

    def _append(self, event: dict) -> None:
        pcm = base64.b64decode(event.get("audio") or "")
        self.buffer.extend(pcm)
        seconds = len(pcm) / 2 / self._input_rate()
        self.audio_ms += seconds * 1000
        td = self._turn_detection()
        if td is None:
            return
        if _level(pcm) >= SPEECH_RMS:
            self.speech += seconds
            self.silence = 0.0
            if self.in_speech_item is None and self.speech >= MIN_SPEECH_SECONDS:
                self.in_speech_item = self._id("item")
                self._send({"type": "input_audio_buffer.speech_started", "audio_start_ms": int(self.audio_ms - self.speech * 1000), "item_id": self.in_speech_item})
                if td.get("interrupt_response", True) and self.response and not self.response.done():
                    self.response.cancel()
            return
        if self.in_speech_item is None:
            self.speech = 0.0
            return
        self.silence += seconds
        if self.silence * 1000 >= (td.get("silence_duration_ms") or 500):
            item_id = self.in_speech_item
            self.in_speech_item = None
            self.speech = self.silence = 0.0
            self._send({"type": "input_audio_buffer.speech_stopped", "audio_end_ms": int(self.audio_ms), "item_id": item_id})
            self._commit(item_id)
            if td.get("create_response", True):
                self._respond({})

    def _commit_event(self, event: dict) -> None:
        if len(self.buffer) / 2 / self._input_rate() < 0.1:
            self._error("Error committing input audio buffer: buffer too small. Expected at least 100ms of audio.", "input_audio_buffer_commit_empty", None, event.get("event_id"))
            return
        self._commit(self._id("item"))

    def _commit(self, item_id: str) -> None:
        """The buffered audio becomes the user's item; transcribed only when the session asks."""
        from _vendors import edge
        from rt.probe import USER_TEXT

        self.buffer.clear()
        self._send({"type": "input_audio_buffer.committed", "previous_item_id": self.last_item, "item_id": item_id})
        item = {"id": item_id, "object": "realtime.item", "type": "message", "status": "completed", "role": "user", "content": [{"type": "input_audio", "transcript": None}]}
        self._add_item(item)
        self._send({"type": "conversation.item.done", "previous_item_id": None, "item": item})
        if self.session["audio"]["input"].get("transcription"):
            edge.transcript()
            item["content"][0]["transcript"] = USER_TEXT
            self._send({"type": "conversation.item.input_audio_transcription.completed", "item_id": item_id, "content_index": 0, "transcript": USER_TEXT})

    def _clear(self, event: dict) -> None:
        self.buffer.clear()
        self._send({"type": "input_audio_buffer.cleared"})

    def _response_create(self, event: dict) -> None:
        if self.response and not self.response.done():
            self._error("Conversation already has an active response in progress.", "conversation_already_has_active_response", None, event.get("event_id"))
            return
        self._respond(event.get("response") or {})

    def _response_cancel(self, event: dict) -> None:
        if not self.response or self.response.done():
            self._error("Cancellation failed: no active response found", "response_cancel_not_active", None, event.get("event_id"))
            return
        self.response.cancel()

    # -- answers ----------------------------------------------------------------------------------
    def _respond(self, properties: dict) -> None:
        modalities = properties.get("output_modalities") or self.session.get("output_modalities") or ["audio"]
        self.response = self.connection.spawn(self._answer("audio" if "audio" in modalities else "text"))

    async def _answer(self, modality: str) -> None:
        from _vendors import edge
        from rt.probe import CHUNK_SECONDS
        from rt.services import tone

        from .spoken import word_starts

        response_id = self._id("resp")
        item_id = self._id("item")
        base = {"id": response_id, "object": "realtime.response", "status_details": None, "output_modalities": [modality]}
        self._send({"type": "response.created", "response": {**base, "status": "in_progress", "output": [], "usage": None}})
        # The answer is generated from the conversation as it stands (the new item not yet in it).
        text = edge.llm_request(self.conversation())
        item = {"id": item_id, "object": "realtime.item", "type": "message", "status": "in_progress", "role": "assistant", "content": []}
        self._add_item(item)
        words = text.split(" ")
        deltas = [words[0]] + [" " + w for w in words[1:]]
        where = {"response_id": response_id, "item_id": item_id, "output_index": 0, "content_index": 0}
        status = "completed"
        try:
            if modality == "audio":
                timing, seconds = word_starts(text)
                audio = tone(PCM_RATE, seconds)
                edge.tts_audio(len(audio) / 2 / PCM_RATE)
                spoken = {"audio_ms": 0, "words": []}
                self.spoken[item_id] = spoken
                item["content"] = [{"type": "output_audio", "transcript": ""}]
                step = int(PCM_RATE * CHUNK_SECONDS) * 2 * 5  # 100 ms per delta
                pieces = [audio[i : i + step] for i in range(0, len(audio), step)]
                sent = 0
                for i, piece in enumerate(pieces):
                    self._send({"type": "response.output_audio.delta", **where, "delta": base64.b64encode(piece).decode()})
                    spoken["audio_ms"] = int(min(len(audio), (i + 1) * step) / 2 / PCM_RATE * 1000)
                    while sent < len(deltas) and sent * len(pieces) <= i * len(deltas):
                        self._send({"type": "response.output_audio_transcript.delta", **where, "delta": deltas[sent]})
                        spoken["words"].append(timing[sent])
                        sent += 1
                    await asyncio.sleep(0.01)
                for delta, timed in zip(deltas[sent:], timing[sent:]):
                    self._send({"type": "response.output_audio_transcript.delta", **where, "delta": delta})
                    spoken["words"].append(timed)
                self._send({"type": "response.output_audio.done", **where})
                self._send({"type": "response.output_audio_transcript.done", **where, "transcript": text})
                item["content"] = [{"type": "output_audio", "transcript": text}]
            else:
                for delta in deltas:
                    self._send({"type": "response.output_text.delta", **where, "delta": delta})
                    await asyncio.sleep(0.01)
                self._send({"type": "response.output_text.done", **where, "text": text})
                item["content"] = [{"type": "output_text", "text": text}]
            item["status"] = "completed"
        except asyncio.CancelledError:
            status, item["status"] = "cancelled", "incomplete"
        self._send({"type": "conversation.item.done", "previous_item_id": None, "item": item})
        details = {"cached_tokens": 0, "text_tokens": 0, "audio_tokens": 0}
        usage = {"total_tokens": 20, "input_tokens": 10, "output_tokens": 10, "input_token_details": details, "output_token_details": details}
        self._send({"type": "response.done", "response": {**base, "status": status, "output": [item], "usage": usage}})

