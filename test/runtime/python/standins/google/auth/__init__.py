"""google-auth's Application Default Credentials (``google.auth.default``), as pipecat's Google
services call it (``creds, project_id = default(scopes=[...])``, catching ``GoogleAuthError``).

As google-auth's ``default`` looks (google/auth/_default.py): ``GOOGLE_APPLICATION_CREDENTIALS``
names a key file, which must exist ("File … was not found.") and hold a ``service_account`` key
(loaded and checked as ``google.oauth2.service_account`` does); else gcloud's
``application_default_credentials.json`` (under ``CLOUDSDK_CONFIG`` or ``~/.config/gcloud``);
else the metadata server of a Google Cloud machine, which this is not. Nothing found raises
``DefaultCredentialsError``. The project is ``GOOGLE_CLOUD_PROJECT`` (or ``GCLOUD_PROJECT``), else
the key's ``project_id``.
"""

import json
import os

from google.auth import exceptions

_HELP = (
    "Your default credentials were not found. To set up Application Default Credentials, see "
    "https://cloud.google.com/docs/authentication/external/set-up-adc for more information."
)


def load_credentials_from_file(filename, scopes=None, default_scopes=None, quota_project_id=None, request=None):
    """A key file's credentials and project id (DefaultCredentialsError for a missing or bad file)."""
    from google.oauth2 import service_account

    if not os.path.exists(filename):
        raise exceptions.DefaultCredentialsError(f"File {filename} was not found.")
    with open(filename, encoding="utf-8") as f:
        try:
            info = json.load(f)
        except ValueError as e:
            raise exceptions.DefaultCredentialsError(f"File {filename} is not a valid json file.") from e
    if info.get("type") != "service_account":
        raise exceptions.DefaultCredentialsError(
            f"The file {filename} does not have a valid type. Type is {info.get('type')}, expected one of ('service_account',)."
        )
    try:
        creds = service_account.Credentials.from_service_account_info(info, scopes=scopes)
    except ValueError as e:
        raise exceptions.DefaultCredentialsError(f"Failed to load service account credentials from {filename}") from e
    return creds, info.get("project_id")


def default(scopes=None, request=None, quota_project_id=None, default_scopes=None):
    """Application default credentials and project id (see the module docstring)."""
    explicit = os.environ.get("GOOGLE_APPLICATION_CREDENTIALS")
    if explicit:
        creds, project = load_credentials_from_file(explicit, scopes=scopes)
    else:
        config = os.environ.get("CLOUDSDK_CONFIG") or os.path.join(os.path.expanduser("~"), ".config", "gcloud")
        adc = os.path.join(config, "application_default_credentials.json")
        if not os.path.isfile(adc):
            raise exceptions.DefaultCredentialsError(_HELP)
        creds, project = load_credentials_from_file(adc, scopes=scopes)
    return creds, os.environ.get("GOOGLE_CLOUD_PROJECT") or os.environ.get("GCLOUD_PROJECT") or project
