"""Metrics of an engine embedded in a process of its own (the ingest without a broker): what a
streaming worker exports (:class:`~correlator.obs.worker.WorkerObs`), over one fleet and book."""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry

from correlator.core import Engine, EngineOutput
from correlator.obs.exporter import EngineView, Partition
from correlator.obs.worker import WorkerObs


class EmbeddedObs(WorkerObs):
    def __init__(self, registry: CollectorRegistry, engine: Engine,
                 watermark_ns: Callable[[], int]) -> None:
        self.engine = engine
        self.watermark_ns = watermark_ns
        super().__init__(engine.rules, registry)

    def output(self, out: EngineOutput) -> None:
        """What the engine produced, as a worker's outputs count it on the way out."""
        for rej in out.rejected:
            self.counters.rejected(rej)
        for inc in out.incidents:
            self.counters.incident(inc)
        for action in out.actions:
            self.counters.action(action)

    def view(self) -> EngineView:
        return EngineView(self.rules, [Partition("embedded", self.engine.fleet, self.watermark_ns())],
                          [self.engine.desk.book], self.tracker)
