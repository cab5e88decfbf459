"""Run scripted sessions of one generated project on pipecat's own code; one JSON line per session.

Usage: ``python3 -m rt.main SPEC.json`` with ``test/runtime/python`` and ``standins`` on the path
(``test/runtime/run.ts`` builds the command). The spec (written by the Node runner from the
catalogue) is::

    {"project": "/abs/project", "pipecat_src": "/abs/src or null", "mode": "cascade|realtime",
     "tts_rates": {"rates": [...], "fixed": bool, "source": "..."} | null,
     "features": {"transcription": bool, "recording": bool, "avatar": bool,
                  "noisecancel": bool, "observability": bool, "video_input": bool},
     "sessions": [{"transport": "twilio", "driver": "twilio", "call": "phone"}, ...],
     "variants": ["required", "all"], "deprecations": true,
     "reject": {"role": "tts", "variable": "RIME_API_KEY"}}  # both optional

With ``deprecations``, the server's Python files are also read against pipecat's deprecation
registry by the product's reader (:func:`deprecation_check`), reported as one more result. With ``reject``, each session is
instead one whose vendor refuses the credentials (rt/reject.py).

Each session: environment from ``server/.env.example`` (``required``: only the variables marked
required, with ENV unset as on Pipecat Cloud; ``all``: every variable, with ENV=local as the
development runner sets it), ``bot(runner_args)`` with the driver's runner arguments, the client
connects (a web client also sends RTVI client-ready), the bot greets (not for dial-out, where the
callee speaks first: a bot that produced audio before the callee spoke fails), the scripted user speaks, the bot answers, the client hangs up, and the
session must end by itself within :data:`END_TIMEOUT` seconds. An ``eval`` session instead runs
the project's eval scenarios through pipecat's own eval harness (rt/evals.py), the last one
ending the bot as ``--stop-bot`` does.

A session fails on: an exception; a pipecat log at WARNING or above, or a Python warning (a
coroutine never awaited included: the session's garbage is collected before its result), not in
:data:`ALLOWED` (each entry carries its reason); a task whose exception was never retrieved; no greeting or answer; audio on the wire whose
duration differs from what the TTS stand-in produced by more than 10%; a session that does not
end; a feature that left no trace (transcription lines, a recording; noise cancellation,
observability and video input as rt/traces.py says).
"""

import asyncio
import importlib
import json
import os
import re
import sys
import tempfile
import time
import traceback
import uuid
import warnings
import wave

END_TIMEOUT = 5.0
#: Seconds between a dial-out callee answering and saying hello.
PICK_UP_SECONDS = 0.8


def log_dir() -> str:
    """Where failed sessions leave their flight recorder: ``PIPECAT_RT_LOG_DIR``, by default
    ``pipecat-rt-logs`` in the system's temporary folder."""
    return os.environ.get("PIPECAT_RT_LOG_DIR") or os.path.join(tempfile.gettempdir(), "pipecat-rt-logs")

#: (level, pattern, reason): log records and warnings that do not fail a session.
ALLOWED = [
    ("WARNING", r"'audioop' is deprecated", "pipecat imports audioop on Python < 3.13 by design (its pyproject installs audioop-lts only from 3.13)"),
    ("WARNING", r"DeprecationWarning: `AudioContextTTSService` is deprecated", "raised when pipecat/services/tts_service.py defines AudioContextWordTTSService, at import, for any TTS"),
    ("WARNING", r"STTService#\d+: ttfs_p99_latency not set, using default", "pipecat 1.7 ships no ttfs_p99_latency default for some STT services (the SageMaker Flux service even lacks the supports_ttfs() = False override DeepgramFluxSTTService has); the 1.0 s default applies, as it would for the user"),
    ("WARNING", r"ResourceWarning: unclosed file <_io.BufferedReader name='[^']*/pipecat/services/aws/nova_sonic/ready\.wav'>", "pipecat 1.7 and 1.8 defect: AWSNovaSonicLLMService reads ready.wav with wave.open(path.open('rb')), which never closes the file (services/aws/nova_sonic/llm.py)"),
    ("WARNING", r"^Media stream error while reading the (audio|video); clearing track\.$", "pipecat logs it at every browser hang-up: the peer's shutdown ends aiortc's remote tracks while pipecat reads them (transports/smallwebrtc/transport.py read_audio_frame/read_video_frame; pipecat issue #4490)"),
    ("WARNING", r"DeprecationWarning: The `language` parameter is deprecated\. Use `settings=LmntTTSService\.Settings", "pipecat 1.7 defect: LmntTTSService defaults its deprecated `language` argument to Language.EN and warns whenever it is not None, so every construction warns (services/lmnt/tts.py); passing language=None would trip the catalogue's no-deprecated-keyword rule"),
    ("WARNING", r"is not emitting turn frames \(UserStartedSpeakingFrame", "pipecat warns once per realtime service whose turns are not provider-driven, even when the aggregator has the local VAD it recommends (generated bots set vad_analyzer in LLMUserAggregatorParams)"),
    ("WARNING", r"DeprecationWarning: `SpeechTimeoutUserTurnStopStrategy` overrides `reset`", "raised when pipecat/turns/user_stop/speech_timeout_user_turn_stop_strategy.py defines the class, at import"),
]


