"""``nltk.tokenize.sent_tokenize``: Punkt's split of plain prose (see the package docstring)."""

import re

#: The end of a sentence: its final mark (with closing quotes or brackets), followed by whitespace
#: and more text.
_END = re.compile(r"[.!?][\"')\]]*(?=\s+\S)")


def sent_tokenize(text: str, language: str = "english") -> list[str]:
    """The sentences of ``text``, in order (none for blank text), sliced as Punkt slices them
    (nltk/tokenize/punkt.py ``PunktSentenceTokenizer._slices_from_text``): the first sentence
    starts at the start of the text, whitespace included; each ends at its final mark; the next
    starts at its first word; the last has no trailing whitespace. pipecat's
    ``match_endofsentence`` (utils/string.py) takes ``len`` of the first sentence as the offset in
    its buffer, so a leading space must stay in it."""
    sentences = []
    start = 0
    for m in _END.finditer(text):
        sentences.append(text[start : m.end()])
        start = m.end() + len(text[m.end() :]) - len(text[m.end() :].lstrip())
    last = text[start:].rstrip()
    if last:
        sentences.append(last)
    return [s for s in sentences if s.strip()]
