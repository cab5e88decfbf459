"""Stand-in for ``aiortc.rtcpeerconnection``: a peer connection whose network is in-process.

The offer/answer logic follows aiortc's ``RTCPeerConnection`` (the answerer creates a ``recvonly``
transceiver per offered audio/video section, keeps the offered direction in ``_offerDirection``,
answers ``and(direction, offerDirection)``; ``track`` events fire from ``setRemoteDescription``; a
data-channel section creates the SCTP transport; ``setLocalDescription`` gathers candidates into
the description). What is not real is the network:

- Gathering gives each peer connection one host candidate, ``127.0.0.1`` and a port unique in the
  process; the address is registered in this module.
- ICE: once a peer connection has both descriptions, it starts checking (``connectionState``
  ``connecting``). It succeeds when one side knows a candidate of the other (from the remote
  description or ``addIceCandidate``) registered by a peer connection whose ICE username fragment
  matches the remote description's — as in ICE, the other side then learns the pair (a
  peer-reflexive candidate). Both become ``connected`` after a few milliseconds for the checks and
  the DTLS handshake (so state handlers run between state changes, as on a real network).
- Media: each sending transceiver's track is pulled by its sender and handed to the remote
  receiver with the same mid (see ``rtcrtpsender``/``rtcrtpreceiver``); data channels open over
  the "SCTP association" a few milliseconds later (``rtcsctptransport``).
- Closing: ``close()`` stops senders (RTCP BYE: the remote tracks end), closes the data channels
  and shuts DTLS down; the remote side then closes too, as aiortc does when every DTLS transport is
  closed (its ``connectionState`` goes to ``closed``).

``_rt_deliver_raw`` (a harness knob, default False) makes this peer's receivers hand over the
remote sender's frames unchanged instead of what aiortc's decoders would produce.
"""

import asyncio
import itertools
import secrets
import uuid
import weakref

from . import sdp
from ._events import AsyncIOEventEmitter
from .exceptions import InternalError, InvalidAccessError, InvalidStateError, OperationError
from .mediastreams import MediaStreamTrack
from .rtcconfiguration import RTCConfiguration
from .rtcdatachannel import RTCDataChannel, RTCDataChannelParameters
from .rtcrtpreceiver import RemoteStreamTrack, RTCRtpReceiver
from .rtcrtpsender import RTCRtpSender
from .rtcrtptransceiver import RTCRtpTransceiver
from .rtcsctptransport import RTCSctpTransport
from .rtcsessiondescription import RTCSessionDescription

#: seconds for the ICE checks, the DTLS handshake and the SCTP association (loopback-like)
ICE_CHECK_SECS = 0.005
DTLS_HANDSHAKE_SECS = 0.005
SCTP_ASSOCIATION_SECS = 0.005

_HOSTS: "weakref.WeakValueDictionary[tuple[str, int], RTCPeerConnection]" = weakref.WeakValueDictionary()
_PORTS = itertools.count(50000)


def and_direction(a: str, b: str) -> str:
    return sdp.DIRECTIONS[sdp.DIRECTIONS.index(a) & sdp.DIRECTIONS.index(b)]


def reverse_direction(direction: str) -> str:
    return {"sendonly": "recvonly", "recvonly": "sendonly"}.get(direction, direction)


class _DtlsTransport:
    """Just the state aiortc's DTLS transport reports."""

    def __init__(self):
        self.state = "new"


