"""Stand-in for wait_for2 (pipecat replaces ``asyncio.wait_for`` with it on Python < 3.12).

wait_for2 exists because 3.11's ``asyncio.wait_for`` can swallow a cancellation that arrives as
the awaited future completes, leaving a task that will not cancel. Python 3.12 fixed it by
building ``wait_for`` on ``asyncio.timeout``; this stand-in does the same on 3.11.
"""

import asyncio


async def wait_for(fut, timeout):
    """Await ``fut`` for at most ``timeout`` seconds (None: no limit); raise TimeoutError after."""
    if timeout is None:
        return await fut
    if timeout <= 0:
        fut = asyncio.ensure_future(fut)
        if fut.done():
            return fut.result()
        fut.cancel()
        raise TimeoutError()
    async with asyncio.timeout(timeout):
        return await fut
