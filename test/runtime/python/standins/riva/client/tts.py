"""Riva's speech synthesis (``riva.client.SpeechSynthesisService``) as pipecat's ``NvidiaTTSService``
uses it (pipecat/services/nvidia/tts.py 1.8: ``_initialize_client``, ``_create_synthesis_config``,
``_synthesis_handler`` and ``_run_tts_per_sentence`` iterating ``stub.SynthesizeOnline`` in a
worker thread, ``call.cancel()`` on interruption).

As Riva's ``SynthesizeOnline`` does (docs.nvidia.com/deeplearning/riva, "TTS" gRPC API): NVIDIA's
hosted API (``grpc.nvcf.nvidia.com``) refuses a call whose metadata carries no ``authorization``
or ``function-id`` (gRPC UNAUTHENTICATED); a request needs ``language_code``, a positive
``sample_rate_hz`` and a LINEAR_PCM ``encoding`` (else INVALID_ARGUMENT); each request's ``text`` is
spoken as ``SynthesizeSpeechResponse`` chunks of 16-bit PCM at ``sample_rate_hz`` (Riva
resamples server side), the request's text spoken (``_vendors.edge.speech``). ``cancel()`` ends the stream.
"""

import threading
import time

from .asr import AudioEncoding
from .proto.riva_tts_pb2 import RivaSynthesisConfigResponse, SynthesizeSpeechResponse


class RpcError(Exception):
    """A gRPC error: ``code()`` (with ``.name``) and ``details()``, as grpc's call errors."""

    class _Code:
        def __init__(self, name):
            self.name = name

    def __init__(self, code: str, details: str):
        super().__init__(f"{code}: {details}")
        self._code, self._details = code, details

    def code(self):
        return self._Code(self._code)

    def details(self):
        return self._details


class _Call:
    """The response stream of one ``SynthesizeOnline`` call (iterated in a worker thread)."""

    def __init__(self, requests):
        self._requests = requests
        self._cancelled = threading.Event()

    def cancel(self) -> bool:
        self._cancelled.set()
        return True

    def __iter__(self):
        from _vendors import edge

        for request in self._requests:
            if self._cancelled.is_set():
                return
            if not request.language_code or not request.sample_rate_hz or request.sample_rate_hz <= 0:
                raise RpcError("INVALID_ARGUMENT", "language_code and a positive sample_rate_hz are required")
            if request.encoding != AudioEncoding.LINEAR_PCM:
                raise RpcError("INVALID_ARGUMENT", f"the stand-in speaks LINEAR_PCM only (asked for {request.encoding})")
            if not (request.text or "").strip():
                continue
            rate = int(request.sample_rate_hz)
            audio = edge.speech(rate, request.text)
            step = rate // 10 * 2  # 100 ms per response
            for i in range(0, len(audio), step):
                if self._cancelled.is_set():
                    return
                time.sleep(0.005)
                yield SynthesizeSpeechResponse(audio=audio[i : i + step])


class _Stub:
    def __init__(self, auth):
        self._auth = auth

    def _check_auth(self) -> None:
        if "nvcf.nvidia.com" in (self._auth.uri or "") and not {"authorization", "function-id"} <= set(self._auth.metadata_names):
            raise RpcError("UNAUTHENTICATED", "missing authorization or function-id metadata")

    def GetRivaSynthesisConfig(self, request, metadata=None):
        self._check_auth()
        return RivaSynthesisConfigResponse(model_config=[])

    def SynthesizeOnline(self, requests, metadata=None):
        self._check_auth()
        return _Call(requests)


class SpeechSynthesisService:
    """``riva.client.SpeechSynthesisService(auth)``: its ``stub`` answers (see the module docstring)."""

    def __init__(self, auth):
        self.auth = auth
        self.stub = _Stub(auth)
