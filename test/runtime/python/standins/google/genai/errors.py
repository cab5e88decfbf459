"""google-genai's errors (``google.genai.errors``): an API error carries its HTTP ``code``, the
``status`` and ``message`` of the API's error body."""


class APIError(Exception):
    """``code`` (the HTTP status), ``status``, ``message``, ``details``, and the HTTP ``response``
    (``status_code``), which pipecat's ``classify_http_exception`` reads."""

    def __init__(self, code: int, response_json: dict, response=None):
        import types

        error = (response_json or {}).get("error", {})
        self.response = response or types.SimpleNamespace(status_code=code)
        self.code = code
        self.status = error.get("status")
        self.message = error.get("message")
        self.details = response_json
        super().__init__(f"{code} {self.status}. {response_json}")


class ClientError(APIError):
    pass


class ServerError(APIError):
    pass