def parse_env_example(path: str) -> list[dict]:
    """Variables of ``.env.example``: name, required (its comment ends in "(required)"), optional
    (its comment ends in "(optional)"; such a line is commented out, ``# NAME=``), example value, the
    comment's "e.g." value, whether the comment asks for a UUID, and whether it is commented out (an
    optional variable, or one the runner or platform sets)."""
    out = []
    comment = ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$", line)
            if m:
                hint = re.search(r"e\.g\. ([^\s,;)]+)", comment)
                out.append({
                    "name": m.group(2),
                    "value": m.group(3),
                    "hint": hint.group(1).rstrip(".") if hint else "",
                    "required": comment.rstrip().endswith("(required)"),
                    "optional": comment.rstrip().endswith("(optional)"),
                    "uuid": bool(re.search(r"\bUUID\b", comment)),
                    "commented": bool(m.group(1)),
                })
                comment = ""
            elif line.startswith("#"):
                comment = line
    return out


def platform_environment(server: str, work: str) -> dict[str, str]:
    """What Pipecat Cloud's base image adds to a deployed agent's environment.

    With ``[krisp_viva]`` in ``pcc-deploy.toml`` the platform provides the Krisp VIVA SDK and the
    model it selects (docs.pipecat.ai, Pipecat Cloud guide "Krisp VIVA"), which pipecat's
    ``KrispVivaFilter`` finds through ``KRISP_VIVA_FILTER_MODEL_PATH`` (a ``.kef`` file,
    pipecat/audio/filters/krisp_viva_filter.py). The SDK itself is a recording fake here.
    """
    import tomllib

    env = {}
    path = os.path.join(server, "pcc-deploy.toml")
    if os.path.isfile(path):
        with open(path, "rb") as f:
            deploy = tomllib.load(f)
        filter_name = (deploy.get("krisp_viva") or {}).get("audio_filter")
        if filter_name:
            model = os.path.join(work, f"krisp-viva-{filter_name}.kef")
            open(model, "wb").close()
            env["KRISP_VIVA_FILTER_MODEL_PATH"] = model
    return env


_SERVICE_ACCOUNT: list[str] = []


def service_account_json() -> str:
    """A realistic Google service-account key as the console downloads it (JSON, ``type``
    ``service_account``, a freshly generated 2048-bit RSA ``private_key`` in PKCS#8 PEM with its
    newlines, ``client_email``, ``token_uri`` …); generated once per process with ``openssl``.
    Never printed: the stand-in ``google.oauth2.service_account`` parses it as google-auth does."""
    if not _SERVICE_ACCOUNT:
        import subprocess

        pem = subprocess.run(
            ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"],
            check=True, capture_output=True, text=True,
        ).stdout
        email = "rt-bot@rt-project.iam.gserviceaccount.com"
        _SERVICE_ACCOUNT.append(json.dumps({
            "type": "service_account",
            "project_id": "rt-project",
            "private_key_id": uuid.uuid4().hex,
            "private_key": pem,
            "client_email": email,
            "client_id": "100000000000000000001",
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
            "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
            "client_x509_cert_url": f"https://www.googleapis.com/robot/v1/metadata/x509/{email.replace('@', '%40')}",
            "universe_domain": "googleapis.com",
        }, indent=2))
    return _SERVICE_ACCOUNT[0]


