"""The pure correlation core: no I/O, no clock reads, no Kafka or Faust imports.

Time is always an argument (``ts_ns``, event time). State is explicit and bounded, and side
effects (incident records, Level-1 actions, rejected late records) are returned as values
for a shell (replay, Faust worker, HTTP ingest) to publish.
"""

from correlator.core.engine import Engine, EngineOutput
from correlator.core.outputs import ActionEvent, Finding

__all__ = ["ActionEvent", "Engine", "EngineOutput", "Finding"]
