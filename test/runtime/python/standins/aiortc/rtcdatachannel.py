"""Stand-in for ``aiortc.rtcdatachannel``.

A channel is ``connecting`` until the SCTP association is up, then ``open``; ``send`` delivers a
string or bytes message to the remote channel, in order, on a later loop iteration (emitted there
as ``message``); ``close`` closes both ends (``close`` events). A channel created by the remote peer
is announced with the peer connection's ``datachannel`` event already ``open``, as aiortc does.
"""

from dataclasses import dataclass

from ._events import AsyncIOEventEmitter
from .exceptions import InvalidStateError


@dataclass
class RTCDataChannelParameters:
    label: str = ""
    maxPacketLifeTime: int | None = None
    maxRetransmits: int | None = None
    ordered: bool = True
    protocol: str = ""
    negotiated: bool = False
    id: int | None = None


class RTCDataChannel(AsyncIOEventEmitter):
    def __init__(self, transport, parameters: RTCDataChannelParameters, send_open: bool = True) -> None:
        super().__init__()
        self.__transport = transport
        self.__parameters = parameters
        self.__id = parameters.id
        self.__readyState = "connecting"
        self.__bufferedAmountLowThreshold = 0
        self._peer = None  # the remote end, once the association announced the channel
        self._local = send_open  # created here (announced to the remote) or by the remote
        transport._data_channel_add(self)

    @property
    def bufferedAmount(self) -> int:
        return 0

    @property
    def bufferedAmountLowThreshold(self) -> int:
        return self.__bufferedAmountLowThreshold

    @bufferedAmountLowThreshold.setter
    def bufferedAmountLowThreshold(self, value: int) -> None:
        self.__bufferedAmountLowThreshold = value

    @property
    def negotiated(self) -> bool:
        return self.__parameters.negotiated

    @property
    def id(self) -> int | None:
        return self.__id

    @property
    def label(self) -> str:
        return self.__parameters.label

    @property
    def ordered(self) -> bool:
        return self.__parameters.ordered

    @property
    def maxPacketLifeTime(self):
        return self.__parameters.maxPacketLifeTime

    @property
    def maxRetransmits(self):
        return self.__parameters.maxRetransmits

    @property
    def protocol(self) -> str:
        return self.__parameters.protocol

    @property
    def readyState(self) -> str:
        return self.__readyState

    @property
    def transport(self):
        return self.__transport

    def close(self) -> None:
        if self.__readyState not in ("closing", "closed"):
            self._setReadyState("closing")
            self.__transport._data_channel_close(self)

    def send(self, data) -> None:
        if self.__readyState != "open":
            raise InvalidStateError
        if not isinstance(data, (str, bytes)):
            raise ValueError(f"Cannot send unsupported data type: {type(data)}")
        self.__transport._data_channel_send(self, data)

    def _setId(self, id: int) -> None:
        self.__id = id

    def _setReadyState(self, state: str) -> None:
        if state != self.__readyState:
            self.__readyState = state
            if state == "open":
                self.emit("open")
            elif state == "closed":
                self.emit("close")
                self.remove_all_listeners()

    def _receive(self, data) -> None:
        if self.__readyState == "open":
            self.emit("message", data)
