"""Daily reports a dial-in error; the caller never joins (rt/scenarios/call_errors.py)."""

from .call_errors import DIALIN_ALLOWED, run_dialin_error

run = run_dialin_error
ALLOWED = DIALIN_ALLOWED
CHECK_FEATURES = False  # no conversation: no transcript line, nothing recorded
