"""``riva_tts.proto`` messages as pipecat's ``NvidiaTTSService`` builds and reads them: a request
keeps the fields it is given or set on it (``text``, ``language_code``, ``sample_rate_hz``,
``encoding``, ``voice_name``, ``zero_shot_data`` …; unset ones read as protobuf defaults), a
response carries ``audio``."""


class _Message:
    _defaults: dict = {}

    def __init__(self, **fields):
        for name, value in self._defaults.items():
            setattr(self, name, value() if callable(value) else value)
        self.__dict__.update(fields)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class ZeroShotData(_Message):
    pass


class SynthesizeSpeechRequest(_Message):
    _defaults = {"text": "", "language_code": "", "encoding": 0, "sample_rate_hz": 0, "voice_name": "", "zero_shot_data": ZeroShotData}


class SynthesizeSpeechResponse(_Message):
    _defaults = {"audio": b""}


class RivaSynthesisConfigRequest(_Message):
    pass


class RivaSynthesisConfigResponse(_Message):
    _defaults = {"model_config": list}
