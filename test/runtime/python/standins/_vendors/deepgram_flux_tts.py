"""Deepgram Flux TTS (``/v2/speak``), played at the transport pipecat's Flux services speak through.

pipecat 1.8's ``DeepgramFluxTTSBase`` (pipecat/services/deepgram/flux/tts_base.py) sends every
client message with ``_transport_send_json`` (``run_tts``: ``Speak``; ``flush_audio``: ``Flush``;
``on_audio_context_interrupted``: ``Interrupt``) and hands what the server says to
``_handle_audio`` (binary audio) and ``_handle_message`` (JSON), from a websocket receive loop
(flux/tts.py ``_receive_messages``) or a SageMaker BiDi stream (flux/sagemaker/tts.py
``_process_responses``). This server sits behind ``_transport_send_json`` and answers through those
two handlers, so both transports run pipecat's own turn handling.

Following Deepgram's Flux TTS documentation (developers.deepgram.com/docs/flux-tts: "Client
Messages", "Server Messages", "The Speech Lifecycle and State Machine"):

- A turn is one agent response, bounded by ``Flush``. ``Speak`` adds text to the active turn (a
  chunk may be one LLM token); the first text of a turn starts it with ``SpeechStarted``. The
  server streams the turn's audio as text arrives, placing its own boundaries at the end of each
  sentence: a sentence is spoken once text after its final punctuation shows it complete.
- ``Flush`` speaks what is left, says ``Flushed``, and once the turn's audio is all sent says
  ``SpeechMetadata``: every audio frame of a turn arrives between ``SpeechStarted`` and
  ``SpeechMetadata``. A turn flushed while another is still speaking waits behind it.
- ``Interrupt`` cancels the active turn (its unsent audio and text) and says
  ``SpeechInterrupted``; with no active turn it is a ``Warning`` with code ``NO_ACTIVE_SPEECH``.

The audio is 16-bit PCM at the service's ``sample_rate`` (the query parameter pipecat sends),
100 ms a message; each sentence is one TTS answer of the harness (``edge.speech``).
"""

import asyncio
import re
import uuid

#: The end of a sentence, once text after it shows the sentence complete.
SENTENCE_END = re.compile(r"[.!?]+\s+(?=\S)")


class FluxTurns:
    """One Flux connection's server side, answering ``svc`` (a ``DeepgramFluxTTSBase``)."""

    def __init__(self, svc):
        self.svc = svc
        self.text = ""
        self.turn: str | None = None
        self.work: asyncio.Queue = asyncio.Queue()
        self.worker: asyncio.Task | None = None

    def is_active(self) -> bool:
        return True

    async def received(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "Speak":
            if self.turn is None:
                self.turn = f"dg_sp_{uuid.uuid4().hex[:12]}"
                self._put(("message", {"type": "SpeechStarted", "speech_id": self.turn}))
            self.text += message.get("text") or ""
            while m := SENTENCE_END.search(self.text):
                sentence, self.text = self.text[: m.end()], self.text[m.end() :]
                self._put(("speak", sentence))
        elif kind == "Flush":
            if self.turn is None:
                return
            if self.text.strip():
                self._put(("speak", self.text))
            self.text = ""
            self._put(("message", {"type": "Flushed"}))
            self._put(("message", {"type": "SpeechMetadata", "speech_id": self.turn}))
            self.turn = None
        elif kind == "Interrupt":
            busy = self.turn is not None or (self.worker is not None and not self.worker.done())
            if self.worker is not None:
                self.worker.cancel()
                self.worker = None
            self.work = asyncio.Queue()
            self.text = ""
            speech, self.turn = self.turn, None
            if busy:
                await self.svc._handle_message({"type": "SpeechInterrupted", "speech_id": speech})
            else:
                await self.svc._handle_message({"type": "Warning", "code": "NO_ACTIVE_SPEECH", "description": "no active speech to interrupt"})
        elif kind == "Configure":
            await self.svc._handle_message({"type": "ConfigureSuccess", "applied": {k: v for k, v in message.items() if k != "type"}})

    def _put(self, item) -> None:
        self.work.put_nowait(item)
        if self.worker is None or self.worker.done():
            self.worker = asyncio.get_running_loop().create_task(self._run(self.work))

    async def _run(self, work: asyncio.Queue) -> None:
        from _vendors import edge

        while not work.empty():
            kind, payload = work.get_nowait()
            if kind == "message":
                await self.svc._handle_message(payload)
                continue
            rate = self.svc.sample_rate
            audio = edge.speech(rate, payload)
            step = rate // 10 * 2  # 100 ms per message
            for i in range(0, len(audio), step):
                await self.svc._handle_audio(audio[i : i + step])
                await asyncio.sleep(0.005)
