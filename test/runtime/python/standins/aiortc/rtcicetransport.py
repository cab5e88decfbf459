"""Stand-in for ``aiortc.rtcicetransport``: the ICE candidate record."""

from dataclasses import dataclass


@dataclass
class RTCIceCandidate:
    component: int
    foundation: str
    ip: str
    port: int
    priority: int
    protocol: str
    type: str
    relatedAddress: str | None = None
    relatedPort: int | None = None
    sdpMid: str | None = None
    sdpMLineIndex: int | None = None
    tcpType: str | None = None
