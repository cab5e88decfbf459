"""Stand-in for the speechmatics SDK: ``speechmatics.voice`` is partly hand-written (see there)."""
