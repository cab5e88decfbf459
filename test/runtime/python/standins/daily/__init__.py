"""Stand-in for daily-python (``daily``): the subset pipecat 1.7.0's Daily transport uses.

pipecat/transports/daily/transport.py imports ``AudioData, CallClient, CustomAudioSource,
CustomAudioTrack, CustomVideoSource, CustomVideoTrack, Daily, EventHandler, VideoFrame,
VirtualSpeakerDevice, LogLevel`` and relies on these behaviours, kept here:

- ``Daily.init()`` once per process; ``Daily.create_native_vad`` (``WebRTCVADAnalyzer``);
  ``Daily.create_speaker_device`` / ``select_speaker_device`` (input without user tracks:
  ``VirtualSpeakerDevice.read_frames(n, completion=...)``, non-blocking: what is buffered, maybe
  nothing).
- ``CallClient(event_handler=...)`` whose methods return at once and report through a
  ``completion`` callable on another thread: ``join`` -> ``(data, error)`` with
  ``data["participants"]["local"]`` and ``data["meetingSession"]["id"]``; ``start_dialout`` and
  ``start_recording`` -> ``(id, error)``; the others -> ``error`` (None on success). Calls
  ``DailyTransportClient`` makes without a completion (``update_subscription_profiles``,
  ``update_inputs``, ``update_publishing``) just apply.
- Events reach the ``EventHandler`` subclass as ``on_<event>(...)`` calls on the client's event
  thread, in order, only while the client is in the call (``on_participant_joined(participant)``,
  ``on_participant_left(participant, reason)``, ``on_app_message(message, sender_id)``,
  ``on_dialin_ready(sip_endpoint)``, ``on_dialin_connected(data)``, ``on_dialout_answered(data)``...).
- ``set_video_renderer(participant_id, callback, video_source, color_format)``:
  ``callback(participant_id, VideoFrame, video_source)`` for each frame of a browser user's camera.
- ``set_audio_renderer(participant_id, callback, audio_source, sample_rate, callback_interval_ms)``:
  ``callback(participant_id, AudioData, audio_source)`` every ``callback_interval_ms`` on the
  client's media thread with the participant's microphone at ``sample_rate`` -- continuously,
  silence included, while the participant is in the room and subscribed.
- ``CustomAudioSource(sample_rate, channels, auto_silence).write_frames(pcm, completion=...)``:
  the source consumes audio in real time; ``completion(num_frames)`` fires when what was written
  has (nearly) played, which is what paces pipecat's output. Audio written to a source whose
  track a joined client publishes (the ``microphone`` input's ``customTrack`` given to ``join``, or
  a custom track added with ``add_custom_audio_track``) is reported to the room as bot audio on
  the wire: the part a listener hears (10 ms blocks that are not digital silence), since a
  continuous source such as an avatar's audio carries silence between utterances.
- ``CustomVideoSource.write_frame``: frames written to a source whose track a joined client
  publishes as its camera (or a custom video track) are reported to the room as bot video.
- ``send_app_message(message, participant_id)`` reaches the room's other participants (all of them
  when ``participant_id`` is None); service participants such as a Tavus replica act on it.

The Daily service behind these calls (rooms, remote participants, threads) is
:mod:`daily._service`; the runtime tier's driver (rt/daily.py) drives it.
"""

import enum
import json
import threading
import time
import uuid
import weakref

import numpy as np

from . import _service

__version__ = "0.0-standin"

# ---------------------------------------------------------------------------------------------
# Media value types
# ---------------------------------------------------------------------------------------------


class AudioData:
    """A block of participant audio handed to an audio renderer (daily-python ``AudioData``)."""

    def __init__(self, audio_frames: bytes, sample_rate: int, num_channels: int = 1):
        self._frames = audio_frames
        self._rate = sample_rate
        self._channels = num_channels

    @property
    def bits_per_sample(self) -> int:
        return 16

    @property
    def sample_rate(self) -> int:
        return self._rate

    @property
    def num_channels(self) -> int:
        return self._channels

    @property
    def num_audio_frames(self) -> int:
        return len(self._frames) // (2 * self._channels)

    @property
    def audio_frames(self) -> bytes:
        return self._frames


class VideoFrame:
    """A participant video frame handed to a video renderer (daily-python ``VideoFrame``)."""

    def __init__(self, buffer: bytes, width: int, height: int, color_format: str = "RGBA", timestamp_us: int = 0):
        self._buffer = buffer
        self._width = width
        self._height = height
        self._color_format = color_format
        self._timestamp_us = timestamp_us

    @property
    def buffer(self) -> bytes:
        return self._buffer

    @property
    def width(self) -> int:
        return self._width

    @property
    def height(self) -> int:
        return self._height

    @property
    def timestamp_us(self) -> int:
        return self._timestamp_us

    @property
    def color_format(self) -> str:
        return self._color_format


