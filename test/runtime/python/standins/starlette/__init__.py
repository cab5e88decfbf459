"""Stand-in for starlette: only what pipecat's FastAPI websocket transport reads."""
