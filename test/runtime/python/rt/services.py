"""Scripted STT, LLM, TTS and realtime stand-ins, injected at pipecat's service interfaces.

The vendor SDKs and network libraries under the services are recording fakes (``_autofake``), so a
service's construction, ``start``, connection and shutdown run on pipecat's own code against them.
What a vendor would *say* is scripted here, at the interface each pipecat base class defines:

- STT (``STTService.run_stt``, pipecat/services/stt_service.py): one final
  :class:`TranscriptionFrame` of :data:`USER_TEXT` after each scripted user utterance (streaming
  services get it on the next audio chunk, segmented ones with the segment at the end of the turn).
- LLM (an ``LLMContextFrame`` reaching an ``LLMService``): one sentence, :data:`BOT_TEXT`, framed by
  ``LLMFullResponseStart/EndFrame`` as every pipecat LLM service streams it.
- TTS (``TTSService.run_tts``): :data:`TTS_SECONDS` of audio produced at the rate the vendor really
  sends (the catalogue's ``outputSampleRates`` fact: a fixed-rate vendor sends its one rate whatever
  it is asked), labelled with ``self.sample_rate`` exactly as pipecat's services label the audio
  they receive. A mislabelled rate therefore changes the duration that reaches the wire.
- Realtime (speech-to-speech ``LLMService`` subclasses): a spoken answer to the first context (the
  greeting) and to each user utterance once its speech has been streamed (the vendor's server-side
  VAD), with the user's transcription pushed upstream first, as pipecat's realtime services do.

Vendors answered at their edge get no patch at all, so pipecat's service, adapter and protocol
code for them runs: :data:`VENDOR_SERVER` (a vendor's WebSocket, played through the websockets
stand-in: :class:`UltravoxCall`, OpenAI Realtime, Cartesia, ElevenLabs; layer ``vendor-protocol``),
:data:`VENDOR_SDK` (a hand-written vendor SDK answers the call pipecat makes: openai, deepgram,
anthropic, google.genai, google.cloud; layer ``sdk-call``) and :data:`VENDOR_STREAM` (an STT
vendor's streaming client, e.g. the ``riva`` stand-in). :data:`VENDOR_TRANSPORT` puts a TTS vendor's
server behind the transport interface of the service's own code (Deepgram Flux, NVIDIA's SageMaker
NIM; layer ``service-interface``). They report to the session through
``standins/_vendors/edge.py``. The session's ``patched`` list names each service's layer
(``vendor-protocol:``, ``sdk:``, ``stt-vendor:``, else ``stt:``/``llm:``/``tts:``/``realtime:``
for a service patched here).
"""

import asyncio
import itertools
import json
import math
import uuid

import numpy as np

from pipecat.frames.frames import (
    UserStoppedSpeakingFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
    LLMContextFrame,
    LLMFullResponseEndFrame,
    LLMFullResponseStartFrame,
    LLMTextFrame,
    TranscriptionFrame,
    TTSAudioRawFrame,
    TTSStartedFrame,
    TTSStoppedFrame,
    TTSTextFrame,
    InputAudioRawFrame,
)
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor
from pipecat.services.llm_service import LLMService
from pipecat.services.stt_service import SegmentedSTTService, STTService
from pipecat.services.tts_service import TTSService
from pipecat.utils.time import time_now_iso8601

from . import avatar
from .probe import BOT_TEXT, CHUNK_SECONDS, TTS_SECONDS, USER_TEXT, Probe

#: What a vendor's server says first, for services that wait for it before streaming: class name
#: (matched along the MRO) -> (the service's own message handler, the vendor's message, source).
#: The harness hands the message to that handler when the service connects, as its receive loop
#: would on a real connection.
VENDOR_HELLO = {
    "DeepgramFluxSTTBase": ("_handle_message", {"type": "Connected"}, "deepgram/flux/base.py FluxMessageType.RECEIVE_CONNECTED"),
    "XAISTTService": ("_handle_message", {"type": "transcript.created"}, "xai/stt.py _handle_message: transcript.created sets _session_ready"),
    "CartesiaTurnsSTTService": (
        "_handle_message",
        {"type": "connected", "request_id": "rt-request"},
        "cartesia/turns/stt.py _handle_connected: sets _connection_established_event, which _connect_websocket waits for",
    ),
}

#: STT vendors that detect turns themselves: instead of a bare transcription, the vendor's own turn
#: messages go to the service's handler (class name -> handler, messages, source), so pipecat's
#: code for that vendor pushes the turn frames and the final transcription. The first message (the
#: turn's start) goes as soon as the user's speech begins, the rest with the transcript.
VENDOR_TURN = {
    "DeepgramFluxSTTBase": (
        "_handle_message",
        [
            {"type": "TurnInfo", "event": "StartOfTurn", "transcript": ""},
            {"type": "TurnInfo", "event": "EndOfTurn", "transcript": USER_TEXT, "words": [], "end_of_turn_confidence": 0.95},
        ],
        "deepgram/flux/base.py _handle_turn_info (StartOfTurn, EndOfTurn)",
    ),
    "CartesiaTurnsSTTService": (
        "_handle_message",
        [
            {"type": "turn.start", "transcript": ""},
            {"type": "turn.end", "transcript": USER_TEXT},
        ],
        "cartesia/turns/stt.py _handle_turn_start, _handle_turn_end",
    ),
}

