"""A vendor that refuses the bot's credentials, and the session that must end because of it.

With ``"reject": {"role": ..., "variable": ...}`` in the spec (test/runtime/unusable.test.ts builds
it from the catalogue) or in one session of it (the ``rejected`` scenario, rt/scenarios/rejected.py), the service of that role is left unscripted, so pipecat's own service code
connects, and its vendor refuses the connection the way a rejected API key is refused:

- WebSocket vendors (:data:`WEBSOCKET_VENDORS`): the handshake answers HTTP 401, so
  ``websockets.asyncio.client.connect`` raises ``InvalidStatus`` carrying that response. pipecat's
  service catches it in its own connect code and reports it with ``push_error(exception=e)``;
  ``FrameProcessor.push_error_frame`` classifies it (``classify_http_exception``,
  pipecat/utils/errors.py: ``response.status_code`` 401 is ``ErrorCategory.AUTHENTICATION``, a
  permanent category) and marks the service unusable.
- Simli (the ``simli`` SDK stand-in): ``SimliClient.start`` raises an error carrying HTTP 401,
  which ``SimliVideoService._start_connection`` reports the same way (simli/video.py). That the
  real SDK's error carries the status is an assumption (the SDK's source is not at hand here); the
  two other avatars swallow a failed setup without reporting it (heygen/client.py ``setup`` and
  transports/tavus/transport.py ``setup`` only log), so no policy can end their sessions.

The session then must end by itself within :data:`END_BOUND` seconds (stretched by ``slack()``)
of the refusal, and pipecat's log must carry the generated bot's line naming the variable
(``... can no longer do its job (...): check VARIABLE``). Errors and warnings are expected here, so
the log check of an ordinary session does not apply.
"""

import asyncio
import re
import time
import types

#: Seconds within which a session whose vendor refused must have ended (issue 22, point 3).
END_BOUND = 5.0

#: pipecat service class -> (URL regular expression of the vendor's WebSocket, source).
WEBSOCKET_VENDORS = {
    "AssemblyAISTTService": (r"assemblyai\.com", "assemblyai/stt.py _connect_websocket: push_error(exception=e)"),
    "RimeTTSService": (r"rime\.ai", "rime/tts.py _connect_websocket: push_error(exception=e)"),
    "OpenAIResponsesLLMService": (r"api\.openai\.com/v1/responses", "openai/responses/llm.py _connect_websocket: push_error(exception=e)"),
    "GrokRealtimeLLMService": (r"api\.x\.ai", "xai/realtime/llm.py _connect: push_error(exception=e)"),
}


class InvalidStatus(Exception):
    """What ``websockets.asyncio.client.connect`` raises when the server answers the handshake with
    an HTTP status other than 101 (websockets.exceptions.InvalidStatus: ``response`` holds the
    ``websockets.http11.Response``, whose ``status_code`` pipecat reads)."""

    def __init__(self, status_code: int, reason: str):
        super().__init__(f"server rejected WebSocket connection: HTTP {status_code}")
        self.response = types.SimpleNamespace(status_code=status_code, reason_phrase=reason, headers={}, body=b"")


class SimliHTTPError(Exception):
    """An HTTP error of the Simli API as the SDK is assumed to raise it (``status_code`` 401)."""

    def __init__(self, status_code: int):
        super().__init__(f"Simli API answered HTTP {status_code}")
        self.status_code = status_code


