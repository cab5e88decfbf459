"""Stand-in for ``aiortc.rtcrtptransceiver``."""

from .sdp import DIRECTIONS


class RTCRtpTransceiver:
    """A sender/receiver pair sharing one mid, with its negotiated directions."""

    def __init__(self, kind: str, receiver, sender, direction: str = "sendrecv"):
        self.__direction = direction
        self.__kind = kind
        self.__mid = None
        self.__mline_index = None
        self.__receiver = receiver
        self.__sender = sender
        self.__stopped = False
        self.__currentDirection = None
        self._offerDirection = None
        self._codecs = []
        self._preferred_codecs = []
        self._bundled = False
        self._transport = None

    @property
    def currentDirection(self) -> str | None:
        return self.__currentDirection

    @property
    def direction(self) -> str:
        return self.__direction

    @direction.setter
    def direction(self, direction: str) -> None:
        if direction not in DIRECTIONS:
            raise ValueError(f"invalid direction {direction!r}")
        self.__direction = direction

    @property
    def kind(self) -> str:
        return self.__kind

    @property
    def mid(self) -> str | None:
        return self.__mid

    @property
    def receiver(self):
        return self.__receiver

    @property
    def sender(self):
        return self.__sender

    @property
    def stopped(self) -> bool:
        return self.__stopped

    def setCodecPreferences(self, codecs) -> None:
        self._preferred_codecs = list(codecs or [])

    async def stop(self) -> None:
        if not self.__stopped:
            await self.__receiver.stop()
            await self.__sender.stop()
            self.__stopped = True

    def _set_mid(self, mid: str) -> None:
        self.__mid = mid

    def _get_mline_index(self) -> int | None:
        return self.__mline_index

    def _set_mline_index(self, idx: int) -> None:
        self.__mline_index = idx

    def _setCurrentDirection(self, direction: str) -> None:
        self.__currentDirection = direction
