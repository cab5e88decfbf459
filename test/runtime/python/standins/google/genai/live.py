"""The Gemini Live API (``client.aio.live.connect``) for one session, as pipecat's
``GeminiLiveLLMService`` (and ``GeminiLiveVertexLLMService``) uses it
(pipecat/services/google/gemini_live/llm.py 1.8: ``_connection_task_handler``,
``_send_user_audio``, ``_create_initial_response``, ``_handle_msg_*``).

Following the Live API reference (ai.google.dev/api/live, "BidiGenerateContentServerContent") and
google-genai's ``AsyncSession``: ``receive()`` yields the server's messages of one turn and ends
after the message carrying ``turn_complete``. What the session does follows its
``LiveConnectConfig``, and nothing else:

- ``send_client_content(turns=…, turn_complete=True)`` and ``send_realtime_input(text=…)`` ask for
  an answer; ``turn_complete=False`` only seeds the history;
- ``send_realtime_input(audio=Blob(data, mime_type="audio/pcm;rate=N"))`` is heard at rate N with
  automatic activity detection (unless ``realtime_input_config.automatic_activity_detection
  .disabled``; then ``activity_start``/``activity_end`` mark the turn); the end of speech
  (``silence_duration_ms``, default :data:`DEFAULT_SILENCE_MS`) ends the user's turn: its words
  come as ``input_transcription`` only when the config asks for ``input_audio_transcription``, and
  the model answers; speech during an answer interrupts it (``interrupted``);
- an answer in the AUDIO modality is ``model_turn`` parts of 24 kHz PCM
  (``inline_data.mime_type`` ``audio/pcm;rate=24000``), with ``output_transcription`` only when the
  config asks for ``output_audio_transcription``; in TEXT, text parts; then ``turn_complete`` with
  ``usage_metadata``.

A session without a ``model`` raises the SDK's ``ValueError``. The words are the scripted user's
(``rt.probe.USER_TEXT``) and what the session scripted for that answer (``rt.probe.BOT_TEXT``
unless a scenario scripted another, ``_vendors/edge.py`` ``llm_request``), spoken for as long as a
vendor speaks it (``rt.services.spoken_seconds``) and sent ten times faster than real time: the
reference says content "is generated as quickly as possible, and not in real time", for the
client to buffer and play.

The session keeps the conversation each answer is generated from (told to the session through
``edge.llm_request``): the turns ``send_client_content`` seeded, each user turn the server heard
(the scripted user's words), and each model turn as the words it sent. An interrupted answer
keeps what was already sent to the client, played or not (ai.google.dev/gemini-api/docs/live-guide,
"Handling interruptions": the ongoing generation is cancelled and discarded, and only what was
already sent to the client is retained in the session history). The Live API has no way for the
client to say how much was played, and pipecat 1.8 tells it nothing, so the answers are marked
``as-sent`` (``Probe.llm_view``).
"""

import asyncio

from . import types

#: The Live API's output audio rate.
OUTPUT_RATE = 24000
#: Silence that ends the user's turn when the config does not say (milliseconds).
DEFAULT_SILENCE_MS = 500
#: Level (RMS of 16-bit PCM) above which audio counts as speech; speech needed to start a turn.
SPEECH_RMS = 1000.0
MIN_SPEECH_SECONDS = 0.1


def _modality(config) -> str:
    gen = getattr(config, "generation_config", None)
    modalities = (getattr(gen, "response_modalities", None) if gen else None) or getattr(config, "response_modalities", None) or []
    for m in modalities:
        value = getattr(m, "value", m)
        if str(value).upper().endswith("TEXT"):
            return "TEXT"
    return "AUDIO"


def _message(**server_content):
    usage = server_content.pop("usage_metadata", None)
    return types.LiveServerMessage(server_content=types.LiveServerContent(**server_content), usage_metadata=usage)