#: Realtime services answered at their interface whose vendor detects the user's speech on the
#: server (server VAD) and whose pipecat service turns the vendor's speech events into the user's
#: turns (``ExternalUserTurnStrategies``): class name -> (handler of the speech-started event,
#: handler of the speech-stopped event, source). The interface stand-in hears the audio the service
#: is handed as the vendor's VAD would and hands those events to the service's own handlers, so
#: pipecat's code for the vendor starts and ends the user's turns (and so interrupts the bot).
VENDOR_VAD = {
    "GrokRealtimeLLMService": (
        "_handle_evt_speech_started",
        "_handle_evt_speech_stopped",
        "xai/realtime/llm.py: input_audio_buffer.speech_started/stopped (server_vad) -> _handle_evt_speech_started/_stopped, which truncate and broadcast ProposedUserStarted/StoppedSpeakingFrame",
    ),
}
#: The interface stand-ins' server VAD: level (RMS) above which audio is speech, speech needed to
#: start a turn, silence that ends it (seconds; xAI's server_vad default silence is 500 ms).
VAD_SPEECH_RMS = 1000.0
VAD_MIN_SPEECH_SECONDS = 0.1
VAD_SILENCE_SECONDS = 0.5

#: Rate of the scripted realtime answers (pipecat's realtime services label their audio with
#: the vendor's rate, 24 kHz for OpenAI/Gemini/Nova Sonic; the stand-in's bytes match its label).
REALTIME_RATE = 24000


#: Silence after the user's speech before an STT stand-in sends the final transcript, in seconds:
#: a vendor's endpointing (real ones answer 0.1-0.5 s after the last word; pipecat 1.8 dates the end of
#: speech from its VAD, which runs late on a loaded machine, so the shortest of them would race it).
ENDPOINT_SECONDS = 0.3
#: RMS below which 16-bit audio counts as silence (the scripted tone is at 0.2 of full scale).
SILENCE_LEVEL = 300.0


def level(pcm: bytes) -> float:
    """RMS of 16-bit mono PCM (full scale 32767; 0 for no samples)."""
    samples = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float64)
    return float(np.sqrt(np.mean(samples * samples))) if samples.size else 0.0


#: The output transport's write size in seconds (TransportParams.audio_out_10ms_chunks = 4).
OUTPUT_CHUNK_SECONDS = 0.04


def spoken_seconds(text: str) -> float:
    """How long a TTS vendor speaks ``text``: :data:`TTS_SECONDS` for the stand-in LLM's sentence
    (:data:`BOT_TEXT`), in proportion to the characters for a part of it. A service that speaks each
    token or word as its own request (pipecat's TOKEN text aggregation) so speaks one answer in
    about as long as one that speaks the sentence at once, as a vendor would."""
    seconds = TTS_SECONDS * max(len(text.strip()), 1) / len(BOT_TEXT)
    # In whole 40 ms pieces: pipecat's output transport writes audio in chunks of
    # audio_out_10ms_chunks (4, so 40 ms) and pads a request's last partial chunk with silence,
    # which would make many short requests longer on the wire than the audio they produced.
    return max(1, round(seconds / OUTPUT_CHUNK_SECONDS)) * OUTPUT_CHUNK_SECONDS


def tone(rate: int, seconds: float) -> bytes:
    """16-bit mono PCM: a 330 Hz tone of ``seconds`` at ``rate`` Hz."""
    n = int(round(rate * seconds))
    t = np.arange(n) / rate
    return (0.2 * 32767 * np.sin(2 * math.pi * 330 * t)).astype(np.int16).tobytes()


def chunks(audio: bytes, rate: int) -> list[bytes]:
    step = int(rate * CHUNK_SECONDS) * 2
    return [audio[i : i + step] for i in range(0, len(audio), step)]


