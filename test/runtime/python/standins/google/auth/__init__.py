"""Stand-in for google-auth's ``google.auth.default`` (pipecat/services/google/vertex/llm.py and
stt.py unpack ``creds, project_id = default(scopes=[...])``)."""

from google.oauth2.service_account import Credentials


def default(scopes=None, request=None, quota_project_id=None, default_scopes=None):
    """Application default credentials: a credentials object and the project id."""
    return Credentials(), "rt-project"