class AsyncSession:
    """One Live session (see the module docstring)."""

    def __init__(self, model: str, config):
        self.model = model
        self.config = config
        self.modality = _modality(config)
        ric = getattr(config, "realtime_input_config", None)
        aad = getattr(ric, "automatic_activity_detection", None) if ric else None
        self.auto_vad = not (aad is not None and getattr(aad, "disabled", None))
        self.silence_ms = (getattr(aad, "silence_duration_ms", None) if aad else None) or DEFAULT_SILENCE_MS
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.closed = False
        self.speech = self.silence = 0.0
        self.in_speech = False
        self.answering: asyncio.Task | None = None
        #: The conversation as the server holds it: [role, text] turns (roles ``user``/``model``).
        self.history: list[list[str]] = []

    # -- the client's calls -----------------------------------------------------------------------
    async def send_client_content(self, *, turns=None, turn_complete: bool = True):
        from _vendors import edge

        for turn in turns if isinstance(turns, (list, tuple)) else [turns] if turns is not None else []:
            role = getattr(turn, "role", None) or (turn.get("role") if isinstance(turn, dict) else None) or "user"
            parts = getattr(turn, "parts", None) or (turn.get("parts") if isinstance(turn, dict) else None) or []
            self.history.append([role, edge.text_of(list(parts))])
        if turn_complete:
            self._answer()

    async def send_realtime_input(self, *, audio=None, video=None, text=None, activity_start=None, activity_end=None, audio_stream_end=None, media=None):
        if text is not None and text.strip():
            self.history.append(["user", text])
            self._answer()
        elif text is not None:
            self._answer()  # pipecat's " " nudge after seeding Gemini 3.x history
        if activity_start is not None and not self.auto_vad:
            self._user_started()
        if activity_end is not None and not self.auto_vad:
            self._user_done()
        if audio is not None:
            self._hear(audio)

    async def send_tool_response(self, *, function_responses=None):
        pass

    async def close(self):
        self.closed = True
        if self.answering and not self.answering.done():
            self.answering.cancel()
        self.inbox.put_nowait(None)

    async def receive(self):
        """The server's messages of one turn; ends after ``turn_complete`` (or when closed)."""
        while not self.closed:
            message = await self.inbox.get()
            if message is None:
                return
            yield message
            if message.server_content and message.server_content.turn_complete:
                return

    # -- what the server hears ----------------------------------------------------------------------
    def _hear(self, blob) -> None:
        from rt.services import level

        mime = getattr(blob, "mime_type", "") or ""
        rate = int(mime.split("rate=", 1)[1]) if "rate=" in mime else 16000
        pcm = getattr(blob, "data", b"") or b""
        seconds = len(pcm) / 2 / rate
        if not self.auto_vad:
            return
        if level(pcm) >= SPEECH_RMS:
            self.speech += seconds
            self.silence = 0.0
            if not self.in_speech and self.speech >= MIN_SPEECH_SECONDS:
                self._user_started()
            return
        if not self.in_speech:
            self.speech = 0.0
            return
        self.silence += seconds
        if self.silence * 1000 >= self.silence_ms:
            self._user_done()

    def _user_started(self) -> None:
        self.in_speech = True
        if self.answering and not self.answering.done():
            self.answering.cancel()
            self.inbox.put_nowait(_message(interrupted=True))

    def _user_done(self) -> None:
        from _vendors import edge
        from rt.probe import USER_TEXT

        self.in_speech = False
        self.speech = self.silence = 0.0
        self.history.append(["user", USER_TEXT])  # what the audio says, transcribed or not
        if getattr(self.config, "input_audio_transcription", None) is not None:
            edge.transcript()
            self.inbox.put_nowait(_message(input_transcription=types.Transcription(text=USER_TEXT, finished=True)))
        self._answer()

    # -- what the model says ------------------------------------------------------------------------
    def _answer(self) -> None:
        if self.answering and not self.answering.done():
            return
        self.answering = asyncio.get_running_loop().create_task(self._speak())

    async def _speak(self) -> None:
        from _vendors import edge

        from rt.services import tone

        from _vendors.spoken import word_starts

        text = edge.llm_request([(r, t) for r, t in self.history])
        if edge.PROBE is not None:
            edge.PROBE.llm_view[edge.PROBE.llm_requests] = "as-sent"
        turn = ["model", ""]
        self.history.append(turn)
        words = text.split(" ")
        deltas = [words[0]] + [" " + w for w in words[1:]]
        if self.modality == "TEXT":
            for d in deltas:
                self.inbox.put_nowait(_message(model_turn=types.Content(role="model", parts=[types.Part(text=d)])))
                turn[1] += d
                await asyncio.sleep(0.01)
        else:
            timing, seconds = word_starts(text)
            audio = tone(OUTPUT_RATE, seconds)
            edge.tts_audio(len(audio) / 2 / OUTPUT_RATE)
            step = OUTPUT_RATE // 10 * 2  # 100 ms per message
            pieces = [audio[i : i + step] for i in range(0, len(audio), step)]
            transcribe = getattr(self.config, "output_audio_transcription", None) is not None
            said = 0
            for i, piece in enumerate(pieces):
                part = types.Part(inline_data=types.Blob(data=piece, mime_type=f"audio/pcm;rate={OUTPUT_RATE}"))
                self.inbox.put_nowait(_message(model_turn=types.Content(role="model", parts=[part])))
                # The words whose audio has started are what the model has said so far.
                sent_seconds = min(len(audio), (i + 1) * step) / 2 / OUTPUT_RATE
                while said < len(deltas) and timing[said][1] < sent_seconds:
                    if transcribe:
                        self.inbox.put_nowait(_message(output_transcription=types.Transcription(text=deltas[said])))
                    turn[1] += deltas[said]
                    said += 1
                await asyncio.sleep(0.01)
            for d in deltas[said:]:
                if transcribe:
                    self.inbox.put_nowait(_message(output_transcription=types.Transcription(text=d)))
                turn[1] += d
        usage = types.UsageMetadata(prompt_token_count=10, response_token_count=len(deltas), total_token_count=10 + len(deltas))
        self.inbox.put_nowait(_message(turn_complete=True, generation_complete=True, usage_metadata=usage))


class _Connect:
    def __init__(self, model: str, config):
        if not model:
            raise ValueError("model is required")
        self.session = AsyncSession(model, config)

    async def __aenter__(self) -> AsyncSession:
        return self.session

    async def __aexit__(self, *exc):
        await self.session.close()
        return False


class AsyncLive:
    """``client.aio.live``."""

    def connect(self, *, model: str, config=None):
        return _Connect(model, config)
