"""Robust trend statistics on noisy telemetry: per-minute means, Mann-Kendall, Sen's slope.

KV-cache usage swings by several points from one scrape to the next with the requests in
flight, so a least-squares slope over a few minutes flags noise. A leak is different: minute
after minute, the level is higher than before. Mann-Kendall's tau measures exactly that (the
share of later-minus-earlier pairs that rise, net of those that fall), and Sen's slope (the
median pairwise slope) sizes it without being pulled by outliers.

>>> r = mann_kendall([1.0, 2.0, 3.0, 4.0])
>>> (r.tau, r.slope)
(1.0, 1.0)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

NAN = float("nan")


@dataclass(frozen=True, slots=True)
class Monotone:
    """Trend of ``n`` evenly spaced points: tau in [-1, 1], slope per step, rise first->last."""

    n: int
    tau: float
    slope: float
    rise: float
    mean: float = NAN

    @property
    def known(self) -> bool:
        return self.n >= 3

    @property
    def relative_rise(self) -> float:
        """Sen's slope over the whole window, as a share of the window's mean level."""
        if not self.known or self.slope != self.slope or not self.mean:
            return NAN
        return self.slope * (self.n - 1) / abs(self.mean)


NONE = Monotone(0, 0.0, NAN, NAN, NAN)


def bucket_means(values: list[float], per: int) -> list[float]:
    """Means of consecutive groups of ``per`` values, aligned to the newest; NaN-aware."""
    out: list[float] = []
    end = len(values)
    while end >= per:
        chunk = values[end - per : end]
        total = sum(chunk)
        if total != total:  # a NaN among them (or infinities of both signs): skip the gaps
            chunk = [v for v in chunk if v == v]
            total = sum(chunk)
        out.append(total / len(chunk) if chunk else NAN)
        end -= per
    out.reverse()
    return out


def bucket_floors(values: list[float], per: int) -> list[float]:
    """Minima of consecutive groups of ``per`` values, aligned to the newest; NaN-aware (NaN
    for a group with no value). A saw-tooth's floor: what the signal falls back to."""
    out: list[float] = []
    end = len(values)
    while end >= per:
        present = [v for v in values[end - per : end] if v == v]
        out.append(min(present) if present else NAN)
        end -= per
    out.reverse()
    return out


def mann_kendall(points: list[float]) -> Monotone:
    """Mann-Kendall tau and Sen's slope over the present (non-NaN) points."""
    if all(v - v == 0.0 for v in points):  # every point present and finite: evenly spaced
        vs = points
        n = len(vs)
        if n < 3:
            return Monotone(n, 0.0, NAN, NAN, NAN)
        slopes = [(vs[b] - vs[a]) / k for a, b, k in _pairs(n)]
        slopes.sort()
        first, last = vs[0], vs[-1]
        mean = sum(vs) / n
    else:
        xs = [(i, v) for i, v in enumerate(points) if v == v]
        n = len(xs)
        if n < 3:
            return Monotone(n, 0.0, NAN, NAN, NAN)
        slopes = []
        for a in range(n - 1):
            ia, va = xs[a]
            slopes += [(vb - va) / (ib - ia) for ib, vb in xs[a + 1 :]]
        if any(v != v for v in slopes):  # infinities: the pairs' signs, counted one by one
            return _mann_kendall_pairs(xs)
        slopes.sort()
        first, last = xs[0][1], xs[-1][1]
        mean = sum(v for _, v in xs) / n
    # The slopes are sorted: the pairs that rise and fall are counted by bisection.
    m = len(slopes)
    s = (m - bisect_right(slopes, 0.0)) - bisect_left(slopes, 0.0)
    sen = slopes[m // 2] if m % 2 else 0.5 * (slopes[m // 2 - 1] + slopes[m // 2])
    return Monotone(n, s / m, sen, last - first, mean)


_PAIRS: dict[int, list[tuple[int, int, int]]] = {}


def _pairs(n: int) -> list[tuple[int, int, int]]:
    """Every (earlier, later, distance) index pair of ``n`` points, in the pairwise order;
    kept for the few window lengths the engine uses."""
    got = _PAIRS.get(n)
    if got is None:
        got = [(a, b, b - a) for a in range(n - 1) for b in range(a + 1, n)]
        if n <= 128:
            _PAIRS[n] = got
    return got


def _mann_kendall_pairs(xs: list[tuple[int, float]]) -> Monotone:
    """The pairwise definition, for series holding infinities (inf - inf has no sign)."""
    n = len(xs)
    s = 0
    slopes = []
    for a in range(n - 1):
        ia, va = xs[a]
        for b in range(a + 1, n):
            ib, vb = xs[b]
            d = vb - va
            s += (d > 0) - (d < 0)
            slopes.append(d / (ib - ia))
    slopes.sort()
    m = len(slopes)
    sen = slopes[m // 2] if m % 2 else 0.5 * (slopes[m // 2 - 1] + slopes[m // 2])
    return Monotone(n, s / m, sen, xs[-1][1] - xs[0][1], sum(v for _, v in xs) / n)
