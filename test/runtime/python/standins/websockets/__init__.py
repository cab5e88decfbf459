"""Stand-in for the websockets package: ``websockets.asyncio.client.connect`` is hand-written (see
there); every other name and submodule is a recording fake from ``_autofake``."""

import _autofake


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"websockets.{name}")
