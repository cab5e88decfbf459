"""Scripted sessions other than the ordinary conversation.

A session spec may name a ``scenario`` (test/runtime/harness.ts ``SessionSpec.scenario``); the
session then runs ``rt.scenarios.<name>.run(session, bot, driver, script)`` (``-`` in the name is
``_`` in the module) instead of the conversation in ``rt.main.Session.run``. A scenario module has:

- ``async def run(session, bot, driver, script) -> None``: builds the runner arguments with
  ``driver.runner_args()``, starts ``bot.bot(args)``, plays its far end and appends what went wrong
  to ``session.problems`` (it must end the bot's task, or report that it did not end);
- ``ALLOWED`` (optional): ``(level, pattern, reason)`` log records the scenario provokes on purpose
  (an error the bot must log), on top of ``rt.main.ALLOWED``;
- ``CHECK_FEATURES`` (optional, default True): False when the scenario leaves no room for the
  feature traces an ordinary session must leave (transcript lines, a recording);
- ``CHECK_LOGS`` / ``CHECK_AUDIO`` / ``CHECK_NOTES`` (optional, default True): False when the
  scenario makes its own check of the log (``rejected``: pipecat's errors are the point), plays no
  audio, or provokes what the drivers note as a problem (a web client left without ``bot-ready``).

After ``run`` the session's common checks apply (those not turned off): the log records, the
audio on the wire against the audio the TTS produced, the feature traces, and the drivers'
``problem:`` notes. A spec-level ``reject`` (test/runtime/unusable.test.ts) makes every session of
the spec the ``rejected`` scenario.
"""
