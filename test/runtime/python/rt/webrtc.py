"""SmallWebRTC driver: a browser running pipecat's JS client, against pipecat's real WebRTC code.

``bot(runner_args)`` gets :class:`SmallWebRTCRunnerArguments` built the way the development
runner builds them (pipecat/runner/run.py ``_setup_webrtc_routes``): the browser POSTs its SDP
offer, pipecat's :class:`SmallWebRTCRequestHandler` creates a real
:class:`~pipecat.transports.smallwebrtc.connection.SmallWebRTCConnection`, handles the offer and
hands the connection to the bot. Everything under it — the peer connection, tracks, data channel,
frames — is the ``aiortc`` and ``av`` stand-ins (``standins/aiortc``, ``standins/av``), whose
network is an in-process link between two peer connections; the browser's side is one of those
peer connections, driven the way pipecat's JS transport drives the browser's
(``SmallWebRTCTransport`` in pipecat-ai/pipecat-client-web-transports,
``transports/small-webrtc-transport/src/smallWebRTCTransport.ts``):

- three transceivers (audio ``sendrecv``, camera ``sendrecv``, screen ``sendonly``) and an ordered
  data channel ``chat``; the microphone and the camera are attached with ``replaceTrack``;
- the offer is sent without candidates and the browser's candidate is trickled afterwards with
  ``PATCH /api/offer`` (the runner's ``handle_patch_request``), as Chrome's are;
- when the channel opens: a ``trackStatus`` signalling message per transceiver, then a
  ``ping: <ms>`` keep-alive every second (pipecat's ``is_connected`` relies on it); a
  ``renegotiate`` request from pipecat is answered with a new offer on the same ``pc_id``; a
  ``peerLeft`` message makes the browser disconnect;
- the RTVI client sends ``client-ready`` (``RTVIMessage.clientReady()`` of
  pipecat-ai/pipecat-client-web ``client-js/rtvi/messages.ts``) over the channel;
- hanging up is the JS ``stop()``: close the channel, stop the transceivers (RTCP BYE), stop the
  tracks, close the peer connection (DTLS shutdown).

The microphone is a 48 kHz mono track paced at 20 ms, silent except while the scripted user speaks
(pipecat receives it the way aiortc decodes Opus: 48 kHz stereo, and resamples it). The camera is
on (``trackStatus`` enabled) and sends 320x240 frames at 10 fps, which pipecat receives as aiortc
decodes VP8 (``yuv420p``, converted with the ``cv2`` stand-in); bots without video input leave the
camera's receiver disabled, so its frames are dropped, as with aiortc. The browser's own decoders
are not modelled: its tracks receive the frames pipecat's output tracks emit, and the bot's audio
is counted there — each non-silent frame as ``samples / sample_rate`` — with
:meth:`Probe.audio_sent`. Not modelled either: network delay and loss, and the JS client's
reconnection attempts.

After the hang-up the driver adds a note (renegotiations, RTVI messages the browser received,
camera frames pipecat accepted, bot video frames and their size), and a ``problem:`` note when
pipecat attached a video output track (``video_out_enabled``) but no video frame reached the
browser: the bot's video tile would stay empty.
"""

import asyncio
import fractions
import json
import time
import uuid
from collections import deque

import numpy as np
from aiortc import RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc.mediastreams import VIDEO_CLOCK_RATE, MediaStreamError, MediaStreamTrack
from av import AudioFrame, VideoFrame

from pipecat.runner.types import SmallWebRTCRunnerArguments
from pipecat.transports.smallwebrtc.request_handler import (
    IceCandidate,
    SmallWebRTCPatchRequest,
    SmallWebRTCRequest,
    SmallWebRTCRequestHandler,
)

from . import avatar
from .probe import CHUNK_SECONDS, Probe

