"""Stand-in for pyee's ``AsyncIOEventEmitter``, the base of aiortc's event-emitting objects.

``on(event)`` registers a handler (usable as a decorator); ``emit`` calls plain handlers at once and
schedules coroutine handlers as tasks, as pyee does. An exception escaping a coroutine handler goes
to the event loop's exception handler (pyee re-emits it as ``error``, which raises when nobody
listens), so it is never lost.
"""

import asyncio


class AsyncIOEventEmitter:
    def __init__(self, loop=None):
        self._listeners: dict[str, list] = {}

    def on(self, event: str, f=None):
        if f is None:

            def decorator(fn):
                self._add(event, fn)
                return fn

            return decorator
        self._add(event, f)
        return f

    def add_listener(self, event: str, f):
        self._add(event, f)
        return f

    def once(self, event: str, f=None):
        def register(fn):
            def wrapper(*args, **kwargs):
                self.remove_listener(event, wrapper)
                return fn(*args, **kwargs)

            self._add(event, wrapper)
            return fn

        return register if f is None else register(f)

    def _add(self, event: str, f) -> None:
        self._listeners.setdefault(event, []).append(f)

    def remove_listener(self, event: str, f) -> None:
        handlers = self._listeners.get(event, [])
        if f in handlers:
            handlers.remove(f)

    def remove_all_listeners(self, event: str | None = None) -> None:
        if event is None:
            self._listeners.clear()
        else:
            self._listeners.pop(event, None)

    def listeners(self, event: str) -> list:
        return list(self._listeners.get(event, []))

    def emit(self, event: str, *args, **kwargs) -> bool:
        handlers = list(self._listeners.get(event, []))
        for handler in handlers:
            result = handler(*args, **kwargs)
            if asyncio.iscoroutine(result):
                task = asyncio.ensure_future(result)
                task.add_done_callback(_report)
        if not handlers and event == "error" and args and isinstance(args[0], BaseException):
            raise args[0]
        return bool(handlers)


def _report(task: asyncio.Future) -> None:
    if task.cancelled():
        return
    exc = task.exception()
    if exc is not None:
        task.get_loop().call_exception_handler(
            {"message": "Exception in an aiortc event handler", "exception": exc, "future": task}
        )
