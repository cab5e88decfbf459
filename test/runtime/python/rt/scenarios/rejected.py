"""A vendor refuses the bot's credentials; the session must end by itself (rt/reject.py).

The role and the variable come from the session (``"reject": {"role", "variable"}``, a row of the
matrix's scenario table) or from the spec (test/runtime/unusable.test.ts). The bot's
``on_pipeline_error`` handler must log the one line naming the variable. Errors and warnings are
what this session provokes, so the log check of an ordinary session does not apply (the line
count does), nor the audio and feature checks (the session ends before anyone speaks), nor the
drivers' notes (a web client whose bot's pipeline ended never gets its ``bot-ready``).
"""

from ..reject import Rejection, run_rejected

CHECK_LOGS = False
CHECK_AUDIO = False
CHECK_FEATURES = False
CHECK_NOTES = False


async def run(session, bot, driver, script) -> None:
    rejection = Rejection(session.session.get("reject") or session.spec["reject"], session.probe)
    rejection.install(script)
    try:
        await run_rejected(session, bot, driver, rejection)
    finally:
        rejection.uninstall()
