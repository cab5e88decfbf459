"""google-cloud-speech v2 ``types`` (``cloud_speech``)."""