class RTCPeerConnection(AsyncIOEventEmitter):
    def __init__(self, configuration: RTCConfiguration | None = None) -> None:
        super().__init__()
        self.__configuration = configuration or RTCConfiguration()
        self.__cname = str(uuid.uuid4())
        self.__stream_id = str(uuid.uuid4())
        self.__ufrag = secrets.token_hex(4)
        self.__pwd = secrets.token_hex(12)
        self.__fingerprint = ":".join(f"{b:02X}" for b in secrets.token_bytes(32))
        self.__transceivers: list[RTCRtpTransceiver] = []
        self.__sctp: RTCSctpTransport | None = None
        self.__dtls = _DtlsTransport()
        self.__seen_mids: set[str] = set()

        self.__candidate: tuple[str, int] | None = None
        self.__remote_candidates: list[tuple[str, int]] = []
        self.__local: sdp.SessionDescription | None = None
        self.__remote: sdp.SessionDescription | None = None

        self.__connectionState = "new"
        self.__iceConnectionState = "new"
        self.__iceGatheringState = "new"
        self.__signalingState = "stable"
        self.__closed: asyncio.Future | None = None
        self.__close_task: asyncio.Task | None = None
        self.__linking = False
        self._peer: "RTCPeerConnection | None" = None
        self._rt_deliver_raw = False

    # -- state ---------------------------------------------------------------------------------
    @property
    def connectionState(self) -> str:
        return self.__connectionState

    @property
    def iceConnectionState(self) -> str:
        return self.__iceConnectionState

    @property
    def iceGatheringState(self) -> str:
        return self.__iceGatheringState

    @property
    def signalingState(self) -> str:
        return self.__signalingState

    @property
    def localDescription(self) -> RTCSessionDescription | None:
        if self.__local is None:
            return None
        return RTCSessionDescription(sdp=str(self.__local), type=self.__local.type)

    @property
    def remoteDescription(self) -> RTCSessionDescription | None:
        if self.__remote is None:
            return None
        return RTCSessionDescription(sdp=str(self.__remote), type=self.__remote.type)

    @property
    def sctp(self) -> RTCSctpTransport | None:
        return self.__sctp

    def getTransceivers(self) -> list[RTCRtpTransceiver]:
        return list(self.__transceivers)

    def getSenders(self) -> list[RTCRtpSender]:
        return [t.sender for t in self.__transceivers]

    def getReceivers(self) -> list[RTCRtpReceiver]:
        return [t.receiver for t in self.__transceivers]

    async def getStats(self) -> dict:
        return {}

    # -- tracks and channels ---------------------------------------------------------------------
    def addTrack(self, track: MediaStreamTrack) -> RTCRtpSender:
        self.__assert_not_closed()
        if track.kind not in ("audio", "video"):
            raise InternalError(f'Invalid track kind "{track.kind}"')
        if any(s.track is track for s in self.getSenders()):
            raise InvalidAccessError("Track already has a sender")
        for t in self.__transceivers:
            if t.kind == track.kind and t.sender.track is None:
                t.sender.replaceTrack(track)
                t.direction = sdp.DIRECTIONS[sdp.DIRECTIONS.index(t.direction) | 1]
                return t.sender
        return self.__create_transceiver("sendrecv", track.kind, track).sender

    def addTransceiver(self, trackOrKind, direction: str = "sendrecv") -> RTCRtpTransceiver:
        self.__assert_not_closed()
        if isinstance(trackOrKind, MediaStreamTrack):
            kind, track = trackOrKind.kind, trackOrKind
        else:
            kind, track = trackOrKind, None
        if kind not in ("audio", "video"):
            raise InternalError(f'Invalid track kind "{kind}"')
        if direction not in sdp.DIRECTIONS:
            raise InternalError(f'Invalid direction "{direction}"')
        return self.__create_transceiver(direction, kind, track)

    def createDataChannel(self, label, maxPacketLifeTime=None, maxRetransmits=None, ordered=True, protocol="", negotiated=False, id=None) -> RTCDataChannel:
        if maxPacketLifeTime is not None and maxRetransmits is not None:
            raise ValueError("Cannot specify both maxPacketLifeTime and maxRetransmits")
        if self.__sctp is None:
            self.__create_sctp()
        params = RTCDataChannelParameters(
            label=label, maxPacketLifeTime=maxPacketLifeTime, maxRetransmits=maxRetransmits,
            ordered=ordered, protocol=protocol, negotiated=negotiated, id=id,
        )
        return RTCDataChannel(self.__sctp, params)

    def __create_transceiver(self, direction: str, kind: str, track=None) -> RTCRtpTransceiver:
        sender = RTCRtpSender(track or kind, self.__dtls)
        sender._stream_id = self.__stream_id
        receiver = RTCRtpReceiver(kind, self.__dtls)
        receiver._raw = self._rt_deliver_raw
        transceiver = RTCRtpTransceiver(kind=kind, receiver=receiver, sender=sender, direction=direction)
        transceiver._transport = self.__dtls
        sender._deliver = lambda frame, t=transceiver: self.__transmit(t, frame)
        sender._bye = lambda t=transceiver: self.__transmit_bye(t)
        self.__transceivers.append(transceiver)
        return transceiver

    def __create_sctp(self) -> None:
        self.__sctp = RTCSctpTransport(self.__dtls)

        @self.__sctp.on("datachannel")
        def on_datachannel(channel):
            self.emit("datachannel", channel)

    # -- offer / answer --------------------------------------------------------------------------
    def __media_for_transceiver(self, t: RTCRtpTransceiver, direction: str, mid: str, setup: str) -> sdp.MediaDescription:
        codecs = t._codecs or list(sdp.CODECS[t.kind])
        return sdp.MediaDescription(
            kind=t.kind, mid=mid, direction=direction, codecs=codecs,
            msid=f"{t.sender._stream_id} {t.sender._track_id}", ssrc=t.sender._ssrc, cname=self.__cname,
            ice_ufrag=self.__ufrag, ice_pwd=self.__pwd, fingerprint=self.__fingerprint, setup=setup,
        )

    def __media_for_sctp(self, mid: str, setup: str) -> sdp.MediaDescription:
        return sdp.MediaDescription(
            kind="application", mid=mid, ice_ufrag=self.__ufrag, ice_pwd=self.__pwd,
            fingerprint=self.__fingerprint, setup=setup, sctp_port=self.__sctp.port,
        )

    def __allocate_mid(self, mids: set[str]) -> str:
        for i in itertools.count():
            if str(i) not in mids:
                mids.add(str(i))
                return str(i)

    async def createOffer(self) -> RTCSessionDescription:
        self.__assert_not_closed()
        if not self.__sctp and not self.__transceivers:
            raise InternalError("Cannot create an offer with no media and no data channels")
        description = sdp.SessionDescription(type="offer")
        mids = set(self.__seen_mids)
        existing = self.__local.media if self.__local else (self.__remote.media if self.__remote else [])
        for i, m in enumerate(existing):
            if m.kind in ("audio", "video"):
                t = self.__transceiver_by_mid(m.mid)
                description.media.append(self.__media_for_transceiver(t, t.direction, m.mid, "actpass"))
            else:
                description.media.append(self.__media_for_sctp(m.mid, "actpass"))
        for t in self.__transceivers:
            if t.mid is None and not t.stopped:
                t._set_mline_index(len(description.media))
                description.media.append(self.__media_for_transceiver(t, t.direction, self.__allocate_mid(mids), "actpass"))
        if self.__sctp and self.__sctp.mid is None:
            description.media.append(self.__media_for_sctp(self.__allocate_mid(mids), "actpass"))
        return RTCSessionDescription(sdp=str(description), type="offer")

    async def createAnswer(self) -> RTCSessionDescription:
        self.__assert_not_closed()
        if self.__signalingState not in ("have-remote-offer", "have-local-pranswer"):
            raise InvalidStateError(f'Cannot create answer in signaling state "{self.__signalingState}"')
        description = sdp.SessionDescription(type="answer")
        for remote_m in self.__remote.media:
            if remote_m.kind in ("audio", "video"):
                t = self.__transceiver_by_mid(remote_m.mid)
                direction = and_direction(t.direction, t._offerDirection)
                description.media.append(self.__media_for_transceiver(t, direction, t.mid, "active"))
            else:
                description.media.append(self.__media_for_sctp(self.__sctp.mid, "active"))
        return RTCSessionDescription(sdp=str(description), type="answer")

    async def setLocalDescription(self, sessionDescription: RTCSessionDescription) -> None:
        description = sdp.SessionDescription.parse(sessionDescription.sdp)
        description.type = sessionDescription.type
        self.__validate(description, is_local=True)
        if description.type == "offer":
            self.__set_signaling_state("have-local-offer")
        elif description.type == "answer":
            self.__set_signaling_state("stable")
        for i, media in enumerate(description.media):
            self.__seen_mids.add(media.mid)
            if media.kind in ("audio", "video"):
                t = self.__transceiver_by_mline(i) or self.__transceiver_by_mid(media.mid)
                if t is not None:
                    t._set_mid(media.mid)
                    t._set_mline_index(i)
            elif self.__sctp is not None:
                self.__sctp.mid = media.mid
        if description.type in ("answer", "pranswer"):
            for t in self.__transceivers:
                if t._offerDirection is not None:
                    t._setCurrentDirection(and_direction(t.direction, t._offerDirection))
        await self.__gather()
        for media in description.media:
            ip, port = self.__candidate
            media.candidates = [f"{secrets.token_hex(4)} 1 udp 2130706431 {ip} {port} typ host"]
            media.end_of_candidates = True
        self.__local = description
        asyncio.ensure_future(self.__connect())

    async def setRemoteDescription(self, sessionDescription: RTCSessionDescription) -> None:
        description = sdp.SessionDescription.parse(sessionDescription.sdp)
        description.type = sessionDescription.type
        self.__validate(description, is_local=False)
        track_events = []
        for i, media in enumerate(description.media):
            self.__seen_mids.add(media.mid)
            if media.kind in ("audio", "video"):
                transceiver = None
                for t in self.__transceivers:
                    if t.kind == media.kind and t.mid in (None, media.mid):
                        transceiver = t
                if transceiver is None:
                    transceiver = self.__create_transceiver("recvonly", media.kind)
                if transceiver.mid is None:
                    transceiver._set_mid(media.mid)
                    transceiver._set_mline_index(i)
                supported = {name.split("/")[0].lower() for _, name in sdp.CODECS[media.kind]}
                common = [c for c in media.codecs if c[1].split("/")[0].lower() in supported]
                if not common:
                    raise OperationError(f"Failed to set remote {media.kind} description send parameters")
                transceiver._codecs = common
                direction = reverse_direction(media.direction)
                if description.type in ("answer", "pranswer"):
                    transceiver._setCurrentDirection(direction)
                else:
                    transceiver._offerDirection = direction
                if direction in ("recvonly", "sendrecv") and transceiver.receiver.track is None:
                    track_id = description.webrtc_track_id(media)
                    transceiver.receiver._track = RemoteStreamTrack(kind=media.kind, id=track_id)
                    track_events.append(transceiver.receiver.track)
            elif media.kind == "application":
                if self.__sctp is None:
                    self.__create_sctp()
                if self.__sctp.mid is None:
                    self.__sctp.mid = media.mid
            for candidate in media.candidates:
                parsed = sdp.candidate_from_sdp(candidate)
                self.__add_remote_candidate(parsed.ip, parsed.port)
        for track in track_events:
            self.emit("track", track)
        if description.type == "offer":
            self.__set_signaling_state("have-remote-offer")
        elif description.type == "answer":
            self.__set_signaling_state("stable")
        self.__remote = description
        asyncio.ensure_future(self.__connect())

    async def addIceCandidate(self, candidate) -> None:
        if candidate is None:  # end of candidates
            return
        if candidate.sdpMid is None and candidate.sdpMLineIndex is None:
            raise ValueError("Candidate must have either sdpMid or sdpMLineIndex")
        self.__add_remote_candidate(candidate.ip, candidate.port)
        asyncio.ensure_future(self.__connect())

    def __add_remote_candidate(self, ip: str, port: int) -> None:
        if (ip, port) not in self.__remote_candidates:
            self.__remote_candidates.append((ip, port))

    # -- the in-process network ----------------------------------------------------------------
    async def __gather(self) -> None:
        if self.__candidate is None:
            self.__set_ice_gathering_state("gathering")
            self.__candidate = ("127.0.0.1", next(_PORTS))
            _HOSTS[self.__candidate] = self
            self.__set_ice_gathering_state("complete")

    def _rt_ice_ready(self) -> bool:
        return self.__local is not None and self.__remote is not None and self.__candidate is not None and not self.__closed

    def _rt_remote_ufrag(self) -> str | None:
        if self.__remote is None or not self.__remote.media:
            return None
        return self.__remote.media[0].ice_ufrag

    @property
    def _rt_ufrag(self) -> str:
        return self.__ufrag

    async def __connect(self) -> None:
        if self.__closed:
            return
        if self._peer is not None:
            await self.__start_media()  # renegotiation: start what the new directions allow
            return
        if not self._rt_ice_ready():
            return
        self._rt_ice_checking()
        if self.__linking:
            return
        for address in self.__remote_candidates:
            peer = _HOSTS.get(address)
            if (
                peer is not None and peer is not self and peer._peer is None and not peer._rt_linking
                and peer._rt_ice_ready()
                and peer._rt_ufrag == self._rt_remote_ufrag() and peer._rt_remote_ufrag() == self.__ufrag
            ):
                await _establish(self, peer)
                return

    def _rt_ice_checking(self) -> None:
        if self.__iceConnectionState == "new":
            self.__set_ice_connection_state("checking")
            self.__update_connection_state()

    def _rt_ice_completed(self) -> None:
        self.__set_ice_connection_state("completed")

    def _rt_dtls_connected(self) -> None:
        self.__dtls.state = "connected"
        self.__update_connection_state()

    async def _rt_start_media(self) -> None:
        await self.__start_media()

    def _rt_start_sctp(self) -> None:
        if self.__sctp is not None and self._peer is not None and self._peer.sctp is not None:
            self.__sctp._even_ids = self.__local.media[0].setup == "active"  # DTLS client: even ids
            self.__sctp._start(self._peer.sctp)

    async def __start_media(self) -> None:
        for t in self.__transceivers:
            if t.stopped:
                continue
            if t.currentDirection in ("sendonly", "sendrecv"):
                await t.sender.send()
            if t.currentDirection in ("recvonly", "sendrecv"):
                await t.receiver.receive()

    def __transmit(self, transceiver: RTCRtpTransceiver, frame) -> None:
        peer = self._peer
        if peer is None or transceiver.mid is None:
            return
        remote = peer._rt_transceiver(transceiver.mid)
        if remote is not None:
            remote.receiver._handle_frame(frame)

    def __transmit_bye(self, transceiver: RTCRtpTransceiver) -> None:
        peer = self._peer
        if peer is not None and transceiver.mid is not None:
            remote = peer._rt_transceiver(transceiver.mid)
            if remote is not None:
                remote.receiver._handle_bye()

    def _rt_transceiver(self, mid: str) -> RTCRtpTransceiver | None:
        return self.__transceiver_by_mid(mid)

    def _rt_link_started(self, linking: bool) -> None:
        self.__linking = linking

    @property
    def _rt_linking(self) -> bool:
        return self.__linking

    def _rt_remote_shutdown(self) -> None:
        """The remote closed (DTLS close_notify): end incoming media, then close as aiortc does."""
        if self.__closed:
            return
        self._peer = None
        for t in self.__transceivers:
            t.receiver._handle_disconnect()
        if self.__sctp is not None:
            self.__sctp._remote_closed()
        self.__dtls.state = "closed"
        self.__update_connection_state()

    # -- closing -----------------------------------------------------------------------------
    async def close(self) -> None:
        if self.__closed:
            await self.__closed
            return
        self.__closed = asyncio.get_running_loop().create_future()
        self.__set_signaling_state("closed")
        self.__linking = False
        for t in self.__transceivers:
            await t.stop()
        if self.__sctp is not None:
            await self.__sctp.stop()
        peer, self._peer = self._peer, None
        if peer is not None:
            peer._rt_remote_shutdown()
        if self.__dtls.state != "closed":
            self.__dtls.state = "closed"
        if self.__candidate is not None:
            _HOSTS.pop(self.__candidate, None)
        self.__set_ice_connection_state("closed")
        self.__update_connection_state()
        self.remove_all_listeners()
        self.__closed.set_result(True)

    # -- helpers -------------------------------------------------------------------------------
    def __assert_not_closed(self) -> None:
        if self.__closed:
            raise InvalidStateError("RTCPeerConnection is closed")

    def __transceiver_by_mid(self, mid) -> RTCRtpTransceiver | None:
        return next((t for t in self.__transceivers if t.mid == mid), None)

    def __transceiver_by_mline(self, index: int) -> RTCRtpTransceiver | None:
        return next((t for t in self.__transceivers if t._get_mline_index() == index), None)

    def __validate(self, description: sdp.SessionDescription, is_local: bool) -> None:
        state = self.__signalingState
        if state == "closed":
            raise InvalidStateError("RTCPeerConnection is closed")
        allowed = {
            (True, "offer"): ("stable", "have-local-offer"),
            (True, "answer"): ("have-remote-offer", "have-local-pranswer"),
            (False, "offer"): ("stable", "have-remote-offer"),
            (False, "answer"): ("have-local-offer", "have-remote-pranswer"),
        }.get((is_local, description.type))
        if allowed is not None and state not in allowed:
            side = "local" if is_local else "remote"
            raise InvalidStateError(f'Cannot handle {side} {description.type} in signaling state "{state}"')
        for media in description.media:
            if not media.ice_ufrag or not media.ice_pwd:
                raise ValueError("ICE username fragment or password is missing")

    def __set_signaling_state(self, state: str) -> None:
        self.__signalingState = state
        self.emit("signalingstatechange")

    def __set_ice_gathering_state(self, state: str) -> None:
        if state != self.__iceGatheringState:
            self.__iceGatheringState = state
            self.emit("icegatheringstatechange")

    def __set_ice_connection_state(self, state: str) -> None:
        if state != self.__iceConnectionState:
            self.__iceConnectionState = state
            self.emit("iceconnectionstatechange")

    def __update_connection_state(self) -> None:
        ice, dtls = self.__iceConnectionState, self.__dtls.state
        if self.__closed:
            state = "closed"
        elif ice == "failed" or dtls == "failed":
            state = "failed"
        elif ice == "new" and dtls == "new":
            state = "new"
        elif ice == "checking" or dtls in ("new", "connecting"):
            state = "connecting"
        else:
            state = "connected"
        if state != self.__connectionState:
            self.__connectionState = state
            self.emit("connectionstatechange")
        # aiortc: once every DTLS transport is closed, the connection shuts itself down
        if not self.__closed and self.__close_task is None and dtls == "closed":
            self.__close_task = asyncio.ensure_future(self.close())


async def _establish(a: RTCPeerConnection, b: RTCPeerConnection) -> None:
    """ICE checks, DTLS handshake, media and SCTP between two peer connections."""
    a._rt_link_started(True)
    b._rt_link_started(True)
    a._rt_ice_checking()
    b._rt_ice_checking()
    try:
        await asyncio.sleep(ICE_CHECK_SECS)
        if not (a._rt_ice_ready() and b._rt_ice_ready()):
            return
        a._peer, b._peer = b, a
        a._rt_ice_completed()
        b._rt_ice_completed()
        await asyncio.sleep(DTLS_HANDSHAKE_SECS)
        if a._peer is not b:
            return
        a._rt_dtls_connected()
        b._rt_dtls_connected()
        await a._rt_start_media()
        await b._rt_start_media()
        await asyncio.sleep(SCTP_ASSOCIATION_SECS)
        if a._peer is not b:
            return
        a._rt_start_sctp()
        b._rt_start_sctp()
    finally:
        a._rt_link_started(False)
        b._rt_link_started(False)
