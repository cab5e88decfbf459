"""A dial-out whose first attempts fail before the answer and a retry is answered (rt/scenarios/call_errors.py)."""

from .call_errors import DIALOUT_ALLOWED, run_dialout_retry

run = run_dialout_retry
ALLOWED = DIALOUT_ALLOWED
