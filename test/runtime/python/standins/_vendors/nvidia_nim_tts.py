"""NVIDIA's NIM realtime TTS (Magpie) on a SageMaker bidirectional stream, as pipecat 1.8's
``NvidiaSageMakerTTSService`` speaks to it (pipecat/services/nvidia/sagemaker/tts.py:
``_connect_websocket``, ``_send_session_config``, ``run_tts``, ``_handle_interruption``,
``_receive_messages``, ``_disconnect_websocket``).

The service opens the stream with pipecat's ``SageMakerBidiClient``
(pipecat/services/aws/sagemaker/bidi_client.py: ``start_session``, ``send_json``,
``receive_response``, ``close_session``, ``is_active``); :class:`NimSession` takes that client's
place with the endpoint's side of the stream, following NVIDIA's realtime TTS reference
(docs.nvidia.com/nim/riva/tts/latest/realtime-tts.html) as pipecat reads it:

- ``synthesize_session.update`` sets the voice and ``output_audio_params.sample_rate_hz`` and is
  answered with ``synthesize_session.updated``;
- ``input_text.append`` adds text, ``input_text.commit`` synthesises what was added:
  ``input_text.committed``, then the audio as ``conversation.item.speech.data`` events (base64
  16-bit PCM at the session's rate, 100 ms each);
- ``input_text.done`` ends the input: once the committed text's audio is all sent, the endpoint
  says ``conversation.item.speech.completed`` (pipecat waits for it on an interruption, then
  reconnects);
- ``session.end`` and ``close_session`` end the stream (``receive_response`` then returns None).

Each commit is one TTS answer of the harness (``edge.speech``).
"""

import asyncio
import base64
import json
import types


class NimSession:
    """One bidirectional stream to the endpoint (the interface of pipecat's SageMakerBidiClient)."""

    def __init__(self, endpoint_name: str = "", region: str = "", **_kwargs):
        self.endpoint_name = endpoint_name
        self.region = region
        self.rate = 22050
        self.text = ""
        self._is_active = False
        self.out: asyncio.Queue = asyncio.Queue()
        self.work: asyncio.Queue = asyncio.Queue()
        self.worker: asyncio.Task | None = None

    @property
    def is_active(self) -> bool:
        return self._is_active

    async def start_session(self):
        self._is_active = True
        return self

    async def send_json(self, data: dict) -> None:
        if not self._is_active:
            raise RuntimeError("BiDi session not active")
        kind = data.get("type")
        if kind == "synthesize_session.update":
            session = data.get("session") or {}
            self.rate = int((session.get("output_audio_params") or {}).get("sample_rate_hz") or self.rate)
            self._put(("event", {"type": "synthesize_session.updated", "session": session}))
        elif kind == "input_text.append":
            self.text += data.get("text") or ""
        elif kind == "input_text.commit":
            text, self.text = self.text, ""
            self._put(("event", {"type": "input_text.committed"}))
            if text.strip():
                self._put(("speak", text))
        elif kind == "input_text.done":
            if self.text.strip():
                self._put(("speak", self.text))
            self.text = ""
            self._put(("event", {"type": "conversation.item.speech.completed"}))
        elif kind == "session.end":
            self._put(("end", None))

    async def receive_response(self):
        if not self._is_active and self.out.empty():
            raise RuntimeError("BiDi session not active")
        payload = await self.out.get()
        if payload is None:
            return None
        return types.SimpleNamespace(value=types.SimpleNamespace(bytes_=payload, data_type="UTF8"))

    async def close_session(self) -> None:
        if not self._is_active:
            return
        self._is_active = False
        if self.worker is not None:
            self.worker.cancel()
        self.out.put_nowait(None)

    def _put(self, item) -> None:
        self.work.put_nowait(item)
        if self.worker is None or self.worker.done():
            self.worker = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        from _vendors import edge

        while not self.work.empty():
            kind, payload = self.work.get_nowait()
            if kind == "event":
                self.out.put_nowait(json.dumps(payload).encode())
            elif kind == "end":
                self.out.put_nowait(None)
            else:
                audio = edge.speech(self.rate, payload)
                step = self.rate // 10 * 2  # 100 ms per event
                for i in range(0, len(audio), step):
                    chunk = base64.b64encode(audio[i : i + step]).decode()
                    self.out.put_nowait(json.dumps({"type": "conversation.item.speech.data", "audio": chunk}).encode())
                    await asyncio.sleep(0.005)
