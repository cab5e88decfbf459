"""The eval driver: pipecat's own eval harness (what ``pipecat eval run`` runs) against ``-t eval``.

``bot(runner_args)`` gets the runner arguments pipecat's development runner builds for
``uv run bot.py -t eval`` (pipecat/runner/run.py ``_run_eval``): ``EvalRunnerArguments(host, port,
session_id)`` with ``handle_sigint`` set and the parsed command line as ``cli_args``. The bot's
``create_transport`` then builds pipecat's ``EvalTransport`` (runner/utils.py), whose WebSocket
server listens in-process through the websockets stand-in (standins/websockets/asyncio/server.py).

Once it listens, every scenario the project generated in ``server/evals/`` is loaded with
``EvalScenario.load`` and run, text ones first, by ``EvalSession`` (pipecat/evals/harness.py), the
class ``pipecat eval run`` drives, against that one bot (the bot stays up between scenarios, as
with ``pipecat eval run evals/*.yaml``); the last one ends with ``eval-cancel`` (``--stop-bot``), or
in the ``all`` variant with a disconnect the eval transport reports to the bot
(``--trigger-disconnect``: the bot's own ``on_client_disconnected`` handler ends it), so ``bot()``
must then return. Only what would download models or call a judge LLM is injected, through
``EvalSession``'s own parameters:

- speech (Kokoro): :class:`ScriptedSpeech` answers every user line with the scripted user's speech
  (:data:`SPEECH_SECONDS` of tone at the scenario's rate) and counts it as said once it has played,
  so the STT stand-in transcribes it (rt/services.py);
- transcription (Moonshine): :class:`ScriptedTranscriber` hears :data:`BOT_TEXT` in the bot's audio
  when it holds most of one answer of the TTS stand-in (not less than half, not more), and nothing
  otherwise;
- judge (Ollama): pipecat's ``EvalJudge`` over :class:`JudgeLLM`, which says yes only when the reply
  under judgement is :data:`BOT_TEXT`, what the LLM or realtime stand-in answered.

The audio the bot sends the harness (``eval-bot-audio`` messages) is counted as audio on the wire.
A session fails when a scenario cannot be loaded or does not pass (its failures and the events it
saw are reported), when no scenario exists, or when the transport never listens.
"""

import argparse
import asyncio
import base64
import itertools
import json
import os
import time
import uuid

from .probe import BOT_TEXT, SPEECH_SECONDS, TTS_SECONDS, Probe

#: Ports handed to successive sessions (each session's transport listens on its own).
_PORTS = itertools.count(47860)
#: Seconds to wait for the eval transport's server to listen after bot() starts.
LISTEN_TIMEOUT = 10.0
#: Latency budget of an expectation without ``within_ms`` (pipecat's default is 60 s).
EXPECT_TIMEOUT_MS = 10000


class ScriptedSpeech:
    """Stands in for ``EvalSpeech`` (Kokoro): the scripted user's speech for any line."""

    def __init__(self, probe: Probe, sample_rate: int):
        self.probe = probe
        self.sample_rate = sample_rate
        self.lines: list[str] = []

    async def start(self) -> None:
        pass

    async def aclose(self) -> None:
        pass

    async def generate(self, text: str) -> tuple[bytes, int]:
        from .services import tone

        self.lines.append(text)
        # The eval transport's virtual microphone plays the utterance from now at real time; it has
        # been said once it has played (the STT and realtime stand-ins then hear it).
        asyncio.get_running_loop().call_later(SPEECH_SECONDS + 0.1, self._said)
        return tone(self.sample_rate, SPEECH_SECONDS), self.sample_rate

    def _said(self) -> None:
        self.probe.user_utterances += 1


class ScriptedTranscriber:
    """Stands in for ``EvalTranscriber`` (Moonshine): hears :data:`BOT_TEXT` in one spoken answer."""

    def __init__(self):
        self.heard: list[float] = []
        self.debug = None

    async def start(self) -> None:
        pass

    async def aclose(self) -> None:
        pass

    async def transcribe(self, pcm: bytes, sample_rate: int) -> str:
        seconds = len(pcm) / 2 / sample_rate if sample_rate else 0.0
        self.heard.append(round(seconds, 3))
        # The harness keeps the audio from the bot-started-speaking message on, so the first chunks
        # (sent before it) are not transcribed: most of the answer is, and no more than all of it.
        return BOT_TEXT if 0.5 * TTS_SECONDS <= seconds <= 1.1 * TTS_SECONDS else ""


