"""Ten-minute blocks of an engine's minute means: an hour and more of its pool, for leaks too
slow for any window the minute rings hold (0.5 pp/min under a busy saw-tooth: outsiders s38,
s95).

Each block keeps the lowest minute mean of KV usage (the saw-tooth's floor: large documents
and bursts lift its peaks, blocks nobody releases its floor), and the demand, requests running,
prefix-cache hits and queries summed over its minutes. Fixed memory: ``BLOCKS_KEPT`` blocks.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import NamedTuple

from correlator.core.series import Series

NAN = math.nan
BLOCK_MINUTES = 10
BLOCKS_KEPT = 8


class Blocks:
    """The engine's last ``BLOCKS_KEPT`` ten-minute blocks (a block with fewer than half its
    minutes known is NaN throughout)."""

    __slots__ = ("_acc", "_hour", "_known", "_minutes", "demand", "floor", "hits", "queries", "running")

    def __init__(self) -> None:
        self.floor = Series(BLOCKS_KEPT)
        self.demand = Series(BLOCKS_KEPT)
        self.running = Series(BLOCKS_KEPT)
        self.hits = Series(BLOCKS_KEPT)
        self.queries = Series(BLOCKS_KEPT)
        self._hour: tuple[int, HourFloor] | None = None
        self._reset()

    def _reset(self) -> None:
        self._acc = [math.inf, 0.0, 0.0, 0.0, 0.0]
        self._known = [0, 0, 0, 0, 0]
        self._minutes = 0

    def add_minute(self, kv: float, demand: float, running: float, hits: float, queries: float) -> None:
        acc, known = self._acc, self._known
        if kv == kv:
            acc[0] = min(acc[0], kv)
            known[0] += 1
        for i, v in enumerate((demand, running, hits, queries), start=1):
            if v == v:
                acc[i] += v
                known[i] += 1
        self._minutes += 1
        if self._minutes < BLOCK_MINUTES:
            return
        half = BLOCK_MINUTES // 2
        whole = known[0] >= half
        self.floor.push(acc[0] if whole else NAN)
        for i, series in enumerate((self.demand, self.running, self.hits, self.queries), start=1):
            # a sum over the block's minutes, its unknown minutes filled at the known ones' mean
            series.push(acc[i] / known[i] * BLOCK_MINUTES if whole and known[i] >= half else NAN)
        self._hour = None
        self._reset()

    def hour(self, n: int) -> HourFloor:
        """:func:`hour_floor` over the last ``n`` blocks, computed once per block (the screen
        and the features ask every tick; the blocks change every ten minutes)."""
        if self._hour is None or self._hour[0] != n:
            self._hour = (n, hour_floor(self, n))
        return self._hour[1]


class HourFloor(NamedTuple):
    """The engine's last ``n`` blocks (:func:`hour_floor`): how its floor climbed, and what
    the load and the prefix cache did meanwhile."""

    rise: float
    """Last block's floor minus the first's, points."""
    rising: int
    """Block pairs whose floor rose."""
    below_top: float
    """Highest floor of the blocks minus the last one's (0: the last is the highest)."""
    demand: float
    running: float
    """Demand and requests running over the last two blocks against the first two."""
    hits: float
    """Prefix-cache hit share over the last two blocks against the first two (NaN where the
    engine exports no prefix-cache counters)."""


NO_HOUR = HourFloor(NAN, 0, NAN, NAN, NAN, NAN)


def hour_floor(b: Blocks, n: int) -> HourFloor:
    """The last ``n`` blocks, all known; :data:`NO_HOUR` until then."""
    floors = b.floor.tail(n)
    if len(floors) < n or any(v != v for v in floors):
        return NO_HOUR
    rising = sum(1 for a, z in pairwise(floors) if z > a)

    def ends(values: list[float]) -> float:
        first, last = values[0] + values[1], values[-2] + values[-1]
        return last / first if first > 0 and last == last else NAN

    hits, queries = b.hits.tail(n), b.queries.tail(n)
    share = [h / q if q > 0 else NAN for h, q in zip(hits, queries, strict=True)]
    return HourFloor(floors[-1] - floors[0], rising, max(floors) - floors[-1],
                     ends(b.demand.tail(n)), ends(b.running.tail(n)), ends(share))
