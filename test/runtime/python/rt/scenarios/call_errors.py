"""The error paths of Daily calls: what the thin scenario modules beside this one play.

A generated bot with a Daily dial-in transport (Daily PSTN dial-in, Twilio + Daily SIP dial-in)
registers ``on_dialin_error``; one with a Daily dial-out transport (Daily PSTN dial-out, Twilio +
Daily SIP dial-out) places the call from ``on_joined``, retries a failed attempt up to
``MAX_DIALOUT_ATTEMPTS`` (read from the generated bot.py), and ends the session when every attempt
failed or when a call that was answered fails (templates/server/partials/run_bot_body.py.ejs).
The far end is the Daily driver (rt/daily.py) and the ``daily`` stand-in; Daily's side of each
failure is delivered as daily-python delivers it:

- ``dialin-error`` (:func:`run_dialin_error`): the bot joins and routes the held call (PSTN:
  pipecat posts ``/dialin/pinlessCallUpdate``; SIP: the bot forwards the Twilio call), then
  Daily's SIP worker cannot set the call up: ``EventHandler.on_dialin_error(data)`` on the
  client's event thread, which pipecat 1.8 hands to the ``on_dialin_error`` handlers with the same
  dict (transports/daily/transport.py ``DailyTransportClient.on_dialin_error`` ->
  ``DailyTransport._on_dialin_error``, which also logs it at ERROR). Since pipecat PR 5358 (1.8)
  only these server-sourced events reach ``on_dialin_error``; a failed pinlessCallUpdate goes to
  ``on_error``. The caller never joins; the bot must log the error and end the session by itself.
- ``dialout-retry`` (:func:`run_dialout_retry`): the first attempt is refused at once
  (``start_dialout``'s completion carries an error: daily-python >= 0.21 passes Daily's server
  errors to it, and daily-js documents ``TEMPORARILY_NOT_AVAILABLE`` for startDialOut()), the
  second rings and fails (``on_dialout_connected``, then ``on_dialout_error``), the third is
  answered; the callee speaks first, the bot answers, the callee hangs up. With
  ``MAX_DIALOUT_ATTEMPTS`` 2 only the failure by event is played.
- ``dialout-exhausted`` (:func:`run_dialout_exhausted`): every one of the ``MAX_DIALOUT_ATTEMPTS``
  attempts fails (the first refused at once, the others by ``on_dialout_error``); the bot must log
  that it could not place the call and end the session, having dialled exactly that many times.
- ``dialout-dropped`` (:func:`run_dialout_dropped`): the callee answers, then the call fails
  (``on_dialout_error`` for the answered session; the callee's participant leaves the room
  shortly after); the bot must not dial again and must end the session.

Event payloads follow Daily's telephony events (docs.daily.co, daily-js "Telephony events
(SIP/PSTN)": ``dialin-error`` and ``dialout-error`` carry ``sessionId`` and ``errorMsg``,
``dialin-error`` an optional ``type`` ``start-failed`` and ``details.sipEndpoint``), without the
``action``/``callClientId`` keys daily-js adds; the ``errorMsg`` texts are illustrative.
"""

import asyncio
import re
import time
import uuid

from ..daily import CALLEE_NUMBER, CALLEE_SIP_URI, STEP_TIMEOUT
from ..main import END_TIMEOUT, PICK_UP_SECONDS
from ..probe import Probe, slack

#: Seconds within which the bot must have ended the session after the failure that ends it
#: (stretched by ``slack()``), as ``END_TIMEOUT`` after an ordinary hang-up.
END_BOUND = END_TIMEOUT
#: Daily's immediate refusal of a ``start_dialout`` (daily-js startDialOut() errors).
REFUSAL = "TEMPORARILY_NOT_AVAILABLE"
#: Seconds between the dialled phone starting to ring (``on_dialout_connected``) and the failure.
RING_SECONDS = 0.05
#: Seconds between a dropped call's ``on_dialout_error`` and the callee's participant leaving.
DROP_LEAVE_SECONDS = 0.5

