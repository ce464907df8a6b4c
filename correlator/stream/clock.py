"""Fleet time in a partitioned deployment.

The embedded engine has one fleet clock: the newest event time seen, less the allowed
lateness, and every node is advanced to it once per tick. A worker that holds one partition
sees only its own nodes' records, so on its own its clock would lag the fleet's, and a
partition whose nodes all fell silent would never see time pass at all. In a replay the
producer knows the fleet clock, so it sends the advance points in-band (:class:`AdvancePoints`
finds them by running the core's own ``Fleet.process`` over nodes that do nothing, so the two
cannot drift apart) and the worker's :class:`ClockedFleet` follows them instead of its own
records.
"""

from __future__ import annotations

from correlator.config.model import RuleSet
from correlator.core.features import NS, Windows
from correlator.core.fleet import Fleet, FleetOutput
from correlator.core.node_engine import NodeEngine, NodeOutput
from correlator.wire.records import Record

NEVER = 1 << 62


def lateness_ns(rules: RuleSet) -> int:
    return int(rules.alignment.allowed_lateness_s * NS)


def tick_ns(rules: RuleSet) -> int:
    return Windows.from_rules(rules).tick_ns


class _Idle:
    """A node that concludes nothing: the probe only wants the fleet's clock."""

    def push(self, rec: object) -> NodeOutput:
        return NodeOutput()

    def alert(self, rec: object) -> NodeOutput:
        return NodeOutput()


_IDLE = _Idle()


class AdvancePoints(Fleet):
    """Where the embedded fleet advances its nodes, and when it learns of a record source."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self._advanced: list[int] = []

    def node(self, name: str) -> NodeEngine:
        return _IDLE  # type: ignore[return-value]

    def advance_to(self, now_ns: int) -> FleetOutput:
        self._advanced.append(now_ns)  # clamped (Fleet.fleet_now): what the workers replay
        return super().advance_to(now_ns)

    def after(self, rec: Record) -> tuple[list[int], list[str]]:
        """The fleet times advanced to right after ``rec``, and the sources it made known."""
        known = set(self.fleet_sources)
        self.process(rec)
        advanced, self._advanced = self._advanced, []
        new = sorted(self.fleet_sources - known) if len(self.fleet_sources) != len(known) else []
        return advanced, new


class ClockedFleet(Fleet):
    """A fleet whose clock is driven from outside (``external``) or by its records."""

    def __init__(self, rules: RuleSet, external: bool) -> None:
        super().__init__(rules)
        self.external = external
        if external:
            self.next_advance_ns = NEVER

    def drive(self, now_ns: int) -> FleetOutput:
        """Advance every node to ``now_ns`` (an advance point of the producer's clock)."""
        out = self.advance(now_ns)
        if self.external:
            self.next_advance_ns = NEVER
        return out
