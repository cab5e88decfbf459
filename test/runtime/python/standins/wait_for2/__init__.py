"""Stand-in for wait_for2 (pipecat replaces ``asyncio.wait_for`` with it on Python < 3.12).

wait_for2 fixes a race of 3.11's ``wait_for`` when cancellation and completion coincide; the
runtime tier does not depend on that fix, so this is the standard library's ``wait_for``.
"""

import asyncio

wait_for = asyncio.wait_for