#: Records these sessions provoke on purpose: (level, pattern, reason).
DIALIN_ALLOWED = [
    ("ERROR", r"dial-in error: \{", "pipecat logs Daily's dialin-error event itself (transports/daily/transport.py DailyTransport._on_dialin_error)"),
    ("ERROR", r"^Dial-in error: \{", "the generated bot logs the dial-in error before ending the session (run_bot_body.py.ejs on_dialin_error)"),
]
DIALOUT_ALLOWED = [
    ("ERROR", r"dial-out error: \{", "pipecat logs Daily's dialout-error event itself (transports/daily/transport.py DailyTransport._on_dialout_error)"),
    ("WARNING", r"^Dial-out error: \{", "the generated bot logs each failed attempt at WARNING (run_bot_body.py.ejs on_dialout_error)"),
    ("ERROR", rf"^Unable to start dialout: {REFUSAL}$", "pipecat logs a start_dialout that Daily refused at once (transports/daily/transport.py DailyTransport.start_dialout)"),
]
EXHAUSTED_ALLOWED = DIALOUT_ALLOWED + [
    ("ERROR", r"^Could not place the call \(", "the generated bot logs that every attempt failed before ending the session (run_bot_body.py.ejs dialout_failed)"),
]


class _Call:
    """One scenario session of a Daily call: the bot's task and the checks around it."""

    def __init__(self, session, bot, driver):
        self.session = session
        self.bot = bot
        self.driver = driver
        self.probe = session.probe
        self.task: asyncio.Task | None = None

    def problem(self, text: str) -> None:
        self.session.problems.append(text)

    async def start(self, flows: tuple[str, ...]) -> bool:
        if getattr(self.driver, "flow", None) not in flows:
            self.problem(f"scenario {self.session.session.get('scenario')} needs a Daily {' or '.join(flows)} session, not driver {self.session.session['driver']}")
            return False
        args = await self.driver.runner_args()
        self.probe.step(f"runner arguments ready ({type(args).__name__}); bot() starts")
        self.task = asyncio.create_task(self.bot.bot(args))
        await asyncio.sleep(0.05)
        if not await self.driver._until(self.driver.room.bot_joined):
            self.problem(f"the bot did not join the Daily room within {STEP_TIMEOUT:.0f} s")
            return False
        return True

    async def ends_within(self, since: float, what: str) -> bool:
        """Whether the bot's task ended by itself within :data:`END_BOUND` (stretched) of ``since``."""
        bound = END_BOUND * slack()
        try:
            await asyncio.wait_for(asyncio.shield(self.task), max(0.01, bound - (time.monotonic() - since)))
        except asyncio.TimeoutError:
            self.problem(f"the session was still up {bound:.1f} s after {what}")
            return False
        self.probe.step(f"the session ended {time.monotonic() - since:.2f} s after {what}")
        return True

    async def finish(self) -> None:
        """Tear down what is left (the far end, a bot that did not end) and report a crash."""
        task = self.task
        try:
            await self.driver.hang_up()
        except Exception as e:  # noqa: BLE001 - the room may never have opened
            self.probe.step(f"hang-up after the scenario: {type(e).__name__}: {e}")
        if task is None:
            return
        if not task.done():
            task.cancel()
            try:
                await asyncio.wait_for(task, 5)
            except BaseException:  # noqa: BLE001
                pass
        if task.done() and not task.cancelled() and task.exception() is not None:
            e = task.exception()
            self.problem(f"bot() raised {type(e).__name__}: {e}")

    def logged(self, level: str, pattern: str) -> list[str]:
        return [m for lv, _, m, _ in self.probe.logs if lv == level and re.search(pattern, m)]


# -- dial-in --------------------------------------------------------------------------------------