class Rejection:
    """Refuse one role's vendor for the session; remembers when it refused."""

    def __init__(self, reject: dict, probe):
        self.role = reject["role"]
        self.variable = reject["variable"]
        self.probe = probe
        self.at: float | None = None
        self.vendor: str | None = None
        self._undo: list = []  # what uninstall() restores, latest first

    def refused(self, vendor: str) -> None:
        if self.at is None:
            self.at = time.monotonic()
            self.vendor = vendor
            self.probe.step(f"{vendor} refused the credentials (HTTP 401)")

    def install(self, script) -> None:
        """Leave the role's service unscripted (``script.patch_pipeline`` skips it) and make its
        vendor refuse."""
        from pipecat.services.llm_service import LLMService
        from pipecat.services.stt_service import STTService
        from pipecat.services.tts_service import TTSService

        kinds = {"stt": STTService, "tts": TTSService, "llm": LLMService, "realtime": LLMService}
        kind = kinds.get(self.role)
        original = script.patch_pipeline

        def patch_pipeline(processors):
            kept = [p for p in processors if not (kind and isinstance(p, kind))]
            for p in processors:
                if p not in kept:
                    self.probe.processors.append(p)
                    script.patched.append(f"rejecting:{type(p).__name__}")
            original(kept)

        script.patch_pipeline = patch_pipeline

        from websockets.asyncio import client as ws_client

        saved = dict(ws_client.SERVERS)
        self._undo.append(lambda: (ws_client.SERVERS.clear(), ws_client.SERVERS.update(saved)))
        for name, (pattern, _source) in WEBSOCKET_VENDORS.items():

            def refuse(connection, _name=name):
                self.refused(_name)
                raise InvalidStatus(401, "Unauthorized")

            # First in the table, so a scripted server for the same URL does not answer instead.
            rest = dict(ws_client.SERVERS)
            ws_client.SERVERS.clear()
            ws_client.SERVERS[pattern] = (refuse, _source)
            ws_client.SERVERS.update(rest)

        if self.role == "video":
            import simli

            async def start(client):
                self.refused("SimliClient")
                raise SimliHTTPError(401)

            original_start = simli.SimliClient.start
            self._undo.append(lambda: setattr(simli.SimliClient, "start", original_start))
            simli.SimliClient.start = start

    def uninstall(self) -> None:
        """Let the vendors answer again (the next session of the process is an ordinary one)."""
        while self._undo:
            self._undo.pop()()

    async def wait_refused(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.at is None and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return self.at is not None

    def named(self, messages: list[str]) -> int:
        """How many log lines say the service can no longer do its job and name the variable."""
        pattern = re.compile(r"can no longer do its job \(.*\): check .*\b" + re.escape(self.variable) + r"\b")
        return sum(1 for m in messages if pattern.search(m))


async def run_rejected(session, bot, driver, rejection: Rejection) -> None:
    """The session of a refused vendor: start ``bot()``, connect the client, wait for the refusal,
    then for the session to end within :data:`END_BOUND` (stretched) seconds of it. Problems go to
    ``session.problems``."""
    from .probe import slack

    probe = session.probe
    args = await driver.runner_args()
    task = asyncio.create_task(bot.bot(args))
    await asyncio.sleep(0.05)
    await driver.connect()
    probe.step("client connected")
    if session.session["call"] == "web":
        await driver.client_ready()
    bound = END_BOUND * slack()
    try:
        if not await rejection.wait_refused(4 * bound):
            session.problems.append(f"the {rejection.role} vendor was never asked to connect (no refusal within {4 * bound:.0f} s)")
        else:
            left = bound - (time.monotonic() - rejection.at)
            try:
                await asyncio.wait_for(asyncio.shield(task), max(left, 0.01))
                probe.step(f"the session ended {time.monotonic() - rejection.at:.2f} s after the refusal")
            except asyncio.TimeoutError:
                session.problems.append(f"the session was still up {bound:.1f} s after {rejection.vendor} refused the credentials")
    finally:
        if not task.done():
            await driver.hang_up()
            task.cancel()
            try:
                await asyncio.wait_for(task, 5)
            except BaseException:
                pass
    if task.done() and not task.cancelled() and task.exception() is not None:
        e = task.exception()
        session.problems.append(f"bot() raised {type(e).__name__}: {e}")
    messages = [m for _, _, m, _ in probe.logs]
    lines = rejection.named(messages)
    if lines != 1:
        session.problems.append(f"{lines} log lines (not one) say the service can no longer do its job and name {rejection.variable}")
