"""pipecat's development runner as the generated ``server_utils.start_bot`` reaches it: ``POST
{LOCAL_SERVER_URL}/start`` (default ``http://localhost:7860/start``) with ``{"transport": "daily",
"createDailyRoom": false, "body": {...}}`` (pipecat/runner/run.py ``/start``). The runner answers
200 and starts ``bot(RunnerArguments(body=body))``; here the request is kept in :data:`STARTS` for
the runtime tier to start that session. A payload the runner would refuse (no ``body``) is 422.
"""

#: Payloads of the sessions server.py asked the runner to start, oldest first.
STARTS: list[dict] = []


def start(request) -> tuple[int, dict]:
    payload = request.json
    if not isinstance(payload, dict) or not isinstance(payload.get("body"), dict):
        return 422, {"detail": "the /start payload needs a JSON object 'body'"}
    STARTS.append(payload)
    return 200, {"status": "started"}