MIC_RATE = 48000
CAMERA_WIDTH, CAMERA_HEIGHT, CAMERA_FPS = 320, 240, 10
KEEPALIVE_SECS = 1.0
#: RTVI protocol version the browser's client announces (same major as pipecat 1.7.0's 2.1.0).
RTVI_CLIENT_VERSION = "2.1.0"
CONNECT_TIMEOUT = 5.0

AUDIO_TRANSCEIVER_INDEX, VIDEO_TRANSCEIVER_INDEX, SCREEN_VIDEO_TRANSCEIVER_INDEX = 0, 1, 2


class MicrophoneTrack(MediaStreamTrack):
    """The browser's microphone (getUserMedia): 20 ms mono 16-bit frames at 48 kHz in real time.

    Silence, except for the chunks queued with :meth:`say`; when the last speech chunk of an
    utterance has been handed to the sender, ``probe.user_utterances`` goes up by one.
    """

    kind = "audio"

    def __init__(self, probe: Probe):
        super().__init__()
        self._probe = probe
        self._queue: deque = deque()  # (pcm bytes, ends an utterance)
        self._start: float | None = None
        self._timestamp = 0
        self._samples = int(MIC_RATE * CHUNK_SECONDS)

    def say(self, chunks: list[bytes], speech_chunks: int) -> None:
        for i, chunk in enumerate(chunks):
            self._queue.append((chunk, i == speech_chunks - 1))

    @property
    def pending(self) -> int:
        return len(self._queue)

    async def recv(self) -> AudioFrame:
        if self.readyState != "live":
            raise MediaStreamError
        if self._start is None:
            self._start = time.time()
        else:
            self._timestamp += self._samples
            wait = self._start + self._timestamp / MIC_RATE - time.time()
            if wait > 0:
                await asyncio.sleep(wait)
        if self._queue:
            pcm, ends_utterance = self._queue.popleft()
            if ends_utterance:  # counted once the sender has handed this frame on
                asyncio.get_running_loop().call_soon(self._utterance_done)
        else:
            pcm = bytes(self._samples * 2)
        frame = AudioFrame.from_ndarray(np.frombuffer(pcm, dtype=np.int16)[None, :], format="s16", layout="mono")
        frame.sample_rate = MIC_RATE
        frame.pts = self._timestamp
        frame.time_base = fractions.Fraction(1, MIC_RATE)
        return frame

    def _utterance_done(self) -> None:
        self._probe.user_utterances += 1


class CameraTrack(MediaStreamTrack):
    """The browser's camera: small RGB frames with a moving gradient, paced at CAMERA_FPS."""

    kind = "video"

    def __init__(self):
        super().__init__()
        self._start: float | None = None
        self._index = 0
        self.frames = 0

    async def recv(self) -> VideoFrame:
        if self.readyState != "live":
            raise MediaStreamError
        if self._start is None:
            self._start = time.time()
        else:
            self._index += 1
            wait = self._start + self._index / CAMERA_FPS - time.time()
            if wait > 0:
                await asyncio.sleep(wait)
        x = (np.arange(CAMERA_WIDTH, dtype=np.int32) + self._index * 8) % 256
        rgb = np.zeros((CAMERA_HEIGHT, CAMERA_WIDTH, 3), dtype=np.uint8)
        rgb[..., 0] = x[None, :]
        rgb[..., 1] = (np.arange(CAMERA_HEIGHT, dtype=np.int32) % 256)[:, None]
        rgb[..., 2] = 96
        frame = VideoFrame.from_ndarray(rgb, format="rgb24")
        frame.pts = int(self._index * VIDEO_CLOCK_RATE / CAMERA_FPS)
        frame.time_base = fractions.Fraction(1, VIDEO_CLOCK_RATE)
        self.frames += 1
        return frame


