"""Run one call through the generated ``server.py``, in a process of its own; print what it did.

Usage (from rt/daily.py, with the session's environment and PYTHONPATH)::

    python3 -c "import _autofake; _autofake.install(); from rt.server_call import main; main()" \\
        SERVER_DIR FLOW

The project's ``server.py`` is imported on pipecat's own code (``pipecat.runner.daily.configure``
and its ``DailyRESTHelper`` really run) with the stand-ins: FastAPI (standins/fastapi: the route
decorators return the handlers), aiohttp answering as Daily's REST API (``_vendors/daily_rest.py``)
and as pipecat's development runner (``_vendors/runner.py``). The app's ``lifespan`` is entered,
then the flow's handler is called as FastAPI would call it:

- ``pstn-dialout`` / ``sip-dialout``: ``dialout(DialoutRequest(dialout_settings={...}))`` with the
  callee's number or SIP URI (``rt/daily.py`` ``CALLEE_NUMBER``/``CALLEE_SIP_URI``);
- ``sip-dialin``: ``call(Request(form={"CallSid", "From", "To"}))``, Twilio's voice webhook.

Prints one JSON object: ``payload`` (what server.py posted to the runner's ``/start``), ``rooms``
(the Daily rooms it created), ``answer`` (the handler's return: JSON or the TwiML text), and
``problems`` (an exception, an HTTP error the handler raised) and ``logs`` (its records at WARNING
or above).
"""

import asyncio
import json
import os
import sys
import traceback


async def _run(flow: str) -> dict:
    import aiohttp
    from fastapi import HTTPException, Request

    from _vendors import daily_rest, runner
    from rt.daily import CALLEE_NUMBER, CALLEE_SIP_URI, CALLER_NUMBER, BOT_NUMBER

    import server

    result: dict = {"payload": None, "rooms": [], "answer": None, "problems": []}
    try:
        async with server.lifespan(server.app):
            if flow.endswith("dialout"):
                settings = {"phone_number": CALLEE_NUMBER} if flow == "pstn-dialout" else {"sip_uri": CALLEE_SIP_URI}
                answer = await server.dialout(server.DialoutRequest(dialout_settings=settings))
                result["answer"] = answer
            else:
                form = {"CallSid": "CA00000000000000000000000000000002", "From": CALLER_NUMBER, "To": BOT_NUMBER}
                answer = await server.call(Request(form=form))
                result["answer"] = getattr(answer, "body", answer) if not isinstance(answer, (dict, str)) else answer
                result["answer"] = str(result["answer"])
    except HTTPException as e:
        result["problems"].append(f"server.py answered HTTP {e.status_code}: {e.detail}")
    except Exception as e:  # noqa: BLE001 - every failure is a finding
        result["problems"].append(f"server.py raised {type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}")
    result["payload"] = runner.STARTS[-1] if runner.STARTS else None
    result["rooms"] = list(daily_rest.ROOMS.values())
    result["requests"] = [f"{m} {u}" for m, u in getattr(aiohttp, "REQUESTS", [])]
    return result


def main() -> None:
    server_dir, flow = sys.argv[1], sys.argv[2]
    sys.path.insert(0, server_dir)
    import loguru

    logs: list[str] = []
    loguru.add_sink(lambda level, number, message, name: logs.append(f"{level} from {name}: {message.splitlines()[0][:300]}") if number >= 30 else None)
    result = asyncio.run(_run(flow))
    result["logs"] = logs
    sys.stdout.write(json.dumps(result, default=str) + "\n")
    sys.stdout.flush()
    os._exit(0)
