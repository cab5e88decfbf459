"""deepgram-sdk's ``deepgram.listen`` (only ``v1`` is written out; the rest is a recording fake)."""
