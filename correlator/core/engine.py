"""The engine: stage one (per-node fleet) -> ordered findings -> stage two (incident book).

Drive it with :meth:`Engine.process` (one record) or :meth:`Engine.process_many` (a batch), in
any order within the allowed lateness; call :meth:`Engine.finish` at the end of a replay.
Level-1 actions are returned at once; incident records come out once every node's watermark has
passed the findings behind them (the fleet's ``floor_ns``), so they are applied in one total order.

>>> from correlator.config.model import RuleSet
>>> Engine(RuleSet()).process_many([]).incidents
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from correlator.config.model import RuleSet
from correlator.core.fleet import Fleet, FleetOutput, FleetStats
from correlator.core.incidents import IncidentBook
from correlator.core.ordering import FindingOrder
from correlator.core.outputs import ActionEvent, Finding
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident
from correlator.wire.records import Record

EngineStats = FleetStats


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


class Desk:
    """Stage two: orders findings by their producers' watermark and keeps the book."""

    def __init__(self, rules: RuleSet) -> None:
        self.order = FindingOrder(0)
        self.book = IncidentBook(rules.incidents)

    def take(self, findings: list[Finding], watermark_ns: int) -> list[Incident]:
        self.order.add(findings)
        return self._apply(self.order.release(watermark_ns), watermark_ns)

    def due(self, watermark_ns: int) -> bool:
        """Whether a held finding would be released at this watermark."""
        return self.order.next_ns() <= watermark_ns - self.order.hold_ns

    def finish(self, last_ns: int) -> list[Incident]:
        out = self._apply(self.order.drain(), last_ns)
        return out + self.book.flush(last_ns)

    def _apply(self, findings: list[Finding], now_ns: int) -> list[Incident]:
        out: list[Incident] = []
        for f in findings:
            if f.kind == "action" and f.action is not None:
                out += self.book.attach_action(f.action)
            else:
                out += self.book.apply(f)
        return out


class Engine:
    """The whole correlator core for one fleet, in one process."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.fleet = Fleet(rules)
        self.desk = Desk(rules)

    @property
    def stats(self) -> FleetStats:
        return self.fleet.stats

    @property
    def nodes(self) -> dict[str, object]:
        return self.fleet.nodes  # type: ignore[return-value]

    @property
    def book(self) -> IncidentBook:
        return self.desk.book

    def process_many(self, records: Iterable[Record]) -> EngineOutput:
        out = EngineOutput()
        for rec in records:
            out.extend(self.process(rec))
        return out

    def process(self, rec: Record) -> EngineOutput:
        fo = self.fleet.process(rec)  # then :meth:`_route`, spelled out: it runs per record
        floor = self.fleet.floor_ns
        if fo.findings or self.desk.due(floor):
            return EngineOutput(self.desk.take(fo.findings, floor), fo.actions, fo.rejected)
        return EngineOutput([], fo.actions, fo.rejected)

    def process_batch(self, records: list[Record]) -> EngineOutput:
        """Records in order, as :meth:`process` would take them one by one; the incidents come
        out in the same order, the batch's at its end."""
        return self._route(self.fleet.process_batch(records))

    def advance(self, now_ns: int) -> EngineOutput:
        return self._route(self.fleet.advance(now_ns))

    def finish(self) -> EngineOutput:
        fo = self.fleet.finish()
        out = EngineOutput(actions=fo.actions, rejected=fo.rejected)
        self.desk.order.add(fo.findings)
        out.incidents = self.desk.finish(self.fleet.max_ns)
        return out

    def _route(self, fo: FleetOutput) -> EngineOutput:
        incidents: list[Incident] = []
        if fo.findings or self.desk.due(self.fleet.floor_ns):
            incidents = self.desk.take(fo.findings, self.fleet.floor_ns)
        return EngineOutput(incidents, fo.actions, fo.rejected)
