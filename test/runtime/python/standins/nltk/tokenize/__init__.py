"""``nltk.tokenize.sent_tokenize``: Punkt's split of plain prose (see the package docstring)."""

import re

_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+")


def sent_tokenize(text: str, language: str = "english") -> list[str]:
    """The sentences of ``text``, each stripped, in order (none for blank text)."""
    return [s.strip() for s in _BOUNDARY.split(text) if s.strip()]
