"""How a stand-in vendor speaks a text over time, for vendors that keep what they said.

Every stand-in speaks a sentence for ``rt.services.spoken_seconds`` of it, its words evenly spread
(the timing rt/scenarios/barge_in.py ``word_starts`` expects); a realtime vendor that keeps the
conversation (OpenAI Realtime, Gemini Live, Ultravox) needs to know which words an amount of its
audio holds, to keep only those when the user cuts it short.
"""

import re


def word_starts(text: str) -> tuple[list[tuple[str, float]], float]:
    """Each word of ``text`` with the second its audio starts, and the seconds of the whole."""
    from rt.services import spoken_seconds

    out, start = [], 0.0
    for sentence in [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]:
        length = spoken_seconds(sentence)
        words = sentence.split()
        out += [(w, start + length * i / len(words)) for i, w in enumerate(words)]
        start += length
    return out, start


def words_within(timing: list[tuple[str, float]], seconds: float) -> list[str]:
    """The words whose audio starts within the first ``seconds`` of it."""
    return [w for w, t in timing if t < seconds]
