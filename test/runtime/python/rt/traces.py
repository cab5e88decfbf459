"""Feature traces beyond the transcript and the recording: what a session must show when the spec's
``features`` say noise cancellation, observability or video input is on.

- ``noisecancel``: in the ``required`` variant (ENV unset, as on Pipecat Cloud, with the Krisp VIVA
  model the platform provides, rt/main.py ``platform_environment``) pipecat's ``KrispVivaFilter``
  must have been started by the transport's input (``BaseInputTransport.start`` calls
  ``audio_in_filter.start``, which creates the Krisp session, pipecat/transports/base_input.py and
  audio/filters/krisp_viva_filter.py) and must have filtered the user's speech (the stand-in
  ``krisp_audio`` counts the seconds with sound it processed). In the ``all`` variant (ENV=local)
  no Krisp session may be created: the development runner has no Krisp SDK.
- ``observability``: in the ``all`` variant (ENV=local) a ``pipecat_whisker.WhiskerServer`` must
  have been built and its observer fed the pipeline's frames (``pipecat_whisker`` is a recording
  fake, standins/_autofake.py, so the observer's calls are recorded); in ``required`` none is built.
- ``video_input``: on a web session of a transport that carries video (a browser with a camera:
  the ``webrtc`` and ``daily`` drivers), the transport's input must have received the user's camera
  (:func:`install` says where each transport shows it).

Used by :class:`rt.main.Session` for the ordinary conversation (scenarios keep their own checks).
"""

#: Seconds of the user's speech (rt/probe.py SPEECH_SECONDS is 0.6) that must have gone through the
#: noise filter: half of it, so framing and buffering at the edges never decide.
FILTERED_SPEECH_SECONDS = 0.3
#: Drivers whose client is a browser with a camera.
CAMERA_DRIVERS = ("webrtc", "daily")

_video = {"frames": 0}


def _count(cls, method: str, when) -> None:
    """Count the calls of ``cls.method`` for which ``when(self)`` holds (patched once per class)."""
    if cls.__dict__.get("_rt_traced"):
        return
    original = getattr(cls, method)

    async def counted(self, *args, **kwargs):
        if when(self):
            _video["frames"] += 1
        return await original(self, *args, **kwargs)

    setattr(cls, method, counted)
    cls._rt_traced = True


def install(driver: str) -> None:
    """Count the user's camera frames the session's input transport receives: pushed into the
    pipeline (``BaseInputTransport.push_video_frame`` with ``video_in_enabled``; SmallWebRTC pushes
    every frame), or for Daily handed to the transport's video renderer (``capture_participant_video``
    with pipecat's default framerate 0 renders a frame into the pipeline only on a
    ``UserImageRequestFrame``, transports/daily/transport.py ``_on_participant_video_frame``)."""
    from pipecat.transports.base_input import BaseInputTransport

    _count(BaseInputTransport, "push_video_frame", lambda t: t._params.video_in_enabled)
    if driver == "daily":
        from pipecat.transports.daily.transport import DailyInputTransport

        _count(DailyInputTransport, "_on_participant_video_frame", lambda t: True)


class Traces:
    """The counters at a session's start, and :meth:`problems` at its end."""

    def __init__(self, spec: dict, session: dict, variant: str):
        import _autofake
        import krisp_audio

        install(session.get("driver", ""))
        self.features = spec.get("features", {})
        self.session = session
        self.variant = variant
        self.krisp_calls = len(krisp_audio.CALLS)
        self.filtered = dict(krisp_audio.FILTERED)
        self.video_frames = _video["frames"]
        self.calls_mark = _autofake.CALLS[-1] if len(_autofake.CALLS) else None

    def _fake_calls(self) -> list[str]:
        """Names of the recording fakes' calls since the session started (newest first)."""
        import _autofake

        names = []
        for record in reversed(list(_autofake.CALLS)):
            if record is self.calls_mark:
                break
            names.append(record[0])
        return names

    def problems(self) -> list[str]:
        out: list[str] = []
        if self.features.get("noisecancel"):
            out += self._noise()
        if self.features.get("observability"):
            out += self._whisker()
        if self.features.get("video_input"):
            out += self._camera()
        return out

    def _noise(self) -> list[str]:
        import krisp_audio

        created = krisp_audio.CALLS[self.krisp_calls:].count("NcInt16.create")
        voiced = krisp_audio.FILTERED["voiced"] - self.filtered["voiced"]
        seconds = krisp_audio.FILTERED["seconds"] - self.filtered["seconds"]
        if self.variant == "all":
            if created:
                return ["noise cancellation built a Krisp session under ENV=local (the development runner has no Krisp SDK)"]
            return []
        if not created:
            return ["noise cancellation is on but no Krisp session was started: the transport's input has no KrispVivaFilter (audio_in_filter)"]
        if voiced < FILTERED_SPEECH_SECONDS:
            return [
                f"noise cancellation is on but the Krisp filter processed only {voiced:.2f} s of the user's speech "
                f"({seconds:.2f} s of audio in all; at least {FILTERED_SPEECH_SECONDS} s expected)"
            ]
        return []

    def _whisker(self) -> list[str]:
        calls = self._fake_calls()
        built = [c for c in calls if c.startswith("pipecat_whisker.")]
        if self.variant == "required":
            return ["observability built Whisker on a deployed agent (ENV unset): it is for local runs only"] if built else []
        observer = "pipecat_whisker.WhiskerServer.create_observer()."
        if not any(c.startswith(observer) for c in calls):
            seen = sorted({c for c in built if not c.startswith(observer)})
            return [f"observability is on (ENV=local) but no Whisker observer saw the pipeline's frames (Whisker calls: {seen or 'none'})"]
        return []

    def _camera(self) -> list[str]:
        if self.session.get("call") != "web" or self.session.get("driver") not in CAMERA_DRIVERS:
            return []
        if _video["frames"] == self.video_frames:
            return ["video input is on but no frame of the user's camera reached the transport's input (video_in_enabled, maybe_capture_participant_camera)"]
        return []
