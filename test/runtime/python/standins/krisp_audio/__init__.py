"""Stand-in for Krisp's ``krisp_audio`` SDK, as pipecat's KrispVivaFilter drives it
(pipecat/audio/krisp_instance.py, pipecat/audio/filters/krisp_viva_filter.py).

A noise-cancelling session returns each frame unchanged (a perfectly clean caller), so the
filter runs its own framing and buffering while the scripted speech reaches the VAD intact.
Calls are recorded in :data:`CALLS` (never audio); :data:`FILTERED` counts the seconds of audio the
sessions were handed, and of those the seconds that carried sound (a frame peaking above
:data:`VOICED_PEAK`), so the runtime tier can tell that a caller's speech went through the filter.
"""

import enum

CALLS: list[str] = []
#: Seconds of audio every noise-cancelling session processed: ``{"seconds": s, "voiced": s}``.
FILTERED = {"seconds": 0.0, "voiced": 0.0}
#: A frame whose largest sample exceeds this (16-bit) counts as sound, not silence.
VOICED_PEAK = 2000


class SamplingRate(enum.Enum):
    Sr8000Hz = 8000
    Sr16000Hz = 16000
    Sr24000Hz = 24000
    Sr32000Hz = 32000
    Sr44100Hz = 44100
    Sr48000Hz = 48000


class FrameDuration(enum.Enum):
    Fd10ms = 10
    Fd15ms = 15
    Fd20ms = 20
    Fd30ms = 30
    Fd32ms = 32


class LogLevel(enum.Enum):
    Off = 0
    Err = 1
    Warn = 2
    Info = 3


def globalInit(*args, **kwargs):
    CALLS.append("globalInit")


def globalDestroy():
    CALLS.append("globalDestroy")


class _Version:
    major, minor, patch = 1, 6, 1

    def __str__(self):
        return "1.6.1-standin"


def getVersion():
    return _Version()


class ModelInfo:
    def __init__(self):
        self.path = ""


class NcSessionConfig:
    def __init__(self):
        self.inputSampleRate = None
        self.inputFrameDuration = None
        self.outputSampleRate = None
        self.modelInfo = None


class TtsDetectionSessionConfig(NcSessionConfig):
    pass


class _NcSession:
    def __init__(self, config):
        self.config = config

    def process(self, frame, level=100):
        rate = getattr(self.config.inputSampleRate, "value", None) or 16000
        seconds = len(frame) / rate
        FILTERED["seconds"] += seconds
        if len(frame) and int(abs(frame.astype("int32")).max()) > VOICED_PEAK:
            FILTERED["voiced"] += seconds
        return frame


class NcInt16:
    @staticmethod
    def create(config):
        CALLS.append("NcInt16.create")
        return _NcSession(config)


class NcFloat(NcInt16):
    pass


class _TtsDetector:
    def __init__(self, config):
        self.config = config

    def process(self, frame):
        return 0.0


class TtsDetectorFloat:
    @staticmethod
    def create(config):
        return _TtsDetector(config)
