"""The SDK's "not given" sentinels (openai/_types.py): falsy, and left out of a request's body."""


class NotGiven:
    """A parameter the caller did not give (the SDK omits it from the request)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


class Omit:
    """A default the caller asked to omit."""

    def __bool__(self) -> bool:
        return False


NOT_GIVEN = NotGiven()
omit = Omit()
