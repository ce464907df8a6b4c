"""The embedded engine driven live: records as they arrive, time moved on by a clock.

A replay moves the engine's clock with the records alone. Live alerts come when they come, so
between them the ingest's clock moves the fleet on (quiet nodes are evaluated, incidents
resolve) and releases the findings that waited for their order, as a streaming worker does
with its wall clock (:meth:`correlator.stream.partition.PartitionRun.live_advance`): fleet
time is the clock less the allowed lateness and the largest clock offset, so records that are
late within those bounds are still in order. The clock offset is the nodes' clocks' against
the ingest's: until a telemetry record has come, every record is an alert stamped by the
ingest's own clock, and fleet time trails the clock by the lateness alone.

Pure: the clock reading is an argument.
"""

from __future__ import annotations

from collections.abc import Iterable

from correlator.core import Engine, EngineOutput
from correlator.core.features import NS
from correlator.wire.records import Record


class LiveEngine:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        a = engine.rules.alignment
        self.lateness_ns = int(a.allowed_lateness_s * NS)
        self.offset_ns = int(a.max_clock_offset_s * NS)
        self.clock_ns = 0

    @property
    def behind_ns(self) -> int:
        """How far fleet time trails the clock: the lateness, and the largest clock offset once
        records stamped by the nodes' clocks (telemetry) take part."""
        return self.lateness_ns + (self.offset_ns if self.engine.fleet.fleet_sources else 0)

    @property
    def watermark_ns(self) -> int:
        return max(self.engine.fleet.now_ns, self.clock_ns)

    def process(self, records: Iterable[Record]) -> EngineOutput:
        out = EngineOutput()
        for rec in records:
            out.extend(self.engine.process(rec))
        return out

    def tick(self, now_ns: int) -> EngineOutput:
        """The clock reads ``now_ns``: advance the fleet and release what is due."""
        target = now_ns - self.behind_ns
        if target <= self.watermark_ns:
            return EngineOutput()
        self.clock_ns = target
        fo = self.engine.fleet.advance(target)
        incidents = self.engine.desk.take(fo.findings, self.watermark_ns)
        return EngineOutput(incidents, fo.actions, fo.rejected)

    def finish(self) -> EngineOutput:
        return self.engine.finish()
