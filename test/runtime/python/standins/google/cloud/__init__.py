"""Stand-in for the ``google.cloud`` namespace: ``texttospeech_v1`` is hand-written (it answers
pipecat's ``GoogleTTSService``); every other ``google.cloud.*`` module is a recording fake."""
