"""Recording fakes for every third-party module pipecat imports that the runtime tier does not run.

Installed by ``rt.main`` as the FIRST entry of ``sys.meta_path``, so a fake is used even when the
real package is installed (``pip install pipecat-ai==1.7.0`` with vendor SDKs). A module is faked
when its top-level name is not in :data:`REAL` (the standard library, pipecat itself, the
interpreter's numpy/pydantic/dotenv/yaml) and no hand-written stand-in for it lies beside this file
(``google/auth`` is hand-written while the rest of ``google`` is faked, for instance).

A fake module hands out, for any attribute, a fake class (cached per name). Fake classes accept any
constructor arguments, and their instances answer any attribute, call, ``await``, ``async with``
and ``with``; every call is appended to :data:`CALLS` as ``(dotted name, positional count, keyword
names)`` (values are never kept: they may be secrets). ``async for`` over a fake waits until the
task is cancelled, as a receive loop on an open connection would. Class names that look like
errors derive from ``Exception`` so ``except vendor.SomeError`` works.
"""

import asyncio
import collections
import importlib.abc
import os
import importlib.machinery
import re
import sys
import types

CALLS: "collections.deque[tuple[str, int, tuple[str, ...]]]" = collections.deque(maxlen=5000)
#: Awaiting the result of one of these calls waits like a quiet open connection (until the task is
#: cancelled) instead of answering at once, so a vendor SDK's receive loop does not spin.
#: ``start_listening`` is the receive loop of the Deepgram and Sarvam SDK sockets (it returns when the
#: connection closes; returning at once made Deepgram's quick-failure tracker give up mid-session).
RECEIVE_CALLS = ("recv", "receive", "receive_str", "receive_json", "receive_bytes", "read", "get", "next", "wait", "wait_closed", "start_listening")
FAKED: set[str] = set()

_STDLIB = set(sys.stdlib_module_names)
#: Folder of the hand-written stand-ins (this file's folder): a module found here is never faked.
STANDINS = os.path.dirname(os.path.abspath(__file__))
#: Real modules: the standard library, pipecat, what the interpreter has, and the harness's own.
REAL = _STDLIB | {
    "pipecat", "numpy", "pydantic", "pydantic_core", "annotated_types", "typing_extensions",
    "typing_inspection", "dotenv", "yaml", "_yaml", "rt", "bot", "server", "server_utils",
    "pipecat_reader", "pipecat_deprecations",  # the product's server-code reader (python/), run by rt.main
}
#: Modules that must stay absent: pipecat probes for them and changes behaviour when found.
ABSENT = {"pipecat_flows"}


def _hand_written(fullname: str) -> bool:
    base = os.path.join(STANDINS, *fullname.split("."))
    return os.path.isfile(base + ".py") or os.path.isfile(os.path.join(base, "__init__.py"))


_ERROR_NAME = re.compile(r"(Error|Exception|Closed|ClosedOK|ClosedError|Timeout|Cancelled|Failed|Failure|Exceeded|Invalid|Denied)$")


class _FakeMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _child(f"{cls.__qualname__}.{name}")

    def __iter__(cls):
        return iter(())

    def __getitem__(cls, item):
        return cls


class Fake:
    """An object that answers everything; see the module docstring."""

    _rt_name = "fake"
    # Not an asyncio future (asyncio.isfuture reads this class attribute).
    _asyncio_future_blocking = None

    @classmethod
    def __get_pydantic_core_schema__(cls, source, handler):
        """Pydantic models that declare a vendor type as a field accept any value for it."""
        from pydantic_core import core_schema

        return core_schema.any_schema()

    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "_rt_attrs", {})
        CALLS.append((type(self)._rt_name, len(args), tuple(sorted(kwargs))))

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        attrs = self.__dict__.setdefault("_rt_attrs", {})
        if name not in attrs:
            attrs[name] = _child(f"{type(self)._rt_name}.{name}")()
        return attrs[name]

    def __call__(self, *args, **kwargs):
        CALLS.append((type(self)._rt_name + "()", len(args), tuple(sorted(kwargs))))
        return _child(type(self)._rt_name + "()")()

    def __await__(self):
        name = type(self)._rt_name
        if name.endswith("()") and name[:-2].rsplit(".", 1)[-1] in RECEIVE_CALLS:
            yield from asyncio.Event().wait().__await__()
        return self

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __aiter__(self):
        return self

    async def __anext__(self):
        await asyncio.Event().wait()  # an open connection with nothing to say
        raise StopAsyncIteration

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0

    def __bool__(self):
        return True

    def __int__(self):
        return 0

    def __float__(self):
        return 0.0

    def __index__(self):
        return 0

    def __str__(self):
        return f"<fake {type(self)._rt_name}>"

    __repr__ = __str__

    def __getitem__(self, key):
        return _child(f"{type(self)._rt_name}[]")()

    def __contains__(self, key):
        return False


class FakeError(Exception):
    _rt_name = "fake-error"
    _asyncio_future_blocking = None

    @classmethod
    def __get_pydantic_core_schema__(cls, source, handler):
        from pydantic_core import core_schema

        return core_schema.any_schema()


_classes: dict[str, type] = {}


def _child(qualname: str) -> type:
    cls = _classes.get(qualname)
    if cls is None:
        short = qualname.rsplit(".", 1)[-1] or "Fake"
        base = FakeError if _ERROR_NAME.search(short) else Fake
        cls = _FakeMeta(short, (base,), {"_rt_name": qualname, "__qualname__": qualname, "__module__": qualname.rsplit(".", 1)[0]})
        _classes[qualname] = cls
    return cls


class FakeModule(types.ModuleType):
    def __init__(self, name):
        super().__init__(name)
        self.__path__ = []  # a package: submodules import too
        self.__file__ = f"<fake {name}>"
        self.__version__ = "0.0-fake"

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = _child(f"{self.__name__}.{name}")
        setattr(self, name, value)
        return value


class _Loader(importlib.abc.Loader):
    def create_module(self, spec):
        FAKED.add(spec.name)
        return FakeModule(spec.name)

    def exec_module(self, module):
        pass


class FakeFinder(importlib.abc.MetaPathFinder):
    """Serves a :class:`FakeModule` for every module whose top-level name is not real."""

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.split(".", 1)[0]
        if top in REAL or top in ABSENT or top.startswith("_") or _hand_written(fullname):
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(), is_package=True)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (idempotent)."""
    if not any(isinstance(f, FakeFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, FakeFinder())
