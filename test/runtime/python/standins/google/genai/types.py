"""google-genai's ``google.genai.types``, as values: what pipecat builds is kept, so the Gemini
stand-in (``google.genai``) reads the request pipecat's adapter really made.

Every type is a :class:`Model`: its keyword arguments are its fields, any other field reads
``None`` (the SDK's pydantic models default optional fields to None), and it has the helpers
pipecat calls (``to_json_dict``, ``model_dump``, ``copy``, ``Part.from_text``/``from_uri``/
``from_bytes``/``from_function_call``/``from_function_response``). :class:`FinishReason` is the
SDK's enum (pipecat compares members). Any other name is such a model class, made on first use;
class-level constants of those (e.g. ``Modality.AUDIO``) are recording fakes.
"""

import enum

import _autofake


def _plain(value):
    if isinstance(value, Model):
        return value.to_json_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    return value


class Model(metaclass=_autofake._FakeMeta):
    """A google-genai model instance holding the fields it was built with."""

    _rt_name = "google.genai.types.Model"

    @classmethod
    def __get_pydantic_core_schema__(cls, source, handler):
        """Pydantic models that declare a google-genai type as a field accept any value for it."""
        from pydantic_core import core_schema

        return core_schema.any_schema()

    def __init__(self, *args, **fields):
        if args:  # an enum-like value, e.g. Modality("AUDIO")
            self.value = args[0]
        self.__dict__.update(fields)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None

    def to_json_dict(self) -> dict:
        return {k: _plain(v) for k, v in self.__dict__.items() if v is not None}

    def model_dump(self, exclude_none: bool = False, **kwargs) -> dict:
        return self.to_json_dict()

    def copy(self):
        return type(self)(**self.__dict__)

    model_copy = copy

    @classmethod
    def model_validate(cls, data):
        return cls(**data) if isinstance(data, dict) else data

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(sorted(self.__dict__))})"


class Blob(Model):
    pass


class FileData(Model):
    pass


class FunctionCall(Model):
    pass


class FunctionResponse(Model):
    pass


class Part(Model):
    @classmethod
    def from_text(cls, *, text: str):
        return cls(text=text)

    @classmethod
    def from_uri(cls, *, file_uri: str, mime_type: str | None = None):
        return cls(file_data=FileData(file_uri=file_uri, mime_type=mime_type))

    @classmethod
    def from_bytes(cls, *, data: bytes, mime_type: str):
        return cls(inline_data=Blob(data=data, mime_type=mime_type))

    @classmethod
    def from_function_call(cls, *, name: str, args: dict):
        return cls(function_call=FunctionCall(name=name, args=args))

    @classmethod
    def from_function_response(cls, *, name: str, response: dict):
        return cls(function_response=FunctionResponse(name=name, response=response))


class Content(Model):
    pass


class FinishReason(str, enum.Enum):
    FINISH_REASON_UNSPECIFIED = "FINISH_REASON_UNSPECIFIED"
    STOP = "STOP"
    MAX_TOKENS = "MAX_TOKENS"
    SAFETY = "SAFETY"
    RECITATION = "RECITATION"
    LANGUAGE = "LANGUAGE"
    OTHER = "OTHER"
    BLOCKLIST = "BLOCKLIST"
    PROHIBITED_CONTENT = "PROHIBITED_CONTENT"
    SPII = "SPII"
    MALFORMED_FUNCTION_CALL = "MALFORMED_FUNCTION_CALL"


_made: dict[str, type] = {}


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    if name not in _made:
        _made[name] = type(name, (Model,), {"_rt_name": f"google.genai.types.{name}", "__module__": __name__})
    return _made[name]