def _key_file() -> str:
    """A service-account key file (:func:`service_account_json`) in the session's folder; its path."""
    path = os.path.abspath("rt-service-account.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(service_account_json())
    return path


#: Variables whose value must be real for the vendor's own library to accept it: name -> the value
#: a user following the README gives (the key JSON itself; a key file's path).
def _twilio(name: str):
    def value() -> str:
        from _vendors import twilio

        return getattr(twilio, name)

    return value


REAL_VALUES = {
    "GOOGLE_CREDENTIALS": service_account_json,
    "GOOGLE_APPLICATION_CREDENTIALS": _key_file,
    # The account that owns the call the telephony driver places (standins/_vendors/twilio.py).
    "TWILIO_ACCOUNT_SID": _twilio("ACCOUNT_SID"),
    "TWILIO_AUTH_TOKEN": _twilio("AUTH_TOKEN"),
}


def environment(variables: list[dict], variant: str, platform: dict[str, str]) -> dict[str, str]:
    """The session's environment: ``required`` (Pipecat Cloud: required variables, the platform's
    own, ENV unset) or ``all`` (the development runner: every variable, ENV=local). A variable in
    :data:`REAL_VALUES` that the variant sets gets its real value."""
    env = dict(platform) if variant == "required" else {}
    for v in variables:
        # Commented-out lines other than optional ones are set by the runner or platform.
        if v["commented"] and not v["optional"]:
            continue
        if variant == "required" and not v["required"]:
            continue
        if v["name"] in REAL_VALUES:
            env[v["name"]] = REAL_VALUES[v["name"]]()
            continue
        # A placeholder, else the comment's "e.g." value (a real model or voice name), else a dummy
        # (a UUID where the comment asks for one, as a user following it would enter).
        dummy = str(uuid.uuid5(uuid.NAMESPACE_URL, f"rt:{v['name']}")) if v.get("uuid") else f"rt-{v['name'].lower().replace('_', '-')}"
        env[v["name"]] = v["value"] or v["hint"] or dummy
    if variant == "all":
        env["ENV"] = "local"
    return env


class Session:
    def __init__(self, spec: dict, session: dict, variant: str, variables: list[dict]):
        from .probe import Probe

        self.spec = spec
        self.session = session
        self.variant = variant
        self.variables = variables
        self.name = f"{session['transport']}/{variant}" + (f":{session['scenario']}" if session.get("scenario") else "")
        self.probe = Probe(self.name)
        self.problems: list[str] = []
        from .handlers import HandlerLedger

        self.handlers = HandlerLedger()

    def driver(self):
        from .telephony import TelephonyDriver

        kind = self.session["driver"]
        if kind in ("twilio", "telnyx", "plivo", "exotel"):
            return TelephonyDriver(kind, self.session["call"], self.probe)
        if kind == "webrtc":
            from .webrtc import WebRTCDriver

            return WebRTCDriver(self.session["call"], self.probe)
        if kind == "websocket":
            from .websocket import WebSocketDriver

            return WebSocketDriver(self.session["call"], self.probe)
        if kind.startswith("daily"):
            from .daily import DailyDriver

            return DailyDriver(kind, self.session["call"], self.probe, self.spec)
        if kind == "eval":
            from .evals import EvalDriver

            return EvalDriver(self.session["call"], self.probe, self.spec, disconnect=self.variant == "all")
        raise ValueError(f"no driver for {kind}")

    async def run(self) -> dict:
        from .probe import SPEECH_SECONDS, Probe, slack
        from .services import Script

        started = time.monotonic()
        probe = self.probe
        # Bot video must reach the client when a video service (avatar) produces it; without one,
        # video output is an empty track until the user adds a source (as pipecat's template).
        probe.expect_video = bool(self.spec.get("features", {}).get("avatar"))
        platform = platform_environment(os.path.join(self.spec["project"], "server"), os.getcwd())
        env_names = {v["name"] for v in self.variables} | {"ENV"} | set(platform)
        for name in env_names:
            os.environ.pop(name, None)
        os.environ.update(environment(self.variables, self.variant, platform))

        for mod in ("bot", "server_utils", "server"):
            sys.modules.pop(mod, None)
        bot = importlib.import_module("bot")

        script = Script(probe, self.spec.get("tts_rates"), self.spec["mode"])
        _install_script(script)
        from . import handlers

        handlers.install(self.handlers)
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _l, ctx: self.problems.append(f"asyncio: {ctx.get('message')} {ctx.get('exception')!r}"))

        driver = self.driver()
        call = self.session["call"]
        task = None
        monitor = asyncio.ensure_future(probe.monitor())
        # A spec-level ``reject`` makes every session one whose vendor refuses (rt/scenarios/rejected.py).
        scenario = _scenario(self.session.get("scenario") or ("rejected" if self.spec.get("reject") else None))
        if scenario is not None:
            # A scripted session other than the conversation (rt/scenarios/__init__.py).
            try:
                await scenario.run(self, bot, driver, script)
            except BaseException as e:  # noqa: BLE001 - every failure is a finding
                self.problems.append(f"exception: {type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}")
            monitor.cancel()
            if getattr(scenario, "CHECK_LOGS", True):
                self._check_logs(getattr(scenario, "ALLOWED", []))
            if getattr(scenario, "CHECK_AUDIO", True):
                self._check_audio()
            if getattr(scenario, "CHECK_FEATURES", True):
                self._check_features()
            if getattr(scenario, "CHECK_NOTES", True):
                self.problems.extend(n for n in probe.notes if n.startswith("problem:"))
            return self._result(started, script)
        from .traces import Traces

        traces = Traces(self.spec, self.session, self.variant)
        try:
            args = await driver.runner_args()
            probe.step(f"runner arguments ready ({type(args).__name__}); bot() starts")
            task = asyncio.create_task(bot.bot(args))
            await asyncio.sleep(0.05)
            await driver.connect()
            probe.step("client connected")
            expected = 0
            callee_done = None
            if call == "eval":
                # pipecat's eval harness plays the generated scenarios (rt/evals.py).
                self.problems.extend(await driver.play())
            if call == "web":
                await driver.client_ready()
                probe.step("RTVI client-ready sent")
            if call in ("web", "phone"):
                expected = 1
                probe.step(f"waiting for the greeting (slack {slack():.2f})")
                if not await probe.wait_bot_spoke(1):
                    self.problems.append(
                        f"the bot did not greet (TTS requests {probe.tts_requests}, LLM requests {probe.llm_requests}, "
                        f"{probe.tts_seconds:.2f} s of TTS audio, {probe.sent_seconds:.2f} s on the wire)"
                    )
            if call == "dialout":
                # The callee picks up, then says hello: a phone line carries audio from the answer
                # on, and pipecat 1.8's VAD measures volume over 0.4 s of it (audio/volume.py
                # VOLUME_WINDOW_SECS) before it can hear anyone.
                await asyncio.sleep(PICK_UP_SECONDS)
                # The callee's "Hello?" (the scripted user's first utterance) ends at this time.
                callee_done = time.monotonic() + SPEECH_SECONDS
            if call != "eval" and not task.done() and not self.problems:
                probe.step("the user speaks")
                await driver.speak(Probe.user_audio(driver.input_rate), Probe.speech_chunks())
                expected += 1
                probe.step(f"the user's audio has gone out; waiting for the answer (slack {slack():.2f})")
                if not await probe.wait_bot_spoke(expected):
                    self.problems.append(f"the bot did not answer the user (TTS requests {probe.tts_requests}, transcripts {probe.transcripts}, LLM requests {probe.llm_requests})")
            if callee_done is not None and probe.first_tts is not None and probe.first_tts < callee_done:
                # Who speaks first: on a call the bot places, the callee does ("Hello?"). A bot that
                # greets into the ringing line, or while the callee talks, talks over them.
                self.problems.append(
                    f"the bot spoke before the callee finished their first words on a call it placed "
                    f"(its first audio came {callee_done - probe.first_tts:.2f} s before the callee's hello ended)"
                )
            probe.step("hang-up")
            await driver.hang_up()
            try:
                end_timeout = END_TIMEOUT * slack()
                await asyncio.wait_for(asyncio.shield(task), end_timeout)
            except asyncio.TimeoutError:
                self.problems.append(f"the session did not end within {end_timeout:.0f} s of the hang-up")
                task.cancel()
                try:
                    await asyncio.wait_for(task, 2)
                except BaseException:
                    pass
        except BaseException as e:  # noqa: BLE001 - every failure is a finding
            self.problems.append(f"exception: {type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}")
        if task is not None and task.done() and not task.cancelled() and task.exception() is not None:
            e = task.exception()
            self.problems.append(f"bot() raised {type(e).__name__}: {e}\n" + "".join(traceback.format_exception(e, limit=8)))
        monitor.cancel()
        self._check_logs()
        self._check_audio()
        self._check_features()
        self.problems.extend(traces.problems())
        self.problems.extend(n for n in probe.notes if n.startswith("problem:"))
        return self._result(started, script)

    def _result(self, started: float, script) -> dict:
        probe = self.probe
        self._collect_garbage()
        log = None
        if self.problems:
            log = self._write_trail()
        return {
            "project": os.path.basename(self.spec["project"]),
            "session": self.name,
            "ok": not self.problems,
            "problems": self.problems,
            "tts_s": round(probe.tts_seconds, 3),
            "sent_s": round(probe.sent_seconds, 3),
            "tts_requests": probe.tts_requests,
            "patched": script.patched,
            "secs": round(time.monotonic() - started, 2),
            "log": log,
            "backlog": {"frames": probe.backlog[0], "processor": probe.backlog[1], "thread_ms": round(probe.max_hop * 1000)},
            "handlers": self.handlers.as_result(),
        }

    def _collect_garbage(self) -> None:
        """Collect the session's garbage now, so what Python reports only when an object is freed
        fails this session and no later one: a coroutine never awaited (a RuntimeWarning, through
        the warnings hook: a WARNING record) and a task whose exception was never retrieved (the
        event loop's exception handler). Both are checked again afterwards."""
        import gc

        before = len(self.probe.logs)
        gc.collect()
        for level, number, message, name in self.probe.logs[before:]:
            if number >= 30 and not any(level == lv and re.search(p, message) for lv, p, _ in ALLOWED):
                self.problems.append(f"{level} from {name} (at the end of the session): {message.splitlines()[0][:300]}")

    def _write_trail(self) -> str | None:
        """Write the failed session's flight recorder (rt/probe.py) to :func:`log_dir`; its path,
        or None when the folder cannot be written."""
        self.probe.step("problems: " + " | ".join(p.splitlines()[0] for p in self.problems))
        for note in self.probe.notes:
            self.probe.step(f"note: {note}")
        name = f"{os.path.basename(self.spec['project'])}-{self.name.replace('/', '-')}.log"
        try:
            os.makedirs(log_dir(), exist_ok=True)
            path = os.path.join(log_dir(), name)
            self.probe.write_trail(path)
            return path
        except OSError:
            return None

    def _check_logs(self, expected: list = ()) -> None:
        """Fail on every record at WARNING or above that neither :data:`ALLOWED` nor ``expected``
        (a scenario's own ``(level, pattern, reason)`` entries) explains."""
        allowed = [*ALLOWED, *expected]
        for level, number, message, name in self.probe.logs:
            if number < 30:
                continue
            if any(level == lv and re.search(p, message) for lv, p, _ in allowed):
                continue
            self.problems.append(f"{level} from {name}: {message.splitlines()[0][:300]}")

    def _check_audio(self) -> None:
        from .probe import TOLERANCE

        p = self.probe
        if p.tts_seconds <= 0:
            return
        if abs(p.sent_seconds - p.tts_seconds) > TOLERANCE * p.tts_seconds:
            self.problems.append(
                f"audio on the wire lasted {p.sent_seconds:.2f} s but the TTS produced {p.tts_seconds:.2f} s (more than 10% apart: a sample rate is mislabelled)"
            )

    def _check_features(self) -> None:
        from .probe import USER_TEXT

        features = self.spec.get("features", {})
        messages = [m for _, _, m, _ in self.probe.logs]
        if features.get("transcription"):
            if not any(f"Transcript: user: {USER_TEXT}" in m for m in messages):
                self.problems.append("transcription is on but no 'Transcript: user:' line was logged")
            if not any("Transcript: assistant:" in m for m in messages):
                self.problems.append("transcription is on but no 'Transcript: assistant:' line was logged")
        if features.get("recording"):
            folder = os.path.join(os.getcwd(), "recordings")
            wavs = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
            if not wavs:
                self.problems.append("recording is on but no WAV was written to recordings/")
            else:
                with wave.open(os.path.join(folder, wavs[-1])) as w:
                    if w.getnframes() == 0:
                        self.problems.append("recording is on but the WAV is empty")
                for f in wavs:
                    os.remove(os.path.join(folder, f))


