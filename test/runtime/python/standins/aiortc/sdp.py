"""Stand-in for ``aiortc.sdp``: candidate lines and the SDP subset the stand-in peers exchange.

``candidate_from_sdp``/``candidate_to_sdp`` follow RFC 8839 candidate attributes as aiortc does
(pipecat/transports/smallwebrtc/request_handler.py parses the browser's trickled candidates with
``candidate_from_sdp``). :class:`SessionDescription` writes and reads the parts of an offer/answer
the stand-in peer connection negotiates: BUNDLE group, one section per transceiver or data channel
with its kind, mid, direction, codecs, msid/ssrc, ICE credentials, candidates, DTLS fingerprint and
setup role, and the SCTP port.
"""

from dataclasses import dataclass, field

from .rtcicetransport import RTCIceCandidate

DIRECTIONS = ["inactive", "sendonly", "recvonly", "sendrecv"]


def candidate_from_sdp(sdp: str) -> RTCIceCandidate:
    bits = sdp.split()
    if len(bits) < 8:
        raise ValueError(f"invalid candidate {sdp!r}")
    candidate = RTCIceCandidate(
        component=int(bits[1]),
        foundation=bits[0],
        ip=bits[4],
        port=int(bits[5]),
        priority=int(bits[3]),
        protocol=bits[2],
        type=bits[7],
    )
    for i in range(8, len(bits) - 1, 2):
        if bits[i] == "raddr":
            candidate.relatedAddress = bits[i + 1]
        elif bits[i] == "rport":
            candidate.relatedPort = int(bits[i + 1])
        elif bits[i] == "tcptype":
            candidate.tcpType = bits[i + 1]
    return candidate


def candidate_to_sdp(candidate: RTCIceCandidate) -> str:
    sdp = (
        f"{candidate.foundation} {candidate.component} {candidate.protocol} {candidate.priority} "
        f"{candidate.ip} {candidate.port} typ {candidate.type}"
    )
    if candidate.relatedAddress is not None:
        sdp += f" raddr {candidate.relatedAddress}"
    if candidate.relatedPort is not None:
        sdp += f" rport {candidate.relatedPort}"
    if candidate.tcpType is not None:
        sdp += f" tcptype {candidate.tcpType}"
    return sdp


#: codecs the stand-in offers: (payload type, rtpmap)
CODECS = {"audio": [(111, "opus/48000/2")], "video": [(96, "VP8/90000"), (97, "rtx/90000")]}


@dataclass
class MediaDescription:
    kind: str
    mid: str | None = None
    direction: str = "sendrecv"
    codecs: list = field(default_factory=list)  # [(pt, "name/clock[/channels]")]
    msid: str | None = None
    ssrc: int | None = None
    cname: str | None = None
    ice_ufrag: str | None = None
    ice_pwd: str | None = None
    fingerprint: str | None = None
    setup: str | None = None
    candidates: list = field(default_factory=list)  # candidate attribute values (no "candidate:")
    end_of_candidates: bool = False
    sctp_port: int | None = None


@dataclass
class SessionDescription:
    origin: str = "- 0 0 IN IP4 0.0.0.0"
    media: list = field(default_factory=list)
    type: str | None = None

    def webrtc_track_id(self, media: MediaDescription) -> str | None:
        if media.msid and " " in media.msid:
            return media.msid.split(" ", 1)[1]
        return None

    def __str__(self) -> str:
        lines = ["v=0", f"o={self.origin}", "s=-", "t=0 0"]
        mids = [m.mid for m in self.media if m.mid is not None]
        if mids:
            lines.append("a=group:BUNDLE " + " ".join(mids))
        lines.append("a=msid-semantic:WMS *")
        for m in self.media:
            if m.kind == "application":
                lines.append("m=application 9 UDP/DTLS/SCTP webrtc-datachannel")
            else:
                lines.append(f"m={m.kind} 9 UDP/TLS/RTP/SAVPF " + " ".join(str(pt) for pt, _ in m.codecs))
            lines.append("c=IN IP4 0.0.0.0")
            if m.kind != "application":
                lines.append(f"a={m.direction}")
            if m.mid is not None:
                lines.append(f"a=mid:{m.mid}")
            if m.kind != "application":
                if m.msid:
                    lines.append(f"a=msid:{m.msid}")
                lines.append("a=rtcp-mux")
                if m.ssrc is not None:
                    lines.append(f"a=ssrc:{m.ssrc} cname:{m.cname}")
                for pt, name in m.codecs:
                    lines.append(f"a=rtpmap:{pt} {name}")
                    if name.startswith("rtx/"):
                        lines.append(f"a=fmtp:{pt} apt={pt - 1}")
            else:
                lines.append(f"a=sctp-port:{m.sctp_port or 5000}")
                lines.append("a=max-message-size:65536")
            for c in m.candidates:
                lines.append(f"a=candidate:{c}")
            if m.end_of_candidates:
                lines.append("a=end-of-candidates")
            if m.ice_ufrag:
                lines.append(f"a=ice-ufrag:{m.ice_ufrag}")
                lines.append(f"a=ice-pwd:{m.ice_pwd}")
            if m.fingerprint:
                lines.append(f"a=fingerprint:sha-256 {m.fingerprint}")
            if m.setup:
                lines.append(f"a=setup:{m.setup}")
        return "\r\n".join(lines) + "\r\n"

    @classmethod
    def parse(cls, sdp: str) -> "SessionDescription":
        session = cls()
        current: MediaDescription | None = None
        session_attrs: dict[str, str] = {}
        for raw in sdp.splitlines():
            line = raw.strip()
            if not line or "=" not in line:
                continue
            key, value = line[0], line[2:]
            if key == "o":
                session.origin = value
            elif key == "m":
                kind, _port, _profile, *fmt = value.split()
                current = MediaDescription(kind=kind)
                current.codecs = [(int(pt), "") for pt in fmt if pt.isdigit()]
                session.media.append(current)
            elif key == "a":
                name, _, attr = value.partition(":")
                if current is None:
                    session_attrs[name] = attr
                    continue
                if name in DIRECTIONS:
                    current.direction = name
                elif name == "mid":
                    current.mid = attr
                elif name == "msid":
                    current.msid = attr
                elif name == "ssrc":
                    ssrc, _, rest = attr.partition(" ")
                    current.ssrc = int(ssrc)
                    if rest.startswith("cname:"):
                        current.cname = rest[6:]
                elif name == "rtpmap":
                    pt, _, codec = attr.partition(" ")
                    current.codecs = [(p, codec if p == int(pt) else n) for p, n in current.codecs]
                elif name == "candidate":
                    current.candidates.append(attr)
                elif name == "end-of-candidates":
                    current.end_of_candidates = True
                elif name == "ice-ufrag":
                    current.ice_ufrag = attr
                elif name == "ice-pwd":
                    current.ice_pwd = attr
                elif name == "fingerprint":
                    current.fingerprint = attr.partition(" ")[2]
                elif name == "setup":
                    current.setup = attr
                elif name == "sctp-port":
                    current.sctp_port = int(attr)
        for m in session.media:  # session-level ICE/DTLS attributes apply to every section
            m.ice_ufrag = m.ice_ufrag or session_attrs.get("ice-ufrag")
            m.ice_pwd = m.ice_pwd or session_attrs.get("ice-pwd")
            if not m.fingerprint and "fingerprint" in session_attrs:
                m.fingerprint = session_attrs["fingerprint"].partition(" ")[2]
        return session
