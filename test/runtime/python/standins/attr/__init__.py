"""Stand-in for attrs (pipecat/pipeline/worker_observer.py uses ``attr.dataclass``).

``attr.dataclass`` is ``attr.s(auto_attribs=True)``: for the plain records pipecat declares with
it, the standard library's dataclass behaves the same.
"""

from dataclasses import dataclass, field  # noqa: F401