def _scenario(name: str | None):
    """The module of a named scenario (``barge-in`` -> ``rt.scenarios.barge_in``), or None."""
    if not name:
        return None
    return importlib.import_module(f"rt.scenarios.{name.replace('-', '_')}")


_current_script = None


def _install_script(script) -> None:
    """Route PipelineWorker construction through the session's Script (patched once)."""
    global _current_script
    _current_script = script
    from pipecat.pipeline.worker import PipelineWorker

    if getattr(PipelineWorker, "_rt_patched", False):
        return
    original = PipelineWorker.__init__

    def __init__(self, pipeline, *args, **kwargs):
        if _current_script is not None:
            _current_script.patch_pipeline(pipeline.processors)
        original(self, pipeline, *args, **kwargs)

    PipelineWorker.__init__ = __init__
    PipelineWorker._rt_patched = True


def main() -> int:
    spec = json.load(open(sys.argv[1], encoding="utf-8"))
    server = os.path.join(spec["project"], "server")
    sys.path.insert(0, server)
    variables = parse_env_example(os.path.join(server, ".env.example"))

    from rt import assets

    assets.install()  # package data the source mirror lacks (Nova Sonic's ready.wav)

    import loguru

    current: list = [None]
    early: list[tuple[str, int, str, str]] = []

    def sink(level, number, message, name):
        (current[0].probe.log if current[0] else lambda *a: early.append(a))(level, number, message, name)

    loguru.add_sink(sink)
    warnings.simplefilter("always")

    def showwarning(message, category, filename, lineno, file=None, line=None):
        sink("WARNING", 30, f"{category.__name__}: {message} ({filename}:{lineno})", "python-warnings")

    warnings.showwarning = showwarning

    work = tempfile.mkdtemp(prefix="rt-session-")
    os.chdir(work)
    # One event loop for every session of the process, as a runner process has: objects pipecat
    # keeps between sessions (class-level caches, module state) stay on the loop they were made on.
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    failed = 0
    for variant in spec.get("variants", ["required", "all"]):
        for s in spec["sessions"]:
            if s.get("variant") and s["variant"] != variant:
                continue
            session = Session(spec, s, variant, variables)
            current[0] = session
            for record in early:
                session.probe.log(*record)
            early.clear()
            try:
                result = loop.run_until_complete(session.run())
            except BaseException as e:  # noqa: BLE001
                result = {"project": os.path.basename(spec["project"]), "session": session.name, "ok": False, "problems": [f"harness: {type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}"]}
            current[0] = None
            failed += 0 if result["ok"] else 1
            print(json.dumps(result), flush=True)
    result = deprecation_check(spec["project"]) if spec.get("deprecations") else None
    if result:
        failed += 0 if result["ok"] else 1
        print(json.dumps(result), flush=True)
    return 1 if failed else 0