class DevRunner:
    """The development runner's SmallWebRTC routes (pipecat/runner/run.py): ``POST /api/offer``
    (a new connection is handed to ``bot()``; an existing ``pc_id`` renegotiates) and
    ``PATCH /api/offer`` (trickled ICE candidates), both through pipecat's request handler."""

    def __init__(self):
        # run.py: SmallWebRTCRequestHandler(esp32_mode=args.esp32, host=args.host), defaults off/localhost
        self.handler = SmallWebRTCRequestHandler(esp32_mode=False, host="localhost")
        self.sessions: list[SmallWebRTCRunnerArguments] = []

    async def offer(self, request: SmallWebRTCRequest) -> dict:
        session_id = str(uuid.uuid4())

        async def webrtc_connection_callback(connection):
            # run.py then schedules bot_module.bot(runner_args); the harness starts bot() itself.
            self.sessions.append(
                SmallWebRTCRunnerArguments(webrtc_connection=connection, body=request.request_data, session_id=session_id)
            )

        return await self.handler.handle_web_request(request=request, webrtc_connection_callback=webrtc_connection_callback)

    async def patch(self, request: SmallWebRTCPatchRequest) -> None:
        await self.handler.handle_patch_request(request)


def _split_candidates(sdp: str) -> tuple[str, list[tuple[str, str, int]]]:
    """The offer as Chrome sends it before gathering ends (no candidates), and the candidates it
    trickles afterwards: ``(candidate line, mid, m-line index)``, the first m-line only (BUNDLE)."""
    kept, candidates, mid, index = [], [], None, -1
    for line in sdp.split("\r\n"):
        if line.startswith("m="):
            index += 1
            mid = None
        elif line.startswith("a=mid:"):
            mid = line[6:]
        if line.startswith("a=candidate:"):
            if index == 0:
                candidates.append((line[2:], mid, index))
            continue
        if line == "a=end-of-candidates":
            continue
        kept.append(line)
    return "\r\n".join(kept), [(c, m or "0", i) for c, m, i in candidates]


