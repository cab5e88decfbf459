"""Stand-in for the ``google`` namespace: ``google.auth`` and ``google.oauth2`` are hand-written
(pipecat unpacks what they return); every other ``google.*`` module is a recording fake."""
