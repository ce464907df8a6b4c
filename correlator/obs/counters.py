"""What a shell counts as it takes records in and publishes results.

The core returns values; the shell that publishes them (a worker, the ingest's embedded
engine) hands each to :class:`EngineCounters` on the way out, so a count is exactly what was
published. Scrape-time figures (state, scores, KV health) are in
:mod:`correlator.obs.exporter`.
"""

from __future__ import annotations

from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter

from correlator.core.outputs import ActionEvent
from correlator.obs import catalog as c
from correlator.obs.reasons import reason_class
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.records import Record


def _counter(spec: c.Spec, registry: CollectorRegistry) -> Counter:
    assert spec.kind == "counter", spec.name
    return Counter(spec.name, spec.help, list(spec.labels), registry=registry)


class EngineCounters:
    def __init__(self, registry: CollectorRegistry) -> None:
        self.records_in = _counter(c.RECORDS, registry)
        self.alerts = _counter(c.ALERTS, registry)
        self.dead = _counter(c.DEADLETTERS, registry)
        self.opened = _counter(c.INCIDENTS_OPENED, registry)
        self.resolved = _counter(c.INCIDENTS_RESOLVED, registry)
        self.updates = _counter(c.INCIDENT_UPDATES, registry)
        self.actions = _counter(c.ACTIONS, registry)

    def records(self, records: Iterable[Record]) -> None:
        by_source: dict[str, int] = {}
        firing = resolved = 0
        for rec in records:
            by_source[rec.source] = by_source.get(rec.source, 0) + 1
            if rec.kind == "alert":
                if rec.alert.status == "firing":  # type: ignore[union-attr]
                    firing += 1
                else:
                    resolved += 1
        for source, n in by_source.items():
            self.records_in.labels(source).inc(n)
        if firing:
            self.alerts.labels("firing").inc(firing)
        if resolved:
            self.alerts.labels("resolved").inc(resolved)

    def rejected(self, rej: Rejected) -> None:
        self.dead.labels(reason_class(rej.reason)).inc()

    def incident(self, inc: Incident) -> None:
        if inc.status == "open":
            self.opened.labels(inc.cause).inc()
        elif inc.status == "resolved":
            self.resolved.labels(inc.cause).inc()
        else:
            self.updates.labels(inc.cause).inc()

    def action(self, a: ActionEvent) -> None:
        self.actions.labels(a.action, a.rule).inc()