class LogLevel(enum.Enum):
    """daily-python ``LogLevel`` (pipecat's ``DailyTransport.set_log_level``)."""

    Off = 0
    Error = 1
    Warn = 2
    Info = 3
    Debug = 4
    Trace = 5


# ---------------------------------------------------------------------------------------------
# Audio output: real-time consumption of what the application writes
# ---------------------------------------------------------------------------------------------

#: Call clients currently in a call (the only ones whose published tracks reach a room).
_in_call: "weakref.WeakSet[CallClient]" = weakref.WeakSet()


class _PacedAudioOutput:
    """Consumes written 16-bit PCM at its real rate (WebRTC pulls 10 ms at a time from a custom
    source or virtual microphone); completions fire as the audio plays out."""

    def __init__(self, sample_rate: int, channels: int):
        if sample_rate <= 0 or channels not in (1, 2):
            raise ValueError(f"invalid audio format: {sample_rate} Hz, {channels} channels")
        self._sample_rate = int(sample_rate)
        self._channels = int(channels)
        self._until = 0.0
        self._lock = threading.Lock()

    @property
    def sample_rate(self) -> int:
        return self._sample_rate

    @property
    def channels(self) -> int:
        return self._channels

    def _published_in(self) -> list:
        raise NotImplementedError

    def write_frames(self, frame: bytes, completion=None):
        frame = bytes(frame)
        num_frames = len(frame) // (2 * self._channels)
        seconds = num_frames / self._sample_rate
        with self._lock:
            now = time.monotonic()
            start = max(now, self._until)
            self._until = start + seconds
            end = self._until
        done = threading.Event()

        def played():
            rooms = self._published_in()
            heard = _service.audible_seconds(frame, self._sample_rate, self._channels) if rooms else 0.0
            for room in rooms:
                room.wire(heard)
            if completion is not None:
                completion(num_frames)
            done.set()

        _service.scheduler().call_at(max(end - _service.SOURCE_LEAD, time.monotonic()), played)
        if completion is None:
            done.wait()
        return num_frames


class CustomAudioSource(_PacedAudioOutput):
    """daily-python ``CustomAudioSource``: where pipecat writes the bot's audio (the microphone
    track and custom audio destinations, ``DailyTransportClient.write_audio_frame``)."""

    def __init__(self, sample_rate: int, channels: int, auto_silence: bool = True):
        super().__init__(sample_rate, channels)
        self.auto_silence = auto_silence
        self._tracks: list = []

    def _published_in(self) -> list:
        rooms = []
        for client in list(_in_call):
            room = client._room
            if room is not None and any(client._publishes(track) for track in self._tracks):
                rooms.append(room)
        return rooms


class CustomAudioTrack:
    """daily-python ``CustomAudioTrack`` over a :class:`CustomAudioSource`; ``id`` is what
    ``join``'s ``client_settings`` names as ``customTrack``."""

    def __init__(self, audio_source: CustomAudioSource):
        if not isinstance(audio_source, CustomAudioSource):
            raise TypeError("CustomAudioTrack needs a CustomAudioSource")
        self._id = str(uuid.uuid4())
        self.source = audio_source
        audio_source._tracks.append(self)

    @property
    def id(self) -> str:
        return self._id


class CustomVideoSource:
    """daily-python ``CustomVideoSource`` (the bot's camera / custom video destinations)."""

    def __init__(self, width: int, height: int, color_format: str = "RGBA"):
        self._width = width
        self._height = height
        self._color_format = color_format
        self.frames_written = 0
        self._tracks: list = []

    @property
    def width(self) -> int:
        return self._width

    @property
    def height(self) -> int:
        return self._height

    @property
    def color_format(self) -> str:
        return self._color_format

    def write_frame(self, frame: bytes) -> None:
        depth = 4 if len(self._color_format) == 4 else 3
        if len(frame) != self._width * self._height * depth:
            _service.report(f"a video frame of {len(frame)} bytes was written to a {self._width}x{self._height} {self._color_format} source")
            return
        self.frames_written += 1
        for client in list(_in_call):
            room = client._room
            if room is not None and client._publishes_video(self):
                room.video(self._width, self._height)


class CustomVideoTrack:
    """daily-python ``CustomVideoTrack`` over a :class:`CustomVideoSource`."""

    def __init__(self, video_source: CustomVideoSource):
        self._id = str(uuid.uuid4())
        self.source = video_source
        video_source._tracks.append(self)

    @property
    def id(self) -> str:
        return self._id


