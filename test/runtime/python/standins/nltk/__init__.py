"""Stand-in for NLTK as pipecat 1.8 uses it: ``nltk.data.find("tokenizers/punkt_tab")`` and
``nltk.tokenize.sent_tokenize`` (pipecat/utils/string.py ``_sent_tokenizer``,
``match_endofsentence``), which split an LLM's streamed text into the sentences each TTS request
speaks (the TTS services' default SENTENCE text aggregation).

The Punkt model's data is not on this machine, so the tokenizer splits as Punkt does on plain
prose: after ``.``, ``!`` or ``?`` (with closing quotes or brackets) followed by whitespace. It
does not know abbreviations; the scripted texts have none.
"""

from . import data, tokenize  # noqa: F401
from .tokenize import sent_tokenize  # noqa: F401

__version__ = "0.0-standin"


def download(*args, **kwargs) -> bool:
    """The data is "downloaded": :func:`data.find` always finds it."""
    return True
