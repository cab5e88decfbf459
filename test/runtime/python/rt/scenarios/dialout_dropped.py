"""A dial-out that is answered, then drops (rt/scenarios/call_errors.py)."""

from .call_errors import DIALOUT_ALLOWED, run_dialout_dropped

run = run_dialout_dropped
ALLOWED = DIALOUT_ALLOWED
CHECK_FEATURES = False  # the call drops before anyone speaks
