"""Cumulative counters turned into per-tick increases, with restart detection.

Prometheus counters only go up; a drop means the process restarted and the new raw value
is the increase since the restart.
"""

from __future__ import annotations

from correlator.core.series import Series


class Counter:
    """One cumulative counter: per-tick increases go into ``per_tick``."""

    __slots__ = ("last_raw", "pending", "per_tick", "resets", "seen")

    def __init__(self, capacity: int) -> None:
        self.last_raw = -1.0
        self.pending = 0.0
        self.resets = 0
        self.seen = False
        self.per_tick = Series(capacity)

    def observe(self, raw: float) -> bool:
        """Account one raw reading; True when it reveals a restart. A negative reading is no
        counter's (they count from zero up): it is left out."""
        if raw < 0:
            return False
        self.seen = True
        if self.last_raw < 0:
            self.last_raw = raw
            return False
        restarted = raw < self.last_raw
        self.pending += raw if restarted else raw - self.last_raw
        self.last_raw = raw
        if restarted:
            self.resets += 1
        return restarted

    def close_tick(self, tick_end_ns: int) -> None:
        self.per_tick.observe(tick_end_ns, self.pending)
        self.per_tick.close_tick(tick_end_ns, 0)
        self.pending = 0.0

    def total(self, ticks: int) -> float:
        """Sum of the increases over the last ``ticks`` ticks."""
        return sum(v for v in self.per_tick.tail(ticks) if v == v)


class EventCount:
    """Per-tick count of events (for events that carry no cumulative counter)."""

    __slots__ = ("pending", "per_tick", "seen")

    def __init__(self, capacity: int) -> None:
        self.pending = 0.0
        self.seen = False
        self.per_tick = Series(capacity)

    def add(self, n: float = 1.0) -> None:
        self.seen = True
        self.pending += n

    def close_tick(self, tick_end_ns: int) -> None:
        self.per_tick.observe(tick_end_ns, self.pending)
        self.per_tick.close_tick(tick_end_ns, 0)
        self.pending = 0.0

    def total(self, ticks: int) -> float:
        return sum(v for v in self.per_tick.tail(ticks) if v == v)