class VirtualMicrophoneDevice(_PacedAudioOutput):
    """daily-python ``VirtualMicrophoneDevice`` (``Daily.create_microphone_device``); on the wire
    when a joined client's ``microphone`` input names it as ``deviceId``."""

    def __init__(self, name: str, sample_rate: int, channels: int, non_blocking: bool = False):
        super().__init__(sample_rate, channels)
        self._name = name
        self.non_blocking = non_blocking

    @property
    def name(self) -> str:
        return self._name

    def _published_in(self) -> list:
        return [c._room for c in list(_in_call) if c._room is not None and c._uses_microphone_device(self._name)]


class VirtualSpeakerDevice:
    """daily-python ``VirtualSpeakerDevice``: the call's mixed remote audio at the device rate, read
    with ``read_frames`` (pipecat's input path when ``audio_in_user_tracks`` is off)."""

    #: Longest backlog kept (a real device drops what nobody reads).
    MAX_BUFFER_SECONDS = 2.0

    def __init__(self, name: str, sample_rate: int, channels: int, non_blocking: bool = False):
        self._name = name
        self._sample_rate = int(sample_rate)
        self._channels = int(channels)
        self.non_blocking = non_blocking
        self._buffer = bytearray()
        self._waiting: list = []  # blocking reads: (bytes wanted, completion)
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._name

    @property
    def sample_rate(self) -> int:
        return self._sample_rate

    @property
    def channels(self) -> int:
        return self._channels

    def read_frames(self, num_frames: int, completion=None):
        wanted = int(num_frames) * 2 * self._channels
        with self._lock:
            if len(self._buffer) >= wanted or self.non_blocking:
                take = min(wanted, len(self._buffer) - len(self._buffer) % (2 * self._channels))
                data = bytes(self._buffer[:take])
                del self._buffer[:take]
            elif completion is not None:
                self._waiting.append((wanted, completion))
                return None
            else:
                data = None
        if data is None:  # blocking read without completion: wait for the audio
            while True:
                time.sleep(_service.TICK / 2)
                with self._lock:
                    if len(self._buffer) >= wanted:
                        data = bytes(self._buffer[:wanted])
                        del self._buffer[:wanted]
                        break
        if completion is not None:
            _service.scheduler().call_soon(completion, data)
            return None
        return data

    def _push(self, pcm: bytes) -> None:
        ready = []
        with self._lock:
            self._buffer += pcm
            limit = int(self.MAX_BUFFER_SECONDS * self._sample_rate) * 2 * self._channels
            if len(self._buffer) > limit:
                del self._buffer[: len(self._buffer) - limit]
            while self._waiting and len(self._buffer) >= self._waiting[0][0]:
                wanted, completion = self._waiting.pop(0)
                ready.append((completion, bytes(self._buffer[:wanted])))
                del self._buffer[:wanted]
        for completion, data in ready:
            _service.scheduler().call_soon(completion, data)


class VirtualCameraDevice(CustomVideoSource):
    """daily-python ``VirtualCameraDevice`` (``Daily.create_camera_device``): a named video source."""

    def __init__(self, name: str, width: int, height: int, color_format: str = "RGBA"):
        super().__init__(width, height, color_format)
        self._name = name

    @property
    def name(self) -> str:
        return self._name


class NativeVad:
    """daily-python ``NativeVad`` (WebRTC VAD, pipecat's ``WebRTCVADAnalyzer``): here a level
    detector, confidence 1.0 when the frame's RMS is above 2% of full scale."""

    def __init__(self, reset_period_ms: int, sample_rate: int, channels: int):
        self._reset_period_ms = reset_period_ms
        self._sample_rate = sample_rate
        self._channels = channels

    @property
    def reset_period_ms(self) -> int:
        return self._reset_period_ms

    @property
    def sample_rate(self) -> int:
        return self._sample_rate

    @property
    def channels(self) -> int:
        return self._channels

    def analyze_frames(self, frame: bytes) -> float:
        samples = np.frombuffer(bytes(frame), dtype=np.int16)
        if samples.size == 0:
            return 0.0
        rms = float(np.sqrt(np.mean((samples.astype(np.float64) / 32768.0) ** 2)))
        return 1.0 if rms > 0.02 else 0.0


# ---------------------------------------------------------------------------------------------
# Daily (process-wide context)
# ---------------------------------------------------------------------------------------------


