"""Daily drivers: the far end of a Daily room (a browser user, a phone caller, a dialed callee).

The bot's ``DailyTransport`` runs on pipecat's own code against the ``daily`` stand-in
(standins/daily/: daily-python's API, with the Daily service in ``daily._service``). The driver
opens the room as Daily's REST API / Pipecat Cloud would, hands ``bot()`` the runner arguments the
session's entry point delivers, and then plays the remote side through the room handle:

- ``daily`` (call ``web``): the dev runner / Pipecat Cloud web session,
  ``DailyRunnerArguments(room_url, token)``. The browser participant joins once the bot is in the
  room and sends RTVI ``client-ready`` as an app message (the shape of
  pipecat/processors/frameworks/rtvi/models.py ``Message`` / ``ClientReadyData``); the bot's RTVI
  processor must answer ``bot-ready``.
- ``daily-pstn-dialin`` (call ``phone``): Pipecat Cloud's PSTN dial-in, ``DailyRunnerArguments``
  whose ``body`` is a ``DailyDialinRequest`` (pipecat/runner/types.py). Daily announces the room's
  SIP endpoint (``on_dialin_ready``); pipecat posts ``{daily_api_url}/dialin/pinlessCallUpdate``
  (``DailyTransport._handle_dialin_ready``, through the aiohttp stand-in, which records it in
  ``aiohttp.REQUESTS`` and answers 200); only then is the caller put through
  (``on_dialin_connected``, then the caller joins).
- ``daily-sip-dialin`` (call ``phone``): Twilio + Daily SIP, a session started by the project's
  server.py with ``body = AgentRequest(room_url, token, call_sid, sip_uri)``. The bot must forward
  the waiting Twilio call to the SIP endpoint when ``on_dialin_ready`` fires (Twilio's REST client
  is a recording fake: the driver waits for ``calls(sid).update(twiml=...)``); then the caller is
  put through.
- ``daily-dialout-pstn`` / ``daily-dialout-sip`` (call ``dialout``): a session started by server.py
  with ``body = AgentRequest(room_url, token, dialout_settings)``. The bot must call
  ``start_dialout`` ({"phoneNumber"} or {"sipUri"}) once joined; the callee then answers
  (``on_dialout_connected``, joins, ``on_dialout_answered``) and speaks first.

Server-started sessions run the project's own ``server.py`` first, in a process of its own
(``rt/server_call.py``: its handler called with the dial-out request or Twilio's webhook form, on
pipecat's ``configure`` against Daily's REST API in ``_vendors/daily_rest.py``); the room it
created is opened, and ``bot()`` gets ``RunnerArguments(body=...)`` with the body server.py posted
to the runner's ``/start`` (what pipecat's dev runner builds for ``createDailyRoom: false``,
pipecat/runner/run.py).

The remote participant's microphone streams from connect to hang-up (silence between utterances).
Audio the bot writes to its published custom track is counted when the track consumes it
(``probe.audio_sent`` with the seconds a listener hears: 10 ms blocks that are not digital
silence). With an avatar (a web session), the bot's camera must have sent frames into the room. Hanging up makes the
participant leave (``on_participant_left`` -> ``on_client_disconnected``), plus the end of the
dial-in/dial-out session for phone calls; the bot must then end the session by itself.
"""

import asyncio
import time
import uuid

from . import avatar
from .probe import CHUNK_SECONDS, Probe

ROOM_DOMAIN = "https://rt-tier.daily.co"
#: Phone numbers of the scripted call (E.164).
CALLER_NUMBER = "+15550100001"
BOT_NUMBER = "+15550100002"
CALLEE_NUMBER = "+15550100003"
CALLEE_SIP_URI = "sip:+15550100003@rt-tier.sip.twilio.com"
#: How long the far end waits for the bot to do its part (join, forward, dial) before giving up.
STEP_TIMEOUT = 5.0
#: A browser's microphone reaches Daily as 48 kHz Opus; a phone leg is 8 kHz narrowband.
WEB_RATE = 48000
PHONE_RATE = 8000


#: Flows whose session the project's server.py starts (rt/server_call.py runs it).
SERVER_FLOWS = ("sip-dialin", "pstn-dialout", "sip-dialout")
#: How long server.py may take to handle the call (its own process: imports, Daily REST, /start).
SERVER_TIMEOUT = 60.0


