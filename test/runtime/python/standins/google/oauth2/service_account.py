"""Service-account credentials as pipecat's Google services use them: loaded from JSON info or a
file, refreshed, and read for ``token`` and ``project_id``."""


class Credentials:
    def __init__(self, info=None):
        self.info = info or {}
        self.token = "rt-token"
        self.project_id = self.info.get("project_id", "rt-project") if isinstance(self.info, dict) else "rt-project"
        self.valid = True
        self.expired = False

    @classmethod
    def from_service_account_info(cls, info, scopes=None, **kwargs):
        if not isinstance(info, dict):
            raise ValueError("service account info must be a dict")
        return cls(info)

    @classmethod
    def from_service_account_file(cls, filename, scopes=None, **kwargs):
        return cls({"file": str(filename)})

    def refresh(self, request):
        self.token = "rt-token"

    def with_scopes(self, scopes):
        return self
