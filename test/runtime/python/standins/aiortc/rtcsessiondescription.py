"""Stand-in for ``aiortc.rtcsessiondescription``."""

from dataclasses import dataclass


@dataclass
class RTCSessionDescription:
    """An SDP offer or answer: ``sdp`` text and its ``type``."""

    sdp: str
    type: str

    def __post_init__(self):
        if self.type not in ("offer", "pranswer", "answer", "rollback"):
            raise ValueError(f'"type" must be "offer", "pranswer", "answer" or "rollback", got {self.type!r}')
