"""Stand-in for the websockets package: ``websockets.asyncio.client.connect`` and
``websockets.asyncio.server.serve`` are hand-written (see there); the top-level ``connect`` (the
name pipecat's eval harness uses) reaches a local in-process server as the client's does; every
other name and submodule is a recording fake from ``_autofake``."""

import _autofake


def connect(uri, *args, **kwargs):
    from .asyncio import client, server

    if server.listener_for(uri) is not None:
        return client.connect(uri, *args, **kwargs)
    return _autofake._child("websockets.connect")(uri, *args, **kwargs)


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    return _autofake._child(f"websockets.{name}")