class UltravoxCall:
    """Ultravox's side of a call's websocket (``medium: serverWebSocket``), as pipecat reads it.

    From pipecat/services/ultravox/llm.py (1.7.0) and Ultravox's docs (docs.ultravox.ai, "WebSocket
    integration" and "Data messages"):

    - pipecat creates the call over REST (``_start_one_shot_call``/``_start_agent_call``, llm.py
      314-371, expecting 201 and ``joinUrl``) and connects to ``joinUrl`` (llm.py:301). It declares
      ``inputSampleRate`` 48000 (llm.py:268, 320, 354) and streams the user's audio as binary s16le
      mono messages at that rate (``_send_user_audio``, llm.py:568-576).
    - The agent's audio comes back as binary messages at ``outputSampleRate``, which defaults to
      ``inputSampleRate`` (Ultravox docs); pipecat labels it 48000 (``_handle_audio``, llm.py:685-694).
    - Text messages are JSON data messages (``_receive_messages``, llm.py:620-683): ``state``
      (a response ends at the first state other than ``speaking``, llm.py:633-635), ``transcript``
      (``role`` user: only ``final`` ones, else pipecat warns, llm.py:654-662; ``role`` agent,
      ``medium`` voice: ``delta`` text while speaking, each becoming a TTSTextFrame, then the
      ``final`` full ``text``, llm.py:742-755), ``playback_clear_buffer`` when the user barges in
      (llm.py:636-647), and ``call_started`` (only logged, llm.py:674). Every transcript carries an
      ``ordinal``.
    - The agent's audio is sent in real time (a server WebSocket client keeps only a small playback
      buffer, ``clientBufferSizeMs``, which ``playback_clear_buffer`` empties), so what the server
      sent is what was played. The call keeps its conversation (each answer is generated from
      it: ``Probe.llm_sent``), an interrupted answer as the words sent before the barge-in.
    - The agent speaks first (Ultravox's default first speaker) unless the call was created with
      ``firstSpeakerSettings: {"user": {}}`` (``_vendors/ultravox.py``): pipecat sends it nothing to
      start (``_handle_context`` only forwards tool results, llm.py:473-536). The server's own VAD ends the
      user's turn after a pause in the audio it is streamed; it then sends the user's transcript and
      answers.

    Units: seconds, Hz, 16-bit mono PCM.
    """

    #: inputSampleRate pipecat declares (llm.py:268), and so the rate of the agent's audio.
    RATE = 48000
    #: Silence after speech that ends the user's turn for the stand-in's VAD.
    PAUSE_SECONDS = 0.5
    #: Speech needed before the VAD counts a turn (or a barge-in).
    MIN_SPEECH_SECONDS = 0.1
    #: Level (RMS) above which streamed audio counts as speech.
    SPEECH_RMS = 1000.0

    def __init__(self, connection, probe: Probe):
        self.connection = connection
        self.probe = probe
        self.ordinal = itertools.count()
        self.speech = 0.0
        self.silence = 0.0
        self.speaking: asyncio.Task | None = None
        self.medium = "voice"
        #: The call's conversation as the server holds it, (role, text) turns.
        self.history: list[tuple[str, str]] = []

    def _state(self, state: str) -> None:
        self.connection.deliver({"type": "state", "state": state})

    def _transcript(self, role: str, medium: str, final: bool, text: str | None = None, delta: str | None = None) -> None:
        message = {"type": "transcript", "role": role, "medium": medium, "final": final, "ordinal": next(self.ordinal)}
        if text is not None:
            message["text"] = text
        if delta is not None:
            message["delta"] = delta
        self.connection.deliver(message)

    async def opened(self) -> None:
        self.connection.deliver({"type": "call_started", "callId": str(uuid.uuid4())})
        from _vendors import ultravox

        # The call's firstSpeakerSettings (REST body): the agent greets at once unless the user
        # was made the first speaker, in which case the server's VAD waits for their turn.
        if not ultravox.user_speaks_first(self._call_index()):
            self._respond(heard=None)

    def _call_index(self) -> int | None:
        """The created call this socket joins (``?call=N`` in the joinUrl), None if not named."""
        uri = getattr(self.connection, "uri", "") or ""
        _, _, index = uri.partition("call=")
        return int(index) if index.isdigit() else None

    async def received(self, message) -> None:
        if isinstance(message, (bytes, bytearray)):
            self._hear(bytes(message))
            return
        data = json.loads(message)
        if data.get("type") == "user_text_message":
            self._respond(heard=(data.get("text") or "", "text"))
        elif data.get("type") == "set_output_medium":
            self.medium = data.get("medium") or self.medium

    async def closed(self) -> None:
        self.speaking = None

    def _hear(self, pcm: bytes) -> None:
        """The server's VAD over the user's audio (at :data:`RATE`)."""
        seconds = len(pcm) / 2 / self.RATE
        if level(pcm) >= self.SPEECH_RMS:
            self.speech += seconds
            self.silence = 0.0
            if self.speaking and not self.speaking.done() and self.speech >= self.MIN_SPEECH_SECONDS:
                # Barge-in: drop the answer and tell the client to clear its buffered audio.
                self.speaking.cancel()
                self.speaking = None
                self.connection.deliver({"type": "playback_clear_buffer"})
                self._state("listening")
            return
        if self.speech < self.MIN_SPEECH_SECONDS:
            self.speech = 0.0
            return
        self.silence += seconds
        if self.silence >= self.PAUSE_SECONDS:
            self.speech = self.silence = 0.0
            self._respond(heard=(USER_TEXT, "voice"))

    def _respond(self, heard: tuple[str, str] | None) -> None:
        self.speaking = self.connection.spawn(self._answer(heard))

    async def _answer(self, heard: tuple[str, str] | None) -> None:
        from _vendors.spoken import word_starts

        probe = self.probe
        self._state("thinking")
        if heard is not None:
            text, medium = heard
            probe.transcripts += 1
            self._transcript("user", medium, True, text=text)
            self.history.append(("user", text))
        probe.llm_requests += 1
        # The answer is generated from the call's conversation as the server holds it.
        probe.llm_sent[probe.llm_requests] = list(self.history)
        answer = probe.answer(probe.llm_requests)
        if self.medium == "text":
            self._transcript("agent", "text", False, delta=answer)
            self._transcript("agent", "text", True, text=answer)
            self.history.append(("assistant", answer))
            self._state("listening")
            return
        probe.tts_requests += 1
        timing, seconds = word_starts(answer)
        audio = tone(self.RATE, seconds)
        probe.tts_produced(len(audio) / 2 / self.RATE)
        self._state("speaking")
        deltas = [w if i == 0 else " " + w for i, (w, _) in enumerate(timing)]
        pieces = chunks(audio, self.RATE)
        sent = 0
        try:
            for i, piece in enumerate(pieces):
                self.connection.deliver(piece)
                # The words as they are spoken: each with the chunk its audio starts in.
                while sent < len(deltas) and timing[sent][1] < (i + 1) * CHUNK_SECONDS:
                    self._transcript("agent", "voice", False, delta=deltas[sent])
                    sent += 1
                await asyncio.sleep(CHUNK_SECONDS)
        except asyncio.CancelledError:
            # Cut short by the user: the call keeps what the agent said, sent in real time (so
            # played, but for the client's buffer).
            self.history.append(("assistant", "".join(deltas[:sent])))
            raise
        for delta in deltas[sent:]:
            self._transcript("agent", "voice", False, delta=delta)
        self.history.append(("assistant", answer))
        self._transcript("agent", "voice", True, text=answer)
        self._state("listening")


