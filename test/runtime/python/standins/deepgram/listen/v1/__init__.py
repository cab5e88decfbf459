"""deepgram-sdk's ``deepgram.listen.v1`` (its ``types``)."""
