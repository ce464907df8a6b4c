"""A streaming worker's metrics: counters its shells feed, plus its partitions' state at scrape.

:func:`correlator.stream.app.build_app` makes one :class:`WorkerObs`, hands it to stage one
(records in, snapshot sizes), to the outputs (dead letters, actions, incident records) and
attaches both stages, and serves :attr:`WorkerObs.registry` on ``/metrics`` of the Faust web
server (``correlator worker --web-port``).
"""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry

from correlator.config.model import RuleSet
from correlator.obs.counters import EngineCounters
from correlator.obs.exporter import EngineCollector, EngineView, Partition
from correlator.obs.tracker import NS, FleetTracker
from correlator.wire.records import Record


class WorkerObs:
    def __init__(self, rules: RuleSet, registry: CollectorRegistry | None = None) -> None:
        self.rules = rules
        self.registry = registry or CollectorRegistry()
        self.counters = EngineCounters(self.registry)
        self.tracker = FleetTracker(node_ttl_ns=int(rules.features.node_ttl_s * NS),
                                    warmup_ns=int(rules.benign.warmup_s * NS))
        self.snapshot_bytes: dict[tuple[int, str], int] = {}
        self._stage1: Any = None
        self._stage2: Any = None
        self.registry.register(EngineCollector(self.view))

    def attach(self, stage1: Any, stage2: Any) -> None:
        self._stage1, self._stage2 = stage1, stage2

    def records(self, records: list[Record]) -> None:
        """Decoded input records, as stage one takes them."""
        self.counters.records(records)
        self.tracker.observe_many(records)

    def view(self) -> EngineView:
        v = EngineView(self.rules, tracker=self.tracker)
        runs = getattr(self._stage1, "runs", {})
        for (p, run), st in sorted(runs.items()):
            label = str(p) if not run else f"{p} run {run}"
            v.partitions.append(Partition(label, st.fleet, st.watermark_ns,
                                          self.snapshot_bytes.get((p, run))))
        state = getattr(self._stage2, "state", None)
        if state is not None:
            v.books = [d.desk.book for d in state.runs.values()]
        return v