class Daily:
    """daily-python ``Daily``: process initialisation and virtual devices."""

    _initialized = False
    _log_level = LogLevel.Off
    _speakers: dict = {}
    _microphones: dict = {}
    _cameras: dict = {}
    _selected_speaker: VirtualSpeakerDevice | None = None

    @staticmethod
    def init(worker_threads: int = 2, log_level: LogLevel = LogLevel.Off) -> None:
        Daily._initialized = True
        Daily._log_level = log_level
        _service.scheduler()

    @staticmethod
    def deinit() -> None:
        Daily._initialized = False

    @staticmethod
    def set_log_level(log_level: LogLevel) -> None:
        Daily._log_level = log_level

    @staticmethod
    def create_camera_device(device_name: str, width: int, height: int, color_format: str = "RGBA") -> VirtualCameraDevice:
        device = VirtualCameraDevice(device_name, width, height, color_format)
        Daily._cameras[device_name] = device
        return device

    @staticmethod
    def create_speaker_device(device_name: str, sample_rate: int = 16000, channels: int = 1, non_blocking: bool = False) -> VirtualSpeakerDevice:
        device = VirtualSpeakerDevice(device_name, sample_rate, channels, non_blocking)
        Daily._speakers[device_name] = device
        return device

    @staticmethod
    def create_microphone_device(device_name: str, sample_rate: int = 16000, channels: int = 1, non_blocking: bool = False) -> VirtualMicrophoneDevice:
        device = VirtualMicrophoneDevice(device_name, sample_rate, channels, non_blocking)
        Daily._microphones[device_name] = device
        return device

    @staticmethod
    def create_native_vad(reset_period_ms: int = 1000, sample_rate: int = 16000, channels: int = 1) -> NativeVad:
        return NativeVad(reset_period_ms, sample_rate, channels)

    @staticmethod
    def select_speaker_device(device_name: str) -> None:
        if device_name not in Daily._speakers:
            raise RuntimeError(f"no speaker device named {device_name}")
        Daily._selected_speaker = Daily._speakers[device_name]


# ---------------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------------


class EventHandler:
    """daily-python ``EventHandler``: subclass it and pass it to ``CallClient``; every event is a
    no-op unless overridden (pipecat's ``DailyTransportClient`` overrides the ones it uses)."""

    def __init__(self) -> None:
        pass

    def on_active_speaker_changed(self, participant): ...
    def on_app_message(self, message, sender): ...
    def on_available_devices_updated(self, available_devices): ...
    def on_call_state_updated(self, state): ...
    def on_dialin_connected(self, data): ...
    def on_dialin_ready(self, sip_endpoint): ...
    def on_dialin_error(self, data): ...
    def on_dialin_stopped(self, data): ...
    def on_dialin_warning(self, data): ...
    def on_dialout_answered(self, data): ...
    def on_dialout_connected(self, data): ...
    def on_dialout_error(self, data): ...
    def on_dialout_stopped(self, data): ...
    def on_dialout_warning(self, data): ...
    def on_dtmf_event(self, data): ...
    def on_error(self, message): ...
    def on_inputs_updated(self, input_settings): ...
    def on_live_stream_error(self, stream_id, message): ...
    def on_live_stream_started(self, status): ...
    def on_live_stream_stopped(self, stream_id): ...
    def on_live_stream_updated(self, state): ...
    def on_live_stream_warning(self, stream_id, message): ...
    def on_network_stats_updated(self, stats): ...
    def on_participant_counts_updated(self, counts): ...
    def on_participant_joined(self, participant): ...
    def on_participant_left(self, participant, reason): ...
    def on_participant_updated(self, participant): ...
    def on_publishing_updated(self, publishing_settings): ...
    def on_recording_error(self, stream_id, message): ...
    def on_recording_started(self, status): ...
    def on_recording_stopped(self, stream_id): ...
    def on_subscription_profiles_updated(self, subscription_profiles): ...
    def on_subscriptions_updated(self, subscriptions): ...
    def on_transcription_error(self, message): ...
    def on_transcription_message(self, message): ...
    def on_transcription_started(self, status): ...
    def on_transcription_stopped(self, stopped_by, stopped_by_error): ...
    def on_transcription_updated(self, update): ...


# ---------------------------------------------------------------------------------------------
# CallClient
# ---------------------------------------------------------------------------------------------


def _merge(target: dict, update) -> dict:
    """Daily merges partial settings into the current ones."""
    for key, value in (update or {}).items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = json.loads(json.dumps(value)) if isinstance(value, (dict, list)) else value
    return target


def _is_on(value) -> bool:
    """A publishing entry: ``True``, ``{"isPublishing": bool, ...}`` or ``{"sendSettings": ...}``."""
    if isinstance(value, dict):
        return bool(value.get("isPublishing", True))
    return bool(value)


class _AudioRenderer:
    def __init__(self, callback, audio_source: str, sample_rate: int, interval_ms: int):
        self.callback = callback
        self.audio_source = audio_source
        self.sample_rate = int(sample_rate)
        self.interval_ms = int(interval_ms)
        self.buffer = bytearray()
        self.marks: list = []


