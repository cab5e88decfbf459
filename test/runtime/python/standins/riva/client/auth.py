"""Stand-in for ``riva.client.auth.Auth``: the connection settings of a Riva client.

pipecat builds it as ``Auth(None, use_ssl, server, metadata)`` (pipecat/services/nvidia/stt.py
``_initialize_client``). The metadata carries the API key, so only the metadata *names* are kept.
"""


class Auth:
    """Where a Riva client connects (``uri``, ``use_ssl``); no channel is opened."""

    def __init__(self, ssl_cert=None, use_ssl: bool = False, uri: str = "localhost:50051", metadata_args=None):
        self.ssl_cert = ssl_cert
        self.use_ssl = use_ssl
        self.uri = uri
        self.metadata_names = [pair[0] for pair in (metadata_args or [])]

    def get_auth_metadata(self) -> list:
        """The gRPC metadata (values are not kept; see the module docstring)."""
        return []
