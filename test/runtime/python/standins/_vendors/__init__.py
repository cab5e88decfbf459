"""Vendors' servers the stand-ins talk to: what a vendor's API starts and who then joins a call.

The aiohttp stand-in's routes (standins/aiohttp) hand requests to these modules:

- :mod:`_vendors.tavus`: Tavus conversations (a Daily room with a replica that speaks what the bot
  sends it), for pipecat's ``TavusVideoService``;
- :mod:`_vendors.liveavatar`: HeyGen LiveAvatar sessions (a LiveKit room with an avatar, and the
  session's control WebSocket), for pipecat's ``HeyGenVideoService``.

The name starts with an underscore so the recording fakes (``_autofake``) never shadow it.
"""
