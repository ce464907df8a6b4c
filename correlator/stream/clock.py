"""Fleet time in a partitioned deployment.

The embedded engine has one fleet clock: the newest event time seen, less the allowed
lateness, and every node is advanced to it each time it crosses a tick. A worker that holds
one partition sees only its own nodes' records, so on its own its clock would lag the
fleet's, and a partition whose nodes all fell silent would never see time pass at all. In a
replay the producer knows the fleet clock, so it sends the advance points in-band
(:class:`AdvancePoints` computes them exactly as :class:`~correlator.core.fleet.Fleet` does) and
the worker's :class:`ClockedFleet` follows them instead of its own records.

>>> pts = AdvancePoints(lateness_ns=3, tick_ns=10)
>>> [pts.after(ts) for ts in (5, 4, 12, 14, 23)]
[2, None, 9, 11, 20]
"""

from __future__ import annotations

from correlator.config.model import RuleSet
from correlator.core.features import NS, Windows
from correlator.core.fleet import Fleet, FleetOutput

NEVER = 1 << 62


def lateness_ns(rules: RuleSet) -> int:
    return int(rules.alignment.allowed_lateness_s * NS)


def tick_ns(rules: RuleSet) -> int:
    return Windows.from_rules(rules).tick_ns


class AdvancePoints:
    """Where the embedded fleet advances its nodes: mirrors ``Fleet.process``."""

    def __init__(self, lateness_ns: int, tick_ns: int) -> None:
        self.lateness_ns = lateness_ns
        self.tick_ns = tick_ns
        self.max_ns = 0
        self.next_ns = -1

    def after(self, ts_ns: int) -> int | None:
        """The fleet time to advance to right after a record stamped ``ts_ns``, if any."""
        if ts_ns <= self.max_ns:
            return None
        self.max_ns = ts_ns
        if ts_ns < self.next_ns:
            return None
        now = ts_ns - self.lateness_ns
        self.next_ns = (now // self.tick_ns + 1) * self.tick_ns
        return now


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