#: Realtime vendors the harness plays at the protocol level instead of patching the service:
#: class name (matched along the MRO) -> (URL regular expression of the websocket the service opens,
#: server class taking (connection, probe), source). The websockets stand-in connects the service
#: to that server (standins/websockets/asyncio/client.py SERVERS).
def _openai_realtime(connection, probe: Probe):
    from _vendors.openai_realtime import RealtimeSession

    return RealtimeSession(connection, probe)


VENDOR_SERVER = {
    "OpenAIRealtimeLLMService": (
        r"^wss://[^/]*openai\.(com|azure\.com)/.*realtime",
        _openai_realtime,
        "pipecat/services/openai/realtime/llm.py _connect(): websocket_connect(base_url) (Azure's AzureRealtimeLLMService too); standins/_vendors/openai_realtime.py",
    ),
    "CartesiaTTSService": (
        r"^wss://api\.cartesia\.ai/tts/websocket",
        lambda connection, probe: __import__("_vendors.cartesia", fromlist=["CartesiaSocket"]).CartesiaSocket(connection, probe),
        "pipecat/services/cartesia/tts.py _connect_websocket(): websocket_connect(url); standins/_vendors/cartesia.py",
    ),
    "CartesiaSTTService": (
        r"^wss://api\.cartesia\.ai/stt/websocket\?",
        lambda connection, probe: __import__("_vendors.cartesia_stt", fromlist=["CartesiaSTTSocket"]).CartesiaSTTSocket(connection, probe),
        "pipecat/services/cartesia/stt.py _connect_websocket(): websocket_connect(/stt/websocket?...); standins/_vendors/cartesia_stt.py",
    ),
    "DeepgramTTSService": (
        r"^wss://api\.deepgram\.com/v1/speak\?",
        lambda connection, probe: __import__("_vendors.deepgram_tts", fromlist=["SpeakSocket"]).SpeakSocket(connection, probe),
        "pipecat/services/deepgram/tts.py _connect_websocket(): websocket_connect(/v1/speak?...); standins/_vendors/deepgram_tts.py",
    ),
    "ElevenLabsTTSService": (
        r"^wss://api\.elevenlabs\.io/v1/text-to-speech/[^/]+/multi-stream-input",
        lambda connection, probe: __import__("_vendors.elevenlabs", fromlist=["ElevenLabsSocket"]).ElevenLabsSocket(connection, probe),
        "pipecat/services/elevenlabs/tts_base.py _connect_websocket(): websocket_connect(_build_websocket_url()); standins/_vendors/elevenlabs.py",
    ),
    "OpenAIResponsesLLMService": (
        r"^wss://api\.openai\.com/v1/responses",
        lambda connection, probe: __import__("_vendors.openai_responses", fromlist=["ResponsesSocket"]).ResponsesSocket(connection, probe),
        "pipecat/services/openai/responses/llm.py _connect_websocket(): websocket_connect(ws_url); standins/_vendors/openai_responses.py",
    ),
    "BlandTTSService": (
        r"^wss://api\.bland\.ai/v2/tts/ws",
        lambda connection, probe: __import__("_vendors.bland", fromlist=["BlandSocket"]).BlandSocket(connection, probe),
        "pipecat/services/bland/tts.py _connect_websocket(): init/ready, speak deltas, end_of_turn; standins/_vendors/bland.py",
    ),
    "UltravoxRealtimeLLMService": (
        r"ultravox",
        UltravoxCall,
        "pipecat/services/ultravox/llm.py start(): websocket_client.connect(joinUrl)",
    ),
}