class Browser:
    """The browser tab: pipecat's JS SmallWebRTC transport and RTVI client (module docstring)."""

    def __init__(self, runner: DevRunner, probe: Probe):
        self.runner = runner
        self.probe = probe
        self.pc: RTCPeerConnection | None = None
        self.dc = None
        self.pc_id: str | None = None
        self.mic = MicrophoneTrack(probe)
        self.camera = CameraTrack()
        self.rtvi_received: list[str] = []
        self.signalling_received: list[str] = []
        self.bot_video_frames = 0
        self.bot_video_size: tuple[int, int] | None = None
        self.renegotiations = 0
        self._tasks: set[asyncio.Task] = set()
        self._open = asyncio.Event()
        self._stopped = False

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- startNewPeerConnection ---------------------------------------------------------------
    def create_peer_connection(self) -> None:
        pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
        pc._rt_deliver_raw = True  # a browser: its decoders are not aiortc's
        self.pc = pc

        @pc.on("track")
        def on_track(track):
            self._spawn(self._play(track))

        # addInitialTransceivers: audio, camera, screen (DailyMediaManager supports screen share)
        pc.addTransceiver("audio", direction="sendrecv")
        pc.addTransceiver("video", direction="sendrecv")
        pc.addTransceiver("video", direction="sendonly")
        self.dc = pc.createDataChannel("chat", ordered=True)

        @self.dc.on("open")
        def on_open():
            self._sync_track_status()
            self._spawn(self._keep_alive())
            self._open.set()

        @self.dc.on("message")
        def on_message(message):
            self._handle_message(message)

        # addUserMedia
        transceivers = pc.getTransceivers()
        transceivers[AUDIO_TRANSCEIVER_INDEX].sender.replaceTrack(self.mic)
        transceivers[VIDEO_TRANSCEIVER_INDEX].sender.replaceTrack(self.camera)

    async def send_offer(self, restart_pc: bool = False) -> dict:
        """negotiate(), first half: create the offer and POST it to the runner."""
        offer = await self.pc.createOffer()
        await self.pc.setLocalDescription(offer)
        sdp, self._candidates = _split_candidates(self.pc.localDescription.sdp)
        request = SmallWebRTCRequest(sdp=sdp, type="offer", pc_id=self.pc_id, restart_pc=restart_pc, request_data=None)
        answer = await self.runner.offer(request)
        self.pc_id = answer["pc_id"]
        return answer

    async def apply_answer(self, answer: dict) -> None:
        """negotiate(), second half, then flushIceCandidates()."""
        await self.pc.setRemoteDescription(RTCSessionDescription(sdp=answer["sdp"], type=answer["type"]))
        if self._candidates:
            candidates = [IceCandidate(candidate=c, sdp_mid=mid, sdp_mline_index=i) for c, mid, i in self._candidates]
            self._candidates = []
            await self.runner.patch(SmallWebRTCPatchRequest(pc_id=self.pc_id, candidates=candidates))

    async def wait_open(self) -> None:
        await asyncio.wait_for(self._open.wait(), CONNECT_TIMEOUT)

    # -- data channel --------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        if self.dc is not None and self.dc.readyState == "open":
            self.dc.send(json.dumps(message))

    def _sync_track_status(self) -> None:
        for index, enabled in (
            (AUDIO_TRANSCEIVER_INDEX, True),
            (VIDEO_TRANSCEIVER_INDEX, True),
            (SCREEN_VIDEO_TRANSCEIVER_INDEX, False),
        ):
            self._send({"type": "signalling", "message": {"type": "trackStatus", "receiver_index": index, "enabled": enabled}})

    async def _keep_alive(self) -> None:
        while self.dc is not None and self.dc.readyState == "open":
            self.dc.send(f"ping: {int(time.time() * 1000)}")
            await asyncio.sleep(KEEPALIVE_SECS)

    def send_client_ready(self) -> None:
        self._send({
            "id": uuid.uuid4().hex[:8],
            "label": "rtvi-ai",
            "type": "client-ready",
            "data": {"version": RTVI_CLIENT_VERSION, "about": {"library": "@pipecat-ai/client-js"}},
        })

    def _handle_message(self, message) -> None:
        try:
            obj = json.loads(message)
        except (TypeError, ValueError):
            self.probe.notes.append(f"problem: the bot sent a data-channel message that is not JSON: {str(message)[:80]}")
            return
        if obj.get("type") == "signalling":
            kind = (obj.get("message") or {}).get("type")
            self.signalling_received.append(kind)
            if kind == "renegotiate":
                self._spawn(self._renegotiate())
            elif kind == "peerLeft":
                self._spawn(self.stop())
        elif obj.get("label") == "rtvi-ai":
            self.rtvi_received.append(obj.get("type"))

    async def _renegotiate(self) -> None:
        """attemptReconnection(false): a new offer on the same pc_id."""
        if self._stopped:
            return
        self.renegotiations += 1
        try:
            answer = await self.send_offer()
            await self.apply_answer(answer)
        except Exception:
            if not self._stopped:  # a hang-up during the exchange closes the peer connection
                raise

    # -- what the browser plays ----------------------------------------------------------------
    async def _play(self, track) -> None:
        try:
            while True:
                frame = await track.recv()
                if isinstance(frame, AudioFrame):
                    if np.any(frame.to_ndarray()):
                        self.probe.audio_sent(frame.samples / frame.sample_rate)
                else:
                    self.bot_video_frames += 1
                    self.bot_video_size = (frame.width, frame.height)
        except MediaStreamError:
            return

    # -- stop() --------------------------------------------------------------------------------
    async def stop(self) -> None:
        if self._stopped or self.pc is None:
            return
        self._stopped = True
        if self.dc is not None:
            self.dc.close()
        for transceiver in self.pc.getTransceivers():
            await transceiver.stop()
        for sender in self.pc.getSenders():
            if sender.track is not None:
                sender.track.stop()
        await self.pc.close()
        for task in list(self._tasks):
            if task is not asyncio.current_task():
                task.cancel()


