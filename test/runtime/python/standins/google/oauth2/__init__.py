"""Stand-in for ``google.oauth2``."""
