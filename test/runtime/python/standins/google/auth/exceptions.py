"""google-auth's exception types that pipecat catches."""


class GoogleAuthError(Exception):
    pass


class DefaultCredentialsError(GoogleAuthError):
    pass


class RefreshError(GoogleAuthError):
    pass


class TransportError(GoogleAuthError):
    pass
