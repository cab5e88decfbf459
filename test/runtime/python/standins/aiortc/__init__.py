"""Stand-in for aiortc: the WebRTC peer-connection API pipecat's SmallWebRTC transport runs on.

pipecat/transports/smallwebrtc/connection.py, transport.py and request_handler.py use aiortc's
``RTCPeerConnection`` (offer/answer, transceivers, ``track``/``datachannel``/state events,
``close``), ``RTCSessionDescription``, ``RTCConfiguration``/``RTCIceServer``, the receiver's
``RemoteStreamTrack`` (its ``_queue``) and private ``_enabled`` switch, ``MediaStreamTrack``
subclasses (``AudioStreamTrack``, ``VideoStreamTrack.next_timestamp``), ``MediaStreamError``,
``aiortc.sdp.candidate_from_sdp`` and the module attribute
``aiortc.rtcsctptransport.USERDATA_MAX_LENGTH``. This package implements that API with aiortc's
semantics; the network underneath (ICE, DTLS, SRTP, SCTP) is an in-process link between two peer
connections and the codecs are modelled by what aiortc's decoders hand the application (see
``rtcpeerconnection`` and ``rtcrtpreceiver``). Media frames are PyAV frames (the ``av`` stand-in).
"""

from .exceptions import InternalError, InvalidAccessError, InvalidStateError, OperationError
from .mediastreams import AudioStreamTrack, MediaStreamError, MediaStreamTrack, VideoStreamTrack
from .rtcconfiguration import RTCBundlePolicy, RTCConfiguration, RTCIceServer
from .rtcdatachannel import RTCDataChannel, RTCDataChannelParameters
from .rtcicetransport import RTCIceCandidate
from .rtcpeerconnection import RTCPeerConnection
from .rtcrtpreceiver import RemoteStreamTrack, RTCRtpReceiver
from .rtcrtpsender import RTCRtpSender
from .rtcrtptransceiver import RTCRtpTransceiver
from .rtcsctptransport import RTCSctpTransport
from .rtcsessiondescription import RTCSessionDescription

__version__ = "0.0-standin"

__all__ = [
    "AudioStreamTrack", "InternalError", "InvalidAccessError", "InvalidStateError", "MediaStreamError",
    "MediaStreamTrack", "OperationError", "RemoteStreamTrack", "RTCBundlePolicy", "RTCConfiguration",
    "RTCDataChannel", "RTCDataChannelParameters", "RTCIceCandidate", "RTCIceServer", "RTCPeerConnection",
    "RTCRtpReceiver", "RTCRtpSender", "RTCRtpTransceiver", "RTCSctpTransport", "RTCSessionDescription",
    "VideoStreamTrack",
]