async def run_dialin_error(session, bot, driver, script) -> None:
    call = _Call(session, bot, driver)
    try:
        if not await call.start(("pstn-dialin", "sip-dialin")):
            return
        if driver.flow == "pstn-dialin":
            url = f"{driver.dialin_api_url}/dialin/pinlessCallUpdate"
            if not await driver._until(lambda: driver._requested("POST", url)):
                call.problem("on_dialin_ready fired but nothing posted /dialin/pinlessCallUpdate")
                return
        elif not await driver._until(lambda: driver._calls_since("twilio.rest.Client.calls().update()", "twiml")):
            call.problem("on_dialin_ready fired but the bot did not forward the Twilio call")
            return
        # Daily's SIP worker cannot set the routed call up: nobody joins the room.
        error = "SDP negotiation failed: no common audio codec"
        data = {
            "sessionId": str(uuid.uuid4()),
            "errorMsg": error,
            "type": "start-failed",
            "sipCallId": f"{uuid.uuid4()}@rt-tier",
            "details": {"sipEndpoint": driver.sip_endpoint},
        }
        session.probe.step(f"Daily reports dialin-error {data}")
        at = time.monotonic()
        driver.room.emit("on_dialin_error", data)
        await call.ends_within(at, "Daily reported the dial-in error")
        if not call.logged("ERROR", rf"^Dial-in error: .*{re.escape(error)}"):
            call.problem("the bot did not log the dial-in error (no ERROR line 'Dial-in error: ...' naming Daily's errorMsg)")
    finally:
        await call.finish()


# -- dial-out -------------------------------------------------------------------------------------


class _Dialout(_Call):
    """A dial-out session whose attempts Daily answers by plan: ``refuse`` (``start_dialout``
    returns an error at once), ``fail`` (the phone rings, then ``on_dialout_error``) or ``answer``."""

    def __init__(self, session, bot, driver, plan: list[str]):
        super().__init__(session, bot, driver)
        self.plan = plan
        self.requested: dict | None = None

    def attempts(self) -> list[dict]:
        return [arg for name, arg in list(self.driver.room.calls) if name == "start_dialout"]

    async def start(self, flows=("pstn-dialout", "sip-dialout")) -> bool:
        driver = self.driver
        if getattr(driver, "flow", None) not in flows:
            return await super().start(flows)
        wanted = "phoneNumber" if driver.flow == "pstn-dialout" else "sipUri"
        self.requested = {wanted: CALLEE_NUMBER if wanted == "phoneNumber" else CALLEE_SIP_URI}
        args = await driver.runner_args()
        plan = self.plan
        driver.room.refuse_dialout = lambda n: REFUSAL if n < len(plan) and plan[n] == "refuse" else None
        self.probe.step(f"runner arguments ready; Daily will answer the attempts: {plan}")
        self.task = asyncio.create_task(self.bot.bot(args))
        await asyncio.sleep(0.05)
        if not await driver._until(driver.room.bot_joined):
            self.problem(f"the bot did not join the Daily room within {STEP_TIMEOUT:.0f} s")
            return False
        return True

    async def play_plan(self) -> dict | None:
        """Answer the attempts as planned; the answered attempt's request (None when none was, or
        the bot stopped dialling early). Each failure is delivered once the bot's attempt reached
        Daily."""
        room = self.driver.room
        placed = 0  # attempts Daily accepted (room.dialouts)
        for k, action in enumerate(self.plan):
            if not await self.driver._until(lambda: len(self.attempts()) > k, STEP_TIMEOUT * slack()):
                self.problem(f"the bot made {len(self.attempts())} start_dialout calls; attempt {k + 1} never came (Daily answered the attempts {self.plan[:k]})")
                return None
            settings = self.attempts()[k]
            if {key: settings.get(key) for key in self.requested} != self.requested:
                self.problem(f"attempt {k + 1} dialled {settings}, not the requested {self.requested}")
            if action == "refuse":
                self.probe.step(f"attempt {k + 1}: Daily refused start_dialout ({REFUSAL})")
                continue
            placed += 1
            if not await self.driver._until(lambda: len(room.dialouts) >= placed):
                self.problem(f"attempt {k + 1} was not placed with Daily")
                return None
            request = room.dialouts[placed - 1]
            destination = next(iter(self.requested.values()))
            if action == "answer":
                await self.answer(request, destination)
                return request
            # The phone rings, then Daily's dial-out worker gives up on it.
            room.emit("on_dialout_connected", {"sessionId": request["session_id"], "destination": destination})
            await asyncio.sleep(RING_SECONDS)
            data = {"sessionId": request["session_id"], "errorMsg": "Dial-out failed: SIP 480 Temporarily Unavailable"}
            self.probe.step(f"attempt {k + 1}: Daily reports dialout-error {data}")
            room.emit("on_dialout_error", data)
        return None

    async def answer(self, request: dict, destination: str) -> None:
        """The callee picks up (as rt/daily.py ``DailyDriver._dialout``)."""
        driver, room = self.driver, self.driver.room
        session_id = driver._dialout_session = request["session_id"]
        room.emit("on_dialout_connected", {"sessionId": session_id, "destination": destination})
        await asyncio.sleep(RING_SECONDS)
        driver.participant = room.add_participant(destination, driver.input_rate, kind="dialout", session_id=session_id)
        room.emit("on_dialout_answered", {"sessionId": session_id, "destination": destination})
        self.probe.step("the callee answered")

    def check_attempts(self, expected: int, why: str) -> None:
        made = self.attempts()
        if len(made) != expected:
            self.problem(f"the bot made {len(made)} start_dialout calls, not {expected} ({why})")


