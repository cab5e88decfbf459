"""google-api-core's ``ClientOptions``: the fields it was given (``api_endpoint`` …)."""


class ClientOptions:
    def __init__(self, api_endpoint=None, **fields):
        self.api_endpoint = api_endpoint
        self.__dict__.update(fields)
