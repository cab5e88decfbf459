"""Stand-in for ``aiortc.rtcsctptransport``: the SCTP association carrying data channels.

``USERDATA_MAX_LENGTH`` exists because pipecat sets it at import
(pipecat/transports/smallwebrtc/connection.py clamps aiortc's DATA-chunk size); the stand-in does
not fragment, so its value has no effect here. When the association starts, each channel created on
this side is announced to the remote (DCEP OPEN): the remote creates its end, already open, and emits
``datachannel`` on its peer connection, then this end opens. Messages and closes travel to the other
end on later loop iterations, in order.
"""

import asyncio
from dataclasses import dataclass

from ._events import AsyncIOEventEmitter
from .rtcdatachannel import RTCDataChannel, RTCDataChannelParameters

USERDATA_MAX_LENGTH = 1200


@dataclass
class RTCSctpCapabilities:
    maxMessageSize: int


class RTCSctpTransport(AsyncIOEventEmitter):
    def __init__(self, transport=None, port: int = 5000) -> None:
        super().__init__()
        self.__transport = transport
        self._port = port
        self._state = "new"
        self.mid = None
        self._bundled = False
        self._channels: list[RTCDataChannel] = []
        self._remote: "RTCSctpTransport | None" = None
        self._even_ids = True  # DTLS client uses even stream ids, server odd (RFC 8832)
        self._next_id = 0

    @property
    def port(self) -> int:
        return self._port

    @property
    def state(self) -> str:
        return self._state

    @property
    def transport(self):
        return self.__transport

    @property
    def maxChannels(self) -> int:
        return 65535

    @classmethod
    def getCapabilities(cls) -> RTCSctpCapabilities:
        return RTCSctpCapabilities(maxMessageSize=65536)

    def setTransport(self, transport) -> None:
        self.__transport = transport

    # -- channels ------------------------------------------------------------------------------
    def _data_channel_add(self, channel: RTCDataChannel) -> None:
        self._channels.append(channel)
        if channel._local and self._state == "connected":
            self._announce(channel)

    def _announce(self, channel: RTCDataChannel) -> None:
        if channel.id is None:
            channel._setId(self._next_id * 2 + (0 if self._even_ids else 1))
            self._next_id += 1
        remote = self._remote
        loop = asyncio.get_running_loop()
        loop.call_soon(remote._remote_open, channel)
        loop.call_soon(channel._setReadyState, "open")

    def _remote_open(self, source: RTCDataChannel) -> None:
        if self._state != "connected":
            return
        params = RTCDataChannelParameters(
            label=source.label,
            maxPacketLifeTime=source.maxPacketLifeTime,
            maxRetransmits=source.maxRetransmits,
            ordered=source.ordered,
            protocol=source.protocol,
            negotiated=source.negotiated,
            id=source.id,
        )
        channel = RTCDataChannel(self, params, send_open=False)
        channel._peer, source._peer = source, channel
        channel._setReadyState("open")
        self.emit("datachannel", channel)

    def _data_channel_send(self, channel: RTCDataChannel, data) -> None:
        if channel._peer is not None:
            asyncio.get_running_loop().call_soon(channel._peer._receive, data)

    def _data_channel_close(self, channel: RTCDataChannel) -> None:
        loop = asyncio.get_running_loop()
        if channel._peer is not None:
            loop.call_soon(channel._peer._setReadyState, "closed")
        loop.call_soon(channel._setReadyState, "closed")

    # -- association -------------------------------------------------------------------------
    def _start(self, remote: "RTCSctpTransport") -> None:
        self._remote = remote
        self._state = "connected"
        for channel in list(self._channels):
            if channel._local and channel.readyState == "connecting":
                self._announce(channel)

    def _remote_closed(self) -> None:
        self._state = "closed"
        for channel in list(self._channels):
            channel._setReadyState("closed")

    async def stop(self) -> None:
        for channel in list(self._channels):
            if channel._peer is not None:
                asyncio.get_running_loop().call_soon(channel._peer._setReadyState, "closed")
            channel._setReadyState("closed")
        self._state = "closed"
