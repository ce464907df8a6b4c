"""The engine: routes records to per-node pipelines and findings to the incident book.

Drive it with :meth:`Engine.process` (one record) or :meth:`Engine.process_many` (a batch), in
any order within the allowed lateness; call :meth:`Engine.finish` at the end of a replay.
Fleet time (the newest event time seen, less the allowed lateness) advances every tick and
lets nodes that fell silent be evaluated too.

>>> from correlator.config.model import RuleSet
>>> Engine(RuleSet()).process_many([]).incidents
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from correlator.config.model import RuleSet
from correlator.core.align import AlignedRecord, alert_node
from correlator.core.features import NS, Windows
from correlator.core.incidents import IncidentBook
from correlator.core.node_engine import NodeEngine, NodeOutput
from correlator.core.outputs import ActionEvent
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.records import AlertRecord, Record


@dataclass
class EngineOutput:
    """What one call produced, for the shell to publish."""

    incidents: list[Incident] = field(default_factory=list)
    actions: list[ActionEvent] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)

    def extend(self, other: EngineOutput) -> None:
        self.incidents += other.incidents
        self.actions += other.actions
        self.rejected += other.rejected


@dataclass
class EngineStats:
    records: int = 0
    alerts_firing: int = 0
    alerts_resolved: int = 0
    late: int = 0
    overflow: int = 0
    nodes_expired: int = 0
    by_source: dict[str, int] = field(default_factory=dict)


class Engine:
    """The whole correlator core for one fleet (or one worker's share of it)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.windows = Windows.from_rules(rules)
        self.nodes: dict[str, NodeEngine] = {}
        self.book = IncidentBook(rules.incidents)
        self.fleet_sources: set[str] = set()
        self.max_ns = 0
        self.next_advance_ns = -1
        self.stats = EngineStats()

    def node(self, name: str) -> NodeEngine:
        n = self.nodes.get(name)
        if n is None:
            n = self.nodes[name] = NodeEngine(name, self.rules, self.windows, self.fleet_sources)
        return n

    def process_many(self, records: Iterable[Record]) -> EngineOutput:
        out = EngineOutput()
        for rec in records:
            out.extend(self.process(rec))
        return out

    def process(self, rec: Record) -> EngineOutput:
        st = self.stats
        st.records += 1
        st.by_source[rec.source] = st.by_source.get(rec.source, 0) + 1
        if isinstance(rec, AlertRecord):
            if rec.alert.status == "firing":
                st.alerts_firing += 1
            else:
                st.alerts_resolved += 1
            node_out = self.node(alert_node(rec)).alert(rec)
        else:
            if rec.source not in self.fleet_sources and len(self.fleet_sources) < 64:
                self.fleet_sources.add(rec.source)
            node_out = self.node(rec.node).push(rec)
        out = self._route(node_out)
        if rec.ts_ns > self.max_ns:
            self.max_ns = rec.ts_ns
            if rec.ts_ns >= self.next_advance_ns:
                out.extend(self.advance(rec.ts_ns - int(self.rules.alignment.allowed_lateness_s * NS)))
        return out

    def advance(self, now_ns: int) -> EngineOutput:
        """Move fleet time to ``now_ns``: silence detection, quiet nodes, expiry."""
        tick = self.windows.tick_ns
        self.next_advance_ns = (now_ns // tick + 1) * tick
        out = EngineOutput()
        ttl = self.rules.features.node_ttl_s
        for name in list(self.nodes):
            n = self.nodes[name]
            out.extend(self._route(n.advance(now_ns)))
            if n.idle_since(now_ns) > ttl and n.aligner.pending() == 0:
                out.extend(self._route(n.forget(now_ns)))
                del self.nodes[name]
                self.stats.nodes_expired += 1
        self.book.expire(now_ns)
        return out

    def finish(self) -> EngineOutput:
        """End of input: release everything held back, close the last ticks, flush updates."""
        out = EngineOutput()
        for n in list(self.nodes.values()):
            out.extend(self._route(n.flush()))
        out.incidents += self.book.flush(self.max_ns)
        return out

    def _route(self, node_out: NodeOutput) -> EngineOutput:
        out = EngineOutput()
        for f in node_out.findings:
            out.incidents += self.book.apply(f)
        for a in node_out.actions:
            out.actions.append(a)
            out.incidents += self.book.attach_action(a)
        for rec, why in node_out.refused:
            out.rejected.append(_refusal(rec, why, self.rules))
            if why == "late":
                self.stats.late += 1
            elif why == "overflow":
                self.stats.overflow += 1
        return out


def _refusal(rec: AlignedRecord, why: str, rules: RuleSet) -> Rejected:
    if why == "late":
        reason = (f"late: event time is behind node {rec.node}'s watermark by more than the "
                  f"allowed lateness ({rules.alignment.allowed_lateness_s:g} s)")
    else:
        reason = (f"overflow: node {rec.node} already holds "
                  f"{rules.alignment.max_pending_per_node} records awaiting alignment")
    return Rejected(f"{rec.node}/{rec.source}", reason, rec.model_dump_json().encode())