class WebRTCDriver:
    """Drives one browser session over SmallWebRTC (the dev runner's ``-t webrtc``)."""

    input_rate = MIC_RATE

    def __init__(self, call: str, probe: Probe):
        self.call = call
        self.probe = probe
        self.runner = DevRunner()
        self.browser = Browser(self.runner, probe)
        self._connecting: asyncio.Future | None = None

    async def runner_args(self) -> SmallWebRTCRunnerArguments:
        """The browser POSTs its offer; the runner creates the connection, answers and starts
        ``bot()``. As in pipecat's JS transport, the browser applies the answer and trickles its
        candidate as soon as the response arrives, so the connection comes up while the bot is
        still starting (pipecat then asks the browser to renegotiate, see
        ``SmallWebRTCConnection.connect``) or just after, depending on how long the start takes."""
        self.browser.create_peer_connection()
        answer = await self.browser.send_offer()
        if not self.runner.sessions:
            raise RuntimeError("the runner's request handler did not create a SmallWebRTC connection")
        self._connecting = asyncio.ensure_future(self.browser.apply_answer(answer))
        return self.runner.sessions[-1]

    async def connect(self) -> None:
        """Returns once the browser is connected: the data channel is open (when pipecat's JS
        transport reports ``connected``); the ICE/DTLS link was started by :meth:`runner_args`."""
        await self._connecting
        await self.browser.wait_open()

    async def client_ready(self) -> None:
        self.browser.send_client_ready()

    async def speak(self, chunks: list[bytes], speech_chunks: int) -> None:
        """The user talks into the microphone; returns when every chunk has gone out."""
        self.browser.mic.say(chunks, speech_chunks)
        deadline = time.monotonic() + len(chunks) * CHUNK_SECONDS + CONNECT_TIMEOUT
        while self.browser.mic.pending:
            if time.monotonic() > deadline:
                self.probe.notes.append("problem: the microphone track was not being sent (nobody pulled its frames)")
                return
            await asyncio.sleep(CHUNK_SECONDS)

    async def hang_up(self) -> None:
        await self.browser.stop()
        self._observations()

    def _observations(self) -> None:
        """Notes on what crossed the connection besides audio (informational unless marked)."""
        b = self.browser
        connection = self.runner.sessions[-1].webrtc_connection if self.runner.sessions else None
        transceivers = connection.pc.getTransceivers() if connection is not None else []
        camera_read = transceivers[VIDEO_TRANSCEIVER_INDEX].receiver.frames_received if len(transceivers) > 1 else 0
        video_sender = transceivers[VIDEO_TRANSCEIVER_INDEX].sender if len(transceivers) > 1 else None
        self.probe.notes.append(
            f"webrtc: renegotiations {b.renegotiations}, RTVI messages to the browser {len(b.rtvi_received)}"
            f" (bot-ready: {'bot-ready' in b.rtvi_received}), camera frames pipecat read {camera_read},"
            f" bot video frames {b.bot_video_frames}{f' at {b.bot_video_size[0]}x{b.bot_video_size[1]}' if b.bot_video_size else ''}"
        )
        # Without an avatar, video output is an empty track until the user adds a video source
        # (pipecat's own template does the same), so frames are required only with an avatar.
        expect_video = getattr(self.probe, "expect_video", True)
        has_track = video_sender is not None and video_sender.track is not None
        if expect_video and has_track and b.bot_video_frames == 0:
            self.probe.notes.append(
                "problem: the bot attached a video track (video_out_enabled) but no video frame reached the browser"
            )
        elif getattr(self.probe, "expect_video", False) and not has_track and b.bot_video_frames == 0:
            # An avatar's video needs the bot's video track (video_out_enabled) to reach the browser.
            self.probe.notes.append(
                "problem: the bot has an avatar but no video frame reached the browser: it attached no video track (video_out_enabled)"
            )
        if b.bot_video_frames:
            problem = avatar.stretched(self.probe, b.bot_video_size)
            if problem:
                self.probe.notes.append(f"problem: {problem}")
