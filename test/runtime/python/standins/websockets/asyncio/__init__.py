"""Stand-in for ``websockets.asyncio`` (see ``websockets.asyncio.client``)."""