def _flow(kind: str) -> str:
    k = kind.lower()
    if "dialout" in k or "dial-out" in k:
        return "sip-dialout" if "sip" in k else "pstn-dialout"
    if "dialin" in k or "dial-in" in k:
        return "sip-dialin" if "sip" in k else "pstn-dialin"
    return "web"


class DailyDriver:
    """Drives one Daily session (see the module docstring)."""

    def __init__(self, kind: str, call: str, probe: Probe, spec: dict):
        from daily import _service

        self.kind = kind
        self.call = call
        self.probe = probe
        self.spec = spec
        self.flow = _flow(kind)
        self.input_rate = WEB_RATE if self.flow == "web" else PHONE_RATE
        self._service = _service
        name = f"rt-{self.flow}-{uuid.uuid4().hex[:8]}"
        self.room_url = f"{ROOM_DOMAIN}/{name}"
        self.token = f"rt-meeting-token-{uuid.uuid4().hex[:12]}"
        self.sip_endpoint = f"sip:{name}.0@rt-tier.sip.daily.co" if self.flow.endswith("dialin") else None
        # A session server.py starts gets the room server.py creates (runner_args).
        self.room = None if self.flow in SERVER_FLOWS else _service.open_room(self.room_url, sip_endpoint=self.sip_endpoint)
        self.dialin_api_url = "https://api.daily.co/v1"
        self.participant = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._calls_mark = None
        self._requests_mark = 0
        self._dialout_session: str | None = None

    # -- helpers ------------------------------------------------------------------------------------
    def problem(self, text: str) -> None:
        self.probe.notes.append(f"problem: {text}")

    def _hook_room(self) -> None:
        """Route the stand-in's thread-side reports onto the session's loop."""
        loop = self._loop = asyncio.get_running_loop()
        probe = self.probe

        def bot_audio(seconds: float) -> None:
            try:
                loop.call_soon_threadsafe(probe.audio_sent, seconds)
            except RuntimeError:
                pass  # the session's loop is gone

        self.room.on_bot_audio = bot_audio
        self._service.set_problem_hook(lambda text: probe.notes.append(f"problem: daily stand-in: {text}"))

    async def _until(self, predicate, timeout: float = STEP_TIMEOUT) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            await asyncio.sleep(0.01)
        return bool(predicate())

    def _calls_since(self, prefix: str, keyword: str | None = None) -> bool:
        """Whether a recording fake was called as ``prefix`` (with keyword ``keyword``) since this
        session started. ``_autofake.CALLS`` is a bounded deque of fresh tuples: the session's
        start is remembered as the identity of the record that was newest then."""
        import _autofake

        for record in reversed(list(_autofake.CALLS)):
            if record is self._calls_mark:
                break
            name, _, kwargs = record
            if name.startswith(prefix) and (keyword is None or keyword in kwargs):
                return True
        return False

    def _requested(self, method: str, url: str) -> bool:
        """Whether pipecat sent ``method url`` through aiohttp (the stand-in's ``REQUESTS``) since
        this session started."""
        import aiohttp

        requests = getattr(aiohttp, "REQUESTS", None)
        if requests is None:  # aiohttp is a recording fake: only the call's shape is known
            return self._calls_since("aiohttp.ClientSession.post()", "json")
        return any(m == method and u == url for m, u in list(requests)[self._requests_mark :])

    # -- runner arguments ---------------------------------------------------------------------------
    async def _server_call(self) -> dict | None:
        """Run the call through the project's server.py in a process of its own (rt/server_call.py)
        and open the Daily room it created; the body it posted to the runner's /start, or None."""
        import json
        import os
        import sys

        server_dir = os.path.join(self.spec["project"], "server")
        code = "import _autofake; _autofake.install()\nfrom rt.server_call import main\nmain()"
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, server_dir, self.flow,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=dict(os.environ),
        )
        try:
            out, err = await asyncio.wait_for(proc.communicate(), SERVER_TIMEOUT)
        except asyncio.TimeoutError:
            proc.kill()
            self.problem(f"server.py did not handle the call within {SERVER_TIMEOUT:.0f} s")
            return None
        lines = [l for l in out.decode(errors="replace").splitlines() if l.startswith("{")]
        if not lines:
            self.problem(f"server.py's process printed no result (exit {proc.returncode}): {err.decode(errors='replace')[-800:]}")
            return None
        result = json.loads(lines[-1])
        self.probe.step(f"server.py: {'; '.join(result.get('requests') or [])}")
        for problem in result["problems"] + result.get("logs", []):
            self.problem(f"server.py: {problem}")
        payload = result["payload"]
        if payload is None:
            self.problem("server.py started no bot session (nothing posted to the runner's /start)")
            return None
        if payload.get("transport") != "daily" or payload.get("createDailyRoom") is not False:
            self.problem(f"server.py's /start payload asks for transport {payload.get('transport')!r}, createDailyRoom {payload.get('createDailyRoom')!r}: the runner would not join its room")
        body = payload["body"]
        room = next((r for r in result["rooms"] if r["url"] == body.get("room_url")), None)
        if room is None:
            self.problem(f"server.py started the bot in {body.get('room_url')!r}, not a room it created")
            return None
        self.room_url, self.token = room["url"], body.get("token") or ""
        endpoint = (room["config"].get("sip_uri") or {}).get("endpoint")
        self.sip_endpoint = f"sip:{endpoint}" if endpoint else None
        if self.flow == "sip-dialin" and body.get("sip_uri") != self.sip_endpoint:
            self.problem(f"server.py told the bot to forward the call to {body.get('sip_uri')!r}, not the room's SIP endpoint {self.sip_endpoint!r}")
        self.room = self._service.open_room(self.room_url, sip_endpoint=self.sip_endpoint)
        return body

    async def runner_args(self):
        import _autofake
        from pipecat.runner.types import DailyDialinRequest, DailyRunnerArguments, DialinSettings, RunnerArguments

        body = None
        if self.flow in SERVER_FLOWS:
            body = await self._server_call()
            if body is None:
                raise RuntimeError("server.py did not start a bot session (see the problems)")
        self._hook_room()
        import aiohttp

        self._calls_mark = _autofake.CALLS[-1] if len(_autofake.CALLS) else None
        self._requests_mark = len(getattr(aiohttp, "REQUESTS", ()))
        session_id = str(uuid.uuid4())
        if self.flow == "web":
            return DailyRunnerArguments(room_url=self.room_url, token=self.token, body={}, session_id=session_id)
        if self.flow == "pstn-dialin":
            # Pipecat Cloud's dial-in webhook handler (mirrored by pipecat/runner/run.py
            # /daily-dialin-webhook): a SIP-enabled room and the call's identifiers.
            request = DailyDialinRequest(
                dialin_settings=DialinSettings(
                    call_id=str(uuid.uuid4()),
                    call_domain=str(uuid.uuid4()),
                    To=BOT_NUMBER,
                    From=CALLER_NUMBER,
                ),
                daily_api_key="rt-daily-api-key",
                daily_api_url=self.dialin_api_url,
            )
            return DailyRunnerArguments(room_url=self.room_url, token=self.token, body=request.model_dump(), session_id=session_id)
        # What pipecat's runner builds for POST /start with createDailyRoom false (runner/run.py).
        return RunnerArguments(body=body, session_id=session_id)

    # -- the far end ------------------------------------------------------------------------------
    async def connect(self) -> None:
        if not await self._until(self.room.bot_joined):
            self.problem(f"the bot did not join the Daily room within {STEP_TIMEOUT:.0f} s")
            return
        if self.flow == "web":
            self.participant = self.room.add_participant("rt-user", self.input_rate, kind="web")
        elif self.flow == "pstn-dialin":
            await self._pstn_dialin()
        elif self.flow == "sip-dialin":
            await self._sip_dialin()
        else:
            await self._dialout()

    async def _pstn_dialin(self) -> None:
        # The stand-in room announced its SIP endpoint (on_dialin_ready) when the bot joined;
        # pipecat then tells Daily's REST API where to send the held call.
        if not await self._until(lambda: self._requested("POST", f"{self.dialin_api_url}/dialin/pinlessCallUpdate")):
            self.problem("on_dialin_ready fired but nothing posted /dialin/pinlessCallUpdate: Daily never routes the held call to the room")
            return
        self._put_through("dialin")

    async def _sip_dialin(self) -> None:
        # The Twilio call waits on hold (server.py's TwiML) until the bot redirects it to the room.
        if not await self._until(lambda: self._calls_since("twilio.rest.Client.calls().update()", "twiml")):
            self.problem("on_dialin_ready fired but the bot did not forward the Twilio call (calls(sid).update(twiml=...)) within 5 s: the caller stays on hold")
            return
        self._put_through("dialin")

    def _put_through(self, kind: str) -> None:
        session_id = str(uuid.uuid4())
        self.room.dialin_sessions.append(session_id)
        self.room.emit(
            "on_dialin_connected",
            {"sessionId": session_id, "sipCallId": f"{uuid.uuid4()}@rt-tier", "provider": "daily", "sipFrom": CALLER_NUMBER, "sipEndpoint": self.sip_endpoint},
        )
        self.participant = self.room.add_participant(CALLER_NUMBER, self.input_rate, kind=kind, session_id=session_id)

    async def _dialout(self) -> None:
        if not await self._until(lambda: bool(self.room.dialouts)):
            failed = [arg for name, arg in self.room.calls if name == "start_dialout failed"]
            if failed:
                self.problem(f"start_dialout({failed[0]['settings']}) failed: {failed[0]['error']}; the bot did not place the call")
            else:
                self.problem(f"the bot did not call start_dialout within {STEP_TIMEOUT:.0f} s of joining")
            return
        request = self.room.dialouts[0]
        settings = request["settings"]
        wanted = "phoneNumber" if self.flow == "pstn-dialout" else "sipUri"
        expected = CALLEE_NUMBER if wanted == "phoneNumber" else CALLEE_SIP_URI
        if settings.get(wanted) != expected:
            self.problem(f"start_dialout({settings}) does not dial the requested {wanted} {expected}")
        session_id = self._dialout_session = request["session_id"]
        destination = settings.get(wanted) or expected
        self.room.emit("on_dialout_connected", {"sessionId": session_id, "destination": destination})
        await asyncio.sleep(0.05)  # ringing
        self.participant = self.room.add_participant(destination, self.input_rate, kind="dialout", session_id=session_id)
        self.room.emit("on_dialout_answered", {"sessionId": session_id, "destination": destination})

    async def client_ready(self) -> None:
        """The web client's RTVI ``client-ready``; a real client then waits for ``bot-ready``."""
        from pipecat.processors.frameworks.rtvi.models import PROTOCOL_VERSION

        if self.participant is None:
            return
        mark = len(self.room.messages)
        self.room.send_app_message(
            self.participant,
            {
                "label": "rtvi-ai",
                "type": "client-ready",
                "id": uuid.uuid4().hex[:8],
                "data": {"version": PROTOCOL_VERSION, "about": {"library": "@pipecat-ai/client-js", "library_version": "1.4.0", "platform": "rt-tier"}},
            },
        )

        def bot_ready() -> bool:
            return any(isinstance(m, dict) and m.get("type") == "bot-ready" for m, _ in self.room.messages[mark:])

        if not await self._until(bot_ready, 3.0):
            self.problem("the bot did not answer RTVI client-ready with bot-ready (a web client waits for it)")

    async def speak(self, chunks: list[bytes], speech_chunks: int) -> None:
        """The participant's turn on its (continuously streaming) microphone."""
        if self.participant is None:
            await asyncio.sleep(len(chunks) * CHUNK_SECONDS)
            return
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        probe = self.probe

        def spoken() -> None:
            probe.user_utterances += 1
            done.set()

        def mark() -> None:  # on a stand-in thread, once the chunk reached the bot's renderer
            try:
                loop.call_soon_threadsafe(spoken)
            except RuntimeError:
                pass

        self.participant.play(chunks, marks={speech_chunks - 1: mark})
        await self._until(lambda: self.participant.pending() == 0 and done.is_set(), len(chunks) * CHUNK_SECONDS + STEP_TIMEOUT)

    async def hang_up(self) -> None:
        p = self.participant
        try:
            if p is not None:
                self.room.remove_participant(p)
                if p.kind == "dialin":
                    self.room.emit("on_dialin_stopped", {"sessionId": p.session_id})
                elif p.kind == "dialout":
                    self.room.emit("on_dialout_stopped", {"sessionId": p.session_id})
                self.participant = None
        finally:
            self._observations()
            self.room.close()

    def _observations(self) -> None:
        """A note on the bot's video in the room, and a ``problem:`` note when an avatar's video
        never reached the participant (the bot's published camera sent no frame)."""
        room = self.room
        size = f" at {room.bot_video_size[0]}x{room.bot_video_size[1]}" if room.bot_video_size else ""
        self.probe.notes.append(f"daily: bot video frames {room.bot_video_frames}{size}")
        if getattr(self.probe, "expect_video", False) and self.flow == "web" and room.bot_video_frames == 0:
            self.problem("the bot has an avatar but no video frame reached the Daily room through its camera")
        stretch = avatar.stretched(self.probe, room.bot_video_size) if room.bot_video_frames else None
        if stretch:
            self.problem(stretch)