#: TTS vendors whose server the harness plays behind the transport the service's own code speaks
#: through (pipecat's receive loop and interruption handling run): class name (matched along the
#: MRO) -> (installs the server for the service, whether run_tts is still the generic stand-in's
#: below, source).
def _flux_transport(svc) -> None:
    from _vendors.deepgram_flux_tts import FluxTurns

    server = FluxTurns(svc)
    svc._transport_send_json, svc._transport_is_active = server.received, server.is_active


def _nim_stream(svc) -> None:
    import sys

    from _vendors.nvidia_nim_tts import NimSession

    sys.modules[type(svc).__module__].SageMakerBidiClient = NimSession


VENDOR_TRANSPORT = {
    "DeepgramFluxTTSBase": (
        _flux_transport,
        False,
        "pipecat/services/deepgram/flux/tts_base.py: Speak/Flush/Interrupt through _transport_send_json, answers to _handle_audio/_handle_message (websocket and SageMaker); standins/_vendors/deepgram_flux_tts.py",
    ),
    # The audio stays the generic stand-in's: the service holds back audio until 0.5 s of it has
    # arrived (_handle_audio_chunk, TTSService.chunk_size) and never releases a shorter rest, so
    # the harness's 0.4 s greeting (rt.probe.TTS_SECONDS, shorter than real speech) would vanish.
    # The stream answers the rest, notably the input_text.done an interruption waits for.
    "NvidiaSageMakerTTSService": (
        _nim_stream,
        True,
        "pipecat/services/nvidia/sagemaker/tts.py: the NIM realtime events over SageMakerBidiClient (its interface, the endpoint behind it); standins/_vendors/nvidia_nim_tts.py",
    ),
}

def _riva_script(probe: Probe) -> None:
    """The riva stand-in's server recognises the scripted user's speech as :data:`USER_TEXT`."""
    from riva.client import asr

    def heard(_transcript: str) -> None:
        probe.transcripts += 1  # on the stream's worker thread; an int update under the GIL

    asr.SCRIPT.update(transcript=USER_TEXT, on_final=heard)


#: Streaming STT vendors whose client stand-in transcribes the audio the service really streams
#: (``run_stt`` stays pipecat's): class name (matched along the MRO) -> (set-up taking the probe,
#: source).
VENDOR_STREAM = {
    "NvidiaSTTService": (
        _riva_script,
        "pipecat/services/nvidia/stt.py: run_stt queues audio for riva.client.ASRService.streaming_response_generator (standins/riva)",
    ),
}


#: Services whose vendor SDK stand-in answers pipecat's own calls (``standins/<sdk>``), so the
#: service runs unpatched: class name (matched along the MRO) -> (the stand-in client class the
#: service's ``_client`` must be, as "module.Class", or None when the service has no client
#: attribute; source). A service whose client is something else is patched as before, and noted.
VENDOR_SDK = {
    "BaseOpenAILLMService": (
        "openai.AsyncOpenAI",
        "pipecat/services/openai/base_llm.py get_chat_completions: AsyncOpenAI().chat.completions.create(stream=True) (standins/openai)",
    ),
    "AWSBedrockLLMService": (
        None,  # opens an aiobotocore client per request
        "pipecat/services/aws/llm.py _process_context: aiobotocore create_client('bedrock-runtime').converse_stream (standins/aiobotocore)",
    ),
    "AnthropicLLMService": (
        "anthropic.AsyncAnthropic",
        "pipecat/services/anthropic/llm.py _process_context: AsyncAnthropic().beta.messages.create(stream=True) (standins/anthropic)",
    ),
    "GoogleLLMService": (
        "google.genai.Client",
        "pipecat/services/google/llm.py _stream_content: genai.Client().aio.models.generate_content_stream (GoogleVertexLLMService too; standins/google/genai)",
    ),
    "GeminiLiveLLMService": (
        "google.genai.Client",
        "pipecat/services/google/gemini_live/llm.py _connection_task_handler: Client().aio.live.connect(), send_realtime_input/receive (GeminiLiveVertexLLMService too; standins/google/genai/live.py)",
    ),
    "BaseWhisperSTTService": (
        "openai.AsyncOpenAI",
        "pipecat/services/whisper/base_stt.py run_stt: AsyncOpenAI().audio.transcriptions.create(file=WAV) (openai_stt, groq_stt; standins/openai)",
    ),
    "DeepgramSTTService": (
        "deepgram.AsyncDeepgramClient",
        "pipecat/services/deepgram/stt.py _connection_handler: AsyncDeepgramClient().listen.v1.connect(...), send_media/send_finalize (standins/deepgram)",
    ),
    "GoogleSTTService": (
        "google.cloud.speech_v2.SpeechAsyncClient",
        "pipecat/services/google/stt.py _stream_audio: SpeechAsyncClient().streaming_recognize(requests=...) (standins/google/cloud/speech_v2)",
    ),
    "GoogleTTSService": (
        "google.cloud.texttospeech_v1.TextToSpeechAsyncClient",
        "pipecat/services/google/tts.py GoogleBaseTTSService._stream_tts: TextToSpeechAsyncClient().streaming_synthesize (standins/google/cloud/texttospeech_v1)",
    ),
    "NvidiaTTSService": (
        None,  # the service builds its riva client at setup, after the pipeline is patched
        "pipecat/services/nvidia/tts.py: stub.SynthesizeOnline(requests) iterated in a worker thread (standins/riva/client/tts.py)",
    ),
    "OpenAITTSService": (
        "openai.AsyncOpenAI",
        "pipecat/services/openai/tts.py run_tts: AsyncOpenAI().audio.speech.with_streaming_response.create(response_format='pcm') (standins/openai)",
    ),
}


