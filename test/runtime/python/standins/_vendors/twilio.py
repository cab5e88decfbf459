"""Twilio's REST API for the call the runtime tier places, as pipecat's ``TwilioFrameSerializer``
ends it (pipecat/serializers/twilio.py ``_hang_up_call``: ``POST
https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}.json`` with HTTP basic
auth ``AccountSid:AuthToken`` and the form ``Status=completed``).

Following Twilio's "Update a Call resource" reference and its error codes: the basic-auth user must
be the account in the URL and the password that account's auth token (else 401, code 20003
"Authenticate"); a call the account does not own is 404, code 20404; ``Status`` must be
``completed`` or ``canceled`` (else 400, code 20001). The one account (:data:`ACCOUNT_SID`, whose
call :data:`CALL_SID` the telephony driver's media stream announces) holds :data:`AUTH_TOKEN`;
the harness fills ``TWILIO_ACCOUNT_SID``/``TWILIO_AUTH_TOKEN`` with them, as the account's owner
would.
"""

#: The account whose call the driver's ``start`` message carries (rt/telephony.py).
ACCOUNT_SID = "AC00000000000000000000000000000001"
CALL_SID = "CA00000000000000000000000000000001"
#: That account's auth token (a 32-hex-digit string, as Twilio's are).
AUTH_TOKEN = "0123456789abcdef0123456789abcdef"

#: Call SIDs updated to ``completed``, oldest first.
COMPLETED: list[str] = []


def _error(status: int, code: int, message: str) -> tuple[int, dict]:
    return status, {"code": code, "message": message, "more_info": f"https://www.twilio.com/docs/errors/{code}", "status": status}


def update_call(request) -> tuple[int, dict]:
    """``POST …/Accounts/{sid}/Calls/{call}.json``: see the module docstring."""
    parts = request.url.rstrip("/").split("/")
    account, call = parts[-3], parts[-1].removesuffix(".json")
    auth = request.auth
    if auth is None or auth[0] != account or account != ACCOUNT_SID or auth[1] != AUTH_TOKEN:
        return _error(401, 20003, "Authenticate")
    if call != CALL_SID:
        return _error(404, 20404, f"The requested resource /2010-04-01/Accounts/{account}/Calls/{call}.json was not found")
    status = (request.data or {}).get("Status")
    if status not in ("completed", "canceled"):
        return _error(400, 20001, f"Invalid Status: {status}")
    COMPLETED.append(call)
    return 200, {"sid": call, "account_sid": account, "status": "completed"}
