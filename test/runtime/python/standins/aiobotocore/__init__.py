"""Stand-in for aiobotocore: ``session.get_session().create_client("bedrock-runtime", ...)`` answers
as Amazon Bedrock's Converse API (``session.py``); every other service's client is the recording
fake of ``_autofake``, as the whole package was before."""