class Script:
    """Patches every service of a pipeline for one session (see the module docstring)."""

    def __init__(self, probe: Probe, tts_rates: dict | None, mode: str):
        self.probe = probe
        self.tts_rates = tts_rates  # {"rates": [...], "fixed": bool, "source": str} or None
        self.mode = mode
        self.patched: list[str] = []
        from _vendors import edge

        # Vendor stand-ins that answer at the vendor's edge report to this session's probe.
        edge.PROBE = probe
        from websockets.asyncio import client as ws_client

        # This session's scripted vendors replace the previous session's (they hold its probe).
        ws_client.SERVERS.clear()

    def _patch_hello(self, svc) -> None:
        for cls in type(svc).__mro__:
            hello = VENDOR_HELLO.get(cls.__name__)
            if hello and hasattr(svc, "_connect"):
                handler, message, _source = hello
                original = svc._connect

                async def _connect(*args, _original=original, **kwargs):
                    async def say_hello():
                        await asyncio.sleep(0.01)
                        await getattr(svc, handler)(dict(message))

                    task = asyncio.get_running_loop().create_task(say_hello())
                    try:
                        return await _original(*args, **kwargs)
                    finally:
                        await task

                svc._connect = _connect
                return

    def _vendor_sdk(self, svc) -> bool:
        """True when the service's vendor SDK stand-in answers it (:data:`VENDOR_SDK`): the
        service is left as pipecat wrote it."""
        row = next((VENDOR_SDK[c.__name__] for c in type(svc).__mro__ if c.__name__ in VENDOR_SDK), None)
        if not row:
            return False
        client_class, _source = row
        if client_class:
            import importlib

            module, _, name = client_class.rpartition(".")
            if not isinstance(getattr(svc, "_client", None), getattr(importlib.import_module(module), name)):
                self.probe.notes.append(f"{type(svc).__name__}: its client is not the {client_class} stand-in; patched at its interface")
                return False
        self.patched.append(f"sdk:{type(svc).__name__}")
        return True

    def patch_pipeline(self, processors) -> None:
        for p in processors:
            self.probe.processors.append(p)
            avatar.watch(self.probe, p)
            self._patch_hello(p)
            inner = getattr(p, "processors", None) or getattr(p, "_processors", None)
            if inner and not isinstance(p, (STTService, TTSService, LLMService)):
                self.patch_pipeline(inner)
            elif isinstance(p, STTService):
                if self._serve_realtime(p) or self._vendor_sdk(p):
                    self._check_stt_rate(p)
                else:
                    self._patch_stt(p)
            elif isinstance(p, TTSService):
                if not (self._serve_realtime(p) or self._vendor_sdk(p)):
                    self._patch_tts(p)
            elif isinstance(p, LLMService):
                if self.mode == "realtime":
                    if not (self._serve_realtime(p) or self._vendor_sdk(p)):
                        self._patch_realtime(p)
                elif not (self._serve_realtime(p) or self._vendor_sdk(p)):
                    self._patch_llm(p)

    # -- STT --------------------------------------------------------------------------------------
    def _patch_stt(self, svc: STTService) -> None:
        probe = self.probe

        stream = next((VENDOR_STREAM[c.__name__] for c in type(svc).__mro__ if c.__name__ in VENDOR_STREAM), None)
        if stream:
            setup, _source = stream
            setup(probe)
            self._check_stt_rate(svc)
            self.patched.append(f"stt-vendor:{type(svc).__name__}")
            return

        turn = next((VENDOR_TURN[c.__name__] for c in type(svc).__mro__ if c.__name__ in VENDOR_TURN), None)

        # A vendor answers with the final transcript after the speech has ended: a streaming
        # stand-in waits for ENDPOINT_SECONDS of silence after the scripted utterance (pipecat 1.8
        # refuses a TTFB whose transcript predates the end of speech, frame_processor_metrics.py);
        # a segmented service sends the vendor the whole utterance once its VAD heard it end, so
        # the answer to that request comes at once.
        heard = {"silence": 0.0, "turn": False}
        segmented = isinstance(svc, SegmentedSTTService)

        async def run_stt(audio: bytes):
            rate = svc.sample_rate or 16000
            tail = audio[-int(rate * ENDPOINT_SECONDS) * 2 :]
            if level(tail) < SILENCE_LEVEL:
                heard["silence"] += len(tail) / 2 / rate
            else:
                heard["silence"] = 0.0
                if turn and not heard["turn"]:
                    # A turn-detecting vendor says the turn started as soon as speech begins (Flux's
                    # StartOfTurn, Cartesia's turn.start), which is what interrupts a speaking bot.
                    heard["turn"] = True
                    handler, messages, _source = turn
                    await getattr(svc, handler)(dict(messages[0]))
            if probe.user_utterances > probe.transcripts and (segmented or heard["silence"] >= ENDPOINT_SECONDS):
                probe.transcripts += 1
                if turn:
                    handler, messages, _source = turn
                    for message in messages[0 if not heard["turn"] else 1 :]:
                        await getattr(svc, handler)(dict(message))
                    heard["turn"] = False
                else:
                    yield TranscriptionFrame(USER_TEXT, "", time_now_iso8601())
            yield None

        svc.run_stt = run_stt
        self._check_stt_rate(svc)
        self.patched.append(f"stt:{type(svc).__name__}")

    def _check_stt_rate(self, svc: STTService) -> None:
        probe = self.probe
        # The rate the service declares to its vendor must be the rate of the audio it sends:
        # pipecat's STT services forward input frames as they are, without resampling.
        original_audio = svc.process_audio_frame
        mismatch: set = set()

        async def process_audio_frame(frame, direction):
            if frame.sample_rate != svc.sample_rate and frame.sample_rate not in mismatch:
                mismatch.add(frame.sample_rate)
                probe.notes.append(
                    f"problem: {type(svc).__name__} declares {svc.sample_rate} Hz to its vendor but sends {frame.sample_rate} Hz audio"
                )
            await original_audio(frame, direction)

        svc.process_audio_frame = process_audio_frame

    # -- LLM --------------------------------------------------------------------------------------
    def _patch_llm(self, svc: LLMService) -> None:
        probe = self.probe
        original = svc.process_frame

        async def process_frame(frame, direction):
            if isinstance(frame, LLMContextFrame):
                await FrameProcessor.process_frame(svc, frame, direction)
                from _vendors import edge

                # The context as pipecat hands it to the service (the layer this stand-in answers).
                messages = frame.context.get_messages()
                text = edge.llm_request([(m.get("role"), edge.text_of(m.get("content"))) for m in messages if isinstance(m, dict)])
                await svc.push_frame(LLMFullResponseStartFrame())
                await svc.push_frame(LLMTextFrame(text))
                await svc.push_frame(LLMFullResponseEndFrame())
                return
            await original(frame, direction)

        svc.process_frame = process_frame
        self.patched.append(f"llm:{type(svc).__name__}")

    # -- TTS --------------------------------------------------------------------------------------
    def vendor_rate(self, requested: int) -> int | None:
        """The rate the vendor sends when pipecat asks for ``requested`` Hz (None: it cannot)."""
        fact = self.tts_rates
        if not fact:
            return requested
        if fact.get("fixed"):
            return int(fact["rates"][0])
        return requested if requested in fact["rates"] else None

    def _patch_tts(self, svc: TTSService) -> None:
        probe = self.probe
        transport = next((VENDOR_TRANSPORT[c.__name__] for c in type(svc).__mro__ if c.__name__ in VENDOR_TRANSPORT), None)
        if transport:
            install, generic, _source = transport
            install(svc)
            if not generic:
                self.patched.append(f"tts:{type(svc).__name__}")
                return
        script = self
        #: Seconds of audio each context has spoken so far: a service with word timestamps hands
        #: add_word_timestamps times counted from its context's first audio (Azure, Rime and the
        #: others add the sentences before to the vendor's per-request offsets).
        spoken: dict[str, float] = {}

        async def run_tts(text: str, context_id: str):
            probe.tts_requests += 1
            label = svc.sample_rate
            rate = script.vendor_rate(label)
            if rate is None:
                probe.notes.append(
                    f"problem: {type(svc).__name__} was asked for {label} Hz, which the vendor cannot send "
                    f"(supports {script.tts_rates['rates']}; {script.tts_rates['source']})"
                )
                rate = label
            audio = tone(rate, spoken_seconds(text))
            probe.tts_produced(len(audio) / 2 / rate)
            if not svc.audio_context_available(context_id):
                await svc.create_audio_context(context_id)
                yield TTSStartedFrame(context_id=context_id)
            # A vendor with word timestamps (the service was built with push_text_frames=False,
            # pipecat/services/tts_service.py) sends each word's start with the audio it starts
            # in; its service hands them to add_word_timestamps, which queues them in the audio
            # context beside the audio, so the words reach the output at their time.
            words = text.split() if not getattr(svc, "_push_text_frames", True) else []
            pieces = chunks(audio, rate)
            told = 0
            offset = spoken.get(context_id, 0.0)
            spoken[context_id] = offset + len(audio) / 2 / rate
            # Chunked by the vendor's rate, labelled as the service labels what it receives.
            for i, chunk in enumerate(pieces):
                while told < len(words) and told * len(pieces) <= i * len(words):
                    await svc.add_word_timestamps([(words[told], offset + told * len(audio) / 2 / rate / len(words))], context_id)
                    told += 1
                yield TTSAudioRawFrame(chunk, label, 1, context_id=context_id)
            if not getattr(svc, "_push_stop_frames", True):
                yield TTSStoppedFrame(context_id=context_id)

        svc.run_tts = run_tts
        self.patched.append(f"tts:{type(svc).__name__}")

    # -- realtime ---------------------------------------------------------------------------------
    def _serve_realtime(self, svc) -> bool:
        """Connect a :data:`VENDOR_SERVER` vendor's service to its scripted server; False if none."""
        served = next((VENDOR_SERVER[c.__name__] for c in type(svc).__mro__ if c.__name__ in VENDOR_SERVER), None)
        if not served:
            return False
        from websockets.asyncio import client as ws_client

        pattern, server, source = served
        probe = self.probe
        ws_client.SERVERS[pattern] = (lambda connection: server(connection, probe), source)
        self.patched.append(f"vendor-protocol:{type(svc).__name__}")
        return True

    def _patch_realtime(self, svc: LLMService) -> None:
        probe = self.probe
        original = svc.process_frame
        state = {"greeted": False}

        async def answer():
            import re

            probe.llm_requests += 1
            probe.tts_requests += 1
            # Answered here, at pipecat's interface: there is no vendor state to speak of, so what
            # the next answer is generated from can only be read in pipecat's own context.
            probe.llm_view[probe.llm_requests] = "pipecat"
            text = probe.answer(probe.llm_requests)
            sentences = [t for t in re.split(r"(?<=[.!?])\s+", text.strip()) if t]
            audio = [tone(REALTIME_RATE, spoken_seconds(t)) for t in sentences]
            probe.tts_produced(sum(len(a) for a in audio) / 2 / REALTIME_RATE)
            await svc.push_frame(LLMFullResponseStartFrame())
            await svc.push_frame(TTSStartedFrame())
            # Each sentence's words after its audio, as a vendor's transcript of it arrives.
            for sentence, pcm in zip(sentences, audio):
                for chunk in chunks(pcm, REALTIME_RATE):
                    await svc.push_frame(TTSAudioRawFrame(chunk, REALTIME_RATE, 1))
                await svc.push_frame(TTSTextFrame(sentence, aggregated_by="sentence"))
            await svc.push_frame(TTSStoppedFrame())
            await svc.push_frame(LLMFullResponseEndFrame())

        server_vad = next((VENDOR_VAD[c.__name__] for c in type(svc).__mro__ if c.__name__ in VENDOR_VAD), None)
        vad = {"speech": 0.0, "silence": 0.0, "in_speech": False}

        async def hear(frame) -> None:
            """The vendor's server VAD over the audio the service is handed (see VENDOR_VAD)."""
            import types

            seconds = len(frame.audio) / 2 / (frame.sample_rate or 16000)
            if level(frame.audio) >= VAD_SPEECH_RMS:
                vad["speech"] += seconds
                vad["silence"] = 0.0
                if not vad["in_speech"] and vad["speech"] >= VAD_MIN_SPEECH_SECONDS:
                    vad["in_speech"] = True
                    await getattr(svc, server_vad[0])(types.SimpleNamespace(type="input_audio_buffer.speech_started"))
            elif vad["in_speech"]:
                vad["silence"] += seconds
                if vad["silence"] >= VAD_SILENCE_SECONDS:
                    vad.update(speech=0.0, silence=0.0, in_speech=False)
                    await getattr(svc, server_vad[1])(types.SimpleNamespace(type="input_audio_buffer.speech_stopped"))
            else:
                vad["speech"] = 0.0

        async def process_frame(frame, direction):
            if server_vad and isinstance(frame, InputAudioRawFrame):
                await hear(frame)
            if isinstance(frame, LLMContextFrame):
                await FrameProcessor.process_frame(svc, frame, direction)
                if not state["greeted"] and probe.user_utterances == 0:
                    state["greeted"] = True
                    await answer()
                return
            await original(frame, direction)
            # The vendor's server-side VAD hears the end of the user's speech in the audio it is
            # streamed: it transcribes the turn, then answers after the user's silence, which is
            # when the pipeline's VAD reports the stop too. Answering earlier (before the local
            # VAD has even started the user's turn, on a loaded machine) would race the
            # interruption that turn start causes, which clears an answer still buffered
            # downstream, an avatar's for instance.
            if isinstance(frame, VADUserStartedSpeakingFrame):
                state["heard"], state["speaking"] = True, True
            elif isinstance(frame, (VADUserStoppedSpeakingFrame, UserStoppedSpeakingFrame)):
                state["speaking"] = False
            elif isinstance(frame, InputAudioRawFrame) and probe.user_utterances > probe.transcripts:
                probe.transcripts += 1
                state["due"] = True
                await svc.push_frame(
                    TranscriptionFrame(USER_TEXT, "", time_now_iso8601()), FrameDirection.UPSTREAM
                )
            if state.get("due") and state.get("heard") and not state.get("speaking"):
                state["due"] = state["heard"] = False
                await answer()

        svc.process_frame = process_frame
        self.patched.append(f"realtime:{type(svc).__name__}")