class JudgeLLM:
    """The judge's LLM (``run_inference``, as pipecat's LLM services offer it): yes only when the
    bot's latest reply in the conversation is :data:`BOT_TEXT`."""

    def __init__(self):
        self.verdicts: list[tuple[str, str]] = []

    async def run_inference(self, context, max_tokens=None, system_instruction=None):
        messages = context.get_messages()[:-1]  # the last one is pipecat's verdict request
        reply = []
        for m in reversed(messages):
            if m.get("role") != "assistant":
                break
            reply.insert(0, str(m.get("content", "")))
        said = " ".join(reply).strip()
        verdict = "yes" if said == BOT_TEXT else "no"
        self.verdicts.append((verdict, said))
        return json.dumps({"verdict": verdict, "reason": f"the reply was {said!r}"})


class EvalDriver:
    """Plays ``pipecat eval run`` against the bot's eval transport (see the module docstring)."""

    input_rate = 16000

    def __init__(self, call: str, probe: Probe, spec: dict, disconnect: bool = False):
        self.call = call
        self.probe = probe
        self.spec = spec
        #: End the last scenario as ``pipecat eval run --trigger-disconnect`` does (the bot's own
        #: ``on_client_disconnected`` must end it) instead of ``--stop-bot``'s ``eval-cancel``.
        self.disconnect = disconnect
        self.host = "localhost"
        self.port = next(_PORTS)

    async def runner_args(self):
        from pipecat.runner.types import EvalRunnerArguments

        # As pipecat/runner/run.py _run_eval builds them for `uv run bot.py -t eval`.
        args = EvalRunnerArguments(host=self.host, port=self.port, session_id=str(uuid.uuid4()))
        args.handle_sigint = True
        args.cli_args = argparse.Namespace(transport="eval", host=self.host, port=self.port, runner_body=None)
        return args

    async def connect(self) -> None:
        """Wait until the eval transport listens (the harness would retry its connection)."""
        from websockets.asyncio import server

        server.ON_SEND = self._count_audio
        deadline = time.monotonic() + LISTEN_TIMEOUT
        while (self.host, self.port) not in server.LISTENING:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the eval transport did not listen on {self.host}:{self.port} within {LISTEN_TIMEOUT:.0f} s")
            await asyncio.sleep(0.05)

    def _count_audio(self, message) -> None:
        try:
            data = json.loads(message)
        except (TypeError, ValueError):
            return
        if data.get("type") == "eval-bot-audio":
            audio = base64.b64decode(data["data"]["audio"])
            self.probe.audio_sent(len(audio) / 2 / int(data["data"]["sampleRate"]))

    async def play(self) -> list[str]:
        """Run every generated scenario; the problems found (empty when all pass)."""
        from pipecat.evals.harness import EvalSession
        from pipecat.evals.judge import EvalJudge
        from pipecat.evals.scenario import EvalScenario

        folder = os.path.join(self.spec["project"], "server", "evals")
        # Text first, as the README runs them; the audio scenario (the last) then stops the bot.
        files = sorted((f for f in os.listdir(folder) if f.endswith(".yaml")), key=lambda f: ("audio" in f, f)) if os.path.isdir(folder) else []
        if not files:
            return [f"no scenarios in {folder}"]
        problems = []
        for i, name in enumerate(files):
            try:
                scenario = EvalScenario.load(os.path.join(folder, name))
            except Exception as e:  # noqa: BLE001 - a scenario pipecat cannot load is a finding
                problems.append(f"evals/{name}: pipecat cannot load it: {type(e).__name__}: {e}")
                continue
            judge_llm = JudgeLLM()
            speech = ScriptedSpeech(self.probe, int(scenario.user_audio.get("sample_rate", 16000))) if scenario.user_audio else None
            transcriber = ScriptedTranscriber()
            session = EvalSession.from_scenario(
                scenario,
                f"ws://{self.host}:{self.port}",
                default_timeout_ms=EXPECT_TIMEOUT_MS,
                stop_bot=i == len(files) - 1 and not self.disconnect,
                trigger_disconnect=i == len(files) - 1 and self.disconnect,
                judge=EvalJudge(judge_llm),
                speech=speech,
                transcriber=transcriber,
            )
            result = await session.run()
            # `pipecat eval run` loads the next scenario's models before it connects again, while
            # the transport finishes the last connection; here the next connection waits for that.
            await self._served()
            if not result.passed:
                seen = [e.get("type") for e in result.events_seen]
                problems.append(
                    f"evals/{name} failed: {'; '.join(str(f) for f in result.failures) or result.skipped}"
                    f" (events {seen}, judged {judge_llm.verdicts}, transcribed {transcriber.heard} s)"
                )
            self.probe.notes.append(f"evals/{name}: {'passed' if result.passed else 'failed'}, judged {judge_llm.verdicts}")
        return problems

    async def _served(self, timeout: float = 2.0) -> None:
        from websockets.asyncio import server

        deadline = time.monotonic() + timeout
        while server.SERVING and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def hang_up(self) -> None:
        """Nothing more: the last scenario's ``eval-cancel`` (or its disconnect) ended the bot's pipeline."""
        from websockets.asyncio import server

        server.ON_SEND = None
