"""google-auth's service-account credentials (``google.oauth2.service_account.Credentials``), as
pipecat's Google services load them: from the key JSON itself (``from_service_account_info``, what
``credentials=`` carries) or from a key file (``from_service_account_file``), then ``refresh``.

As google-auth does (google/auth/_service_account_info.py ``from_dict``, google/auth/crypt
``RSASigner.from_service_account_info``), loading refuses info without ``client_email`` and
``token_uri`` ("Service account info was not in the expected format, missing fields …"), and a
``private_key`` that is not a PEM private key (the PEM armour, base64 lines, a DER SEQUENCE
inside); a file that does not exist raises ``FileNotFoundError``. No token is ever fetched:
``refresh`` sets a token when the credentials are complete. Key material is never printed.
"""

import base64
import json
import re

_PEM = re.compile(r"-----BEGIN (RSA )?PRIVATE KEY-----\n((?:[A-Za-z0-9+/=]+\n)+)-----END (RSA )?PRIVATE KEY-----\n?$")


def _check_private_key(pem) -> None:
    """Raise ValueError unless ``pem`` is a PEM-armoured DER private key, as the signer requires."""
    if not isinstance(pem, str):
        raise ValueError("No key could be detected.")
    m = _PEM.match(pem.strip() + "\n")
    if not m:
        raise ValueError("No key could be detected.")
    try:
        der = base64.b64decode("".join(m.group(2).split()), validate=True)
    except ValueError as e:
        raise ValueError("Could not deserialize key data.") from e
    if not der or der[0] != 0x30:
        raise ValueError("Could not deserialize key data.")


class Credentials:
    """Service-account credentials: ``service_account_email``, ``project_id``, ``token``."""

    def __init__(self, info: dict, scopes=None):
        self._info = info
        self.service_account_email = info["client_email"]
        self.project_id = info.get("project_id")
        self.scopes = scopes
        self.token = None
        self.expiry = None

    @property
    def valid(self) -> bool:
        return self.token is not None

    @property
    def expired(self) -> bool:
        return False

    @classmethod
    def from_service_account_info(cls, info, scopes=None, **kwargs):
        if not isinstance(info, dict):
            raise ValueError("Service account info was not in the expected format.")
        missing = [k for k in ("token_uri", "client_email") if k not in info]
        if missing:
            raise ValueError(f"Service account info was not in the expected format, missing fields {', '.join(missing)}.")
        _check_private_key(info.get("private_key"))
        return cls(info, scopes)

    @classmethod
    def from_service_account_file(cls, filename, scopes=None, **kwargs):
        with open(filename, encoding="utf-8") as f:
            info = json.load(f)
        return cls.from_service_account_info(info, scopes=scopes, **kwargs)

    def refresh(self, request) -> None:
        self.token = "rt-access-token"

    def with_scopes(self, scopes, default_scopes=None):
        return type(self)(self._info, scopes)

    def with_quota_project(self, quota_project_id):
        return self
