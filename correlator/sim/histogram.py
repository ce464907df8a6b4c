"""Prometheus histograms: cumulative buckets, and ``histogram_quantile`` over a window.

>>> h = Histogram((0.1, 1.0)); h.observe(0.05); h.observe(0.5); h.observe(0.7)
>>> round(quantile(0.5, h.snapshot(), (0,) * 3, h.bounds), 3)
0.325
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

TTFT_BUCKETS = (0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0,
                2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0)  # fmt: skip
E2E_BUCKETS = (0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0,
               60.0, 120.0, 240.0, 480.0, 960.0, 1920.0, 7680.0)  # fmt: skip
ITL_BUCKETS = (0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5,
               5.0, 7.5, 10.0, 20.0, 40.0, 80.0)  # fmt: skip
GATEWAY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.8, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)


class Histogram:
    """Per-bucket counts (non-cumulative inside, cumulative when read), sum and count."""

    __slots__ = ("bounds", "count", "counts", "sum")

    def __init__(self, bounds: Sequence[float]) -> None:
        self.bounds = tuple(bounds)
        self.counts = [0.0] * (len(self.bounds) + 1)
        self.sum = 0.0
        self.count = 0.0

    def observe(self, value: float, weight: float = 1.0) -> None:
        self.counts[bisect_left(self.bounds, value)] += weight
        self.sum += value * weight
        self.count += weight

    def snapshot(self) -> tuple[float, ...]:
        """Cumulative bucket counts, the last one being ``+Inf``."""
        total = 0.0
        out = []
        for c in self.counts:
            total += c
            out.append(total)
        return tuple(out)

    def reset(self) -> None:
        self.counts = [0.0] * (len(self.bounds) + 1)
        self.sum = 0.0
        self.count = 0.0


def quantile(
    q: float, now: Sequence[float], before: Sequence[float], bounds: Sequence[float]
) -> float | None:
    """``histogram_quantile(q, increase(...))`` between two cumulative snapshots; None if
    nothing was observed (or the counters were reset in between)."""
    inc = [a - b for a, b in zip(now, before, strict=True)]
    total = inc[-1]
    if total <= 0 or min(inc) < 0:
        return None
    rank = q * total
    prev_count, prev_bound = 0.0, 0.0
    for i, bound in enumerate(bounds):
        if inc[i] >= rank:
            width = inc[i] - prev_count
            frac = (rank - prev_count) / width if width > 0 else 1.0
            return prev_bound + (bound - prev_bound) * frac
        prev_count, prev_bound = inc[i], bound
    return bounds[-1]
