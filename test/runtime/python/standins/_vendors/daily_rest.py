"""Daily's REST API as pipecat's ``DailyRESTHelper`` calls it (pipecat/transports/daily/utils.py
``create_room``, ``get_token``; pipecat/runner/daily.py ``configure``), behind the aiohttp stand-in.

Following Daily's REST reference (docs.daily.co/reference/rest-api): every call needs
``Authorization: Bearer <api key>`` (else 401 ``authentication-error``); ``POST /rooms`` creates the
room it is given (``name``, ``privacy``, ``properties``) and answers the room object (``id``,
``name``, ``api_created``, ``privacy``, ``url``, ``created_at``, ``config``) whose ``config`` echoes
the properties and, for a room with ``properties.sip``, adds ``sip_uri.endpoint`` (the SIP address
a call is forwarded to); ``POST /meeting-tokens`` answers ``{"token"}`` for a room that exists
(else 400 ``invalid-request-error``). Rooms are at :data:`ROOM_DOMAIN` (the runtime tier's Daily
domain, ``rt/daily.py``). Created rooms are kept in :data:`ROOMS`; the API key is never kept.
"""

import datetime
import uuid

ROOM_DOMAIN = "https://rt-tier.daily.co"
SIP_DOMAIN = "rt-tier.sip.daily.co"

#: Rooms created in this process: name -> the room object answered.
ROOMS: dict[str, dict] = {}


def _authorized(request) -> bool:
    auth = request.header("Authorization") or ""
    return auth.startswith("Bearer ") and len(auth) > len("Bearer ")


def _unauthorized() -> tuple[int, dict]:
    return 401, {"error": "authentication-error", "info": "authorization header missing or invalid"}


def create_room(request) -> tuple[int, dict]:
    if not _authorized(request):
        return _unauthorized()
    body = request.json or {}
    name = body.get("name") or f"rt-{uuid.uuid4().hex[:12]}"
    if name in ROOMS:
        return 400, {"error": "invalid-request-error", "info": f"a room named {name} already exists"}
    config = dict(body.get("properties") or {})
    if config.get("sip"):
        config["sip_uri"] = {"endpoint": f"{name}.0@{SIP_DOMAIN}"}
    room = {
        "id": str(uuid.uuid4()),
        "name": name,
        "api_created": True,
        "privacy": body.get("privacy", "public"),
        "url": f"{ROOM_DOMAIN}/{name}",
        "created_at": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "config": config,
    }
    ROOMS[name] = room
    return 200, room


def create_token(request) -> tuple[int, dict]:
    if not _authorized(request):
        return _unauthorized()
    properties = (request.json or {}).get("properties") or {}
    room = properties.get("room_name")
    if room not in ROOMS:
        return 400, {"error": "invalid-request-error", "info": f"room {room} not found"}
    return 200, {"token": f"rt-meeting-token-{uuid.uuid4().hex[:12]}"}
