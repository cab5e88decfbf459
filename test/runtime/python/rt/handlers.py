"""Which event handlers the generated bot registers, and which of them a session triggered.

pipecat's ``BaseObject`` (pipecat/utils/base_object.py) keeps each object's handlers: the bot adds
them with ``@obj.event_handler(name)`` (``add_event_handler``), and pipecat runs each one through
``_run_handler(event_name, handler, ...)`` when the event fires. Both are wrapped once per process;
a handler counts when its function was defined in the generated ``bot`` module, and is named
``<class of the object>.<event>`` (e.g. ``DailyTransport.on_dialout_error``). The matrix run
(test/runtime/sessions.test.ts) fails when a handler some bot registers fired in no session.
"""

_current: list = [None]


class HandlerLedger:
    """One session's registered and triggered handlers (sets of ``Class.event`` names)."""

    def __init__(self) -> None:
        self.registered: set[str] = set()
        self.called: set[str] = set()

    def as_result(self) -> dict:
        return {"registered": sorted(self.registered), "called": sorted(self.called)}


def _from_bot(handler) -> bool:
    return getattr(handler, "__module__", None) == "bot"


def install(ledger: HandlerLedger) -> None:
    """Make ``ledger`` the session's ledger (wrapping pipecat's BaseObject the first time)."""
    _current[0] = ledger
    from pipecat.utils.base_object import BaseObject

    if getattr(BaseObject, "_rt_handlers", False):
        return
    add, run = BaseObject.add_event_handler, BaseObject._run_handler

    def add_event_handler(self, event_name, handler):
        if _current[0] is not None and _from_bot(handler):
            _current[0].registered.add(f"{type(self).__name__}.{event_name}")
        return add(self, event_name, handler)

    async def _run_handler(self, event_name, handler, *args, **kwargs):
        if _current[0] is not None and _from_bot(handler):
            _current[0].called.add(f"{type(self).__name__}.{event_name}")
        return await run(self, event_name, handler, *args, **kwargs)

    BaseObject.add_event_handler = add_event_handler
    BaseObject._run_handler = _run_handler
    BaseObject._rt_handlers = True
