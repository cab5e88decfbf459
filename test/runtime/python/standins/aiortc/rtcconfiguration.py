"""Stand-in for ``aiortc.rtcconfiguration``: ICE server and peer-connection configuration."""

import enum
from dataclasses import dataclass, field


class RTCBundlePolicy(enum.Enum):
    BALANCED = "balanced"
    MAX_COMPAT = "max-compat"
    MAX_BUNDLE = "max-bundle"


@dataclass
class RTCIceServer:
    urls: str | list[str]
    username: str | None = None
    credential: str | None = None
    credentialType: str = "password"


@dataclass
class RTCConfiguration:
    iceServers: list[RTCIceServer] | None = None
    bundlePolicy: RTCBundlePolicy = field(default=RTCBundlePolicy.BALANCED)
