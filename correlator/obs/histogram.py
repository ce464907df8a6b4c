"""A cumulative histogram with fixed bounds (pure, O(1) per observation).

>>> h = Histogram((0.005, 0.01))
>>> h.observe(0.007); h.observe(1.0)
>>> h.buckets()
[('0.005', 0), ('0.01', 1), ('+Inf', 2)]
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field


@dataclass(slots=True)
class Histogram:
    bounds: tuple[float, ...]
    counts: list[int] = field(default_factory=list)
    total: float = 0.0

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * (len(self.bounds) + 1)

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1
        self.total += value

    @property
    def count(self) -> int:
        return sum(self.counts)

    def buckets(self) -> list[tuple[str, int]]:
        """Cumulative ``(le, count)`` pairs as Prometheus exposes them, ``+Inf`` last."""
        out: list[tuple[str, int]] = []
        acc = 0
        for bound, n in zip(self.bounds, self.counts, strict=False):
            acc += n
            out.append((_le(bound), acc))
        out.append(("+Inf", acc + self.counts[-1]))
        return out


def _le(bound: float) -> str:
    return repr(float(bound))
