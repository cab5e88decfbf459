"""``riva.client.proto``: the TTS messages (``riva_tts_pb2``) and audio encodings (``riva_audio_pb2``)
are written out; every other generated module is a recording fake."""
