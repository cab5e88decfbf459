"""Stand-in for loguru: every log call becomes a record the runtime harness can inspect.

pipecat logs through ``from loguru import logger``. This logger keeps loguru's call shapes
(``logger.info("x {}", y)``, ``logger.opt(exception=e).error(...)``, ``bind``, ``add``, ``remove``)
and hands each record to the sinks registered with :func:`add_sink` (the harness's), so a WARNING
from pipecat is visible to the test. Records below the echo level are also written to stderr when
``PIPECAT_RT_ECHO_LOGS`` is set.
"""

import os
import sys
import traceback

LEVELS = {"TRACE": 5, "DEBUG": 10, "INFO": 20, "SUCCESS": 25, "WARNING": 30, "ERROR": 40, "CRITICAL": 50}
_sinks = []
#: Records below this level are dropped before formatting: DEBUG and above feed the harness's
#: flight recorder (the trail a failed session leaves); PIPECAT_RT_ECHO_LOGS keeps TRACE too.
_min_level = [0 if os.environ.get("PIPECAT_RT_ECHO_LOGS") else LEVELS["DEBUG"]]


def add_sink(fn):
    """Register ``fn(level_name, level_no, message, name)``; called for every record."""
    _sinks.append(fn)


def remove_sink(fn):
    if fn in _sinks:
        _sinks.remove(fn)


class _Logger:
    def __init__(self, exception=None, depth=0, extra=None):
        self._exception = exception
        self._depth = depth
        self._extra = extra or {}

    def _log(self, level, message, *args, **kwargs):
        no = LEVELS.get(level, 20) if isinstance(level, str) else int(level)
        if no < _min_level[0]:
            return  # below what any sink keeps: skip the formatting (pipecat traces every frame)
        text = str(message)
        if args or kwargs:
            try:
                text = text.format(*args, **kwargs)
            except Exception:
                pass
        if self._exception:
            exc = self._exception
            if exc is True:
                exc = sys.exc_info()[1]
            if isinstance(exc, BaseException):
                text += "\n" + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        frame = sys._getframe(2 + self._depth)
        name = frame.f_globals.get("__name__", "?")
        for sink in list(_sinks):
            sink(level if isinstance(level, str) else str(level), no, text, name)
        if os.environ.get("PIPECAT_RT_ECHO_LOGS"):
            sys.stderr.write(f"{level:<8} {name}: {text}\n")

    def trace(self, m, *a, **k): self._log("TRACE", m, *a, **k)
    def debug(self, m, *a, **k): self._log("DEBUG", m, *a, **k)
    def info(self, m, *a, **k): self._log("INFO", m, *a, **k)
    def success(self, m, *a, **k): self._log("SUCCESS", m, *a, **k)
    def warning(self, m, *a, **k): self._log("WARNING", m, *a, **k)
    def error(self, m, *a, **k): self._log("ERROR", m, *a, **k)
    def critical(self, m, *a, **k): self._log("CRITICAL", m, *a, **k)

    def exception(self, m, *a, **k):
        _Logger(exception=True, depth=self._depth, extra=self._extra)._log("ERROR", m, *a, **k)

    def log(self, level, m, *a, **k): self._log(level, m, *a, **k)

    def opt(self, *, exception=None, depth=0, **_ignored):
        return _Logger(exception=exception, depth=depth, extra=self._extra)

    def bind(self, **extra):
        return _Logger(self._exception, self._depth, {**self._extra, **extra})

    def contextualize(self, **extra):
        import contextlib
        return contextlib.nullcontext()

    def add(self, *args, **kwargs):
        return 0

    def remove(self, *args, **kwargs):
        return None

    def level(self, name, *args, **kwargs):
        return None

    def configure(self, *args, **kwargs):
        return []

    def disable(self, *args, **kwargs):
        return None

    def enable(self, *args, **kwargs):
        return None

    def catch(self, *args, **kwargs):
        def decorator(fn):
            return fn
        if args and callable(args[0]):
            return args[0]
        return decorator


logger = _Logger()