def max_attempts(call: _Call) -> int | None:
    bound = getattr(call.bot, "MAX_DIALOUT_ATTEMPTS", None)
    if not isinstance(bound, int) or bound < 1:
        call.problem(f"bot.py has no usable MAX_DIALOUT_ATTEMPTS ({bound!r})")
        return None
    return bound


async def run_dialout_retry(session, bot, driver, script) -> None:
    bound = getattr(bot, "MAX_DIALOUT_ATTEMPTS", None)
    plan = ["refuse", "fail", "answer"] if isinstance(bound, int) and bound >= 3 else ["fail", "answer"]
    call = _Dialout(session, bot, driver, plan)
    probe = session.probe
    try:
        if max_attempts(call) is None:
            return
        if bound < 2:
            call.problem(f"MAX_DIALOUT_ATTEMPTS is {bound}: a failed attempt is never retried")
            return
        if not await call.start() or await call.play_plan() is None:
            return
        # The callee picks up, then says hello (rt/main.py's dial-out conversation).
        await asyncio.sleep(PICK_UP_SECONDS)
        probe.step("the callee speaks")
        await driver.speak(Probe.user_audio(driver.input_rate), Probe.speech_chunks())
        if not await probe.wait_bot_spoke(1):
            call.problem(f"the bot did not answer the callee (TTS requests {probe.tts_requests}, transcripts {probe.transcripts}, LLM requests {probe.llm_requests})")
        probe.step("hang-up")
        await driver.hang_up()
        await call.ends_within(time.monotonic(), "the callee hung up")
        call.check_attempts(len(plan), f"Daily answered {plan}")
    finally:
        await call.finish()


async def run_dialout_exhausted(session, bot, driver, script) -> None:
    bound = getattr(bot, "MAX_DIALOUT_ATTEMPTS", None)
    plan = (["refuse"] + ["fail"] * (bound - 1)) if isinstance(bound, int) and bound >= 2 else ["fail"]
    call = _Dialout(session, bot, driver, plan)
    try:
        if max_attempts(call) is None or not await call.start():
            return
        await call.play_plan()
        if len(call.attempts()) < len(plan):
            return  # play_plan reported it
        at = time.monotonic()
        await call.ends_within(at, f"the last of {bound} attempts failed")
        call.check_attempts(bound, f"MAX_DIALOUT_ATTEMPTS is {bound} in bot.py and every attempt failed")
        if len(call.logged("ERROR", r"^Could not place the call \(")) != 1:
            call.problem("the bot did not log (once, at ERROR) that it could not place the call")
    finally:
        await call.finish()


async def run_dialout_dropped(session, bot, driver, script) -> None:
    call = _Dialout(session, bot, driver, ["answer"])
    try:
        if not await call.start():
            return
        request = await call.play_plan()
        if request is None:
            return
        await asyncio.sleep(PICK_UP_SECONDS)
        # The answered call fails: Daily reports it, then the callee's leg leaves the room.
        data = {"sessionId": request["session_id"], "errorMsg": "Dial-out failed: media connection lost"}
        session.probe.step(f"the answered call drops: dialout-error {data}")
        at = time.monotonic()
        driver.room.emit("on_dialout_error", data)
        await asyncio.sleep(DROP_LEAVE_SECONDS)
        participant, driver.participant = driver.participant, None
        if participant is not None:
            driver.room.remove_participant(participant)
        await call.ends_within(at, "the answered call dropped")
        call.check_attempts(1, "a call that was answered and dropped must not be dialled again: that calls the person twice")
    finally:
        await call.finish()