def deprecation_check(project: str) -> dict | None:
    """The generated server's Python files against pipecat's deprecation registry, read by the
    product's own reader (``python/pipecat_reader.py`` with the registry shipped in
    ``python/pipecat-data.json``), as one more result line (session ``deprecations``)."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
    product = os.path.join(repo, "python")
    if product not in sys.path:
        sys.path.insert(0, product)
    sys.dont_write_bytecode = True  # the package folder python/ stays free of __pycache__
    from pipecat_deprecations import deprecation_line
    from pipecat_reader import read

    with open(os.path.join(product, "pipecat-data.json"), encoding="utf-8") as f:
        data = json.load(f)
    server = os.path.join(project, "server")
    files = {}
    for name in sorted(os.listdir(server)):
        if name.endswith(".py"):
            with open(os.path.join(server, name), encoding="utf-8") as f:
                files[f"server/{name}"] = f.read()
    reading = read(files, data)
    if not isinstance(reading, dict) or not isinstance(reading.get("files"), list):  # a fake (_autofake.REAL lacks it)
        return {"project": os.path.basename(project), "session": "deprecations", "ok": False, "problems": [f"the product reader did not run: {read!r}"]}
    problems = [f"{f['path']}: {f['error']['message']} (line {f['error']['line']})" for f in reading["files"] if "error" in f]
    problems += [deprecation_line(u) for u in reading["deprecations"]]
    return {"project": os.path.basename(project), "session": "deprecations", "ok": not problems, "problems": problems}


if __name__ == "__main__":
    sys.exit(main())
