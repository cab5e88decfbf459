"""google-api-core's exceptions (``google.api_core.exceptions``): every name is an exception class
deriving from :class:`GoogleAPICallError`, so ``except Aborted:`` works as with the real package."""


class GoogleAPIError(Exception):
    pass


class GoogleAPICallError(GoogleAPIError):
    code = None

    def __init__(self, message: str = "", errors=(), details=(), response=None, error_info=None):
        super().__init__(message)
        self.message = message


_made: dict[str, type] = {}


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    if name not in _made:
        _made[name] = type(name, (GoogleAPICallError,), {"__module__": __name__})
    return _made[name]