class CallClient:
    """daily-python ``CallClient`` (see the module docstring for what it reports and how)."""

    def __init__(self, event_handler: EventHandler | None = None):
        if not Daily._initialized:
            raise RuntimeError("Daily.init() must be called before creating a CallClient")
        self._handler = event_handler
        self._id = str(uuid.uuid4())
        short = self._id[:8]
        self._events = _service.Dispatcher(f"daily-standin-events-{short}")
        self._media = _service.Dispatcher(f"daily-standin-media-{short}")
        self._lock = threading.RLock()
        self._room: _service.Room | None = None
        self._state = "new"  # new, joining, joined, leaving, left
        self._released = False
        self._user_name = "Guest"
        self._token = None
        self._inputs: dict = {
            "camera": {"isEnabled": False, "settings": {}},
            "microphone": {"isEnabled": False, "settings": {}},
        }
        self._publishing: dict = {"camera": {"isPublishing": False}, "microphone": {"isPublishing": False}}
        self._profiles: dict = {"base": {"camera": "subscribed", "microphone": "subscribed", "screenVideo": "subscribed", "screenAudio": "subscribed"}}
        self._participant_subscriptions: dict = {}
        self._audio_renderers: dict[tuple[str, str], _AudioRenderer] = {}
        self._video_renderers: dict[tuple[str, str], tuple] = {}
        self._custom_audio: dict[str, CustomAudioTrack] = {}
        self._custom_video: dict[str, CustomVideoTrack] = {}

    # -- plumbing ---------------------------------------------------------------------------------
    def _complete(self, completion, *args) -> None:
        if completion is not None:
            self._events.post(completion, *args)

    def _handle(self, event: str, *args) -> None:
        """On the event thread: hand one event to the handler, if still in the call."""
        if self._released or self._state not in ("joined", "leaving"):
            return
        method = getattr(self._handler, event, None) if self._handler is not None else None
        if method is not None:
            method(*args)

    def _post_event(self, event: str, *args) -> None:
        if self._state == "joined" and not self._released:
            self._events.post(self._handle, event, *args)

    def _record(self, method: str, argument=None) -> None:
        room = self._room
        if room is not None:
            room.record(method, argument)

    def _not_in_call(self) -> str | None:
        return None if self._state == "joined" else "not in a call"

    # -- call lifecycle ---------------------------------------------------------------------------
    def join(self, meeting_url: str, meeting_token: str | None = None, client_settings=None, completion=None) -> None:
        with self._lock:
            if self._released:
                raise RuntimeError("CallClient was released")
            if self._state in ("joining", "joined"):
                self._complete(completion, None, "already joined or joining a call")
                return
            self._state = "joining"
            if client_settings:
                _merge(self._inputs, client_settings.get("inputs"))
                _merge(self._publishing, client_settings.get("publishing"))
                _merge(self._profiles, client_settings.get("subscriptionProfiles"))
        self._token = meeting_token
        self._events.post(self._do_join, meeting_url, completion)

    def _do_join(self, meeting_url: str, completion) -> None:
        time.sleep(0.01)  # signalling round trip
        room = _service.room_for(meeting_url)
        if room is None:
            self._state = "new"
            if completion is not None:
                completion(None, f"Room {meeting_url} does not exist (or the meeting has ended)")
            return
        with self._lock:
            self._room = room
            self._state = "joined"
            _in_call.add(self)
        room.attach(self)
        data = {
            "participants": {"local": self._local_participant(), **room.remote_participants()},
            "meetingSession": {"id": room.session_id},
        }
        self._handle("on_call_state_updated", "joined")
        if completion is not None:
            completion(data, None)
        if room.sip_endpoint:
            # Daily's SIP worker announces the room's endpoint once a client is in the room.
            time.sleep(0.02)
            self._handle("on_dialin_ready", room.sip_endpoint)

    def leave(self, completion=None) -> None:
        with self._lock:
            if self._state != "joined":
                self._complete(completion, None)
                return
            self._state = "leaving"
        self._events.post(self._do_leave, completion)

    def _do_leave(self, completion) -> None:
        time.sleep(0.005)
        room = self._room
        self._handle("on_call_state_updated", "left")
        with self._lock:
            self._state = "left"
            _in_call.discard(self)
            self._audio_renderers.clear()
        if room is not None:
            room.detach(self)
        if completion is not None:
            completion(None)

    def release(self) -> None:
        with self._lock:
            if self._released:
                return
            self._released = True
            self._state = "left"
            _in_call.discard(self)
            room = self._room
        if room is not None:
            room.detach(self)
        self._events.close()
        self._media.close()

    # -- state --------------------------------------------------------------------------------------
    def _local_participant(self) -> dict:
        return {
            "id": self._id,
            "info": {"isLocal": True, "isOwner": bool(self._token), "userName": self._user_name, "joinedAt": int(time.time())},
            "media": {"microphone": {"state": "sendable" if self._inputs["microphone"].get("isEnabled") else "off"}},
        }

    def set_user_name(self, user_name: str) -> None:
        self._user_name = user_name

    def participants(self) -> dict:
        result = {"local": self._local_participant()}
        if self._room is not None and self._state == "joined":
            result.update(self._room.remote_participants())
        return result

    def participant_counts(self) -> dict:
        if self._room is None or self._state != "joined":
            return {"present": 0, "hidden": 0}
        return self._room.counts()

    def active_speaker(self) -> dict:
        return {}

    def inputs(self) -> dict:
        return json.loads(json.dumps(self._inputs))

    def publishing(self) -> dict:
        return json.loads(json.dumps(self._publishing))

    def subscriptions(self) -> dict:
        return json.loads(json.dumps(self._participant_subscriptions))

    def subscription_profiles(self) -> dict:
        return json.loads(json.dumps(self._profiles))

    def get_network_stats(self) -> dict:
        return {"threshold": "good", "quality": 100, "stats": {}}

    # -- settings ---------------------------------------------------------------------------------
    def update_inputs(self, input_settings, completion=None) -> None:
        with self._lock:
            _merge(self._inputs, input_settings)
        self._complete(completion, None)
        self._post_event("on_inputs_updated", self.inputs())

    def update_publishing(self, publishing_settings, completion=None) -> None:
        with self._lock:
            _merge(self._publishing, publishing_settings)
        self._complete(completion, None)
        self._post_event("on_publishing_updated", self.publishing())

    def update_subscriptions(self, participant_settings=None, profile_settings=None, completion=None) -> None:
        with self._lock:
            _merge(self._participant_subscriptions, participant_settings)
            _merge(self._profiles, profile_settings)
        self._complete(completion, None)
        self._post_event("on_subscriptions_updated", self.subscriptions())

    def update_subscription_profiles(self, profile_settings, completion=None) -> None:
        with self._lock:
            _merge(self._profiles, profile_settings)
        self._complete(completion, None)
        self._post_event("on_subscription_profiles_updated", self.subscription_profiles())

    def update_permissions(self, permissions, completion=None) -> None:
        self._complete(completion, self._not_in_call())

    def update_remote_participants(self, remote_participants, completion=None) -> None:
        self._record("update_remote_participants", remote_participants)
        self._complete(completion, self._not_in_call())

    def eject_remote_participants(self, ids, completion=None) -> None:
        error = self._not_in_call()
        if not error and self._room is not None:
            for pid in ids:
                p = self._room.participants.get(pid)
                if p is not None:
                    self._room.remove_participant(p, "ejected")
        self._complete(completion, error)

    def _subscribed(self, participant_id: str, kind: str) -> bool:
        with self._lock:
            media = self._participant_subscriptions.get(participant_id, {}).get("media", {})
            state = media.get(kind)
            if state is None:
                profile = self._participant_subscriptions.get(participant_id, {}).get("profile", "base")
                state = self._profiles.get(profile, {}).get(kind, "subscribed")
        return state == "subscribed"

    def _publishes(self, track) -> bool:
        """Whether ``track`` (a CustomAudioTrack) goes out from this client."""
        with self._lock:
            for kind in ("microphone", "screenAudio"):
                entry = self._inputs.get(kind, {})
                custom = entry.get("settings", {}).get("customTrack", {})
                if entry.get("isEnabled") and custom.get("id") == track.id and _is_on(self._publishing.get(kind, False)):
                    return True
            for name, t in self._custom_audio.items():
                if t is track and _is_on(self._publishing.get("customAudio", {}).get(name, True)):
                    return True
        return False

    def _publishes_video(self, source) -> bool:
        """Whether frames of ``source`` (a CustomVideoSource or camera device) go out from this client."""
        with self._lock:
            entry = self._inputs.get("camera", {})
            settings = entry.get("settings", {})
            if entry.get("isEnabled") and _is_on(self._publishing.get("camera", False)):
                if any(settings.get("customTrack", {}).get("id") == t.id for t in source._tracks):
                    return True
                if isinstance(source, VirtualCameraDevice) and settings.get("deviceId") == source.name:
                    return True
            for name, t in self._custom_video.items():
                if t.source is source and _is_on(self._publishing.get("customVideo", {}).get(name, True)):
                    return True
        return False

    def _uses_microphone_device(self, name: str) -> bool:
        with self._lock:
            entry = self._inputs.get("microphone", {})
            return bool(entry.get("isEnabled")) and entry.get("settings", {}).get("deviceId") == name and _is_on(self._publishing.get("microphone", False))

    # -- custom tracks ------------------------------------------------------------------------------
    def add_custom_audio_track(self, track_name: str, audio_track: CustomAudioTrack, ignore_audio_level=None, completion=None) -> None:
        with self._lock:
            self._custom_audio[track_name] = audio_track
        self._complete(completion, None)

    def update_custom_audio_track(self, track_name: str, audio_track: CustomAudioTrack, ignore_audio_level=None, completion=None) -> None:
        with self._lock:
            self._custom_audio[track_name] = audio_track
        self._complete(completion, None)

    def remove_custom_audio_track(self, track_name: str, completion=None) -> None:
        with self._lock:
            missing = self._custom_audio.pop(track_name, None) is None
        self._complete(completion, f"no custom audio track named {track_name}" if missing else None)

    def add_custom_video_track(self, track_name: str, video_track: CustomVideoTrack, completion=None) -> None:
        with self._lock:
            self._custom_video[track_name] = video_track
        self._complete(completion, None)

    def update_custom_video_track(self, track_name: str, video_track: CustomVideoTrack, completion=None) -> None:
        with self._lock:
            self._custom_video[track_name] = video_track
        self._complete(completion, None)

    def remove_custom_video_track(self, track_name: str, completion=None) -> None:
        with self._lock:
            missing = self._custom_video.pop(track_name, None) is None
        self._complete(completion, f"no custom video track named {track_name}" if missing else None)

    # -- messages ---------------------------------------------------------------------------------
    def send_app_message(self, message, participant_id: str | None = None, serialize_none: bool = True, completion=None) -> None:
        error = self._not_in_call()
        if not error:
            try:
                json.dumps(message)
            except (TypeError, ValueError) as e:
                error = f"app message is not JSON serializable: {e}"
        if not error and self._room is not None:
            with self._room._lock:
                self._room.messages.append((message, participant_id))
            self._room.deliver_app_message(message, self._id, participant_id)
        self._complete(completion, error)

    def send_prebuilt_chat_message(self, message: str, user_name: str | None = None, completion=None) -> None:
        self._record("send_prebuilt_chat_message", message)
        self._complete(completion, self._not_in_call())

    # -- telephony --------------------------------------------------------------------------------
    def start_dialout(self, settings, completion=None) -> None:
        error = self._not_in_call()
        settings = dict(settings or {})
        if not error and not (settings.get("phoneNumber") or settings.get("sipUri")):
            error = "dial-out settings need a phoneNumber or a sipUri"
        phone = settings.get("phoneNumber")
        if not error and phone is not None and not (isinstance(phone, str) and phone.startswith("+") and phone[1:].isdigit()):
            error = f"phoneNumber {phone!r} is not in E.164 form"
        sip = settings.get("sipUri")
        if not error and sip is not None and not (isinstance(sip, str) and sip.startswith("sip:")):
            error = f"sipUri {sip!r} is not a SIP URI"
        room = self._room
        if not error and room is not None and room.refuse_dialout is not None:
            # Daily's API may refuse a valid request at once (daily-js startDialOut() errors:
            # NOT_ALLOWED, DIALOUT_IN_PROGRESS, TEMPORARILY_NOT_AVAILABLE); daily-python hands the
            # error to the completion (v0.21.0: "start dialout server error messages").
            error = room.refuse_dialout(sum(1 for name, _ in room.calls if name == "start_dialout"))
        self._record("start_dialout", settings)
        if error:
            self._record("start_dialout failed", {"settings": settings, "error": error})
            self._complete(completion, "", error)
            return
        session_id = str(uuid.uuid4())
        with room._lock:
            room.dialouts.append({"session_id": session_id, "settings": settings, "client": self})
        self._complete(completion, session_id, None)

    def stop_dialout(self, participant_id: str | None = None, completion=None) -> None:
        self._record("stop_dialout", participant_id)
        self._complete(completion, self._not_in_call())

    def send_dtmf(self, settings, completion=None) -> None:
        self._record("send_dtmf", dict(settings or {}))
        self._complete(completion, self._not_in_call())

    def sip_call_transfer(self, settings, completion=None) -> None:
        self._record("sip_call_transfer", dict(settings or {}))
        self._complete(completion, self._not_in_call())

    def sip_refer(self, settings, completion=None) -> None:
        self._record("sip_refer", dict(settings or {}))
        self._complete(completion, self._not_in_call())

    # -- recording and transcription ----------------------------------------------------------------
    def start_recording(self, streaming_settings=None, stream_id=None, force_new=None, completion=None) -> None:
        error = self._not_in_call()
        stream_id = stream_id or str(uuid.uuid4())
        self._complete(completion, "" if error else stream_id, error)
        if not error:
            self._post_event("on_recording_started", {"streamId": stream_id, "startedBy": self._id, "type": "cloud"})

    def stop_recording(self, stream_id=None, completion=None) -> None:
        error = self._not_in_call()
        self._complete(completion, error)
        if not error:
            self._post_event("on_recording_stopped", stream_id or "")

    def update_recording(self, update_settings=None, stream_id=None, completion=None) -> None:
        self._complete(completion, self._not_in_call())

    def start_transcription(self, settings=None, completion=None) -> None:
        error = self._not_in_call()
        self._complete(completion, error)
        if not error:
            settings = dict(settings or {})
            self._post_event(
                "on_transcription_started",
                {"transcriptId": str(uuid.uuid4()), "instanceId": str(uuid.uuid4()), "language": settings.get("language", "en"), "model": settings.get("model", "nova-2-general"), "startedBy": self._id},
            )

    def stop_transcription(self, completion=None) -> None:
        error = self._not_in_call()
        self._complete(completion, error)
        if not error:
            self._post_event("on_transcription_stopped", self._id, False)

    def update_transcription(self, participants=None, instance_id=None, completion=None) -> None:
        self._complete(completion, self._not_in_call())

    # -- media in ---------------------------------------------------------------------------------
    def set_audio_renderer(self, participant_id: str, callback, audio_source: str = "microphone", sample_rate: int = 16000, callback_interval_ms: int = 20) -> None:
        if callback_interval_ms <= 0 or callback_interval_ms % 10:
            raise ValueError("callback_interval_ms must be a positive multiple of 10")
        with self._lock:
            self._audio_renderers[(participant_id, audio_source)] = _AudioRenderer(callback, audio_source, sample_rate, callback_interval_ms)

    def set_video_renderer(self, participant_id: str, callback, video_source: str = "camera", color_format: str = "RGBA") -> None:
        with self._lock:
            self._video_renderers[(participant_id, video_source)] = (callback, color_format)

    def _render_participant_audio(self, participant, chunk: bytes, once) -> bool:
        """Media clock thread: hand ``participant``'s next 20 ms to its renderer, if any."""
        if self._state != "joined" or self._released:
            return False
        with self._lock:
            renderer = self._audio_renderers.get((participant.id, "microphone"))
        if renderer is None or not self._subscribed(participant.id, "microphone"):
            return False
        renderer.buffer += _service.resample(chunk, participant.rate, renderer.sample_rate)
        renderer.marks.append(once)
        size = int(renderer.sample_rate * renderer.interval_ms / 1000) * 2
        blocks = []
        while len(renderer.buffer) >= size:
            blocks.append(bytes(renderer.buffer[:size]))
            del renderer.buffer[:size]
        for i, block in enumerate(blocks):
            marks = []
            if i == len(blocks) - 1:
                marks, renderer.marks = renderer.marks, []
            self._media.post(self._deliver_audio, renderer, participant.id, block, marks)
        return True

    def _deliver_audio(self, renderer: _AudioRenderer, participant_id: str, block: bytes, marks: list) -> None:
        if self._state == "joined" and not self._released:
            renderer.callback(participant_id, AudioData(block, renderer.sample_rate, 1), renderer.audio_source)
        for mark in marks:
            mark()

    def _render_participant_video(self, participant, width: int, height: int) -> None:
        """Media clock thread: one camera frame of ``participant`` to its video renderer, if any."""
        if self._state != "joined" or self._released:
            return
        with self._lock:
            renderer = self._video_renderers.get((participant.id, "camera"))
        if renderer is None or not self._subscribed(participant.id, "camera"):
            return
        callback, color_format = renderer
        frame = VideoFrame(participant.camera_frame(width, height, color_format), width, height, color_format, int(time.time() * 1e6))
        self._media.post(self._deliver_video, callback, participant.id, frame)

    def _deliver_video(self, callback, participant_id: str, frame: VideoFrame) -> None:
        if self._state == "joined" and not self._released:
            callback(participant_id, frame, "camera")

    def _feed_speaker(self, chunks: list) -> None:
        """Media clock thread: the room's mixed remote audio goes to the selected speaker device."""
        speaker = Daily._selected_speaker
        if speaker is None or self._state != "joined" or self._released:
            return
        parts = [_service.resample(chunk, p.rate, speaker.sample_rate) for p, chunk in chunks if self._subscribed(p.id, "microphone")]
        if parts:
            n = min(len(x) for x in parts)
            pcm = _service.mix([x[:n] for x in parts])
            if speaker.channels == 2:
                pcm = np.repeat(np.frombuffer(pcm, dtype=np.int16), 2).tobytes()
            speaker._push(pcm)

    # -- misc -------------------------------------------------------------------------------------
    def set_proxy_url(self, proxy_url=None, completion=None) -> None:
        self._complete(completion, None)

    def set_ice_config(self, ice_config=None, completion=None) -> None:
        self._complete(completion, None)
