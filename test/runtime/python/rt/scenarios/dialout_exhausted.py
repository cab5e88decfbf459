"""A dial-out whose every attempt fails (rt/scenarios/call_errors.py)."""

from .call_errors import EXHAUSTED_ALLOWED, run_dialout_exhausted

run = run_dialout_exhausted
ALLOWED = EXHAUSTED_ALLOWED
CHECK_FEATURES = False  # nobody answered: no conversation to transcribe or record
