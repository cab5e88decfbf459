"""google-genai's errors (``google.genai.errors``): an API error carries its HTTP ``code``, the
``status`` and ``message`` of the API's error body."""


class APIError(Exception):
    def __init__(self, code: int, response_json: dict, response=None):
        error = (response_json or {}).get("error", {})
        self.code = code
        self.status = error.get("status")
        self.message = error.get("message")
        self.details = response_json
        super().__init__(f"{code} {self.status}. {response_json}")


class ClientError(APIError):
    pass


class ServerError(APIError):
    pass
