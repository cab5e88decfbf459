"""google-auth's ``Request`` transport (pipecat passes it to ``creds.refresh``)."""


class Request:
    def __init__(self, session=None):
        self.session = session
