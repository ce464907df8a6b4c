"""Metrics of an engine embedded in a process of its own (the ingest without a broker): the
same counters and scrape-time families a streaming worker exports, over one fleet and book."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry

from correlator.core import Engine, EngineOutput
from correlator.obs.counters import EngineCounters
from correlator.obs.exporter import EngineCollector, EngineView, Partition
from correlator.obs.tracker import NS, FleetTracker
from correlator.wire.records import Record


class EmbeddedObs:
    def __init__(self, registry: CollectorRegistry, engine: Engine,
                 watermark_ns: Callable[[], int]) -> None:
        rules = engine.rules
        self.engine = engine
        self.watermark_ns = watermark_ns
        self.counters = EngineCounters(registry)
        self.tracker = FleetTracker(node_ttl_ns=int(rules.features.node_ttl_s * NS),
                                    warmup_ns=int(rules.benign.warmup_s * NS))
        registry.register(EngineCollector(self.view))

    def records(self, records: Iterable[Record]) -> None:
        batch = list(records)
        self.counters.records(batch)
        self.tracker.observe_many(batch)

    def output(self, out: EngineOutput) -> None:
        for rej in out.rejected:
            self.counters.rejected(rej)
        for inc in out.incidents:
            self.counters.incident(inc)
        for action in out.actions:
            self.counters.action(action)

    def view(self) -> EngineView:
        return EngineView(self.engine.rules, [Partition("embedded", self.engine.fleet, self.watermark_ns())],
                          [self.engine.desk.book], self.tracker)
